"""Rows of the cart and of Save for Later: thumbnail, title, instructor, details, price, and their actions."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import image
from marketplace.shapes.commerce import CartItem
from marketplace.states.cart import CartState

_ACTION = (
    "inline-flex min-h-[44px] items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-gray-100 "
    "focus-visible:outline-2 focus-visible:outline-blue-600 cursor-pointer"
)


def _course_link(item: CartItem) -> rx.Component:
    return rx.el.a(
        item.title,
        href="/courses/" + item.id.to_string(),
        class_name="font-semibold text-gray-900 leading-snug hover:text-blue-600 line-clamp-2",
    )


def item_row(item: CartItem, *actions: rx.Component, muted: bool = False) -> rx.Component:
    """One course: picture, what it is, its price, and the buttons that move it (below it on a phone)."""
    return rx.el.li(
        rx.el.div(
            image(
                item.image,
                "",
                128,
                72,
                class_name="h-[54px] w-[96px] sm:h-[72px] sm:w-[128px] shrink-0 rounded-md object-cover bg-gray-100"
                + (" opacity-80" if muted else ""),
            ),
            rx.el.div(
                rx.el.div(
                    rx.el.h3(_course_link(item), class_name="text-base"),
                    rx.el.p("By ", item.instructor, class_name=styles.MUTED),
                    rx.el.p(
                        lucide("star", size=12, class_name="inline fill-amber-500 text-amber-500 -mt-0.5"),
                        " ",
                        item.rating_text,
                        " · ",
                        item.lectures,
                        " lectures · ",
                        item.level,
                        class_name="mt-0.5 text-xs text-gray-500",
                    ),
                    class_name="min-w-0",
                ),
                rx.el.p(
                    item.price_text,
                    class_name="shrink-0 text-base font-bold text-gray-900 tabular-nums",
                    data_testid="item-price",
                ),
                class_name="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4",
            ),
            class_name="flex gap-3 sm:gap-4",
        ),
        rx.el.div(*actions, class_name="mt-1 -ml-2 flex flex-wrap items-center gap-x-2 sm:ml-[136px]"),
        class_name="border-b border-gray-200 py-4 last:border-b-0",
        data_testid="cart-item",
    )


def _action(icon: str, label: str, on_click, aria_label, color: str) -> rx.Component:
    """A text button under a cart or saved row (its aria label names the course)."""
    return rx.el.button(
        lucide(icon, size=16),
        label,
        type="button",
        on_click=on_click,
        aria_label=aria_label,
        class_name=f"{_ACTION} {color}",
    )


def cart_row(item: CartItem) -> rx.Component:
    """A course in the cart: Remove, Save for Later."""
    return item_row(
        item,
        _action("trash-2", "Remove", CartState.remove(item.id), "Remove " + item.title + " from cart", "text-red-700"),
        _action(
            "bookmark",
            "Save for Later",
            CartState.save_for_later(item.id),
            "Save " + item.title + " for later",
            "text-blue-700",
        ),
    )


def saved_row(item: CartItem) -> rx.Component:
    """A saved course: Move to Cart, Remove."""
    return item_row(
        item,
        _action(
            "shopping-cart",
            "Move to Cart",
            CartState.move_to_cart(item.id),
            "Move " + item.title + " to cart",
            "text-blue-700",
        ),
        _action(
            "trash-2",
            "Remove",
            CartState.remove_saved(item.id),
            "Remove " + item.title + " from Save for Later",
            "text-red-700",
        ),
        muted=True,
    )


def cart_list() -> rx.Component:
    """The cart's courses with a count and Clear all."""
    return rx.el.section(
        rx.el.div(
            rx.el.h2(
                CartState.count,
                rx.cond(CartState.count == 1, " course in cart", " courses in cart"),
                id="cart-items",
                class_name=styles.H3,
            ),
            rx.el.button(
                "Clear all",
                type="button",
                on_click=CartState.clear_all,
                class_name=f"{_ACTION} text-red-700",
            ),
            class_name="flex items-center justify-between",
        ),
        rx.el.ul(rx.foreach(CartState.items, cart_row), class_name="mt-2"),
        aria_labelledby="cart-items",
        class_name=f"{styles.CARD} px-4 sm:px-5 py-3",
    )


def saved_list() -> rx.Component:
    """Save for Later (shown when it holds something)."""
    return rx.cond(
        CartState.saved.length() > 0,
        rx.el.section(
            rx.el.h2("Saved for Later", id="saved-for-later", class_name=styles.H3),
            rx.el.ul(rx.foreach(CartState.saved, saved_row), class_name="mt-2"),
            aria_labelledby="saved-for-later",
            class_name=f"{styles.CARD} px-4 sm:px-5 py-3",
        ),
    )
