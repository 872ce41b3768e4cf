"""The app shell as a visitor meets it: home with real catalog data, the 404 page, the login guard."""

import re

from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import DEMO_LEARNER, sign_in_storage


def test_home_shows_courses_from_the_database(page, live_app):
    with Session(get_engine(live_app.db_url)) as session:
        titles = [c.title for c in session.exec(select(Course)).all()]
    page.goto("/")
    expect(page.get_by_role("link", name="Categories").first).to_be_visible()
    shown = page.get_by_test_id("course-card").first
    expect(shown).to_be_visible()
    assert shown.get_by_role("heading").inner_text() in titles
    screenshot(page, "home")


def test_unknown_path_shows_404_with_a_way_home(page):
    page.goto("/does-not-exist")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    page.get_by_role("link", name="Back to home").click()
    expect(page).to_have_url(re.compile(r"/$"))
    screenshot(page, "not-found")


# Every first-level heading the document ever shows, kept across the client-side redirect.
RECORD_HEADINGS = """
new MutationObserver(() => {
  const seen = JSON.parse(sessionStorage.getItem('headings') || '[]');
  for (const h of document.querySelectorAll('h1')) if (!seen.includes(h.textContent)) seen.push(h.textContent);
  sessionStorage.setItem('headings', JSON.stringify(seen));
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def test_guarded_pages_send_visitors_to_login(page):
    page.add_init_script(RECORD_HEADINGS)
    for path, private in (("/cart", "Shopping Cart"), ("/profile2", "My Courses"), ("/notifications", "Notifications")):
        page.goto(path)
        expect(page).to_have_url(re.compile(r"/login\?next=" + re.escape(path)))
        expect(page.get_by_role("button", name="Log In", exact=True)).to_be_visible()
        seen = page.evaluate("JSON.parse(sessionStorage.getItem('headings') || '[]')")
        assert seen and private not in seen  # the login page's heading was recorded; the private page's never
        page.evaluate("sessionStorage.removeItem('headings')")


def test_phone_header_collapses_into_a_menu(phone):
    phone.goto("/faq")
    expect(phone.get_by_role("heading", name="Frequently asked questions")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_label("Menu").click()
    expect(phone.get_by_role("link", name="Log In")).to_be_visible()
    screenshot(phone, "faq")


def test_signed_in_phone_header_reaches_the_catalog_through_the_account_menu(phone, live_app):
    sign_in_storage(phone.context, live_app.db_url, DEMO_LEARNER[0])
    phone.goto("/faq")
    expect(phone.get_by_role("heading", name="Frequently asked questions")).to_be_visible()
    expect(phone.get_by_role("link", name="Categories", exact=True)).to_be_hidden()  # no room in the bar itself
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_label("Account menu").click()
    phone.get_by_role("link", name="Categories", exact=True).click()
    expect(phone).to_have_url(re.compile(r"/categories/?$"))
    expect(phone.get_by_test_id("course-card").first).to_be_visible(timeout=15_000)


def test_toasts_show_at_the_top_right_and_close_after_two_seconds(page, live_app):
    with Session(get_engine(live_app.db_url)) as session:
        course = session.exec(select(Course).order_by(Course.id)).first()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_app.url)
    page.goto(f"/courses/{course.id}")
    page.get_by_role("button", name="Copy link").click()
    toast = page.get_by_text("Link copied")
    expect(toast).to_be_visible()
    box, viewport = toast.bounding_box(), page.viewport_size
    assert box["x"] > viewport["width"] / 2 and box["y"] + box["height"] < viewport["height"] / 3
    page.wait_for_timeout(1_000)
    expect(toast).to_be_visible()  # still there after a second...
    expect(toast).to_be_hidden(timeout=2_500)  # ...gone soon after two (the library's default is four)
