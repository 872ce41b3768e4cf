"""HTTP tests of the accounts API: sign-up, verification by emailed link, log-in, throttling, Google sign-in,
log-out, password reset and paid courses."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from marketplace.domain import login_throttle
from marketplace.identity import google
from marketplace.settings import settings
from tests.factories import enroll, make_course, make_user
from tests.mail_helpers import SmtpInbox, link_token
from tests.oidc_helpers import CLIENT_ID, mint_id_token, oidc_provider

SIGNUP = {
    "firstName": "Emeka",
    "lastName": "Nwosu",
    "userName": "EmekaN",
    "email": "emeka@example.com",
    "password": "secret12",
}
LOGIN_FAILED = "Incorrect email or password."


@pytest.fixture
def inbox(monkeypatch, run_jobs):
    """A real SMTP server on localhost that the app sends to (through the job queue)."""
    server = SmtpInbox(drain=run_jobs).start()
    monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
    monkeypatch.setattr(settings, "smtp_port", server.port)
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def no_slow_down(monkeypatch):
    """Tests check what the throttle counts, not its small delays."""
    monkeypatch.setattr(login_throttle, "SLOW_DOWN_STEP_SECONDS", 0.0)


@pytest.fixture(scope="module")
def provider():
    """A local OpenID provider standing in for Google."""
    with oidc_provider() as issuer:
        yield issuer


def _bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _login(api_client, email: str, password: str, headers: dict | None = None):
    return api_client.post("/api/auth/login", json={"email": email, "password": password}, headers=headers)


def _assert_no_secrets(response) -> None:
    assert "$argon2" not in response.text
    assert '"password' not in response.text.lower()


def test_sign_up_verify_by_emailed_link_then_log_in(api_client, inbox):
    created = api_client.post("/api/auth/signup", json=SIGNUP)
    assert created.status_code == 201
    assert "Email verification" in created.json()["message"]
    _assert_no_secrets(created)

    not_yet = _login(api_client, "emeka@example.com", "secret12")
    assert not_yet.status_code == 403
    assert not_yet.json() == {
        "message": "Please verify your email before logging in.",
        "field": "email",
        "needsVerification": True,
    }

    token = link_token(inbox.wait_for(1)[0], "/verify-email")
    verified = api_client.post("/api/auth/verify-email", json={"token": token})
    assert verified.status_code == 200 and verified.json()["message"] == "Email verified. You can now log in."
    assert api_client.post("/api/auth/verify-email", json={"token": token}).status_code == 400

    logged_in = _login(api_client, "Emeka@Example.com", "secret12")
    assert logged_in.status_code == 200
    body = logged_in.json()
    assert body["token"] and body["message"]
    assert body["user"]["userName"] == "EmekaN" and body["user"]["paidCourses"] == []
    _assert_no_secrets(logged_in)

    me = api_client.get("/api/auth/me", headers=_bearer(body["token"]))
    assert me.status_code == 200 and me.json()["user"]["email"] == "emeka@example.com"
    _assert_no_secrets(me)


def test_duplicate_email_or_username_answers_409_regardless_of_case(api_client, inbox):
    assert api_client.post("/api/auth/signup", json=SIGNUP).status_code == 201
    same_email = api_client.post("/api/auth/signup", json={**SIGNUP, "userName": "x1", "email": "EMEKA@example.com"})
    assert same_email.status_code == 409
    assert same_email.json() == {
        "message": "Email or username already exists.",
        "field": "email",
        "errors": {"email": "This email or username is already registered."},
    }
    same_name = api_client.post("/api/auth/signup", json={**SIGNUP, "userName": "emekan", "email": "e2@example.com"})
    assert same_name.status_code == 409 and same_name.json()["field"] == "userName"


def test_sign_up_with_bad_fields_answers_422_with_each_message(api_client):
    answer = api_client.post(
        "/api/auth/signup", json={"email": "bad", "password": "123", "confirmPassword": "1234", "firstName": "A"}
    )
    assert answer.status_code == 422
    assert answer.json()["errors"] == {
        "lastName": "Last Name is required.",
        "userName": "Username is required.",
        "email": "Invalid email address",
        "password": "Password must be at least 6 characters.",
        "confirmPassword": "Passwords do not match.",
    }


def test_unknown_email_and_wrong_password_get_the_same_answer(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    wrong = _login(api_client, "ada@example.com", "wrong-pass")
    unknown = _login(api_client, "nobody@example.com", "wrong-pass")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"message": LOGIN_FAILED}


def test_login_needs_both_fields(api_client):
    answer = api_client.post("/api/auth/login", json={"email": "", "password": ""})
    assert answer.status_code == 422
    assert answer.json()["errors"] == {"email": "Email is required.", "password": "Password is required."}


def test_past_the_limit_the_guesser_is_refused_and_the_owner_still_gets_in(api_client, session, monkeypatch):
    monkeypatch.setattr(settings, "login_max_failures", 5)
    monkeypatch.setattr(settings, "login_lock_minutes", 15)
    monkeypatch.setattr(settings, "trusted_proxy_hops", 1)
    monkeypatch.setattr(login_throttle, "LOCKED_DELAY_SECONDS", 0.0)  # the owner's short wait, made instant
    make_user(session, email="ada@example.com", password="right-pass")
    guesser, owner = {"X-Forwarded-For": "6.6.6.6"}, {"X-Forwarded-For": "7.7.7.7"}
    for _ in range(5):
        assert _login(api_client, "ada@example.com", "wrong-pass", guesser).status_code == 401
    for password in ("wrong-again", "right-pass"):  # from the guesser's address: refused, without a check
        refused = _login(api_client, "ada@example.com", password, guesser)
        assert refused.status_code == 429
        assert refused.json()["message"] == "Too many failed attempts. Try again in 15 minutes."
    signed_in = _login(api_client, "ada@example.com", "right-pass", owner)
    assert signed_in.status_code == 200 and signed_in.json()["token"]


def test_sign_ups_from_one_network_are_limited(api_client, monkeypatch):
    monkeypatch.setattr(settings, "signup_max_per_ip", 2)
    monkeypatch.setattr(settings, "trusted_proxy_hops", 1)
    school = {"X-Forwarded-For": "5.5.5.5"}

    def sign_up(n: int, headers: dict):
        return api_client.post(
            "/api/auth/signup", json={**SIGNUP, "userName": f"emeka{n}", "email": f"e{n}@example.com"}, headers=headers
        )

    assert [sign_up(n, school).status_code for n in range(2)] == [201, 201]
    refused = sign_up(2, school)
    assert refused.status_code == 429
    assert refused.json() == {"message": "Too many sign-ups from your network. Please try again later."}
    assert sign_up(3, {"X-Forwarded-For": "8.8.8.8"}).status_code == 201


def test_a_revoked_token_is_refused_after_logout(api_client, session):
    make_user(session, email="ada@example.com", password="right-pass")
    token = _login(api_client, "ada@example.com", "right-pass").json()["token"]
    assert api_client.get("/api/auth/me", headers=_bearer(token)).status_code == 200
    assert api_client.post("/api/auth/logout", headers=_bearer(token)).status_code == 200
    assert api_client.get("/api/auth/me", headers=_bearer(token)).status_code == 401
    assert api_client.post("/api/auth/logout", headers=_bearer(token)).status_code == 401


def test_one_account_cannot_read_another_accounts_paid_courses(api_client, session):
    ada = make_user(session, email="ada@example.com", password="ada-pass")
    bola = make_user(session, email="bola@example.com", password="bola-pass")
    course = make_course(session)
    enroll(session, ada, course)
    ada_token = _login(api_client, "ada@example.com", "ada-pass").json()["token"]
    bola_token = _login(api_client, "bola@example.com", "bola-pass").json()["token"]

    own = api_client.get(f"/api/users/{ada.id}/courses", headers=_bearer(ada_token))
    assert own.status_code == 200 and own.json() == {"paidCourses": [course.id]}
    other = api_client.get(f"/api/users/{ada.id}/courses", headers=_bearer(bola_token))
    assert other.status_code == 403
    assert api_client.get(f"/api/users/{bola.id}/courses").status_code == 401


def test_forgot_and_reset_password_by_emailed_link(api_client, session, inbox):
    make_user(session, email="ada@example.com", password="old-pass")
    old_token = _login(api_client, "ada@example.com", "old-pass").json()["token"]

    known = api_client.post("/api/auth/forgot-password", json={"email": "ada@example.com"})
    unknown = api_client.post("/api/auth/forgot-password", json={"email": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200 and known.json() == unknown.json()
    [message] = inbox.wait_for(1)
    token = link_token(message, "/reset-password")

    short = api_client.post("/api/auth/reset-password", json={"token": token, "password": "abc"})
    assert short.status_code == 422
    assert short.json()["errors"] == {"password": "Password must be at least 6 characters."}
    done = api_client.post("/api/auth/reset-password", json={"token": token, "password": "new-pass"})
    assert done.status_code == 200

    assert api_client.get("/api/auth/me", headers=_bearer(old_token)).status_code == 401
    assert _login(api_client, "ada@example.com", "new-pass").status_code == 200
    assert _login(api_client, "ada@example.com", "old-pass").status_code == 401


def test_resend_verification_answers_the_same_for_any_address(api_client, session, inbox):
    make_user(session, email="waiting@example.com", verified=False)
    known = api_client.post("/api/auth/resend-verification", json={"email": "waiting@example.com"})
    unknown = api_client.post("/api/auth/resend-verification", json={"email": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200 and known.json() == unknown.json()
    assert [m["To"] for m in inbox.wait_for(1)] == ["waiting@example.com"]


def test_auth_config_tells_whether_google_is_offered(api_client, monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "")
    assert api_client.get("/api/auth/config").json() == {"googleClientId": None, "googleEnabled": False}
    monkeypatch.setattr(settings, "google_client_id", "abc.apps.googleusercontent.com")
    assert api_client.get("/api/auth/config").json()["googleEnabled"] is True


def test_google_sign_in_with_real_and_refused_tokens(api_client, monkeypatch, provider):
    monkeypatch.setattr(settings, "google_issuer", provider)
    monkeypatch.setattr(settings, "google_client_id", CLIENT_ID)
    google.clear_key_cache()
    person = {"email": "kemi@example.com", "email_verified": True, "given_name": "Kemi", "family_name": "Ade"}

    good = api_client.post("/api/auth/google", json={"token": mint_id_token(provider, sub="k-1", **person)})
    assert good.status_code == 200
    body = good.json()
    assert body["user"]["email"] == "kemi@example.com" and body["token"]
    assert api_client.get("/api/auth/me", headers=_bearer(body["token"])).status_code == 200

    wrong_audience = mint_id_token(provider, sub="k-1", client_id="another-app", **person)
    # The same claims and the provider's own key id, signed by somebody else's key.
    real_header = jwt.get_unverified_header(good_token := mint_id_token(provider, sub="k-1", **person))
    claims = jwt.decode(good_token, options={"verify_signature": False})
    forged = jwt.encode(
        claims, rsa.generate_private_key(public_exponent=65537, key_size=2048), "RS256", headers=real_header
    )
    unverified_email = mint_id_token(provider, sub="k-2", **{**person, "email_verified": False})
    with oidc_provider(token_max_age=timedelta(minutes=-5)) as expiring:
        monkeypatch.setattr(settings, "google_issuer", expiring)
        google.clear_key_cache()
        expired = mint_id_token(expiring, sub="k-1", **person)
        assert api_client.post("/api/auth/google", json={"token": expired}).status_code == 401
    monkeypatch.setattr(settings, "google_issuer", provider)
    google.clear_key_cache()
    for bad in (wrong_audience, forged, unverified_email, "forged.token.value", ""):
        refused = api_client.post("/api/auth/google", json={"token": bad})
        assert refused.status_code == 401
        assert refused.json() == {"message": "Google sign-in failed. Try again."}
    # A Google-only account has no password: an empty or guessed one never signs it in.
    assert _login(api_client, "kemi@example.com", "").status_code == 422
    assert _login(api_client, "kemi@example.com", "anything").status_code == 401
    google.clear_key_cache()


def test_behind_a_proxy_one_address_locked_out_leaves_the_others_able_to_log_in(api_client, session, monkeypatch):
    monkeypatch.setattr(settings, "trusted_proxy_hops", 1)
    monkeypatch.setattr(settings, "login_max_failures_per_ip", 3)
    make_user(session, email="ada@example.com", password="right-pass")
    guesser = {"X-Forwarded-For": "6.6.6.6"}  # every request reaches the app from the proxy's one address
    for n in range(3):
        failed = api_client.post(
            "/api/auth/login", json={"email": f"g{n}@example.com", "password": "x"}, headers=guesser
        )
        assert failed.status_code == 401
    right = {"email": "ada@example.com", "password": "right-pass"}
    assert api_client.post("/api/auth/login", json=right, headers=guesser).status_code == 429
    assert api_client.post("/api/auth/login", json=right, headers={"X-Forwarded-For": "7.7.7.7"}).status_code == 200


def test_every_account_route_documents_its_answer_with_the_spec_names(api_client):
    spec = api_client.get("/api/openapi.json").json()
    routes = {
        (method, path): operation
        for path, methods in spec["paths"].items()
        if path.startswith("/api/auth/") or path == "/api/users/{user_id}/courses"
        for method, operation in methods.items()
    }
    assert len(routes) == 14
    for (method, path), operation in routes.items():
        success = next(answer for status, answer in operation["responses"].items() if status.startswith("2"))
        assert "$ref" in success["content"]["application/json"]["schema"], f"{method.upper()} {path}"
    schemas = spec["components"]["schemas"]
    assert set(schemas["SignedInUser"]["properties"]) == {"user", "token", "refreshToken", "message"}
    assert {"_id", "firstName", "userName", "paidCourses"} <= set(schemas["UserPublic"]["properties"])
    assert "password" not in schemas["UserPublic"]["properties"]
    assert set(schemas["AuthConfig"]["properties"]) == {"googleClientId", "googleEnabled"}
    assert "needsVerification" in spec["components"]["schemas"]["ErrorBody"]["properties"]  # the login's 403
