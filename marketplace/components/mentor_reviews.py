"""The teacher and mentor pages' Reviews section: the one review list (summary, form, reviews, pager).

The review form works for real: learners enrolled in one of the instructor's courses may review them, five
times at most.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.review_list import reviews_panel


def mentor_reviews_section() -> rx.Component:
    """Summary, the review form, and the list of the instructor's reviews."""
    return rx.el.section(
        rx.el.h2("Reviews", class_name=styles.H2),
        reviews_panel("Review this mentor", "this mentor", list_testid="mentor-reviews"),
        id="reviews",
        aria_label="Reviews",
        class_name="mt-10",
    )
