"""Counting attempts under a key atomically: login failures, sign-ups per address.

Each attempt is a row of ``login_attempts`` (key, time). A limit is checked by **recording the attempt first and
then counting**, inside one short transaction that holds the key's lock, so requests arriving at the same moment
are counted one after the other and never all see the same old count:

* on PostgreSQL, :func:`lock` takes a transaction-scoped advisory lock per key (``pg_advisory_xact_lock``),
  released by the commit or rollback;
* on SQLite the app's write transactions begin IMMEDIATE (see :mod:`marketplace.db.engine`), and the first
  statement here is the INSERT, so writers are serialised by the database's one write lock.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, text
from sqlmodel import Session, col, select

from marketplace.db.models import LoginAttempt
from marketplace.domain.errors import TooManyRequests
from marketplace.domain.shapes import aware
from marketplace.settings import settings

SIGNUP_WINDOW = timedelta(hours=1)
TOO_MANY_SIGNUPS = "Too many sign-ups from your network. Please try again later."
KEY_LENGTH = 300  # the width of LoginAttempt.key


def _lock_id(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)


def lock(session: Session, keys: Iterable[str]) -> None:
    """Hold each key's lock until the transaction ends (PostgreSQL; SQLite serialises writers by itself).

    Locks are taken in one fixed order, so two requests locking the same keys can never wait on each other.
    """
    if session.get_bind().dialect.name != "postgresql":
        return
    for lock_id in sorted({_lock_id(key) for key in keys}):
        session.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": lock_id})


def record(session: Session, keys: Iterable[str], now: datetime) -> list[int]:
    """Add one attempt row per key; returns their ids (to take them back if the attempt is not counted)."""
    rows = [LoginAttempt(key=key[:KEY_LENGTH], created_at=now) for key in keys]
    session.add_all(rows)
    session.flush()
    return [row.id for row in rows if row.id is not None]  # flushed: every row has its id


def forget(session: Session, ids: Iterable[int]) -> None:
    """Take back attempt rows by id (an attempt that was refused, or turned out to be the owner's)."""
    ids = list(ids)
    if ids:
        session.execute(delete(LoginAttempt).where(col(LoginAttempt.id).in_(ids)))


def times(session: Session, key: str, since: datetime, *, besides: Iterable[int] = ()) -> list[datetime]:
    """When the attempts under ``key`` since ``since`` were made, oldest first, leaving out the rows ``besides``."""
    query = select(LoginAttempt.created_at).where(LoginAttempt.key == key[:KEY_LENGTH], LoginAttempt.created_at > since)
    besides = list(besides)
    if besides:
        query = query.where(col(LoginAttempt.id).not_in(besides))
    rows = session.exec(query.order_by(col(LoginAttempt.created_at), col(LoginAttempt.id)))
    return [aware(moment) for moment in rows]


def count(session: Session, key: str, since: datetime) -> int:
    """How many attempts under ``key`` since ``since``."""
    return session.exec(
        select(func.count())
        .select_from(LoginAttempt)
        .where(LoginAttempt.key == key[:KEY_LENGTH], LoginAttempt.created_at > since)
    ).one()


def prune(session: Session) -> None:
    """Delete rows too old for any window (kept for the longest one: sign-ups' hour or the login window)."""
    longest = max(SIGNUP_WINDOW, timedelta(minutes=settings.login_lock_minutes))
    session.execute(delete(LoginAttempt).where(col(LoginAttempt.created_at) < datetime.now(UTC) - longest))


def wait_minutes_message(prefix: str, seconds: float) -> str:
    """``"<prefix> Try again in N minutes."`` with N rounded up, at least 1."""
    minutes = max(1, math.ceil(seconds / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"{prefix} Try again in {minutes} {unit}."


def signup_key(ip: str) -> str:
    """The key sign-ups from one client address are counted under."""
    return f"signup:{ip}"


def count_signup(session: Session, ip: str | None) -> None:
    """Count a sign-up from ``ip`` in the caller's transaction, refusing it past ``SIGNUP_MAX_PER_IP`` an hour.

    The row is part of the sign-up's own transaction: a sign-up that fails (a taken email) and rolls back is
    not counted. An unknown address is not limited (the app always knows one; scripts and tests may not).

    Raises:
        TooManyRequests: :data:`TOO_MANY_SIGNUPS`.
    """
    if not ip:
        return
    key = signup_key(ip)
    lock(session, [key])
    now = datetime.now(UTC)
    ids = record(session, [key], now)
    if count(session, key, now - SIGNUP_WINDOW) > settings.signup_max_per_ip:
        forget(session, ids)
        raise TooManyRequests(TOO_MANY_SIGNUPS)


def signups_exhausted(session: Session, ip: str | None) -> bool:
    """Whether ``ip`` has used up its sign-ups for now: a cheap read to refuse before the costly password hash.

    Not atomic (the count may change right after); :func:`count_signup` is the check that holds.
    """
    if not ip:
        return False
    return count(session, signup_key(ip), datetime.now(UTC) - SIGNUP_WINDOW) >= settings.signup_max_per_ip
