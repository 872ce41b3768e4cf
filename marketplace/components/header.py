"""The site header: signed-out and signed-in variants, with a mobile menu."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.search import search_box
from marketplace.states.header import HeaderState
from marketplace.states.notifications import BellState
from marketplace.states.session import SessionState

MENU_LINKS = (
    ("Home", routes.HOME),
    ("Profile", routes.PROFILE_SETTINGS),
    ("My Courses", routes.MY_COURSES),
    ("Teachers", routes.TEACHERS),
    ("Message", routes.MESSAGES),
    ("My Reviews", routes.MY_REVIEWS),
)


def logo() -> rx.Component:
    """The product's name as a link home."""
    return rx.el.a(
        rx.icon("graduation-cap", size=26, class_name="text-blue-600"),
        rx.el.span("Naija", class_name="text-gray-900"),
        rx.el.span("Learn", class_name="text-blue-600"),
        href=routes.HOME,
        class_name="flex items-center gap-1.5 text-xl font-extrabold tracking-tight shrink-0",
        aria_label="Naija Learn home",
    )


def _icon_link(icon: str, href: str, label: str, count=None) -> rx.Component:
    badge = (
        rx.cond(
            count > 0,
            rx.el.span(
                count,
                class_name="absolute -top-1 -right-1 min-w-[18px] h-[18px] rounded-full bg-blue-600 text-white "
                "text-[11px] font-bold flex items-center justify-center px-1",
                data_testid=f"{icon}-count",
            ),
        )
        if count is not None
        else rx.fragment()
    )
    return rx.el.a(
        rx.icon(icon, size=22),
        badge,
        href=href,
        aria_label=label,
        title=label,
        class_name="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 "
        "hover:bg-gray-100",
    )


def _avatar() -> rx.Component:
    return rx.cond(
        SessionState.user["profilePicture"] != "",
        rx.el.img(
            src=SessionState.user["profilePicture"],
            alt="",
            # As attributes: Reflex turns width/height props into CSS; the attributes reserve the box.
            custom_attrs={"width": "36", "height": "36"},
            class_name="h-9 w-9 rounded-full object-cover",
        ),
        rx.el.span(
            SessionState.initials,
            class_name="flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-sm font-bold "
            "text-white",
        ),
    )


def account_menu() -> rx.Component:
    """The avatar with its dropdown: Home, Profile, My Courses, Teachers, Message, My Reviews, Logout."""
    return rx.el.details(
        rx.el.summary(
            _avatar(),
            rx.el.span("Account menu", class_name="sr-only"),
            class_name="list-none cursor-pointer rounded-full p-1 hover:bg-gray-100 [&::-webkit-details-marker]:hidden",
            aria_label="Account menu",
        ),
        rx.el.div(
            rx.el.p(
                SessionState.full_name,
                class_name="px-4 py-2 text-sm font-semibold text-gray-900 border-b border-gray-200",
            ),
            *[
                rx.el.a(label, href=href, class_name="block px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50")
                for label, href in MENU_LINKS[:1]
            ],
            # A phone's signed-in header has no room for the Categories link (nor a menu beside four icons).
            rx.el.a(
                "Categories",
                href=routes.CATEGORIES,
                class_name="block px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50 md:hidden",
            ),
            *[
                rx.el.a(label, href=href, class_name="block px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50")
                for label, href in MENU_LINKS[1:]
            ],
            rx.el.button(
                "Logout",
                on_click=HeaderState.logout,
                type="button",
                class_name="block w-full text-left px-4 py-2.5 text-sm text-red-700 hover:bg-red-50 "
                "border-t border-gray-200",
            ),
            # A disclosure of plain links, not role="menu": a menu would need menuitem children and arrow-key focus.
            class_name="absolute right-0 mt-2 w-56 rounded-lg border border-gray-200 bg-white py-1 shadow-lg z-50",
        ),
        class_name="relative",
    )


def _signed_in_actions() -> rx.Component:
    return rx.el.div(
        _icon_link("heart", routes.WISHLIST, "Saved for later"),
        _icon_link("shopping-cart", routes.CART, "Cart", SessionState.cart_count),
        _icon_link("bell", routes.NOTIFICATIONS, "Notifications", BellState.unread),
        account_menu(),
        class_name="flex items-center gap-1",
    )


def _signed_out_actions() -> rx.Component:
    return rx.el.div(
        rx.el.a("Teach on Naija Learn", href=routes.REGISTER, class_name="hidden lg:inline text-sm text-gray-700 px-2"),
        rx.el.a("Log In", href=routes.LOGIN, class_name=styles.BTN_OUTLINE),
        rx.el.a("Sign Up", href=routes.REGISTER, class_name=styles.BTN_DARK),
        class_name="hidden md:flex items-center gap-2",
    )


def _mobile_menu() -> rx.Component:
    link = "block rounded-md px-3 py-3 text-gray-800 hover:bg-gray-50"
    return rx.el.details(
        rx.el.summary(
            rx.icon("menu", size=24),
            rx.el.span("Menu", class_name="sr-only"),
            class_name="list-none flex h-11 w-11 items-center justify-center rounded-md cursor-pointer "
            "hover:bg-gray-100 [&::-webkit-details-marker]:hidden",
            aria_label="Menu",
        ),
        rx.el.nav(
            rx.el.div(search_box("mobile"), class_name="mb-2"),
            rx.el.a("Categories", href=routes.CATEGORIES, class_name=link),
            rx.el.a("Teach on Naija Learn", href=routes.REGISTER, class_name=link),
            rx.el.a("Log In", href=routes.LOGIN, class_name=link),
            rx.el.a("Sign Up", href=routes.REGISTER, class_name=link),
            class_name="absolute left-0 right-0 top-full border-b border-gray-200 bg-white p-4 shadow-lg z-50",
            aria_label="Mobile",
        ),
        class_name="md:hidden",
    )


def header() -> rx.Component:
    """The header for every page."""
    return rx.el.header(
        rx.el.div(
            rx.cond(SessionState.logged_in, rx.fragment(), _mobile_menu()),
            logo(),
            rx.el.nav(
                rx.el.a("Categories", href=routes.CATEGORIES, class_name="text-sm font-medium text-gray-700 px-2"),
                class_name="hidden md:block",
                aria_label="Main",
            ),
            rx.el.div(search_box("desktop"), class_name="hidden md:block flex-1 max-w-md"),
            rx.el.div(class_name="flex-1 md:hidden"),
            rx.cond(SessionState.logged_in, _signed_in_actions(), _signed_out_actions()),
            class_name=f"{styles.CONTAINER} flex items-center gap-3 h-16",
        ),
        rx.cond(
            SessionState.logged_in,
            rx.el.div(search_box("mobile-signed-in"), class_name="md:hidden px-4 pb-3"),
        ),
        class_name="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur",
        on_mount=HeaderState.load_counts,
    )
