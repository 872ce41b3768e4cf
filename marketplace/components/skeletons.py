"""What a block shows while its cards load: grey cards of the real ones' size, so nothing below moves when they
arrive (issue 14: no layout shift), announced to screen readers as loading."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from marketplace.components.first_cards import skeleton_html


def waiting(label: str, grid: str, card: Callable[[], rx.Component], count: int, **props) -> rx.Component:
    """``count`` grey cards made by ``card`` in the section's ``grid``, announced to screen readers as ``label``."""
    return rx.el.div(
        rx.el.p(label, class_name="sr-only"),
        rx.el.div(*[card() for _ in range(count)], class_name=grid, aria_hidden="true"),
        role="status",
        **props,
    )


def course_skeletons(grid: str, count: int) -> rx.Component:
    """``count`` grey course cards in a grid of ``grid``: the listing's skeleton (components/first_cards.py)."""
    return rx.html(skeleton_html(grid, count))
