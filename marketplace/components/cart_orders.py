"""The order result pages' bodies: Order Complete (/order1) and Order Failed (/order2)."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.shapes.commerce import OrderLine, ReceiptRow
from marketplace.states.order import OrderState


def _line(line: OrderLine) -> rx.Component:
    return rx.el.li(
        rx.el.span(line.title, class_name="min-w-0 text-gray-900"),
        rx.el.span(line.price_text, class_name="shrink-0 font-medium tabular-nums text-gray-900"),
        class_name="flex items-start justify-between gap-4 py-2 border-b border-gray-200 text-sm",
    )


def _summary_row(row: ReceiptRow) -> rx.Component:
    return rx.el.div(
        rx.el.dt(row.label, class_name="text-gray-700"),
        rx.el.dd(row.amount_text, class_name="tabular-nums text-gray-700"),
        class_name="flex justify-between py-1 text-sm",
    )


def order_card() -> rx.Component:
    """The order's courses, how they become the total, and the total (only the learner's own order is loaded)."""
    return rx.cond(
        OrderState.order.tx_ref != "",
        rx.el.section(
            rx.el.h2("Your order", id="order-lines", class_name=styles.H3),
            rx.el.p("Reference ", OrderState.order.tx_ref, class_name="mt-1 text-xs text-gray-500 break-all"),
            rx.el.ul(rx.foreach(OrderState.order.lines, _line), class_name="mt-3"),
            rx.el.dl(
                rx.foreach(OrderState.order.summary, _summary_row), class_name="pt-2", data_testid="order-summary"
            ),
            rx.el.div(
                rx.el.span("Total", class_name="font-bold text-gray-900"),
                rx.el.span(
                    OrderState.order.total_text,
                    class_name="font-bold tabular-nums text-gray-900",
                    data_testid="order-total",
                ),
                class_name="flex justify-between pt-3",
            ),
            aria_labelledby="order-lines",
            class_name=f"{styles.CARD} mt-6 w-full p-5 text-left",
        ),
        rx.cond(OrderState.error != "", rx.el.p(OrderState.error, class_name="mt-4 text-sm text-gray-500")),
    )


def _result(icon: rx.Component, title: str, text, card: rx.Component, *actions: rx.Component) -> rx.Component:
    return rx.el.div(
        icon,
        rx.el.h1(title, class_name=f"{styles.H1} mt-4"),
        rx.el.p(text, class_name="mt-2 text-gray-600"),
        card,
        rx.el.div(*actions, class_name="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row"),
        class_name="mx-auto flex max-w-lg flex-col items-center py-12 text-center",
    )


def order_complete() -> rx.Component:
    """Order Complete: the receipt is on its way; go learn or keep browsing."""
    email_note = rx.cond(
        OrderState.order.email != "",
        "Thank you for your purchase. A confirmation email is on its way to " + OrderState.order.email + ".",
        "Thank you for your purchase. A confirmation email is on its way.",
    )
    return _result(
        rx.el.span(
            rx.icon("circle-check", size=40, class_name="text-green-700"),
            class_name="flex h-16 w-16 items-center justify-center rounded-full bg-green-50",
        ),
        "Order Complete",
        email_note,
        order_card(),
        rx.el.a("My Courses", href=routes.MY_COURSES, class_name=styles.BTN_PRIMARY),
        rx.el.a("Keep browsing", href=routes.CATEGORIES, class_name=styles.BTN_OUTLINE),
    )


def order_failed() -> rx.Component:
    """Order Failed: nothing was bought; try again from the cart."""
    return _result(
        rx.el.span(
            rx.icon("circle-x", size=40, class_name="text-red-700"),
            class_name="flex h-16 w-16 items-center justify-center rounded-full bg-red-50",
        ),
        "Order Failed",
        "We could not process your order. Your courses are still in your cart, so you can try again.",
        order_card(),
        rx.el.a("Back to cart", href=routes.CART, class_name=styles.BTN_PRIMARY),
        rx.el.a("My Courses", href=routes.MY_COURSES, class_name=styles.BTN_OUTLINE),
    )
