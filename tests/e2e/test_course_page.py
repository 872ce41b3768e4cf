"""The course page's essentials (issue 16): what you'll learn, requirements and who the course is for, and the
preview video at the top of the page (on a phone above the title, on a desktop heading the price card), which
downloads nothing until it is played."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Section
from marketplace.demo.course_pages import COURSE_PAGES
from tests.e2e.conftest import screenshot
from tests.factories import make_course

DEMO_TITLE = "Python Programming for Absolute Beginners"
YOUTUBE_PREVIEW = "https://www.youtube.com/watch?v=rfscVS0vtbw"


pytestmark = pytest.mark.usefixtures("patient_expect")


def _demo_course(db_url: str) -> tuple[Course, Section]:
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        course = session.exec(select(Course).where(Course.title == DEMO_TITLE)).one()
        first = session.exec(select(Section).where(Section.course_id == course.id).order_by(Section.position)).first()
        return course, first


def _videos_asked(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if ".mp4" in request.url else None)
    return asked


def test_a_phone_shows_the_preview_above_the_title_then_what_you_learn_needs_and_who_it_is_for(phone, live_app):
    course, first = _demo_course(live_app.db_url)
    essentials = COURSE_PAGES[DEMO_TITLE]
    asked = _videos_asked(phone)
    phone.goto(f"/courses/{course.id}")

    play = phone.get_by_role("button", name=f"Play preview: {first.title}")
    expect(play).to_be_visible()
    title = phone.get_by_role("heading", level=1, name=DEMO_TITLE)
    expect(title).to_be_visible()
    assert play.bounding_box()["y"] < title.bounding_box()["y"]  # at the top, above the title
    assert play.bounding_box()["y"] + play.bounding_box()["height"] < 844  # whole, on the first screen
    expect(play.locator("img")).to_have_attribute("src", course.thumbnail)  # the course's thumbnail as poster
    expect(phone.get_by_text(essentials.subtitle)).to_be_visible()

    learn = phone.get_by_role("region", name="What you'll learn")
    expect(learn.get_by_role("listitem")).to_have_text(list(essentials.learn))
    needs = phone.get_by_role("region", name="Requirements")
    expect(needs.get_by_role("listitem")).to_have_text(list(essentials.requirements))
    audience = phone.get_by_role("region", name="Who this course is for")
    expect(audience.get_by_role("listitem")).to_have_text(list(essentials.audience))
    expect(phone.get_by_role("listitem").filter(has_text=re.compile("^English$"))).to_have_count(1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "course-essentials")
    assert asked == []  # the poster only: not a byte of video before play

    play.click()
    video = phone.get_by_label(f"Course preview: {first.title}")
    expect(video).to_have_count(1)  # only the copy pressed plays: the desktop's stays a poster
    expect(video).to_be_visible()
    assert video.get_attribute("poster") == course.thumbnail
    phone.wait_for_function("document.querySelector('video[aria-label^=\"Course preview:\"]').currentTime > 0")
    assert any("/media/lesson-clip-1.mp4" in url for url in asked)  # the demo previews' first clip
    screenshot(phone, "course-preview-playing")


def test_a_desktop_shows_the_preview_heading_the_price_card(page, live_app):
    course, first = _demo_course(live_app.db_url)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/courses/{course.id}")
    card = page.get_by_test_id("price-card")
    play = card.get_by_role("button", name=f"Play preview: {first.title}")
    expect(play).to_be_visible()
    expect(page.get_by_role("button", name=f"Play preview: {first.title}")).to_have_count(1)  # the phone's: hidden
    assert play.bounding_box()["y"] < 300
    expect(page.get_by_role("region", name="What you'll learn")).to_be_visible()
    screenshot(page, "course-essentials")
    play.click()
    expect(card.get_by_label(f"Course preview: {first.title}")).to_be_visible()


def test_a_youtube_preview_is_a_poster_until_pressed(page, live_app):
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        course = make_course(session, title="Lagos Street Photography", sections=2)
        first = session.exec(select(Section).where(Section.course_id == course.id, Section.position == 0)).one()
        first.video_url = YOUTUBE_PREVIEW
        session.add(first)
        session.commit()
    page.route(re.compile(r"youtube"), lambda route: route.abort())  # no internet needed, nothing leaves
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/courses/{course.id}")
    play = page.get_by_role("button", name=f"Play preview: {first.title}")
    expect(play).to_be_visible()
    expect(page.locator("iframe[src*='youtube']").filter(visible=True)).to_have_count(0)
    # A course without essentials shows none of their headings.
    expect(page.get_by_role("region", name="What you'll learn")).to_have_count(0)
    screenshot(page, "course-youtube-preview")

    play.click()
    frame = page.get_by_title(f"Course preview: {first.title}").filter(visible=True)
    expect(frame).to_have_attribute(
        "src", re.compile(r"^https://www\.youtube-nocookie\.com/embed/rfscVS0vtbw\?.*autoplay=1")
    )
