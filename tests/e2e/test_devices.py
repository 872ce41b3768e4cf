"""Signed-in devices in a real browser: a phone and a laptop log in, the laptop's profile lists both, signs the
phone out, and the phone finds itself signed out at its next step."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Browser, expect
from sqlmodel import Session, col, select

from marketplace.db.engine import get_engine
from marketplace.db.models import LoginSession
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import log_in, wait_for
from tests.factories import make_user

PHONE_UA = (
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
LAPTOP_UA = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 "
    "Safari/537.36 Edg/126.0.2592.87"
)


def _person(db_url: str, password: str):
    name = f"devices{uuid.uuid4().hex[:8]}"
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return make_user(
            session, password=password, email=f"{name}@example.com", username=name, first_name="Ngozi", last_name="Eze"
        )


def _open_sessions(db_url: str, user_id: int) -> list[LoginSession]:
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        query = select(LoginSession).where(LoginSession.user_id == user_id, col(LoginSession.revoked_at).is_(None))
        return list(session.exec(query))


def test_signing_another_device_out_from_the_profile(browser: Browser, live_app):
    user = _person(live_app.db_url, "right-password")
    phone_context = browser.new_context(
        base_url=live_app.url, viewport={"width": 390, "height": 844}, is_mobile=True, user_agent=PHONE_UA
    )
    laptop_context = browser.new_context(
        base_url=live_app.url, viewport={"width": 1280, "height": 900}, user_agent=LAPTOP_UA
    )
    try:
        phone = phone_context.new_page()
        phone.goto("/login")
        log_in(phone, user.email, "right-password")
        expect(phone).to_have_url(re.compile(r"/$"))
        wait_for(lambda: len(_open_sessions(live_app.db_url, user.id)) == 1)

        laptop = laptop_context.new_page()
        laptop.goto("/login?next=/profile1")
        log_in(laptop, user.email, "right-password")
        expect(laptop).to_have_url(re.compile(r"/profile1/?$"))
        wait_for(lambda: len(_open_sessions(live_app.db_url, user.id)) == 2)

        # Both devices are listed, named as people name them; this one is marked and has no Sign out of its own.
        section = laptop.get_by_role("region", name="Signed-in devices")
        expect(section).to_be_visible()
        rows = section.get_by_test_id("device-row")
        expect(rows).to_have_count(2)
        this_device = rows.filter(has_text="Edge on Windows")
        expect(this_device.get_by_text("This device", exact=True)).to_be_visible()
        expect(this_device.get_by_role("button")).to_have_count(0)
        other = rows.filter(has_text="Chrome on Android")
        expect(other).to_contain_text("Active now")
        screenshot(laptop, "profile-devices")

        other.get_by_role("button", name=re.compile(r"^Sign out Chrome on Android")).click()
        expect(laptop.locator("[data-sonner-toast]").get_by_text("Signed out of that device.")).to_be_visible()
        expect(rows).to_have_count(1)
        expect(section.get_by_text("No other device is signed in to your account.")).to_be_visible()
        assert [s.user_agent for s in _open_sessions(live_app.db_url, user.id)] == [LAPTOP_UA]

        # The phone's next visit finds it signed out: a page for signed-in people sends it to log in. A new tab:
        # an open tab keeps its token check for up to a minute (states/session.py, RECHECK_SECONDS).
        phone = phone_context.new_page()
        phone.goto("/profile2")
        expect(phone).to_have_url(re.compile(r"/login\?next=/profile2/?$"))
        assert phone.evaluate("localStorage.getItem('token')") in (None, "")
        expect(phone.get_by_role("button", name="Log In", exact=True)).to_be_visible()  # the login form, signed out

        # The laptop carries on.
        laptop.goto("/profile2")
        expect(laptop).to_have_url(re.compile(r"/profile2/?$"))
    finally:
        phone_context.close()
        laptop_context.close()
