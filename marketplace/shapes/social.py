"""Social shapes: chat messages and conversations, and notifications with their unread counts.

Wire names are what ``/api/chats/...`` and ``/api/notifications...`` have always answered (``senderId``,
``lastMessageAt``, ``hasMore``...). Times travel as ISO 8601 UTC text; ``time_text`` is the same moment as the
pages show it, in Nigerian time ("14:05" today, "12 Mar, 14:05" this year), formatted once in the domain.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from marketplace.shapes.base import Shape

Role = Literal["teacher", "learner"]


class ChatPerson(Shape):
    """The other person of a chat (the header of ``/profile5/{id}``)."""

    id: int = 0  # their user id
    name: str = ""
    initials: str = "?"  # for the avatar without a picture: "Ada Obi" -> "AO"
    picture: str = ""
    role: Role = "learner"
    role_text: str = "Learner"  # Teacher | Learner
    instructor_id: int | None = None
    mentor_link: str = ""  # their mentor page when they teach, else ""


class ChatMessage(Shape):
    """One message, as the API, the chat page and the live channel carry it. Plain text, never HTML."""

    id: int = 0
    conversation_id: int = 0
    sender_id: int = 0
    recipient_id: int = 0
    body: str = ""
    created_at: str | None = None  # ISO 8601
    read_at: str | None = None  # ISO 8601, None while unread
    time_text: str = ""


class ChatHistory(Shape):
    """A page of a conversation, oldest message first (ready to prepend), and whether older ones exist."""

    conversation_id: int | None = None  # None when the two have not talked yet
    other: ChatPerson = Field(default_factory=ChatPerson)
    messages: list[ChatMessage] = Field(default_factory=list)
    has_more: bool = False


class RecentChat(Shape):
    """A conversation on the Messages list, as the person asking sees it."""

    conversation_id: int = 0
    user_id: int = 0  # the other person's user id
    name: str = ""
    initials: str = "?"
    picture: str = ""
    role: Role = "learner"
    role_text: str = "Learner"
    instructor_id: int | None = None
    last_message: str = ""
    last_sender_id: int | None = None
    last_mine: bool = False  # the person asking wrote the last message
    last_message_at: str | None = None  # ISO 8601
    time_text: str = ""
    unread: int = 0  # the other person's messages not yet read
    link: str = ""  # the chat page


class MarkedRead(Shape):
    """``{marked, unread}``: messages just marked read, and the notifications still unread."""

    marked: int = 0
    unread: int = 0


class Notification(Shape):
    """A notification: a payment, a message, a review on one's course, an answer to one's review."""

    id: int = 0
    kind: str = ""  # payment | message | review | reply
    icon: str = "bell"  # the icon the list shows for the kind
    text: str = ""
    link: str = ""  # a page of this site, or "" (a notification never sends anyone elsewhere)
    created_at: str | None = None  # ISO 8601
    time_text: str = ""
    read: bool = False


class NotificationPage(Shape):
    """One page of notifications, newest first, with the unread count: ``{notifications, total, page, ...}``."""

    notifications: list[Notification] = Field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    per_page: int = 20
    unread: int = 0


class UnreadCount(Shape):
    """``{unread}``: the bell's badge."""

    unread: int = 0
