"""A page load's state snapshot, made without what the diff against the compiled defaults would drop (issue 14).

Reflex's hydrate snapshots the tree with ``self.dict()``: it reads every var of every state, and a state's var
that was never read or written since the state was made gets its default made and stored on that first read; every
computed var is computed. A new tab's snapshot made about 290 defaults and 28 computed values only for the diff to
drop them again (2.1-5.2 ms of snapshot and diff per new tab in process, against 0.4-0.8 ms without them).
:func:`hydrate_snapshot` leaves out

* a var still untouched (not in its state's ``__dict__``) whose default is known to write exactly the compiled
  default's text (:func:`_same_every_time`, and its JSON compared once per process);
* a cached computed var whose every dependency is such a var of its own state, still untouched, or another computed
  var left out: Reflex's contract for a cached computed var is that it changes only when its dependencies do, so it
  still holds the value it has on the defaults, which this process found to write the compiled text (one declared
  with an ``initial_value``, updated on an interval or always recomputed is read).

Every other var is read as Reflex reads it; the answer is the same delta (the tests compare both). Reflex 0.10.1's
``hydrate_and_load`` takes its snapshot inline, so :func:`hydrate_and_load` is that event with this step changed
(and the browser-kept vars' reset, :func:`reset_client_storage`); a test holds Reflex's source to the version it was
taken from.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Iterator
from typing import Any

import reflex.state as reflex_state
from reflex.istate.delta import Delta, _resolve_delta
from reflex_base import constants
from reflex_base.constants.state import FIELD_MARKER
from reflex_base.event.context import EventContext
from reflex_base.registry import RegistrationContext
from reflex_base.utils import types as reflex_types
from reflex_base.vars.base import Field, _owner_state

from marketplace.hydrate_diff import diff_against_initial_state, python_defaults, use_fast_hydrate_diff


@dataclasses.dataclass(frozen=True)
class _LeftOut:
    """What a state class's snapshot may leave out: ``fields``, its vars left out while unmade, and ``computed``, its
    computed vars left out while their own vars among ``fields`` are unmade and their computed dependencies left
    out, each with those two lists, in an order that puts a computed var after those it reads."""

    fields: dict[str, Field[Any]]
    computed: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]


# Per root state class, beside Reflex's snapshot object (as hydrate_diff keeps its defaults): what each state's
# snapshot may leave out.
_left_out: dict[type, tuple[object, dict[str, _LeftOut]]] = {}


def _same_every_time(field: Field[Any]) -> bool:
    """Whether every default ``field`` makes is the same value: a plain default, or one made by a class, by a class
    given the same plain values (``functools.partial(CourseDraft, id=0, title="")``) or as a copy of a value
    (Reflex's way for a list or a dict). Any other maker might not make what it made before."""
    if field.default is not dataclasses.MISSING:
        return True
    factory = field.default_factory
    if isinstance(factory, type):
        return True
    if not isinstance(factory, functools.partial):
        return False
    return factory.func is copy.deepcopy or (
        isinstance(factory.func, type)
        and all(isinstance(value, _PLAIN) for value in (*factory.args, *factory.keywords.values()))
    )


_PLAIN = (str, int, float, bool, type(None))


def _left_out_of(state_cls: type[reflex_state.BaseState], defaults: dict[str, Any]) -> _LeftOut:
    """The plan of :class:`_LeftOut` for ``state_cls``, whose vars in ``defaults`` write the compiled text."""
    name = state_cls.get_full_name()
    fields = {
        var: field
        for var in state_cls.base_vars
        if (field := state_cls.__fields__.get(var)) is not None
        and var + FIELD_MARKER in defaults
        and _same_every_time(field)
    }
    candidates: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for var, computed in state_cls.computed_vars.items():
        deps = computed._deps(objclass=state_cls)
        if (
            computed._backend
            or not computed._cache
            or not isinstance(computed._initial_value, reflex_types.Unset)
            or computed._update_interval is not None
            or var in state_cls._always_dirty_computed_vars
            or var + FIELD_MARKER not in defaults
            or set(deps) - {name}
        ):
            continue
        own = deps.get(name, set())
        if all(dep in fields or dep in state_cls.computed_vars for dep in own):
            candidates[var] = (
                tuple(sorted(dep for dep in own if dep in fields)),
                tuple(sorted(dep for dep in own if dep not in fields)),
            )
    ordered: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    while True:  # take those whose computed dependencies are taken already, until no more can be
        ready = {var: deps for var, deps in candidates.items() if var not in ordered and set(deps[1]) <= set(ordered)}
        if not ready:
            return _LeftOut(fields, ordered)
        ordered.update(ready)


async def _left_out_vars(root_cls: type[reflex_state.BaseState], snapshot: object) -> dict[str, _LeftOut]:
    kept = _left_out.get(root_cls)
    if kept is not None and kept[0] is snapshot:
        return kept[1]
    defaults = await python_defaults(root_cls, snapshot)
    plan = {cls.get_full_name(): _left_out_of(cls, defaults.get(cls.get_full_name(), {})) for cls in _classes(root_cls)}
    _left_out[root_cls] = (snapshot, plan)
    return plan


_NOTHING_LEFT_OUT = _LeftOut({}, {})


def _classes(state_cls: type[reflex_state.BaseState]) -> Iterator[type[reflex_state.BaseState]]:
    yield state_cls
    for substate in state_cls.get_substates():
        yield from _classes(substate)


def _states(state: reflex_state.BaseState) -> Iterator[reflex_state.BaseState]:
    """The state and its substates, in the order ``BaseState.dict`` visits them."""
    yield state
    for substate in state.substates.values():
        yield from _states(substate)


def _state_vars(state: reflex_state.BaseState, left_out: _LeftOut) -> dict[str, Any]:
    """One state's part of ``BaseState.dict()``, without what ``left_out`` names while it applies."""
    state._mark_dirty_computed_vars()
    values: dict[str, Any] = {}
    unmade: set[str] = set()
    for name in state.base_vars:
        field = left_out.fields.get(name)
        if field is not None:
            owner = field._owner or type(state)
            holder = state if type(state) is owner else _owner_state(state, owner)
            if field._name not in holder.__dict__:
                unmade.add(name)
                continue
        values[name] = state.get_value(name)
    unread: set[str] = set()
    for name, (fields, computed) in left_out.computed.items():
        if unmade.issuperset(fields) and unread.issuperset(computed):
            unread.add(name)
    for name, computed_var in state.computed_vars.items():
        if not computed_var._backend and name not in unread:
            values[name] = state.get_value(name)
    return {name + FIELD_MARKER: values[name] for name in sorted(values)}


async def hydrate_snapshot(root: reflex_state.BaseState, hashes: list[str]) -> Delta:
    """What Reflex's hydrate sends for ``root`` to a frontend holding the compiled states ``hashes`` names: the
    snapshot diffed against the compiled defaults, as ``_diff_against_initial_state(type(root),
    _resolve_delta(root.dict()), hashes)`` gives it, without making what it would drop (see the module's text).

    A state whose compiled defaults the frontend does not hold (its hash), and everything when the frontend was
    compiled against other states, is read in full, as Reflex sends it then.
    """
    root_cls = type(root)
    cached = reflex_state._initial_snapshot_cache.get(root_cls)
    if (
        cached is None
        or cached.n_state_classes != len(reflex_state.all_base_state_classes)
        or len(hashes) != len(cached.hashes) + 1
        or hashes[0] != cached.names_digest
    ):
        return await diff_against_initial_state(root_cls, await _resolve_delta(root.dict()), hashes)
    left_out = await _left_out_vars(root_cls, cached)
    frontend_hashes = dict(zip(sorted(cached.hashes), hashes[1:], strict=True))
    snapshot: Delta = {}
    for state in _states(root):
        name = state.get_full_name()
        held = frontend_hashes.get(name) == cached.hashes.get(name) and name in cached.serialized
        snapshot[name] = _state_vars(state, left_out.get(name, _NOTHING_LEFT_OUT) if held else _NOTHING_LEFT_OUT)
    return await diff_against_initial_state(root_cls, await _resolve_delta(snapshot), hashes)


# Per state class (and its number of vars, should a var be added later): its vars kept in the browser (cookies and
# local storage), with their fields.
_client_storage: dict[tuple[type, int], tuple[tuple[str, Field[Any]], ...]] = {}


def reset_client_storage(root: reflex_state.BaseState) -> None:
    """Reflex's ``BaseState._reset_client_storage`` (every browser-kept var of the tree back to its default, so that
    cookies cleared in the browser are cleared here too), with each state class's browser-kept vars found once per
    process instead of by testing each of its vars on every page load (0.5 ms of a new tab for this app's four)."""
    for state in _states(root):
        cls = type(state)
        key = (cls, len(cls.base_vars))
        stored = _client_storage.get(key)
        if stored is None:
            fields = cls.get_fields()
            stored = tuple((name, fields[name]) for name in cls.base_vars if cls._is_client_storage(fields[name]))
            _client_storage[key] = stored
        for name, field in stored:
            setattr(state, name, field.default_value())


async def hydrate_and_load(
    self: reflex_state.State, vars: dict[str, Any] | None = None, hashes: list[str] | None = None
) -> list[Any] | None:
    """Reflex 0.10.1's ``State.hydrate_and_load`` (its docstring says what it does), with the snapshot taken by
    :func:`hydrate_snapshot` when the frontend sent its hashes, and the browser-kept vars reset by
    :func:`reset_client_storage`. Every other line is Reflex's, in its order."""
    reset_client_storage(self)
    applied = await reflex_state._apply_client_storage_vars(self, vars) if vars else []
    self._clean()  # type: ignore[no-untyped-call]
    # The snapshot must carry is_hydrated=False: the frontend skips writing client storage for a delta that is not
    # yet hydrated, and the reset defaults above must not be written back to the browser.
    self.is_hydrated = False
    ctx = EventContext.get()
    if ctx.emit_delta_impl is not None:
        if hashes:
            delta = await hydrate_snapshot(self, hashes)
        else:
            delta = await _resolve_delta(self.dict())
        # Include the guard and values changed while resolving the snapshot.
        for state_name, changes in (await self._get_resolved_delta()).items():
            delta.setdefault(state_name, {}).update(changes)
        await ctx.emit_delta(delta=delta)
        # Follow-up corrections must be allowed to write browser storage.
        self.dirty_vars.discard(constants.CompileVars.IS_HYDRATED)
        if applied:
            delta = await reflex_state._get_client_storage_delta(self, applied)
            await ctx.emit_delta(delta=delta)
    if not RegistrationContext.get().app.get_load_events(self.rx_router_url.path):
        self.is_hydrated = True
        return None
    # A separate superseding event, so a navigation can cancel the page's stale on_load work without cancelling
    # this snapshot.
    return [reflex_state.OnLoadInternalState.on_load_internal]


hydrate_and_load.__qualname__ = "State.hydrate_and_load"  # the name Reflex's logs and errors give the event


# Reflex's hydrate_and_load, which hydrate_and_load above copies (a test holds its source to the one copied).
_reflex_hydrate_and_load = getattr(
    reflex_state, "_reflex_hydrate_and_load", reflex_state.State.event_handlers["hydrate_and_load"].fn
)


def use_fast_hydrate() -> None:
    """Have the ``hydrate_and_load`` event run :func:`hydrate_and_load`, and Reflex's diff of a snapshot (another
    caller's) be :func:`~marketplace.hydrate_diff.diff_against_initial_state`."""
    use_fast_hydrate_diff()
    reflex_state._reflex_hydrate_and_load = _reflex_hydrate_and_load  # type: ignore[attr-defined]
    handler = reflex_state.State.event_handlers[constants.CompileVars.HYDRATE_AND_LOAD]
    object.__setattr__(handler, "fn", hydrate_and_load)  # the registered handler itself: every lookup finds it
