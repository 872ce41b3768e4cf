"""Typed view models for the profile, teachers, messages and notifications pages, from the domain's dicts.

Builders tolerate a missing key so a half-filled record never breaks a page. Times are shown in Nigerian
time (West Africa Time, UTC+1 all year, no daylight saving), the product's audience.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

WAT = timezone(timedelta(hours=1), "WAT")

# Notification kinds and the icon each gets.
KIND_ICONS = {"message": "message-circle", "payment": "credit-card", "review": "star", "reply": "reply"}


def initials(name: str) -> str:
    """Up to two initials of a name, for an avatar without a picture ("Ada Obi" -> "AO")."""
    letters = [part[0] for part in name.split() if part][:2]
    return "".join(letters).upper() or "?"


def _moment(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        moment = value
    else:
        try:
            moment = datetime.fromisoformat(str(value))
        except (TypeError, ValueError):
            return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def time_text(value: Any, now: datetime | None = None) -> str:
    """A short local time: "14:05" today, "12 Mar, 14:05" this year, "12 Mar 2024" before; "" when unknown."""
    moment = _moment(value)
    if moment is None:
        return ""
    local = moment.astimezone(WAT)
    today = (now or datetime.now(UTC)).astimezone(WAT)
    if local.date() == today.date():
        return local.strftime("%H:%M")
    if local.year == today.year:
        return f"{local.day} {local.strftime('%b, %H:%M')}"
    return f"{local.day} {local.strftime('%b %Y')}"


@dataclasses.dataclass
class TeacherView:
    """A card on the Teachers page."""

    id: int = 0
    user_id: int = 0
    name: str = ""
    initials: str = ""
    title: str = ""
    picture: str = ""
    rating_text: str = "0.0"
    review_count: int = 0
    course_count: int = 0
    students: int = 0
    mine: bool = False


def teacher_view(data: Mapping[str, Any]) -> TeacherView:
    """A Teachers card from :func:`marketplace.domain.teachers.list_teachers`' teacher dict."""
    name = str(data.get("name") or "")
    try:
        rating = min(max(float(data.get("rating") or 0), 0.0), 5.0)
    except (TypeError, ValueError):
        rating = 0.0
    return TeacherView(
        id=int(data.get("id") or 0),
        user_id=int(data.get("userId") or 0),
        name=name,
        initials=initials(name),
        title=str(data.get("title") or ""),
        picture=str(data.get("picture") or ""),
        rating_text=f"{rating:.1f}",
        review_count=int(data.get("reviewCount") or 0),
        course_count=int(data.get("courseCount") or 0),
        students=int(data.get("students") or 0),
        mine=bool(data.get("mine")),
    )


@dataclasses.dataclass
class ChatSummaryView:
    """A conversation on the Messages list."""

    user_id: int = 0
    name: str = ""
    initials: str = ""
    picture: str = ""
    role_text: str = ""
    last_message: str = ""
    last_mine: bool = False
    time_text: str = ""
    unread: int = 0
    link: str = ""


def chat_summary_view(data: Mapping[str, Any], viewer_id: int) -> ChatSummaryView:
    """A Messages row from :func:`marketplace.domain.chat.recent_chats`' item, as ``viewer_id`` sees it."""
    name = str(data.get("name") or "")
    return ChatSummaryView(
        user_id=int(data.get("userId") or 0),
        name=name,
        initials=initials(name),
        picture=str(data.get("picture") or ""),
        role_text="Teacher" if data.get("role") == "teacher" else "Learner",
        last_message=str(data.get("lastMessage") or ""),
        last_mine=data.get("lastSenderId") == viewer_id,
        time_text=time_text(data.get("lastMessageAt")),
        unread=int(data.get("unread") or 0),
        link=str(data.get("link") or ""),
    )


@dataclasses.dataclass
class ChatPartnerView:
    """The other person at the top of a chat."""

    user_id: int = 0
    name: str = ""
    initials: str = ""
    picture: str = ""
    role_text: str = ""
    mentor_link: str = ""


def chat_partner_view(data: Mapping[str, Any]) -> ChatPartnerView:
    """The chat header from :func:`marketplace.domain.chat.person_dict`."""
    name = str(data.get("name") or "")
    instructor_id = data.get("instructorId")
    return ChatPartnerView(
        user_id=int(data.get("id") or 0),
        name=name,
        initials=initials(name),
        picture=str(data.get("picture") or ""),
        role_text="Teacher" if data.get("role") == "teacher" else "Learner",
        mentor_link=f"/mentors/{instructor_id}" if instructor_id else "",
    )


@dataclasses.dataclass
class ChatMessageView:
    """One chat message. Who wrote it is compared with the viewer on the page (the list is shared by both)."""

    id: int = 0
    sender_id: int = 0
    body: str = ""
    time_text: str = ""
    sent_at: str = ""


def chat_message_view(data: Mapping[str, Any]) -> ChatMessageView:
    """A chat line from :func:`marketplace.domain.chat.message_dict`."""
    return ChatMessageView(
        id=int(data.get("id") or 0),
        sender_id=int(data.get("senderId") or 0),
        body=str(data.get("body") or ""),
        time_text=time_text(data.get("createdAt")),
        sent_at=str(data.get("createdAt") or ""),
    )


@dataclasses.dataclass
class NotificationView:
    """A line on the Notifications page."""

    id: int = 0
    icon: str = "bell"
    text: str = ""
    link: str = ""
    time_text: str = ""
    read: bool = False


def notification_view(data: Mapping[str, Any]) -> NotificationView:
    """A Notifications line from :func:`marketplace.domain.notifications.notification_dict`."""
    link = str(data.get("link") or "")
    return NotificationView(
        id=int(data.get("id") or 0),
        icon=KIND_ICONS.get(str(data.get("kind") or ""), "bell"),
        text=str(data.get("text") or ""),
        # Only links inside the site are followed: a notification never sends anyone elsewhere.
        link=link if link.startswith("/") and not link.startswith("//") else "",
        time_text=time_text(data.get("createdAt")),
        read=bool(data.get("read")),
    )
