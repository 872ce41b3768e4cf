"""Lucide icons as inline SVG (the drawings of lucide-react 1.26.0, ISC licence, copied by name).

``rx.icon`` imports each icon from lucide-react as its own module: Vite gave every icon a chunk of its own, so a
page downloaded 10 to 20 tiny scripts (a kilobyte each, most of it headers) one round trip deeper than the page's
own code, before its icons could draw. :func:`lucide` writes the same ``<svg>`` lucide-react renders (the same
attributes and ``lucide lucide-<name>`` classes) straight into the page's markup: no script, nothing to fetch.

The drawings are data, one icon per line in ``lucide_icons.json`` (name -> the shapes it draws, as
``[tag, attributes]``). An icon not there is a mistake caught when the app compiles (a ``KeyError``): add its
drawing from ``lucide-react/dist/esm/icons/<name>.mjs``.
"""

from __future__ import annotations

import json
from pathlib import Path

import reflex as rx

# name -> the shapes it draws: (tag, attributes)
ICONS: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    name: tuple((tag, attributes) for tag, attributes in shapes)
    for name, shapes in json.loads((Path(__file__).with_name("lucide_icons.json")).read_text()).items()
}
# Icons lucide-react 1.26 renamed: the class it writes is the new name's.
CLASS_NAMES = {"circle-help": "circle-question-mark", "text": "text-align-start"}

_SHAPES = {
    "path": rx.el.svg.path,
    "circle": rx.el.svg.circle,
    "line": rx.el.svg.line,
    "polyline": rx.el.svg.polyline,
    "rect": rx.el.svg.rect,
}


def lucide(name: str, size: int = 24, class_name: str | rx.Var = "", **props) -> rx.Component:
    """The lucide icon ``name`` as an inline ``<svg>``, ``size`` px square; hidden from screen readers unless
    given a label (as lucide-react does)."""
    key = name.replace("_", "-")
    shapes = ICONS[key]
    base = f"lucide lucide-{CLASS_NAMES.get(key, key)}"
    if isinstance(class_name, rx.Var):
        classes = rx.Var.create(base + " ") + class_name
    else:
        classes = f"{base} {class_name}".strip()
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "width": str(size),
        "height": str(size),
        "viewBox": "0 0 24 24",
        "fill": "none",
        "stroke": "currentColor",
        "strokeWidth": "2",
        "strokeLinecap": "round",
        "strokeLinejoin": "round",
    }
    if not any(k.startswith("aria_") or k in ("title", "role") for k in props):
        props["aria_hidden"] = "true"
    return rx.el.svg(
        *(_SHAPES[tag](custom_attrs=dict(shape)) for tag, shape in shapes),
        class_name=classes,
        custom_attrs=attrs,
        **props,
    )
