"""Pieces shared by the catalog pages: section headings with See All, category icons and cards, avatars."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.shapes.catalog import Category

# Category icons come from the database; rx.match over the known names keeps the bundle to these icons only
# (a dynamic icon would pull lucide's whole import map).
CATEGORY_ICONS = (
    "code",
    "pen-tool",
    "megaphone",
    "briefcase",
    "atom",
    "moon-star",
    "palette",
    "chart-bar",
    "camera",
    "music",
    "book-open",
    "brain",
    "calculator",
    "heart-pulse",
    "languages",
    "globe",
)


STOCK_IMAGE = "/images/stock-course.webp"
PLACEHOLDER_AVATAR = "/images/avatars/placeholder.webp"
_SWAP_BROKEN = rx.Var(_js_expr=f"((e) => {{ e.currentTarget.onerror = null; e.currentTarget.src = '{STOCK_IMAGE}'; }})")


def person_picture(src) -> rx.Var:
    """A person's picture, or the placeholder avatar when they have none."""
    return rx.cond(src != "", src, PLACEHOLDER_AVATAR)


def picture(src, alt, width: int, height: int, *, class_name: str = "", lazy: bool = True) -> rx.Component:
    """An <img> with real width/height attributes (Reflex turns the props into CSS sizes that beat Tailwind),
    lazy below the fold, swapped for the stock picture when broken."""
    return rx.el.img(
        src=src,
        alt=alt,
        loading="lazy" if lazy else "eager",
        decoding="async",
        class_name=class_name,
        custom_attrs={"width": str(width), "height": str(height), "onError": _SWAP_BROKEN},
    )


def category_icon(name, size: int = 26) -> rx.Component:
    """The category's lucide icon (a book when the name is not one we ship)."""
    cases = [(icon, lucide(icon, size=size)) for icon in CATEGORY_ICONS]
    return rx.match(name, *cases, lucide("book-open", size=size))


def section_heading(title: str, see_all_href: str = "", level: str = "h2", see_all_label: str = "") -> rx.Component:
    """A section title with an optional See All link on the right."""
    heading = rx.el.h2(title, class_name=styles.H2) if level == "h2" else rx.el.h3(title, class_name=styles.H3)
    link = (
        rx.el.a(
            "See All",
            lucide("arrow-right", size=16),
            href=see_all_href,
            aria_label=see_all_label or f"See all: {title}",
            class_name="inline-flex min-h-[44px] items-center gap-1 text-sm font-semibold text-blue-600 "
            "hover:underline",
        )
        if see_all_href
        else rx.fragment()
    )
    return rx.el.div(heading, link, class_name="mb-5 flex items-center justify-between gap-4")


def category_card(category: Category) -> rx.Component:
    """Round light-blue icon, name and real course count, linking to the filtered listing."""
    return rx.el.a(
        rx.el.span(
            category_icon(category.icon),
            class_name="flex h-14 w-14 items-center justify-center rounded-full bg-blue-50 text-blue-600",
            aria_hidden="true",
        ),
        rx.el.span(category.name, class_name="mt-3 font-semibold text-gray-900"),
        rx.el.span(
            category.course_count,
            rx.cond(category.course_count == 1, " Course", " Courses"),
            class_name="text-sm text-gray-500",
        ),
        href=category.href,
        class_name=f"{styles.CARD} flex flex-col items-center p-6 text-center hover:shadow-md transition-shadow",
        data_testid="category-card",
    )


def avatar(picture, name, initials, size: int = 44) -> rx.Component:
    """A round picture, or the initials when there is none."""
    return rx.cond(
        picture != "",
        rx.el.img(
            src=picture,
            alt="",
            custom_attrs={"width": str(size), "height": str(size)},
            loading="lazy",
            class_name="shrink-0 rounded-full object-cover bg-gray-100",
            style={"width": f"{size}px", "height": f"{size}px"},
        ),
        rx.el.span(
            initials,
            aria_hidden="true",
            class_name="flex shrink-0 items-center justify-center rounded-full bg-slate-800 text-sm font-bold "
            "text-white",
            style={"width": f"{size}px", "height": f"{size}px"},
        ),
    )
