"""Free courses in a real browser (docs/product.md, "Free courses"): "Free" on the card and the page, Enroll for
free instead of the cart, a visitor logs in first and comes back, then Go to course opens the player."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from marketplace import routes
from marketplace.db.engine import get_engine
from marketplace.db.models import Enrollment
from tests.e2e.helpers import log_in, wait_for
from tests.factories import make_course, make_user

WAIT = 20_000


def test_a_visitor_enrolls_in_a_free_course_after_logging_in_and_watches_it(page: Page, live_app):
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        course = make_course(session, price_kobo=0, title="Free Kitchen Hygiene Basics")
        learner = make_user(session, password="s3cret-pass", first_name="Kemi")
    page.goto(routes.search("kitchen hygiene"))
    card = (
        page.get_by_test_id("course-grid").get_by_test_id("course-card").filter(has_text="Free Kitchen Hygiene Basics")
    )
    expect(card.get_by_text("Free", exact=True)).to_be_visible(timeout=WAIT)

    page.goto(routes.course(course.id))
    price_card = page.get_by_test_id("price-card")
    expect(price_card.get_by_test_id("price")).to_have_text("Free", timeout=WAIT)
    expect(price_card.get_by_role("button", name="Add To Cart")).to_have_count(0)
    expect(price_card.get_by_role("button", name="Buy Now")).to_have_count(0)
    price_card.get_by_role("button", name="Enroll for free").click()

    expect(page).to_have_url(re.compile(r"/login\?next=/courses/\d+$"), timeout=WAIT)
    log_in(page, learner.email, "s3cret-pass")
    expect(page).to_have_url(re.compile(rf"/courses/{course.id}$"), timeout=WAIT)
    price_card.get_by_role("button", name="Enroll for free").click()
    expect(page.get_by_text("You are enrolled. Enjoy the course!")).to_be_visible(timeout=WAIT)
    go = price_card.get_by_role("link", name="Go to course")
    expect(go).to_be_visible()

    def enrolled() -> bool:
        with Session(get_engine(live_app.db_url)) as session:
            found = select(Enrollment).where(Enrollment.user_id == learner.id, Enrollment.course_id == course.id)
            row = session.exec(found).first()
            return row is not None and row.order_id is None

    wait_for(enrolled)
    go.click()
    expect(page).to_have_url(re.compile(rf"/order-complete/{course.id}$"), timeout=WAIT)
    expect(page.get_by_role("heading", name="Free Kitchen Hygiene Basics").first).to_be_visible(timeout=WAIT)
