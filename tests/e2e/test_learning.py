"""Learning in a real browser: My Courses with progress, and the course player for enrolled learners only."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Enrollment, Section, SectionProgress, User
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage, wait_for
from tests.factories import enroll, make_course, make_user

LOAD = 20_000  # the first paint of a page waits for the websocket and the on_load events
DEMO_VIDEO = "/media/demo-lesson.mp4"


pytestmark = pytest.mark.usefixtures("patient_expect")


def _learner_with_course(db_url: str, *, enrolled: bool = True, courses: int = 1):
    """A fresh learner and fresh courses (3 sections each), enrolled unless told otherwise."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        user = make_user(session)
        made = [
            make_course(session, title=f"Kitchen Chemistry {user.id}-{n}", description="Why bread rises.")
            for n in range(courses)
        ]
        if enrolled:
            for course in made:
                enroll(session, user, course)
    return user, made


def test_learner_plays_marks_progress_and_resumes_where_they_left(page, phone, live_app):
    user, (course,) = _learner_with_course(live_app.db_url)
    _set_video(live_app.db_url, course.id, "Lesson 3", "https://www.youtube.com/watch?v=rfscVS0vtbw")
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto("/profile2")
    card = page.get_by_test_id("enrolled-course")
    expect(card).to_have_count(1, timeout=LOAD)
    expect(card.get_by_text("Enrolled")).to_be_visible()
    expect(card.get_by_test_id("course-progress")).to_have_text("0 of 3 sections")
    card.get_by_role("link", name=re.compile("Watch Now")).click()

    expect(page).to_have_url(re.compile(rf"/order-complete/{course.id}$"))
    expect(page.get_by_role("heading", level=1, name=course.title)).to_be_visible(timeout=LOAD)
    # No progress yet: the first section is the current one.
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 1")
    expect(page.locator("video#lesson-video")).to_have_attribute("controls", "")
    stats = page.get_by_test_id("player-stats").last
    expect(stats).to_contain_text("5")
    expect(stats).to_contain_text("Beginner")

    page.get_by_role("button", name=re.compile("Lesson 2")).click()
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 2")
    expect(page.get_by_role("button", name=re.compile("Lesson 2"))).to_have_attribute("aria-current", "true")
    page.get_by_role("checkbox", name="Mark Lesson 2 complete").click()
    expect(page.get_by_test_id("player-progress").last).to_have_text("1 of 3 sections")
    expect(page.get_by_role("button", name="Completed")).to_have_attribute("aria-pressed", "true")
    speed = page.get_by_label("Speed")
    speed.select_option("1.5")
    page.wait_for_function("document.getElementById('lesson-video').playbackRate === 1.5")

    # Tabs switch in place, with the selected one announced.
    page.get_by_role("tab", name="Details").click()
    expect(page.get_by_role("tab", name="Details")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_text("Why bread rises.")).to_be_visible()
    page.get_by_role("tab", name="Instructor").click()
    expect(page.get_by_role("tabpanel").get_by_role("link")).to_be_visible()
    page.get_by_role("tab", name="Curriculum").click()
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header stays at the top of the full-page shot
    screenshot(page, "player")

    with Session(get_engine(live_app.db_url)) as session:
        enrollment = session.exec(select(Enrollment).where(Enrollment.user_id == user.id)).one()
        done = session.exec(select(SectionProgress).where(SectionProgress.user_id == user.id)).all()
    assert enrollment.last_section_id is not None and len(done) == 1

    # Leave, come back: the player resumes at Lesson 2.
    page.get_by_role("link", name="My Courses").first.click()
    expect(page.get_by_test_id("course-progress")).to_have_text("1 of 3 sections", timeout=LOAD)
    page.goto(f"/order-complete/{course.id}")
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 2", timeout=LOAD)

    # Next section (a YouTube lesson, embedded without cookies, starting at once), then finish: My Courses shows
    # it completed.
    page.get_by_role("button", name="Next section").click()
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 3")
    expect(page.locator("iframe[title='Lesson 3']")).to_have_attribute(
        "src", "https://www.youtube-nocookie.com/embed/rfscVS0vtbw?enablejsapi=1&autoplay=1"
    )
    expect(page.get_by_label("Speed")).to_have_count(0)
    expect(page.get_by_role("button", name="Next section")).to_be_disabled()
    page.get_by_role("button", name="Mark as complete").click()
    expect(page.get_by_test_id("player-progress").last).to_have_text("2 of 3 sections")
    page.get_by_role("checkbox", name="Mark Lesson 1 complete").click()
    expect(page.get_by_test_id("player-progress").last).to_have_text("Completed · 3 of 3 sections")
    page.goto("/profile2")
    card = page.get_by_test_id("enrolled-course")
    expect(card.get_by_text("Completed")).to_be_visible(timeout=LOAD)
    expect(card.get_by_test_id("course-progress")).to_have_text("3 of 3 sections")
    screenshot(page, "my-courses")

    sign_in_storage(phone.context, live_app.db_url, user.email)
    phone.goto(f"/order-complete/{course.id}")
    expect(phone.get_by_test_id("now-playing")).to_be_visible(timeout=LOAD)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "player")
    phone.goto("/profile2")
    expect(phone.get_by_test_id("enrolled-course")).to_be_visible(timeout=LOAD)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "my-courses")


def test_my_courses_pages_six_at_a_time_and_points_newcomers_to_the_catalog(page, live_app):
    user, _ = _learner_with_course(live_app.db_url, courses=7)
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto("/profile2")
    expect(page.get_by_test_id("enrolled-course")).to_have_count(6, timeout=LOAD)
    page.get_by_role("button", name="Page 2").click()
    expect(page.get_by_test_id("enrolled-course")).to_have_count(1)
    # The page is in the URL: a reload stays on it, Back returns to the first.
    expect(page).to_have_url(re.compile(r"/profile2\?page=2$"))
    page.reload()
    expect(page.get_by_test_id("enrolled-course")).to_have_count(1, timeout=LOAD)
    expect(page.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/profile2$"))
    expect(page.get_by_test_id("enrolled-course")).to_have_count(6, timeout=LOAD)
    # A page past the end (an old link) shows the last page, and says so in the URL.
    page.goto("/profile2?page=9")
    expect(page.get_by_test_id("enrolled-course")).to_have_count(1, timeout=LOAD)
    expect(page).to_have_url(re.compile(r"/profile2\?page=2$"))

    newcomer, _ = _learner_with_course(live_app.db_url, enrolled=False, courses=0)
    context = page.context.browser.new_context(base_url=live_app.url)
    fresh = context.new_page()
    sign_in_storage(context, live_app.db_url, newcomer.email)
    fresh.goto("/profile2")
    expect(fresh.get_by_text("You have not enrolled in any course yet.")).to_be_visible(timeout=LOAD)
    expect(fresh.get_by_role("link", name="Browse courses")).to_have_attribute("href", "/categories")
    context.close()


def test_player_turns_away_learners_who_are_not_enrolled(page, live_app):
    user, (course,) = _learner_with_course(live_app.db_url, enrolled=False)
    sign_in_storage(page.context, live_app.db_url, user.email)
    # The message is a 2-second toast sent as soon as the page hydrates, which can be before the document's load
    # event (pictures still coming): watch from the first byte, as a person looking at the screen would.
    page.goto(f"/order-complete/{course.id}", wait_until="commit")
    expect(page.get_by_text("You are not enrolled in this course")).to_be_visible(timeout=LOAD)
    expect(page).to_have_url(re.compile(r"/profile2$"))

    page.goto("/order-complete/99999999")
    expect(page.get_by_role("alert").get_by_text("Course not found")).to_be_visible(timeout=LOAD)


def test_player_asks_visitors_to_log_in(page, live_app):
    _, (course,) = _learner_with_course(live_app.db_url, enrolled=False)
    page.goto(f"/order-complete/{course.id}", wait_until="commit")  # a 2-second toast: watch from the first byte
    expect(page.get_by_text("Please log in to access this course")).to_be_visible(timeout=LOAD)
    expect(page).to_have_url(re.compile(rf"/login\?next=/order-complete/{course.id}"))


def test_native_video_resumes_at_the_saved_position_and_completes_when_it_ends(page, live_app):
    user, (course,) = _learner_with_course(live_app.db_url)
    _set_video(live_app.db_url, course.id, None, DEMO_VIDEO)  # a real 10-second file from assets/
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto(f"/order-complete/{course.id}")
    page.wait_for_function("document.getElementById('lesson-video')?.readyState >= 1", timeout=LOAD)

    # Pausing saves the position; coming back seeks there once the video has loaded.
    page.evaluate("(() => { const v = document.getElementById('lesson-video'); v.currentTime = 6; v.pause(); })()")
    page.evaluate("document.getElementById('lesson-video').dispatchEvent(new Event('pause'))")
    wait_for(lambda: _enrollment(live_app.db_url, user.id).last_position_seconds == 6)
    page.reload()
    page.wait_for_function("document.getElementById('lesson-video')?.currentTime >= 5.5", timeout=LOAD)

    # Reaching the end marks the section complete.
    page.evaluate(
        "(() => { const v = document.getElementById('lesson-video'); v.muted = true; v.currentTime = 9.5; })()"
    )
    page.evaluate("document.getElementById('lesson-video').play()")
    expect(page.get_by_test_id("player-progress").last).to_have_text("1 of 3 sections", timeout=LOAD)
    expect(page.get_by_role("checkbox", name="Mark Lesson 1 complete")).to_be_checked()
    # A finished lesson plays from its start next time, not from its last second.
    wait_for(lambda: _enrollment(live_app.db_url, user.id).last_position_seconds == 0)
    page.reload()
    page.wait_for_function("document.getElementById('lesson-video')?.readyState >= 1", timeout=LOAD)
    page.wait_for_timeout(1000)  # time for a seek, if one were (wrongly) sent
    assert page.evaluate("document.getElementById('lesson-video').currentTime") < 1


def _set_video(db_url: str, course_id: int, title: str | None, url: str) -> None:
    """Point one section (by title), or every section, of a course at ``url``."""
    with Session(get_engine(db_url)) as session:
        for section in session.exec(select(Section).where(Section.course_id == course_id)).all():
            if title is None or section.title == title:
                section.video_url = url
                session.add(section)
        session.commit()


def _enrollment(db_url: str, user_id: int) -> Enrollment:
    with Session(get_engine(db_url)) as session:
        return session.exec(select(Enrollment).where(Enrollment.user_id == user_id)).one()


def test_a_youtube_lesson_completes_when_its_player_says_it_ended(page, live_app):
    user, (course,) = _learner_with_course(live_app.db_url)
    _set_video(live_app.db_url, course.id, None, "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto(f"/order-complete/{course.id}")
    frame = page.locator("iframe#youtube-lesson")
    expect(frame).to_have_attribute("src", re.compile(r"youtube-nocookie\.com/embed/dQw4w9WgXcQ\?enablejsapi=1"))
    checkbox = page.get_by_role("checkbox", name="Mark Lesson 1 complete")
    expect(checkbox).not_to_be_checked()

    # What the embedded player posts when the video ends (this machine has no YouTube; the page cannot tell).
    ended = "JSON.stringify({event: 'onStateChange', info: 0})"
    page.evaluate(
        f"window.dispatchEvent(new MessageEvent('message', {{origin: 'https://evil.example', data: {ended}}}))"
    )
    page.wait_for_timeout(1000)
    expect(checkbox).not_to_be_checked()  # only YouTube's own player is listened to
    youtube = "https://www.youtube-nocookie.com"
    page.evaluate(f"window.dispatchEvent(new MessageEvent('message', {{origin: '{youtube}', data: {ended}}}))")
    expect(page.get_by_test_id("player-progress").last).to_have_text("1 of 3 sections", timeout=LOAD)
    expect(checkbox).to_be_checked()


def test_a_chosen_section_starts_playing_but_a_resumed_visit_waits(page, live_app):
    user, (course,) = _learner_with_course(live_app.db_url)
    _set_video(live_app.db_url, course.id, None, DEMO_VIDEO)
    _set_video(live_app.db_url, course.id, "Lesson 3", "https://www.youtube.com/watch?v=rfscVS0vtbw")
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto(f"/order-complete/{course.id}")
    page.wait_for_function("document.getElementById('lesson-video')?.readyState >= 1", timeout=LOAD)
    # Opening the player shows the lesson ready to play; it does not start on its own.
    page.wait_for_timeout(1000)
    assert page.evaluate("document.getElementById('lesson-video').paused") is True

    # Clicking a section plays it.
    page.get_by_role("button", name=re.compile("Lesson 2")).click()
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 2")
    page.wait_for_function("document.getElementById('lesson-video')?.paused === false", timeout=LOAD)

    # Next section to a YouTube lesson asks the embedded player to start too.
    page.get_by_role("button", name="Next section").click()
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 3")
    expect(page.locator("iframe#youtube-lesson")).to_have_attribute("src", re.compile(r"enablejsapi=1&autoplay=1$"))

    # Coming back later resumes at Lesson 3 without starting it.
    page.reload()
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 3", timeout=LOAD)
    expect(page.locator("iframe#youtube-lesson")).to_have_attribute("src", re.compile(r"enablejsapi=1$"))


def test_a_link_that_is_neither_youtube_nor_a_video_file_plays_in_a_sandboxed_frame(page, live_app):
    vimeo = "https://player.vimeo.com/video/76979871"
    user, (course,) = _learner_with_course(live_app.db_url)
    _set_video(live_app.db_url, course.id, None, vimeo)
    page.route("https://player.vimeo.com/**", lambda route: route.abort())  # this machine has no internet
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto(f"/order-complete/{course.id}")
    expect(page.get_by_test_id("now-playing")).to_contain_text("Lesson 1", timeout=LOAD)

    area = page.get_by_test_id("video-area")
    frame = area.locator("iframe")
    expect(frame).to_have_count(1)
    expect(frame).to_have_attribute("src", vimeo)
    expect(frame).to_have_attribute("sandbox", re.compile(r"\ballow-scripts\b"))
    # Framed pages get scripts, never this site's origin (the learner's token lives in its storage).
    assert "allow-same-origin" not in frame.get_attribute("sandbox").split()
    expect(frame).not_to_have_attribute("id", "youtube-lesson")
    expect(area.locator("video")).to_have_count(0)


def test_choosing_a_lesson_far_down_the_list_on_a_phone_brings_the_video_into_view(phone, live_app):
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        user = make_user(session)
        course = make_course(session, title=f"Long Course {user.id}", sections=14)
        enroll(session, user, course)
    sign_in_storage(phone.context, live_app.db_url, user.email)
    phone.goto(f"/order-complete/{course.id}")
    expect(phone.get_by_test_id("now-playing")).to_contain_text("Lesson 1", timeout=LOAD)

    lesson = phone.get_by_role("button", name=re.compile(r"^14\.\s*Lesson 14"))
    lesson.scroll_into_view_if_needed()
    area = phone.get_by_test_id("video-area")
    assert area.bounding_box()["y"] + area.bounding_box()["height"] < 0  # the video is far above the screen
    lesson.click()
    expect(phone.get_by_test_id("now-playing")).to_contain_text("Lesson 14")
    # Wholly on screen, and not under the sticky header either.
    phone.wait_for_function(
        "(() => { const r = document.querySelector('[data-testid=video-area]').getBoundingClientRect();"
        " const top = document.querySelector('body header').getBoundingClientRect().bottom;"
        " return r.top >= top && r.bottom <= window.innerHeight; })()",
        timeout=5_000,
    )
    screenshot(phone, "player-lesson-chosen")


def test_a_demo_lesson_says_the_real_length_of_the_clip_it_plays(page, live_app):
    sign_in_storage(page.context, live_app.db_url, "ada@example.com")
    with Session(get_engine(live_app.db_url)) as session:
        enrollment = session.exec(select(Enrollment).where(Enrollment.user_id == _ada_id(session))).first()
        sections = session.exec(
            select(Section).where(Section.course_id == enrollment.course_id).order_by(Section.position)
        ).all()
    page.goto(f"/order-complete/{enrollment.course_id}")
    first = page.get_by_role("button", name=re.compile(re.escape(sections[0].title)))
    expect(first).to_contain_text("0:14", timeout=LOAD)
    first.click()
    page.wait_for_function("document.getElementById('lesson-video')?.readyState >= 1", timeout=LOAD)
    assert round(page.evaluate("document.getElementById('lesson-video').duration")) == 14
    # The next local lesson plays another clip, of its own length.
    local = [s for s in sections[1:] if s.video_url.startswith("/media/")]
    assert local and local[0].video_url != sections[0].video_url
    shown = f"0:{local[0].duration_seconds:02d}"
    expect(page.get_by_role("button", name=re.compile(re.escape(local[0].title)))).to_contain_text(shown)


def _ada_id(session: Session) -> int:
    return session.exec(select(User.id).where(User.email == "ada@example.com")).one()
