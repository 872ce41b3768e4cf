"""One review on My Reviews (/profile3): what it says, then Edit (an inline form with the review form's stars
and comment) and Delete (asked first, right under it).

One review is edited or asked about at a time (the state keeps its id). The form's fields stay in the browser
until Save; the server checks them, and that the review is the caller's, whatever the page sends.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.review_form import star_choices
from marketplace.components.review_list import review_answer
from marketplace.components.ui import badge, stars, submit_button
from marketplace.shapes.reviews import Review
from marketplace.states.reviews import MyReviewsState


def _heading(review: Review) -> rx.Component:
    return rx.el.div(
        rx.el.h2(
            rx.el.a(review.target_title, href=review.link, class_name=styles.LINK),
            class_name="font-semibold text-gray-900",
        ),
        rx.el.span(review.date_text, class_name="text-xs text-gray-500"),
        class_name="flex flex-wrap items-baseline justify-between gap-2",
    )


def _rating_line(review: Review) -> rx.Component:
    return rx.el.div(
        stars(review.rating, size=16, label="Rated " + review.rating.to_string() + " out of 5"),
        badge(rx.cond(review.target_type == "Instructor", "Mentor", "Course"), "gray"),
        rx.cond(
            review.counted,
            rx.fragment(),
            rx.el.span(
                badge("Earlier review: not in the rating", "amber"),
                title="Only your latest review of this "
                + rx.cond(review.target_type == "Instructor", "mentor", "course")
                + " counts in its rating.",
            ),
        ),
        class_name="flex flex-wrap items-center gap-2",
    )


def _actions(review: Review) -> rx.Component:
    return rx.el.div(
        rx.el.button(
            lucide("pencil", size=16),
            "Edit",
            type="button",
            on_click=MyReviewsState.start_edit(review.id),
            aria_label="Edit your review of " + review.target_title,
            class_name=f"{styles.BTN_OUTLINE} px-3",
        ),
        rx.el.button(
            lucide("trash-2", size=16),
            "Delete",
            type="button",
            on_click=MyReviewsState.ask_delete(review.id),
            aria_label="Delete your review of " + review.target_title,
            class_name=f"{styles.BTN_DANGER} px-3",
        ),
        class_name="mt-3 flex flex-wrap gap-2",
    )


def _edit_form(review: Review) -> rx.Component:
    field_id = "edit-comment-" + review.id.to_string()
    return rx.el.form(
        rx.el.input(type="hidden", name="review_id", value=review.id.to_string()),
        star_choices(review.rating),
        rx.el.div(
            rx.el.label("Your review", html_for=field_id, class_name=styles.LABEL),
            rx.el.textarea(
                id=field_id,
                name="comment",
                rows=4,
                max_length=2000,
                default_value=review.comment,
                auto_focus=True,
                class_name=styles.INPUT,
            ),
            class_name="mt-3",
        ),
        rx.cond(
            MyReviewsState.edit_error != "",
            rx.el.p(MyReviewsState.edit_error, role="alert", class_name=styles.FIELD_ERROR),
        ),
        rx.el.div(
            submit_button("Save changes", "Saving...", MyReviewsState.saving, styles.BTN_DARK),
            rx.el.button("Cancel", type="button", on_click=MyReviewsState.cancel_edit, class_name=styles.BTN_OUTLINE),
            class_name="mt-3 flex flex-wrap gap-2",
        ),
        key="edit-" + review.id.to_string(),
        on_submit=MyReviewsState.save_edit,
        aria_label="Edit your review of " + review.target_title,
        class_name="mt-2 border-t border-gray-100 pt-2",
    )


def _delete_question(review: Review) -> rx.Component:
    question_id = "delete-question-" + review.id.to_string()
    return rx.el.div(
        rx.el.p(
            "Delete this review? This cannot be undone.", id=question_id, class_name="text-sm font-medium text-red-800"
        ),
        rx.el.div(
            rx.el.button(
                rx.cond(MyReviewsState.deleting, "Deleting...", "Yes, delete"),
                type="button",
                on_click=MyReviewsState.delete(review.id),
                disabled=MyReviewsState.deleting,
                class_name=styles.BTN_DANGER,
            ),
            rx.el.button(
                "Keep it",
                type="button",
                on_click=MyReviewsState.cancel_delete,
                auto_focus=True,
                class_name=styles.BTN_OUTLINE,
            ),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        role="group",
        aria_labelledby=question_id,
        class_name="mt-3 rounded-md border border-red-200 bg-red-50 p-3",
    )


def my_review(review: Review) -> rx.Component:
    """A review of mine: its target (linked), date, stars and comment, with Edit and Delete."""
    return rx.el.li(
        rx.el.article(
            _heading(review),
            _rating_line(review),
            rx.cond(
                MyReviewsState.editing_id == review.id,
                _edit_form(review),
                rx.fragment(
                    # Plain text: a comment never renders as HTML.
                    rx.el.p(review.comment, class_name="mt-2 whitespace-pre-line break-words text-sm text-gray-700"),
                    review_answer(review),
                    rx.cond(MyReviewsState.confirming_id == review.id, _delete_question(review), _actions(review)),
                ),
            ),
            class_name=f"{styles.CARD} flex flex-col gap-1 p-4",
        ),
        data_testid="my-review",
    )
