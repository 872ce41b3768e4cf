"""Messages (/profile5) and the live chat with one person (/profile5/{route_arg}: the OTHER person's user id).

Live delivery: each conversation has a room, a :class:`rx.SharedState` linked to ``chat<a>x<b>`` (the two user
ids, smaller first; one conversation per pair). A page links to the room only after the chat domain agreed that
the caller may talk to that person, so a third user never sees it. Sending stores the message through the
domain, then appends it to the room; Reflex pushes the room to every linked tab, on any worker (Redis). A
message sent through the JSON API reaches the room the same way (:func:`deliver_to_room`).
The sender is always the verified token's user, never an id sent by the browser.
"""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace import realtime
from marketplace.background import in_background
from marketplace.db.engine import in_session_thread
from marketplace.domain import chat
from marketplace.domain.errors import DomainError
from marketplace.domain.shapes import parse_id
from marketplace.shapes.social import ChatHistory, ChatMessage, ChatPerson, RecentChat
from marketplace.states import toasts
from marketplace.states.notifications import recount_own_bell, refresh_bell_later, running_app
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

CHATS_FAILED = "Failed to load chats"
CHAT_FAILED = "Failed to load this conversation. Please try again."
SEND_FAILED = "Your message was not sent. Please try again."
NOT_FOUND = "This conversation does not exist."
PAGE_SIZE = 30
ROOM_MAX = 200  # the newest messages a room carries; older ones are loaded page by page
# Scripts run when the event's answer arrives, before React draws it: they wait a moment first.
SCROLL_TO_END = (
    "setTimeout(() => { const el = document.getElementById('chat-scroll'); "
    "if (el) el.scrollTop = el.scrollHeight; }, 60)"
)


def room_token(a: int, b: int) -> str:
    """The shared token of the conversation between two users (no underscore: Reflex refuses it)."""
    low, high = sorted((a, b))
    return f"chat{low}x{high}"


def inbox_token(user_id: int) -> str:
    """The shared token of one user's Messages list (no underscore: Reflex refuses it in link tokens)."""
    return f"inbox{user_id}"


class InboxState(rx.SharedState):
    """One user's conversations, most recent first, the same in every tab of theirs that shows the Messages list.

    A message sent or read refreshes it (:func:`refresh_inbox_later`), and Reflex pushes it to each linked tab on
    any worker, as it does the bell. No events of its own.
    """

    chats: list[RecentChat] = []


async def _recent_chats(user_id: int) -> list[RecentChat]:
    return await in_session_thread(lambda session: chat.recent_chats(session, user_id), readonly=True)


async def _refresh_inbox(user_id: int) -> None:
    async with running_app().modify_state(rx.BaseStateToken(ident=inbox_token(user_id), cls=InboxState)) as root:
        inbox = await root.get_state(InboxState)
        # Read while holding the list: an older read finishing later cannot overwrite a newer one.
        inbox.chats = await _recent_chats(user_id)


def refresh_inbox_later(*user_ids: int) -> None:
    """Read these users' conversations again and push them to their open Messages lists, in the background."""
    for user_id in set(user_ids):  # a convenience: a failure is logged, and the next visit of the list shows it
        in_background(_refresh_inbox(user_id), log, "Refreshing the Messages list of user %s failed", user_id)


class ChatListState(rx.State):
    """The Messages list page: its loading and error; the list itself is the user's shared :class:`InboxState`."""

    loading: bool = True
    error: str = ""

    @rx.event
    async def load(self):
        """on_load of /profile5: link this tab to the user's live list and fill it."""
        self.loading = True
        user_id = await verified_user_id(self)
        try:
            if user_id is None:
                raise DomainError(CHATS_FAILED)
            inbox = await (await self.get_state(InboxState))._link_to(inbox_token(user_id))
            inbox.chats = await _recent_chats(user_id)
        except Exception:
            log.exception("Loading chats failed")
            self.error, self.loading = CHATS_FAILED, False
            return
        self.error, self.loading = "", False


class ChatRoom(rx.SharedState):
    """The newest messages of one conversation, shared by everyone linked to it. No events of its own."""

    token: str = ""
    messages: list[ChatMessage] = []
    last_id: int = 0
    last_sender_id: int = 0

    def _merge(self, token: str, fresh: list[ChatMessage]) -> None:
        """Add messages (by id, oldest first), keeping at most :data:`ROOM_MAX`."""
        known = {m.id: m for m in (self.messages if self.token == token else [])}
        known.update({m.id: m for m in fresh})
        self.token = token
        self.messages = sorted(known.values(), key=lambda m: m.id)[-ROOM_MAX:]
        last = self.messages[-1] if self.messages else None
        self.last_id = last.id if last else 0
        self.last_sender_id = last.sender_id if last else 0


@realtime.on_message
async def deliver_to_room(message: ChatMessage) -> None:
    """A message sent outside a chat page (the JSON API) joins its conversation's room and rings the bell.

    Reflex pushes the room to every tab linked to it, on any worker, as when the message is sent from a page.
    """
    token = room_token(message.sender_id, message.recipient_id)
    async with running_app().modify_state(rx.BaseStateToken(ident=token, cls=ChatRoom)) as root:
        room = await root.get_state(ChatRoom)
        room._merge(token, [message])
    refresh_bell_later(message.recipient_id)
    refresh_inbox_later(message.sender_id, message.recipient_id)


def _open(session: Session, user_id: int, other_id: int) -> tuple[ChatPerson, ChatHistory]:
    """Check the pair may talk, read the newest page, and mark the other person's messages read."""
    partner = chat.chat_partner(session, user_id=user_id, other_user_id=other_id)
    newest = chat.history(session, user_id=user_id, other_user_id=other_id, limit=PAGE_SIZE)
    chat.mark_read(session, user_id=user_id, other_user_id=other_id)
    return partner, newest


class ChatState(rx.State):
    """One chat page as its viewer sees it: the person, older pages, the refusal, the send box."""

    status: str = "loading"  # loading | ready | refused | error
    opened_for: str = ""  # the route_arg (other user id) the status is about (a stale page never shows for another)
    message: str = ""
    partner: ChatPerson = rx.field(default_factory=ChatPerson)
    viewer_id: int = 0
    room: str = ""
    earlier: list[ChatMessage] = []
    has_more: bool = False
    loading_earlier: bool = False
    sending: bool = False
    send_error: str = ""
    _other_id: int = 0

    async def _viewer(self) -> int | None:
        return await verified_user_id(self)

    def _fail(self, status: str, message: str) -> None:
        self.status, self.message, self.room = status, message, ""

    @rx.event
    async def open(self):
        """on_load of /profile5/{route_arg}: check the pair, link the room, show the newest page, mark read."""
        self.status, self.message, self.earlier, self.has_more, self.send_error = "loading", "", [], False, ""
        self.room, self._other_id, self.opened_for = "", 0, str(self.route_arg)
        user_id = await self._viewer()
        if user_id is None:
            return
        other_id = parse_id(self.route_arg)
        if other_id is None:
            self._fail("refused", NOT_FOUND)
            return
        try:
            partner, newest = await in_session_thread(lambda session: _open(session, user_id, other_id))
        except DomainError as exc:  # Forbidden, NotFound, or talking to oneself: the page says why
            self._fail("refused", exc.message)
            return
        except Exception:
            log.exception("Opening the chat with user %s failed", other_id)
            self._fail("error", CHAT_FAILED)
            return
        token = room_token(user_id, other_id)
        room = await (await self.get_state(ChatRoom))._link_to(token)
        room._merge(token, newest.messages)
        self.partner, self.viewer_id, self._other_id, self.room = partner, user_id, other_id, token
        self.has_more = await self._older_exists(user_id, room)
        self.status = "ready"
        await recount_own_bell(self, user_id)
        refresh_inbox_later(user_id)  # read now: the list's unread count for this person goes

    async def _older_exists(self, user_id: int, room: ChatRoom) -> bool:
        if not room.messages:
            return False
        other_id, oldest = self._other_id, room.messages[0].id
        probe = await in_session_thread(
            lambda session: chat.history(session, user_id=user_id, other_user_id=other_id, before_id=oldest, limit=1),
            readonly=True,
        )
        return bool(probe.messages)

    @rx.event
    async def load_earlier(self):
        """Prepend the page of messages before the oldest one shown, keeping that one in view."""
        user_id = await self._viewer()
        room = await self.get_state(ChatRoom)
        if user_id is None or self.status != "ready" or self.loading_earlier or room.token != self.room:
            return None
        oldest = self.earlier[0].id if self.earlier else (room.messages[0].id if room.messages else None)
        if oldest is None:
            self.has_more = False
            return None
        self.loading_earlier = True
        other_id = self._other_id
        try:
            page = await in_session_thread(
                lambda session: chat.history(
                    session, user_id=user_id, other_user_id=other_id, before_id=oldest, limit=PAGE_SIZE
                ),
                readonly=True,
            )
        except Exception:
            log.exception("Loading earlier messages failed")
            self.loading_earlier = False
            return toasts.error(CHAT_FAILED)
        self.earlier = page.messages + self.earlier
        self.has_more, self.loading_earlier = page.has_more, False
        # Keep the message that was first in view where it was (scrolling the list only, never the page).
        return rx.call_script(
            "setTimeout(() => { const c = document.getElementById('chat-scroll'); "
            f"const m = document.getElementById('msg-{oldest}'); if (c && m) c.scrollTop = m.offsetTop - 8; }}, 60)"
        )

    @rx.event
    async def send(self, form: dict):
        """Send the typed text (blank is ignored); the room shows it to both people at once."""
        user_id = await self._viewer()
        if user_id is None or self.status != "ready" or not self._other_id:
            return None
        body = str(form.get("body") or "")
        if not chat.clean_body(body):
            return None
        self.sending = True
        other_id = self._other_id
        try:
            sent = await in_session_thread(
                lambda session: chat.send_message(session, sender_id=user_id, other_user_id=other_id, body=body),
                group_commit=True,
            )
        except DomainError as exc:
            self.sending, self.send_error = False, exc.message
            return toasts.error(exc.message)
        except Exception:
            log.exception("Sending a message to user %s failed", self._other_id)
            self.sending, self.send_error = False, SEND_FAILED
            return toasts.error(SEND_FAILED)
        self.sending, self.send_error = False, ""
        if sent is None:
            return None
        # Committed above, so whoever is shown it can read it back. This tab holds the room already.
        room = await self.get_state(ChatRoom)
        room._merge(self.room, [sent])
        refresh_bell_later(self._other_id)
        refresh_inbox_later(user_id, self._other_id)
        return rx.call_script(SCROLL_TO_END)

    @rx.event
    async def seen(self):
        """A new last message is on screen: mark the other person's messages read, scroll to the end."""
        user_id = await self._viewer()
        room = await self.get_state(ChatRoom)
        if user_id is None or self.status != "ready" or room.token != self.room:
            return None
        if room.last_sender_id and room.last_sender_id != user_id:
            other_id = self._other_id
            try:
                await in_session_thread(
                    lambda session: chat.mark_read(session, user_id=user_id, other_user_id=other_id),
                    group_commit=True,
                )
                await recount_own_bell(self, user_id)
                refresh_inbox_later(user_id)
            except Exception:  # reading still works; the messages stay unread until the next visit
                log.warning("Marking the chat with user %s read failed", self._other_id, exc_info=True)
        return rx.call_script(SCROLL_TO_END)
