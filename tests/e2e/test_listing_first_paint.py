"""A listing page's HTML carries the view its address names (marketplace/page_hints.py): its cards, count, sort and
pager show as the page mounts, before the websocket has answered, and its answer changes nothing on screen."""

import re

from playwright.sync_api import expect

from marketplace.domain import catalog
from tests.e2e.test_catalog import WAIT, _db, _expect_titles, _titles


def _total(live_app) -> int:
    with _db(live_app) as session:
        return catalog.list_courses(session).total


def test_a_listing_shows_its_courses_without_the_live_connection(page, live_app):
    titles, total = _titles(live_app, sort="price_asc", page=2), _total(live_app)
    page.route("**/_event/**", lambda route: route.abort())  # no websocket: only what the HTML carries
    page.goto("/courses?sort=price_asc&page=2")
    _expect_titles(page, titles)
    expect(page.get_by_test_id("result-count")).to_have_text(f"{total} courses", timeout=WAIT)
    expect(page.get_by_label("Sort By")).to_have_value("price_asc")
    expect(page.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("heading", name="All Courses", level=1)).to_be_visible()


def test_the_live_answer_leaves_the_carried_view_as_it_was_and_later_views_still_load(page, live_app):
    first, second = _titles(live_app, category="design"), _titles(live_app, category="design", page=2)
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(str(payload))))
    page.goto("/categories?category=design")
    _expect_titles(page, first)
    expect(page.get_by_role("heading", name="Design Courses", level=1)).to_be_visible()
    # Once the websocket has hydrated the page and run its on_load, the same cards are there, in the same order.
    for _ in range(150):
        if any('"is_hydrated_rx_state_":true' in frame for frame in received):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the page was never hydrated over the websocket")
    assert page.locator("#first-listing").count() == 0  # read once, then gone
    _expect_titles(page, first)
    expect(page.get_by_test_id("result-count")).to_have_text(re.compile(r"^\d+ courses?$"))
    if second:  # a page change inside the app reads its view over the websocket, as before
        page.get_by_role("button", name="Page 2").click()
        expect(page).to_have_url(re.compile(r"page=2"))
        _expect_titles(page, second)
