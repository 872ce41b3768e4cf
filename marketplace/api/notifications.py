"""API routes: the caller's notifications (the bell and /notifications)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.db.models import User
from marketplace.domain import notifications
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.social import MarkedRead, Notification, NotificationPage, UnreadCount

router = APIRouter(tags=["notifications"], route_class=CommitOnReturnRoute)


def _id(user: User) -> int:
    # A signed-in user was read from the database, so it has an id.
    return user.id or 0


@router.get("/notifications")
def list_notifications(
    session: SessionDep,
    user: CurrentUser,
    page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1,
    per_page: Annotated[int, Query(alias="perPage", ge=1, le=notifications.MAX_PER_PAGE)] = 20,
) -> NotificationPage:
    """A page of the caller's notifications, newest first: ``{notifications, total, page, pages, unread}``."""
    return notifications.list_notifications(session, _id(user), page=page, per_page=per_page)


@router.get("/notifications/unread-count")
def unread_count(session: SessionDep, user: CurrentUser) -> UnreadCount:
    """The bell's badge: ``{unread}``."""
    return UnreadCount(unread=notifications.unread_count(session, _id(user)))


@router.post("/notifications/read-all")
def read_all(session: SessionDep, user: CurrentUser) -> MarkedRead:
    """Mark all the caller's notifications read: ``{marked, unread}``."""
    return MarkedRead(marked=notifications.mark_all_read(session, _id(user)), unread=0)


@router.post("/notifications/{notification_id}/read")
def read_one(
    session: SessionDep, user: CurrentUser, notification_id: Annotated[int, Path(ge=1, le=MAX_ID)]
) -> Notification:
    """Mark one of the caller's notifications read; another person's answers 404."""
    return notifications.mark_read(session, user_id=_id(user), notification_id=notification_id)
