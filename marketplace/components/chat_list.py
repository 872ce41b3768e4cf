"""Rows of the Messages list: the other person, the last message, its time and the unread count."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.chat_avatar import person_avatar
from marketplace.shapes.social import RecentChat


def conversation_row(item: RecentChat) -> rx.Component:
    """One conversation, a link to its chat page."""
    unread = item.unread > 0
    return rx.el.li(
        rx.el.a(
            person_avatar(item.picture, item.initials, 48),
            rx.el.div(
                rx.el.div(
                    rx.el.h2(
                        item.name,
                        class_name=rx.cond(
                            unread, "truncate font-bold text-gray-900", "truncate font-semibold text-gray-900"
                        ),
                    ),
                    rx.el.span(item.time_text, class_name="shrink-0 text-xs text-gray-500"),
                    class_name="flex items-baseline justify-between gap-2",
                ),
                rx.el.div(
                    rx.el.p(
                        rx.cond(item.last_mine, "You: ", ""),
                        item.last_message,
                        class_name=rx.cond(unread, "truncate text-sm text-gray-900", "truncate text-sm text-gray-500"),
                    ),
                    rx.cond(
                        unread,
                        rx.el.span(
                            item.unread,
                            rx.el.span(" unread", class_name="sr-only"),
                            class_name="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-600 "
                            "px-1.5 text-xs font-bold text-white",
                            data_testid="chat-unread",
                        ),
                    ),
                    class_name="flex items-center justify-between gap-2",
                ),
                rx.el.p(item.role_text, class_name="text-xs text-gray-400"),
                class_name="min-w-0 flex-1",
            ),
            href=item.link,
            class_name="flex items-center gap-3 px-3 py-3 hover:bg-gray-50 sm:px-4",
        ),
        class_name="border-b border-gray-200 last:border-b-0",
        data_testid="conversation",
    )


def conversation_list(items) -> rx.Component:
    """The conversations in one card."""
    return rx.el.ul(rx.foreach(items, conversation_row), class_name=f"{styles.CARD} overflow-hidden")
