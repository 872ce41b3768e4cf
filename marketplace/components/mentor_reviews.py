"""The teacher and mentor pages' Reviews section: the real summary and the mentor's newest reviews.

The review form (components/review_form.py) sits between the summary and the list; it works for real:
learners enrolled in one of the instructor's courses may review them, five times at most.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import review_list, review_summary
from marketplace.components.review_form import review_form
from marketplace.components.review_reply import reply_form
from marketplace.states.instructor import InstructorState


def mentor_reviews_section() -> rx.Component:
    """Summary, the review form, and the list of the instructor's reviews."""
    return rx.el.section(
        rx.el.h2("Reviews", class_name=styles.H2),
        rx.el.div(review_summary(InstructorState.summary), class_name="mt-4"),
        rx.el.div(review_form("Review this mentor", "this mentor"), class_name="mt-6"),
        rx.el.div(
            review_list(
                InstructorState.reviews,
                InstructorState.loading,
                InstructorState.error,
                extra=lambda review: rx.cond(InstructorState.can_reply, reply_form(review)),
            ),
            class_name="mt-4",
            data_testid="mentor-reviews",
        ),
        id="reviews",
        aria_label="Reviews",
        class_name="mt-10",
    )
