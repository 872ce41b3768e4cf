"""The tab's token check: made once, kept for a minute for the very token it checked, then made again.

Counted in SQL statements against a real database (with the event-loop guard on): a kept check asks nothing,
a new token, a minute going by or a token due for renewal asks again, and a device signed out elsewhere is
refused once its minute is up. Logging out in the tab itself takes effect at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import jwt
import pytest
import reflex as rx
from sqlalchemy import event
from sqlalchemy.engine import Engine

from marketplace.domain import sessions
from marketplace.settings import settings
from marketplace.states import session as session_module
from marketplace.states.session import RECHECK_SECONDS, SessionState
from tests.factories import make_user
from tests.unit.test_event_loop_rules import (  # noqa: F401 - the fixtures are used by name
    event_loop_guard,
    worker_sessions,
)

pytestmark = pytest.mark.usefixtures("worker_sessions", "event_loop_guard")


@pytest.fixture
def statements(db_url) -> Iterator[list[str]]:
    """Every SQL statement sent while the test runs (any engine: the app may hold its own for the test URL)."""
    sent: list[str] = []

    def record(_conn, _cursor, statement, *_args) -> None:
        sent.append(statement)

    event.listen(Engine, "before_cursor_execute", record)
    yield sent
    event.remove(Engine, "before_cursor_execute", record)


@pytest.fixture
def threads(worker_sessions) -> list[str]:  # noqa: F811 - the fixture, by name
    """The worker threads the handlers' database sessions ran on, one entry per session."""
    return worker_sessions


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The state's clock, moved by the test (``clock[0] += 61``)."""
    now = [datetime.now(UTC).timestamp()]
    monkeypatch.setattr(session_module, "_clock", lambda: now[0])
    return now


def _tab(access: str, refresh: str = "") -> SessionState:
    root = rx.State()
    stored = root.get_substate([rx.State.get_name(), SessionState.get_name()])
    stored.token, stored.refresh_token = access, refresh
    return stored


def _check(tab: SessionState) -> int | None:
    return asyncio.run(tab._verified_user_id())


def _login_reads(sent: list[str]) -> int:
    """Reads of the login sessions table (the token check's only query)."""
    return sum(s.lstrip().upper().startswith("SELECT") and "FROM login_sessions" in s for s in sent)


@pytest.fixture
def device(session):
    user = make_user(session)
    tokens = sessions.open_session(session, user, user_agent="phone")
    session.commit()
    return user, tokens


def test_the_check_is_kept_for_a_minute_for_the_same_token(session, device, statements, clock, threads):
    user, tokens = device
    tab = _tab(tokens.access, tokens.refresh)
    assert _check(tab) == user.id
    assert _login_reads(statements) == 1 and len(threads) == 1

    for seconds in (1, 30, RECHECK_SECONDS - 1):
        clock[0] += seconds - (clock[0] - tab._checked_at)
        assert _check(tab) == user.id
    assert _login_reads(statements) == 1 and len(threads) == 1  # no database, no thread hop

    clock[0] = tab._checked_at + RECHECK_SECONDS
    assert _check(tab) == user.id
    assert _login_reads(statements) == 2 and len(threads) == 2


def test_the_kept_check_is_backend_only(session, device, clock):
    _user, tokens = device
    tab = _tab(tokens.access, tokens.refresh)
    _check(tab)
    sent = str(tab.dict()) + str(tab.get_delta())
    assert tab._checked_token == tokens.access and "_checked" not in sent


def test_a_new_token_is_checked_again(session, device, statements, clock):
    user, tokens = device
    someone = make_user(session)
    other = sessions.open_session(session, someone)
    session.commit()
    tab = _tab(tokens.access, tokens.refresh)
    assert _check(tab) == user.id
    tab.token, tab.refresh_token = other.access, other.refresh
    assert _check(tab) == someone.id and tab._checked_token == other.access
    assert _login_reads(statements) == 2
    # And back: the first token is not trusted from an older check either.
    tab.token = tokens.access
    assert _check(tab) == user.id and _login_reads(statements) == 3


def test_a_device_signed_out_elsewhere_is_refused_once_its_minute_is_up(session, device, statements, clock):
    user, tokens = device
    tab = _tab(tokens.access, tokens.refresh)
    assert _check(tab) == user.id
    sessions.revoke_session(session, user_id=user.id, session_id=tokens.session_id)  # the devices page
    session.commit()

    clock[0] += RECHECK_SECONDS / 2
    assert _check(tab) == user.id  # the documented grace: at most a minute
    clock[0] += RECHECK_SECONDS / 2
    assert _check(tab) is None
    assert tab._checked_caller is None and _login_reads(statements) >= 2
    # Refused from then on, however soon it asks again.
    assert _check(tab) is None


def test_a_password_change_ends_other_devices_within_the_minute(session, device, clock):
    user, tokens = device
    laptop = sessions.open_session(session, user, user_agent="laptop")
    session.commit()
    tab = _tab(tokens.access, tokens.refresh)
    laptop_tab = _tab(laptop.access, laptop.refresh)
    assert _check(tab) == _check(laptop_tab) == user.id
    sessions.revoke_all_sessions(session, user.id, keep=laptop.session_id)
    session.commit()
    clock[0] += RECHECK_SECONDS
    assert _check(tab) is None and _check(laptop_tab) == user.id


def test_logging_out_in_the_tab_takes_effect_at_once(session, device, statements, clock):
    user, tokens = device
    tab = _tab(tokens.access, tokens.refresh)
    assert _check(tab) == user.id
    tab._sign_out()
    assert _check(tab) is None and _login_reads(statements) == 1
    # Signing in again (same tab, a new session) is checked afresh.
    again = sessions.open_session(session, user)
    session.commit()
    tab._sign_in({"id": str(user.id)}, again.access, again.refresh)
    assert _check(tab) == user.id and _login_reads(statements) == 2


def test_a_token_due_for_renewal_is_never_taken_from_the_kept_check(session, device, statements, clock):
    user, tokens = device
    claims = jwt.decode(tokens.access, settings.secret_key, algorithms=["HS256"])
    soon = datetime.now(UTC) + timedelta(seconds=settings.access_token_minutes * 20 - 5)
    ageing = jwt.encode({**claims, "exp": soon}, settings.secret_key, "HS256")

    tab = _tab(ageing, tokens.refresh)
    assert _check(tab) == user.id
    renewed = tab.token
    assert renewed != ageing and tab._checked_token == renewed  # renewed, and the renewed token is what is kept
    assert _check(tab) == user.id and _login_reads(statements) == 2  # check + renewal, then nothing

    # Without a refresh token it cannot renew: every event checks until the token runs out.
    tab = _tab(ageing)
    before = _login_reads(statements)
    assert _check(tab) == _check(tab) == user.id
    assert _login_reads(statements) == before + 2
