"""The frame of the account pages: a 50/50 split with a photo beside a simple form (only the form on a phone)."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import image

AUTH_IMAGE = "/images/hero.webp"
AUTH_IMAGE_WIDTH = 960
AUTH_IMAGE_HEIGHT = 720


def auth_split(title: str, subtitle, *body: rx.Component) -> rx.Component:
    """The photo on the left (from ``md`` up) and the form column on the right.

    The photo is lazy and hidden on a phone, so a phone never downloads it.
    """
    return rx.el.div(
        rx.el.div(
            image(
                AUTH_IMAGE,
                "A learner studying on a laptop",
                AUTH_IMAGE_WIDTH,
                AUTH_IMAGE_HEIGHT,
                class_name="h-auto w-full rounded-lg",
            ),
            class_name="hidden md:flex md:w-1/2 md:items-center",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.h1(title, class_name=styles.H1),
                rx.el.p(subtitle, class_name=f"{styles.MUTED} mt-2") if subtitle else rx.fragment(),
                *body,
                class_name="w-full max-w-md",
            ),
            class_name="flex w-full items-center justify-center md:w-1/2",
        ),
        class_name=f"{styles.CONTAINER} flex gap-10 py-8 sm:py-12",
    )


def form_alert(message, *extra: rx.Component) -> rx.Component:
    """A form-level error (shown only when ``message`` is not empty), with optional actions under it."""
    return rx.cond(
        message != "",
        rx.el.div(
            rx.el.p(message, class_name="text-sm text-red-800"),
            *extra,
            role="alert",
            class_name="rounded-md border border-red-200 bg-red-50 px-4 py-3",
        ),
        rx.fragment(),
    )


def form_notice(message) -> rx.Component:
    """A form-level success or information note (shown only when ``message`` is not empty)."""
    return rx.cond(
        message != "",
        rx.el.div(
            rx.el.p(message, class_name="text-sm text-green-800"),
            role="status",
            class_name="rounded-md border border-green-200 bg-green-50 px-4 py-3",
        ),
        rx.fragment(),
    )


def divider(text: str = "or") -> rx.Component:
    """A horizontal rule with a word in the middle."""
    return rx.el.div(
        rx.el.span(class_name="h-px flex-1 bg-gray-200"),
        rx.el.span(text, class_name="text-xs uppercase tracking-wide text-gray-500"),
        rx.el.span(class_name="h-px flex-1 bg-gray-200"),
        class_name="flex items-center gap-3",
    )


def password_field(label: str, name: str, *, error, shown, on_toggle, on_change, auto_complete: str) -> rx.Component:
    """A password input with a show/hide button (its label says what pressing it will do)."""
    has_error = error != ""
    return rx.el.div(
        rx.el.label(label, html_for=name, class_name=styles.LABEL),
        rx.el.div(
            rx.el.input(
                id=name,
                name=name,
                type=rx.cond(shown, "text", "password"),
                auto_complete=auto_complete,
                aria_invalid=has_error,
                aria_describedby=f"{name}-error",
                on_change=on_change,
                class_name=f"{styles.INPUT} pr-12",
            ),
            rx.el.button(
                rx.cond(shown, lucide("eye-off", size=18), lucide("eye", size=18)),
                type="button",
                on_click=on_toggle,
                # Like the submit buttons (ui.submit_button): pressed in the page's first instant, before the
                # page's on_load, the toggle would be reset by it (or not heard at all).
                disabled=~rx.State.is_hydrated,
                aria_label=rx.cond(shown, "Hide password", "Show password"),
                aria_pressed=shown,
                class_name="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-gray-500 "
                "hover:text-gray-900",
            ),
            class_name="relative",
        ),
        rx.cond(has_error, rx.el.p(error, id=f"{name}-error", class_name=styles.FIELD_ERROR, role="alert")),
    )
