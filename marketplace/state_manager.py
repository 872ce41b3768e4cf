"""Reflex's state managers, mended where Reflex 0.10.1 costs us: the disk manager's expiry scans, and a Redis lock
that a cancelled event leaves held.

**Disk** (the default without Redis):

Reflex 0.10.1's :class:`~reflex.istate.manager.disk.StateManagerDisk` runs a write loop that wakes every debounce
period (``REFLEX_STATE_MANAGER_DISK_DEBOUNCE``, 2 s) for as long as the process lives, and each pass ends with
``_purge_expired_states``: a listing of the states folder and a ``stat`` of every file in it, to delete those
untouched for the token's lifetime (an hour). One file per state class per tab: a thousand tabs seen in the last
hour leave some 14,000 files, so an idle server stats 7,000 files a second, about a tenth of a core.

Files only expire after an hour, so looking for them every few minutes deletes each at most that much later;
:class:`QuietDiskStateManager` does exactly that (and the first look happens on the write loop's thread, not while
the app starts).

A new tab costs the disk manager a ``stat`` per state class (about fifty) to look for files it cannot have, and every
state written a ``stat`` of the folder first: together a sixth of the worker's CPU when fifty tabs open a page at
once (py-spy). The manager is its folder's only writer (one worker; more need Redis), so it knows which files exist:
those its first look found, plus those it wrote since, minus those it deleted. A tab whose files are not among them
is made fresh without asking the disk.

Knowing that, it also skips a file that would change nothing: a state with no file that holds only its defaults.
A page's first hydrate caches every computed var of every state, which marks each state touched; a new tab wrote a
dozen such states (its cart, its checkout, ...) that a restart makes again from their classes anyway (issue 14:
about a quarter of the server's CPU for fifty tabs opening /categories).

**Redis** (``REDIS_URL``): every event takes its tab's lock, a Redis key set with ``SET NX PX``. When a tab goes
away, Reflex cancels its page-load events; one cancelled after Redis set the key but before the answer came back
never learns the lock is its own and never gives it back, so the same tab's next page (a reload, a link opened in
it) waits the lock's whole expiry (10 s) before anything answers. :class:`CancelSafeRedisStateManager` lets that
answer arrive and gives such a lock back at once.

With ``REDIS_STATE_LEASES`` (on by default) it also keeps a tab's lock and state between events (Reflex's
opportunistic lock): another process that wants them adds itself to the lock's waiters, and Redis's keyspace
notification of that tells the holder to write the state and let go. Reflex 0.10.1 handles that notification inside
its one listener of lock notifications, and first waits for the state to be free. An event that holds a tab's state
while it waits for another lock (a chat room's, a bell's) then stops the listener: the release it waits for is never
heard, and both processes wait the lock's whole expiry (10 s), after which the other process may take the lock
before the held state is written (a chat message that never reached the other person's open chat, in the browser
tests). :meth:`CancelSafeRedisStateManager._handle_lock_contention` lets go in a task of its own, so the listener
goes on hearing releases.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import os
import time
from hashlib import md5
from pathlib import Path
from typing import Any

import reflex as rx
from redis.exceptions import RedisError
from reflex.istate.manager.disk import StateManagerDisk
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken, StateToken
from reflex.state import BaseState
from reflex.utils import path_ops
from reflex.utils.misc import run_in_thread

from marketplace.background import in_background
from marketplace.settings import settings

log = logging.getLogger(__name__)

# How often expired state files are looked for: a small share of the token's lifetime (1 h by default).
PURGE_EVERY_SECONDS = 300.0


@dataclasses.dataclass
class QuietDiskStateManager(StateManagerDisk):
    """Reflex's disk state manager, looking for expired state files every few minutes instead of every pass."""

    purge_every: float = PURGE_EVERY_SECONDS
    _last_purge: float = dataclasses.field(default=0.0, init=False)
    # The state files in the folder by name: what the first look found, what was written since, less what was
    # deleted. Until that look (``_listed``) every load asks the disk, as Reflex's manager does.
    _on_disk: set[str] = dataclasses.field(default_factory=set, init=False)
    _listed: bool = dataclasses.field(default=False, init=False)

    def __post_init__(self) -> None:
        """Create the states folder; the first purge runs on the write loop's first pass (off the event loop)."""
        path_ops.mkdir(self.states_directory)

    @staticmethod
    def file_name(token: StateToken) -> str:
        """The name of ``token``'s file, as Reflex's :meth:`token_path` makes it (without its path work)."""
        return f"{md5(str(token).encode(), usedforsecurity=False).hexdigest()}.pkl"

    async def load_state(self, token: StateToken) -> Any:
        """The state saved for ``token``; None, without a ``stat``, when no file of that name is in the folder."""
        if self._listed and self.file_name(token) not in self._on_disk:
            return None
        return await super().load_state(token)

    async def set_state_for_substate(self, token: StateToken, substate: Any) -> None:
        """Write ``substate`` and its substates when touched, as Reflex does, without a ``stat`` of the folder
        before each one (a folder removed meanwhile is made again)."""
        if token.get_and_reset_touched_state(substate):
            name = self.file_name(token.with_cls(type(substate)))
            pickled = None if self._would_change_nothing(name, substate) else token.serialize(substate)
            if pickled:
                path = self.states_directory / name
                await run_in_thread(lambda: self._write(path, pickled))
        if isinstance(token, BaseStateToken) and isinstance(substate, BaseState):
            for child in substate.substates.values():
                await self.set_state_for_substate(token, child)

    def _would_change_nothing(self, name: str, state: Any) -> bool:
        """Whether writing ``state`` to the file ``name`` would change nothing: no such file is there and the state
        holds only its class's defaults, so the fresh one made when no file is found is the same (see above)."""
        return self._listed and name not in self._on_disk and holds_only_defaults(state)

    def _write(self, path: Path, pickled: bytes) -> None:
        self._on_disk.add(path.name)  # first: a load meanwhile then asks the disk, never misses the file
        try:
            path.write_bytes(pickled)
        except FileNotFoundError:  # the folder was removed while the server ran
            path_ops.mkdir(self.states_directory)
            path.write_bytes(pickled)

    def _purge_expired_states(self) -> None:
        """Delete state files untouched for the token's lifetime, at most once per :attr:`purge_every`; the first
        look also learns which files are there."""
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
                        self._on_disk.discard(entry.name)
                        os.unlink(entry.path)
                    else:
                        self._on_disk.add(entry.name)
                except FileNotFoundError:  # written over or removed meanwhile
                    continue
        self._listed = True


def holds_only_defaults(state: Any) -> bool:
    """Whether every var ``state``'s own class defines (backend vars too) that it holds equals its default: what
    Reflex would pickle for it (``BaseState.__getstate__``) is then what a new instance of the class holds, apart
    from computed vars' caches and the record of what the browser was sent (so its next answer may send a value
    again)."""
    if not isinstance(state, BaseState):
        return False
    held, defaults = vars(state), _own_defaults(type(state))
    return all(held[name] == default for name, default in defaults.items() if name in held)


@functools.cache
def _own_defaults(cls: type[BaseState]) -> dict[str, Any]:
    """The defaults of the vars ``cls`` itself defines, made once (Reflex deep-copies a mutable default each time it
    gives it; these are only compared with, never handed out)."""
    return {name: field.default_value() for name, field in cls.__fields__.items() if field._owner is cls}


# Delete the lock only if it still holds this attempt's id (a lock that expired may be someone else's by now).
_GIVE_BACK_IF_OURS = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


@dataclasses.dataclass
class CancelSafeRedisStateManager(StateManagerRedis):
    """Reflex's Redis state manager, giving back a lock that its taker was cancelled while taking, and letting go
    of a kept one without stopping its listener of lock notifications."""

    # Whether a worker keeps a tab's lock and state between its events (Reflex's opportunistic lock; its own
    # REFLEX_OPLOCK_ENABLED is overridden). Set at construction, so Reflex checks the hold time against the expiry.
    _oplock_enabled: bool = dataclasses.field(default_factory=lambda: settings.redis_state_leases, init=False)

    async def _try_get_lock(self, lock_key: bytes, lock_id: bytes) -> bool | None:
        """``SET NX`` the lock; when cancelled meanwhile, still wait for Redis's answer before the cancel goes on,
        so that :meth:`_wait_lock` knows whether the key is ours to give back."""
        attempt = asyncio.ensure_future(super()._try_get_lock(lock_key, lock_id))
        try:
            return await asyncio.shield(attempt)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await attempt
            raise

    async def _wait_lock(self, lock_key: bytes, lock_id: bytes) -> None:
        """Take the lock; a taker cancelled on the way (even just after it got the lock) gives it back."""
        try:
            await super()._wait_lock(lock_key, lock_id)
        except asyncio.CancelledError:
            await asyncio.shield(self._give_back(lock_key, lock_id))
            raise

    async def _handle_lock_contention(self, message: Any) -> None:
        """Another process wants a lock this one keeps: let go of it in a task of its own (see the module
        docstring), never in the listener that must go on hearing the releases other events here wait for."""
        in_background(super()._handle_lock_contention(message), log, "Letting go of a kept tab state failed")

    async def _give_back(self, lock_key: bytes, lock_id: bytes) -> None:
        with contextlib.suppress(RedisError):  # unreachable Redis: the lock expires on its own, as before
            if await self.redis.eval(_GIVE_BACK_IF_OURS, 1, lock_key, lock_id):  # type: ignore[misc]
                self._notify_next_waiter(lock_key)


def use_our_state_manager(app: rx.App) -> None:
    """Swap the app's state manager for the mended one of its kind (disk or Redis); memory mode is left alone.

    Called once, right after the app is made and before it serves: nothing has been loaded or queued yet.
    """
    current = app._state_manager
    if type(current) is StateManagerDisk:
        app._state_manager = QuietDiskStateManager(token_expiration=current.token_expiration)
    elif type(current) is StateManagerRedis:
        app._state_manager = CancelSafeRedisStateManager(
            redis=current.redis,
            token_expiration=current.token_expiration,
            lock_expiration=current.lock_expiration,
            lock_warning_threshold=current.lock_warning_threshold,
            oplock_hold_time_ms=current.oplock_hold_time_ms,
        )
