"""Signed-in devices: how a device is named, the list a person sees, and signing devices out from the profile.

The profile's events run against a real database with the event-loop guard on; each re-checks the tokens and
acts only on the caller's own sessions, whatever id a browser sends.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import jwt
import pytest
import reflex as rx

from marketplace.db.models import LoginSession
from marketplace.domain import devices, sessions
from marketplace.domain.errors import NotFound
from marketplace.settings import settings
from marketplace.states.devices import ALREADY_GONE, SIGNED_OUT, DevicesState
from marketplace.states.session import SessionState
from tests.factories import make_user
from tests.unit.test_event_loop_rules import (  # noqa: F401 - the fixtures are used by name
    _run,
    event_loop_guard,
    worker_sessions,
)

ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)
WINDOWS_EDGE = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 "
    "Safari/537.36 Edg/126.0.2592.87"
)


@pytest.mark.parametrize(
    ("user_agent", "named"),
    [
        (ANDROID_CHROME, "Chrome on Android"),
        (IPHONE_SAFARI, "Safari on iPhone"),
        (WINDOWS_EDGE, "Edge on Windows"),
        ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on Linux"),
        (
            "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 OPR/80.0",
            "Opera on Android",
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15",
            "Safari on macOS",
        ),
        (
            "Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
            "Samsung Internet on Android",
        ),
        ("python-httpx/0.28.1", "Unknown device"),
        ("", "Unknown device"),
    ],
)
def test_a_device_is_named_as_people_name_it(user_agent, named):
    assert devices.describe(user_agent) == named


def test_last_seen_reads_as_words():
    now = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
    assert devices.seen_text(now - timedelta(seconds=30), now) == "Active now"
    assert devices.seen_text(now - timedelta(minutes=1, seconds=59), now) == "Active now"
    assert devices.seen_text(now - timedelta(minutes=5), now) == "5 minutes ago"
    assert devices.seen_text(now - timedelta(hours=1), now) == "1 hour ago"
    assert devices.seen_text(now - timedelta(days=3), now) == "3 days ago"
    assert devices.seen_text(now - timedelta(days=30), now) == "18 Feb 2026"


def test_the_list_shows_only_the_callers_live_devices_this_one_first(session):
    ada, bola = make_user(session), make_user(session)
    phone = sessions.open_session(session, ada, user_agent=ANDROID_CHROME, ip="102.89.34.17")
    laptop = sessions.open_session(session, ada, user_agent=WINDOWS_EDGE, ip="197.210.8.4")
    ended = sessions.open_session(session, ada, user_agent=IPHONE_SAFARI, ip="105.112.1.1")
    sessions.open_session(session, bola, user_agent=IPHONE_SAFARI, ip="41.58.0.1")
    sessions.revoke_session(session, user_id=ada.id, session_id=ended.session_id)
    session.commit()

    shown = devices.signed_in_devices(session, user_id=ada.id, current_session_id=laptop.session_id)
    assert [(d.device, d.place, d.last_seen_text, d.current) for d in shown] == [
        ("Edge on Windows", "197.210.8.4", "Active now", True),
        ("Chrome on Android", "102.89.34.17", "Active now", False),
    ]
    assert {d.id for d in shown} == {laptop.session_id, phone.session_id}
    # On the wire the spec's camelCase names: what GET /api/auth/sessions sends.
    assert set(shown[0].model_dump(by_alias=True)) == {
        "id",
        "device",
        "place",
        "lastSeen",
        "lastSeenText",
        "signedInAt",
        "current",
    }


def test_another_users_device_cannot_be_signed_out_and_looks_like_no_device(session):
    ada, bola = make_user(session), make_user(session)
    bolas = sessions.open_session(session, bola)
    session.commit()
    for session_id in (bolas.session_id, "no-such-session", ""):
        with pytest.raises(NotFound) as refused:
            devices.sign_out_device(session, user_id=ada.id, session_id=session_id)
        assert refused.value.status == 404
    session.commit()
    assert sessions.user_for_token(session, bolas.access).id == bola.id


# --- the profile's events ---------------------------------------------------------------------------------------------


def _tab(access: str, refresh: str = "") -> DevicesState:
    """A browser tab's DevicesState, holding the tokens as the app stores them."""
    root = rx.State()
    stored = root.get_substate([rx.State.get_name(), SessionState.get_name()])
    stored.token, stored.refresh_token = access, refresh
    return root.get_substate([rx.State.get_name(), DevicesState.get_name()])


def _live(session, tokens: sessions.Tokens) -> bool:
    session.expire_all()
    return session.get(LoginSession, tokens.session_id).revoked_at is None


@pytest.fixture
def two_devices(session):
    user = make_user(session)
    phone = sessions.open_session(session, user, user_agent=ANDROID_CHROME, ip="102.89.34.17")
    laptop = sessions.open_session(session, user, user_agent=WINDOWS_EDGE, ip="197.210.8.4")
    session.commit()
    return user, phone, laptop


@pytest.mark.usefixtures("worker_sessions", "event_loop_guard")
def test_the_profile_lists_both_devices_and_signs_the_other_one_out(session, two_devices):
    _user, phone, laptop = two_devices
    tab = _tab(laptop.access, laptop.refresh)
    asyncio.run(_run(tab.load))
    assert (tab.loaded, tab.error) == (True, "")
    assert [(d.device, d.current) for d in tab.devices] == [("Edge on Windows", True), ("Chrome on Android", False)]
    assert tab.others == 1

    asyncio.run(_run(lambda: tab.sign_out_device(phone.session_id)))
    assert not _live(session, phone) and _live(session, laptop)
    assert [d.device for d in tab.devices] == ["Edge on Windows"] and tab.busy_id == ""
    # The phone's next action finds it signed out (its refresh token no longer renews anything either).
    assert sessions.user_for_token(session, phone.access) is None
    assert sessions.renew(session, phone.refresh) is None


@pytest.mark.usefixtures("worker_sessions", "event_loop_guard")
def test_sign_out_everywhere_else_keeps_this_device(session, two_devices):
    user, phone, laptop = two_devices
    tablet = sessions.open_session(session, user, user_agent=IPHONE_SAFARI, ip="105.112.1.1")
    session.commit()
    tab = _tab(laptop.access, laptop.refresh)
    asyncio.run(_run(tab.sign_out_others))
    assert [_live(session, t) for t in (phone, laptop, tablet)] == [False, True, False]
    assert [d.device for d in tab.devices] == ["Edge on Windows"]


@pytest.mark.usefixtures("worker_sessions", "event_loop_guard")
def test_a_browser_cannot_sign_out_someone_elses_device_nor_act_without_a_live_session(session, two_devices):
    user, phone, laptop = two_devices
    stranger = sessions.open_session(session, make_user(session))
    session.commit()

    tab = _tab(laptop.access, laptop.refresh)
    events = asyncio.run(_run(lambda: tab.sign_out_device(stranger.session_id)))
    assert _live(session, stranger)
    assert ALREADY_GONE in str(events)

    # A forged token, or tokens whose session was signed out elsewhere: nothing listed, nothing signed out.
    claims = jwt.decode(phone.access, settings.secret_key, algorithms=["HS256"])
    forged = jwt.encode({**claims, "sid": laptop.session_id}, "not-the-secret", algorithm="HS256")
    sessions.revoke_session(session, user_id=user.id, session_id=phone.session_id)
    session.commit()
    for tab in (_tab(forged), _tab(phone.access, phone.refresh)):
        asyncio.run(_run(tab.load))
        assert (tab.devices, tab.error) == ([], SIGNED_OUT)
        assert SIGNED_OUT in str(asyncio.run(_run(lambda tab=tab: tab.sign_out_device(laptop.session_id))))
        asyncio.run(_run(tab.sign_out_others))
        assert _live(session, laptop)


def _expired(access: str) -> str:
    claims = jwt.decode(access, settings.secret_key, algorithms=["HS256"])
    return jwt.encode({**claims, "exp": datetime.now(UTC) - timedelta(seconds=5)}, settings.secret_key, "HS256")


@pytest.mark.usefixtures("worker_sessions", "event_loop_guard")
def test_an_access_token_that_ran_out_is_renewed_while_the_session_lives(session, two_devices):
    _user, phone, _laptop = two_devices
    expired = _expired(phone.access)
    tab = _tab(expired, phone.refresh)
    asyncio.run(_run(tab.load))
    assert tab.error == "" and [d.current for d in tab.devices] == [True, False]
    stored = tab.parent_state.get_substate([SessionState.get_name()])
    assert stored.token != expired and sessions.user_for_token(session, stored.token).id == _user.id

    # Without the refresh token an access token that ran out is the end of it.
    tab = _tab(_expired(phone.access))
    asyncio.run(_run(tab.load))
    assert (tab.devices, tab.error) == ([], SIGNED_OUT)
