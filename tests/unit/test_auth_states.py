"""Account states without a browser: which Google button each configuration gets, and its sign-in.

Every test runs with the event-loop guard on: a handler that opens a database session on the event loop fails.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import urllib.parse

import jwt
import pytest
import reflex as rx
from cryptography.hazmat.primitives.asymmetric import rsa
from reflex.istate.data import ReflexURL
from reflex.state import OnLoadInternalState
from sqlmodel import select

from marketplace.db import engine
from marketplace.domain.accounts import LOGIN_SUCCESS
from marketplace.domain.google_sign_in import GOOGLE_FAILED
from marketplace.identity import provider as oidc
from marketplace.settings import settings
from marketplace.states.auth_google import GOOGLE_BUTTON_SCRIPT, GoogleState
from tests.oidc_helpers import CLIENT_ID as OIDC_CLIENT_ID
from tests.oidc_helpers import mint_id_token, oidc_provider
from tests.unit.test_event_loop_rules import event_loop_guard  # noqa: F401 - used through pytestmark

pytestmark = pytest.mark.usefixtures("event_loop_guard")


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
    assert GOOGLE_BUTTON_SCRIPT in script and "abc.apps.googleusercontent.com" in script and "signin_with" in script


def test_googles_button_script_is_an_asset_of_the_app_that_loads_googles_own():
    from pathlib import Path

    from marketplace.web_security import GOOGLE_SIGN_IN

    asset = Path(__file__).resolve().parents[2] / "assets" / GOOGLE_BUTTON_SCRIPT.lstrip("/")
    source = asset.read_text()
    assert f"{GOOGLE_SIGN_IN}client" in source  # the one script the Content-Security-Policy lets in from Google
    assert "window.naijaLearnGoogleButton =" in source and "google-credential-form" in source


def test_another_issuer_uses_the_redirect_flow_button(monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "local-client")
    monkeypatch.setattr(settings, "google_issuer", "http://localhost:9999")
    state = _google_state()
    assert _prepare(state) == []
    assert state.mode == "oidc"


def _loaded_tab() -> rx.State:
    """A browser tab's state tree once its page has loaded: forms are answered at once."""
    root = rx.State()
    root.is_hydrated = True
    return root


def test_register_form_uses_the_shared_rules_and_clears_one_message_on_edit():
    from marketplace.states.auth_register import RegisterState

    state = _loaded_tab().get_substate([rx.State.get_name(), RegisterState.get_name()])

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
    session_state._sign_in({"id": 1, "firstName": "Ada"}, "a-token")
    state = root.get_substate([rx.State.get_name(), HeaderState.get_name()])

    events = asyncio.run(state.logout())
    assert state.logout_error == "Logout failed."
    assert (session_state.token, session_state.user_json) == ("", "")
    redirect = {name._js_expr: value._var_value for name, value in events[-1].args}
    assert redirect["path"] == "/" and redirect["replace"] is True


# Google's button ("gis" mode) posts a hidden form with the ID token as ``credential``.


@pytest.fixture(scope="module")
def oidc_issuer():
    """A local OpenID provider standing in for Google, issuing real signed ID tokens."""
    with oidc_provider() as issuer:
        yield issuer


@pytest.fixture
def google_on_test_db(monkeypatch, db_url, oidc_issuer):
    """Google settings pointed at the local provider, and the handler's sessions on the test database."""
    monkeypatch.setattr(settings, "google_issuer", oidc_issuer)
    monkeypatch.setattr(settings, "google_client_id", OIDC_CLIENT_ID)
    monkeypatch.setattr(settings, "google_client_secret", "unit-test-secret")  # the code exchange sends it
    # in_session_thread opens session_scope() on the configured database; use this test's one instead.
    monkeypatch.setattr(engine, "session_scope", functools.partial(engine.session_scope, db_url))
    oidc.forget_providers()
    yield oidc_issuer
    oidc.forget_providers()


def _on_login_page(state: GoogleState, path: str) -> None:
    state.router = dataclasses.replace(state.router, url=ReflexURL(f"http://localhost:3000{path}"))


def _post_credential(state: GoogleState, credential: str) -> list:
    async def run():
        return [event async for event in state.sign_in_with_credential({"credential": credential})]

    return [event for event in asyncio.run(run()) if event is not None]


def _redirect_path(event) -> str | None:
    args = {name._js_expr: value for name, value in getattr(event, "args", ())}
    path = args.get("path")
    return getattr(path, "_var_value", None) if "replace" in args else None


def _session_of(state: GoogleState):
    from marketplace.states.session import SessionState

    return state.parent_state.get_substate([SessionState.get_name()])


@pytest.mark.parametrize(("path", "target"), [("/login?next=/my-courses", "/my-courses"), ("/login", "/")])
def test_googles_button_credential_signs_the_person_in_and_goes_on(google_on_test_db, session, path, target):
    from marketplace.domain.sessions import user_for_token

    state = _google_state()
    state.mode = "gis"
    _on_login_page(state, path)
    person = {"email": "Chioma@Example.com", "email_verified": True, "given_name": "Chioma", "family_name": "Obi"}
    credential = mint_id_token(google_on_test_db, sub="gis-1", **person)

    events = _post_credential(state, credential)

    session_state = _session_of(state)
    assert session_state.token and session_state.logged_in
    assert (session_state.user["email"], session_state.full_name) == ("chioma@example.com", "Chioma Obi")
    signed_in = user_for_token(session, session_state.token)  # a real server-side session in the test database
    assert signed_in is not None and signed_in.email == "chioma@example.com"
    assert session_state.user["id"] == str(signed_in.id)
    assert state.error == "" and state.busy is False
    assert any("success" in str(event) and LOGIN_SUCCESS in str(event) for event in events)
    assert [_redirect_path(event) for event in events if _redirect_path(event)] == [target]


@pytest.mark.parametrize("credential", ["forged", "not-a-token", ""])
def test_a_forged_or_garbage_credential_signs_nobody_in(google_on_test_db, session, credential):
    from marketplace.db.models import User

    if credential == "forged":  # the right claims, signed by a key that is not the provider's
        real = jwt.decode(
            mint_id_token(google_on_test_db, sub="gis-2", email="eve@example.com", email_verified=True),
            options={"verify_signature": False},
        )
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        credential = jwt.encode(real, key, algorithm="RS256")
    state = _google_state()
    state.mode = "gis"
    _on_login_page(state, "/login?next=/my-courses")

    events = _post_credential(state, credential)

    session_state = _session_of(state)
    assert (session_state.token, session_state.user_json, session_state.logged_in) == ("", "", False)
    assert state.error == GOOGLE_FAILED == "Google sign-in failed. Try again."
    assert state.busy is False
    assert not any(_redirect_path(event) for event in events)
    assert not any(LOGIN_SUCCESS in str(event) for event in events)
    assert session.exec(select(User)).first() is None


@pytest.mark.parametrize("mode", ["", "oidc"])
def test_the_credential_form_does_nothing_unless_googles_button_is_shown(google_on_test_db, session, mode):
    from marketplace.db.models import User

    state = _google_state()
    state.mode = mode
    _on_login_page(state, "/login")
    credential = mint_id_token(google_on_test_db, sub="gis-3", email="tolu@example.com", email_verified=True)

    assert _post_credential(state, credential) == []
    session_state = _session_of(state)
    assert (session_state.token, session_state.user_json) == ("", "")
    assert (state.error, state.busy) == ("", False)
    assert session.exec(select(User)).first() is None


# Any other OpenID provider ("oidc" mode): the authorization-code flow, its state and its nonce.


def _start_flow(state: GoogleState) -> str:
    event = asyncio.run(state.start_provider_flow())
    path = _redirect_path(event) or {name._js_expr: value for name, value in event.args}["path"]._var_value
    return str(path)


def _sign_in_at_provider(authorize_url: str, sub: str, claims: dict) -> str:
    """The person signs in at the provider, which sends the browser back to /login: answer that return path."""
    import httpx

    issuer = authorize_url.split("/oauth2/")[0]
    httpx.put(f"{issuer}/users/{sub}", json=claims, timeout=10).raise_for_status()
    answer = httpx.post(authorize_url, data={"sub": sub}, timeout=10)
    assert answer.status_code == 302, answer.text
    back = urllib.parse.urlsplit(answer.headers["location"])
    return f"{back.path}?{back.query}"


def _return_to(state: GoogleState, path: str) -> list:
    _on_login_page(state, path)
    return [event for event in _prepare(state) if event is not None]


def test_the_provider_flow_signs_in_with_the_code_and_our_nonce(google_on_test_db, session, monkeypatch):
    monkeypatch.setattr(settings, "public_url", "http://localhost:3000")
    state = _google_state()
    state.mode = "oidc"
    _on_login_page(state, "/login?next=/my-courses")
    authorize_url = _start_flow(state)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(authorize_url).query)
    assert authorize_url.startswith(f"{google_on_test_db}/oauth2/authorize?")
    assert query["response_type"] == ["code"] and query["client_id"] == [OIDC_CLIENT_ID]
    assert query["redirect_uri"] == ["http://localhost:3000/login"] and query["scope"] == ["openid email profile"]
    assert query["nonce"][0] and query["state"][0]

    person = {"email": "Femi@Example.com", "email_verified": True, "given_name": "Femi", "family_name": "Ade"}
    events = _return_to(state, _sign_in_at_provider(authorize_url, "oidc-1", person))

    session_state = _session_of(state)
    assert session_state.logged_in and session_state.user["email"] == "femi@example.com"
    assert [_redirect_path(event) for event in events if _redirect_path(event)] == ["/my-courses"]
    assert state.error == ""


def test_a_provider_return_with_another_state_or_replayed_signs_nobody_in(google_on_test_db, session, monkeypatch):
    from marketplace.db.models import User

    monkeypatch.setattr(settings, "public_url", "http://localhost:3000")
    state = _google_state()
    state.mode = "oidc"
    _on_login_page(state, "/login")
    authorize_url = _start_flow(state)
    back = _sign_in_at_provider(authorize_url, "oidc-2", {"email": "kemi@example.com", "email_verified": True})
    forged_state = back.replace("state=", "state=x")

    assert [_redirect_path(event) for event in _return_to(state, forged_state)] == ["/login?google=failed"]
    # The state was used up by that attempt: the genuine return URL, replayed, finds nothing to match.
    assert [_redirect_path(event) for event in _return_to(state, back)] == ["/login?google=failed"]
    assert not _session_of(state).logged_in
    assert session.exec(select(User)).first() is None


def test_a_provider_token_that_does_not_repeat_our_nonce_signs_nobody_in(google_on_test_db, session, monkeypatch):
    from marketplace.db.models import User

    monkeypatch.setattr(settings, "public_url", "http://localhost:3000")
    state = _google_state()
    state.mode = "oidc"
    _on_login_page(state, "/login")
    authorize_url = _start_flow(state)
    back = _sign_in_at_provider(authorize_url, "oidc-3", {"email": "bola@example.com", "email_verified": True})
    state._oidc_nonce = "a-nonce-of-another-request"  # the token answers a request we did not make

    assert [_redirect_path(event) for event in _return_to(state, back) if _redirect_path(event)] == [
        "/login?google=failed"
    ]
    assert state.error == GOOGLE_FAILED and not _session_of(state).logged_in
    assert session.exec(select(User)).first() is None


# Log in: a wrong password and an unknown email get the same words and the same way out (issue 16).


def _login_states(monkeypatch, db_url):
    from marketplace.states.auth import LoginState
    from marketplace.states.auth_email import ForgotPasswordState

    monkeypatch.setattr(engine, "session_scope", functools.partial(engine.session_scope, db_url))
    root = _loaded_tab()
    login = root.get_substate([rx.State.get_name(), LoginState.get_name()])
    forgot = root.get_substate([rx.State.get_name(), ForgotPasswordState.get_name()])
    return login, forgot


def _submit_login(state, email: str, password: str) -> list:
    async def run():
        return [event async for event in state.submit({"email": email, "password": password})]

    return [event for event in asyncio.run(run()) if event is not None]


def test_a_wrong_password_and_an_unknown_email_say_the_same_and_offer_a_reset(session, db_url, monkeypatch):
    from tests.factories import make_user

    user = make_user(session, password="right-pass")
    login, _forgot = _login_states(monkeypatch, db_url)
    answers = []
    for email in (user.email, "nobody-here@example.com"):
        assert _submit_login(login, email, "wrong-pass") == []  # no toast, no redirect: the message on the form
        answers.append((login.error, login.offer_reset, login.unverified_email, login.submitting))
    assert answers[0] == answers[1] == ("Incorrect email or password.", True, "", False)


def test_a_login_the_server_could_not_check_is_no_wrong_password(session, db_url, monkeypatch):
    from marketplace.domain import accounts

    def database_down(*_args, **_kwargs):
        raise ConnectionError("database unreachable")

    login, _forgot = _login_states(monkeypatch, db_url)
    monkeypatch.setattr(accounts, "login", database_down)
    _submit_login(login, "ada@example.com", "whatever")
    assert (login.error, login.offer_reset) == ("Login failed. Please try again.", False)


def test_forgot_password_fills_in_the_address_typed_on_the_log_in_page(session, db_url, monkeypatch):
    login, forgot = _login_states(monkeypatch, db_url)
    asyncio.run(forgot.reset_form())
    assert forgot.prefill == ""  # nothing typed in this tab yet
    login.edit_email("  Ada@Example.com ")
    asyncio.run(forgot.reset_form())
    assert forgot.prefill == "Ada@Example.com"
    _submit_login(login, "chi@example.com", "wrong-pass")
    asyncio.run(forgot.reset_form())
    assert forgot.prefill == "chi@example.com"


# A form sent while its page is still loading is answered after the load (marketplace/states/page_load.py).


def _forms_reset_on_load():
    """(state class, its submit handler's name, a form that gets an answer without a database)."""
    from marketplace.states.auth import LoginState
    from marketplace.states.auth_email import ForgotPasswordState, ResetPasswordState
    from marketplace.states.auth_register import RegisterState
    from marketplace.states.studio import NewCourseState

    empty = {"email": "", "password": ""}
    return [
        (LoginState, "submit", empty),
        (RegisterState, "submit", empty),
        (ForgotPasswordState, "submit", empty),
        (ResetPasswordState, "submit", empty),
        (NewCourseState, "create", {"title": ""}),  # nobody signed in: it answers with the way to /login
    ]


def _send(state, handler: str, form: dict, *args) -> list:
    async def run():
        return [event async for event in getattr(state, handler)(form, *args)]

    return [event for event in asyncio.run(run()) if event is not None]


def _answered(state_class, handler: str, before: dict, state, events: list) -> bool:
    """The form got its answer: its vars changed or something was sent back, and not the form itself again."""
    again = [
        event
        for event in events
        if getattr(getattr(event, "handler", None), "fn", None) is getattr(state_class, handler).fn
    ]
    return not again and (state.dict() != before or bool(events))


@pytest.mark.parametrize(
    ("state_class", "handler", "form"), _forms_reset_on_load(), ids=lambda v: getattr(v, "__name__", None)
)
def test_a_form_sent_while_its_page_loads_is_answered_after_the_load(state_class, handler, form):
    root = rx.State()
    root.is_hydrated = False  # the server has queued the page's on_load handlers (its form reset) behind this
    state = root.get_substate([rx.State.get_name(), state_class.get_name()])
    before = state.dict()

    (again,) = _send(state, handler, form)
    assert again.handler.fn is getattr(state_class, handler).fn  # sent again, to the back of the tab's queue
    assert [value._var_value for _name, value in again.args] == [form, True]
    assert state.dict() == before  # and not answered yet: the reset queued before it would wipe the answer

    # Behind the reset, the chain's last event (Reflex's own, on its leaf state) has set is_hydrated: the form is
    # answered, here with its messages.
    loader = root.get_substate([rx.State.get_name(), OnLoadInternalState.get_name()])
    OnLoadInternalState.event_handlers["set_is_hydrated"].fn(loader, True)
    assert _answered(state_class, handler, before, state, _send(state, handler, form, True))


@pytest.mark.parametrize(
    ("state_class", "handler", "form"), _forms_reset_on_load(), ids=lambda v: getattr(v, "__name__", None)
)
def test_a_form_sent_again_after_the_load_is_answered_even_if_the_page_loads_again(state_class, handler, form):
    root = rx.State()
    root.is_hydrated = False  # another navigation began meanwhile: the form is answered, not sent round again
    state = root.get_substate([rx.State.get_name(), state_class.get_name()])
    before = state.dict()
    assert _answered(state_class, handler, before, state, _send(state, handler, form, True))
