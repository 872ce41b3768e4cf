"""The Teachers page (/profile4) leads to each teacher's mentor page, in a real browser.

The cards are checked against the teachers domain on the live app's database.
"""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Browser, expect
from sqlmodel import Session

from marketplace.db.engine import get_engine
from marketplace.domain import teachers
from tests.e2e.helpers import sign_in_storage
from tests.factories import make_user

WAIT = 15_000  # ms: a busy two-core machine may take a while to draw a page


def test_view_profile_on_a_teacher_card_opens_that_mentor_page(browser: Browser, live_app):
    name = f"kelechi{uuid.uuid4().hex[:8]}"
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        learner = make_user(session, first_name="Kelechi", last_name="Eze", username=name, email=f"{name}@example.com")
        shown = teachers.list_teachers(session, user_id=learner.id).data
    assert len(shown) >= 2, "the demo catalog should list several teachers"
    context = browser.new_context(base_url=live_app.url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()
    page.goto("/profile4")

    cards = page.get_by_test_id("teacher-card")
    expect(cards).to_have_count(len(shown), timeout=WAIT)
    for card, teacher in zip(cards.all(), shown, strict=True):
        expect(card.get_by_role("heading", name=teacher.name)).to_be_visible()
        expect(card.get_by_role("link", name="View profile")).to_have_attribute("href", f"/mentors/{teacher.id}")

    chosen = shown[1]  # not the first card, so a link that always led to one teacher would fail
    cards.filter(has=page.get_by_role("heading", name=chosen.name, exact=True)).get_by_role(
        "link", name="View profile"
    ).click()
    expect(page).to_have_url(re.compile(rf"/mentors/{chosen.id}$"), timeout=WAIT)
    expect(page.get_by_role("heading", name=chosen.name, level=1)).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("navigation", name="Breadcrumb")).to_contain_text(chosen.name)
    context.close()
