"""Pages: order history (/orders) and an order's printable receipt (/orders/[route_arg])."""

import reflex as rx

from marketplace import routes, styles
from marketplace.components.orders import orders_list, receipt_view
from marketplace.layouts import container, page
from marketplace.states.orders import OrdersState, ReceiptState


@page(routes.ORDERS, "My orders", guarded=True, on_load=OrdersState.load)
def orders() -> rx.Component:
    """Every order of the learner with its status, courses, total and receipt."""
    return container(
        rx.el.h1("My orders", class_name=styles.H1),
        rx.el.p("Every order you placed, newest first.", class_name=f"{styles.MUTED} mt-1"),
        rx.el.div(orders_list(), class_name="mt-6"),
        class_name="py-8 sm:py-10",
    )


@page(routes.ORDER_RECEIPT, ReceiptState.page_title, guarded=True, on_load=ReceiptState.load)
def receipt() -> rx.Component:
    """The printable receipt of one order."""
    return container(receipt_view(), class_name="py-8 sm:py-10 print:py-0")
