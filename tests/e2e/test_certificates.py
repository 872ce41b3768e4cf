"""Certificates in a real browser: finish a course, open the certificate, download it, and let anyone check it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session

from marketplace.db.engine import get_engine
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage
from tests.factories import enroll, make_course, make_instructor, make_user

LOAD = 20_000


pytestmark = pytest.mark.usefixtures("patient_expect")


def _learner_one_lesson_from_the_end(db_url: str):
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        teacher = make_instructor(session, first_name="Funmilayo")
        user = make_user(session, first_name="Chiamaka", last_name="Eze")
        course = make_course(session, instructor=teacher, sections=1, title=f"Bookkeeping Basics {user.id}", hours=4)
        enroll(session, user, course)
    return user, course


def test_finishing_the_last_lesson_gives_a_certificate_anyone_can_check(page, phone, live_app):
    user, course = _learner_one_lesson_from_the_end(live_app.db_url)
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto(f"/order-complete/{course.id}")
    expect(page.get_by_role("heading", level=1, name=course.title)).to_be_visible(timeout=LOAD)
    expect(page.get_by_role("link", name="View certificate")).to_have_count(0)
    page.get_by_role("checkbox", name="Mark Lesson 1 complete").click()
    link = page.get_by_role("link", name="View certificate").first
    expect(link).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "player-certificate-link")
    link.click()

    expect(page).to_have_url(re.compile(r"/certificates/NLC-[0-9A-Z]{5}-[0-9A-Z]{5}$"))
    card = page.get_by_role("article", name="Certificate")
    expect(card.get_by_text("Verified certificate")).to_be_visible(timeout=LOAD)
    expect(card.get_by_text("Chiamaka Eze")).to_be_visible()
    expect(card.get_by_role("link", name=course.title)).to_be_visible()
    expect(card.get_by_text("Funmilayo", exact=False)).to_be_visible()
    expect(card.get_by_text("4 hours")).to_be_visible()
    code = page.url.rsplit("/", 1)[1]
    expect(card.get_by_text(code)).to_be_visible()
    expect(card.get_by_role("link", name="WhatsApp")).to_have_attribute("href", re.compile(r"^https://wa\.me/"))
    screenshot(page, "certificate-desktop")

    with page.expect_download() as download:
        card.get_by_role("link", name="Download PDF").click()
    assert download.value.suggested_filename == f"naija-learn-certificate-{code}.pdf"
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"

    # My Courses links to it too.
    page.goto("/profile2")
    expect(page.get_by_test_id("enrolled-course").get_by_role("link", name="View certificate")).to_have_attribute(
        "href", f"/certificates/{code}", timeout=LOAD
    )
    screenshot(page, "my-courses-certificate")

    # A stranger (an employer, say) with only the link, signed out, on a phone.
    phone.goto(f"/certificates/{code}")
    expect(phone.get_by_role("article", name="Certificate").get_by_text("Chiamaka Eze")).to_be_visible(timeout=LOAD)
    screenshot(phone, "certificate-phone")


def test_an_unknown_code_says_so(page):
    page.goto("/certificates/NLC-00000-00000")
    expect(page.get_by_text("Certificate not found")).to_be_visible(timeout=LOAD)
    expect(page.get_by_role("link", name="Browse courses")).to_be_visible()
