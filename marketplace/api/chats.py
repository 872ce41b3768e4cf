"""API routes: conversations between learners and teachers. Only the two people in one can read or write it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel

from marketplace import realtime
from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep, ensure_self
from marketplace.domain import chat, notifications
from marketplace.domain.shapes import MAX_ID

router = APIRouter(tags=["chats"], route_class=CommitOnReturnRoute)

UserId = Annotated[int, Path(ge=1, le=MAX_ID)]


class MessageIn(BaseModel):
    """A message as the chat box sends it; the domain checks blank and length."""

    body: str | None = None


@router.get("/chats/recent/{user_id}")
def recent_chats(session: SessionDep, user: CurrentUser, user_id: UserId) -> list[dict]:
    """The caller's conversations, most recent first, each with the last message and an unread count."""
    ensure_self(user, user_id)
    return chat.recent_chats(session, user.id)


@router.get("/chats/{other_user_id}/messages")
def messages(
    session: SessionDep,
    user: CurrentUser,
    other_user_id: UserId,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
    limit: Annotated[int, Query(ge=1, le=chat.MAX_PAGE)] = 30,
) -> dict:
    """A page of the conversation with another user, older than message ``before``: ``{messages, hasMore, ...}``."""
    return chat.history(session, user_id=user.id, other_user_id=other_user_id, before_id=before, limit=limit)


@router.post("/chats/{other_user_id}/messages", status_code=201, response_model=None)
def send(session: SessionDep, user: CurrentUser, other_user_id: UserId, body: MessageIn) -> dict | Response:
    """Send a text message; 204 when it was blank (ignored). The message goes live to both people."""
    message = chat.send_message(session, sender_id=user.id, other_user_id=other_user_id, body=body.body)
    if message is None:
        return Response(status_code=204)
    # Commit before announcing, so whoever is shown it can already read the message back.
    session.commit()
    realtime.announce_message_from_thread(message)
    return message


@router.post("/chats/{other_user_id}/read")
def mark_read(session: SessionDep, user: CurrentUser, other_user_id: UserId) -> dict:
    """Mark the other person's messages read (and their message notifications): ``{marked, unread}``."""
    marked = chat.mark_read(session, user_id=user.id, other_user_id=other_user_id)
    return {"marked": marked, "unread": notifications.unread_count(session, user.id)}
