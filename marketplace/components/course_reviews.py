"""The course page's Reviews section: the real summary (average, count, per-star bars) and the newest reviews.

The review form (components/review_form.py) sits between the summary and the list.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import review_list, review_summary
from marketplace.components.review_form import review_form
from marketplace.components.review_reply import reply_form
from marketplace.components.ui import pager
from marketplace.states.course import CourseState


def reviews_section() -> rx.Component:
    """Summary, the review form, and the list of the course's reviews."""
    return rx.el.section(
        rx.el.h2("Reviews", class_name=styles.H2),
        rx.el.div(review_summary(CourseState.summary), class_name="mt-4"),
        rx.el.div(review_form(), class_name="mt-6"),
        rx.el.div(
            review_list(
                CourseState.reviews,
                CourseState.loading,
                CourseState.error,
                extra=lambda review: rx.cond(CourseState.can_reply, reply_form(review)),
            ),
            class_name="mt-4",
            data_testid="course-reviews",
        ),
        pager(CourseState.review_page, CourseState.review_pages, CourseState.go_to_review_page),
        aria_label="Reviews",
    )
