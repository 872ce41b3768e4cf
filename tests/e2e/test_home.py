"""Home as a visitor and as a learner sees it: statistics and categories counted from the database, top courses,
testimonials that scroll 350 px per step, the learner's own courses marked Enrolled with Watch Now, the See All
links and the Become an Instructor call to action; Continue learning at the top for the course watched last."""

import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, col, select

from marketplace import routes
from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Review
from marketplace.domain import catalog
from marketplace.domain.catalog_views import compact_count
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import HeldSocket, app_db, sign_in_storage
from tests.e2e.screens import shoot
from tests.factories import enroll, make_course, make_user

WAIT = 15_000  # ms: a busy two-core machine may take a while to draw a page


def test_home_shows_real_statistics_and_categories(page, live_app):
    with Session(get_engine(live_app.db_url)) as session:
        stats = catalog.catalog_stats(session)
        top = catalog.top_categories(session)
        first_course = catalog.top_courses(session)[0]
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    strip = page.get_by_test_id("stats")
    for value, label in (
        (stats.courses, "Courses"),
        (stats.instructors, "Expert Instructors"),
        (stats.learners, "Enrolled Learners"),
        (stats.categories, "Categories"),
    ):
        expect(strip).to_contain_text(f"{label}{compact_count(value)}")
    cards = page.get_by_test_id("category-card")
    expect(cards).to_have_count(4)
    for index, category in enumerate(top):
        expect(cards.nth(index)).to_contain_text(category.name)
        expect(cards.nth(index)).to_contain_text(f"{category.course_count} Courses")
    expect(page.get_by_test_id("course-card").first.get_by_role("heading")).to_have_text(first_course.title)
    expect(page.get_by_test_id("instructor-card")).to_have_count(4)
    hero = page.get_by_role("img", name=re.compile("learner at a laptop"))
    assert hero.get_attribute("width") == "960" and hero.get_attribute("loading") == "eager"
    shoot(page, "home")

    cards.first.click()
    expect(page).to_have_url(re.compile(r"/categories\?category=" + top[0].slug))
    expect(page.get_by_role("heading", name=f"{top[0].name} Courses")).to_be_visible()


def test_testimonials_scroll_350_px_per_step(page):
    page.goto("/")
    row = page.locator("#testimonials-row")
    expect(page.get_by_test_id("testimonial").first).to_be_visible()
    assert row.evaluate("el => el.scrollLeft") == 0
    page.get_by_role("button", name="Next testimonials").click()
    page.wait_for_function("document.getElementById('testimonials-row').scrollLeft >= 349")
    page.get_by_role("button", name="Previous testimonials").click()
    page.wait_for_function("document.getElementById('testimonials-row').scrollLeft === 0")


def test_learner_sees_own_courses_enrolled_with_watch_now(browser, live_app, base_url):
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        learner = make_user(session, first_name="Kemi", last_name="Home")
        top = catalog.top_courses(session)
        enroll(session, learner, session.get(Course, top[1].id))
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()
    page.goto("/")
    cards = page.get_by_test_id("course-card")
    expect(cards.nth(1)).to_contain_text("Enrolled")
    expect(cards.nth(1).get_by_role("link", name="Watch Now")).to_have_attribute("href", f"/order-complete/{top[1].id}")
    expect(cards.nth(0)).not_to_contain_text("Enrolled")
    context.close()


def test_home_on_a_phone_fits_the_screen(phone):
    phone.goto("/")
    expect(phone.get_by_test_id("course-card").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "home")


def test_each_see_all_link_opens_the_course_listing(page):
    page.goto("/")
    see_all = page.get_by_role("link", name=re.compile(r"^See all "))
    expect(see_all).to_have_count(3, timeout=WAIT)
    expect(see_all).to_have_text(["See All"] * 3)
    for section, label in (
        ("Top Categories", "See all categories"),
        ("Top Courses", "See all courses"),
        ("Top Instructors", "See all instructors"),
    ):
        page.goto("/")
        page.get_by_role("region", name=section).get_by_role("link", name=label).click()
        expect(page).to_have_url(re.compile(r"/categories/?$"), timeout=WAIT)
        expect(page.get_by_role("heading", name="All Courses", level=1)).to_be_visible(timeout=WAIT)
        expect(page.get_by_test_id("course-grid").get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)


def test_become_an_instructor_leads_to_what_teaching_here_means(page):
    page.goto("/")
    heading = page.get_by_role("heading", name="Become an Instructor", level=2)
    expect(heading).to_be_visible(timeout=WAIT)
    block = heading.locator("xpath=..")  # the heading, its text and its button
    expect(block).to_contain_text("Teach what you know to learners across Nigeria.")
    button = block.get_by_role("link", name="Start Teaching Today")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("href", routes.TEACH)
    button.click()
    expect(page).to_have_url(re.compile(rf"{routes.TEACH}/?$"), timeout=WAIT)
    expect(page.get_by_role("heading", name="What teaching here means", level=2)).to_be_visible(timeout=WAIT)
    # Drawn once the page's on_load has answered (who is asking): as long as the page on a busy machine.
    expect(page.get_by_role("main").get_by_role("link", name="Create account")).to_be_visible(timeout=WAIT)


def test_continue_learning_leads_back_to_the_course_watched_last(browser, live_app, base_url):
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        learner = make_user(session, first_name="Chidi", last_name="Resume")
        course = make_course(session, title=f"Soap Making at Home {learner.id}", sections=3)
        enroll(session, learner, course)
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    page = context.new_page()
    page.goto("/")
    expect(page.get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("region", name="Continue learning")).to_have_count(0)  # owned, never watched

    page.goto(f"/order-complete/{course.id}")  # watch: the player opens at the first lesson
    page.get_by_role("button", name="Mark as complete").click(timeout=WAIT)
    expect(page.get_by_test_id("player-progress").filter(visible=True)).to_have_text("1 of 3 sections", timeout=WAIT)

    page.goto("/")
    resume = page.get_by_role("region", name="Continue learning")
    expect(resume).to_be_visible(timeout=WAIT)
    expect(resume).to_contain_text(course.title)
    expect(resume).to_contain_text("Lesson: Lesson 1")
    expect(resume.get_by_test_id("continue-progress")).to_have_text("33% · 1 of 3 sections")
    expect(resume.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "33")
    hero = page.get_by_role("heading", level=1)
    assert resume.bounding_box()["y"] < hero.bounding_box()["y"]  # at the top of the page
    screenshot(page, "home-continue-learning")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(resume).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "home-continue-learning")

    resume.get_by_role("link", name=f"Resume {course.title}").click()
    expect(page).to_have_url(re.compile(rf"/order-complete/{course.id}$"), timeout=WAIT)
    context.close()


# Where each block below the hero starts (page coordinates): the three sections' headings and the footer.
_PLACES = """() => {
    const top = (el) => Math.round(el.getBoundingClientRect().top + window.scrollY);
    const headings = ["Top Categories", "Top Courses", "Top Instructors"].map(
        (name) => [...document.querySelectorAll("h2")].find((h) => h.textContent.trim() === name));
    return [...headings.map(top), top(document.querySelector("footer"))];
}"""


def _held_home_places(browser, base_url, width: int) -> tuple[list[int], list[int]]:
    """The blocks' places on / while its catalog is held back, and once it has come."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        line = HeldSocket(page, lambda text: '"name"' in text)
        page.goto("/")
        line.wait_until_held(page, lambda text: "hydrate_and_load" in text)
        expect(page.get_by_role("status").filter(has_text="Loading courses...")).to_have_count(1)
        expect(page.get_by_test_id("course-card")).to_have_count(0)
        waiting = page.evaluate(_PLACES)
        line.release()
        expect(page.get_by_test_id("course-card")).to_have_count(4, timeout=WAIT)
        expect(page.get_by_test_id("instructor-card")).to_have_count(4, timeout=WAIT)
        expect(page.get_by_test_id("testimonial").first).to_be_visible(timeout=WAIT)
        page.wait_for_timeout(300)  # the pictures' boxes are set by their size attributes: nothing else to come
        return waiting, page.evaluate(_PLACES)
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_home_blocks_keep_their_place_when_the_catalog_arrives(browser, base_url, width):
    # The page paints before its catalog arrives over the websocket (held here, as on a slow network): the sections
    # wait with grey cards of the real cards' size, so a learner who scrolled or reached for a See All link does not
    # see the page jump under their finger when the cards come in.
    waiting, loaded = _held_home_places(browser, base_url, width)
    assert loaded == pytest.approx(waiting, abs=2), waiting


@contextmanager
def _every_row_changed(live_app, model, field: str, value, where=None):
    """Every row of ``model`` (those ``where`` picks) with ``field`` set to ``value(row)`` while the block runs, then
    as it was (published on Redis: the app forgets the home blocks each time)."""
    with app_db(live_app) as session:
        rows = session.exec(select(model).where(where) if where is not None else select(model)).all()
        kept = {row.id: getattr(row, field) for row in rows}
        for row in rows:
            setattr(row, field, value(row))
            session.add(row)
        session.commit()
    try:
        yield
    finally:
        with app_db(live_app) as session:
            for row in session.exec(select(model).where(col(model.id).in_(list(kept)))).all():
                setattr(row, field, kept[row.id])
                session.add(row)
            session.commit()


def test_short_testimonials_keep_the_rows_place(browser, base_url, live_app):
    # The grey testimonials hold five lines of comment; when every quoted review is short, the row keeps that
    # height all the same, so the footer below it does not move up when they come.
    short = "Clear lessons; I use them at work."
    with _every_row_changed(live_app, Review, "comment", lambda _review: short, Review.target_type == "Course"):
        waiting, loaded = _held_home_places(browser, base_url, 390)
    assert loaded == pytest.approx(waiting, abs=2), waiting


@pytest.mark.parametrize("width", [390, 1280])
def test_short_course_titles_keep_the_blocks_place(browser, base_url, live_app, width):
    # A course card keeps two lines for its title, as its grey card does: a row of one-line titles (short names,
    # or a wide screen) does not leave what follows it higher than it waited, when the cards come.
    with _every_row_changed(live_app, Course, "title", lambda course: f"Excel {course.id}"):
        waiting, loaded = _held_home_places(browser, base_url, width)
    assert loaded == pytest.approx(waiting, abs=2), waiting
