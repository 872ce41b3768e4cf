"""Every write of the API is committed before its reply leaves: a client's next request sees its own write.

FastAPI ends a ``yield`` dependency with the default ``scope="request"`` only after the reply was sent, so a
session committed there lets the client read before the write exists (and calls a failed commit a success).
``TestClient`` waits for the whole ASGI call, teardown included, so a plain "write, then read" cannot see that.

Here the app is wrapped (:class:`ProbedClient`): the moment the app sends ``http.response.start``, and before
that message is passed on, the whole database is read through a connection of its own. That copy is what any
other request could see as the client gets its answer. Each write route's case then checks, in that copy, the
effect its reply promises, and that nothing was committed after the reply began (the copy taken once the ASGI
call ended is the same). Which routes write is read from ``create_api().routes``: a write route without a case
here fails :func:`test_every_write_route_has_a_case`.
"""

from __future__ import annotations

import base64
import hashlib
import io
import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl, urlparse

import anyio.to_thread
import httpx
import jwt
import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlmodel import Session, SQLModel
from sqlmodel import select as sql_select
from starlette.routing import Route

from marketplace.api.app import create_api
from marketplace.api.deps import database_url
from marketplace.db.engine import get_engine
from marketplace.db.models import (
    CartEntry,
    Coupon,
    LessonQuestion,
    LoginSession,
    Review,
    Section,
    SectionProgress,
    User,
    WishlistEntry,
)
from marketplace.domain import (
    account_recovery,
    chat,
    login_throttle,
    notifications,
    one_time_tokens,
    review_writing,
    sessions,
)
from marketplace.domain.checkout import WEBHOOK_JOB
from marketplace.domain.pricing import price_kobo
from marketplace.domain.sessions import issue_token
from marketplace.identity import google
from marketplace.mail import MAIL_JOB
from marketplace.payments.sandbox.provider import SETTLE_JOB, webhook_hash
from marketplace.settings import settings
from tests.factories import enroll, make_course, make_instructor, make_upload, make_user
from tests.mail_helpers import SmtpInbox, link_token
from tests.oidc_helpers import CLIENT_ID, mint_id_token, oidc_provider

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
BILLING = {"email": "ada@example.com", "country": "Nigeria", "state": "Lagos"}


# --- the database as another connection sees it ----------------------------------------------------------------


class Db:
    """Every table's rows (dicts keyed by column name), read in one transaction of a connection of its own."""

    def __init__(self, tables: dict[str, list[dict]]) -> None:
        self.tables = tables

    def rows(self, table: str, **where) -> list[dict]:
        """The rows of ``table`` whose columns equal ``where``."""
        return [row for row in self.tables[table] if all(row[k] == v for k, v in where.items())]

    def one(self, table: str, **where) -> dict:
        """The single row of ``table`` matching ``where`` (fails when there is none, or several)."""
        found = self.rows(table, **where)
        assert len(found) == 1, f"expected one {table} row with {where}, another connection sees {len(found)}"
        return found[0]

    def changed_tables(self, other: Db) -> list[str]:
        """The tables whose rows differ between two copies."""
        return sorted(name for name, rows in self.tables.items() if other.tables.get(name) != rows)


def read_database(db_url: str) -> Db:
    """Read the committed state of every table through a fresh connection (never the app's session)."""
    engine = get_engine(db_url)
    if engine.dialect.name == "sqlite":  # WAL: a deferred reader sees the last commit and never waits
        bind = engine.execution_options(sqlite_begin="DEFERRED")
    else:  # one snapshot for all the tables
        bind = engine.execution_options(isolation_level="REPEATABLE READ")
    with bind.connect() as connection:
        tables = {}
        for table in SQLModel.metadata.sorted_tables:
            query = select(table).order_by(*table.primary_key.columns)
            tables[table.name] = [dict(row._mapping) for row in connection.execute(query)]
        connection.rollback()
    return Db(tables)


# --- a client that looks at the database as each reply starts --------------------------------------------------


class ProbedClient(TestClient):
    """A TestClient whose app reads the database (:func:`read_database`) as each reply starts.

    ``at_reply`` is that copy for the last request. With ``strict`` on, every request also fails when the
    database changed between that moment and the end of the ASGI call (a commit after the reply began).
    ``on_reply``, when set, runs (on a worker thread) at the same moment: the client's "next request".
    """

    def __init__(self, app, db_url: str) -> None:
        self.db_url = db_url
        self.strict = True
        self.at_reply: Db | None = None
        self.on_reply: Callable[[], None] | None = None
        super().__init__(self._probed(app), raise_server_exceptions=False)

    def _probed(self, app):
        async def probed_app(scope, receive, send):
            if scope["type"] != "http":
                await app(scope, receive, send)
                return

            async def send_after_looking(message):
                if message["type"] == "http.response.start":
                    self.at_reply = await anyio.to_thread.run_sync(read_database, self.db_url)
                    if self.on_reply is not None:
                        await anyio.to_thread.run_sync(self.on_reply)
                await send(message)

            await app(scope, receive, send_after_looking)

        return probed_app

    def request(self, method, url, *args, **kwargs) -> httpx.Response:
        self.at_reply = None
        response = super().request(method, url, *args, **kwargs)
        assert self.at_reply is not None, f"{method} {url}: the app never started a reply"
        if self.strict:
            late = self.at_reply.changed_tables(read_database(self.db_url))
            assert not late, f"{method} {url} committed to {late} after its reply had started"
        return response


@pytest.fixture
def api(db_url):
    """The /api app on the test database (as conftest's ``api_client`` wires it; background jobs do not run)."""
    app = create_api()

    async def _database() -> str:
        return db_url

    app.dependency_overrides[database_url] = _database
    return app


@pytest.fixture
def client(api, db_url):
    with ProbedClient(api, db_url) as probed:
        yield probed


@pytest.fixture(autouse=True)
def no_slow_down(monkeypatch):
    monkeypatch.setattr(login_throttle, "SLOW_DOWN_STEP_SECONDS", 0.0)


@pytest.fixture(scope="module")
def oidc_issuer():
    """A local OpenID provider standing in for Google (started only for the Google case)."""
    with oidc_provider() as issuer:
        yield issuer


# --- the write routes, one case each (initiate has two) --------------------------------------------------------


@dataclass
class Call:
    """The request under test, its expected status, and what another connection must see as its reply starts."""

    method: str
    path: str
    expect: Callable[[Db, httpx.Response], None]
    status: int = 200
    kwargs: dict = field(default_factory=dict)


@dataclass
class World:
    """What a case sets its data up with."""

    session: Session
    client: ProbedClient
    request: pytest.FixtureRequest
    monkeypatch: pytest.MonkeyPatch

    def signed_in(self, user: User | None = None, **fields) -> tuple[User, dict]:
        user = user or make_user(self.session, **fields)
        token = issue_token(self.session, user)
        self.session.commit()
        return user, {"Authorization": f"Bearer {token}"}

    def sections(self, course) -> list[Section]:
        query = sql_select(Section).where(Section.course_id == course.id).order_by(Section.position)
        return list(self.session.exec(query).all())

    def sandbox_order(self, headers: dict) -> str:
        """A pending sandbox order of the signed-in caller, started through the API; its tx_ref."""
        course = make_course(self.session, price_kobo=1_500_000)
        total = price_kobo([course.price_kobo]).total
        body = {"courses": [course.id], "totalAmount": str(total), **BILLING}
        started = self.client.post("/api/sandbox/initiate", json=body, headers=headers)
        assert started.status_code == 200, started.text
        return started.json()["txRef"]


CASES: dict[str, Callable[[World], Call]] = {}


def case(route: str, variant: str = ""):
    """Register a case for ``route`` ("METHOD /api/path" as the router declares it)."""

    def register(build: Callable[[World], Call]) -> Callable[[World], Call]:
        CASES[f"{route} [{variant}]" if variant else route] = build
        return build

    return register


def route_of(case_id: str) -> str:
    return case_id.split(" [", 1)[0]


def _sid(token: str) -> str:
    return jwt.decode(token, options={"verify_signature": False})["sid"]


def _job_payload(db: Db, kind: str) -> list[dict]:
    return [json.loads(row["payload"]) for row in db.rows("jobs", kind=kind)]


def _mail_to(db: Db, address: str) -> bool:
    return any(f"To: {address}" in payload["message"] for payload in _job_payload(db, MAIL_JOB))


# auth


@case("POST /api/auth/signup")
def _signup(w: World) -> Call:
    body = {"firstName": "Emeka", "lastName": "Nwosu", "userName": "EmekaN", "email": "Emeka@Example.com"}

    def expect(db: Db, reply) -> None:
        user = db.one("users", email="emeka@example.com")
        assert user["email_verified"] is False
        db.one("one_time_tokens", user_id=user["id"], purpose=one_time_tokens.VERIFY_EMAIL)
        assert _mail_to(db, "emeka@example.com")

    return Call("POST", "/api/auth/signup", expect, 201, {"json": {**body, "password": "secret12"}})


@case("POST /api/auth/login")
def _login(w: World) -> Call:
    user = make_user(w.session, email="ada@example.com", password="right-pass")

    def expect(db: Db, reply) -> None:
        row = db.one("login_sessions", id=_sid(reply.json()["token"]))
        assert row["user_id"] == user.id and row["revoked_at"] is None

    return Call("POST", "/api/auth/login", expect, kwargs={"json": {"email": user.email, "password": "right-pass"}})


@case("POST /api/auth/google")
def _google(w: World) -> Call:
    issuer = w.request.getfixturevalue("oidc_issuer")
    w.monkeypatch.setattr(settings, "google_issuer", issuer)
    w.monkeypatch.setattr(settings, "google_client_id", CLIENT_ID)
    google.clear_key_cache()
    w.request.addfinalizer(google.clear_key_cache)
    person = {"email": "kemi@example.com", "email_verified": True, "given_name": "Kemi", "family_name": "Ade"}
    token = mint_id_token(issuer, sub="kemi-1", **person)

    def expect(db: Db, reply) -> None:
        user = db.one("users", email="kemi@example.com")
        db.one("linked_accounts", user_id=user["id"], subject="kemi-1")
        assert db.one("login_sessions", id=_sid(reply.json()["token"]))["user_id"] == user["id"]

    return Call("POST", "/api/auth/google", expect, kwargs={"json": {"token": token}})


@case("POST /api/auth/logout")
def _logout(w: World) -> Call:
    _, headers = w.signed_in()
    sid = _sid(headers["Authorization"].removeprefix("Bearer "))

    def expect(db: Db, reply) -> None:
        assert db.one("login_sessions", id=sid)["revoked_at"] is not None

    return Call("POST", "/api/auth/logout", expect, kwargs={"headers": headers})


@case("POST /api/auth/verify-email")
def _verify_email(w: World) -> Call:
    user = make_user(w.session, verified=False)
    token = one_time_tokens.issue(w.session, user=user, purpose=one_time_tokens.VERIFY_EMAIL)
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert db.one("users", id=user.id)["email_verified"] is True
        assert db.one("one_time_tokens", user_id=user.id)["used_at"] is not None

    return Call("POST", "/api/auth/verify-email", expect, kwargs={"json": {"token": token}})


# Resend and forgot-password queue one job with the typed address (the same work for any address); the job
# issues the link and mails it after the reply.


@case("POST /api/auth/resend-verification")
def _resend_verification(w: World) -> Call:
    user = make_user(w.session, verified=False)

    def expect(db: Db, reply) -> None:
        assert _job_payload(db, account_recovery.RESEND_JOB) == [{"email": user.email}]

    return Call("POST", "/api/auth/resend-verification", expect, kwargs={"json": {"email": user.email}})


@case("POST /api/auth/forgot-password")
def _forgot_password(w: World) -> Call:
    user = make_user(w.session, password="old-pass1")

    def expect(db: Db, reply) -> None:
        assert _job_payload(db, account_recovery.RESET_JOB) == [{"email": user.email}]

    return Call("POST", "/api/auth/forgot-password", expect, kwargs={"json": {"email": user.email}})


@case("POST /api/auth/refresh")
def _refresh(w: World) -> Call:
    user = make_user(w.session)
    tokens = sessions.open_session(w.session, user)
    w.session.get(LoginSession, tokens.session_id).last_seen_at = datetime.now(UTC) - timedelta(hours=1)
    w.session.commit()

    def expect(db: Db, reply) -> None:
        seen = db.one("login_sessions", id=tokens.session_id)["last_seen_at"]
        assert (seen if seen.tzinfo else seen.replace(tzinfo=UTC)) > datetime.now(UTC) - timedelta(minutes=1)

    return Call("POST", "/api/auth/refresh", expect, kwargs={"json": {"refreshToken": tokens.refresh}})


@case("DELETE /api/auth/sessions/{session_id}")
def _sign_out_device(w: World) -> Call:
    user, headers = w.signed_in()
    other = sessions.open_session(w.session, user)
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert db.one("login_sessions", id=other.session_id)["revoked_at"] is not None

    return Call("DELETE", f"/api/auth/sessions/{other.session_id}", expect, kwargs={"headers": headers})


@case("POST /api/auth/reset-password")
def _reset_password(w: World) -> Call:
    user, headers = w.signed_in(password="old-pass1")
    sid = _sid(headers["Authorization"].removeprefix("Bearer "))
    token = one_time_tokens.issue(w.session, user=user, purpose=one_time_tokens.RESET_PASSWORD)
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert db.one("users", id=user.id)["password_hash"] != user.password_hash
        assert db.one("login_sessions", id=sid)["revoked_at"] is not None
        assert db.one("one_time_tokens", user_id=user.id)["used_at"] is not None

    return Call("POST", "/api/auth/reset-password", expect, kwargs={"json": {"token": token, "password": "new-pass1"}})


# cart


def _cart_entry(w: World, user: User, saved: bool = False):
    course = make_course(w.session)
    w.session.add(CartEntry(user_id=user.id, course_id=course.id, saved=saved))
    w.session.commit()
    return course


@case("POST /api/cart/add-to-cart")
def _add_to_cart(w: World) -> Call:
    user, headers = w.signed_in()
    course = make_course(w.session)

    def expect(db: Db, reply) -> None:
        assert db.one("cart_entries", user_id=user.id, course_id=course.id)["saved"] is False

    return Call("POST", "/api/cart/add-to-cart", expect, 201, {"json": {"courseId": course.id}, "headers": headers})


@case("POST /api/cart/merge")
def _merge_cart(w: World) -> Call:
    user, headers = w.signed_in()
    wanted, saved = make_course(w.session), make_course(w.session)

    def expect(db: Db, reply) -> None:
        assert db.one("cart_entries", user_id=user.id, course_id=wanted.id)["saved"] is False
        assert db.one("cart_entries", user_id=user.id, course_id=saved.id)["saved"] is True

    body = {"items": [{"id": wanted.id}], "savedForLater": [saved.id]}
    return Call("POST", "/api/cart/merge", expect, kwargs={"json": body, "headers": headers})


@case("POST /api/cart/save-for-later")
def _save_for_later(w: World) -> Call:
    user, headers = w.signed_in()
    course = _cart_entry(w, user)

    def expect(db: Db, reply) -> None:
        assert db.one("cart_entries", user_id=user.id, course_id=course.id)["saved"] is True

    return Call(
        "POST", "/api/cart/save-for-later", expect, kwargs={"json": {"courseId": course.id}, "headers": headers}
    )


@case("POST /api/cart/move-to-cart")
def _move_to_cart(w: World) -> Call:
    user, headers = w.signed_in()
    course = _cart_entry(w, user, saved=True)

    def expect(db: Db, reply) -> None:
        assert db.one("cart_entries", user_id=user.id, course_id=course.id)["saved"] is False

    return Call("POST", "/api/cart/move-to-cart", expect, kwargs={"json": {"courseId": course.id}, "headers": headers})


@case("DELETE /api/cart/saved/{course_id}")
def _remove_saved(w: World) -> Call:
    user, headers = w.signed_in()
    course = _cart_entry(w, user, saved=True)

    def expect(db: Db, reply) -> None:
        assert db.rows("cart_entries", user_id=user.id) == []

    return Call("DELETE", f"/api/cart/saved/{course.id}", expect, kwargs={"headers": headers})


@case("DELETE /api/cart/{course_id}")
def _remove_from_cart(w: World) -> Call:
    user, headers = w.signed_in()
    course = _cart_entry(w, user)

    def expect(db: Db, reply) -> None:
        assert db.rows("cart_entries", user_id=user.id) == []

    return Call("DELETE", f"/api/cart/{course.id}", expect, kwargs={"headers": headers})


@case("DELETE /api/cart")
def _clear_cart(w: World) -> Call:
    user, headers = w.signed_in()
    _cart_entry(w, user), _cart_entry(w, user)
    kept = _cart_entry(w, user, saved=True)

    def expect(db: Db, reply) -> None:
        assert [row["course_id"] for row in db.rows("cart_entries", user_id=user.id)] == [kept.id]

    return Call("DELETE", "/api/cart", expect, kwargs={"headers": headers})


# payments


@case("POST /api/{provider}/initiate", "pending order")
def _initiate(w: World) -> Call:
    # The pending order is committed mid-route, before the provider is asked (checkout._release); the case
    # guards that nothing after it is left for later.
    user, headers = w.signed_in()
    course = make_course(w.session, price_kobo=1_500_000)
    body = {"courses": [course.id], "totalAmount": str(price_kobo([course.price_kobo]).total), **BILLING}

    def expect(db: Db, reply) -> None:
        order = db.one("orders", tx_ref=reply.json()["txRef"])
        assert (order["user_id"], order["status"]) == (user.id, "pending")
        db.one("order_lines", order_id=order["id"], course_id=course.id)

    return Call("POST", "/api/sandbox/initiate", expect, kwargs={"json": body, "headers": headers})


@case("POST /api/{provider}/initiate", "free order")
def _initiate_free(w: World) -> Call:
    # A discount code made it free: paid and enrolled in the route's own transaction, no provider involved.
    w.session.add(Coupon(code="SCHOLAR", percent_off=100))
    w.session.commit()
    user, headers = w.signed_in()
    course = make_course(w.session)
    body = {"courses": [course.id], "totalAmount": "0", "couponCode": "scholar", **BILLING}

    def expect(db: Db, reply) -> None:
        assert reply.json()["status"] == "paid"
        order = db.one("orders", tx_ref=reply.json()["txRef"])
        assert (order["user_id"], order["status"]) == (user.id, "paid")
        db.one("enrollments", user_id=user.id, course_id=course.id)
        assert db.one("coupons", code="SCHOLAR")["redemptions"] == 1

    return Call("POST", "/api/sandbox/initiate", expect, kwargs={"json": body, "headers": headers})


@case("GET /api/payments/verify")
def _verify_return(w: World) -> Call:
    user, headers = w.signed_in()
    tx_ref = w.sandbox_order(headers)
    pressed = w.client.post(f"/api/sandbox/pay/{tx_ref}", data={"action": "card"}, follow_redirects=False)
    assert pressed.status_code == 303
    params = {"provider": "sandbox", **dict(parse_qsl(urlparse(pressed.headers["location"]).query))}

    def expect(db: Db, reply) -> None:
        assert reply.json()["status"] == "paid"
        order = db.one("orders", tx_ref=tx_ref)
        assert order["status"] == "paid"
        assert db.rows("enrollments", user_id=user.id, order_id=order["id"])
        assert db.one("payment_attempts", order_id=order["id"])["status"] == "paid"

    return Call("GET", "/api/payments/verify", expect, kwargs={"params": params, "headers": headers})


@case("POST /api/webhooks/{provider}")
def _webhook(w: World) -> Call:
    _, headers = w.signed_in()
    tx_ref = w.sandbox_order(headers)
    event = {"event": "charge.completed", "data": {"id": 4242, "tx_ref": tx_ref, "status": "successful"}}
    raw = json.dumps(event).encode()
    signed = {"verif-hash": webhook_hash(), "content-type": "application/json"}

    def expect(db: Db, reply) -> None:
        assert reply.json() == {"status": "ok", "queued": True}
        job = db.one("jobs", kind=WEBHOOK_JOB)
        assert job["key"] == f"webhook:sandbox:{hashlib.sha256(raw).hexdigest()}"
        assert json.loads(job["payload"])["tx_ref"] == tx_ref

    return Call("POST", "/api/webhooks/sandbox", expect, kwargs={"content": raw, "headers": signed})


@case("POST /api/sandbox/pay/{tx_ref}")
def _sandbox_transfer(w: World) -> Call:
    _, headers = w.signed_in()
    tx_ref = w.sandbox_order(headers)

    def expect(db: Db, reply) -> None:
        assert json.loads(db.one("jobs", key=f"sandbox-settle:{tx_ref}", kind=SETTLE_JOB)["payload"]) == {
            "tx_ref": tx_ref
        }

    kwargs = {"data": {"action": "transfer"}, "follow_redirects": False}
    return Call("POST", f"/api/sandbox/pay/{tx_ref}", expect, 303, kwargs)


# learning


def _enrolled(w: World):
    user, headers = w.signed_in()
    course = make_course(w.session, sections=2)
    enroll(w.session, user, course)
    return user, headers, course, w.sections(course)


@case("POST /api/progress/{course_id}")
def _record_position(w: World) -> Call:
    user, headers, course, sections = _enrolled(w)

    def expect(db: Db, reply) -> None:
        enrollment = db.one("enrollments", user_id=user.id, course_id=course.id)
        assert (enrollment["last_section_id"], enrollment["last_position_seconds"]) == (sections[1].id, 42)

    body = {"sectionId": sections[1].id, "positionSeconds": 42}
    return Call("POST", f"/api/progress/{course.id}", expect, kwargs={"json": body, "headers": headers})


@case("POST /api/progress/{course_id}/complete")
def _mark_complete(w: World) -> Call:
    user, headers, course, sections = _enrolled(w)

    def expect(db: Db, reply) -> None:
        db.one("section_progress", user_id=user.id, section_id=sections[0].id)

    body = {"sectionId": sections[0].id, "complete": True}
    return Call("POST", f"/api/progress/{course.id}/complete", expect, kwargs={"json": body, "headers": headers})


@case("GET /api/player/{course_id}")
def _open_player(w: World) -> Call:
    user, headers, course, _ = _enrolled(w)

    def expect(db: Db, reply) -> None:
        assert db.one("enrollments", user_id=user.id, course_id=course.id)["last_watched_at"] is not None

    return Call("GET", f"/api/player/{course.id}", expect, kwargs={"headers": headers})


# reviews


@case("POST /api/review/addReview/{user_id}/{target_id}")
def _add_review(w: World) -> Call:
    user, headers, course, _ = _enrolled(w)

    def expect(db: Db, reply) -> None:
        review = db.one("reviews", author_id=user.id, target_id=course.id)
        assert (review["id"], review["rating"], review["comment"]) == (reply.json()["id"], 4, "Clear lessons")
        assert db.one("courses", id=course.id)["review_count"] == 1

    body = {"rating": 4, "comment": "Clear lessons"}
    path = f"/api/review/addReview/{user.id}/{course.id}?type=Course"
    return Call("POST", path, expect, 201, {"json": body, "headers": headers})


@case("POST /api/review/{review_id}/reply")
def _reply_to_review(w: World) -> Call:
    teacher = make_instructor(w.session)
    course = make_course(w.session, instructor=teacher)
    learner = make_user(w.session)
    enroll(w.session, learner, course)
    review = Review(author_id=learner.id, target_type="Course", target_id=course.id, rating=5, comment="Great")
    w.session.add(review)
    w.session.commit()
    _, headers = w.signed_in(w.session.get(User, teacher.user_id))

    def expect(db: Db, reply) -> None:
        assert db.one("reviews", id=review.id)["reply"] == "Thank you!"
        db.one("notifications", user_id=learner.id, kind="reply")

    return Call(
        "POST", f"/api/review/{review.id}/reply", expect, kwargs={"json": {"reply": "Thank you!"}, "headers": headers}
    )


def _own_review(w: World):
    """An enrolled learner's review of the course (through the domain, so the stored rating follows it)."""
    user, headers, course, _ = _enrolled(w)
    review = review_writing.add_review(
        w.session, author_id=user.id, target_type="Course", target_id=course.id, rating=2, comment="Slow"
    )
    w.session.commit()
    return headers, course, review


@case("PUT /api/review/{review_id}")
def _edit_review(w: World) -> Call:
    headers, course, review = _own_review(w)

    def expect(db: Db, reply) -> None:
        row = db.one("reviews", id=review.id)
        assert (row["rating"], row["comment"]) == (5, "Better on a second watch")
        assert db.one("courses", id=course.id)["rating"] == 5.0

    body = {"rating": 5, "comment": "Better on a second watch"}
    return Call("PUT", f"/api/review/{review.id}", expect, kwargs={"json": body, "headers": headers})


@case("DELETE /api/review/{review_id}")
def _delete_review(w: World) -> Call:
    headers, course, review = _own_review(w)

    def expect(db: Db, reply) -> None:
        assert db.rows("reviews", id=review.id) == []
        assert db.one("courses", id=course.id)["review_count"] == 0

    return Call("DELETE", f"/api/review/{review.id}", expect, kwargs={"headers": headers})


# profile


@case("PUT /api/profile/update")
def _update_profile(w: World) -> Call:
    user, headers = w.signed_in()

    def expect(db: Db, reply) -> None:
        row = db.one("users", id=user.id)
        assert (row["headline"], row["first_name"]) == ("Data analyst", "Chioma")

    form = {"headline": "Data analyst", "firstName": "Chioma"}
    return Call("PUT", "/api/profile/update", expect, kwargs={"data": form, "headers": headers})


# chats


def _learner_and_teacher(w: World):
    learner, learner_headers = w.signed_in()
    teacher = make_instructor(w.session)
    _, teacher_headers = w.signed_in(w.session.get(User, teacher.user_id))
    return learner, learner_headers, teacher.user_id, teacher_headers


@case("POST /api/chats/{other_user_id}/messages")
def _send_message(w: World) -> Call:
    learner, headers, teacher_id, _ = _learner_and_teacher(w)

    def expect(db: Db, reply) -> None:
        message = db.one("messages", id=reply.json()["id"])
        assert (message["sender_id"], message["body"]) == (learner.id, "Hello sir")
        db.one("notifications", user_id=teacher_id, kind="message")

    return Call(
        "POST", f"/api/chats/{teacher_id}/messages", expect, 201, {"json": {"body": "Hello sir"}, "headers": headers}
    )


@case("POST /api/chats/{other_user_id}/read")
def _mark_chat_read(w: World) -> Call:
    learner, _, teacher_id, teacher_headers = _learner_and_teacher(w)
    chat.send_message(w.session, sender_id=learner.id, other_user_id=teacher_id, body="One")
    chat.send_message(w.session, sender_id=learner.id, other_user_id=teacher_id, body="Two")
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert reply.json() == {"marked": 2, "unread": 0}
        sent = db.rows("messages", sender_id=learner.id)
        assert len(sent) == 2 and all(row["read_at"] is not None for row in sent)
        assert all(row["read_at"] is not None for row in db.rows("notifications", user_id=teacher_id))

    return Call("POST", f"/api/chats/{learner.id}/read", expect, kwargs={"headers": teacher_headers})


# notifications


def _notified(w: World, count: int):
    user, headers = w.signed_in()
    notes = [
        notifications.notify(w.session, user_id=user.id, kind="payment", text=f"Note {n}", link=f"/n/{n}")
        for n in range(count)
    ]
    w.session.commit()
    return user, headers, notes


@case("POST /api/notifications/read-all")
def _read_all(w: World) -> Call:
    user, headers, _ = _notified(w, 2)

    def expect(db: Db, reply) -> None:
        rows = db.rows("notifications", user_id=user.id)
        assert len(rows) == 2 and all(row["read_at"] is not None for row in rows)

    return Call("POST", "/api/notifications/read-all", expect, kwargs={"headers": headers})


@case("POST /api/notifications/{notification_id}/read")
def _read_one(w: World) -> Call:
    _, headers, (first, second) = _notified(w, 2)

    def expect(db: Db, reply) -> None:
        assert db.one("notifications", id=first.id)["read_at"] is not None
        assert db.one("notifications", id=second.id)["read_at"] is None

    return Call("POST", f"/api/notifications/{first.id}/read", expect, kwargs={"headers": headers})


# certificates and the wishlist


@case("POST /api/progress/{course_id}/complete", "last section issues the certificate")
def _finish_course(w: World) -> Call:
    user, headers, course, sections = _enrolled(w)
    for section in sections[:-1]:
        w.session.add(SectionProgress(user_id=user.id, course_id=course.id, section_id=section.id))
    w.session.commit()

    def expect(db: Db, reply) -> None:
        certificate = db.one("certificates", user_id=user.id, course_id=course.id)
        assert reply.json()["isCompleted"] is True and certificate["code"].startswith("NLC-")

    body = {"sectionId": sections[-1].id, "complete": True}
    return Call("POST", f"/api/progress/{course.id}/complete", expect, kwargs={"json": body, "headers": headers})


@case("PUT /api/wishlist/{course_id}")
def _heart(w: World) -> Call:
    user, headers = w.signed_in()
    course = make_course(w.session)

    def expect(db: Db, reply) -> None:
        db.one("wishlist_entries", user_id=user.id, course_id=course.id)

    return Call("PUT", f"/api/wishlist/{course.id}", expect, kwargs={"headers": headers})


@case("DELETE /api/wishlist/{course_id}")
def _unheart(w: World) -> Call:
    user, headers = w.signed_in()
    course = make_course(w.session)
    w.session.add(WishlistEntry(user_id=user.id, course_id=course.id))
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert db.rows("wishlist_entries", user_id=user.id, course_id=course.id) == []

    return Call("DELETE", f"/api/wishlist/{course.id}", expect, kwargs={"headers": headers})


# lesson Q&A


def _question(w: World):
    user, headers, course, sections = _enrolled(w)
    asker = make_user(w.session)
    enroll(w.session, asker, course)
    question = LessonQuestion(course_id=course.id, section_id=sections[0].id, author_id=asker.id, body="Why?")
    w.session.add(question)
    w.session.commit()
    return user, headers, course, sections, question


@case("POST /api/courses/{course_id}/questions")
def _ask(w: World) -> Call:
    user, headers, course, sections = _enrolled(w)

    def expect(db: Db, reply) -> None:
        assert db.one("lesson_questions", author_id=user.id, course_id=course.id)["body"] == "How?"

    body = {"sectionId": sections[0].id, "body": "How?"}
    return Call("POST", f"/api/courses/{course.id}/questions", expect, 201, {"json": body, "headers": headers})


@case("POST /api/questions/{question_id}/answers")
def _answer(w: World) -> Call:
    user, headers, _, _, question = _question(w)

    def expect(db: Db, reply) -> None:
        db.one("lesson_answers", question_id=question.id, author_id=user.id)
        assert db.one("lesson_questions", id=question.id)["answer_count"] == 1

    return Call(
        "POST", f"/api/questions/{question.id}/answers", expect, 201, {"json": {"body": "Because."}, "headers": headers}
    )


@case("POST /api/questions/{question_id}/vote")
def _vote(w: World) -> Call:
    user, headers, _, _, question = _question(w)

    def expect(db: Db, reply) -> None:
        db.one("question_votes", question_id=question.id, user_id=user.id)
        assert db.one("lesson_questions", id=question.id)["upvotes"] == 1

    return Call("POST", f"/api/questions/{question.id}/vote", expect, kwargs={"json": {"up": True}, "headers": headers})


# --- the tests -------------------------------------------------------------------------------------------------


# media uploads (tus for lesson videos, multipart for course images)

TUS = {"Tus-Resumable": "1.0.0", "Upload-Length": "100"}


def _teacher_lesson(w: World) -> tuple[dict, int]:
    teacher = make_instructor(w.session)
    course = make_course(w.session, instructor=teacher, sections=1)
    _, headers = w.signed_in(w.session.get(User, teacher.user_id))
    return headers, w.sections(course)[0].id or 0


def _tus_metadata(section_id: int) -> str:
    values = {"filename": "lesson.mp4", "filetype": "video/mp4", "sectionId": str(section_id)}
    return ",".join(f"{k} {base64.b64encode(v.encode()).decode()}" for k, v in values.items())


def _started_upload(w: World) -> tuple[dict, str]:
    headers, section_id = _teacher_lesson(w)
    created = w.client.post(
        "/api/uploads/videos", headers={**TUS, **headers, "Upload-Metadata": _tus_metadata(section_id)}
    )
    assert created.status_code == 201, created.text
    return headers, created.headers["Location"].rsplit("/", 1)[-1]


def _create_upload_case(path: str) -> Callable[[World], Call]:
    def build(w: World) -> Call:
        headers, section_id = _teacher_lesson(w)

        def expect(db: Db, reply) -> None:
            upload_id = reply.headers["Location"].rsplit("/", 1)[-1]
            assert db.one("media_uploads", id=upload_id)["status"] == "uploading"

        kwargs = {"headers": {**TUS, **headers, "Upload-Metadata": _tus_metadata(section_id)}}
        return Call("POST", path, expect, 201, kwargs)

    return build


case("POST /api/uploads/videos")(_create_upload_case("/api/uploads/videos"))
case("POST /api/uploads/videos/")(_create_upload_case("/api/uploads/videos/"))


@case("PATCH /api/uploads/videos/{uuid}")
def _last_chunk(w: World) -> Call:
    headers, upload_id = _started_upload(w)

    def expect(db: Db, reply) -> None:
        assert db.one("media_uploads", id=upload_id)["status"] == "processing"
        db.one("jobs", kind="media.process_video", key=f"media.process_video:{upload_id}")

    kwargs = {
        "content": b"x" * 100,
        "headers": {
            "Tus-Resumable": "1.0.0",
            **headers,
            "Upload-Offset": "0",
            "Content-Type": "application/offset+octet-stream",
        },
    }
    return Call("PATCH", f"/api/uploads/videos/{upload_id}", expect, 204, kwargs)


@case("DELETE /api/uploads/videos/{uuid}")
def _cancel_upload(w: World) -> Call:
    headers, upload_id = _started_upload(w)

    def expect(db: Db, reply) -> None:
        assert db.one("media_uploads", id=upload_id)["status"] == "rejected"

    kwargs = {"headers": {"Tus-Resumable": "1.0.0", **headers}}
    return Call("DELETE", f"/api/uploads/videos/{upload_id}", expect, 204, kwargs)


@case("POST /api/uploads/images")
def _course_image(w: World) -> Call:
    from PIL import Image

    headers, _ = _teacher_lesson(w)
    picture = io.BytesIO()
    Image.new("RGB", (320, 180), (0, 90, 200)).save(picture, "PNG")

    def expect(db: Db, reply) -> None:
        assert db.one("media_uploads", id=reply.json()["id"])["status"] == "ready"

    kwargs = {"headers": headers, "files": {"file": ("cover.png", picture.getvalue(), "image/png")}}
    return Call("POST", "/api/uploads/images", expect, 201, kwargs)


# the instructor studio (courses, lessons, thumbnail, publishing, payout details)


def _studio_course(w: World, *, sections: int = 2, **fields):
    """A course of a signed-in instructor (the factory's lessons play a video); the teacher, headers, course."""
    teacher = make_instructor(w.session)
    course = make_course(w.session, instructor=teacher, sections=sections, **fields)
    _, headers = w.signed_in(w.session.get(User, teacher.user_id))
    return teacher, headers, course


@case("POST /api/studio/courses")
def _studio_create(w: World) -> Call:
    teacher = make_instructor(w.session)
    _, headers = w.signed_in(w.session.get(User, teacher.user_id))

    def expect(db: Db, reply) -> None:
        row = db.one("courses", id=reply.json()["id"])
        assert (row["instructor_id"], row["title"]) == (teacher.id, "Excel for Accountants")
        assert (row["status"], row["price_set"]) == ("draft", False)

    kwargs = {"json": {"title": "Excel for Accountants"}, "headers": headers}
    return Call("POST", "/api/studio/courses", expect, 201, kwargs)


@case("PATCH /api/studio/courses/{course_id}")
def _studio_edit(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft", price_set=False, price_kobo=0)

    def expect(db: Db, reply) -> None:
        row = db.one("courses", id=course.id)
        assert (row["subtitle"], row["learn"]) == ("Pivot tables in a week", ["Build a pivot table"])
        assert (row["price_kobo"], row["price_set"]) == (250_050, True)
        assert row["updated_at"] is not None

    body = {"subtitle": "Pivot tables in a week", "learn": ["Build a pivot table"], "price": "2500.50"}
    return Call("PATCH", f"/api/studio/courses/{course.id}", expect, kwargs={"json": body, "headers": headers})


@case("DELETE /api/studio/courses/{course_id}")
def _studio_delete(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft")

    def expect(db: Db, reply) -> None:
        assert db.rows("courses", id=course.id) == [] and db.rows("sections", course_id=course.id) == []

    return Call("DELETE", f"/api/studio/courses/{course.id}", expect, kwargs={"headers": headers})


@case("POST /api/studio/courses/{course_id}/sections")
def _studio_add_lesson(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft")

    def expect(db: Db, reply) -> None:
        assert db.one("sections", course_id=course.id, title="Pivot tables")["position"] == 2
        assert db.one("courses", id=course.id)["lectures"] == 3

    kwargs = {"json": {"title": "Pivot tables"}, "headers": headers}
    return Call("POST", f"/api/studio/courses/{course.id}/sections", expect, 201, kwargs)


@case("PATCH /api/studio/sections/{section_id}")
def _studio_edit_lesson(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft")
    lesson = w.sections(course)[1]

    def expect(db: Db, reply) -> None:
        row = db.one("sections", id=lesson.id)
        assert (row["title"], row["is_preview"]) == ("Formulas", True)
        assert row["video_url"] == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"

    body = {"title": "Formulas", "isPreview": True, "videoUrl": "https://youtu.be/dQw4w9WgXcQ"}
    return Call("PATCH", f"/api/studio/sections/{lesson.id}", expect, kwargs={"json": body, "headers": headers})


@case("DELETE /api/studio/sections/{section_id}")
def _studio_remove_lesson(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft", sections=3)
    first, *rest = w.sections(course)

    def expect(db: Db, reply) -> None:
        assert db.rows("sections", id=first.id) == []
        assert [(row["id"], row["position"]) for row in db.rows("sections", course_id=course.id)] == [
            (rest[0].id, 0),
            (rest[1].id, 1),
        ]
        assert db.one("courses", id=course.id)["lectures"] == 2

    return Call("DELETE", f"/api/studio/sections/{first.id}", expect, kwargs={"headers": headers})


@case("POST /api/studio/sections/{section_id}/move")
def _studio_move_lesson(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft")
    first, second = w.sections(course)

    def expect(db: Db, reply) -> None:
        assert (db.one("sections", id=first.id)["position"], db.one("sections", id=second.id)["position"]) == (1, 0)

    kwargs = {"json": {"offset": 1}, "headers": headers}
    return Call("POST", f"/api/studio/sections/{first.id}/move", expect, kwargs=kwargs)


@case("PUT /api/studio/courses/{course_id}/thumbnail")
def _studio_thumbnail(w: World) -> Call:
    teacher, headers, course = _studio_course(w, status="draft")
    image = make_upload(w.session, teacher.user_id, kind="image")

    def expect(db: Db, reply) -> None:
        assert db.one("courses", id=course.id)["thumbnail"] == f"/api/media/images/{image.id}.webp"

    kwargs = {"json": {"uploadId": image.id}, "headers": headers}
    return Call("PUT", f"/api/studio/courses/{course.id}/thumbnail", expect, kwargs=kwargs)


@case("POST /api/studio/courses/{course_id}/publish")
def _studio_publish(w: World) -> Call:
    _, headers, course = _studio_course(w, status="draft", thumbnail="/api/media/images/cover.webp")

    def expect(db: Db, reply) -> None:
        row = db.one("courses", id=course.id)
        assert row["status"] == "published" and row["published_at"] is not None

    return Call("POST", f"/api/studio/courses/{course.id}/publish", expect, kwargs={"headers": headers})


@case("POST /api/studio/courses/{course_id}/unpublish")
def _studio_unpublish(w: World) -> Call:
    _, headers, course = _studio_course(w)

    def expect(db: Db, reply) -> None:
        assert db.one("courses", id=course.id)["status"] == "unpublished"

    return Call("POST", f"/api/studio/courses/{course.id}/unpublish", expect, kwargs={"headers": headers})


@case("PUT /api/studio/payout-account")
def _payout_account(w: World) -> Call:
    teacher, headers, _ = _studio_course(w, sections=0)

    def expect(db: Db, reply) -> None:
        row = db.one("payout_accounts", instructor_id=teacher.id)
        assert (row["bank_code"], row["account_number"], row["account_name"]) == ("044", "0123456789", "Tunde Bello")

    body = {"bankName": "Access Bank", "accountNumber": "0123 456 789", "accountName": "Tunde Bello"}
    return Call("PUT", "/api/studio/payout-account", expect, kwargs={"json": body, "headers": headers})


# teaching and free courses


@case("POST /api/instructors/me")
def _become_instructor(w: World) -> Call:
    user, headers = w.signed_in()

    def expect(db: Db, reply) -> None:
        assert db.one("users", id=user.id)["role"] == "instructor"
        row = db.one("instructors", user_id=user.id)
        assert (row["id"], row["title"], row["expertise"]) == (reply.json()["instructorId"], "Data Analyst", ["SQL"])

    body = {
        "title": "Data Analyst",
        "about": "I have taught SQL to analysts in Lagos for six years.",
        "expertise": ["SQL"],
    }
    return Call("POST", "/api/instructors/me", expect, 201, {"json": body, "headers": headers})


@case("POST /api/courses/{course_id}/enroll")
def _enroll_free(w: World) -> Call:
    user, headers = w.signed_in()
    course = make_course(w.session, price_kobo=0)
    w.session.add(CartEntry(user_id=user.id, course_id=course.id))
    w.session.commit()

    def expect(db: Db, reply) -> None:
        assert db.one("enrollments", user_id=user.id, course_id=course.id)["order_id"] is None
        assert db.one("instructors", id=course.instructor_id)["students_count"] == 1
        assert db.rows("cart_entries", user_id=user.id) == []

    return Call("POST", f"/api/courses/{course.id}/enroll", expect, 201, {"headers": headers})


def write_routes() -> set[str]:
    """Every route of the API that writes: POST/PUT/PATCH/DELETE, and GETs marked with ``@writes``."""
    found: set[str] = set()
    for route in iter_route_contexts(create_api().routes):
        methods = set(route.methods or ())
        if isinstance(route.original_route, APIRoute):
            marked = methods if getattr(route.endpoint, "__writes__", False) else set()
            found |= {f"{method} {route.path}" for method in marked | (methods & WRITE_METHODS)}
        else:  # only FastAPI's own docs pages are served another way; anything else would escape this test
            assert isinstance(route.original_route, Route) and methods <= {"GET", "HEAD"}, f"unexpected {route}"
    return found


def test_every_write_route_has_a_case():
    routes = write_routes()
    covered = {route_of(case_id) for case_id in CASES}
    assert routes - covered == set(), "write routes without a case here: add one"
    assert covered - routes == set(), "cases for routes that no longer exist"
    assert len(routes) >= 29  # the listing itself works (it found the routes known when this was written)


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_the_write_is_committed_before_the_reply_starts(case_id, client, session, db_url, request, monkeypatch):
    call = CASES[case_id](World(session, client, request, monkeypatch))
    session.commit()
    before = read_database(db_url)
    client.strict = False  # checked below, after the route's own promise
    reply = client.request(call.method, call.path, **call.kwargs)
    after = read_database(db_url)
    at_reply = client.at_reply
    assert reply.status_code == call.status, reply.text
    assert before.changed_tables(after), f"{case_id}: the request saved nothing, so this case tests no write"
    # What the reply promises, as any other connection sees it the moment the reply starts...
    call.expect(at_reply, reply)
    # ...and nothing else of the request is saved later either.
    late = at_reply.changed_tables(after)
    assert not late, f"{case_id}: {late} changed after the reply had started (committed after the answer)"


# --- end to end, as the user reported it -----------------------------------------------------------------------


@pytest.fixture
def inbox(monkeypatch, run_jobs):
    server = SmtpInbox(drain=run_jobs).start()
    monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
    monkeypatch.setattr(settings, "smtp_port", server.port)
    yield server
    server.stop()


def test_sign_up_verify_by_the_emailed_token_then_log_in(client, inbox):
    """Each step is answered only once saved: the next step (and every request, strictly) finds it."""
    signup = {"firstName": "Ada", "lastName": "Obi", "userName": "adaobi", "email": "ada@example.com"}
    assert client.post("/api/auth/signup", json={**signup, "password": "secret12"}).status_code == 201
    token = link_token(inbox.wait_for(1)[0], "/verify-email")
    verified = client.post("/api/auth/verify-email", json={"token": token})
    assert verified.status_code == 200, verified.text
    logged_in = client.post("/api/auth/login", json={"email": "ada@example.com", "password": "secret12"})
    assert logged_in.status_code == 200, logged_in.text
    me = client.get("/api/auth/me", headers={"Authorization": f"Bearer {logged_in.json()['token']}"})
    assert me.status_code == 200 and me.json()["user"]["emailVerified"] is True


def test_the_cart_shows_a_course_the_moment_add_to_cart_answers(api, client, session):
    """The browser loads the cart as soon as add-to-cart answers: that request is sent as the reply starts."""
    user = make_user(session)
    token = issue_token(session, user)
    session.commit()
    course = make_course(session)
    headers = {"Authorization": f"Bearer {token}"}
    other_tab = TestClient(api, raise_server_exceptions=False)  # the same app, not probed
    carts: list[dict] = []
    client.on_reply = lambda: carts.append(other_tab.get("/api/cart", headers=headers).json())
    client.strict = False  # what the user sees is the point here
    added = client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers)
    client.on_reply, client.strict = None, True
    assert added.status_code == 201, added.text
    assert [item["id"] for item in carts[0]["items"]] == [course.id]
    assert [item["id"] for item in client.get("/api/cart", headers=headers).json()["items"]] == [course.id]


def test_six_reviews_sent_at_once_are_five_reviews(api, session):
    """The five-review limit holds when all six arrive together (each from its own client).

    SQLite serialises the writers (BEGIN IMMEDIATE); on PostgreSQL it is the lock add_review takes on the
    author's row (without it, all six were stored when this test was written).
    """
    course = make_course(session)
    learner = make_user(session)
    enroll(session, learner, course)
    headers = {"Authorization": f"Bearer {issue_token(session, learner)}"}
    session.commit()
    start = threading.Barrier(6)
    answers: list[tuple[int, str]] = []
    counter = itertools.count()

    def review() -> None:
        n = next(counter)
        browser = TestClient(api, raise_server_exceptions=False)
        start.wait()
        reply = browser.post(
            f"/api/review/addReview/{learner.id}/{course.id}?type=Course",
            json={"rating": 5, "comment": f"Take {n}"},
            headers=headers,
        )
        answers.append((reply.status_code, reply.json().get("message", "")))

    threads = [threading.Thread(target=review) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(status for status, _ in answers) == [201] * 5 + [400], answers
    assert [message for status, message in answers if status == 400] == [
        "You have already reviewed this target 5 times."
    ]
    stored = session.exec(sql_select(Review).where(Review.author_id == learner.id)).all()
    assert len(stored) == 5
