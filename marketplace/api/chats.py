"""API routes: conversations between learners and teachers. Only the two people in one can read or write it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel

from marketplace import realtime
from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep, ensure_self
from marketplace.db.models import User
from marketplace.domain import chat, notifications
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.social import ChatHistory, ChatMessage, MarkedRead, RecentChat

router = APIRouter(tags=["chats"], route_class=CommitOnReturnRoute)

UserId = Annotated[int, Path(ge=1, le=MAX_ID)]


def _id(user: User) -> int:
    # A signed-in user was read from the database, so it has an id.
    return user.id or 0


class MessageIn(BaseModel):
    """A message as the chat box sends it; the domain checks blank and length."""

    body: str | None = None


@router.get("/chats/recent/{user_id}")
def recent_chats(session: SessionDep, user: CurrentUser, user_id: UserId) -> list[RecentChat]:
    """The caller's conversations, most recent first, each with the last message and an unread count."""
    ensure_self(user, user_id)
    return chat.recent_chats(session, user_id)  # the caller's own id, checked just above


@router.get("/chats/{other_user_id}/messages")
def messages(
    session: SessionDep,
    user: CurrentUser,
    other_user_id: UserId,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
    limit: Annotated[int, Query(ge=1, le=chat.MAX_PAGE)] = 30,
) -> ChatHistory:
    """A page of the conversation with another user, older than message ``before``: ``{messages, hasMore, ...}``."""
    return chat.history(session, user_id=_id(user), other_user_id=other_user_id, before_id=before, limit=limit)


@router.post(
    "/chats/{other_user_id}/messages",
    status_code=201,
    response_model=ChatMessage,
    responses={204: {"description": "The message was blank: nothing was sent"}},
)
def send(session: SessionDep, user: CurrentUser, other_user_id: UserId, body: MessageIn) -> ChatMessage | Response:
    """Send a text message; 204 when it was blank (ignored). The message goes live to both people."""
    message = chat.send_message(session, sender_id=_id(user), other_user_id=other_user_id, body=body.body)
    if message is None:
        return Response(status_code=204)
    # Commit before announcing, so whoever is shown it can already read the message back.
    session.commit()
    realtime.announce_message_from_thread(message)
    return message


@router.post("/chats/{other_user_id}/read")
def mark_read(session: SessionDep, user: CurrentUser, other_user_id: UserId) -> MarkedRead:
    """Mark the other person's messages read (and their message notifications): ``{marked, unread}``."""
    marked = chat.mark_read(session, user_id=_id(user), other_user_id=other_user_id)
    return MarkedRead(marked=marked, unread=notifications.unread_count(session, _id(user)))
