"""A page load's state snapshot, diffed against the compiled defaults without serialising what did not change.

On the first connect of a page, Reflex 0.10.1's ``hydrate_and_load`` takes the whole state tree's snapshot (this
app: 50 states, about 320 vars) and keeps only the vars whose JSON differs from the defaults compiled into the
page, ``reflex.state._diff_against_initial_state``. It turns every var into JSON to compare it, for values that are
nearly all still their default (a string, a flag, an empty list), and turns a catalog page's cards into JSON once
more before they are sent. On this machine that took 0.7-1.4 ms of each page load, on the one event loop that
fifty tabs opening a page at once share.

:func:`diff_against_initial_state` gives the same answer without the JSON where it can tell without it: a value of
the same type as its default and equal to it in every part whose JSON could differ (:func:`same_json`) writes the
same text, so it is dropped at once; a value that certainly writes other text (:func:`surely_differs`: another
number, another length of list) is kept at once. Anything else is turned into JSON and compared as Reflex does. Its
result equals Reflex's for every snapshot (``tests/unit/test_hydrate_diff.py`` checks both on real and random
states). :func:`use_fast_hydrate_diff` puts it in place of Reflex's function, which ``hydrate_and_load`` looks
up by name when it runs; :mod:`marketplace.hydrate_snapshot` makes the snapshot it is given.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

import pydantic
import reflex.state as reflex_state
from reflex.istate.delta import Delta, _resolve_delta

# The defaults as Python values, per root state class, beside the serialised snapshot Reflex keeps; remade when
# Reflex's snapshot object changes (a compile in this process, a hot reload). Only vars whose default value turns
# into exactly Reflex's stored text are here.
_defaults: dict[type, tuple[object, dict[str, dict[str, Any]]]] = {}


def same_json(value: Any, default: Any) -> bool:
    """Whether ``value`` certainly turns into the same JSON as ``default``, decided without making either.

    True only for values of exactly the default's type that are equal to it part by part: integers, flags, None and
    strings (a string subclass, such as a storage var, is written as its text); floats of the same sign
    (``-0.0 == 0.0``, but not as text; NaN is never equal); decimals written with the same digits; lists, tuples
    and dicts part by part, a dict's keys in the same order (the order is in the JSON); pydantic models of the same
    class field by field, without extra or private values. Anything else answers False, and the caller compares the
    JSON itself. (Plain loops: a generator in ``all`` costs a third more, and this runs for every var of a page load.)
    """
    kind = type(value)
    if kind is not type(default):
        return False
    if kind is str or kind is bool or kind is int or value is None:
        return bool(value == default)
    if kind is list or kind is tuple:
        if len(value) != len(default):
            return False
        for item, default_item in zip(value, default, strict=True):  # noqa: SIM110  (see above)
            if not same_json(item, default_item):
                return False
        return True
    if kind is dict:
        if len(value) != len(default):
            return False
        for (key, item), (default_key, default_item) in zip(value.items(), default.items(), strict=True):
            if not (same_json(key, default_key) and same_json(item, default_item)):
                return False
        return True
    if isinstance(value, pydantic.BaseModel):
        if value.__pydantic_extra__ or default.__pydantic_extra__:
            return False
        if value.__pydantic_private__ or default.__pydantic_private__:
            return False
        return same_json(value.__dict__, default.__dict__)
    if kind is float:
        return value == default and math.copysign(1.0, value) == math.copysign(1.0, default)
    if kind is Decimal:  # equal amounts may differ in places (0 and 0.00): the same digits, sign and exponent
        return bool(value.as_tuple() == default.as_tuple())
    if isinstance(value, str):
        return bool(value == default)
    return False


def surely_differs(value: Any, default: Any) -> bool:
    """Whether ``value`` certainly turns into other JSON than ``default``, decided without making either: both
    strings, integers or flags of exactly one type and unequal; lists, tuples or dicts of one type and of other
    lengths (the JSON then holds another number of items). False means it cannot tell; the caller compares the JSON.
    A listing's cards, on every page load of the catalog, are sent without being made into JSON one time more."""
    kind = type(value)
    if kind is not type(default):
        return False
    if kind is str or kind is int or kind is bool:
        return bool(value != default)
    if kind is list or kind is tuple or kind is dict:
        return len(value) != len(default)
    return False


async def python_defaults(root_cls: type[reflex_state.BaseState], snapshot: object) -> dict[str, dict[str, Any]]:
    """The default snapshot as Python values, made as Reflex makes its own, keeping only the vars whose JSON is
    the text Reflex stored for them (so a default that changed since Reflex's snapshot is compared as text)."""
    kept = _defaults.get(root_cls)
    if kept is not None and kept[0] is snapshot:
        return kept[1]
    fresh = await _resolve_delta(root_cls(_reflex_internal_init=True).dict(initial=True))
    stored: dict[str, dict[str, str]] = snapshot.serialized  # type: ignore[attr-defined]
    values = {
        state_name: {
            name: value
            for name, value in state_vars.items()
            if stored.get(state_name, {}).get(name) == reflex_state._serialize_var(value)
        }
        for state_name, state_vars in fresh.items()
    }
    _defaults[root_cls] = (snapshot, values)
    return values


async def diff_against_initial_state(root_cls: type[reflex_state.BaseState], delta: Delta, hashes: list[str]) -> Delta:
    """Reflex 0.10.1's ``_diff_against_initial_state``, with :func:`same_json` and :func:`surely_differs` ahead of
    each var's JSON.

    The vars the frontend already holds at their compiled default are dropped from ``delta``; a state whose
    compiled defaults differ from the backend's (its hash) is sent whole, as is everything when the frontend was
    compiled against other states or sent a malformed list.
    """
    cached = reflex_state._initial_snapshot_cache.get(root_cls)
    if cached is None or cached.n_state_classes != len(reflex_state.all_base_state_classes):
        # Reflex makes (or remakes) its snapshot the way it always does; the result for this delta is its own.
        return await _reflex_diff(root_cls, delta, hashes)
    if len(hashes) != len(cached.hashes) + 1 or hashes[0] != cached.names_digest:
        return delta
    all_defaults = await python_defaults(root_cls, cached)
    frontend_hashes = dict(zip(sorted(cached.hashes), hashes[1:], strict=True))
    serialize = reflex_state._serialize_var
    missing = object()
    diff: Delta = {}
    for state_name, state_vars in delta.items():
        default_vars = cached.serialized.get(state_name)
        if default_vars is None or frontend_hashes.get(state_name) != cached.hashes.get(state_name):
            diff[state_name] = state_vars
            continue
        defaults = all_defaults.get(state_name, {})
        changed = {}
        for name, value in state_vars.items():
            default = defaults.get(name, missing)
            if default is not missing:
                if same_json(value, default):
                    continue
                if surely_differs(value, default):
                    changed[name] = value
                    continue
            if name not in default_vars or serialize(value) != default_vars[name]:
                changed[name] = value
        if changed:
            diff[state_name] = changed
    return diff


# Reflex's own function, kept before use_fast_hydrate_diff replaces it (a second import of this module must not
# take the replacement for it).
_reflex_diff = getattr(reflex_state, "_reflex_diff_against_initial_state", reflex_state._diff_against_initial_state)


def use_fast_hydrate_diff() -> None:
    """Have ``hydrate_and_load`` call :func:`diff_against_initial_state` instead of Reflex's own."""
    reflex_state._reflex_diff_against_initial_state = _reflex_diff  # type: ignore[attr-defined]
    reflex_state._diff_against_initial_state = diff_against_initial_state
