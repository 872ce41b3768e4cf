"""The Order Details card: subtotal, discount, coupon, tax and total from the one pricing module, in naira."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.shapes.commerce import CartTotals


def _line(label, value, *, test_id: str, strong: bool = False) -> rx.Component:
    text = "text-base font-bold text-gray-900" if strong else "text-sm text-gray-700"
    return rx.el.div(
        rx.el.dt(label, class_name=text),
        rx.el.dd(value, class_name=f"{text} tabular-nums", data_testid=test_id),
        class_name="flex items-center justify-between gap-4 py-1.5",
    )


def totals_list(totals: CartTotals) -> rx.Component:
    """The money lines; discounts are shown as what they are, amounts taken off.

    The coupon line appears only when a discount code is applied (on the checkout page).
    """
    discount = rx.cond(totals.discount_text == "₦0", totals.discount_text, "-" + totals.discount_text)
    coupon = rx.cond(
        totals.coupon_discount_text == "₦0", totals.coupon_discount_text, "-" + totals.coupon_discount_text
    )
    return rx.el.dl(
        _line("Subtotal", totals.subtotal_text, test_id="subtotal"),
        _line("Discount", discount, test_id="discount"),
        rx.cond(
            totals.coupon_code != "",
            _line("Coupon " + totals.coupon_code, coupon, test_id="coupon-discount"),
        ),
        _line("Tax", totals.tax_text, test_id="tax"),
        rx.el.div(class_name="my-2 border-t border-gray-200"),
        _line("Total", totals.total_text, test_id="total", strong=True),
    )


def order_summary(totals: CartTotals, *actions: rx.Component, heading_id: str = "order-details") -> rx.Component:
    """The summary card with its heading, the totals and the page's action (a link or a button)."""
    return rx.el.section(
        rx.el.h2("Order Details", id=heading_id, class_name=styles.H3),
        rx.el.div(totals_list(totals), class_name="mt-3"),
        rx.el.div(*actions, class_name="mt-5 flex flex-col gap-3"),
        aria_labelledby=heading_id,
        class_name=f"{styles.CARD} p-5 lg:sticky lg:top-24 h-fit",
    )
