"""Dependencies shared by the routers: the database session and the caller."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import logging
from collections.abc import Callable, Iterator
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Header, Request
from fastapi.routing import APIRoute
from sqlmodel import Session

from marketplace import realtime
from marketplace.db.engine import in_session_thread, in_thread, session_scope
from marketplace.db.models import User
from marketplace.domain import notifications, sessions
from marketplace.domain.errors import Forbidden, Unauthorized
from marketplace.domain.sessions import Caller, user_for_token

log = logging.getLogger(__name__)
T = TypeVar("T")
NOT_AUTHENTICATED = "You are not authenticated. Please log in."


def writes(route: Callable[..., T]) -> Callable[..., T]:
    """Mark a GET route that saves something (e.g. the payment return check): its session may write."""
    route.__writes__ = True  # type: ignore[attr-defined]  # a mark on the function, read by request_session
    return route


def _commit_sessions_on_return(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a sync route so it commits its request session before returning, on the thread it ran on."""
    if inspect.iscoroutinefunction(endpoint):
        return endpoint  # async routes take no database session (they would block the event loop)

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        result = endpoint(*args, **kwargs)
        for value in kwargs.values():
            if isinstance(value, Session):
                value.commit()
        return result

    return run


class CommitOnReturnRoute(APIRoute):
    """Every API route: the request's transaction begins and ends on the one worker thread the route runs on.

    FastAPI runs each sync dependency, the route, the reply's serialisation and the session dependency's
    ending as separate steps, each waiting for a thread of the shared pool. A transaction still open between
    two steps would hold SQLite's write lock (or a PostgreSQL connection) while waiting for a thread that
    other requests, themselves waiting for that lock, occupy: everything stalls until the lock times out.
    So the route commits before it returns, and the caller dependencies end their read at once.
    """

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        super().__init__(path, _commit_sessions_on_return(endpoint), **kwargs)


async def database_url() -> str | None:
    """The database the API works on: None, the configured one (tests override this to point at theirs)."""
    return None


DatabaseUrl = Annotated[str | None, Depends(database_url)]


def get_session(request: Request, url: DatabaseUrl) -> Iterator[Session]:
    """A session per request: committed when the route returns, before the answer is sent.

    GET and HEAD requests get a read-only session (on SQLite it never takes the write lock) unless the
    route is marked with :func:`writes`.

    The dependency is function-scoped (``scope="function"``): FastAPI ends it right after the route
    function returns, so the commit happens (or fails with an error answer) before a single byte of the
    reply leaves. With the default request scope FastAPI would end it only after the reply was sent, and a
    client's next request could miss its own write, or be told "saved" about a commit that then failed.
    """
    yield from request_session(request, url)


def request_session(request: Request, url: str | None = None) -> Iterator[Session]:
    """The session :func:`get_session` gives ``request``, on the database at ``url`` (tests pass theirs)."""
    endpoint = request.scope.get("endpoint")
    readonly = request.method in ("GET", "HEAD") and not getattr(endpoint, "__writes__", False)
    with session_scope(url, readonly=readonly) as session:
        yield session
    _record_seen(session, url)


def _record_seen(session: Session, url: str | None) -> None:
    """Write the last-seen time of the login session the request used, when due (at most once a minute).

    Its own short transaction after the request's, so a read-only request never writes; best effort, as a
    missed last-seen time is no reason to fail a request that was answered.
    """
    _write_seen(session.info.pop(sessions.SEEN_KEY, None), url)


def _write_seen(seen: set[str] | None, url: str | None) -> None:
    if not seen:
        return
    try:
        with session_scope(url) as writer:
            sessions.record_seen(writer, seen)
    except Exception:
        log.warning("Could not record when a login session was last seen", exc_info=True)


SessionDep = Annotated[Session, Depends(get_session, scope="function")]


async def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The token of an ``Authorization: Bearer`` header, or an empty string (string work: no thread needed)."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return ""


TokenDep = Annotated[str, Depends(bearer_token)]


def current_user(session: SessionDep, token: TokenDep) -> User:
    """The signed-in caller; 401 when the token is missing, forged, expired or revoked."""
    user = user_for_token(session, token)
    session.commit()  # end the lookup's transaction: the route's own begins on the route's thread
    if user is None:
        raise Unauthorized(NOT_AUTHENTICATED)
    return user


def current_caller(session: SessionDep, token: TokenDep) -> Caller:
    """The signed-in caller's user id and login session (the device asking); 401 like :func:`current_user`."""
    caller = sessions.caller_for_token(session, token)
    session.commit()  # end the lookup's transaction: the route's own begins on the route's thread
    if caller is None:
        raise Unauthorized(NOT_AUTHENTICATED)
    return caller


def optional_user(session: SessionDep, token: TokenDep) -> User | None:
    """The caller when a valid token came with the request, else None."""
    user = user_for_token(session, token)
    session.commit()  # end the lookup's transaction: the route's own begins on the route's thread
    return user


CurrentUser = Annotated[User, Depends(current_user)]
CurrentCaller = Annotated[Caller, Depends(current_caller)]
OptionalUser = Annotated[User | None, Depends(optional_user)]


@dataclasses.dataclass(frozen=True)
class PublicRead:
    """A public read (the catalog) made in one trip to a worker thread: session, caller, work and its end.

    A sync route with :data:`SessionDep` and :data:`OptionalUser` waits for a pool thread six times (the
    session's start, the token, the caller, the route, the reply's check, the session's end). Each wait is a
    hand-over of the interpreter lock, and under load each costs more than the query it serves. An ``async``
    route awaiting this makes one; the reply is then checked and written on the event loop, which is pure CPU.
    """

    token: str
    url: str | None = None

    async def __call__(self, work: Callable[[Session, User | None], T]) -> T:
        """``work(session, caller or None)`` in a read-only session on a worker thread; what it returns."""

        def read(session: Session) -> tuple[T, set[str] | None]:
            viewer = user_for_token(session, self.token) if self.token else None
            return work(session, viewer), session.info.pop(sessions.SEEN_KEY, None)

        result, seen = await in_session_thread(read, readonly=True, url=self.url)
        if seen:  # a login session's last-seen time is due (at most once a minute): its own short write
            await in_thread(lambda: _write_seen(seen, self.url))
        return result


async def public_read(url: DatabaseUrl, token: TokenDep) -> PublicRead:
    """The :class:`PublicRead` of this request (no I/O here: it runs on the event loop)."""
    return PublicRead(token, url)


PublicReadDep = Annotated[PublicRead, Depends(public_read)]


def committed_and_rung(session: Session) -> None:
    """Commit what the route wrote, then ring the bells of the users it notified (their open pages count it at once,
    as when the same is done from a page). The route's own commit on return then finds nothing left to do."""
    session.commit()
    realtime.ring_from_thread(notifications.notified_in(session))


def ensure_self(user: User, user_id: int) -> None:
    """Refuse acting on another user's private data."""
    if user.id != user_id:
        raise Forbidden("You can only access your own account.")
