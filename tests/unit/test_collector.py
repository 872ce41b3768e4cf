"""The server process's garbage-collector settings (marketplace.runtime.settle_collector)."""

from __future__ import annotations

import gc

from marketplace import runtime


def test_what_the_process_built_is_frozen_and_the_youngest_generation_is_larger():
    before = gc.get_threshold()
    built_at_start = {"kept": ["for as long as the process"]}
    try:
        runtime.settle_collector()
        assert gc.get_freeze_count() > 0
        assert not any(found is built_at_start for found in gc.get_objects())  # out of the collector's sight
        assert gc.get_threshold() == (runtime.YOUNGEST_GENERATION_THRESHOLD, before[1], before[2])
        assert before[0] < runtime.YOUNGEST_GENERATION_THRESHOLD
        made_later = [["a tab's state"]]
        assert any(found is made_later for found in gc.get_objects())  # new objects are collected as before
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
