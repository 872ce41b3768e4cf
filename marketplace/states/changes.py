"""Assigning a state's vars only when their value changed.

Reflex sends every var a handler assigns, equal to its old value or not: a list re-assigned unchanged (a cart, a
listing's sidebar) went over the wire on every event. States that refresh whole blocks assign them through here.
"""

from __future__ import annotations

import reflex as rx


def assign_changed(state: rx.State, **values: object) -> None:
    """Set each of ``values`` on ``state`` whose value differs from the current one; leave the others unsent."""
    for name, value in values.items():
        if getattr(state, name) != value:
            setattr(state, name, value)
