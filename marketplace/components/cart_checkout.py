"""The checkout page's parts: billing form, the courses being bought, the coupon, the Proceed button, the return
panels."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cart_coupon import coupon_form
from marketplace.components.cart_summary import order_summary
from marketplace.components.icons import lucide
from marketplace.components.ui import image
from marketplace.domain.billing import COUNTRIES, NIGERIAN_STATES
from marketplace.shapes.commerce import CartItem
from marketplace.states.cart import CartState
from marketplace.states.checkout import CheckoutState
from marketplace.states.coupon import CouponState

_SELECT = f"{styles.INPUT} min-h-[44px] appearance-auto"


def _options(names: tuple[str, ...]) -> list[rx.Component]:
    """A fixed list's options, written into the page: no state var, so no tab computes or holds them."""
    return [rx.el.option(name, value=name) for name in names]


def _country() -> rx.Component:
    return rx.el.div(
        rx.el.label("Country", html_for="billing-country", class_name=styles.LABEL),
        rx.el.select(
            *_options(COUNTRIES),
            id="billing-country",
            name="country",
            value=CheckoutState.country,
            on_change=CheckoutState.set_country,
            auto_complete="country-name",
            class_name=_SELECT,
        ),
    )


def _region() -> rx.Component:
    return rx.el.div(
        rx.el.label("State", html_for="billing-state", class_name=styles.LABEL),
        rx.cond(
            CheckoutState.in_nigeria,
            rx.el.select(
                rx.el.option("Select a state", value=""),
                *_options(NIGERIAN_STATES),
                id="billing-state",
                name="state",
                value=CheckoutState.region,
                on_change=CheckoutState.set_region,
                class_name=_SELECT,
            ),
            rx.el.input(
                id="billing-state",
                name="state",
                type="text",
                value=CheckoutState.region,
                on_change=CheckoutState.set_region,
                auto_complete="address-level1",
                placeholder="State, province or region",
                class_name=styles.INPUT,
            ),
        ),
    )


def _email() -> rx.Component:
    return rx.el.div(
        rx.el.label("Email", html_for="billing-email", class_name=styles.LABEL),
        rx.el.input(
            id="billing-email",
            name="email",
            type="email",
            value=CheckoutState.email,
            on_change=CheckoutState.set_email,
            auto_complete="email",
            class_name=styles.INPUT,
        ),
        rx.el.p("Your receipt goes to this address.", class_name="mt-1 text-xs text-gray-500"),
        class_name="sm:col-span-2",
    )


def billing_form() -> rx.Component:
    """Country (Nigeria first), state (Nigeria's list, else typed) and email."""
    return rx.el.section(
        rx.el.h2("Billing Address", id="billing", class_name=styles.H3),
        rx.el.div(
            _country(), _region(), _email(), class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:last-child]:sm:col-span-2"
        ),
        aria_labelledby="billing",
        class_name=f"{styles.CARD} p-5",
    )


def _line(item: CartItem) -> rx.Component:
    return rx.el.li(
        image(item.image, "", 80, 45, class_name="h-[45px] w-[80px] shrink-0 rounded object-cover bg-gray-100"),
        rx.el.div(
            rx.el.p(item.title, class_name="font-medium text-gray-900 leading-snug line-clamp-2"),
            rx.el.p("By ", item.instructor, class_name="text-xs text-gray-500"),
            class_name="min-w-0 flex-1",
        ),
        rx.el.p(item.price_text, class_name="shrink-0 text-sm font-semibold text-gray-900 tabular-nums"),
        class_name="flex items-center gap-3 py-3 border-b border-gray-200 last:border-b-0",
    )


def _buying_one_note() -> rx.Component:
    """Buy Now's checkout says that it buys this course alone, and offers the cart's checkout instead."""
    return rx.el.p(
        "Buying this course only; your cart stays as it is.",
        rx.cond(
            CartState.items.length() > 0,
            rx.fragment(
                " ",
                rx.el.a("Check out your cart instead", href=routes.CHECKOUT, class_name=f"{styles.LINK} underline"),
            ),
        ),
        class_name="mt-1 text-sm text-gray-600",
    )


def courses_bought() -> rx.Component:
    """The courses being paid for: the cart's, or the one course of Buy Now."""
    return rx.el.section(
        rx.el.div(
            rx.el.h2("Your Courses", id="checkout-courses", class_name=styles.H3),
            rx.cond(
                CartState.buying_one,
                rx.fragment(),
                rx.el.a("Edit cart", href=routes.CART, class_name=f"{styles.LINK} text-sm py-2"),
            ),
            class_name="flex items-center justify-between",
        ),
        rx.cond(CartState.buying_one, _buying_one_note()),
        rx.cond(
            CartState.checkout_items.length() > 0,
            rx.el.ul(rx.foreach(CartState.checkout_items, _line), class_name="mt-1"),
            rx.el.p(
                "Your cart is empty. ",
                # Underlined: a link inside a sentence must not rely on colour alone (axe link-in-text-block).
                rx.el.a("Browse courses", href=routes.CATEGORIES, class_name=f"{styles.LINK} underline"),
                class_name="mt-3 text-sm text-gray-600",
            ),
        ),
        aria_labelledby="checkout-courses",
        class_name=f"{styles.CARD} p-5",
    )


def proceed_button() -> rx.Component:
    """Proceed to Checkout: shows progress and cannot be pressed twice."""
    return rx.fragment(
        rx.el.button(
            rx.cond(
                CheckoutState.starting,
                rx.fragment(
                    rx.el.span(
                        class_name="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white",
                        aria_hidden="true",
                    ),
                    "Starting payment...",
                ),
                rx.fragment(lucide("lock", size=16), "Proceed to Checkout"),
            ),
            type="button",
            on_click=CheckoutState.start_payment,
            disabled=CheckoutState.starting,
            aria_busy=CheckoutState.starting,
            class_name=f"{styles.BTN_PRIMARY} w-full",
        ),
        rx.cond(
            CheckoutState.error != "",
            rx.el.p(CheckoutState.error, role="alert", class_name="text-sm text-red-700"),
        ),
        rx.el.p(
            "You will pay on the payment provider's secure page and come back here.",
            class_name="text-xs text-gray-500",
        ),
    )


def checkout_form() -> rx.Component:
    """Billing and courses beside the Order Details card (with the coupon's totals while a code is applied)."""
    totals = rx.cond(CouponState.applied != "", CouponState.totals, CartState.checkout_totals)
    return rx.el.div(
        rx.el.div(billing_form(), courses_bought(), class_name="flex min-w-0 flex-col gap-6"),
        order_summary(totals, coupon_form(), proceed_button()),
        class_name="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]",
    )


def _panel(icon: rx.Component, title: str, text: str, *extra: rx.Component) -> rx.Component:
    return rx.el.div(
        icon,
        rx.el.h2(title, class_name=f"{styles.H3} mt-4"),
        rx.el.p(text, class_name="mt-2 text-sm text-gray-600"),
        *extra,
        role="status",
        aria_live="polite",
        class_name=f"{styles.CARD} mx-auto mt-8 flex max-w-md flex-col items-center p-8 text-center",
    )


def _spinning() -> rx.Component:
    return rx.el.span(
        class_name="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-blue-600",
        aria_hidden="true",
    )


def return_panel() -> rx.Component:
    """What the page shows while a return is verified or a bank transfer awaits confirmation."""
    return rx.match(
        CheckoutState.phase,
        ("verifying", _panel(_spinning(), "Checking your payment...", "This takes a moment.")),
        (
            "waiting",
            _panel(
                _spinning(),
                "Waiting for your bank to confirm the transfer...",
                "This page updates by itself as soon as the payment is confirmed. You can keep it open.",
            ),
        ),
        (
            "slow",
            _panel(
                lucide("clock", size=40, class_name="text-amber-600"),
                "Your bank has not confirmed the transfer yet",
                "We will enrol you and email your receipt as soon as it does.",
                rx.el.div(
                    rx.el.a("My Courses", href=routes.MY_COURSES, class_name=styles.BTN_PRIMARY),
                    rx.el.a("Back to cart", href=routes.CART, class_name=styles.BTN_OUTLINE),
                    class_name="mt-5 flex flex-wrap justify-center gap-3",
                ),
            ),
        ),
        checkout_form(),
    )
