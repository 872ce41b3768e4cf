"""A listing page's HTML carries the view its address names (marketplace/page_hints.py): its cards, count, sort and
pager show as the page mounts, before the websocket has answered, and its answer changes nothing on screen."""

import re

from playwright.sync_api import expect

from marketplace.domain import catalog
from tests.e2e.helpers import HeldSocket
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


def test_a_filter_cleared_while_the_page_connects_wins_over_the_pages_first_load(page, live_app):
    # The page opens filtered to nothing and its HTML shows "No courses found" at once; the learner clears the
    # filters before the websocket's hydrate has been answered. The server then gets the hydrate, whose on_load reads
    # the filtered address the page opened at, and the clear's load for /categories: the newer one must be what shows.
    # The page's events are held, as on a slow network: the hydrate rides in socket.io's CONNECT packet, so the
    # page is still connecting while it is held. A click meanwhile queues its event in the page, which sends it once
    # the server has accepted the connection, while the server is still working on the hydrate.
    line = HeldSocket(page, lambda text: '"name"' in text)
    page.goto("/categories?rating=5&chapters=20-25&max_price=1")
    expect(page.get_by_text("No courses found")).to_be_visible()
    page.wait_for_function("window.naijaLearnListing !== undefined")
    line.wait_until_held(page, lambda text: "hydrate_and_load" in text)
    page.get_by_role("main").get_by_role("button", name="Clear filters").first.click()
    expect(page).to_have_url(re.compile(r"/categories/?$"))
    line.release()  # the hydrate reaches the server; the clear's load follows as soon as the connection is accepted
    _expect_titles(page, _titles(live_app))
    page.wait_for_timeout(1500)  # the hydrate's on_load, had it been applied, would have come back by now
    _expect_titles(page, _titles(live_app))
    expect(page.get_by_text("No courses found")).to_have_count(0)
    page.get_by_role("button", name="Page 2").click()  # the page is live: the next view loads over the websocket
    expect(page).to_have_url(re.compile(r"page=2"))
    _expect_titles(page, _titles(live_app, page=2))
