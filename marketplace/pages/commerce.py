"""Pages: the cart (/cart), checkout (/checkout) and the order results (/order1, /order2)."""

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cart_checkout import return_panel
from marketplace.components.cart_items import cart_list, saved_list
from marketplace.components.cart_orders import order_result
from marketplace.components.cart_summary import order_summary
from marketplace.components.ui import empty_state, error_state
from marketplace.layouts import container, page, spinner
from marketplace.states.cart import CartState
from marketplace.states.checkout import CheckoutState
from marketplace.states.coupon import CouponState
from marketplace.states.order import OrderState
from marketplace.states.session import SessionState


def _cart_body() -> rx.Component:
    proceed = rx.fragment(
        rx.el.a("Proceed to Checkout", href=routes.CHECKOUT, class_name=f"{styles.BTN_PRIMARY} w-full"),
        rx.cond(
            SessionState.logged_in,
            rx.fragment(),
            rx.el.p(
                "You will log in (or create an account) before paying; your cart comes with you.",
                class_name="text-xs text-gray-500",
                data_testid="guest-checkout-note",
            ),
        ),
    )
    return rx.cond(
        CartState.items.length() > 0,
        rx.el.div(
            rx.el.div(cart_list(), saved_list(), class_name="flex min-w-0 flex-col gap-6"),
            order_summary(CartState.totals, proceed),
            class_name="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]",
        ),
        rx.el.div(
            empty_state(
                "Your cart is empty",
                "Find a course you like and add it to your cart.",
                "Browse courses",
                routes.CATEGORIES,
            ),
            saved_list(),
            class_name="mt-6 flex flex-col gap-6",
        ),
    )


@page(routes.CART, "Cart", on_load=CartState.load)
def cart() -> rx.Component:
    """The cart beside its Order Details, and Save for Later; a visitor's is the one their browser keeps."""
    return container(
        rx.el.h1("Shopping Cart", class_name=styles.H1),
        rx.cond(
            CartState.load_error != "",
            rx.el.div(error_state(CartState.load_error, CartState.load), class_name="mt-6"),
            rx.cond(CartState.loaded, _cart_body(), spinner("Loading your cart...")),
        ),
        class_name="py-8 sm:py-10",
    )


@page(
    routes.CHECKOUT,
    "Checkout",
    guarded=True,
    on_load=[CartState.load_checkout, CouponState.refresh, CheckoutState.load],
)
def checkout() -> rx.Component:
    """Billing details, the courses, the totals and Proceed; or the return from the payment page."""
    return container(
        rx.el.h1("Checkout", class_name=styles.H1),
        rx.cond(
            CartState.load_error != "",
            rx.el.div(error_state(CartState.load_error, CartState.load_checkout), class_name="mt-6"),
            rx.cond(CartState.loaded, return_panel(), spinner("Loading your cart...")),
        ),
        class_name="py-8 sm:py-10",
    )


@page(routes.ORDER_COMPLETE, "Order Complete", guarded=True, on_load=OrderState.load)
def order_complete_page() -> rx.Component:
    """Order Complete (or what the order really is: cancelled, failed, waiting, not found)."""
    return container(rx.cond(OrderState.loaded, order_result(), spinner()))


@page(routes.ORDER_FAILED, "Order Failed", guarded=True, on_load=OrderState.load)
def order_failed_page() -> rx.Component:
    """Order Failed, or Payment cancelled (or what the order really is)."""
    return container(rx.cond(OrderState.loaded, order_result(), spinner()))
