"""Assigning a state's vars only when their value changed.

Reflex sends every var a handler assigns, equal to its old value or not: a list re-assigned unchanged (a cart, a
listing's sidebar) went over the wire on every event. States that refresh whole blocks assign them through here.
"""

from __future__ import annotations

import reflex as rx

_UNSET = object()


def assign_changed(state: rx.State, **values: object) -> None:
    """Set each of ``values`` on ``state`` whose value differs from the current one; leave the others unsent.

    The current value is read where Reflex keeps a state's own field, its ``__dict__``: reading it as an attribute
    wraps every list and model in a change-tracking proxy first, which cost more than the comparison (a page change
    of the listing compares five lists). A field not set yet (still its default) is read as an attribute.
    """
    held = vars(state)
    for name, value in values.items():
        current = held.get(name, _UNSET)
        if current is _UNSET:
            current = getattr(state, name)
        if current != value:
            setattr(state, name, value)
