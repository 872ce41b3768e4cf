"""Running the same work on several threads at once (races between requests, webhooks and workers)."""

from __future__ import annotations

import threading
from collections.abc import Callable


def run_at_once(work: Callable[[int], None], count: int, timeout: float = 30) -> list[Exception]:
    """Run ``work(0)`` ... ``work(count - 1)``, each on its own thread, and wait; what they raised (none: [])."""
    errors: list[Exception] = []

    def run(n: int) -> None:
        try:
            work(n)
        except Exception as exc:  # noqa: BLE001 - handed to the test, which asserts on it
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return errors
