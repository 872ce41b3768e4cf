"""The sidebar of the profile pages, with the current page highlighted."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.states.session import SessionState

LINKS = (
    ("Profile", routes.PROFILE_SETTINGS, "user"),
    ("My Courses", routes.MY_COURSES, "book-open"),
    ("Teachers", routes.TEACHERS, "users"),
    ("Message", routes.MESSAGES, "message-circle"),
    ("My Reviews", routes.MY_REVIEWS, "star"),
)


def profile_sidebar(active: str) -> rx.Component:
    """Picture and full name (Guest when absent), then the profile links."""
    return rx.el.aside(
        rx.el.div(
            rx.cond(
                SessionState.user["profilePicture"] != "",
                rx.el.img(
                    src=SessionState.user["profilePicture"],
                    alt="",
                    # As attributes: Reflex turns width/height props into CSS; the attributes reserve the box.
                    custom_attrs={"width": "80", "height": "80"},
                    class_name="h-20 w-20 rounded-full object-cover",
                ),
                rx.el.span(
                    SessionState.initials,
                    class_name="flex h-20 w-20 items-center justify-center rounded-full bg-slate-800 text-2xl "
                    "font-bold text-white",
                ),
            ),
            rx.el.p(SessionState.full_name, class_name="mt-3 font-semibold text-gray-900", data_testid="sidebar-name"),
            class_name="flex flex-col items-center border-b border-gray-200 pb-4",
        ),
        rx.el.nav(
            *[
                rx.el.a(
                    lucide(icon, size=18),
                    label,
                    href=href,
                    aria_current="page" if href == active else None,
                    class_name=(
                        "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-semibold bg-blue-50 text-blue-700"
                        if href == active
                        else "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-gray-700 hover:bg-gray-50"
                    ),
                )
                for label, href, icon in LINKS
            ],
            aria_label="Profile",
            class_name="mt-3 flex flex-row gap-1 overflow-x-auto md:flex-col",
        ),
        class_name=f"{styles.CARD} p-4 md:w-64 md:shrink-0 h-fit",
    )


def profile_layout(active: str, *content: rx.Component) -> rx.Component:
    """Sidebar beside the page's content; stacked on a phone."""
    return rx.el.div(
        profile_sidebar(active),
        rx.el.section(*content, class_name="min-w-0 flex-1"),
        class_name=f"{styles.CONTAINER} flex flex-col gap-6 py-8 md:flex-row",
    )
