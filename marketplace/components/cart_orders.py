"""The order result pages' bodies (/order1 after paying, /order2 after a payment that did not go through).

Both show what the order really is, by its status: complete, failed, cancelled by the learner, or still waiting
for the bank; and "Order not found" for a reference that is not one of the learner's orders.
"""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.shapes.commerce import OrderLine, ReceiptRow
from marketplace.states.order import OrderState


def _line(line: OrderLine) -> rx.Component:
    return rx.el.li(
        rx.el.span(line.title, class_name="min-w-0 text-gray-900"),
        rx.el.span(line.price_text, class_name="shrink-0 font-medium tabular-nums text-gray-900"),
        class_name="flex items-start justify-between gap-4 py-2 border-b border-gray-200 text-sm",
    )


def summary_row(row: ReceiptRow) -> rx.Component:
    """One row of how an order's prices become its total (Subtotal, Discount, Tax...), in a <dl>."""
    return rx.el.div(
        rx.el.dt(row.label, class_name="text-gray-700"),
        rx.el.dd(row.amount_text, class_name="tabular-nums text-gray-700"),
        class_name="flex justify-between gap-4 py-1 text-sm",
    )


def order_card() -> rx.Component:
    """The order's courses, how they become the total, and the total (only the learner's own order is loaded)."""
    return rx.el.section(
        rx.el.h2("Your order", id="order-lines", class_name=styles.H3),
        rx.el.p("Reference ", OrderState.order.tx_ref, class_name="mt-1 text-xs text-gray-500 break-all"),
        rx.el.ul(rx.foreach(OrderState.order.lines, _line), class_name="mt-3"),
        rx.el.dl(rx.foreach(OrderState.order.summary, summary_row), class_name="pt-2", data_testid="order-summary"),
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
    )


def _result(icon: str, tone: str, title, text, card: rx.Component, *actions: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.span(
            lucide(icon, size=40, class_name=f"text-{tone}-700"),
            class_name=f"flex h-16 w-16 items-center justify-center rounded-full bg-{tone}-50",
        ),
        rx.el.h1(title, class_name=f"{styles.H1} mt-4"),
        rx.el.p(text, class_name="mt-2 text-gray-600"),
        card,
        rx.el.div(*actions, class_name="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row"),
        class_name="mx-auto flex max-w-lg flex-col items-center py-12 text-center",
    )


def _link(label: str, href: str, primary: bool = False) -> rx.Component:
    return rx.el.a(label, href=href, class_name=styles.BTN_PRIMARY if primary else styles.BTN_OUTLINE)


def _complete() -> rx.Component:
    email_note = rx.cond(
        OrderState.order.email != "",
        "Thank you for your purchase. A confirmation email is on its way to " + OrderState.order.email + ".",
        "Thank you for your purchase. A confirmation email is on its way.",
    )
    return _result(
        "circle-check",
        "green",
        "Order Complete",
        email_note,
        order_card(),
        _link("My Courses", routes.MY_COURSES, primary=True),
        rx.el.a("View receipt", href="/orders/" + OrderState.order.tx_ref, class_name=styles.BTN_OUTLINE),
        _link("Keep browsing", routes.CATEGORIES),
    )


def _failed() -> rx.Component:
    return _result(
        "circle-x",
        "red",
        "Order Failed",
        "We could not process your order, and nothing was charged. You can try again.",
        order_card(),
        _link("Back to cart", routes.CART, primary=True),
        _link("My orders", routes.ORDERS),
    )


def _cancelled() -> rx.Component:
    return _result(
        "circle-slash",
        "gray",
        "Payment cancelled",
        "You cancelled the payment, so nothing was charged. You can try again whenever you are ready.",
        order_card(),
        _link("Back to cart", routes.CART, primary=True),
        _link("My orders", routes.ORDERS),
    )


def _pending() -> rx.Component:
    return _result(
        "clock",
        "amber",
        "Waiting for your payment",
        "We will enrol you and email your receipt as soon as the payment is confirmed.",
        order_card(),
        _link("My orders", routes.ORDERS, primary=True),
        _link("Keep browsing", routes.CATEGORIES),
    )


def _not_found() -> rx.Component:
    return _result(
        "search-x",
        "gray",
        rx.cond(OrderState.failed_to_load, "Something went wrong", "Order not found"),
        rx.cond(
            OrderState.failed_to_load,
            OrderState.error,
            "We could not find this order in your account. Your orders are listed under My orders.",
        ),
        rx.fragment(),
        _link("My orders", routes.ORDERS, primary=True),
        _link("Keep browsing", routes.CATEGORIES),
    )


def order_result() -> rx.Component:
    """The order as it stands (only the learner's own order is loaded), or Order not found."""
    return rx.cond(
        OrderState.order.tx_ref != "",
        rx.match(
            OrderState.order.status,
            ("paid", _complete()),
            ("cancelled", _cancelled()),
            ("pending", _pending()),
            _failed(),
        ),
        _not_found(),
    )
