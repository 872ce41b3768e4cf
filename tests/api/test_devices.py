"""HTTP tests of login sessions: short-lived access tokens renewed by the refresh token, and signed-in devices
(listed, signed out one by one, never another user's)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt

from marketplace.db.models import LoginSession
from marketplace.settings import settings
from tests.factories import make_user

PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0"


def _bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _login(api_client, email: str, user_agent: str) -> dict:
    answer = api_client.post(
        "/api/auth/login", json={"email": email, "password": "right-pass"}, headers={"User-Agent": user_agent}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _expired(token: str) -> str:
    """The same access token as the server signed it, run out a minute ago."""
    claims = jwt.decode(token, settings.secret_key, algorithms=["HS256"])
    return jwt.encode({**claims, "exp": datetime.now(UTC) - timedelta(minutes=1)}, settings.secret_key, "HS256")


def test_sign_in_answers_a_short_lived_access_token_and_a_refresh_token(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    body = _login(api_client, "ada@example.com", PHONE)
    claims = jwt.decode(body["token"], settings.secret_key, algorithms=["HS256"])
    assert claims["exp"] - claims["iat"] == settings.access_token_minutes * 60
    assert body["refreshToken"] and body["refreshToken"] != body["token"]


def test_an_expired_access_token_is_refused_but_renewable_while_the_session_lives(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    body = _login(api_client, "ada@example.com", PHONE)
    expired = _expired(body["token"])
    assert api_client.get("/api/auth/me", headers=_bearer(expired)).status_code == 401

    renewed = api_client.post("/api/auth/refresh", json={"refreshToken": body["refreshToken"]})
    assert renewed.status_code == 200
    fresh = renewed.json()["token"]
    assert datetime.fromisoformat(renewed.json()["expiresAt"]) > datetime.now(UTC) + timedelta(minutes=1)
    assert api_client.get("/api/auth/me", headers=_bearer(fresh)).json()["user"]["email"] == "ada@example.com"

    for wrong in ("", "garbage", body["token"], body["refreshToken"] + "x"):
        refused = api_client.post("/api/auth/refresh", json={"refreshToken": wrong})
        assert refused.status_code == 401
        assert refused.json() == {"message": "Your session has ended. Please log in again."}

    # Logging out with the token that ran out still ends the session: nothing renews it any more.
    assert api_client.post("/api/auth/logout", headers=_bearer(expired)).status_code == 200
    assert api_client.post("/api/auth/refresh", json={"refreshToken": body["refreshToken"]}).status_code == 401
    assert api_client.get("/api/auth/me", headers=_bearer(fresh)).status_code == 401


def test_the_devices_list_names_each_device_and_marks_the_one_asking(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    phone = _login(api_client, "ada@example.com", PHONE)
    laptop = _login(api_client, "ada@example.com", LAPTOP)
    listed = api_client.get("/api/auth/sessions", headers=_bearer(laptop["token"]))
    assert listed.status_code == 200
    shown = listed.json()["sessions"]
    assert [(d["device"], d["place"], d["current"]) for d in shown] == [
        ("Edge on Windows", "testclient", True),
        ("Chrome on Android", "testclient", False),
    ]
    assert all(d["lastSeenText"] == "Active now" for d in shown)
    assert "refresh" not in listed.text.lower() and phone["refreshToken"].split(".")[1] not in listed.text


def test_a_signed_out_device_is_refused_at_once(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    phone = _login(api_client, "ada@example.com", PHONE)
    laptop = _login(api_client, "ada@example.com", LAPTOP)
    assert api_client.get("/api/auth/me", headers=_bearer(phone["token"])).status_code == 200
    phone_id = jwt.decode(phone["token"], settings.secret_key, algorithms=["HS256"])["sid"]

    signed_out = api_client.delete(f"/api/auth/sessions/{phone_id}", headers=_bearer(laptop["token"]))
    assert signed_out.status_code == 200 and signed_out.json() == {"message": "Signed out of that device."}
    assert api_client.get("/api/auth/me", headers=_bearer(phone["token"])).status_code == 401
    assert api_client.post("/api/auth/refresh", json={"refreshToken": phone["refreshToken"]}).status_code == 401
    assert api_client.get("/api/auth/me", headers=_bearer(laptop["token"])).status_code == 200
    again = api_client.delete(f"/api/auth/sessions/{phone_id}", headers=_bearer(laptop["token"]))
    assert again.status_code == 404


def test_nobody_can_list_or_sign_out_another_users_devices(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    make_user(session, email="eve@example.com", password="right-pass")
    ada = _login(api_client, "ada@example.com", PHONE)
    eve = _login(api_client, "eve@example.com", LAPTOP)
    ada_id = jwt.decode(ada["token"], settings.secret_key, algorithms=["HS256"])["sid"]

    eves_list = api_client.get("/api/auth/sessions", headers=_bearer(eve["token"])).json()["sessions"]
    assert [d["id"] for d in eves_list] != [] and ada_id not in {d["id"] for d in eves_list}
    refused = api_client.delete(f"/api/auth/sessions/{ada_id}", headers=_bearer(eve["token"]))
    assert refused.status_code == 404
    assert refused.json() == {"message": "That signed-in device was not found."}
    assert api_client.get("/api/auth/me", headers=_bearer(ada["token"])).status_code == 200

    assert api_client.get("/api/auth/sessions").status_code == 401
    assert api_client.delete(f"/api/auth/sessions/{ada_id}").status_code == 401
    assert api_client.delete(f"/api/auth/sessions/{'x' * 65}", headers=_bearer(eve["token"])).status_code == 422


def test_a_read_only_request_notes_the_device_as_seen_at_most_once_a_minute(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    body = _login(api_client, "ada@example.com", PHONE)
    session_id = jwt.decode(body["token"], settings.secret_key, algorithms=["HS256"])["sid"]
    record = session.get(LoginSession, session_id)
    an_hour_ago = datetime.now(UTC) - timedelta(hours=1)
    record.last_seen_at = an_hour_ago
    session.add(record)
    session.commit()

    assert api_client.get("/api/auth/me", headers=_bearer(body["token"])).status_code == 200
    session.expire_all()
    seen = session.get(LoginSession, session_id).last_seen_at
    seen = seen if seen.tzinfo else seen.replace(tzinfo=UTC)
    assert seen > datetime.now(UTC) - timedelta(seconds=30)
    assert api_client.get("/api/auth/me", headers=_bearer(body["token"])).status_code == 200
    session.expire_all()
    again = session.get(LoginSession, session_id).last_seen_at
    assert (again if again.tzinfo else again.replace(tzinfo=UTC)) == seen  # not written again within the minute
