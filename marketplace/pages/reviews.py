"""Pages: My Reviews (/profile3), the learner's own reviews, 4 per page, newest first."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.profile_sidebar import profile_layout
from marketplace.components.ui import badge, empty_state, error_state, pager, stars
from marketplace.layouts import page, spinner
from marketplace.shapes.reviews import Review
from marketplace.states.reviews import MyReviewsState


def _my_review(review: Review) -> rx.Component:
    return rx.el.li(
        rx.el.article(
            rx.el.div(
                rx.el.h2(
                    rx.el.a(review.target_title, href=review.link, class_name=styles.LINK),
                    class_name="font-semibold text-gray-900",
                ),
                rx.el.span(review.date_text, class_name="text-xs text-gray-500"),
                class_name="flex flex-wrap items-baseline justify-between gap-2",
            ),
            rx.el.div(
                stars(review.rating, size=16, label="Rated " + review.rating.to_string() + " out of 5"),
                badge(rx.cond(review.target_type == "Instructor", "Mentor", "Course"), "gray"),
                class_name="flex items-center gap-2",
            ),
            # Plain text: a comment never renders as HTML.
            rx.el.p(review.comment, class_name="mt-2 whitespace-pre-line break-words text-sm text-gray-700"),
            class_name=f"{styles.CARD} flex flex-col gap-1 p-4",
        ),
        data_testid="my-review",
    )


def _body() -> rx.Component:
    return rx.cond(
        MyReviewsState.loading,
        spinner("Loading your reviews..."),
        rx.cond(
            MyReviewsState.error != "",
            error_state(MyReviewsState.error, on_retry=MyReviewsState.load),
            rx.cond(
                MyReviewsState.total > 0,
                rx.fragment(
                    rx.el.ul(rx.foreach(MyReviewsState.reviews, _my_review), class_name="flex flex-col gap-4"),
                    pager(MyReviewsState.page, MyReviewsState.pages, MyReviewsState.go_to_page),
                ),
                empty_state(
                    "You have not written any reviews yet.",
                    "Review a course you are taking from its player.",
                    "Go to My Courses",
                    routes.MY_COURSES,
                ),
            ),
        ),
    )


@page(routes.MY_REVIEWS, "My Reviews", guarded=True, on_load=MyReviewsState.load)
def my_reviews() -> rx.Component:
    """The learner's reviews, each linking to its course or mentor."""
    return profile_layout(
        routes.MY_REVIEWS,
        rx.el.h1("My Reviews", class_name=f"{styles.H1} mb-6"),
        _body(),
    )
