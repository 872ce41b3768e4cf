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
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage
from tests.factories import make_instructor, make_user

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


def test_the_search_and_page_two_survive_a_reload_and_back_returns_to_page_one(browser: Browser, live_app):
    """Issue 16 (found at 1280 px): the Teachers page's page number and search were not in the address, so a
    reload, or Back from a teacher's page, started again from page 1 of everyone."""
    tag = f"pg{uuid.uuid4().hex[:6]}"  # a name only this test's teachers have
    name = f"amaka{uuid.uuid4().hex[:8]}"
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        learner = make_user(session, first_name="Amaka", last_name="Obi", username=name, email=f"{name}@example.com")
        for n in range(8):
            make_instructor(session, first_name=f"Tutor{tag}{n}")
    context = browser.new_context(base_url=live_app.url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()
    page.goto("/profile4")
    cards = page.get_by_test_id("teacher-card")
    expect(cards.first).to_be_visible(timeout=WAIT)

    search = page.get_by_label("Search teachers by name")
    search.fill(tag.upper())  # any case
    expect(page).to_have_url(re.compile(rf"/profile4\?q={tag.upper()}$"), timeout=WAIT)
    expect(cards).to_have_count(6)
    expect(search).to_be_focused()  # the address followed without redrawing the box under the typist
    page.get_by_role("button", name="Page 2", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/profile4\?q={tag.upper()}&page=2$"), timeout=WAIT)
    page_two = [f"Tutor{tag}6", f"Tutor{tag}7"]
    expect(cards).to_have_count(2, timeout=WAIT)
    for card, first_name in zip(cards.all(), page_two, strict=True):
        expect(card).to_contain_text(first_name)
    screenshot(page, "teachers-page-2")

    page.reload()
    expect(cards).to_have_count(2, timeout=WAIT)
    for card, first_name in zip(cards.all(), page_two, strict=True):
        expect(card).to_contain_text(first_name)
    expect(page.get_by_role("button", name="Page 2", exact=True)).to_have_attribute("aria-current", "page")
    expect(page.get_by_label("Search teachers by name")).to_have_value(tag.upper())
    screenshot(page, "teachers-page-2-reloaded")

    # A teacher's page and Back: the same page 2; Back again: page 1 of the same search.
    cards.first.get_by_role("link", name="View profile").click()
    expect(page).to_have_url(re.compile(r"/mentors/\d+$"), timeout=WAIT)
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/profile4\?q={tag.upper()}&page=2$"), timeout=WAIT)
    expect(cards).to_have_count(2, timeout=WAIT)
    expect(cards.first).to_contain_text(page_two[0])
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/profile4\?q={tag.upper()}$"), timeout=WAIT)
    expect(cards).to_have_count(6, timeout=WAIT)
    expect(cards.first).to_contain_text(f"Tutor{tag}0")
    expect(page.get_by_label("Search teachers by name")).to_have_value(tag.upper())
    context.close()
