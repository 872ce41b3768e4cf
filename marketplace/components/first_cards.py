"""The listing's first cards drawn into the page's HTML by the server, so they paint with the page (issue 14).

A listing page (/categories, /courses, /search) used to paint its heading and a grey skeleton first, and its cards
only once its scripts had run: its carried listing (marketplace/page_hints.py) goes into the state as the page
mounts, after React has hydrated. On a phone on a slow network that is one to two seconds after the heading, and
the first card's picture, the page's largest paint, waited for it.

The grid's loading place is an island (:func:`cards_island`): an element whose inside React neither hydrates nor
checks (``dangerouslySetInnerHTML``), holding the skeleton (:data:`SKELETON_HTML`). The page's server answer puts
:func:`cards_html`, the first page's cards as a visitor sees them, in the skeleton's place. They paint with the
heading; when the carried listing reaches the state a moment later, React draws its own cards there, the same
markup but for the pictures after the first one's (a browser test compares them, element by element and box by box,
at a phone's and a desktop's width), and nothing moves. Until then a card's links work as plain links; its heart is
disabled, so a press cannot go nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from html import escape
from typing import Any

import reflex as rx

from marketplace import styles
from marketplace.components.icons import CLASS_NAMES, ICONS
from marketplace.components.ui import PAGER_ROW, PAGER_TOP
from marketplace.shapes.catalog import CourseTile

FIRST_CARDS_ID = "first-cards"
GRID_CLASS = "grid gap-5 sm:grid-cols-2 xl:grid-cols-3"
CARD_CLASS = f"{styles.CARD} relative flex flex-col overflow-hidden hover:shadow-md transition-shadow"
HEART_CLASS = (
    "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-gray-200 "
    "bg-white/95 shadow-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-600"
)
IMAGE_CLASS = "aspect-video h-auto w-full rounded-t-lg object-cover bg-gray-100"
PICTURE_PLACE_CLASS = "aspect-video w-full rounded-t-lg bg-gray-100"  # the box IMAGE_CLASS gives a picture
# The cards from the third on (below the fold of a phone) are laid out only as they near the screen.
FIRST_ON_SCREEN = 2


def _attrs(attributes: Mapping[str, Any]) -> str:
    return "".join(f' {name}="{escape(str(value))}"' for name, value in attributes.items())


def _tag(name: str, attributes: Mapping[str, Any], *inside: str) -> str:
    return f"<{name}{_attrs(attributes)}>{''.join(inside)}</{name}>"


@cache
def svg_icon(name: str, size: int, class_name: str) -> str:
    """The ``<svg>`` :func:`marketplace.components.icons.lucide` draws for ``name`` (hidden from screen readers)."""
    shapes = "".join(_tag(tag, shape) for tag, shape in ICONS[name])
    return _tag(
        "svg",
        {
            "aria-hidden": "true",
            "class": f"lucide lucide-{CLASS_NAMES.get(name, name)} {class_name}".strip(),
            "xmlns": "http://www.w3.org/2000/svg",
            "width": size,
            "height": size,
            "viewBox": "0 0 24 24",
            "fill": "none",
            "stroke": "currentColor",
            "stroke-width": "2",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
        shapes,
    )


@cache
def _stars(rating: float, rating_text: str) -> str:
    """:func:`marketplace.components.ui.stars` at 14 px: whole, half and empty stars, and the label."""
    pieces = []
    for i in range(1, 6):
        if rating >= i:
            pieces.append(svg_icon("star", 14, "fill-amber-500 text-amber-500"))
        elif rating >= i - 0.5:
            pieces.append(svg_icon("star-half", 14, "fill-amber-500 text-amber-500"))
        else:
            pieces.append(svg_icon("star", 14, "text-gray-300"))
    label = f"Rated {rating_text} out of 5"
    return _tag("span", {"role": "img", "aria-label": label, "class": "inline-flex items-center gap-0.5"}, *pieces)


def _card(course: CourseTile, index: int) -> str:
    """One card as :func:`marketplace.components.cards.listing_card` draws it for a visitor."""
    href = f"/courses/{course.id}"
    title = escape(course.title)
    heart = _tag(
        "button",
        {
            "type": "button",
            "disabled": "",  # the page's scripts are not there yet: React's own card takes the press
            "aria-pressed": "false",
            "aria-label": f"Add {course.title} to wishlist",
            "title": "Add to wishlist",
            "class": f"{HEART_CLASS} absolute right-2 top-2 z-10",
            "data-testid": "wishlist-heart",
        },
        svg_icon("heart", 20, "text-gray-700"),
    )
    # Only the first card's picture, the largest paint: the others' would be asked for as soon as the page is laid
    # out (a phone's browser fetches lazy pictures well below the screen), beside the page's own files. They keep
    # their place, grey, until React's cards bring them.
    drawing = (
        "<img"
        + _attrs(
            {
                "src": course.thumbnail,
                "alt": "",
                "loading": "eager",
                "decoding": "auto",
                "class": IMAGE_CLASS,
                "width": 320,
                "height": 180,
                "fetchpriority": "high",
            }
        )
        + ">"
        if index == 0
        else _tag("div", {"class": PICTURE_PLACE_CLASS})
    )
    picture = _tag("a", {"href": href, "tabindex": "-1", "aria-hidden": "true", "data-discover": "true"}, drawing)
    if course.enrolled:
        bottom = _tag(
            "div",
            {"class": "mt-auto flex items-center justify-between pt-2"},
            _tag("span", {"class": f"{styles.BADGE} bg-green-50 text-green-700"}, "Enrolled"),
            _tag(
                "a",
                {
                    "href": f"/order-complete/{course.id}",
                    "class": f"{styles.BTN_PRIMARY} !min-h-0 !py-1.5",
                    "data-discover": "true",
                },
                "Watch Now",
            ),
        )
    else:
        was = (
            _tag("del", {"class": "text-sm text-gray-500"}, escape(course.original_price_text))
            if course.original_price_text
            else ""
        )
        bottom = _tag(
            "div",
            {"class": "mt-auto flex items-baseline gap-2 pt-2"},
            _tag("span", {"class": "text-lg font-bold text-gray-900"}, escape(course.price_text)),
            was,
        )
    text = _tag(
        "div",
        {"class": "flex flex-1 flex-col gap-1.5 p-4"},
        _tag(
            "h3",
            {"class": styles.CARD_TITLE},
            _tag("a", {"href": href, "class": "hover:text-blue-600", "data-discover": "true"}, title),
        ),
        _tag("p", {"class": styles.MUTED}, "By ", escape(course.instructor.name)),
        _tag(
            "div",
            {"class": "flex items-center gap-1.5"},
            _tag("span", {"class": "text-sm font-semibold text-gray-900"}, escape(course.rating_text)),
            _stars(course.rating, course.rating_text),
            _tag("span", {"class": "text-xs text-gray-500"}, f"({course.review_count} reviews)"),
        ),
        _tag("p", {"class": "text-xs text-gray-500"}, f"{course.lectures} lectures · {escape(course.level)}"),
        bottom,
    )
    card_class = CARD_CLASS if index < FIRST_ON_SCREEN else f"{CARD_CLASS} {styles.OFFSCREEN_CARD}"
    return _tag("article", {"class": card_class, "data-testid": "course-card"}, heart, picture, text)


# Where the pager will be (ui.pager's distance and its row of buttons), kept empty until the state draws it, so what
# follows the grid does not move down when it comes.
PAGER_PLACE = _tag("div", {"class": f"{PAGER_TOP} {PAGER_ROW}", "aria-hidden": "true"})


def cards_html(courses: Iterable[CourseTile], pages: int = 1) -> str:
    """The grid of ``courses`` as the listing draws it for a visitor, for the page's HTML ("" when there are
    none: the skeleton stays, and the state's answer draws the empty listing), and the pager's place when the
    listing has ``pages`` > 1."""
    cards = "".join(_card(course, index) for index, course in enumerate(courses))
    if not cards:
        return ""
    grid = _tag("div", {"class": GRID_CLASS, "data-testid": "course-grid"}, cards)
    return _tag("h2", {"class": "sr-only"}, "Courses") + grid + (PAGER_PLACE if pages > 1 else "")


def _skeleton_card() -> str:
    """A course card's size, line by line (cards.py): the title's two lines (22 px each, 6 px apart, as 20 + 18), the
    teacher, the rating, the lectures, and the price (8 px above a 28 px line)."""
    bars = "".join(
        _tag("div", {"class": f"{styles.SKELETON_BAR} {size}"})
        for size in ("h-5 w-11/12", "h-[18px] w-2/3", "h-5 w-1/2", "h-5 w-2/5", "h-4 w-1/3", "mt-2 h-7 w-1/4")
    )
    return _tag(
        "div",
        {"class": f"{styles.SKELETON_CARD} overflow-hidden", "aria-hidden": "true"},
        _tag("div", {"class": "aspect-video w-full bg-gray-100"}),
        _tag("div", {"class": "flex flex-col gap-1.5 p-4"}, bars),
    )


def skeleton_html(grid_class: str, count: int, after: str = "") -> str:
    """``count`` grey cards the size of course cards in a grid of ``grid_class``, announced as loading courses, and
    ``after`` them."""
    return _tag(
        "div",
        {"role": "status"},
        _tag("p", {"class": "sr-only"}, "Loading courses..."),
        _tag("div", {"class": grid_class}, *[_skeleton_card() for _ in range(count)]),
        after,
    )


# Six grey cards the size of course cards while the first page loads, and the pager's place (most views have more
# than one page): the page keeps its final height, so the footer never jumps into view when the cards arrive (issue
# 14: no layout shift on /categories).
SKELETON_HTML = skeleton_html(GRID_CLASS, 6, PAGER_PLACE)


def cards_island() -> rx.Component:
    """The grid's place while the listing loads: the skeleton, or the cards the page's HTML brought."""
    return rx.html(SKELETON_HTML, id=FIRST_CARDS_ID)


def with_cards(html: bytes, cards: str) -> bytes:
    """The page ``html`` with ``cards`` in the skeleton's place (unchanged without cards or a skeleton)."""
    skeleton = SKELETON_HTML.encode()
    return html.replace(skeleton, cards.encode(), 1) if cards else html
