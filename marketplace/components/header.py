"""The site header: signed-out and signed-in variants, the avatar menu and the phone menu."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.search import search_box
from marketplace.states.header import HeaderState
from marketplace.states.notifications import BellState
from marketplace.states.session import SessionState

MENU_LINKS = (
    ("Home", routes.HOME),
    ("Profile", routes.PROFILE_SETTINGS),
    ("My Courses", routes.MY_COURSES),
    ("My orders", routes.ORDERS),
    ("Teachers", routes.TEACHERS),
    ("Message", routes.MESSAGES),
    ("My Reviews", routes.MY_REVIEWS),
)


ACCOUNT_MENU_ID = "account-menu"
PHONE_MENU_ID = "phone-menu"
# Runs every header menu in the browser (loaded once by the app's <head>, see marketplace.py).
MENU_SCRIPT = "/js/menus.js"


def logo() -> rx.Component:
    """The product's name as a link home."""
    return rx.el.a(
        lucide("graduation-cap", size=26, class_name="text-blue-600"),
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
        lucide(icon, size=22),
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


def _menu(label: str, menu_id: str, button: list[rx.Component], panel: rx.Component, **props) -> rx.Component:
    """A button that shows and hides ``panel`` (given the id ``menu_id``), run by assets/js/menus.js in the browser.

    A disclosure of plain links, not role="menu" (which would promise menuitem children and a menu's key model):
    Tab walks it, and so do the arrow keys, Home and End. It closes on a click outside, on Escape (focus goes back
    to the button), when focus leaves it and when a link in it is chosen; opening it sends nothing to the server.
    """
    return rx.el.div(
        rx.el.button(
            *button,
            type="button",
            aria_label=label,
            aria_expanded="false",
            aria_controls=menu_id,
            custom_attrs={"data-menu-button": ""},
            class_name=props.pop("button_class"),
        ),
        panel,
        custom_attrs={"data-menu": ""},
        **props,
    )


_MENU_LINK_CLASS = "block px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50 focus:bg-gray-50"


def _menu_link(label: str, href: str, extra: str = "") -> rx.Component:
    return rx.el.li(
        rx.el.a(label, href=href, class_name=f"{_MENU_LINK_CLASS} {extra}".strip()),
        class_name=extra,
    )


def account_menu() -> rx.Component:
    """The avatar with its menu: Home, (Categories on a phone), Profile, My Courses, My orders, Teachers,
    Message, My Reviews, Studio (or Teach on Naija Learn), Logout. On a phone it is the signed-in header's only menu."""
    return _menu(
        "Account menu",
        ACCOUNT_MENU_ID,
        [_avatar()],
        rx.el.div(
            rx.el.p(
                SessionState.full_name,
                class_name="px-4 py-2 text-sm font-semibold text-gray-900 border-b border-gray-200 truncate",
            ),
            rx.el.ul(
                *[_menu_link(label, href) for label, href in MENU_LINKS[:1]],
                # A phone's signed-in header has no room for the Categories link (nor a menu beside four icons).
                _menu_link("Categories", routes.CATEGORIES, "md:hidden"),
                *[_menu_link(label, href) for label, href in MENU_LINKS[1:]],
                # Beside the header's own link, which a phone has no room for.
                rx.el.li(_teach_or_studio(_MENU_LINK_CLASS)),
            ),
            rx.el.button(
                "Logout",
                on_click=HeaderState.logout,
                type="button",
                class_name="block w-full text-left px-4 py-2.5 text-sm text-red-700 hover:bg-red-50 focus:bg-red-50 "
                "border-t border-gray-200",
            ),
            id=ACCOUNT_MENU_ID,
            hidden=True,
            tab_index=-1,  # a click on the name inside keeps focus in the menu, so it stays open
            class_name="absolute right-0 mt-2 w-56 rounded-lg border border-gray-200 bg-white py-1 shadow-lg z-50 "
            "focus:outline-none",
        ),
        button_class="flex rounded-full p-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600",
        class_name="relative",
    )


def _cart_link() -> rx.Component:
    """The cart with its count, for visitors too: a visitor's cart lives in the browser (SessionState.cart_json)."""
    return _icon_link("shopping-cart", routes.CART, "Cart", SessionState.cart_count)


def _teach_or_studio(class_name: str) -> rx.Component:
    """Instructors go to their studio; everyone else learns what teaching here means (/teach)."""
    return rx.cond(
        SessionState.is_instructor,
        rx.el.a("Studio", href=routes.STUDIO, class_name=class_name),
        rx.el.a("Teach on Naija Learn", href=routes.TEACH, class_name=class_name),
    )


def _signed_in_actions() -> rx.Component:
    return rx.el.div(
        _teach_or_studio("hidden lg:inline text-sm text-gray-700 px-2"),
        _icon_link("heart", routes.WISHLIST, "Wishlist"),
        _cart_link(),
        _icon_link("bell", routes.NOTIFICATIONS, "Notifications", BellState.unread),
        account_menu(),
        class_name="ml-auto flex items-center gap-1",
    )


def _signed_out_actions() -> rx.Component:
    return rx.el.div(
        rx.el.a("Teach on Naija Learn", href=routes.TEACH, class_name="hidden lg:inline text-sm text-gray-700 px-2"),
        _cart_link(),
        # On a phone these two are in the menu.
        rx.el.div(
            rx.el.a("Log In", href=routes.LOGIN, class_name=styles.BTN_OUTLINE),
            rx.el.a("Sign Up", href=routes.REGISTER, class_name=styles.BTN_DARK),
            class_name="hidden md:flex items-center gap-2",
        ),
        class_name="ml-auto flex items-center gap-2",
    )


def _mobile_menu() -> rx.Component:
    link = "block rounded-md px-3 py-3 text-gray-800 hover:bg-gray-50 focus:bg-gray-50"
    return _menu(
        "Menu",
        PHONE_MENU_ID,
        [lucide("menu", size=24)],
        rx.el.nav(
            rx.el.div(search_box("mobile"), class_name="mb-2"),
            rx.el.ul(
                *[
                    rx.el.li(rx.el.a(label, href=href, class_name=link))
                    for label, href in (
                        ("Categories", routes.CATEGORIES),
                        ("Teach on Naija Learn", routes.TEACH),
                        ("Log In", routes.LOGIN),
                        ("Sign Up", routes.REGISTER),
                    )
                ]
            ),
            id=PHONE_MENU_ID,
            hidden=True,
            tab_index=-1,
            aria_label="Mobile",
            class_name="absolute left-0 right-0 top-full border-b border-gray-200 bg-white p-4 shadow-lg z-50 "
            "focus:outline-none",
        ),
        button_class="flex h-11 w-11 items-center justify-center rounded-md hover:bg-gray-100 "
        "focus-visible:outline-2 focus-visible:outline-blue-600",
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
            # The search grows into the room there is; the actions keep to the right edge (ml-auto), where the
            # signed-in header used to leave a 165 px gap after them at 1280 px.
            rx.el.div(search_box("desktop"), class_name="hidden md:block flex-1 max-w-xl"),
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
