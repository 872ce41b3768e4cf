"""Blocking work run through in_session_thread leaves the event loop free for everybody else's events."""

from __future__ import annotations

import asyncio
import threading

from marketplace.db import engine


def test_blocking_work_runs_off_the_loop_while_other_events_go_on():
    release = threading.Event()

    def slow_work(session):
        assert session.is_active
        release.wait(timeout=5)  # a password hash, a login slow-down, an SMTP send
        return threading.get_ident()

    async def scenario():
        work = asyncio.create_task(engine.in_session_thread(slow_work))
        ticks = 0
        for _ in range(5):  # another user's events keep being handled meanwhile
            await asyncio.sleep(0.01)
            ticks += 1
        finished_early = work.done()
        release.set()
        return ticks, finished_early, await work

    ticks, finished_early, worker_thread = asyncio.run(scenario())
    assert ticks == 5 and not finished_early and worker_thread != threading.get_ident()
