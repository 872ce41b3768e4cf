"""The one review list: summary (average, count, per-star bars), the review form, the reviews with the
instructor's answers (and, for that instructor, a Reply form) and the pager.

The course page, the mentor and teacher pages and the player's Reviews tab all draw it from
:class:`marketplace.states.reviews.ReviewListState`; comments and answers are rendered as text, never as HTML.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import avatar
from marketplace.components.review_form import review_form
from marketplace.components.review_reply import reply_form
from marketplace.components.ui import pager, stars
from marketplace.shapes.reviews import Review, ReviewSummary, StarBar
from marketplace.states.reviews import ReviewListState


def review_answer(review: Review) -> rx.Component:
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


def review_item(review: Review) -> rx.Component:
    """One review: author, stars, date, the comment and the instructor's answer, then, for that instructor, the
    Reply form."""
    return rx.el.li(
        avatar(review.avatar, review.author_name, review.initials),
        rx.el.div(
            rx.el.div(
                rx.el.p(review.author_name, class_name="font-semibold text-gray-900"),
                rx.el.span(review.date_text, class_name="text-xs text-gray-500"),
                class_name="flex flex-wrap items-baseline justify-between gap-2",
            ),
            stars(review.rating, size=14, label="Rated " + review.rating.to_string() + " out of 5"),
            rx.el.p(review.comment, class_name="mt-1 whitespace-pre-line break-words text-sm text-gray-700"),
            review_answer(review),
            rx.cond(ReviewListState.can_reply, reply_form(review)),
            class_name="min-w-0 flex-1",
        ),
        class_name="flex gap-3 border-b border-gray-100 py-4 last:border-b-0",
        data_testid="review",
    )


def _bar(bar: StarBar) -> rx.Component:
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


def review_summary(summary: ReviewSummary) -> rx.Component:
    """The average, the count and one bar per star."""
    return rx.el.div(
        rx.el.div(
            rx.el.p(summary.average_text, class_name="text-5xl font-bold text-gray-900", data_testid="average-rating"),
            stars(summary.average_rating, size=18, label="Rated " + summary.average_text + " out of 5"),
            rx.el.p(
                summary.total_reviews,
                rx.cond(summary.total_reviews == 1, " review", " reviews"),
                class_name="mt-1 text-sm text-gray-500",
                data_testid="review-total",
            ),
            class_name="flex flex-col items-center justify-center gap-1 sm:w-40",
        ),
        rx.el.ul(rx.foreach(summary.bars, _bar), class_name="flex flex-1 flex-col gap-2"),
        class_name=f"{styles.CARD} flex flex-col gap-6 p-5 sm:flex-row sm:items-center",
    )


def review_list(empty_text: str = "No reviews available") -> rx.Component:
    """The page of reviews with its loading, error and empty states."""
    state = ReviewListState
    return rx.cond(
        state.loading,
        rx.el.p("Loading reviews...", role="status", class_name="py-6 text-sm text-gray-500"),
        rx.cond(
            state.error != "",
            rx.el.p("Error loading reviews", role="alert", class_name="py-6 text-sm text-red-700"),
            rx.cond(
                state.reviews.length() > 0,
                rx.el.ul(rx.foreach(state.reviews, review_item), class_name="flex flex-col"),
                rx.el.p(empty_text, class_name="py-6 text-sm text-gray-500"),
            ),
        ),
    )


def reviews_panel(
    form_heading: str = "Write a review",
    target_label: str = "this course",
    *,
    list_heading: str = "",
    list_testid: str = "reviews",
) -> rx.Component:
    """Summary, the review form, then the list (under ``list_heading`` when given) and its pager."""
    return rx.fragment(
        rx.el.div(review_summary(ReviewListState.summary), class_name="mt-4"),
        # The instructor the reviews are about answers them, and never reviews their own course or themselves.
        rx.cond(~ReviewListState.can_reply, rx.el.div(review_form(form_heading, target_label), class_name="mt-6")),
        rx.el.div(
            rx.el.h2(list_heading, class_name=styles.H3) if list_heading else rx.fragment(),
            rx.el.div(review_list(), data_testid=list_testid),
            pager(ReviewListState.page, ReviewListState.pages, ReviewListState.go_to_page),
            class_name="mt-4",
        ),
    )
