"""Single-use, expiring tokens for email links. Only a SHA-256 hash is stored, so a leaked table opens nothing."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlmodel import Session, col, select

from marketplace.db.models import OneTimeToken, User
from marketplace.settings import settings

VERIFY_EMAIL = "verify_email"
RESET_PASSWORD = "reset_password"
LIFETIMES = {VERIFY_EMAIL: timedelta(hours=48), RESET_PASSWORD: timedelta(hours=1)}


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every stored time is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _saved_id(user: User) -> int:
    if user.id is None:
        raise ValueError("An unsaved user has no tokens.")
    return user.id


def issue(session: Session, *, user: User, purpose: str) -> str:
    """Create a token for ``purpose`` and return it in clear (to put in a link); earlier unused ones stop working."""
    now = datetime.now(UTC)
    for older in session.exec(
        select(OneTimeToken).where(
            OneTimeToken.user_id == user.id, OneTimeToken.purpose == purpose, col(OneTimeToken.used_at).is_(None)
        )
    ):
        older.used_at = now
        session.add(older)
    token = secrets.token_urlsafe(32)
    session.add(
        OneTimeToken(
            user_id=_saved_id(user), purpose=purpose, token_hash=_hash(token), expires_at=now + LIFETIMES[purpose]
        )
    )
    session.flush()
    return token


def recently_issued(session: Session, *, user: User, purpose: str) -> bool:
    """Whether a token for ``purpose`` went out to ``user`` within ``settings.mail_resend_pause_seconds``.

    Asking again within that pause sends nothing new: nobody can flood an inbox through "resend" or "forgot".
    """
    since = datetime.now(UTC) - timedelta(seconds=settings.mail_resend_pause_seconds)
    latest = session.exec(
        select(OneTimeToken.expires_at)
        .where(OneTimeToken.user_id == user.id, OneTimeToken.purpose == purpose)
        .order_by(col(OneTimeToken.expires_at).desc())
    ).first()
    return latest is not None and _aware(latest) - LIFETIMES[purpose] > since


def consume(session: Session, *, token: str, purpose: str) -> User | None:
    """Use up a token: the user it was issued to, or None when it is unknown, used, expired or for another purpose."""
    if not token:
        return None
    record = session.exec(select(OneTimeToken).where(OneTimeToken.token_hash == _hash(token))).first()
    now = datetime.now(UTC)
    if record is None or record.purpose != purpose or record.used_at is not None:
        return None
    if _aware(record.expires_at) <= now:
        return None
    record.used_at = now
    session.add(record)
    session.flush()
    return session.get(User, record.user_id)
