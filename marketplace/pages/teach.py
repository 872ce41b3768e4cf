"""/teach: what teaching on Naija Learn means, then the way in for each visitor (docs/product.md, "Becoming an
instructor"): a visitor logs in or signs up and comes back, a learner fills in the form, an instructor goes on to
the studio."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.teach import already_teaching, how_it_works, onboarding_form, signed_out
from marketplace.layouts import container, page, spinner
from marketplace.states.session import SessionState
from marketplace.states.teach import TeachState


def _way_in() -> rx.Component:
    return rx.cond(
        ~rx.State.is_hydrated,
        spinner(),
        rx.cond(
            SessionState.logged_in,
            rx.cond(SessionState.is_instructor | (TeachState.instructor_id > 0), already_teaching(), onboarding_form()),
            signed_out(),
        ),
    )


@page(routes.TEACH, "Teach on Naija Learn", on_load=TeachState.load)
def teach() -> rx.Component:
    """The revenue share and how payment works, then the onboarding form or the studio's door."""
    return container(
        rx.el.div(
            rx.el.p("Teach on Naija Learn", class_name="text-sm font-semibold uppercase text-blue-600"),
            rx.el.h1("Share what you know with learners across Nigeria", class_name=f"{styles.H1} mt-2"),
            rx.el.p(
                "Create a course from your phone or laptop, set its price in naira (or make it free), and earn "
                "from every learner who enrolls.",
                class_name=f"{styles.BODY} mt-3 max-w-2xl",
            ),
            class_name="max-w-3xl",
        ),
        rx.el.div(how_it_works(), _way_in(), class_name="mt-8 flex max-w-3xl flex-col gap-8"),
        class_name="py-10",
    )
