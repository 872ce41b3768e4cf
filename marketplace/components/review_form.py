"""The review form used on the course page, in the player's Reviews tab and on the mentor page.

Stars are real radio buttons (one group, arrow keys work, each labelled "n stars") and the comment a labelled
textarea; both stay in the browser until submitted (no round trip per keystroke or click, so nothing can race
the learner's input), and the form is re-mounted empty after a post. The button says Submitting... meanwhile.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import submit_button
from marketplace.states.reviews import ReviewFormState


def _filled_when_rated(value: int) -> str:
    # Uncontrolled radios keep the choice in the browser; CSS fills star n while any choice >= n is checked.
    return " ".join(
        f"group-has-[input[value='{k}']:checked]/rating:fill-amber-500 "
        f"group-has-[input[value='{k}']:checked]/rating:text-amber-500"
        for k in range(value, 6)
    )


def _star_choice(value: int, chosen: rx.Var | None = None) -> rx.Component:
    label = "1 star" if value == 1 else f"{value} stars"
    checked = {"default_checked": chosen == value} if chosen is not None else {}
    return rx.el.label(
        rx.el.input(type="radio", name="rating", value=str(value), class_name="sr-only", **checked),
        lucide("star", size=28, class_name=f"text-gray-300 hover:text-amber-400 {_filled_when_rated(value)}"),
        rx.el.span(label, class_name="sr-only"),
        title=label,
        class_name="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md "
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-blue-600",
    )


def star_choices(chosen: rx.Var | None = None) -> rx.Component:
    """The "Your rating" radio group of five stars; ``chosen`` (a rating var) is checked at first, if given."""
    return rx.el.fieldset(
        rx.el.legend("Your rating", class_name=styles.LABEL),
        rx.el.div(*[_star_choice(value, chosen) for value in range(1, 6)], class_name="group/rating flex items-center"),
        class_name="mt-3",
    )


def review_form(heading: str = "Write a review", target_label: str = "this course") -> rx.Component:
    """The form; the page's route decides what is reviewed (see :func:`route_target`)."""
    return rx.el.form(
        rx.el.h3(heading, class_name=styles.H3),
        star_choices(),
        rx.el.div(
            rx.el.label("Your review", html_for="review-comment", class_name=styles.LABEL),
            rx.el.textarea(
                id="review-comment",
                name="comment",
                rows=4,
                max_length=2000,
                placeholder=f"What did you think of {target_label}?",
                class_name=styles.INPUT,
            ),
            class_name="mt-3",
        ),
        rx.cond(
            ReviewFormState.error != "",
            rx.el.p(ReviewFormState.error, role="alert", class_name=styles.FIELD_ERROR, data_testid="review-error"),
        ),
        submit_button(
            "Submit review", "Submitting...", ReviewFormState.submitting, f"{styles.BTN_DARK} mt-4 w-full sm:w-auto"
        ),
        key=ReviewFormState.form_version,
        on_submit=ReviewFormState.submit,
        on_mount=ReviewFormState.clear_error,
        aria_label=heading,
        class_name=f"{styles.CARD} p-5",
        data_testid="review-form",
    )
