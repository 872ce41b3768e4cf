"""Notifications: real events for a user (a payment, a message, a review on their course, an answer to their
review), newest first.

Answers are the shapes of :mod:`marketplace.shapes.social`. Each notification links to where it happened.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, func, update
from sqlmodel import Session, col, select

from marketplace.db.models import Notification
from marketplace.db.models._base import utcnow
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import iso
from marketplace.domain.social_text import kind_icon, site_link, time_text
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.social import Notification as NotificationShape
from marketplace.shapes.social import NotificationPage

MAX_TEXT_LENGTH = 300  # the width of Notification.text
MAX_PER_PAGE = 100
_TOLD = "notified_user_ids"  # session.info key: who notify() told in that session


def _clip(text: str) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= MAX_TEXT_LENGTH else text[: MAX_TEXT_LENGTH - 3] + "..."


def notification_shape(notification: Notification) -> NotificationShape:
    """One notification as the API and the page show it (its link only when it is a page of this site)."""
    return NotificationShape(
        id=notification.id or 0,
        kind=notification.kind,
        icon=kind_icon(notification.kind),
        text=notification.text,
        link=site_link(notification.link),
        created_at=iso(notification.created_at),
        time_text=time_text(notification.created_at),
        read=notification.read_at is not None,
    )


def notify(
    session: Session, *, user_id: int, kind: str, text: str, link: str = "", collapse: bool = False
) -> Notification:
    """Tell ``user_id`` that something happened.

    Args:
        session: The database session (flushed, not committed).
        user_id: Who is told.
        kind: ``payment``, ``message``, ``review`` or ``reply`` (an instructor answered a review).
        text: What happened, in a sentence; cut to fit.
        link: The page where it happened.
        collapse: Refresh an unread notification of the same kind and link instead of adding another, so a
            burst of chat messages from one person is one line in the list (the newest text, moved to the top).

    Returns:
        The new or refreshed notification.
    """
    existing = None
    if collapse:
        existing = session.exec(
            select(Notification).where(
                Notification.user_id == user_id,
                Notification.kind == kind,
                Notification.link == link,
                col(Notification.read_at).is_(None),
            )
        ).first()
    notification = existing or Notification(user_id=user_id, kind=kind, link=link, text="")
    notification.text = _clip(text)
    notification.created_at = utcnow()
    session.add(notification)
    session.flush()
    told(session, user_id)
    return notification


def told(session: Session, user_id: int) -> None:
    """Note that ``user_id`` was given a notification in ``session`` (by :func:`notify`, or written otherwise), so
    that their bell rings once it is committed (:func:`notified_in`)."""
    session.info.setdefault(_TOLD, set()).add(user_id)


def notified_in(session: Session) -> set[int]:
    """Who :func:`notify` told in this session so far: whose bell to ring once it is committed."""
    told: set[int] = session.info.get(_TOLD, set())
    return set(told)


def list_notifications(session: Session, user_id: int, *, page: int = 1, per_page: int = 20) -> NotificationPage:
    """A page of the user's notifications, newest first, with the unread count; ``page`` is brought into the
    pages that exist."""
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    total = session.exec(select(func.count()).select_from(Notification).where(Notification.user_id == user_id)).one()
    pages = page_count(total, per_page)
    page = clamp_page(page, pages)
    rows = session.exec(
        select(Notification)
        .where(Notification.user_id == user_id)
        .order_by(col(Notification.created_at).desc(), col(Notification.id).desc())
        .offset(Page.offset(page, per_page))
        .limit(per_page)
    ).all()
    return NotificationPage(
        notifications=[notification_shape(n) for n in rows],
        total=total,
        page=page,
        pages=pages,
        per_page=per_page,
        unread=unread_count(session, user_id),
    )


def unread_count(session: Session, user_id: int) -> int:
    """How many of the user's notifications are unread (the bell's badge)."""
    return session.exec(
        select(func.count())
        .select_from(Notification)
        .where(Notification.user_id == user_id, col(Notification.read_at).is_(None))
    ).one()


def _mark(session: Session, *conditions: ColumnElement[bool]) -> int:
    result = cast(  # an UPDATE's result is a cursor result, with its rowcount
        "CursorResult[Any]",
        session.execute(
            update(Notification)
            .where(col(Notification.read_at).is_(None), *conditions)
            .values(read_at=utcnow())
            .execution_options(synchronize_session=False)
        ),
    )
    session.expire_all()  # rows loaded earlier must not show the old read state
    return result.rowcount or 0


def mark_all_read(session: Session, user_id: int) -> int:
    """Mark every notification of the user read; answers how many were unread."""
    return _mark(session, col(Notification.user_id) == user_id)


def mark_link_read(session: Session, *, user_id: int, kind: str, link: str) -> int:
    """Mark the user's unread notifications of ``kind`` pointing at ``link`` read (e.g. on opening a chat)."""
    return _mark(
        session, col(Notification.user_id) == user_id, col(Notification.kind) == kind, col(Notification.link) == link
    )


def mark_read(session: Session, *, user_id: int, notification_id: int) -> NotificationShape:
    """Mark one of the user's notifications read.

    Raises:
        NotFound: No such notification, or it belongs to somebody else (the same answer, so ids reveal nothing).
    """
    notification = session.get(Notification, notification_id)
    if notification is None or notification.user_id != user_id:
        raise NotFound("Notification not found")
    if notification.read_at is None:
        notification.read_at = utcnow()
        session.add(notification)
        session.flush()
    return notification_shape(notification)
