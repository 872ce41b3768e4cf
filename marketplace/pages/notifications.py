"""Notifications (/notifications): newest first, each linking to where it happened; opening the page reads them."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import empty_state, error_state, pager
from marketplace.domain.social_text import KIND_ICONS
from marketplace.layouts import container, page, spinner
from marketplace.shapes.social import Notification
from marketplace.states.notifications import NotificationsState


def _line(item: Notification) -> rx.Component:
    body = rx.el.div(
        rx.el.span(
            # One branch per kind: rx.icon with a state value would ship lucide's whole dynamic icon map (~60 KiB).
            rx.match(
                item.icon,
                *[(name, lucide(name, size=18)) for name in sorted(set(KIND_ICONS.values()))],
                lucide("bell", size=18),
            ),
            class_name="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-700",
        ),
        rx.el.div(
            rx.el.p(item.text, class_name=rx.cond(item.read, "text-gray-700", "font-semibold text-gray-900")),
            rx.el.p(
                item.time_text,
                rx.cond(item.read, "", rx.el.span(" · New", class_name="font-semibold text-blue-700")),
                class_name="mt-0.5 text-xs text-gray-500",
            ),
            class_name="min-w-0 flex-1 break-words",
        ),
        rx.cond(item.link != "", lucide("chevron-right", size=18, class_name="mt-2.5 shrink-0 text-gray-400")),
        class_name="flex items-start gap-3 px-3 py-3 sm:px-4",
    )
    return rx.el.li(
        rx.cond(item.link != "", rx.el.a(body, href=item.link, class_name="block hover:bg-gray-50"), body),
        class_name=rx.cond(
            item.read,
            "border-b border-gray-200 last:border-b-0",
            "border-b border-gray-200 bg-blue-50/40 last:border-b-0",
        ),
        data_testid="notification",
    )


@page(routes.NOTIFICATIONS, "Notifications", guarded=True, on_load=NotificationsState.load)
def notifications() -> rx.Component:
    """Payments, messages, reviews and questions, newest first."""
    return container(
        rx.el.div(
            rx.el.div(
                rx.el.h1("Notifications", class_name=styles.H1),
                rx.el.p("Payments, messages, reviews and questions, newest first.", class_name=f"{styles.MUTED} mt-1"),
                class_name="mb-6",
            ),
            rx.cond(
                NotificationsState.loading & (NotificationsState.items.length() == 0),
                spinner(),
                rx.cond(
                    NotificationsState.error != "",
                    error_state(NotificationsState.error, NotificationsState.load),
                    rx.cond(
                        NotificationsState.items.length() > 0,
                        rx.el.div(
                            rx.el.ul(
                                rx.foreach(NotificationsState.items, _line),
                                class_name=f"{styles.CARD} overflow-hidden",
                            ),
                            pager(NotificationsState.page, NotificationsState.pages, NotificationsState.go_to_page),
                        ),
                        empty_state(
                            "No notifications yet",
                            "Payments, messages from teachers and reviews on your courses will show up here.",
                            "Browse courses",
                            routes.CATEGORIES,
                        ),
                    ),
                ),
            ),
            class_name="mx-auto max-w-3xl",
        ),
        class_name="py-8",
    )
