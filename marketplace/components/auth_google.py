"""The Google sign-in block of /login and /register (nothing at all when no client id is set).

See :mod:`marketplace.states.auth_google` for the two ways it works (Google's own button, or the standard
OpenID Connect redirect against a local provider in tests).
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.auth_layout import divider
from marketplace.states.auth_google import GoogleState


def _gis_button() -> rx.Component:
    """Google's button is drawn into #google-button by its script; the hidden form carries its credential."""
    return rx.el.div(
        rx.el.div(id="google-button", class_name="flex min-h-[44px] w-full justify-center"),
        rx.el.form(
            rx.el.input(type="hidden", name="credential"),
            id="google-credential-form",
            on_submit=GoogleState.sign_in_with_credential,
            class_name="hidden",
        ),
    )


def _provider_button(label: str) -> rx.Component:
    return rx.el.button(
        rx.el.span("G", class_name="text-base font-bold text-blue-600", aria_hidden="true"),
        label,
        type="button",
        on_click=GoogleState.start_provider_flow,
        disabled=GoogleState.busy | ~rx.State.is_hydrated,
        class_name=f"{styles.BTN_OUTLINE} w-full",
    )


def google_block(label: str) -> rx.Component:
    """An "or" divider and the Google button, with its failure message under it."""
    return rx.cond(
        GoogleState.mode != "",
        rx.el.div(
            divider(),
            rx.cond(GoogleState.mode == "gis", _gis_button(), _provider_button(label)),
            rx.cond(
                GoogleState.error != "",
                rx.el.p(GoogleState.error, role="alert", class_name=f"{styles.FIELD_ERROR} text-center"),
            ),
            class_name="mt-6 flex flex-col gap-4",
        ),
        rx.fragment(),
    )
