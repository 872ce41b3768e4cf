"""A person's round avatar: their picture, or their initials when they have none."""

from __future__ import annotations

import reflex as rx

from marketplace.components.ui import image

_SIZES = {
    40: ("h-10 w-10", "text-sm"),
    48: ("h-12 w-12", "text-base"),
    80: ("h-20 w-20", "text-2xl"),
    96: ("h-24 w-24", "text-3xl"),
}


def person_avatar(picture, initials, size: int = 48, *, lazy: bool = True) -> rx.Component:
    """The picture at ``size`` px (decorative: the name is always written next to it), else the initials."""
    box, text = _SIZES[size]
    return rx.cond(
        picture != "",
        image(picture, "", size, size, lazy=lazy, class_name=f"{box} shrink-0 rounded-full object-cover bg-gray-100"),
        rx.el.span(
            initials,
            aria_hidden="true",
            class_name=f"{box} {text} flex shrink-0 items-center justify-center rounded-full bg-slate-800 font-bold "
            "text-white",
        ),
    )
