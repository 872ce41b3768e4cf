"""Login throttling: failed attempts per email and per address, kept as LoginAttempt rows.

After a few failures for one email each new attempt on it is slowed a little; after
``settings.login_max_failures`` failures within ``settings.login_lock_minutes`` the email is refused until
the oldest counted failure leaves the window. An address (where many people may share one, as behind a
mobile carrier) is refused only after ``settings.login_max_failures_per_ip`` failures, which stops one
machine guessing across many accounts without locking out a whole network over a few typos.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete
from sqlmodel import Session, col, select

from marketplace.db.models import LoginAttempt
from marketplace.domain.errors import TooManyRequests
from marketplace.settings import settings

SLOW_DOWN_AFTER = 3
# Seconds added per failure beyond SLOW_DOWN_AFTER, capped: enough to blunt scripted guessing,
# short enough that a person who mistyped twice more hardly notices. Tests may lower it.
SLOW_DOWN_STEP_SECONDS = 0.5
SLOW_DOWN_MAX_SECONDS = 2.0


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def client_address(peer: str | None, forwarded_for: str = "", trusted_hops: int | None = None) -> str | None:
    """The address a request came from, for counting failures per address.

    X-Forwarded-For is written by whoever sends the request, so only the entries the trusted proxies appended
    count: with ``trusted_hops`` proxies, the client is the entry that many places from the end (the rule Reflex
    applies to its websocket with ``trusted_proxy_hops``). With none, or a shorter header, it is the connection's
    own address.
    """
    hops = settings.trusted_proxy_hops if trusted_hops is None else trusted_hops
    entries = [entry.strip() for entry in (forwarded_for or "").split(",") if entry.strip()]
    if hops and len(entries) >= hops:
        return entries[-hops]
    return peer


def attempt_keys(email: str, ip: str | None) -> list[str]:
    """The keys failures are counted under: the (lower-cased) email and, when known, the client address."""
    keys = [f"email:{email.strip().lower()}"[:300]]
    if ip:
        keys.append(f"ip:{ip}"[:300])
    return keys


def _recent(session: Session, key: str, now: datetime) -> list[datetime]:
    since = now - timedelta(minutes=settings.login_lock_minutes)
    rows = session.exec(
        select(LoginAttempt.created_at)
        .where(LoginAttempt.key == key, LoginAttempt.created_at > since)
        .order_by(col(LoginAttempt.created_at))
    )
    return [_aware(moment) for moment in rows]


def _wait_message(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"Too many failed attempts. Try again in {minutes} {unit}."


def _limit(key: str) -> int:
    return settings.login_max_failures_per_ip if key.startswith("ip:") else settings.login_max_failures


def slow_down_seconds(failures: int) -> float:
    """How long an attempt waits after ``failures`` recent failures for its email."""
    if failures < SLOW_DOWN_AFTER:
        return 0.0
    return min((failures - SLOW_DOWN_AFTER + 1) * SLOW_DOWN_STEP_SECONDS, SLOW_DOWN_MAX_SECONDS)


def check_allowed(session: Session, keys: list[str]) -> float:
    """Refuse while any key is locked; otherwise say how long to slow this attempt down (repeated failures).

    Returns:
        Seconds the caller should wait before checking the password. The caller waits outside any
        transaction (a wait inside one would hold a connection, and SQLite's write lock, for everybody).

    Raises:
        TooManyRequests: With a message saying how many minutes to wait.
    """
    now = datetime.now(UTC)
    email_failures = 0
    for key in keys:
        failures = _recent(session, key, now)
        if not key.startswith("ip:"):
            email_failures = max(email_failures, len(failures))
        limit = _limit(key)
        if len(failures) >= limit:
            # Unlocked when enough failures leave the window to go below the limit.
            oldest_counted = failures[len(failures) - limit]
            free_at = oldest_counted + timedelta(minutes=settings.login_lock_minutes)
            raise TooManyRequests(_wait_message((free_at - now).total_seconds()))
    return slow_down_seconds(email_failures)


def record_failure(session: Session, keys: list[str]) -> None:
    """Count one failed attempt under each key."""
    now = datetime.now(UTC)
    for key in keys:
        session.add(LoginAttempt(key=key, created_at=now))
    session.flush()


def clear_failures(session: Session, key: str) -> None:
    """Forget the failures under ``key`` (after a successful login or a password reset)."""
    session.execute(delete(LoginAttempt).where(LoginAttempt.key == key))
    # Old rows of every key are useless once out of the window; prune them while here.
    cutoff = datetime.now(UTC) - timedelta(minutes=settings.login_lock_minutes)
    session.execute(delete(LoginAttempt).where(LoginAttempt.created_at < cutoff))
