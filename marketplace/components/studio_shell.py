"""The studio's layout: a heading and the studio's own nav above the page's content, inside the site chrome.

Pages register with ``layouts.page`` as usual (header, <main>, footer, login guard); ``studio_page`` builds what
goes inside <main>. On a phone the nav is one row of tabs that scrolls sideways instead of wrapping.
"""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide

NAV = (
    ("My courses", routes.STUDIO, "layout-list"),
    ("Earnings", routes.STUDIO_EARNINGS, "wallet"),
    ("New course", routes.STUDIO_NEW_COURSE, "plus"),
)

_TAB = "flex shrink-0 items-center gap-2 rounded-md px-2.5 sm:px-3 min-h-[44px] text-sm whitespace-nowrap"
_TAB_ACTIVE = f"{_TAB} bg-blue-50 font-semibold text-blue-700"
_TAB_IDLE = f"{_TAB} text-gray-700 hover:bg-gray-100"


def studio_nav(active: str) -> rx.Component:
    """The studio's three places; ``active`` is the route of the current one (a routes.STUDIO* constant)."""
    return rx.el.nav(
        *[
            rx.el.a(
                lucide(icon, size=18, aria_hidden="true", class_name="hidden sm:block"),  # all three fit a phone
                label,
                href=href,
                aria_current="page" if href == active else None,
                class_name=_TAB_ACTIVE if href == active else _TAB_IDLE,
            )
            for label, href, icon in NAV
        ],
        aria_label="Studio",
        class_name="-mx-4 flex gap-1 overflow-x-auto px-4 sm:mx-0 sm:px-0",
    )


def studio_page(title: str | rx.Var, *children: rx.Component, active: str) -> rx.Component:
    """The studio's frame: "Studio" eyebrow, the page's <h1>, the studio nav, then ``children``.

    Args:
        title: the page's heading (a string or a state Var, e.g. a course's title).
        *children: the page's content.
        active: the route of the nav entry to highlight (routes.STUDIO, routes.STUDIO_EARNINGS,
            routes.STUDIO_NEW_COURSE); any other value highlights nothing (the course editor).
    """
    return rx.el.div(
        rx.el.div(
            rx.el.p("Instructor studio", class_name="text-xs font-semibold uppercase tracking-wide text-blue-700"),
            rx.el.h1(title, class_name=f"{styles.H1} mt-1 break-words"),
            rx.el.div(studio_nav(active), class_name="mt-4"),
            class_name="border-b border-gray-200 pb-3",
        ),
        rx.el.div(*children, class_name="mt-6 min-w-0"),
        class_name=f"{styles.CONTAINER} py-6 sm:py-8",
    )


__all__ = ["NAV", "studio_nav", "studio_page"]
