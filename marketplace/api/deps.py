"""Dependencies shared by the routers: the database session and the caller."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Header
from sqlmodel import Session

from marketplace.db.engine import session_scope
from marketplace.db.models import User
from marketplace.domain.errors import Forbidden, Unauthorized
from marketplace.domain.sessions import user_for_token


def get_session() -> Iterator[Session]:
    """A session per request: committed when the route returns, rolled back on error."""
    with session_scope() as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The token of an ``Authorization: Bearer`` header, or an empty string."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return ""


TokenDep = Annotated[str, Depends(bearer_token)]


def current_user(session: SessionDep, token: TokenDep) -> User:
    """The signed-in caller; 401 when the token is missing, forged, expired or revoked."""
    user = user_for_token(session, token)
    if user is None:
        raise Unauthorized("You are not authenticated. Please log in.")
    return user


def optional_user(session: SessionDep, token: TokenDep) -> User | None:
    """The caller when a valid token came with the request, else None."""
    return user_for_token(session, token)


CurrentUser = Annotated[User, Depends(current_user)]
OptionalUser = Annotated[User | None, Depends(optional_user)]


def ensure_self(user: User, user_id: int) -> None:
    """Refuse acting on another user's private data."""
    if user.id != user_id:
        raise Forbidden("You can only access your own account.")
