"""The Reply form the instructor gets under each review of their course (or of themselves, on the mentor page).

The form is a native <details> (no state until it is sent); the domain decides who may answer, whatever the
browser shows or sends.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.ui import submit_button
from marketplace.shapes.reviews import Review
from marketplace.states.reviews import ReviewReplyState


def reply_form(review: Review) -> rx.Component:
    """Reply (or Edit reply) under a review; re-mounted closed once the answer changes."""
    field_id = "reply-" + review.id.to_string()
    return rx.el.details(
        rx.el.summary(
            rx.cond(review.reply != "", "Edit reply", "Reply"),
            class_name="inline-flex min-h-[44px] cursor-pointer items-center text-sm font-semibold text-blue-700",
        ),
        rx.el.form(
            rx.el.input(type="hidden", name="review_id", value=review.id.to_string()),
            rx.el.label("Your reply to " + review.author_name, html_for=field_id, class_name=styles.LABEL),
            rx.el.textarea(
                id=field_id,
                name="reply",
                rows=3,
                max_length=2000,
                default_value=review.reply,
                class_name=styles.INPUT,
            ),
            submit_button("Post reply", "Posting...", ReviewReplyState.submitting, f"{styles.BTN_DARK} mt-2"),
            on_submit=ReviewReplyState.submit,
            class_name="mt-2",
        ),
        key=review.id.to_string() + review.reply_date_text,
        class_name="mt-2",
    )
