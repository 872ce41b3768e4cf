"""API routes: the caller's notifications (the bell and /notifications)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import notifications
from marketplace.domain.shapes import MAX_ID

router = APIRouter(tags=["notifications"], route_class=CommitOnReturnRoute)


@router.get("/notifications")
def list_notifications(
    session: SessionDep,
    user: CurrentUser,
    page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1,
    per_page: Annotated[int, Query(alias="perPage", ge=1, le=notifications.MAX_PER_PAGE)] = 20,
) -> dict:
    """A page of the caller's notifications, newest first: ``{notifications, total, page, pages, unread}``."""
    return notifications.list_notifications(session, user.id, page=page, per_page=per_page)


@router.get("/notifications/unread-count")
def unread_count(session: SessionDep, user: CurrentUser) -> dict:
    """The bell's badge: ``{unread}``."""
    return {"unread": notifications.unread_count(session, user.id)}


@router.post("/notifications/read-all")
def read_all(session: SessionDep, user: CurrentUser) -> dict:
    """Mark all the caller's notifications read: ``{marked, unread}``."""
    return {"marked": notifications.mark_all_read(session, user.id), "unread": 0}


@router.post("/notifications/{notification_id}/read")
def read_one(session: SessionDep, user: CurrentUser, notification_id: Annotated[int, Path(ge=1, le=MAX_ID)]) -> dict:
    """Mark one of the caller's notifications read; another person's answers 404."""
    return notifications.mark_read(session, user_id=user.id, notification_id=notification_id)
