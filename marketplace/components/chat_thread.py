"""The chat page's pieces: who you talk to, the messages (older pages + the live room), and the send box.

Message bodies are rendered as text children, so React escapes them: no HTML in a message ever runs.
"""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.chat_avatar import person_avatar
from marketplace.components.icons import lucide
from marketplace.domain.chat import MAX_MESSAGE_LENGTH
from marketplace.shapes.social import ChatMessage
from marketplace.states.chat import ChatRoom, ChatState

# Scrolling near the top asks for the previous page, as if "Load earlier messages" was pressed.
_LOAD_WHEN_AT_TOP = rx.Var(
    _js_expr=(
        "((e) => { if (e.currentTarget.scrollTop < 24) { const b = e.currentTarget.querySelector("
        "'[data-load-earlier]'); if (b && !b.disabled) b.click(); } })"
    )
)


def chat_header() -> rx.Component:
    """Back to Messages, the other person's picture and name, and their mentor page when they teach."""
    partner = ChatState.partner
    return rx.el.div(
        rx.el.a(
            lucide("arrow-left", size=20),
            href=routes.MESSAGES,
            aria_label="Back to messages",
            class_name="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-gray-100",
        ),
        person_avatar(partner.picture, partner.initials, 48, lazy=False),
        rx.el.div(
            rx.el.h1(partner.name, class_name="truncate text-lg font-bold text-gray-900"),
            rx.el.p(partner.role_text, class_name=styles.MUTED),
            class_name="min-w-0 flex-1",
        ),
        rx.cond(
            partner.mentor_link != "",
            rx.el.div(
                rx.el.a("View profile", href=partner.mentor_link, class_name=styles.BTN_OUTLINE),
                class_name="hidden shrink-0 sm:block",
            ),
        ),
        class_name="flex items-center gap-3 border-b border-gray-200 p-3 sm:p-4",
    )


def _bubble(message: ChatMessage) -> rx.Component:
    mine = message.sender_id == ChatState.viewer_id
    return rx.el.li(
        rx.el.div(
            rx.el.p(message.body, class_name="whitespace-pre-wrap break-words text-[15px] leading-relaxed"),
            rx.el.time(
                message.time_text,
                date_time=message.created_at.to(str),  # always set on a saved message; None leaves it out
                class_name=rx.cond(
                    mine, "mt-1 block text-right text-xs text-blue-100", "mt-1 block text-xs text-gray-500"
                ),
            ),
            class_name=rx.cond(
                mine,
                "max-w-[85%] rounded-2xl rounded-br-sm bg-blue-600 px-3.5 py-2 text-white",
                "max-w-[85%] rounded-2xl rounded-bl-sm bg-gray-100 px-3.5 py-2 text-gray-900",
            ),
        ),
        id="msg-" + message.id.to_string(),
        class_name=rx.cond(mine, "flex justify-end", "flex justify-start"),
        data_testid=rx.cond(mine, "message-mine", "message-theirs"),
    )


def _load_earlier() -> rx.Component:
    return rx.cond(
        ChatState.has_more,
        rx.el.div(
            rx.el.button(
                rx.cond(ChatState.loading_earlier, "Loading...", "Load earlier messages"),
                type="button",
                on_click=ChatState.load_earlier,
                disabled=ChatState.loading_earlier,
                custom_attrs={"data-load-earlier": "true"},
                class_name=f"{styles.BTN_GHOST} text-blue-700",
            ),
            class_name="flex justify-center",
        ),
    )


def _no_messages_yet() -> rx.Component:
    return rx.el.div(
        lucide("message-circle", size=32, class_name="text-gray-400"),
        rx.el.p("No messages yet", class_name="mt-2 font-semibold text-gray-900"),
        rx.el.p(
            "Say hello and ask ", ChatState.partner.name, " anything about their courses.", class_name=styles.MUTED
        ),
        class_name="m-auto flex flex-col items-center px-6 text-center",
    )


def messages_panel() -> rx.Component:
    """The conversation: earlier pages, then the live room; new messages scroll into view and count as read."""
    live = ChatRoom.token == ChatState.room
    return rx.el.div(
        rx.cond(
            live & ((ChatRoom.messages.length() > 0) | (ChatState.earlier.length() > 0)),
            rx.el.div(
                _load_earlier(),
                rx.el.ol(
                    rx.foreach(ChatState.earlier, _bubble),
                    rx.foreach(ChatRoom.messages, _bubble),
                    class_name="flex flex-col gap-2",
                    aria_label="Messages",
                ),
                class_name="flex flex-col gap-3",
            ),
            _no_messages_yet(),
        ),
        # A new last message remounts this marker (its key changes), which marks it read and scrolls to it.
        # The key sits on the wrapper: Reflex memoizes the span with its effect, and only a keyed parent remounts it.
        rx.cond(
            live,
            rx.el.div(rx.el.span(on_mount=ChatState.seen), key=ChatRoom.last_id.to_string(), class_name="hidden"),
        ),
        id="chat-scroll",
        role="log",
        aria_live="polite",
        custom_attrs={"onScroll": _LOAD_WHEN_AT_TOP},
        class_name="relative flex h-[58vh] min-h-[320px] flex-col overflow-y-auto bg-white p-3 sm:p-4",
    )


def composer() -> rx.Component:
    """The send box: Enter sends, Shift+Enter starts a new line; blank text is ignored; length limit shown."""
    return rx.el.form(
        rx.el.label("Your message", html_for="chat-body", class_name="sr-only"),
        rx.el.div(
            rx.el.textarea(
                id="chat-body",
                name="body",
                rows=1,
                max_length=MAX_MESSAGE_LENGTH,
                placeholder="Write a message...",
                enter_key_submit=True,
                auto_height=True,
                auto_focus=True,
                aria_describedby="chat-hint",
                class_name=f"{styles.INPUT} max-h-40 resize-none",
            ),
            rx.el.button(
                lucide("send", size=18),
                rx.el.span("Send", class_name="hidden sm:inline"),
                type="submit",
                disabled=ChatState.sending,
                aria_label="Send",
                class_name=f"{styles.BTN_PRIMARY} shrink-0",
            ),
            class_name="flex items-end gap-2",
        ),
        rx.el.p(
            f"Enter to send, Shift+Enter for a new line. Up to {MAX_MESSAGE_LENGTH:,} characters, text only.",
            id="chat-hint",
            class_name="mt-1.5 text-xs text-gray-500",
        ),
        rx.cond(ChatState.send_error != "", rx.el.p(ChatState.send_error, role="alert", class_name=styles.FIELD_ERROR)),
        on_submit=ChatState.send,
        reset_on_submit=True,
        class_name="border-t border-gray-200 p-3 sm:p-4",
    )
