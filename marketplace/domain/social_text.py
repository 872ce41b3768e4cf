"""How chats and notifications read on screen: local times, initials for an avatar, site-only links.

Times are shown in Nigerian time (West Africa Time, UTC+1 all year, no daylight saving), the product's audience.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

WAT = timezone(timedelta(hours=1), "WAT")

# Notification kinds and the icon each gets.
KIND_ICONS = {
    "message": "message-circle",
    "payment": "credit-card",
    "review": "star",
    "reply": "reply",
    "question": "circle-help",  # a learner asked under a lesson one teaches
    "answer": "message-square-reply",  # someone answered a question one asked
}


def initials(name: str) -> str:
    """Up to two initials of a name, for an avatar without a picture ("Ada Obi" -> "AO")."""
    letters = [part[0] for part in name.split() if part][:2]
    return "".join(letters).upper() or "?"


def time_text(moment: datetime | None, now: datetime | None = None) -> str:
    """A short local time: "14:05" today, "12 Mar, 14:05" this year, "12 Mar 2024" before; "" when unknown."""
    if moment is None:
        return ""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC times
    local = aware.astimezone(WAT)
    today = (now or datetime.now(UTC)).astimezone(WAT)
    if local.date() == today.date():
        return local.strftime("%H:%M")
    if local.year == today.year:
        return f"{local.day} {local.strftime('%b, %H:%M')}"
    return f"{local.day} {local.strftime('%b %Y')}"


def site_link(link: str) -> str:
    """``link`` when it is a page of this site, else "": a notification never sends anyone elsewhere."""
    return link if link.startswith("/") and not link.startswith("//") and "\\" not in link else ""


def kind_icon(kind: str) -> str:
    """The icon of a notification's kind (a bell for any other)."""
    return KIND_ICONS.get(kind, "bell")
