"""The wishlist (issue 16): a heart on every course card and on the course page, kept on the server for signed-in
learners, listed on /profile (the header heart) with Add To Cart; a visitor's heart asks them to log in first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, WishlistEntry
from marketplace.domain import catalog
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import log_in, sign_in_storage
from tests.factories import make_user

PASSWORD = "hearts123"


pytestmark = pytest.mark.usefixtures("patient_expect")


def _learner(db_url: str, first_name: str):
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return make_user(session, first_name=first_name, last_name="Hearts", password=PASSWORD)


def _hearted(db_url: str, user_id: int) -> list[int]:
    with Session(get_engine(db_url)) as session:
        rows = session.exec(select(WishlistEntry.course_id).where(WishlistEntry.user_id == user_id)).all()
        return sorted(rows)


def _toast(page, text: str):
    return page.locator("[data-sonner-toast]").get_by_text(text, exact=True).first


def test_hearts_on_a_card_and_the_course_page_are_kept_and_listed_with_add_to_cart(browser, live_app, base_url):
    learner = _learner(live_app.db_url, "Ngozi")
    with Session(get_engine(live_app.db_url)) as session:
        first, second = catalog.top_courses(session)[:2]
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()

    page.goto("/")
    card = page.get_by_test_id("course-card").filter(has_text=first.title).first
    heart = card.get_by_role("button", name=f"Add {first.title} to wishlist")
    expect(heart).to_have_attribute("aria-pressed", "false")
    heart.click()
    expect(_toast(page, "Added to your wishlist")).to_be_visible()
    expect(card.get_by_role("button", name=f"Remove {first.title} from wishlist")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert _hearted(live_app.db_url, learner.id) == [first.id]

    page.goto(f"/courses/{second.id}")
    expect(page.get_by_role("heading", level=1, name=second.title)).to_be_visible()
    page.get_by_role("button", name=f"Add {second.title} to wishlist").click()
    expect(page.get_by_role("button", name=f"Remove {second.title} from wishlist")).to_have_attribute(
        "aria-pressed", "true"
    )
    screenshot(page, "wishlist-course-heart")
    page.reload()  # kept on the server, drawn again from it
    expect(page.get_by_role("button", name=f"Remove {second.title} from wishlist")).to_be_visible()
    assert _hearted(live_app.db_url, learner.id) == sorted([first.id, second.id])

    page.get_by_role("banner").get_by_role("link", name=re.compile("^(Saved for later|Wishlist)")).click()  # the heart
    expect(page).to_have_url(re.compile(r"/profile$"))
    wishlist = page.get_by_role("region", name="Wishlisted courses")
    cards = wishlist.get_by_test_id("course-card")
    expect(cards.get_by_role("heading")).to_have_text([second.title, first.title])  # newest first
    expect(page.get_by_text("Nothing saved for later yet")).to_be_visible()  # the list below, still there
    screenshot(page, "wishlist")

    cards.filter(has_text=first.title).get_by_role("button", name=re.compile("^Add To Cart")).click()
    expect(_toast(page, "Added to cart")).to_be_visible()
    expect(page.get_by_test_id("shopping-cart-count")).to_have_text("1")

    cards.filter(has_text=second.title).get_by_role("button", name=f"Remove {second.title} from wishlist").click()
    expect(_toast(page, "Removed from your wishlist")).to_be_visible()
    expect(cards.get_by_role("heading")).to_have_text([first.title])
    assert _hearted(live_app.db_url, learner.id) == [first.id]

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.get_by_role("region", name="Wishlisted courses").get_by_test_id("course-card")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "wishlist")
    context.close()


def test_an_empty_wishlist_says_how_to_fill_it(browser, live_app, base_url):
    learner = _learner(live_app.db_url, "Tobi")
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()
    page.goto("/profile")
    expect(page.get_by_text("Your wishlist is empty")).to_be_visible()
    expect(page.get_by_text("Tap the heart on any course to keep it here.")).to_be_visible()
    screenshot(page, "wishlist-empty")
    context.close()


def test_a_visitors_heart_asks_them_to_log_in_and_brings_them_back(phone, live_app):
    learner = _learner(live_app.db_url, "Halima")
    with Session(get_engine(live_app.db_url)) as session:
        course = session.exec(select(Course).order_by(Course.id)).first()
    phone.goto(f"/courses/{course.id}")
    heart = phone.get_by_role("button", name=f"Add {course.title} to wishlist")
    expect(heart).to_have_attribute("aria-pressed", "false")
    heart.click()
    expect(phone).to_have_url(re.compile(rf"/login\?next=/courses/{course.id}$"))
    log_in(phone, learner.email, PASSWORD)
    expect(phone).to_have_url(re.compile(rf"/courses/{course.id}$"))
    phone.get_by_role("button", name=f"Add {course.title} to wishlist").click()
    expect(phone.get_by_role("button", name=f"Remove {course.title} from wishlist")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert _hearted(live_app.db_url, learner.id) == [course.id]
