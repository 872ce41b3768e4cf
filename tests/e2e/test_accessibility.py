"""Every page checked with axe-core at phone and desktop width: no serious or critical violations.

Public pages are checked signed out, private pages signed in as the demo learner. axe-core is bundled with
axe-playwright-python, so nothing is fetched from the internet. Moderate and minor findings are printed (run with
-s to read them) but do not fail the test.
"""

from __future__ import annotations

import contextlib
import uuid

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Enrollment, Instructor
from marketplace.domain import cart
from tests.e2e.helpers import DEMO_INSTRUCTOR, DEMO_LEARNER, sign_in_storage, user_by_email
from tests.factories import make_user

WIDTHS = (390, 1280)
FAILING_IMPACTS = ("serious", "critical")

# Paths with {placeholders} filled from the live database (see `demo_ids`).
PUBLIC_PAGES = (
    "/",
    "/categories",
    "/courses?category=design",
    "/courses/{course_id}",
    "/teacher/{instructor_id}",
    "/mentors/{instructor_id}",
    "/login",
    "/register",
    "/forgot-password",
    "/faq",
    "/teach",
    "/does-not-exist",
)
SIGNED_IN_PAGES = (
    "/cart",
    "/checkout",
    "/profile",
    "/profile1",
    "/profile2",
    "/profile3",
    "/profile4",
    "/profile5",
    "/profile5/{teacher_user_id}",
    "/order-complete/{enrolled_course_id}",
    "/notifications",
    "/teach",
)

# A learner with courses in the cart and saved for later sees these filled, not empty.
FILLED_PAGES = ("/cart", "/checkout", "/profile")

# Toasts are left out: they come and go while axe runs, and Reflex's own "An error occurred." toast (shown when a
# handler raises on the busy shared machine) has framework colours; the app's toasts use the plain light theme.
AXE_CONTEXT = {"exclude": [["[data-sonner-toaster]"]]}

_axe = Axe()


@pytest.fixture(scope="module")
def demo_ids(live_app) -> dict[str, int]:
    """Ids of a demo course, an instructor (and their user) and one of Ada's enrolled courses."""
    ada = user_by_email(live_app.db_url, DEMO_LEARNER[0])
    with Session(get_engine(live_app.db_url)) as session:
        instructor = session.exec(select(Instructor).order_by(Instructor.id)).first()
        course = session.exec(select(Course).order_by(Course.id)).first()
        enrolled = session.exec(
            select(Enrollment.course_id).where(Enrollment.user_id == ada.id).order_by(Enrollment.id)
        ).first()
        return {
            "course_id": course.id,
            "instructor_id": instructor.id,
            "teacher_user_id": instructor.user_id,
            "enrolled_course_id": enrolled,
        }


@pytest.fixture(scope="module")
def buyer(live_app) -> str:
    """A fresh learner with two courses in the cart and one saved for later (Ada's cart is left alone)."""
    name = f"axe{uuid.uuid4().hex[:8]}"
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        user = make_user(session, email=f"{name}@example.com", username=name, first_name="Kemi", last_name="Adeyemi")
        courses = session.exec(select(Course).order_by(Course.id).offset(10).limit(3)).all()
        for course in courses:
            cart.add_to_cart(session, user_id=user.id, course_id=course.id)
        cart.save_for_later(session, user_id=user.id, course_id=courses[-1].id)
        session.commit()
    return user.email


@pytest.fixture(scope="module")
def contexts(browser, base_url, live_app, buyer):
    """One browser context per (who, width), shared by the pages of that group to keep the run quick.

    ``who`` is "visitor" (signed out), "ada" (the demo learner), "buyer" (a learner with a full cart) or
    "tunde" (the demo instructor).
    """
    made: dict[tuple[str, int], object] = {}
    emails = {"ada": DEMO_LEARNER[0], "buyer": buyer, "tunde": DEMO_INSTRUCTOR[0]}

    def get(who: str, width: int):
        key = (who, width)
        if key not in made:
            context = browser.new_context(
                base_url=base_url, viewport={"width": width, "height": 844}, is_mobile=width < 768
            )
            if who in emails:
                sign_in_storage(context, live_app.db_url, emails[who])
            made[key] = context
        return made[key]

    yield get
    for context in made.values():
        context.close()


def _summary(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        targets = [", ".join(map(str, node["target"])) for node in violation["nodes"][:4]]
        first = violation["nodes"][0]
        detail = " ".join(str(first.get("failureSummary", "")).split())
        lines.append(
            f"  [{violation['impact']}] {violation['id']}: {violation['help']} "
            f"({len(violation['nodes'])} nodes) -> {' | '.join(targets)}\n"
            f"      first: {first.get('html', '')[:160]}\n      why: {detail[:300]}"
        )
    return "\n".join(lines)


def _open(context, path: str) -> Page:
    page = context.new_page()
    page.goto(path)
    expect(page.locator("main h1").first).to_be_visible(timeout=30_000)
    # Lists load after the heading: wait until no loading indicator (a spinner, or grey cards) is left. A page that
    # keeps one is checked as is.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(
            "!document.querySelector('main [role=status] :is(.animate-spin, .animate-pulse)')", timeout=10_000
        )
    return page


def _audit(page: Page, what: str) -> None:
    violations = _axe.run(page, context=AXE_CONTEXT).response["violations"]
    if violations:
        print(f"\naxe findings on {what}:\n{_summary(violations)}")
    failing = [v for v in violations if v["impact"] in FAILING_IMPACTS]
    assert not failing, f"axe: serious/critical violations on {what}:\n{_summary(failing)}"


def _check(context, path: str, width: int) -> None:
    page = _open(context, path)
    try:
        _audit(page, f"{path} at {width} px")
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_page_has_no_serious_axe_violations(contexts, demo_ids, path, width):
    _check(contexts("visitor", width), path.format(**demo_ids), width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", SIGNED_IN_PAGES)
def test_signed_in_page_has_no_serious_axe_violations(contexts, demo_ids, path, width):
    _check(contexts("ada", width), path.format(**demo_ids), width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", FILLED_PAGES)
def test_page_with_a_full_cart_has_no_serious_axe_violations(contexts, path, width):
    _check(contexts("buyer", width), path, width)


def test_open_phone_menu_and_search_results_have_no_serious_axe_violations(contexts):
    page = _open(contexts("visitor", 390), "/faq")
    try:
        page.get_by_label("Menu").click()
        page.get_by_label("Search courses").first.fill("design")
        expect(page.get_by_role("option").first).to_be_visible(timeout=15_000)
        _audit(page, "/faq with the phone menu and search results open")
    finally:
        page.close()


def test_open_account_menu_and_search_results_have_no_serious_axe_violations(contexts):
    page = _open(contexts("ada", 1280), "/faq")
    try:
        page.get_by_label("Account menu").click()
        expect(page.get_by_role("link", name="My Courses").first).to_be_visible()
        _audit(page, "/faq with the account menu open")
        page.keyboard.press("Escape")
        page.get_by_label("Search courses").first.fill("design")
        expect(page.get_by_role("option").first).to_be_visible(timeout=15_000)
        _audit(page, "/faq with the desktop search results open")
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_reply_form_of_an_instructor_has_no_serious_axe_violations(contexts, live_app, width):
    """The course page as its instructor sees it, with the Reply form under a review open."""
    tunde = user_by_email(live_app.db_url, DEMO_INSTRUCTOR[0])
    with Session(get_engine(live_app.db_url)) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == tunde.id)).one()
        course = session.exec(
            select(Course).where(Course.instructor_id == instructor.id, Course.review_count > 0).order_by(Course.id)
        ).first()
    page = _open(contexts("tunde", width), f"/courses/{course.id}")
    try:
        reviews = page.get_by_test_id("course-reviews")
        reviews.get_by_text("Reply", exact=True).first.click(timeout=15_000)
        expect(reviews.get_by_label("Your reply to").first).to_be_visible()
        _audit(page, f"/courses/{course.id} with a Reply form open at {width} px")
    finally:
        page.close()
