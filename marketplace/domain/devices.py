"""Signed-in devices as a person reads them: "Chrome on Android", the address, "5 minutes ago", "This device".

The list and its actions for the profile page and the API; the sessions themselves are
:mod:`marketplace.domain.sessions`. No geo-IP database is available offline, so the place is the address the
device signed in from.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session

from marketplace.domain import sessions
from marketplace.shapes.accounts import Device

# Checked in order: Edge, Opera and Samsung's browser also say "Chrome", and Chrome also says "Safari".
BROWSERS = (
    (("Edg/", "EdgA/", "EdgiOS/"), "Edge"),
    (("OPR/", "Opera"), "Opera"),
    (("SamsungBrowser/",), "Samsung Internet"),
    (("UCBrowser/",), "UC Browser"),
    (("Firefox/", "FxiOS/"), "Firefox"),
    (("CriOS/", "Chrome/", "Chromium/"), "Chrome"),
    (("Safari/",), "Safari"),
)
SYSTEMS = (
    (("Android",), "Android"),
    (("iPhone",), "iPhone"),
    (("iPad",), "iPad"),
    (("Windows",), "Windows"),
    (("CrOS",), "ChromeOS"),
    (("Macintosh", "Mac OS X"), "macOS"),
    (("Linux",), "Linux"),
)
UNKNOWN_DEVICE = "Unknown device"


def _first(user_agent: str, table: tuple[tuple[tuple[str, ...], str], ...]) -> str:
    return next((name for marks, name in table if any(mark in user_agent for mark in marks)), "")


def describe(user_agent: str | None) -> str:
    """A device as people name it, from its User-Agent: "Chrome on Android", "Safari on iPhone"."""
    user_agent = user_agent or ""
    browser, system = _first(user_agent, BROWSERS), _first(user_agent, SYSTEMS)
    if browser and system:
        return f"{browser} on {system}"
    return browser or (f"{system} device" if system else UNKNOWN_DEVICE)


def seen_text(moment: datetime | None, now: datetime | None = None) -> str:
    """When a device was last used, in words: "Active now", "5 minutes ago", "3 days ago", "2 Mar 2026"."""
    if moment is None:
        return "Not seen yet"
    now = now or datetime.now(UTC)
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    minutes = int((now - moment).total_seconds() // 60)
    if minutes < 2:
        return "Active now"
    for size, unit, limit in ((1, "minute", 60), (60, "hour", 24 * 60), (24 * 60, "day", 7 * 24 * 60)):
        if minutes < limit:
            count = minutes // size
            return f"{count} {unit}{'' if count == 1 else 's'} ago"
    return f"{moment.day} {moment:%b %Y}"


def signed_in_devices(session: Session, *, user_id: int, current_session_id: str = "") -> list[Device]:
    """The user's live sessions, the one asking first, then the most recently used, as the profile and the API
    show them."""
    now = datetime.now(UTC)
    live = sessions.live_sessions(session, user_id)
    live.sort(key=lambda record: record.id != current_session_id)  # stable: the rest stay newest first
    return [
        Device(
            id=record.id,
            device=describe(record.user_agent),
            place=record.ip or "Unknown address",
            last_seen=(record.last_seen_at or record.created_at).isoformat(),
            last_seen_text=seen_text(record.last_seen_at or record.created_at, now),
            signed_in_at=record.created_at.isoformat(),
            current=record.id == current_session_id,
        )
        for record in live
    ]


def sign_out_device(session: Session, *, user_id: int, session_id: str) -> None:
    """Sign one of the user's devices out; its next request is refused.

    Raises:
        NotFound: Not a live session of this user (another user's sessions look just the same).
    """
    sessions.revoke_session(session, user_id=user_id, session_id=session_id)


def sign_out_other_devices(session: Session, *, user_id: int, current_session_id: str) -> int:
    """Sign every device of the user out but the one asking. Returns how many were signed out."""
    return sessions.revoke_all_sessions(session, user_id, keep=current_session_id)
