"""Accounts in a real browser: sign up, the emailed links, log in and out, reset a password, Google sign-in.

Mail goes to the live app's real SMTP inbox; Google is a local OpenID provider (oidc-provider-mock) whose
issuer the live app is configured with, so the same server-side token check runs as in production.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import LinkedAccount, LoginAttempt, LoginSession, User
from marketplace.domain.sessions import revoke_all_sessions
from tests.e2e.conftest import body_text, screenshot
from tests.e2e.helpers import log_in, sign_in_storage, user_by_email
from tests.factories import make_user

REQUIRED = {
    "First Name": "First Name is required.",
    "Last Name": "Last Name is required.",
    "Username": "Username is required.",
    "Email": "Email is required.",
    "Password": "Password is required.",
    "Confirm Password": "Confirm Password is required.",
}
ACCOUNT_CREATED = "Account created! Please check your email to verify your account."
LOGIN_FAILED = "Incorrect email or password."


def _unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def _verified_user(db_url: str, password: str) -> User:
    name = _unique("e2e")
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return make_user(
            session, password=password, email=f"{name}@example.com", username=name, first_name="Chioma", last_name="Eze"
        )


def _link_in(message, path: str) -> str:
    found = re.search(rf"https?://\S+{re.escape(path)}\?token=[\w\-]+", body_text(message))
    assert found, body_text(message)
    return found.group(0)


def _offline_provider_page(page: Page) -> None:
    """The local provider's page links a stylesheet from a CDN; this machine has no internet."""
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())


def _field_message(page: Page, label: str):
    """The message under a field (tied to it by aria-describedby)."""
    field_id = page.get_by_label(label, exact=True).get_attribute("id")
    return page.locator(f"#{field_id}-error")


def test_register_shows_each_message_under_its_field_and_clears_it_on_edit(page: Page):
    page.goto("/register")
    page.get_by_role("button", name="Create Account").click()
    for label, message in REQUIRED.items():
        expect(_field_message(page, label)).to_have_text(message)
    screenshot(page, "register-errors")

    # Editing one field clears that field's message only.
    page.get_by_label("First Name").fill("Ngozi")
    expect(_field_message(page, "First Name")).to_have_count(0)
    expect(_field_message(page, "Last Name")).to_have_text("Last Name is required.")

    page.get_by_label("Last Name").press_sequentially("Obi")
    expect(_field_message(page, "Last Name")).to_have_count(0, timeout=15_000)
    expect(_field_message(page, "Username")).to_have_text("Username is required.", timeout=15_000)
    page.get_by_label("Username").press_sequentially("ngozi")
    expect(_field_message(page, "Username")).to_have_count(0, timeout=15_000)
    expect(_field_message(page, "Email")).to_have_text("Email is required.", timeout=15_000)

    page.get_by_label("Email").fill("not-an-email")
    page.get_by_label("Password", exact=True).fill("abc")
    page.get_by_label("Confirm Password").fill("abcdef")
    page.get_by_role("button", name="Create Account").click()
    expect(_field_message(page, "Email")).to_have_text("Invalid email address")
    expect(_field_message(page, "Password")).to_have_text("Password must be at least 6 characters.")
    expect(_field_message(page, "Confirm Password")).to_have_text("Passwords do not match.")
    for label in ("First Name", "Last Name", "Username"):
        expect(_field_message(page, label)).to_have_count(0)

    page.get_by_label("Email").fill("ngozi@example")
    expect(_field_message(page, "Email")).to_have_count(0)
    page.get_by_label("Password", exact=True).fill("abcdef")
    expect(_field_message(page, "Password")).to_have_count(0)
    page.get_by_label("Confirm Password").fill("abcdeg")
    expect(_field_message(page, "Confirm Password")).to_have_count(0)


def test_register_verify_log_in_reload_and_log_out(page: Page, live_app):
    name = _unique("ade")
    email, password = f"{name}@example.com", "s3cret-pass"
    page.goto("/register")
    page.get_by_label("First Name").fill("Adebayo")
    page.get_by_label("Last Name").fill("Okon")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Email").fill(email.upper())
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Confirm Password").fill(password)
    page.get_by_role("button", name="Create Account").click()
    expect(page).to_have_url(re.compile(r"/login\?registered=1$"))
    expect(page.get_by_role("status").filter(has_text=ACCOUNT_CREATED)).to_be_visible()
    expect(page.get_by_role("button", name="Log In", exact=True)).to_be_enabled()
    assert user_by_email(live_app.db_url, email).email_verified is False

    # The same email or username again: the field message and the toast.
    page.goto("/register")
    for label, value in (("First Name", "A"), ("Last Name", "B"), ("Username", name.upper()), ("Email", "x@ex.com")):
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Confirm Password").fill(password)
    page.get_by_role("button", name="Create Account").click()
    expect(_field_message(page, "Username")).to_have_text("This email or username is already registered.")
    expect(page.get_by_text("Email or username already exists.", exact=True)).to_be_visible()

    # Not verified yet: refused with the reason and a way to get the email again.
    page.goto("/login")
    log_in(page, email, password)
    expect(page.get_by_text("Please verify your email before logging in.")).to_be_visible()
    first_link = _link_in(live_app.inbox.wait_for(email), "/verify-email")
    page.get_by_role("button", name="Resend verification email").click()
    expect(page.get_by_text("a new verification email is on its way")).to_be_visible()

    # Opening the newest emailed link verifies the address (the first one stopped working).
    link = first_link
    for _ in range(50):
        link = _link_in(live_app.inbox.wait_for(email), "/verify-email")
        if link != first_link:
            break
        page.wait_for_timeout(200)
    assert link != first_link
    page.goto(link)
    expect(page.get_by_text("Email verified. You can now log in.")).to_be_visible()
    screenshot(page, "verify-email")
    page.get_by_role("main").get_by_role("link", name="Log In", exact=True).click()
    expect(page).to_have_url(re.compile(r"/login$"))

    log_in(page, email, password)
    expect(page.get_by_text("Login successful")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    menu = page.get_by_label("Account menu")
    expect(menu).to_be_visible()
    assert page.evaluate("JSON.parse(localStorage.getItem('user')).email") == email
    assert page.evaluate("localStorage.getItem('token')")

    page.reload()
    expect(page.get_by_label("Account menu")).to_be_visible()

    page.get_by_label("Account menu").click()
    page.get_by_role("button", name="Logout").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("link", name="Log In").first).to_be_visible()
    assert page.evaluate("localStorage.getItem('token')") in (None, "")
    # The logout's redirect (to /, where the page already is) follows its state change: let it land before
    # a hard navigation, which would otherwise race it.
    page.wait_for_timeout(1000)
    with Session(get_engine(live_app.db_url)) as session:
        user = session.exec(select(User).where(User.email == email)).one()
        assert user.email_verified
        records = session.exec(select(LoginSession).where(LoginSession.user_id == user.id)).all()
        assert records and all(r.revoked_at is not None for r in records)

    page.goto("/profile2")
    expect(page).to_have_url(re.compile(r"/login\?next=/profile2/?$"))


def test_a_wrong_password_and_an_unknown_email_say_the_same_and_offer_forgot_password(phone: Page, live_app):
    """Issue 16 (found on a phone): a wrong password was told the account did not exist and offered Create
    Account. Now both failures read the same, with "Forgot password?" leading on with the email filled in."""
    page = phone
    user = _verified_user(live_app.db_url, "right-password")
    page.goto("/login")
    log_in(page, user.email, "wrong-password")
    alert = page.get_by_role("alert").filter(has_text=LOGIN_FAILED)
    expect(alert).to_be_visible()
    expect(alert.get_by_role("link", name="Forgot password?")).to_have_attribute("href", "/forgot-password")
    expect(page.get_by_text("Account not found")).to_have_count(0)
    expect(page.get_by_role("link", name="Create Account")).to_have_count(0)
    # One "Forgot password?" on the form at a time: the one in the message replaces the one under the field.
    expect(page.get_by_role("link", name="Forgot password?")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wrong_password = (alert.inner_text(), alert.inner_html())
    screenshot(page, "login-wrong-password")

    # An address with no account gets exactly the same message, links and all.
    nobody = f"{_unique('nobody')}@example.com"
    page.goto("/login")
    expect(page.get_by_role("alert")).to_have_count(0)
    log_in(page, nobody, "wrong-password")
    alert = page.get_by_role("alert").filter(has_text=LOGIN_FAILED)
    expect(alert).to_be_visible()
    assert (alert.inner_text(), alert.inner_html()) == wrong_password
    screenshot(page, "login-unknown-email")

    # "Forgot password?" goes on to the reset form with the address just typed (never put in the URL).
    alert.get_by_role("link", name="Forgot password?").click()
    expect(page).to_have_url(re.compile(r"/forgot-password$"))
    expect(page.get_by_label("Email")).to_have_value(nobody)
    screenshot(page, "forgot-password-filled-in")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_text("If an account exists for that email, we have sent a link")).to_be_visible()


def test_login_form_shows_the_password_on_request_and_needs_both_fields(page: Page, live_app):
    page.goto("/login")
    # Show/hide toggle switches the input type.
    password = page.get_by_label("Password", exact=True)
    expect(password).to_have_attribute("type", "password")
    page.get_by_role("button", name="Show password").click()
    expect(password).to_have_attribute("type", "text")
    page.get_by_role("button", name="Hide password").click()
    expect(password).to_have_attribute("type", "password")

    # Both fields are required.
    page.get_by_label("Email").fill("")
    password.fill("")
    page.get_by_role("button", name="Log In", exact=True).click()
    expect(page.get_by_text("Email is required.")).to_be_visible()
    expect(page.get_by_text("Password is required.")).to_be_visible()
    screenshot(page, "login-errors")


def test_past_the_limit_the_owner_still_logs_in_and_a_wrong_password_is_told_when_to_try_again(page: Page, live_app):
    user = _verified_user(live_app.db_url, "right-password")
    # Five failures on this account a minute ago, from another address (counted under this email only, not the
    # shared test address, which other tests log in from): somebody guessing.
    a_minute_ago = datetime.now(UTC) - timedelta(minutes=1)
    with Session(get_engine(live_app.db_url)) as session:
        for _ in range(5):
            session.add(LoginAttempt(key=f"email:{user.email}", created_at=a_minute_ago))
        session.commit()
    page.goto("/login")
    log_in(page, user.email, "right-password")
    # The owner is not locked out: the right password is accepted after a short wait.
    expect(page.get_by_label("Account menu")).to_be_visible(timeout=20_000)

    page.evaluate("localStorage.clear()")
    page.goto("/login")
    log_in(page, user.email, "wrong-password")
    expect(page.get_by_text(re.compile(r"Too many failed attempts\. Try again in \d+ minutes?\."))).to_be_visible(
        timeout=20_000
    )


def test_guarded_page_returns_after_login(page: Page, live_app):
    user = _verified_user(live_app.db_url, "right-password")
    page.goto("/profile2")
    expect(page).to_have_url(re.compile(r"/login\?next=/profile2/?$"))
    log_in(page, user.email, "right-password")
    expect(page).to_have_url(re.compile(r"/profile2/?$"))


def test_forgot_password_then_reset_through_the_emailed_link(page: Page, live_app):
    user = _verified_user(live_app.db_url, "old-password")
    page.goto("/login")
    page.get_by_role("link", name="Forgot password?").click()
    expect(page).to_have_url(re.compile(r"/forgot-password$"))
    page.get_by_label("Email").fill(user.email)
    page.get_by_role("button", name="Send reset link").click()
    notice = "If an account exists for that email, we have sent a link to reset the password."
    expect(page.get_by_text(notice)).to_be_visible()

    # An unknown address gets the very same answer.
    page.goto("/forgot-password")
    page.get_by_label("Email").fill(f"{_unique('nobody')}@example.com")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_text(notice)).to_be_visible()
    # The request has finished (the button is back) before the hard navigation.
    expect(page.get_by_role("button", name="Send reset link")).to_be_enabled()

    page.goto(_link_in(live_app.inbox.wait_for(user.email), "/reset-password"))
    page.get_by_label("New Password").fill("new-password")
    page.get_by_label("Confirm Password").fill("new-passw0rd")
    page.get_by_role("button", name="Reset password").click()
    expect(page.get_by_text("Passwords do not match.")).to_be_visible()
    screenshot(page, "reset-password")
    page.get_by_label("Confirm Password").fill("new-password")
    page.get_by_role("button", name="Reset password").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_text("Your password has been reset. You can now log in.")).to_be_visible()

    log_in(page, user.email, "old-password")
    expect(page.get_by_text(LOGIN_FAILED)).to_be_visible()
    log_in(page, user.email, "new-password")
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_label("Account menu")).to_be_visible()


def test_google_sign_in_with_the_local_openid_provider(page: Page, live_app):
    sub = _unique("google-")
    email = f"{sub}@example.com"
    claims = {"email": email, "email_verified": True, "given_name": "Gina", "family_name": "Okafor"}
    httpx.put(f"{live_app.oidc_issuer}/users/{sub}", json=claims, timeout=10).raise_for_status()

    _offline_provider_page(page)
    page.goto("/login")
    page.get_by_role("button", name="Sign in with Google").click()
    expect(page).to_have_url(re.compile(re.escape(live_app.oidc_issuer) + r"/oauth2/authorize\?"))
    page.get_by_placeholder("sub").fill(sub)
    page.get_by_role("button", name="Authorize").click()

    expect(page).to_have_url(re.compile(re.escape(live_app.url) + r"/$"))
    expect(page.get_by_label("Account menu")).to_be_visible()
    with Session(get_engine(live_app.db_url)) as session:
        user = session.exec(select(User).where(User.email == email)).one()
        assert (user.first_name, user.last_name, user.email_verified) == ("Gina", "Okafor", True)
        assert session.exec(select(LinkedAccount).where(LinkedAccount.user_id == user.id)).one().subject == sub


def test_google_sign_in_refused_shows_the_message(page: Page, live_app):
    sub = _unique("unverified-")
    claims = {"email": f"{sub}@example.com", "email_verified": False}
    httpx.put(f"{live_app.oidc_issuer}/users/{sub}", json=claims, timeout=10).raise_for_status()
    _offline_provider_page(page)
    page.goto("/login")
    page.get_by_role("button", name="Sign in with Google").click()
    page.get_by_placeholder("sub").fill(sub)
    page.get_by_role("button", name="Authorize").click()
    expect(page).to_have_url(re.compile(r"/login\?google=failed$"))
    expect(page.get_by_text("Google sign-in failed. Try again.")).to_be_visible()


@pytest.mark.parametrize("viewport", ["phone", "page"])
def test_account_pages_fit_the_screen(viewport, request):
    shown = request.getfixturevalue(viewport)
    width = shown.viewport_size["width"]
    for path, heading, ready in (
        ("/login", "Welcome back", "Sign in with Google"),
        ("/register", "Create your account", "Sign up with Google"),
        ("/forgot-password", "Forgot your password?", "Send reset link"),
        ("/reset-password?token=nope", "Choose a new password", "Reset password"),
        ("/verify-email?token=nope", "Verify your email", "Resend verification email"),
    ):
        shown.goto(path)
        expect(shown.get_by_role("heading", level=1, name=heading)).to_be_visible()
        # Wait for the page's on_load to have run (the Google button appears only once it has).
        expect(shown.get_by_role("button", name=ready)).to_be_visible()
        assert shown.evaluate("document.documentElement.scrollWidth") <= width, path
        name = path.strip("/").split("?")[0]
        screenshot(shown, f"auth-{name}")
    expect(shown.get_by_text("This verification link is invalid or has expired.")).to_be_visible()


def test_a_session_revoked_on_the_server_signs_the_browser_out_on_a_public_page(page: Page, live_app):
    """Logged out on another device, or a password reset: the stored token stops working here too."""
    user = _verified_user(live_app.db_url, "right-password")
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto("/")
    expect(page.get_by_label("Account menu")).to_be_visible()
    with Session(get_engine(live_app.db_url)) as session:
        revoke_all_sessions(session, user.id)
        session.commit()

    # The next page load finds the same, now revoked, token in storage: the header signs the browser out.
    page.goto("/categories")
    expect(page.get_by_role("link", name="Log In").first).to_be_visible()
    expect(page.get_by_label("Account menu")).to_have_count(0)
