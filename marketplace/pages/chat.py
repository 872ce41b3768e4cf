"""Messages (/profile5) and the live chat with one person (/profile5/{chat_user_id}, their user id)."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.chat_list import conversation_list
from marketplace.components.chat_thread import chat_header, composer, messages_panel
from marketplace.components.icons import lucide
from marketplace.components.profile_sidebar import profile_layout, profile_sidebar
from marketplace.components.ui import empty_state, error_state
from marketplace.layouts import page, spinner
from marketplace.states.chat import ChatListState, ChatState, InboxState
from marketplace.states.session import SessionState


def _empty() -> rx.Component:
    return rx.cond(
        SessionState.is_instructor,
        empty_state(
            "No conversations yet",
            "When a learner writes to you, the conversation appears here and you can reply.",
        ),
        empty_state(
            "No conversations yet",
            "Open a teacher's page and press Message to ask them about their courses.",
            "Find a teacher",
            routes.TEACHERS,
        ),
    )


@page(routes.MESSAGES, "Messages", guarded=True, on_load=ChatListState.load)
def messages() -> rx.Component:
    """Conversations, most recent first, with the last message, its time and the unread count."""
    return profile_layout(
        routes.MESSAGES,
        rx.el.div(
            rx.el.h1("Messages", class_name=styles.H1),
            rx.el.p("Your conversations with teachers and learners.", class_name=f"{styles.MUTED} mt-1"),
            class_name="mb-6",
        ),
        rx.cond(
            ChatListState.loading & (InboxState.chats.length() == 0),
            spinner(),
            rx.cond(
                ChatListState.error != "",
                error_state(ChatListState.error, ChatListState.load),
                # The user's shared list: a message sent or read anywhere updates it here, live.
                rx.cond(InboxState.chats.length() > 0, conversation_list(InboxState.chats), _empty()),
            ),
        ),
    )


def _refused() -> rx.Component:
    return rx.el.div(
        lucide("lock", size=32, class_name="text-gray-400"),
        rx.el.h1("You cannot open this conversation", class_name=f"{styles.H3} mt-3"),
        rx.el.p(ChatState.message, class_name="mt-1 text-sm text-gray-600", role="alert"),
        rx.el.a("Back to messages", href=routes.MESSAGES, class_name=f"{styles.BTN_OUTLINE} mt-4"),
        class_name="flex flex-col items-center rounded-lg border border-gray-200 px-6 py-12 text-center",
    )


def _chat_layout(content: rx.Component) -> rx.Component:
    """The profile layout, without the sidebar on a phone: the conversation needs the whole screen there."""
    return rx.el.div(
        rx.el.div(profile_sidebar(routes.MESSAGES), class_name="hidden md:block"),
        rx.el.section(content, class_name="min-w-0 flex-1"),
        class_name=f"{styles.CONTAINER} flex flex-col gap-6 py-4 md:flex-row md:py-8",
    )


@page(routes.CHAT, "Chat", guarded=True, on_load=ChatState.open)
def chat() -> rx.Component:
    """The history (earlier pages on demand), live new messages, and the send box."""
    return _chat_layout(
        rx.cond(
            ChatState.opened_for == ChatState.route_arg,
            rx.match(
                ChatState.status,
                (
                    "ready",
                    rx.el.div(chat_header(), messages_panel(), composer(), class_name=f"{styles.CARD} overflow-hidden"),
                ),
                ("refused", _refused()),
                ("error", error_state(ChatState.message, ChatState.open)),
                spinner(),
            ),
            spinner(),
        ),
    )
