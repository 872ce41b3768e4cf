"""Login tokens: signed JWTs tied to a revocable server-side session record.

The UI and the API check a token the same way, through :func:`user_for_token`.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import jwt
from sqlmodel import Session, select

from marketplace.db.models import LoginSession, User
from marketplace.settings import settings

ALGORITHM = "HS256"


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every stored time is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def issue_token(session: Session, user: User) -> str:
    """Open a login session for ``user`` and return its signed token."""
    now = datetime.now(UTC)
    record = LoginSession(
        id=secrets.token_urlsafe(24),
        user_id=user.id,
        created_at=now,
        expires_at=now + timedelta(hours=settings.token_ttl_hours),
    )
    session.add(record)
    session.flush()
    claims = {"sub": str(user.id), "sid": record.id, "iat": now, "exp": record.expires_at}
    return jwt.encode(claims, settings.secret_key, algorithm=ALGORITHM)


def _session_for_token(session: Session, token: str) -> LoginSession | None:
    if not token:
        return None
    try:
        claims = jwt.decode(
            token, settings.secret_key, algorithms=[ALGORITHM], options={"require": ["exp", "sid", "sub"]}
        )
    except jwt.PyJWTError:
        return None
    record = session.get(LoginSession, claims["sid"])
    if record is None or record.revoked_at is not None or str(record.user_id) != claims["sub"]:
        return None
    if _aware(record.expires_at) <= datetime.now(UTC):
        return None
    return record


def user_for_token(session: Session, token: str | None) -> User | None:
    """The user a token belongs to, or None when it is forged, expired or revoked."""
    record = _session_for_token(session, token or "")
    return session.get(User, record.user_id) if record else None


def revoke_token(session: Session, token: str) -> bool:
    """End the login session behind ``token``. Returns whether there was a live one."""
    record = _session_for_token(session, token)
    if record is None:
        return False
    record.revoked_at = datetime.now(UTC)
    session.add(record)
    return True


def revoke_all_sessions(session: Session, user_id: int) -> int:
    """End every open login session of a user (every device). Returns how many were open."""
    now = datetime.now(UTC)
    open_sessions = session.exec(
        select(LoginSession).where(LoginSession.user_id == user_id, LoginSession.revoked_at.is_(None))
    ).all()
    for record in open_sessions:
        record.revoked_at = now
        session.add(record)
    return len(open_sessions)
