"""The 404 page for every unknown path."""

import reflex as rx

from marketplace import routes, styles
from marketplace.layouts import container, shell


def not_found() -> rx.Component:
    """Page not found, with a way home."""
    return shell(
        container(
            rx.el.div(
                rx.el.p("404", class_name="text-6xl font-extrabold text-blue-600"),
                rx.el.h1("Page not found", class_name=f"{styles.H1} mt-2"),
                rx.el.p(
                    "The page you are looking for does not exist or has moved.",
                    class_name=f"{styles.BODY} mt-2",
                ),
                rx.el.a("Back to home", href=routes.HOME, class_name=f"{styles.BTN_PRIMARY} mt-6"),
                class_name="flex flex-col items-center py-24 text-center",
            )
        )
    )
