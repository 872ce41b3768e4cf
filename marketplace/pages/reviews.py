"""Pages: My Reviews (/profile3), the learner's own reviews, 4 per page, newest first, to edit or delete; the
page number is in the URL (``?page=2``)."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.profile_sidebar import profile_layout
from marketplace.components.review_mine import my_review
from marketplace.components.ui import empty_state, error_state, pager
from marketplace.layouts import page, spinner
from marketplace.states.reviews import MyReviewsState


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
                    rx.el.ul(rx.foreach(MyReviewsState.reviews, my_review), class_name="flex flex-col gap-4"),
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
