"""Becoming an instructor in a real browser: /teach signed out, sign up and back, the form, then the studio's door.

docs/product.md, "Becoming an instructor"; the course page's "You teach this course" for the demo instructor.
"""

from __future__ import annotations

import io
import re
import uuid

from PIL import Image
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from marketplace import routes
from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Instructor
from tests.e2e.conftest import body_text, screenshot
from tests.e2e.helpers import log_in, sign_in_storage, user_by_email, wait_for

WAIT = 20_000


def _png() -> bytes:
    picture = io.BytesIO()
    Image.new("RGB", (64, 64), (20, 120, 200)).save(picture, "PNG")
    return picture.getvalue()


def _verify_link(live_app, email: str) -> str:
    found = re.search(r"https?://\S+/verify-email\?token=[\w\-]+", body_text(live_app.inbox.wait_for(email)))
    assert found
    return found.group(0)


def test_a_visitor_signs_up_from_teach_comes_back_and_becomes_an_instructor(page: Page, live_app):
    name = f"teach{uuid.uuid4().hex[:8]}"
    email, password = f"{name}@example.com", "s3cret-pass"
    page.goto("/")
    header = page.get_by_role("banner")
    header.get_by_role("link", name="Teach on Naija Learn").click()
    expect(page).to_have_url(re.compile(r"/teach$"), timeout=WAIT)
    expect(page.get_by_role("heading", name="What teaching here means")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("You keep 70% of every sale")).to_be_visible()
    expect(page.get_by_text("Learners pay in naira")).to_be_visible()
    expect(page.get_by_text("Paid to your Nigerian bank account")).to_be_visible()
    screenshot(page, "teach-signed-out")

    page.get_by_role("main").get_by_role("link", name="Create account").click()
    expect(page.get_by_role("heading", name="Create your account")).to_be_visible(timeout=WAIT)
    page.get_by_label("First Name").fill("Ngozi")
    page.get_by_label("Last Name").fill("Teacher")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Confirm Password").fill(password)
    page.get_by_role("button", name="Create Account").click()
    expect(page).to_have_url(re.compile(r"/login\?registered=1&next=/teach$"), timeout=WAIT)

    # The emailed link verifies the address in another tab; this one logs in and comes back to /teach.
    other = page.context.new_page()
    other.goto(_verify_link(live_app, email))
    expect(other.get_by_text("Email verified. You can now log in.")).to_be_visible(timeout=WAIT)
    other.close()
    log_in(page, email, password)
    expect(page).to_have_url(re.compile(r"/teach$"), timeout=WAIT)
    expect(page.get_by_role("heading", name="Your teacher profile")).to_be_visible(timeout=WAIT)
    expect(header.get_by_role("link", name="Studio")).to_have_count(0)

    # The picture goes through the profile's own upload (checked by its content, stored as a square).
    page.get_by_label("Picture file").set_input_files({"name": "me.png", "mimeType": "image/png", "buffer": _png()})
    expect(page.get_by_text("Profile updated successfully.")).to_be_visible(timeout=WAIT)
    wait_for(lambda: user_by_email(live_app.db_url, email).profile_picture != "")

    # A broken rule is named under its field; then the account becomes an instructor's.
    page.get_by_label("Title").fill("Chef and food scientist")
    page.get_by_label("About you").fill("Too short")
    page.get_by_label("Expertise").fill("Baking, Food safety")
    page.get_by_role("button", name="Become an instructor").click()
    expect(page.locator("#teach-about-error")).to_contain_text("at least 30 characters", timeout=WAIT)
    page.get_by_label("About you").fill("Twelve years in Lagos kitchens; I teach baking the way my learners cook.")
    page.get_by_label("LinkedIn").fill("https://www.linkedin.com/in/ngozi")
    page.get_by_role("button", name="Become an instructor").click()
    expect(page.get_by_role("link", name="Go to your studio")).to_be_visible(timeout=WAIT)
    expect(header.get_by_role("link", name="Studio")).to_have_attribute("href", routes.STUDIO)
    expect(header.get_by_role("link", name="Teach on Naija Learn")).to_have_count(0)
    screenshot(page, "teach-done")
    assert user_by_email(live_app.db_url, email).role == "instructor"

    # The public teacher page shows what was filled in.
    page.get_by_role("link", name="View your teacher page").click()
    expect(page.get_by_role("heading", name="Ngozi Teacher", level=1)).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Chef and food scientist").first).to_be_visible()

    # Back on /teach later: the way on to the studio, not the form.
    page.goto("/teach")
    expect(page.get_by_role("link", name="Go to your studio")).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("heading", name="Your teacher profile")).to_have_count(0)


def test_the_demo_instructor_sees_you_teach_this_course_and_no_cart_or_review_form(browser, live_app, base_url):
    with Session(get_engine(live_app.db_url)) as session:
        tunde = user_by_email(live_app.db_url, "tunde@example.com")
        instructor = session.exec(select(Instructor).where(Instructor.user_id == tunde.id)).one()
        course = session.exec(select(Course).where(Course.instructor_id == instructor.id)).first()
        assert course is not None
        course_id = course.id
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, "tunde@example.com")
    page = context.new_page()
    page.goto(routes.course(course_id))
    card = page.get_by_test_id("price-card")
    expect(card.get_by_text("You teach this course")).to_be_visible(timeout=WAIT)
    expect(card.get_by_role("link", name="Edit course")).to_have_attribute("href", f"/studio/courses/{course_id}")
    expect(card.get_by_role("button", name="Add To Cart")).to_have_count(0)
    expect(card.get_by_role("button", name="Buy Now")).to_have_count(0)
    expect(page.get_by_role("heading", name="Reviews", level=2)).to_be_visible()
    expect(page.get_by_role("button", name="Submit review")).to_have_count(0)
    expect(page.get_by_role("banner").get_by_role("link", name="Studio")).to_be_visible()
    screenshot(page, "course-you-teach")
    context.close()
