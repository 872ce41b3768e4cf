"""Pieces shared by the catalog pages: section headings with See All, category icons and cards, review lists."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from marketplace import styles
from marketplace.components.ui import stars
from marketplace.views.catalog import CategoryView, ReviewSummaryView, ReviewView, StarBarView

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
_SWAP_BROKEN = rx.Var(_js_expr=f"((e) => {{ e.currentTarget.onerror = null; e.currentTarget.src = '{STOCK_IMAGE}'; }})")


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
    cases = [(icon, rx.icon(icon, size=size)) for icon in CATEGORY_ICONS]
    return rx.match(name, *cases, rx.icon("book-open", size=size))


def section_heading(title: str, see_all_href: str = "", level: str = "h2", see_all_label: str = "") -> rx.Component:
    """A section title with an optional See All link on the right."""
    heading = rx.el.h2(title, class_name=styles.H2) if level == "h2" else rx.el.h3(title, class_name=styles.H3)
    link = (
        rx.el.a(
            "See All",
            rx.icon("arrow-right", size=16),
            href=see_all_href,
            aria_label=see_all_label or f"See all: {title}",
            class_name="inline-flex min-h-[44px] items-center gap-1 text-sm font-semibold text-blue-600 "
            "hover:underline",
        )
        if see_all_href
        else rx.fragment()
    )
    return rx.el.div(heading, link, class_name="mb-5 flex items-center justify-between gap-4")


def category_card(category: CategoryView) -> rx.Component:
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


def review_answer(review: ReviewView) -> rx.Component:
    """The instructor's public answer to a review (text, never HTML), when there is one."""
    return rx.cond(
        review.reply != "",
        rx.el.div(
            rx.el.p(
                rx.el.span("Response from the instructor", class_name="font-semibold text-gray-900"),
                rx.el.span(" · ", review.reply_date_text, class_name="text-gray-500"),
                class_name="text-xs",
            ),
            rx.el.p(review.reply, class_name="mt-1 whitespace-pre-line break-words text-sm text-gray-700"),
            class_name="mt-3 rounded-md border-l-4 border-blue-600 bg-blue-50 px-3 py-2",
            data_testid="review-reply",
        ),
    )


def review_item(review: ReviewView, extra: Callable[[ReviewView], rx.Component] | None = None) -> rx.Component:
    """One review: author, stars, date, the comment and the instructor's answer (as text, never HTML), then
    ``extra(review)`` if given (the instructor's Reply form)."""
    return rx.el.li(
        avatar(review.avatar, review.author, review.initials),
        rx.el.div(
            rx.el.div(
                rx.el.p(review.author, class_name="font-semibold text-gray-900"),
                rx.el.span(review.date_text, class_name="text-xs text-gray-500"),
                class_name="flex flex-wrap items-baseline justify-between gap-2",
            ),
            stars(review.rating, size=14, label="Rated " + review.rating.to_string() + " out of 5"),
            rx.el.p(review.comment, class_name="mt-1 whitespace-pre-line break-words text-sm text-gray-700"),
            review_answer(review),
            extra(review) if extra else rx.fragment(),
            class_name="min-w-0 flex-1",
        ),
        class_name="flex gap-3 border-b border-gray-100 py-4 last:border-b-0",
        data_testid="review",
    )


def _bar(bar: StarBarView) -> rx.Component:
    return rx.el.li(
        rx.el.span(bar.stars, " star", class_name="w-12 shrink-0 text-sm text-gray-700"),
        rx.el.span(
            rx.el.span(
                class_name="block h-full rounded-full bg-amber-500", style={"width": bar.percent.to_string() + "%"}
            ),
            class_name="h-2 flex-1 overflow-hidden rounded-full bg-gray-200",
            role="presentation",
        ),
        rx.el.span(bar.count, class_name="w-8 shrink-0 text-right text-sm text-gray-500"),
        aria_label=bar.stars.to_string() + " stars: " + bar.count.to_string() + " reviews",
        class_name="flex items-center gap-3",
    )


def review_summary(summary: ReviewSummaryView) -> rx.Component:
    """The average, the count and one bar per star."""
    return rx.el.div(
        rx.el.div(
            rx.el.p(summary.average_text, class_name="text-5xl font-bold text-gray-900", data_testid="average-rating"),
            stars(summary.average, size=18, label="Rated " + summary.average_text + " out of 5"),
            rx.el.p(
                summary.total,
                rx.cond(summary.total == 1, " review", " reviews"),
                class_name="mt-1 text-sm text-gray-500",
                data_testid="review-total",
            ),
            class_name="flex flex-col items-center justify-center gap-1 sm:w-40",
        ),
        rx.el.ul(rx.foreach(summary.bars, _bar), class_name="flex flex-1 flex-col gap-2"),
        class_name=f"{styles.CARD} flex flex-col gap-6 p-5 sm:flex-row sm:items-center",
    )


def review_list(
    reviews,
    loading,
    error,
    empty_text: str = "No reviews available",
    extra: Callable[[ReviewView], rx.Component] | None = None,
) -> rx.Component:
    """A list of reviews with its loading, error and empty states; ``extra`` adds to each review."""
    return rx.cond(
        loading,
        rx.el.p("Loading reviews...", role="status", class_name="py-6 text-sm text-gray-500"),
        rx.cond(
            error != "",
            rx.el.p("Error loading reviews", role="alert", class_name="py-6 text-sm text-red-700"),
            rx.cond(
                reviews.length() > 0,
                rx.el.ul(rx.foreach(reviews, lambda r: review_item(r, extra)), class_name="flex flex-col"),
                rx.el.p(empty_text, class_name="py-6 text-sm text-gray-500"),
            ),
        ),
    )
