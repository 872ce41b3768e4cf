"""A listing page's HTML carries the view its address names (marketplace/page_hints.py): its cards, count, sort and
pager show as the page mounts, before the websocket has answered, and its answer changes nothing on screen."""

import re

import pytest
from playwright.sync_api import expect

from marketplace.domain import catalog
from marketplace.states.listing import RESULTS_ID
from tests.e2e.helpers import HeldSocket, app_db
from tests.e2e.test_catalog import WAIT, _expect_titles, _titles


def _total(live_app) -> int:
    with app_db(live_app) as session:
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


_LOAD = "listing_state.load"  # the event's name in a frame the page sends
_HYDRATED = '"is_hydrated_rx_state_":true'  # the page's first load has answered


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
    # Why the newer view won, whatever the server's speed: its load was sent only once the page's first load had
    # answered, so the server ran it after that one. Sent sooner, it was queued ahead of the page's load (which the
    # hydrate queues with the address the page opened at), and a quick read finished first and was drawn over.
    order = [(side, text) for side, text in line.passed if _LOAD in text or _HYDRATED in text]
    assert order and order[0][0] == "server" and _HYDRATED in order[0][1], [side for side, _ in order]
    assert any(side == "page" and _LOAD in text for side, text in order)
    page.get_by_role("button", name="Page 2").click()  # the page is live: the next view loads over the websocket
    expect(page).to_have_url(re.compile(r"page=2"))
    _expect_titles(page, _titles(live_app, page=2))


# Each card as a tree of (tag, attributes, children), each run of text as one trimmed string; the heart's
# "disabled" (the drawn card's, until React's takes its place) left out, and the picture of every card but the
# first as "picture" (the drawn cards show only the first one's: see marketplace/components/first_cards.py). Then
# each card's box and its picture's.
_CARDS = """() => {
  const tree = (node) => {
    const attributes = Object.fromEntries(
      [...node.attributes].filter((a) => a.name !== "disabled").map((a) => [a.name, a.value]).sort());
    const children = [];
    let text = "";
    const endText = () => { if (text.trim()) children.push(text.trim()); text = ""; };
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;  // React writes "By " and a name apart
      else if (child.nodeType === Node.ELEMENT_NODE) { endText(); children.push(tree(child)); }
    }
    endText();
    return [node.tagName, attributes, children];
  };
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round);
  };
  return [...document.querySelectorAll('[data-testid="course-grid"] [data-testid="course-card"]')].map((card, i) => {
    const picture = card.querySelector("a[aria-hidden]");
    const drawn = tree(card);
    if (i > 0) drawn[2][1][2] = ["picture"];
    return {card: drawn, box: box(card), picture: box(picture.firstElementChild)};
  });
}"""


def _context(browser, base_url: str, width: int, *, scripts: bool = True):
    return browser.new_context(base_url=base_url, viewport={"width": width, "height": 900}, java_script_enabled=scripts)


def _cards_before_scripts(browser, base_url: str, width: int, address: str) -> list[dict]:
    context = _context(browser, base_url, width, scripts=False)
    try:
        page = context.new_page()
        page.goto(address)
        expect(page.get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)
        return page.evaluate(_CARDS)
    finally:
        context.close()


def test_the_cards_paint_before_any_script_has_run(browser, base_url, live_app):
    titles = _titles(live_app, sort="newest")
    context = _context(browser, base_url, 390, scripts=False)
    page = context.new_page()
    page.goto("/categories?sort=newest")
    _expect_titles(page, titles)
    first = page.get_by_test_id("course-card").first
    with app_db(live_app) as session:
        newest = catalog.list_courses(session, sort="newest").data[0]
    expect(first.locator("img")).to_have_attribute("src", newest.thumbnail)
    expect(first.locator("img")).to_have_attribute("fetchpriority", "high")
    expect(first.get_by_role("button", name=f"Add {newest.title} to wishlist")).to_be_disabled()
    expect(first.get_by_text(newest.price_text)).to_be_visible()
    expect(page.get_by_text("Loading courses...")).to_have_count(0)  # the skeleton's place holds the cards
    expect(page.get_by_test_id("course-grid").locator("img")).to_have_count(1)  # the others wait for React's cards
    context.close()


def test_reacts_cards_take_the_drawn_cards_place_unchanged(browser, base_url):
    for width in (390, 1280):
        drawn = _cards_before_scripts(browser, base_url, width, "/categories?sort=rating")
        context = _context(browser, base_url, width)
        try:
            page = context.new_page()
            page.goto("/categories?sort=rating")
            expect(page.locator("#first-cards")).to_have_count(0, timeout=WAIT)  # React drew its own
            expect(page.get_by_test_id("course-card").first.get_by_role("button")).to_be_enabled()
            live = page.evaluate(_CARDS)
        finally:
            context.close()
        assert len(live) == len(drawn) > 1
        for index, (ours, theirs) in enumerate(zip(drawn, live, strict=True)):
            assert ours == theirs, f"card {index + 1} at {width} px differs"


def _open_listing_held(page) -> HeldSocket:
    """Open /categories from the home page (no new HTML answer, so no drawn cards) with the route's load held, as on
    a slow network, until the listing shows its grey skeleton; release the answer with the returned line."""
    opening = lambda text: "on_load_internal" in text and "/categories" in text  # noqa: E731
    line = HeldSocket(page, opening)
    page.goto("/")
    page.get_by_role("link", name="Explore Courses").first.click()
    expect(page).to_have_url(re.compile(r"/categories/?$"), timeout=WAIT)
    line.wait_until_held(page, opening)
    expect(page.get_by_role("status").filter(has_text="Loading courses...")).to_be_attached()
    return line


def test_a_listing_opened_inside_the_app_shows_the_skeleton_then_the_cards(page, live_app):
    # The page has no drawn cards and shows the grey skeleton until the load's answer draws the cards.
    line = _open_listing_held(page)
    expect(page.get_by_test_id("course-card")).to_have_count(0)
    line.release()
    _expect_titles(page, _titles(live_app))
    expect(page.get_by_text("Loading courses...")).to_have_count(0)


# Where a listing's heading starts, and where its results (the grid, or its skeleton, and the pager) start and end
# (page coordinates).
_PLACES = """(resultsId) => {
    const box = (el) => el.getBoundingClientRect();
    const results = box(document.getElementById(resultsId));
    return [box(document.querySelector("h1")).top, results.top, results.bottom].map((y) => Math.round(y + scrollY));
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_listings_skeleton_holds_the_cards_place(browser, base_url, live_app, width):
    # Opened inside the app, the listing waits for its load in grey cards; when the cards come, what follows the
    # grid (the pager a learner reaches for, Popular Mentors) must not jump.
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        line = _open_listing_held(page)
        waiting = page.evaluate(_PLACES, RESULTS_ID)
        line.release()
        _expect_titles(page, _titles(live_app))
        page.wait_for_timeout(300)  # the pictures' boxes are set by their size attributes: nothing else to come
        assert page.evaluate(_PLACES, RESULTS_ID) == pytest.approx(waiting, abs=2), waiting
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_reacts_listing_takes_the_drawn_listings_place(browser, base_url, width):
    # Opened from its address, the listing paints the cards its HTML brought, with the pager's place below them;
    # React's listing (cards and pager) then takes their place without moving anything.
    places = []
    for scripts in (False, True):
        context = _context(browser, base_url, width, scripts=scripts)
        try:
            page = context.new_page()
            page.goto("/categories?sort=newest")
            expect(page.get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)
            if scripts:
                expect(page.get_by_role("navigation", name="Pagination")).to_be_visible(timeout=WAIT)
                page.wait_for_timeout(300)
            places.append(page.evaluate(_PLACES, RESULTS_ID))
        finally:
            context.close()
    drawn, live = places
    assert live == pytest.approx(drawn, abs=2), drawn
