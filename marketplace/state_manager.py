"""A disk state manager whose expiry does not scan every state file after each write pass.

Reflex 0.10.1's :class:`~reflex.istate.manager.disk.StateManagerDisk` runs a write loop that wakes every debounce
period (``REFLEX_STATE_MANAGER_DISK_DEBOUNCE``, 2 s) for as long as the process lives, and each pass ends with
``_purge_expired_states``: a listing of the states folder and a ``stat`` of every file in it, to delete those
untouched for the token's lifetime (an hour). One file per state class per tab: a thousand tabs seen in the last
hour leave some 14,000 files, so an idle server stats 7,000 files a second, about a tenth of a core.

Files only expire after an hour, so looking for them every few minutes deletes each at most that much later;
:class:`QuietDiskStateManager` does exactly that (and the first look happens on the write loop's thread, not while
the app starts). Redis (``REDIS_URL``) and memory modes are left as Reflex makes them.
"""

from __future__ import annotations

import dataclasses
import os
import time

import reflex as rx
from reflex.istate.manager.disk import StateManagerDisk
from reflex.utils import path_ops

# How often expired state files are looked for: a small share of the token's lifetime (1 h by default).
PURGE_EVERY_SECONDS = 300.0


@dataclasses.dataclass
class QuietDiskStateManager(StateManagerDisk):
    """Reflex's disk state manager, looking for expired state files every few minutes instead of every pass."""

    purge_every: float = PURGE_EVERY_SECONDS
    _last_purge: float = dataclasses.field(default=0.0, init=False)

    def __post_init__(self) -> None:
        """Create the states folder; the first purge runs on the write loop's first pass (off the event loop)."""
        path_ops.mkdir(self.states_directory)

    def _purge_expired_states(self) -> None:
        """Delete state files untouched for the token's lifetime, at most once per :attr:`purge_every`."""
        now = time.time()
        if now - self._last_purge < self.purge_every:
            return
        self._last_purge = now
        try:
            entries = os.scandir(self.states_directory)
        except FileNotFoundError:
            return
        with entries:
            for entry in entries:
                if not entry.name.endswith(".pkl"):
                    continue
                try:
                    if now - entry.stat().st_mtime > self.token_expiration:
                        os.unlink(entry.path)
                except FileNotFoundError:  # written over or removed meanwhile
                    continue


def use_quiet_disk_state_manager(app: rx.App) -> None:
    """Swap the app's disk state manager (the default without Redis) for :class:`QuietDiskStateManager`.

    Called once, right after the app is made and before it serves: nothing has been loaded or queued yet.
    """
    current = app._state_manager
    if type(current) is StateManagerDisk:
        app._state_manager = QuietDiskStateManager(token_expiration=current.token_expiration)
