"""Conversations between a learner and a teacher, stored on the server and reachable by both.

Who talks to whom:
- a teacher is a user with an :class:`Instructor` row; anyone else is a learner;
- anyone may write to a teacher (the conversation is created on the first message);
- a teacher may write to a learner only once that learner has written to them;
- two learners never talk, and nobody talks to themselves;
- only the two people in a conversation can read or write it.

Chat page ids: ``/profile5/{id}`` takes the OTHER person's USER id, for both sides. Mentor pages know an
instructor id, so they link through :func:`user_id_for_instructor` (``routes.chat(user_id_for_instructor(...))``).

Messages are plain text and must be rendered as text, never as HTML. Live delivery is not done here (the domain
stays pure): after committing, callers publish the returned message with :mod:`marketplace.realtime`.
"""

from __future__ import annotations

import re

from sqlalchemy import and_, func
from sqlmodel import Session, col, or_, select

from marketplace.db.models import Conversation, Instructor, Message, User
from marketplace.db.models._base import utcnow
from marketplace.domain import notifications
from marketplace.domain.errors import DomainError, Forbidden, NotFound
from marketplace.domain.shapes import iso, person_name
from marketplace.domain.social_text import initials, time_text
from marketplace.shapes.social import ChatHistory, ChatMessage, ChatPerson, RecentChat

MAX_MESSAGE_LENGTH = 2000
MAX_PAGE = 100
TOO_LONG = f"Messages can be at most {MAX_MESSAGE_LENGTH} characters."
NOT_YOURS = "You can only read and write your own conversations."
# Control characters other than tab and newline have no place in a chat line (and can garble terminals/logs).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def chat_link(user_id: int) -> str:
    """The chat page with ``user_id`` (the other person's user id)."""
    return f"/profile5/{user_id}"


def user_id_for_instructor(session: Session, instructor_id: int) -> int:
    """The user id behind an instructor id, for a mentor page's Message link.

    Raises:
        NotFound: No such instructor.
    """
    instructor = session.get(Instructor, instructor_id)
    if instructor is None:
        raise NotFound("Instructor not found")
    return instructor.user_id


def _instructor_of(session: Session, user_id: int) -> Instructor | None:
    return session.exec(select(Instructor).where(Instructor.user_id == user_id)).first()


def _id(record: User | Conversation | Message | Instructor) -> int:
    # Rows read back from the database always have their id.
    return record.id or 0


def chat_person(session: Session, user: User) -> ChatPerson:
    """The other person of a chat, a teacher (with their mentor page) or a learner."""
    instructor = _instructor_of(session, _id(user))
    name = person_name(user)
    return ChatPerson(
        id=_id(user),
        name=name,
        initials=initials(name),
        picture=user.profile_picture,
        role="teacher" if instructor else "learner",
        role_text="Teacher" if instructor else "Learner",
        instructor_id=instructor.id if instructor else None,
        mentor_link=f"/mentors/{instructor.id}" if instructor else "",
    )


def chat_message(message: Message, recipient_id: int) -> ChatMessage:
    """One message as the API, the chat page and the live channel carry it."""
    return ChatMessage(
        id=_id(message),
        conversation_id=message.conversation_id,
        sender_id=message.sender_id,
        recipient_id=recipient_id,
        body=message.body,
        created_at=iso(message.created_at),
        read_at=iso(message.read_at),
        time_text=time_text(message.created_at),
    )


def _other_id(conversation: Conversation, user_id: int) -> int:
    return conversation.teacher_id if conversation.learner_id == user_id else conversation.learner_id


def _between(session: Session, a: int, b: int) -> Conversation | None:
    return session.exec(
        select(Conversation).where(
            or_(
                (Conversation.learner_id == a) & (Conversation.teacher_id == b),
                (Conversation.learner_id == b) & (Conversation.teacher_id == a),
            )
        )
    ).first()


def _pair(session: Session, user_id: int, other_user_id: int) -> tuple[Conversation | None, User]:
    """The conversation of two users (None when a learner has not started it yet), after checking they may talk."""
    if user_id == other_user_id:
        raise DomainError("You cannot message yourself.")
    other = session.get(User, other_user_id)
    if other is None or session.get(User, user_id) is None:
        raise NotFound("User not found")
    conversation = _between(session, user_id, other_user_id)
    if conversation is not None:
        return conversation, other
    if _instructor_of(session, other_user_id) is None:
        if _instructor_of(session, user_id) is not None:
            raise Forbidden("You can message a learner once they have written to you.")
        raise Forbidden("Messages are between learners and teachers.")
    return None, other


def _open_pair(session: Session, user_id: int, other_user_id: int) -> Conversation:
    """The conversation of two users, created when a learner writes to a teacher for the first time."""
    conversation, _other = _pair(session, user_id, other_user_id)
    if conversation is None:
        conversation = Conversation(learner_id=user_id, teacher_id=other_user_id)
        session.add(conversation)
        session.flush()
    return conversation


def open_conversation(session: Session, *, user_id: int, other_user_id: int) -> Conversation:
    """The conversation between the caller and another user, created when a learner starts it.

    Args:
        session: The database session (flushed, not committed).
        user_id: The caller.
        other_user_id: The other person's user id.

    Raises:
        DomainError: The caller named themselves.
        NotFound: Either user does not exist.
        Forbidden: Two learners, or a teacher writing first to a learner.
    """
    return _open_pair(session, user_id, other_user_id)


def chat_partner(session: Session, *, user_id: int, other_user_id: int) -> ChatPerson:
    """The chat page's header for ``/profile5/{other_user_id}``, after checking the two may talk (nothing created).

    Raises:
        DomainError, NotFound, Forbidden: As :func:`open_conversation`.
    """
    _conversation, other = _pair(session, user_id, other_user_id)
    return chat_person(session, other)


def _conversation_for(
    session: Session, user_id: int, conversation_id: int | None, other_user_id: int | None
) -> tuple[Conversation | None, User]:
    if conversation_id is None:
        if other_user_id is None:
            raise DomainError("Say which conversation to open.")
        return _pair(session, user_id, other_user_id)
    conversation = session.get(Conversation, conversation_id)
    if conversation is None or user_id not in (conversation.learner_id, conversation.teacher_id):
        # The same answer for a missing and a foreign conversation, so ids reveal nothing.
        raise Forbidden(NOT_YOURS)
    other = session.get(User, _other_id(conversation, user_id))
    if other is None:  # users are never deleted while their conversations remain
        raise NotFound("User not found")
    return conversation, other


def history(
    session: Session,
    *,
    user_id: int,
    conversation_id: int | None = None,
    other_user_id: int | None = None,
    before_id: int | None = None,
    limit: int = 30,
) -> ChatHistory:
    """A page of a conversation, going back in time from ``before_id`` (the newest page when None).

    Args:
        session: The database session.
        user_id: The caller, who must be one of the two people.
        conversation_id: The conversation, or None to name it by ``other_user_id``.
        other_user_id: The other person's user id (an empty page when they have not talked yet).
        before_id: Only messages older than this message id (the oldest one on screen).
        limit: Messages per page, 1-100.

    Returns:
        The conversation, the other person, and the messages oldest first (ready to prepend), with whether
        older ones exist.

    Raises:
        Forbidden: The caller is not in the conversation (or may not talk to that person).
    """
    conversation, other = _conversation_for(session, user_id, conversation_id, other_user_id)
    limit = min(max(1, limit), MAX_PAGE)
    rows: list[Message] = []
    if conversation is not None:
        query = select(Message).where(Message.conversation_id == conversation.id)
        if before_id is not None:
            query = query.where(col(Message.id) < before_id)
        rows = list(session.exec(query.order_by(col(Message.id).desc()).limit(limit + 1)))
    has_more = len(rows) > limit
    rows = rows[:limit][::-1]
    return ChatHistory(
        conversation_id=conversation.id if conversation else None,
        other=chat_person(session, other),
        messages=[chat_message(m, _id(other) if m.sender_id == user_id else user_id) for m in rows],
        has_more=has_more,
    )


def clean_body(body: str | None) -> str:
    """A message as stored: control characters dropped, surrounding blanks trimmed (empty when blank)."""
    return _CONTROL.sub("", body or "").strip()


def send_message(session: Session, *, sender_id: int, other_user_id: int, body: str | None) -> ChatMessage | None:
    """Send a text message and tell the recipient with a notification.

    Args:
        session: The database session (flushed, not committed).
        sender_id: The caller.
        other_user_id: The recipient's user id.
        body: The text typed; blank text is ignored.

    Returns:
        The message as :func:`chat_message`, or None when ``body`` was blank (nothing is stored).

    Raises:
        DomainError: Over :data:`MAX_MESSAGE_LENGTH` characters (field ``body``), or writing to oneself.
        NotFound, Forbidden: As :func:`open_conversation`.
    """
    text = clean_body(body)
    if not text:
        return None
    if len(text) > MAX_MESSAGE_LENGTH:
        raise DomainError(TOO_LONG, field="body")
    conversation = _open_pair(session, sender_id, other_user_id)
    message = Message(conversation_id=_id(conversation), sender_id=sender_id, body=text)
    conversation.last_message_at = message.created_at
    session.add_all([message, conversation])
    session.flush()
    sender = session.get(User, sender_id)
    preview = text if len(text) <= 80 else text[:77] + "..."
    notifications.notify(
        session,
        user_id=other_user_id,
        kind="message",
        text=f"New message from {person_name(sender)}: {preview}",
        link=chat_link(sender_id),
        collapse=True,
    )
    return chat_message(message, other_user_id)


def mark_read(
    session: Session, *, user_id: int, conversation_id: int | None = None, other_user_id: int | None = None
) -> int:
    """Mark the other person's messages in a conversation read, with their message notifications.

    Returns:
        How many messages were unread.

    Raises:
        Forbidden: The caller is not in the conversation.
    """
    conversation, other = _conversation_for(session, user_id, conversation_id, other_user_id)
    if conversation is None:
        return 0
    unread = session.exec(
        select(Message).where(
            Message.conversation_id == conversation.id,
            Message.sender_id != user_id,
            col(Message.read_at).is_(None),
        )
    ).all()
    now = utcnow()
    for message in unread:
        message.read_at = now
        session.add(message)
    session.flush()
    notifications.mark_link_read(session, user_id=user_id, kind="message", link=chat_link(_id(other)))
    return len(unread)


def recent_chats(session: Session, user_id: int, *, limit: int = 50) -> list[RecentChat]:
    """The user's conversations, most recent first (``GET /chats/recent/{userId}``).

    A conversation shows once it has a message; a learner also sees the ones they opened. Each has the other
    person, the last message (and whether ``user_id`` wrote it), and ``unread``: the other person's messages
    not yet read.
    """
    last_ids = (
        select(Message.conversation_id, func.max(Message.id).label("last_id"))
        .group_by(col(Message.conversation_id))
        .subquery()
    )
    rows = session.exec(
        select(Conversation, Message)
        .outerjoin(last_ids, col(last_ids.c.conversation_id) == Conversation.id)
        .outerjoin(Message, col(Message.id) == last_ids.c.last_id)
        .where(
            or_(
                Conversation.learner_id == user_id,
                and_(col(Conversation.teacher_id) == user_id, col(last_ids.c.last_id).is_not(None)),
            )
        )
        .order_by(col(Conversation.last_message_at).desc(), col(Conversation.id).desc())
        .limit(min(max(1, limit), MAX_PAGE))
    ).all()
    unread = dict(
        session.exec(
            select(Message.conversation_id, func.count())
            .where(
                col(Message.conversation_id).in_([c.id for c, _m in rows]),
                Message.sender_id != user_id,
                col(Message.read_at).is_(None),
            )
            .group_by(col(Message.conversation_id))
        ).all()
    )
    return [_recent_chat(session, user_id, conversation, last, unread) for conversation, last in rows]


def _recent_chat(
    session: Session, user_id: int, conversation: Conversation, last: Message | None, unread: dict[int, int]
) -> RecentChat:
    other_user = session.get(User, _other_id(conversation, user_id))
    if other_user is None:  # users are never deleted while their conversations remain
        raise NotFound("User not found")
    other = chat_person(session, other_user)
    moment = last.created_at if last else conversation.created_at
    return RecentChat(
        conversation_id=_id(conversation),
        user_id=other.id,
        name=other.name,
        initials=other.initials,
        picture=other.picture,
        role=other.role,
        role_text=other.role_text,
        instructor_id=other.instructor_id,
        last_message=last.body if last else "",
        last_sender_id=last.sender_id if last else None,
        last_mine=last is not None and last.sender_id == user_id,
        last_message_at=iso(moment),
        time_text=time_text(moment),
        unread=unread.get(_id(conversation), 0),
        link=chat_link(other.id),
    )
