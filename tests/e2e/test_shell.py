"""The app shell as a visitor meets it: home with real catalog data, the 404 page, the login guard, the header's
layout and where toasts show (the menus themselves: test_menus.py)."""

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
    for path, private in (("/checkout", "Checkout"), ("/profile2", "My Courses"), ("/notifications", "Notifications")):
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


def _first_course_id(live_app) -> int:
    with Session(get_engine(live_app.db_url)) as session:
        return session.exec(select(Course).order_by(Course.id)).first().id


def _copy_link_toast(page, live_app):
    """Copy a course's link; the toast it raises (the whole toast, close button included)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_app.url)
    page.goto(f"/courses/{_first_course_id(live_app)}")
    page.get_by_role("button", name="Copy link").click()
    toast = page.locator("[data-sonner-toast]").filter(has_text="Link copied")
    expect(toast).to_be_visible()
    page.wait_for_timeout(400)  # sonner slides it in
    return toast


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and (b["y"] < a["y"] + a["height"])
    )


def _signed_in(browser, base_url, live_app, width: int):
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 844 if width < 768 else 800})
    sign_in_storage(context, live_app.db_url, DEMO_LEARNER[0])
    return context


def test_toasts_on_a_wide_screen_show_below_the_header_and_close_after_two_seconds(browser, base_url, live_app):
    context = _signed_in(browser, base_url, live_app, 1280)
    page = context.new_page()
    toast = _copy_link_toast(page, live_app)
    box, viewport = toast.bounding_box(), page.viewport_size
    header = page.locator("header").first.bounding_box()
    assert box["x"] > viewport["width"] / 2 and box["y"] >= header["y"] + header["height"]
    for name in ("Notifications", "Cart", "Account menu"):  # they used to sit on the bell and the avatar
        assert not _overlap(box, page.get_by_label(name, exact=True).bounding_box()), name
    screenshot(page, "toast")
    page.wait_for_timeout(600)
    expect(toast).to_be_visible()  # still there after a second...
    expect(toast).to_be_hidden(timeout=2_500)  # ...gone soon after two (the library's default is four)
    context.close()


def test_toasts_on_a_phone_show_at_the_bottom(browser, base_url, live_app):
    context = _signed_in(browser, base_url, live_app, 390)
    page = context.new_page()
    toast = _copy_link_toast(page, live_app)
    box, viewport = toast.bounding_box(), page.viewport_size
    assert box["y"] > viewport["height"] / 2 and box["y"] + box["height"] <= viewport["height"]
    for name in ("Notifications", "Cart", "Account menu"):
        assert not _overlap(box, page.get_by_label(name, exact=True).bounding_box()), name
    page.screenshot(path=str(screenshot(page, "toast").with_name("toast-viewport-390.png")))
    context.close()


def test_signed_in_header_keeps_to_the_page_edges_at_1280(browser, base_url, live_app):
    context = _signed_in(browser, base_url, live_app, 1280)
    page = context.new_page()
    page.goto("/faq")
    avatar = page.get_by_label("Account menu", exact=True)
    expect(avatar).to_be_visible(timeout=15_000)
    logo = page.get_by_role("link", name="Naija Learn home").bounding_box()
    right_gap = 1280 - (avatar.bounding_box()["x"] + avatar.bounding_box()["width"])
    # The actions end where the content's edge is, as the logo starts at the other one (it was 165 px short).
    assert abs(right_gap - logo["x"]) <= 8, (right_gap, logo["x"])
    screenshot(page, "header-signed-in")
    context.close()


def test_a_guest_who_adds_to_cart_sees_the_cart_in_the_header(browser, base_url, live_app):
    for width in (1280, 390):
        context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 800})
        page = context.new_page()
        page.goto(f"/courses/{_first_course_id(live_app)}")
        cart = page.get_by_role("link", name="Cart", exact=True)
        expect(cart).to_be_visible(timeout=15_000)
        expect(cart).to_have_attribute("href", "/cart")
        expect(cart.get_by_test_id("shopping-cart-count")).to_have_count(0)  # empty: no badge
        page.get_by_role("button", name="Add To Cart").first.click()
        expect(page.get_by_text("Added to cart")).to_be_visible()
        expect(cart.get_by_test_id("shopping-cart-count")).to_have_text("1")
        page.reload()  # the visitor's cart lives in the browser and outlasts the page
        expect(page.get_by_role("link", name="Cart", exact=True).get_by_test_id("shopping-cart-count")).to_have_text(
            "1", timeout=15_000
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, "header-guest-cart")
        context.close()
