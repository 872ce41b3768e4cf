"""The instructor studio in a real browser: an instructor writes a course from its title to publishing (autosave
status, a refused price, sections added, renamed, moved and removed, a YouTube link, a thumbnail, publish refused
with each missing piece, then published); learners are sent to /teach; another instructor cannot open the editor;
a course with learners cannot be deleted, an empty draft can."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, CourseCategory, Instructor, Section, User
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage, wait_for
from tests.e2e.test_chat import new_person, open_as
from tests.factories import enroll, make_course

pytestmark = pytest.mark.usefixtures("patient_expect")

SAVE_STATUS = re.compile(r'"save_status_rx_state_":"(\w*)"')
EDITOR_URL = re.compile(r"/studio/courses/(\d+)/?$")
MISSING = (
    "Add a description",
    "Upload a thumbnail",
    "Add at least one lesson with a playable video",
    "Set a price (0 makes the course free)",
)


def course_in_db(db_url: str, course_id: int) -> Course:
    """The course as the database holds it now."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return session.get(Course, course_id)


def section_titles(db_url: str, course_id: int) -> list[str]:
    """The course's section titles in their order."""
    with Session(get_engine(db_url)) as session:
        rows = session.exec(select(Section).where(Section.course_id == course_id).order_by(Section.position)).all()
        return [row.title for row in rows]


def png_bytes(width: int = 800, height: int = 450) -> bytes:
    """A real PNG picture made here (a blue-to-green gradient)."""
    picture = Image.new("RGB", (width, height))
    for x in range(0, width, 8):
        picture.paste((20, 80 + x * 150 // width, 200 - x * 150 // width), (x, 0, x + 8, height))
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


def saved(page: Page):
    """The autosave status saying everything is saved."""
    return expect(page.get_by_test_id("save-status")).to_have_text("All changes saved")


def create_course(page: Page, title: str) -> int:
    """From /studio/courses/new: name the course, land in its editor, return its id."""
    page.get_by_label("Course title").fill(title)
    page.get_by_role("button", name="Create course").click()
    expect(page).to_have_url(EDITOR_URL)
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    return int(EDITOR_URL.search(page.url).group(1))


def add_section(page: Page, title: str) -> None:
    """Type a section title in the add box and press Add section."""
    before = page.get_by_test_id("studio-section").count()
    page.get_by_label("New section title").fill(title)
    page.get_by_role("button", name="Add section").click()
    expect(page.get_by_test_id("studio-section")).to_have_count(before + 1)


def test_an_instructor_writes_and_publishes_a_course(page: Page, live_app):
    teacher = new_person(live_app.db_url, "Kemi", teacher=True)
    sign_in_storage(page.context, live_app.db_url, teacher.email)
    statuses: list[str] = []  # every autosave status the server sends (Saving… may be drawn too briefly to see)
    note = lambda frame: statuses.extend(SAVE_STATUS.findall(str(frame)))  # noqa: E731 - frames may be bytes
    page.on("websocket", lambda ws: ws.on("framereceived", note))
    page.goto("/studio")
    expect(page.get_by_text("You have no courses yet")).to_be_visible()
    page.get_by_role("link", name="Create your first course").click()
    course_id = create_course(page, "Bookkeeping for market traders")
    assert course_in_db(live_app.db_url, course_id).status == "draft"

    # Publishing an empty draft names every missing piece, each as a list item.
    page.get_by_role("button", name="Publish", exact=True).click()
    missing = page.get_by_role("list", name="Missing before publishing")
    expect(missing.get_by_role("listitem")).to_have_text(list(MISSING))
    assert course_in_db(live_app.db_url, course_id).status == "draft"

    # A field saves when typing pauses, without leaving it: Saving…, then All changes saved.
    statuses.clear()
    description = page.get_by_label("Description")
    description.click()
    description.press_sequentially("Keep clean books for your stall in an exercise book and on your phone.")
    saved(page)
    for _ in range(50):  # Playwright delivers frames while the page is waited on, not during time.sleep
        if statuses[-2:] == ["saving", "saved"]:
            break
        page.wait_for_timeout(200)
    assert statuses[-2:] == ["saving", "saved"], statuses
    wait_for(lambda: course_in_db(live_app.db_url, course_id).description.startswith("Keep clean books"))
    assert description.evaluate("el => el === document.activeElement")

    # ...and when left.
    page.get_by_label("Subtitle").fill("Daily sales, stock and profit")
    page.get_by_label("What you'll learn").fill("Record daily sales\nCount stock\n\nWork out profit")
    page.get_by_label("Level").select_option("Intermediate")
    saved(page)
    page.get_by_label("Language").select_option("Yoruba")
    saved(page)
    page.get_by_label("Business", exact=True).check()
    saved(page)
    # The list box was never left: its typing pause saves it, blank lines dropped.
    wanted = (
        "Daily sales, stock and profit",
        ["Record daily sales", "Count stock", "Work out profit"],
        "Intermediate",
        "Yoruba",
    )

    def details_saved() -> bool:
        course = course_in_db(live_app.db_url, course_id)
        return (course.subtitle, course.learn, course.level, course.language) == wanted

    def categories_saved() -> bool:
        with Session(get_engine(live_app.db_url)) as session:
            return bool(session.exec(select(CourseCategory).where(CourseCategory.course_id == course_id)).all())

    wait_for(details_saved)
    wait_for(categories_saved)

    # A refused price: the message beside the box and in the status; nothing saved.
    price = page.get_by_label("Price (₦)")
    price.fill("fifteen thousand")
    price.blur()
    expect(page.get_by_test_id("save-status")).to_contain_text("Not saved: Enter the price in naira")
    expect(price).to_have_accessible_description(re.compile("Enter the price in naira"))
    assert not course_in_db(live_app.db_url, course_id).price_set
    price.fill("15,000.50")
    price.blur()
    saved(page)
    expect(price).not_to_have_attribute("aria-invalid", "true")
    assert course_in_db(live_app.db_url, course_id).price_kobo == 1_500_050

    # Sections: added, renamed, moved, a YouTube link (a bad one refused), a duration, one removed.
    add_section(page, "Why keep books")
    add_section(page, "Your first ledger")
    add_section(page, "Scratch notes")
    sections = page.get_by_test_id("studio-section")
    first_title = sections.nth(0).get_by_label("Section title")
    first_title.fill("Why keeping books pays")
    first_title.blur()
    saved(page)
    page.get_by_role("button", name="Move section 2 up").click()
    expect(sections.nth(0).get_by_label("Section title")).to_have_value("Your first ledger")
    expect(sections.nth(1).get_by_label("Section title")).to_have_value("Why keeping books pays")
    wait_for(
        lambda: (
            section_titles(live_app.db_url, course_id)
            == ["Your first ledger", "Why keeping books pays", "Scratch notes"]
        )
    )
    link = sections.nth(0).get_by_label("YouTube link")
    link.fill("https://vimeo.com/123")
    link.blur()
    expect(link).to_have_accessible_description(re.compile("Paste a YouTube link"))
    link.fill("https://youtu.be/dQw4w9WgXcQ")
    link.blur()
    saved(page)
    duration = sections.nth(0).get_by_label("Duration (mm:ss)")
    duration.fill("7:3")
    duration.blur()
    expect(duration).to_have_accessible_description("Enter the length as mm:ss, like 12:30.")
    duration.fill("7:30")
    duration.blur()
    saved(page)
    sections.nth(0).get_by_label(re.compile("Free preview")).check()
    saved(page)
    page.get_by_role("button", name="Remove section 3").click()
    page.get_by_role("button", name="Yes, remove").click()
    expect(sections).to_have_count(2)
    with Session(get_engine(live_app.db_url)) as session:
        first = session.exec(select(Section).where(Section.course_id == course_id).order_by(Section.position)).first()
        assert (first.title, first.video_url, first.duration_seconds, first.is_preview) == (
            "Your first ledger",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            450,
            True,
        )
    assert section_titles(live_app.db_url, course_id) == ["Your first ledger", "Why keeping books pays"]

    # Still missing: the thumbnail, named alone.
    page.get_by_role("button", name="Publish", exact=True).click()
    expect(missing.get_by_role("listitem")).to_have_text(["Upload a thumbnail"])

    page.get_by_label("Thumbnail file").set_input_files(
        {"name": "cover.png", "mimeType": "image/png", "buffer": png_bytes()}
    )
    thumbnail = page.get_by_role("img", name="Course thumbnail")
    expect(thumbnail).to_have_attribute("src", re.compile(r"/api/media/images/[0-9a-f-]+\.webp"))
    expect(thumbnail).to_have_js_property("complete", True)
    assert thumbnail.evaluate("img => img.naturalWidth") > 0

    page.evaluate("window.scrollTo(0, 0)")  # the sticky header is drawn where the window was scrolled
    screenshot(page, "studio-editor")
    page.get_by_role("button", name="Publish", exact=True).click()
    expect(page.get_by_test_id("editor-status")).to_have_text("Published")
    expect(missing).to_have_count(0)
    assert course_in_db(live_app.db_url, course_id).status == "published"

    page.get_by_role("link", name="My courses").click()
    row = page.get_by_test_id("studio-course").filter(has_text="Bookkeeping for market traders")
    expect(row.get_by_test_id("course-status")).to_have_text("Published")
    expect(row).to_contain_text("₦0")
    expect(row.get_by_role("link", name="View on site")).to_have_attribute("href", f"/courses/{course_id}")
    screenshot(page, "studio-courses")


def test_the_studio_on_a_phone(phone: Page, live_app):
    teacher = new_person(live_app.db_url, "Tobi", teacher=True)
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        course = make_course(session, instructor=instructor, title="Phone photography basics")
    sign_in_storage(phone.context, live_app.db_url, teacher.email)
    phone.goto("/studio")
    expect(phone.get_by_test_id("studio-course")).to_have_count(1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "studio-courses")
    phone.get_by_role("link", name="Edit").click()
    expect(phone.get_by_label("Title", exact=True)).to_have_value("Phone photography basics")
    expect(phone.get_by_test_id("studio-section")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "studio-editor")
    assert course.id


def test_learners_are_sent_to_teach_and_guests_to_log_in(page: Page, live_app):
    page.goto("/studio")
    expect(page).to_have_url(re.compile(r"/login\?next=%2Fstudio|/login\?next=/studio"))
    learner = new_person(live_app.db_url, "Uche")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/studio")
    expect(page).to_have_url(re.compile(r"/teach/?$"))
    page.goto("/studio/courses/new")
    expect(page).to_have_url(re.compile(r"/teach/?$"))


def test_another_instructor_cannot_open_the_editor(browser: Browser, live_app):
    owner = new_person(live_app.db_url, "Bisi", teacher=True)
    other = new_person(live_app.db_url, "Femi", teacher=True)
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == owner.id)).one()
        course = make_course(session, instructor=instructor, title="Bisi's private draft", status="draft")
    page = open_as(browser, live_app, other, f"/studio/courses/{course.id}")
    expect(page.get_by_role("alert")).to_have_text("This course is not yours, so you cannot edit it.")
    expect(page.get_by_label("Title", exact=True)).to_have_count(0)
    expect(page.get_by_text("Bisi's private draft")).to_have_count(0)
    page.goto("/studio")
    expect(page.get_by_text("You have no courses yet")).to_be_visible()
    page.context.close()


def test_a_course_with_learners_cannot_be_deleted_an_empty_draft_can(page: Page, live_app):
    teacher = new_person(live_app.db_url, "Ngozi", teacher=True)
    learner = new_person(live_app.db_url, "Sade")
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        taught = make_course(session, instructor=instructor, title="Soap making at home")
        enroll(session, session.get(User, learner.id), taught)
        draft = make_course(session, instructor=instructor, title="Unfinished idea", status="draft", sections=0)
    sign_in_storage(page.context, live_app.db_url, teacher.email)
    page.goto("/studio")
    taught_row = page.get_by_test_id("studio-course").filter(has_text="Soap making at home")
    taught_row.get_by_role("button", name="Delete").click()
    taught_row.get_by_role("button", name="Yes, delete").click()
    expect(taught_row.get_by_role("alert")).to_have_text("This course has learners enrolled; unpublish it instead.")
    assert course_in_db(live_app.db_url, taught.id) is not None

    draft_row = page.get_by_test_id("studio-course").filter(has_text="Unfinished idea")
    expect(draft_row.get_by_test_id("course-status")).to_have_text("Draft")
    draft_row.get_by_role("button", name="Delete").click()
    draft_row.get_by_role("button", name="Keep it").click()
    expect(draft_row).to_be_visible()
    draft_row.get_by_role("button", name="Delete").click()
    draft_row.get_by_role("button", name="Yes, delete").click()
    expect(page.get_by_test_id("studio-course")).to_have_count(1)
    assert course_in_db(live_app.db_url, draft.id) is None

    taught_row.get_by_role("button", name="Unpublish").click()
    expect(taught_row.get_by_test_id("course-status")).to_have_text("Unpublished")
    assert course_in_db(live_app.db_url, taught.id).status == "unpublished"
