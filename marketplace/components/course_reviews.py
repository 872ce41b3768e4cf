"""The course page's Reviews section: the one review list (summary, form, reviews, pager) of the course."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.review_list import reviews_panel


def reviews_section() -> rx.Component:
    """Summary, the review form, and the list of the course's reviews."""
    return rx.el.section(
        rx.el.h2("Reviews", class_name=styles.H2),
        reviews_panel(list_testid="course-reviews"),
        aria_label="Reviews",
    )
