"""The checkout's Coupon code field: type a code and Apply; once applied, the code and Remove."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.states.coupon import CouponState


def _applied() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            lucide("tag", size=16, class_name="shrink-0 text-green-700", aria_hidden="true"),
            rx.el.span("Coupon ", rx.el.strong(CouponState.applied), " applied"),
            class_name="flex min-w-0 items-center gap-2 text-sm text-gray-900",
        ),
        rx.el.button(
            "Remove",
            type="button",
            on_click=CouponState.remove,
            aria_label="Remove coupon " + CouponState.applied,
            class_name=f"{styles.BTN_GHOST} px-3",
        ),
        class_name="flex items-center justify-between gap-3 rounded-md bg-green-50 px-3 py-1",
    )


def _entry() -> rx.Component:
    return rx.el.form(
        rx.el.label("Coupon code", html_for="coupon-code", class_name=styles.LABEL),
        rx.el.div(
            rx.el.input(
                id="coupon-code",
                name="coupon",
                type="text",
                value=CouponState.code,
                on_change=CouponState.set_code,
                auto_complete="off",
                auto_capitalize="characters",
                spell_check=False,
                max_length=40,
                aria_invalid=rx.cond(CouponState.error != "", "true", "false"),
                aria_describedby="coupon-message",
                class_name=f"{styles.INPUT} min-w-0 flex-1 uppercase",
            ),
            rx.el.button("Apply", type="submit", class_name=f"{styles.BTN_OUTLINE} shrink-0"),
            class_name="flex gap-2",
        ),
        on_submit=CouponState.apply,
    )


def coupon_form() -> rx.Component:
    """The field (or the applied code) and, under it, why a code was refused.

    The message area is always in the page and polite, so a screen reader reads a refusal as it appears
    without it competing with the Proceed button's alert.
    """
    return rx.el.div(
        rx.cond(CouponState.applied != "", _applied(), _entry()),
        rx.el.p(
            CouponState.error,
            id="coupon-message",
            aria_live="polite",
            data_testid="coupon-message",
            class_name=rx.cond(CouponState.error != "", styles.FIELD_ERROR, "sr-only"),
        ),
    )
