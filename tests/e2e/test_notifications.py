"""Notifications in a real browser: newest first, each linking to where it happened, read once the page opens."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlmodel import Session

from marketplace.db.engine import get_engine
from marketplace.domain import chat, notifications
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import reviewed_course, sign_in_storage
from tests.e2e.test_chat import new_person


def test_notifications_newest_first_link_and_read(page: Page, live_app):
    """Real events, made through the domain as the app makes them: a review of the teacher's course, then a
    message from the learner. The teacher's bell counts both; the page lists them newest first and links on."""
    teacher = new_person(live_app.db_url, "Tobi", teacher=True)
    learner = new_person(live_app.db_url, "Sade")
    course = reviewed_course(live_app.db_url, teacher, learner, rating=5, comment="Fun")
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="Thank you for the class!")
        session.commit()
    sign_in_storage(page.context, live_app.db_url, teacher.email)
    page.goto("/profile2")
    expect(page.get_by_test_id("bell-count")).to_have_text("2")

    page.get_by_role("link", name="Notifications").click()
    lines = page.get_by_test_id("notification")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("New message from Sade Bello: Thank you for the class!")
    expect(lines.nth(1)).to_contain_text(f"Sade Bello reviewed your course {course.title} (5/5).")
    expect(page.get_by_test_id("bell-count")).to_have_count(0)
    with Session(get_engine(live_app.db_url)) as session:
        assert notifications.unread_count(session, teacher.id) == 0
    screenshot(page, "notifications-list")

    lines.nth(1).get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/courses/{course.id}$"))
    expect(page.get_by_role("heading", name=course.title, level=1)).to_be_visible()


def test_no_notifications_says_so_on_a_phone(phone: Page, live_app):
    learner = new_person(live_app.db_url, "Uche")
    sign_in_storage(phone.context, live_app.db_url, learner.email)
    phone.goto("/notifications")
    expect(phone.get_by_text("No notifications yet")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "notifications")
