"""Order history (/orders) and the printable receipt (/orders/[route_arg])."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cart_orders import summary_row
from marketplace.components.icons import lucide
from marketplace.components.ui import empty_state, error_state, pager, spinner
from marketplace.layouts import SITE_NAME
from marketplace.shapes.commerce import OrderLine
from marketplace.shapes.order_history import OrderHistoryItem
from marketplace.states.orders import OrdersState, ReceiptState

# Printing the receipt prints the receipt: no header, footer, buttons or toasts; black on white, full width.
PRINT_CSS = """
@media print {
  header, footer, [data-sonner-toaster], #reflex-new-version-banner, .no-print { display: none !important; }
  body { background: #fff !important; }
  main { padding: 0 !important; }
  .receipt { border: none !important; box-shadow: none !important; max-width: none !important; padding: 0 !important; }
  a[href]::after { content: none !important; }
}
"""


def status_badge(label, tone) -> rx.Component:
    """An order's status in words, coloured by how it stands (paid green, waiting amber, failed red)."""
    return rx.el.span(
        label,
        class_name=rx.match(
            tone,
            ("green", f"{styles.BADGE} bg-green-50 text-green-800 ring-1 ring-green-200"),
            ("amber", f"{styles.BADGE} bg-amber-50 text-amber-800 ring-1 ring-amber-200"),
            ("red", f"{styles.BADGE} bg-red-50 text-red-800 ring-1 ring-red-200"),
            f"{styles.BADGE} bg-gray-100 text-gray-700 ring-1 ring-gray-200",
        ),
        data_testid="order-status",
    )


def _line(line: OrderLine) -> rx.Component:
    return rx.el.li(
        rx.el.a(
            line.title,
            href="/courses/" + line.course_id.to_string(),
            class_name="min-w-0 text-gray-900 hover:text-blue-600 hover:underline",
        ),
        rx.el.span(line.price_text, class_name="shrink-0 tabular-nums text-gray-700"),
        class_name="flex items-start justify-between gap-4 py-1.5 text-sm",
    )


def _order(order: OrderHistoryItem) -> rx.Component:
    return rx.el.li(
        rx.el.article(
            rx.el.div(
                rx.el.div(
                    rx.el.h2(order.created_text, class_name="text-base font-semibold text-gray-900"),
                    rx.el.p("Order ", order.tx_ref, class_name="text-xs text-gray-500 break-all"),
                    class_name="min-w-0",
                ),
                status_badge(order.status_label, order.status_tone),
                class_name="flex items-start justify-between gap-3",
            ),
            rx.el.ul(rx.foreach(order.lines, _line), class_name="mt-3 border-t border-gray-100 pt-2"),
            rx.el.div(
                rx.el.p(
                    "Total ",
                    rx.el.span(order.total_text, class_name="font-bold tabular-nums text-gray-900"),
                    class_name="text-sm text-gray-700",
                    data_testid="order-total",
                ),
                rx.el.a(
                    lucide("receipt", size=16, aria_hidden="true"),
                    "View receipt",
                    href=order.receipt_url,
                    aria_label="Receipt of order " + order.tx_ref,
                    class_name=f"{styles.BTN_OUTLINE} min-h-[44px] px-3 text-sm",
                ),
                class_name="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-3",
            ),
            aria_label="Order of " + order.created_text,
            class_name=f"{styles.CARD} p-4 sm:p-5",
        ),
        data_testid="order",
    )


def orders_list() -> rx.Component:
    """The learner's orders, newest first, with the pager; loading, error and empty states."""
    return rx.cond(
        OrdersState.loading,
        spinner("Loading your orders..."),
        rx.cond(
            OrdersState.error != "",
            error_state(OrdersState.error, OrdersState.load),
            rx.cond(
                OrdersState.total == 0,
                empty_state(
                    "No orders yet",
                    "Courses you buy appear here, each with a printable receipt.",
                    "Browse courses",
                    routes.CATEGORIES,
                ),
                rx.fragment(
                    rx.el.ul(rx.foreach(OrdersState.orders, _order), class_name="flex flex-col gap-4"),
                    pager(OrdersState.page, OrdersState.pages, OrdersState.go_to_page),
                ),
            ),
        ),
    )


def _fact(label: str, value, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs uppercase tracking-wide text-gray-500"),
        rx.el.dd(value, class_name="mt-0.5 break-all text-sm text-gray-900", data_testid=test_id),
    )


def _receipt_line(line: OrderLine) -> rx.Component:
    return rx.el.tr(
        rx.el.td(line.title, class_name="py-2 pr-4 text-sm text-gray-900"),
        rx.el.td(line.price_text, class_name="py-2 text-right text-sm tabular-nums text-gray-900"),
        class_name="border-b border-gray-100",
    )


def receipt_card() -> rx.Component:
    """The receipt: who sold, which order, when, to whom, each course, how the prices became the total."""
    o = ReceiptState.order
    return rx.el.article(
        rx.el.div(
            rx.el.div(
                rx.el.p(SITE_NAME, class_name="text-lg font-extrabold text-blue-700"),
                rx.el.h1("Receipt", class_name=f"{styles.H1} mt-1"),
            ),
            status_badge(o.status_label, o.status_tone),
            class_name="flex items-start justify-between gap-4",
        ),
        rx.el.dl(
            _fact("Order reference", o.tx_ref, "receipt-ref"),
            _fact("Date", o.created_text, "receipt-date"),
            rx.cond(o.paid_text != "", _fact("Paid on", o.paid_text, "receipt-paid")),
            _fact("Billed to", o.email, "receipt-email"),
            class_name="mt-6 grid gap-4 sm:grid-cols-2",
        ),
        rx.el.table(
            rx.el.thead(
                rx.el.tr(
                    rx.el.th("Course", scope="col", class_name="py-2 pr-4 text-left text-xs uppercase text-gray-500"),
                    rx.el.th("Price", scope="col", class_name="py-2 text-right text-xs uppercase text-gray-500"),
                    class_name="border-b border-gray-200",
                ),
            ),
            rx.el.tbody(rx.foreach(o.lines, _receipt_line)),
            class_name="mt-6 w-full border-collapse",
        ),
        rx.el.dl(
            rx.foreach(o.summary, summary_row),
            rx.el.div(
                rx.el.dt("Total", class_name="font-bold text-gray-900"),
                rx.el.dd(o.total_text, class_name="font-bold tabular-nums text-gray-900", data_testid="receipt-total"),
                class_name="mt-2 flex justify-between gap-4 border-t border-gray-200 pt-3",
            ),
            class_name="ml-auto mt-4 max-w-xs",
            data_testid="receipt-summary",
        ),
        rx.el.p(
            "Amounts in Nigerian naira (",
            o.currency,
            "). Thank you for learning with ",
            SITE_NAME,
            ".",
            class_name="mt-8 text-xs text-gray-500",
        ),
        class_name=f"receipt {styles.CARD} mx-auto max-w-2xl p-5 sm:p-8",
    )


def receipt_actions() -> rx.Component:
    """Print (the browser's own dialog) and the way back to every order; never printed."""
    return rx.el.div(
        rx.el.a(
            lucide("arrow-left", size=16, aria_hidden="true"),
            "All orders",
            href=routes.ORDERS,
            class_name=f"{styles.BTN_GHOST} px-3",
        ),
        rx.el.button(
            lucide("printer", size=16, aria_hidden="true"),
            "Print",
            type="button",
            on_click=rx.call_script("window.print()"),
            class_name=styles.BTN_PRIMARY,
        ),
        class_name="no-print mx-auto mb-4 flex max-w-2xl items-center justify-between gap-3",
    )


def receipt_view() -> rx.Component:
    """The receipt page's body: loading, not found, error, or the receipt with its actions."""
    return rx.fragment(
        rx.el.style(PRINT_CSS),
        rx.cond(
            ReceiptState.loading,
            spinner("Loading the receipt..."),
            rx.cond(
                ReceiptState.not_found,
                empty_state(
                    "Order not found",
                    "We could not find this order in your account.",
                    "My orders",
                    routes.ORDERS,
                ),
                rx.cond(
                    ReceiptState.error != "",
                    error_state(ReceiptState.error, ReceiptState.load),
                    rx.fragment(receipt_actions(), receipt_card()),
                ),
            ),
        ),
    )
