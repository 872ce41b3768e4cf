"""Login sessions: a server-side record per signed-in device, a short-lived access token, and a refresh token.

* The **login session** (:class:`LoginSession`) lasts ``TOKEN_TTL_HOURS``; it remembers the device (User-Agent),
  the address and when it was last seen, and it can be listed and signed out (revoked) from the profile.
* The **access token** is a signed JWT that names its session (``sid``) and lives ``ACCESS_TOKEN_MINUTES``. It
  travels with every request, and every request checks its session is still live, so signing a device out
  takes effect at once.
* The **refresh token** (``<sid>.<secret>``, only a hash kept) renews the access token while the session lives
  (:func:`renew`). It goes only to the refresh route (or stays with the app's own server), so an access token
  that leaks from a request is useful for minutes, not for the session's whole life.

The UI and the API check a token the same way, through :func:`caller_for_token` / :func:`user_for_token`.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from sqlalchemy import or_, update
from sqlmodel import Session, col, select

from marketplace.db.models import LoginSession, User
from marketplace.domain.errors import NotFound
from marketplace.settings import settings

ALGORITHM = "HS256"
ACCESS = "access"
# Last seen is written at most this often per session: not a database write per request.
SEEN_EVERY = timedelta(minutes=1)
USER_AGENT_LENGTH = 300
SESSION_NOT_FOUND = "That signed-in device was not found."


# session.info key: the login sessions whose last-seen time is due, written after the request (api/deps.py).
SEEN_KEY = "seen_sessions"


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every stored time is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Tokens:
    """What a sign-in hands out: the access token, the refresh token, and the session's id."""

    access: str
    refresh: str
    session_id: str


@dataclass(frozen=True)
class Caller:
    """Whose access token this is: the user, their login session, and when the token runs out."""

    user_id: int
    session_id: str
    expires_at: datetime
    seen_due: bool  # the session's last-seen time is over a minute old: worth a write

    def expires_within(self, seconds: float) -> bool:
        """Whether the access token runs out within ``seconds`` (time to renew it)."""
        return self.expires_at <= datetime.now(UTC) + timedelta(seconds=seconds)


@dataclass(frozen=True)
class _Live:
    """The columns of a live login session that checking a token needs (no whole ORM row on the hot path)."""

    id: str
    user_id: int
    expires_at: datetime
    last_seen_at: datetime | None
    refresh_hash: str | None


def _access_token(record: LoginSession | _Live, now: datetime) -> tuple[str, datetime]:
    """A signed access token for ``record``, and when it runs out (never after the session does)."""
    expires = min(now + timedelta(minutes=settings.access_token_minutes), _aware(record.expires_at))
    expires = expires.replace(microsecond=0)  # JWT times are whole seconds
    claims = {"sub": str(record.user_id), "sid": record.id, "typ": ACCESS, "iat": now, "exp": expires}
    return jwt.encode(claims, settings.secret_key, algorithm=ALGORITHM), expires


def open_session(session: Session, user: User, *, user_agent: str | None = "", ip: str | None = None) -> Tokens:
    """Open a login session for ``user`` on the device that sent ``user_agent`` from ``ip``."""
    if user.id is None:
        raise ValueError("A login session needs a saved user.")
    now = datetime.now(UTC)
    secret = secrets.token_urlsafe(32)
    record = LoginSession(
        id=secrets.token_urlsafe(24),
        user_id=user.id,
        created_at=now,
        expires_at=now + timedelta(hours=settings.token_ttl_hours),
        user_agent=(user_agent or "")[:USER_AGENT_LENGTH],
        ip=(ip or "")[:64],
        last_seen_at=now,
        refresh_hash=_hash(secret),
    )
    session.add(record)
    session.flush()
    return Tokens(access=_access_token(record, now)[0], refresh=f"{record.id}.{secret}", session_id=record.id)


def issue_token(session: Session, user: User, **device: str | None) -> str:
    """Open a login session for ``user`` and return only its access token (scripts and tests)."""
    return open_session(session, user, **device).access


def _claims(token: str, *, verify_exp: bool = True) -> dict[str, Any] | None:
    if not token:
        return None
    try:
        claims = jwt.decode(
            token,
            settings.secret_key,
            algorithms=[ALGORITHM],
            options={"require": ["exp", "sid", "sub"], "verify_exp": verify_exp},
        )
    except jwt.PyJWTError:
        return None
    return claims if claims.get("typ") == ACCESS else None


def _live(session: Session, session_id: str, user_id: str | None = None) -> LoginSession | None:
    record = session.get(LoginSession, session_id)
    if record is None or record.revoked_at is not None or _aware(record.expires_at) <= datetime.now(UTC):
        return None
    if user_id is not None and str(record.user_id) != user_id:
        return None
    return record


def _live_columns(session: Session, session_id: str, user_id: str | None = None) -> _Live | None:
    """The live session ``session_id`` (of ``user_id`` when given) as plain columns, or None: one indexed read."""
    row = session.exec(
        select(
            LoginSession.user_id, LoginSession.expires_at, LoginSession.last_seen_at, LoginSession.refresh_hash
        ).where(LoginSession.id == session_id, col(LoginSession.revoked_at).is_(None))
    ).first()
    if row is None or _aware(row[1]) <= datetime.now(UTC):
        return None
    if user_id is not None and str(row[0]) != user_id:
        return None
    return _Live(id=session_id, user_id=row[0], expires_at=row[1], last_seen_at=row[2], refresh_hash=row[3])


def _caller(record: _Live, expires_at: datetime) -> Caller:
    seen = record.last_seen_at
    due = seen is None or _aware(seen) <= datetime.now(UTC) - SEEN_EVERY
    return Caller(user_id=record.user_id, session_id=record.id, expires_at=expires_at, seen_due=due)


def caller_for_token(session: Session, token: str | None) -> Caller | None:
    """Who an access token belongs to, or None when it is forged, expired, or its session ended.

    When the session's last-seen time is due, its id is noted in ``session.info["seen_sessions"]`` for the
    caller to record after its transaction (:func:`record_seen`): a read-only request stays read-only.
    """
    claims = _claims(token or "")
    if claims is None:
        return None
    record = _live_columns(session, claims["sid"], claims["sub"])
    if record is None:
        return None
    caller = _caller(record, datetime.fromtimestamp(claims["exp"], UTC))
    if caller.seen_due:
        session.info.setdefault(SEEN_KEY, set()).add(caller.session_id)
    return caller


def user_for_token(session: Session, token: str | None) -> User | None:
    """The user an access token belongs to, or None when it is forged, expired or revoked."""
    caller = caller_for_token(session, token)
    return session.get(User, caller.user_id) if caller else None


def renew(session: Session, refresh_token: str | None) -> tuple[str, Caller] | None:
    """A new access token for the live session a refresh token belongs to, or None (wrong, ended, expired).

    Only reads: the access token is signed, not stored.
    """
    session_id, _, secret = (refresh_token or "").partition(".")
    if not session_id or not secret or len(session_id) > 64:
        return None
    record = _live_columns(session, session_id)
    if record is None or not record.refresh_hash or not secrets.compare_digest(record.refresh_hash, _hash(secret)):
        return None
    token, expires = _access_token(record, datetime.now(UTC))
    return token, _caller(record, expires)


def record_seen(session: Session, session_ids: set[str] | list[str]) -> None:
    """Note that these sessions were just used; a session seen within the last minute is not written again."""
    now = datetime.now(UTC)
    if not session_ids:
        return
    session.execute(
        update(LoginSession)
        .where(
            col(LoginSession.id).in_(list(session_ids)),
            or_(col(LoginSession.last_seen_at).is_(None), col(LoginSession.last_seen_at) <= now - SEEN_EVERY),
        )
        .values(last_seen_at=now)
        .execution_options(synchronize_session=False)
    )


def revoke_token(session: Session, token: str) -> bool:
    """End the login session behind ``token``. Returns whether there was a live one.

    An access token that has run out still signs its own session out (it is genuine, and ending a session only
    takes access away): a device that sat idle can always log out.
    """
    claims = _claims(token, verify_exp=False)
    record = _live(session, claims["sid"], claims["sub"]) if claims else None
    if record is None:
        return False
    record.revoked_at = datetime.now(UTC)
    session.add(record)
    return True


def revoke_all_sessions(session: Session, user_id: int, *, keep: str | None = None) -> int:
    """End every open login session of a user (every device), but ``keep``. Returns how many were ended."""
    now = datetime.now(UTC)
    query = select(LoginSession).where(LoginSession.user_id == user_id, col(LoginSession.revoked_at).is_(None))
    if keep:
        query = query.where(LoginSession.id != keep)
    open_sessions = session.exec(query).all()
    for record in open_sessions:
        record.revoked_at = now
        session.add(record)
    session.flush()
    return len(open_sessions)


def live_sessions(session: Session, user_id: int) -> list[LoginSession]:
    """A user's live login sessions, the most recently seen first."""
    now = datetime.now(UTC)
    rows = session.exec(
        select(LoginSession).where(
            LoginSession.user_id == user_id, col(LoginSession.revoked_at).is_(None), LoginSession.expires_at > now
        )
    ).all()
    return sorted(rows, key=lambda r: _aware(r.last_seen_at or r.created_at), reverse=True)


def revoke_session(session: Session, *, user_id: int, session_id: str) -> None:
    """Sign one of the user's own devices out.

    Raises:
        NotFound: No live session of this user has that id (another user's looks the same: nothing to learn).
    """
    record = session.get(LoginSession, session_id) if session_id else None
    if record is None or record.user_id != user_id or record.revoked_at is not None:
        raise NotFound(SESSION_NOT_FOUND)
    record.revoked_at = datetime.now(UTC)
    session.add(record)
    session.flush()
