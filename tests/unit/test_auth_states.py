"""Account states without a browser: which Google button each configuration gets."""

from __future__ import annotations

import asyncio

import reflex as rx

from marketplace.settings import settings
from marketplace.states.auth_google import GIS_SCRIPT_URL, GoogleState


def _prepare(state: GoogleState) -> list:
    async def run():
        return [event async for event in state.prepare()]

    return asyncio.run(run())


def _google_state() -> GoogleState:
    root = rx.State()
    return root.get_substate([rx.State.get_name(), GoogleState.get_name()])


def test_no_client_id_shows_no_google_button(monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "")
    state = _google_state()
    assert _prepare(state) == []
    assert state.mode == ""


def test_google_issuer_loads_googles_script_with_the_client_id(monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "abc.apps.googleusercontent.com")
    monkeypatch.setattr(settings, "google_issuer", "https://accounts.google.com")
    state = _google_state()
    events = _prepare(state)
    assert state.mode == "gis"
    script = str(events[0])
    assert GIS_SCRIPT_URL in script and "abc.apps.googleusercontent.com" in script


def test_another_issuer_uses_the_redirect_flow_button(monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "local-client")
    monkeypatch.setattr(settings, "google_issuer", "http://localhost:9999")
    state = _google_state()
    assert _prepare(state) == []
    assert state.mode == "oidc"


def test_register_form_uses_the_shared_rules_and_clears_one_message_on_edit():
    from marketplace.states.auth_register import RegisterState

    root = rx.State()
    state = root.get_substate([rx.State.get_name(), RegisterState.get_name()])

    async def submit():
        return [event async for event in state.submit({"email": "nope", "password": "abc", "confirmPassword": "abd"})]

    assert asyncio.run(submit()) == []  # nothing is sent to the server, no toast: the messages stand under the fields
    assert state.errors == {
        "firstName": "First Name is required.",
        "lastName": "Last Name is required.",
        "userName": "Username is required.",
        "email": "Invalid email address",
        "password": "Password must be at least 6 characters.",
        "confirmPassword": "Passwords do not match.",
    }
    state.edit("email", "n")
    assert state.errors["email"] == ""
    assert state.errors["password"] == "Password must be at least 6 characters."


def test_a_failed_logout_call_still_signs_out_here_keeps_the_error_and_goes_home(monkeypatch):
    from marketplace.states import header
    from marketplace.states.header import HeaderState
    from marketplace.states.session import SessionState

    def server_down(*_args, **_kwargs):
        raise ConnectionError("database unreachable")

    monkeypatch.setattr(header, "end_login_session", server_down)
    root = rx.State()
    session_state = root.get_substate([rx.State.get_name(), SessionState.get_name()])
    session_state.sign_in({"id": 1, "firstName": "Ada"}, "a-token")
    state = root.get_substate([rx.State.get_name(), HeaderState.get_name()])

    events = asyncio.run(state.logout())
    assert state.logout_error == "Logout failed."
    assert (session_state.token, session_state.user_json) == ("", "")
    redirect = {name._js_expr: value._var_value for name, value in events[-1].args}
    assert redirect["path"] == "/" and redirect["replace"] is True
