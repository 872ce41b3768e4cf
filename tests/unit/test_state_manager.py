"""Reflex's state managers as the app mends them (marketplace/state_manager.py): the disk manager does not look at
every state file on each write pass, and the Redis manager gives back a lock whose taker was cancelled."""

from __future__ import annotations

import asyncio
import os
import time
import uuid

import pytest
import redis
import redis.asyncio
from reflex.istate.manager.disk import StateManagerDisk
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State

from marketplace.settings import settings
from marketplace.state_manager import (
    CancelSafeRedisStateManager,
    QuietDiskStateManager,
    holds_only_defaults,
    use_our_state_manager,
)
from marketplace.states.cart import CartState
from marketplace.states.checkout import CheckoutState
from marketplace.states.listing import ListingState

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
LOCK_MS = 1500  # the locks' expiry in these tests: what a leaked lock costs the next taker
HOLD_MS = LOCK_MS // 2  # how long a kept state is held (Reflex's default: half the expiry; it must be below it)


# --- the disk state manager -------------------------------------------------------------------------------------------


def _manager(kind, folder):
    manager = kind.__new__(kind)
    manager.__dict__["states_directory"] = folder
    manager.__init__(token_expiration=3600)
    return manager


def test_expired_state_files_are_purged_every_few_minutes_not_every_pass(tmp_path, monkeypatch):
    old, fresh = tmp_path / "old.pkl", tmp_path / "fresh.pkl"
    for path in (old, fresh):
        path.write_bytes(b"state")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    manager = _manager(QuietDiskStateManager, tmp_path)
    assert old.exists()  # nothing scanned while the app starts

    looked: list[str] = []
    real_scandir = os.scandir
    monkeypatch.setattr(os, "scandir", lambda folder: looked.append(str(folder)) or real_scandir(folder))
    manager._purge_expired_states()
    assert not old.exists() and fresh.exists() and len(looked) == 1
    for _ in range(100):  # the write loop's passes, every 2 s
        manager._purge_expired_states()
    assert len(looked) == 1
    manager._last_purge -= manager.purge_every
    manager._purge_expired_states()
    assert len(looked) == 2


def test_reflex_managers_are_swapped_and_others_are_left_alone(tmp_path, monkeypatch):
    class App:
        _state_manager = _manager(StateManagerDisk, tmp_path)

    use_our_state_manager(App)
    assert type(App._state_manager) is QuietDiskStateManager
    assert App._state_manager.token_expiration == 3600

    client = redis.asyncio.Redis.from_url(REDIS_URL)
    App._state_manager = StateManagerRedis(
        redis=client,
        token_expiration=600,
        lock_expiration=LOCK_MS,
        lock_warning_threshold=500,
        oplock_hold_time_ms=HOLD_MS,
    )
    use_our_state_manager(App)
    swapped = App._state_manager
    assert type(swapped) is CancelSafeRedisStateManager and swapped.redis is client
    kept = (
        swapped.token_expiration,
        swapped.lock_expiration,
        swapped.lock_warning_threshold,
        swapped.oplock_hold_time_ms,
    )
    assert kept == (600, LOCK_MS, 500, HOLD_MS)
    assert swapped._oplock_enabled  # REDIS_STATE_LEASES is on by default
    monkeypatch.setattr(settings, "redis_state_leases", False)
    App._state_manager = StateManagerRedis(
        redis=client, token_expiration=600, lock_expiration=LOCK_MS, oplock_hold_time_ms=HOLD_MS
    )
    use_our_state_manager(App)
    assert type(App._state_manager) is CancelSafeRedisStateManager and not App._state_manager._oplock_enabled

    other = object()
    App._state_manager = other
    use_our_state_manager(App)
    assert App._state_manager is other


def test_the_quiet_manager_still_writes_and_reads_states(tmp_path):
    """A smoke test of the write loop: the subclass changes only when expired files are looked for."""
    manager = _manager(QuietDiskStateManager, tmp_path)

    async def one_pass() -> None:
        task = asyncio.create_task(manager._process_write_queue())
        await asyncio.sleep(0.05)
        task.cancel()

    asyncio.run(one_pass())
    assert manager._last_purge > 0


def test_a_new_tab_is_made_without_asking_the_disk_and_a_saved_tab_is_read_back_after_a_restart(tmp_path, monkeypatch):
    before = _manager(QuietDiskStateManager, tmp_path)
    saved = BaseStateToken(ident=str(uuid.uuid4()), cls=State)

    async def save() -> None:
        state = await before.get_state(saved)
        state.is_hydrated = True
        await before.set_state_for_substate(saved, state)

    asyncio.run(save())
    # The files are where Reflex's own manager would look for them.
    assert (tmp_path / QuietDiskStateManager.file_name(saved)) == before.token_path(saved)
    assert before.token_path(saved).exists()

    after = _manager(QuietDiskStateManager, tmp_path)  # a restart
    asked: list[str] = []
    real_load = StateManagerDisk.load_state

    async def counted(self, token):
        asked.append(str(token))
        return await real_load(self, token)

    monkeypatch.setattr(StateManagerDisk, "load_state", counted)
    fresh = BaseStateToken(ident=str(uuid.uuid4()), cls=State)
    asyncio.run(after.get_state(fresh))
    assert asked, "until the first look at the folder, the disk is asked, as Reflex's manager does"

    after._purge_expired_states()  # the write loop's first pass looks at the folder
    asked.clear()
    newer = BaseStateToken(ident=str(uuid.uuid4()), cls=State)
    asyncio.run(after.get_state(newer))
    assert asked == []  # a new tab: about fifty states, no stat
    assert asyncio.run(after.get_state(saved)).is_hydrated is True  # the saved tab is read back
    assert str(saved) in asked


def test_a_state_touched_only_by_computed_vars_is_not_written_and_comes_back_the_same(tmp_path):
    # A page's first hydrate computes every state's computed vars, and Reflex marks each such state touched: a new
    # visitor's cart and checkout were written to disk though they held nothing but their defaults.
    manager = _manager(QuietDiskStateManager, tmp_path)
    manager._purge_expired_states()  # the write loop's first look: the manager knows the folder
    token = BaseStateToken(ident=str(uuid.uuid4()), cls=State)

    async def first_hydrate() -> None:
        root = await manager.get_state(token)
        checkout, listing = await root.get_state(CheckoutState), await root.get_state(ListingState)
        assert checkout.in_nigeria and listing.price_label  # cached: touched
        listing.title = "Design Courses"
        root.is_hydrated = True
        await manager.set_state_for_substate(token, root)

    asyncio.run(first_hydrate())

    def path(cls):
        return manager.token_path(token.with_cls(cls))

    assert path(State).exists() and path(ListingState).exists()
    assert not path(CheckoutState).exists() and not path(CartState).exists()

    after = _manager(QuietDiskStateManager, tmp_path)  # a restart
    root = asyncio.run(after.get_state(token))
    assert root.is_hydrated is True
    checkout, listing = asyncio.run(root.get_state(CheckoutState)), asyncio.run(root.get_state(ListingState))
    assert listing.title == "Design Courses" and listing.price_label == "Up to NGN0"
    assert (checkout.country, checkout.in_nigeria, checkout._poll) == ("Nigeria", True, 0)


def _checkout_after_a_restart(folder, token) -> CheckoutState:
    async def read() -> CheckoutState:
        root = await _manager(QuietDiskStateManager, folder).get_state(token)
        return await root.get_state(CheckoutState)

    return asyncio.run(read())


@pytest.mark.parametrize(("name", "value"), [("country", "Ghana"), ("_poll", 3)], ids=["var", "backend var"])
def test_a_changed_state_is_written_and_so_is_one_put_back_to_its_defaults_over_a_file(tmp_path, name, value):
    manager = _manager(QuietDiskStateManager, tmp_path)
    manager._purge_expired_states()
    token = BaseStateToken(ident=str(uuid.uuid4()), cls=State)
    file = manager.token_path(token.with_cls(CheckoutState))

    async def save(new) -> None:
        root = await manager.get_state(token)
        setattr(await root.get_state(CheckoutState), name, new)
        await manager.set_state_for_substate(token, root)

    asyncio.run(save(value))
    assert file.exists()
    assert getattr(_checkout_after_a_restart(tmp_path, token), name) == value
    default = CheckoutState.__fields__[name].default_value()
    asyncio.run(save(default))  # the defaults again, but the file holds the change: it is written over
    assert getattr(_checkout_after_a_restart(tmp_path, token), name) == default


def test_holds_only_defaults_looks_at_the_states_own_vars():
    fresh = CheckoutState(_reflex_internal_init=True)
    assert holds_only_defaults(fresh)
    assert fresh.in_nigeria and holds_only_defaults(fresh)  # a computed var's cache is not a var
    fresh.region = "Lagos"
    assert not holds_only_defaults(fresh)
    assert not holds_only_defaults(object())


def test_a_purged_file_is_forgotten_and_a_removed_folder_is_made_again(tmp_path):
    manager = _manager(QuietDiskStateManager, tmp_path)
    token = BaseStateToken(ident=str(uuid.uuid4()), cls=State)
    path = manager.token_path(token)
    path.write_bytes(b"old")
    two_hours_ago = time.time() - 7200
    os.utime(path, (two_hours_ago, two_hours_ago))
    manager._purge_expired_states()
    assert not path.exists() and QuietDiskStateManager.file_name(token) not in manager._on_disk

    for child in tmp_path.iterdir():
        child.unlink()
    tmp_path.rmdir()

    async def save() -> None:
        state = await manager.get_state(token)
        state.is_hydrated = True
        await manager.set_state_for_substate(token, state)

    asyncio.run(save())
    assert path.exists() and QuietDiskStateManager.file_name(token) in manager._on_disk


# --- the Redis state manager ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=False)
def redis_up():
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as error:  # Redis runs on every machine (README): a missing one is a failure
        pytest.fail(f"Redis at {REDIS_URL} is needed for this test ({error}); start it (redis-server --daemonize yes)")
    finally:
        client.close()


def _redis_manager(kind: type[StateManagerRedis], oplock: bool = False) -> StateManagerRedis:
    manager = kind(
        redis=redis.asyncio.Redis.from_url(REDIS_URL),
        token_expiration=60,
        lock_expiration=LOCK_MS,
        lock_warning_threshold=500,
        oplock_hold_time_ms=HOLD_MS,
    )
    manager._oplock_enabled = oplock  # as REDIS_STATE_LEASES sets it in the app (on by default)
    return manager


def _answer_late(manager: StateManagerRedis, seconds: float) -> None:
    """Redis carries out each SET at once but its answer reaches the app ``seconds`` later (a busy server, a slow
    network): the window in which a cancelled taker has the lock without knowing it."""
    real_set = manager.redis.set

    async def set_then_wait(*args, **kwargs):
        answer = await real_set(*args, **kwargs)
        await asyncio.sleep(seconds)
        return answer

    manager.redis.set = set_then_wait  # type: ignore[method-assign]


async def _next_taker_waits(manager: StateManagerRedis) -> tuple[float, bool]:
    """A tab's page-load event takes the lock and is cancelled (the tab went away) while Redis's answer is on its
    way; then the same tab's next event takes the lock. How long it waited, and whether the key is gone after."""
    token = BaseStateToken(ident=uuid.uuid4().hex, cls=State)
    _answer_late(manager, 0.3)

    async def page_load() -> None:
        async with manager._lock(token, "on_load"):
            await asyncio.sleep(5)  # never reached in time: cancelled while taking the lock

    cancelled = asyncio.create_task(page_load())
    await asyncio.sleep(0.1)  # the SET is done in Redis, its answer not yet here
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    start = time.monotonic()
    async with manager._lock(token, "next"):
        waited = time.monotonic() - start
    left = await manager.redis.exists(manager._lock_key(token))
    await manager.close()
    return waited, not left


@pytest.mark.parametrize("oplock", [False, True], ids=["lock per event", "opportunistic lock"])
def test_a_lock_whose_taker_was_cancelled_is_given_back_at_once(redis_up, oplock):
    waited, released = asyncio.run(_next_taker_waits(_redis_manager(CancelSafeRedisStateManager, oplock)))
    assert waited < 0.5 * LOCK_MS / 1000  # not the lock's expiry
    assert released


def test_reflex_own_manager_keeps_such_a_lock_until_it_expires(redis_up):
    """The same steps with Reflex's manager: what the mend is for, and proof the scenario above can fail."""
    waited, released = asyncio.run(_next_taker_waits(_redis_manager(StateManagerRedis)))
    assert waited >= 0.8 * LOCK_MS / 1000
    assert released


def test_a_taker_cancelled_while_someone_else_holds_the_lock_leaves_that_lock_alone(redis_up):
    async def scenario() -> tuple[bool, bytes | None]:
        manager = _redis_manager(CancelSafeRedisStateManager)
        token = BaseStateToken(ident=uuid.uuid4().hex, cls=State)
        key = manager._lock_key(token)
        async with manager._lock(token, "holder") as holder_id:
            waiting = asyncio.create_task(manager._lock(token, "waiter").__aenter__())
            await asyncio.sleep(0.1)
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
            still = await manager.redis.get(key)
            held = still == holder_id
        after = await manager.redis.get(key)
        await manager.close()
        return held, after

    held, after = asyncio.run(scenario())
    assert held  # the waiter's give-back only deletes its own lock
    assert after is None  # and the holder still releases it as usual


def test_locks_still_serialise_a_tabs_events(redis_up):
    async def scenario() -> list[str]:
        manager = _redis_manager(CancelSafeRedisStateManager)
        token = BaseStateToken(ident=uuid.uuid4().hex, cls=State)
        order: list[str] = []

        async def event(name: str) -> None:
            async with manager._lock(token, name):
                order.append(f"{name} in")
                await asyncio.sleep(0.05)
                order.append(f"{name} out")

        await asyncio.gather(event("a"), event("b"))
        await manager.close()
        return order

    order = asyncio.run(scenario())
    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])


# --- kept states (Reflex's opportunistic lock, REDIS_STATE_LEASES) -------------------------------------------------


async def _room_wanted_while_its_keeper_waits(kind: type[StateManagerRedis]) -> tuple[float, bool]:
    """Process A keeps a chat room's state between events; in an event holding it, A waits for a bell's lock that
    process B holds. B asks for the room, then lets the bell go. How long B waits for the room, and whether it sees
    what A's event wrote there."""
    a, b = _redis_manager(kind, oplock=True), _redis_manager(kind, oplock=True)
    await a._ensure_lock_task_subscribed()
    await b._ensure_lock_task_subscribed()
    room = BaseStateToken(ident=f"room{uuid.uuid4().hex}", cls=State)
    bell = BaseStateToken(ident=f"bell{uuid.uuid4().hex}", cls=State)
    async with a.modify_state(room):  # A keeps the room from now on
        pass
    bell_held, let_bell_go = asyncio.Event(), asyncio.Event()

    async def b_rings_the_bell() -> None:
        async with b.modify_state(bell):
            bell_held.set()
            await let_bell_go.wait()

    async def a_event() -> None:
        async with a.modify_state(room) as state:
            state.is_hydrated = True
            async with a.modify_state(bell):
                pass

    async def b_wants_the_room() -> tuple[float, bool]:
        start = time.monotonic()
        async with b.modify_state(room) as state:
            return time.monotonic() - start, bool(state.is_hydrated)

    ringing = asyncio.create_task(b_rings_the_bell())
    await bell_held.wait()
    event = asyncio.create_task(a_event())
    await asyncio.sleep(0.1)  # A's event holds the room and waits for the bell
    wanting = asyncio.create_task(b_wants_the_room())
    await asyncio.sleep(0.1)  # A has heard that B wants the room
    let_bell_go.set()
    waited, seen = await wanting
    await asyncio.gather(event, ringing)
    await a.close()
    await b.close()
    return waited, seen


def test_a_kept_state_is_let_go_while_an_event_holding_it_waits_for_another_lock(redis_up):
    waited, seen = asyncio.run(_room_wanted_while_its_keeper_waits(CancelSafeRedisStateManager))
    assert waited < 0.5 * LOCK_MS / 1000  # not the lock's expiry
    assert seen  # what A's event wrote reached B


def test_reflex_own_manager_stalls_its_lock_listener_then(redis_up):
    """The same steps with Reflex's manager: A's listener waits for the room while A's event waits for a release
    only that listener would hear, so both wait out the lock's expiry (what the mend is for)."""
    waited, _ = asyncio.run(_room_wanted_while_its_keeper_waits(StateManagerRedis))
    assert waited >= 0.6 * LOCK_MS / 1000  # until a lock expired (the room's, 1.5 s after A began keeping it)
