"""Dependencies shared by the routers: the database session and the caller."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, TypeVar

from fastapi import Depends, Header, Request
from sqlmodel import Session

from marketplace.db.engine import session_scope
from marketplace.db.models import User
from marketplace.domain.errors import Forbidden, Unauthorized
from marketplace.domain.sessions import user_for_token

T = TypeVar("T")


def writes(route: Callable[..., T]) -> Callable[..., T]:
    """Mark a GET route that saves something (e.g. the payment return check): its session may write."""
    route.__writes__ = True  # type: ignore[attr-defined]
    return route


def get_session(request: Request) -> Iterator[Session]:
    """A session per request: committed when the route returns, before the answer is sent.

    GET and HEAD requests get a read-only session (on SQLite it never takes the write lock) unless the
    route is marked with :func:`writes`.

    The dependency is function-scoped (``scope="function"``): FastAPI ends it right after the route
    function returns, so the commit happens (or fails with an error answer) before a single byte of the
    reply leaves. With the default request scope FastAPI would end it only after the reply was sent, and a
    client's next request could miss its own write, or be told "saved" about a commit that then failed.
    """
    yield from request_session(request)


def request_session(request: Request, url: str | None = None) -> Iterator[Session]:
    """The session :func:`get_session` gives ``request``, on the database at ``url`` (tests pass theirs)."""
    endpoint = request.scope.get("endpoint")
    readonly = request.method in ("GET", "HEAD") and not getattr(endpoint, "__writes__", False)
    with session_scope(url, readonly=readonly) as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session, scope="function")]


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
