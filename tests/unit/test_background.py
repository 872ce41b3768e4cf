"""Work nobody waits for (marketplace/background.py): it runs to its end, and a failure is logged, not raised."""

from __future__ import annotations

import asyncio
import logging

from marketplace import background
from marketplace.background import in_background

log = logging.getLogger("tests.background")


def test_background_work_runs_to_its_end_and_is_held_until_then():
    done: list[str] = []

    async def work() -> None:
        await asyncio.sleep(0.01)
        done.append("done")

    async def scenario() -> int:
        in_background(work(), log, "never logged")
        held = len(background._RUNNING)
        await asyncio.sleep(0.05)
        return held

    assert asyncio.run(scenario()) == 1
    assert done == ["done"]
    assert not background._RUNNING  # let go once finished


def test_a_failure_is_logged_with_its_arguments_and_not_raised(caplog):
    async def broken() -> None:
        raise RuntimeError("redis went away")

    async def scenario() -> None:
        in_background(broken(), log, "Refreshing the bell of user %s failed", 7)
        await asyncio.sleep(0.01)

    with caplog.at_level(logging.WARNING, logger="tests.background"):
        asyncio.run(scenario())
    (record,) = [r for r in caplog.records if r.name == "tests.background"]
    assert record.getMessage() == "Refreshing the bell of user 7 failed"
    assert record.exc_info is not None and "redis went away" in str(record.exc_info[1])
