"""Idle CPU of the disk state manager with the state files of 1,000 tabs (issue 14, "idle cost").

Fills a scratch states folder with ``--files`` state files (14,000 by default: about 14 state classes for each of
1,000 tabs), starts the state manager's write loop with nothing to write, as on a server nobody is using, and
reports the CPU the process spends per second of wall time (threads included), for Reflex's own
``StateManagerDisk`` and for :class:`marketplace.state_manager.QuietDiskStateManager`.

    .venv/bin/python -m bench.state_manager_idle [--files 14000] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from pathlib import Path

from reflex.istate.manager.disk import StateManagerDisk

from marketplace.state_manager import QuietDiskStateManager


def _fill(folder: Path, count: int) -> None:
    payload = b"\x80\x04" + b"x" * 400
    for n in range(count):
        (folder / f"{n:032x}.pkl").write_bytes(payload)


async def _idle_cpu(manager: StateManagerDisk, seconds: float) -> float:
    """CPU seconds per wall second while the write loop runs with nothing to do."""
    task = asyncio.create_task(manager._process_write_queue())
    await asyncio.sleep(0.5)  # past the first pass (the one-time look at every file is not idle cost)
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    used = (time.process_time() - cpu) / (time.perf_counter() - wall)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return used


def _manager(kind: type[StateManagerDisk], folder: Path) -> StateManagerDisk:
    manager = kind.__new__(kind)
    manager.__dict__["states_directory"] = folder  # the cached property, pointed at the scratch folder
    manager.__init__()  # type: ignore[misc]  # __post_init__ now sees the scratch folder
    return manager


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=14_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="states-") as scratch:
        folder = Path(scratch)
        _fill(folder, args.files)
        print(f"{args.files} state files, write loop idle for {args.seconds:.0f} s, debounce 2 s")
        for kind in (StateManagerDisk, QuietDiskStateManager):
            used = asyncio.run(_idle_cpu(_manager(kind, folder), args.seconds))
            print(f"  {kind.__name__:<24} {used * 100:6.2f} % of a core")


if __name__ == "__main__":
    main()
