"""Work started on the event loop that nobody waits for (a bell's recount, a Messages list's refresh, letting go of a
kept tab state): kept alive until it is done, and its failure logged, never raised, since nobody is there to hear it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

# asyncio keeps only a weak reference to a task: one nobody holds may be collected before it finishes.
_RUNNING: set[asyncio.Task[None]] = set()


def in_background(work: Coroutine[Any, Any, Any], log: logging.Logger, failure: str, *args: object) -> None:
    """Run ``work`` on the running event loop without waiting for it; a failure is logged as ``failure % args``."""

    async def run() -> None:
        try:
            await work
        except Exception:
            log.warning(failure, *args, exc_info=True)

    task = asyncio.create_task(run())
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
