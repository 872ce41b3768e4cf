"""Reviews in a browser: the form's messages, posting, the five-per-target limit, text-only comments, My Reviews."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Instructor, User
from marketplace.domain.review_writing import add_review
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import reviewed_course, sign_in_storage
from tests.e2e.test_chat import LIVE, new_person, open_as
from tests.factories import enroll, make_category, make_course, make_user

LOAD = 20_000
# A <script> put in as HTML never runs, but an <img onerror> does: if the comment were rendered as HTML, the
# dialog check below would catch it.
SCRIPT_COMMENT = "<script>alert(1)</script><img src=x onerror=alert(2)> Clear lessons"


pytestmark = pytest.mark.usefixtures("patient_expect")


def _enrolled_learner(db_url: str, courses: int = 1):
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        user = make_user(session)
        made = [make_course(session, title=f"Soap Making {user.id}-{n}") for n in range(courses)]
        for course in made:
            enroll(session, user, course)
    return user, made


def _post_directly(db_url: str, user_id: int, course_id: int, times: int, comment: str = "Good") -> None:
    with Session(get_engine(db_url)) as session:
        for n in range(times):
            add_review(
                session,
                author_id=user_id,
                target_type="Course",
                target_id=course_id,
                rating=5,
                comment=f"{comment} {n}",
            )
        session.commit()


def test_review_form_messages_post_and_the_sixth_refused(page, live_app):
    user, (course,) = _enrolled_learner(live_app.db_url)
    sign_in_storage(page.context, live_app.db_url, user.email)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    page.goto(f"/order-complete/{course.id}")
    page.get_by_role("tab", name="Reviews").click(timeout=LOAD)
    form = page.get_by_test_id("review-form")
    expect(page.get_by_text("No reviews available")).to_be_visible()

    submit = form.get_by_role("button", name="Submit review")
    submit.click()
    expect(form.get_by_test_id("review-error")).to_have_text("Please add a rating!")
    form.get_by_title("4 stars").click()
    expect(form.get_by_label("4 stars")).to_be_checked()
    submit.click()
    expect(form.get_by_test_id("review-error")).to_have_text("Please add a comment!")
    form.get_by_label("Your review").fill("   ")
    submit.click()
    expect(form.get_by_test_id("review-error")).to_have_text("Please add a comment!")

    form.get_by_label("Your review").fill(SCRIPT_COMMENT)
    submit.click()
    expect(page.get_by_text("Thank you! Your review was posted.")).to_be_visible()
    review = page.get_by_test_id("review").first
    expect(review).to_contain_text(SCRIPT_COMMENT)  # shown as text, never run
    expect(review.locator("script, img[src='x']")).to_have_count(0)
    expect(page.get_by_test_id("average-rating")).to_have_text("4.0")
    expect(page.get_by_test_id("player-rating")).to_have_text("4.0")
    # The form starts afresh.
    expect(form.get_by_label("Your review")).to_have_value("")
    expect(form.get_by_label("4 stars")).not_to_be_checked()
    assert dialogs == []

    _post_directly(live_app.db_url, user.id, course.id, 4)
    form.get_by_title("5 stars").click()
    form.get_by_label("Your review").fill("Once more")
    submit.click()
    expect(form.get_by_test_id("review-error")).to_have_text("You have already reviewed this target 5 times.")
    expect(form.get_by_label("Your review")).to_have_value("Once more")
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header stays at the top of the full-page shot
    screenshot(page, "review-form")


def test_course_page_form_says_who_may_review_and_shows_the_new_rating(page, browser, live_app):
    learner, (course,) = _enrolled_learner(live_app.db_url)
    page.goto(f"/courses/{course.id}")
    form = page.get_by_test_id("review-form")
    form.get_by_title("3 stars").click(timeout=LOAD)
    form.get_by_label("Your review").fill("Nice")
    form.get_by_role("button", name="Submit review").click()
    expect(form.get_by_test_id("review-error")).to_have_text("You must be logged in to submit a review.")

    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        stranger = make_user(session)
    sign_in_storage(page.context, live_app.db_url, stranger.email)
    page.goto(f"/courses/{course.id}")
    form.get_by_title("3 stars").click(timeout=LOAD)
    form.get_by_label("Your review").fill("Nice")
    form.get_by_role("button", name="Submit review").click()
    expect(form.get_by_test_id("review-error")).to_have_text("Only learners enrolled in this course can review it.")

    context = browser.new_context(base_url=live_app.url)
    mine = context.new_page()
    sign_in_storage(context, live_app.db_url, learner.email)
    mine.goto(f"/courses/{course.id}")
    form = mine.get_by_test_id("review-form")
    form.get_by_title("2 stars").click(timeout=LOAD)
    form.get_by_label("Your review").fill("Too fast for me.")
    form.get_by_role("button", name="Submit review").click()
    expect(mine.get_by_test_id("course-reviews")).to_contain_text("Too fast for me.")
    expect(mine.get_by_test_id("average-rating")).to_have_text("2.0")
    expect(mine.get_by_test_id("review-total")).to_have_text("1 review")
    context.close()


def test_a_review_posted_in_the_browser_rings_the_teachers_bell_at_once(browser, live_app):
    teacher = new_person(live_app.db_url, "Kemi", teacher=True)
    learner = new_person(live_app.db_url, "Uche")
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        course = make_course(session, instructor=instructor, title=f"Beadwork {teacher.id}")
        enroll(session, session.get(User, learner.id), course)
    teacher_page = open_as(browser, live_app, teacher, "/profile5")
    expect(teacher_page.get_by_text("No conversations yet")).to_be_visible(timeout=LOAD)
    bell = teacher_page.get_by_test_id("bell-count")
    expect(bell).to_have_count(0)

    learner_page = open_as(browser, live_app, learner, f"/courses/{course.id}")
    form = learner_page.get_by_test_id("review-form")
    form.get_by_title("4 stars").click(timeout=LOAD)
    form.get_by_label("Your review").fill("Patient teacher, clear steps.")
    form.get_by_role("button", name="Submit review").click()
    expect(learner_page.get_by_test_id("course-reviews")).to_contain_text("Patient teacher, clear steps.")

    # The teacher, on another page, sees the bell count the review without a reload.
    expect(bell).to_have_text("1", timeout=LIVE)
    teacher_page.get_by_role("link", name="Notifications").click()
    expect(teacher_page.get_by_test_id("notification").first).to_contain_text(
        f"Uche Bello reviewed your course {course.title} (4/5)."
    )
    learner_page.context.close()
    teacher_page.context.close()


def test_my_reviews_lists_four_per_page_newest_first_with_links(page, phone, live_app):
    user, courses = _enrolled_learner(live_app.db_url, courses=2)
    _post_directly(live_app.db_url, user.id, courses[0].id, 4, comment="Older")
    _post_directly(live_app.db_url, user.id, courses[1].id, 1, comment="Newest")
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto("/profile3")
    items = page.get_by_test_id("my-review")
    expect(items).to_have_count(4, timeout=LOAD)
    expect(items.first).to_contain_text("Newest 0")
    expect(items.first.get_by_role("link", name=courses[1].title)).to_have_attribute(
        "href", f"/courses/{courses[1].id}"
    )
    screenshot(page, "my-reviews")
    page.get_by_role("button", name="Page 2").click()
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Older 0")
    items.first.get_by_role("link", name=courses[0].title).click()
    expect(page).to_have_url(re.compile(rf"/courses/{courses[0].id}$"))

    sign_in_storage(phone.context, live_app.db_url, user.email)
    phone.goto("/profile3")
    expect(phone.get_by_test_id("my-review")).to_have_count(4, timeout=LOAD)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "my-reviews")
    phone.goto(f"/order-complete/{courses[0].id}")
    phone.get_by_role("tab", name="Reviews").click(timeout=LOAD)
    expect(phone.get_by_test_id("review-form")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.evaluate("window.scrollTo(0, 0)")
    screenshot(phone, "review-form")


def test_mentor_review_from_a_learner_of_theirs_updates_the_mentor_page(page, live_app):
    user, (course,) = _enrolled_learner(live_app.db_url)
    sign_in_storage(page.context, live_app.db_url, user.email)
    page.goto(f"/mentors/{course.instructor_id}")
    form = page.get_by_test_id("review-form")
    form.get_by_title("5 stars").click(timeout=LOAD)
    form.get_by_label("Your review").fill("Explains slowly and clearly.")
    form.get_by_role("button", name="Submit review").click()
    expect(page.get_by_text("Thank you! Your review was posted.")).to_be_visible()
    expect(page.get_by_test_id("mentor-reviews")).to_contain_text("Explains slowly and clearly.")
    expect(page.get_by_test_id("average-rating")).to_have_text("5.0")

    page.goto("/profile3")
    item = page.get_by_test_id("my-review").first
    expect(item).to_contain_text("Mentor", timeout=LOAD)
    expect(item.get_by_role("link")).to_have_attribute("href", f"/mentors/{course.instructor_id}")


def _learners_in(db_url: str, course, count: int) -> list:
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        learners = [make_user(session) for _ in range(count)]
        for learner in learners:
            enroll(session, learner, course)
    return learners


def test_the_course_page_pages_through_older_reviews(page, live_app):
    _, (course,) = _enrolled_learner(live_app.db_url)
    learners = _learners_in(live_app.db_url, course, 12)
    for n, learner in enumerate(learners):  # 12 learners' reviews, oldest first: Review 0 ... Review 11
        _post_directly(live_app.db_url, learner.id, course.id, 1, comment=f"Review {n}-")
    page.goto(f"/courses/{course.id}")
    reviews = page.get_by_test_id("course-reviews")
    expect(reviews.get_by_text("Review 11- 0")).to_be_visible()  # the newest
    expect(reviews.get_by_text("Review 0- 0")).to_have_count(0)  # the oldest is on page 2
    section = page.locator("#reviews")
    section.get_by_role("button", name="Page 2").click()
    expect(reviews.get_by_text("Review 0- 0")).to_be_visible()
    expect(reviews.get_by_text("Review 1- 0")).to_be_visible()
    expect(reviews.get_by_text("Review 11- 0")).to_have_count(0)
    expect(section.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")


def test_the_instructor_replies_to_a_review_and_the_learner_is_told(browser, live_app):
    teacher = new_person(live_app.db_url, "Tobi", teacher=True)
    learner = new_person(live_app.db_url, "Sade")
    course = reviewed_course(live_app.db_url, teacher, learner, rating=4, comment="Fun")

    # The learner sees their review, with no Reply control of their own.
    learner_page = open_as(browser, live_app, learner, f"/courses/{course.id}")
    reviews = learner_page.get_by_test_id("course-reviews")
    expect(reviews.get_by_text("Fun")).to_be_visible(timeout=LOAD)
    expect(reviews.get_by_text("Reply", exact=True)).to_have_count(0)

    # The course's instructor answers it on the course page.
    teacher_page = open_as(browser, live_app, teacher, f"/courses/{course.id}")
    review = teacher_page.get_by_test_id("course-reviews").get_by_test_id("review")
    expect(review).to_contain_text("Fun", timeout=LOAD)
    review.get_by_text("Reply", exact=True).click()
    review.get_by_label("Your reply to Sade Bello").fill("Thank you, <b>Sade</b>! Part two is coming.")
    review.get_by_role("button", name="Post reply").click()
    expect(review.get_by_test_id("review-reply")).to_contain_text("Thank you, <b>Sade</b>! Part two is coming.")
    expect(review.get_by_test_id("review-reply")).to_contain_text("Response from the instructor")
    expect(review.get_by_text("Edit reply", exact=True)).to_be_visible()
    screenshot(teacher_page, "review-reply")

    # The learner's bell counts it at once, on the page they are on, and the notification leads back to the
    # course's reviews.
    expect(learner_page.get_by_test_id("bell-count")).to_have_text("1", timeout=LIVE)
    learner_page.get_by_role("link", name="Notifications").click()
    line = learner_page.get_by_test_id("notification").first
    expect(line).to_contain_text(f"Tobi Okafor replied to your review of {course.title}.")
    line.get_by_role("link").click()
    expect(learner_page).to_have_url(re.compile(rf"/courses/{course.id}#reviews$"))
    answer = learner_page.get_by_test_id("course-reviews").get_by_test_id("review-reply")
    expect(answer).to_contain_text("Part two is coming.", timeout=LOAD)


def test_the_players_reviews_come_five_to_a_page_newest_first(page, live_app):
    user, (course,) = _enrolled_learner(live_app.db_url)
    for n, learner in enumerate(_learners_in(live_app.db_url, course, 6)):
        _post_directly(live_app.db_url, learner.id, course.id, 1, comment=f"Learner {n}")
    _post_directly(live_app.db_url, user.id, course.id, 1, comment="Mine")
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto(f"/order-complete/{course.id}")
    page.get_by_role("tab", name="Reviews").click(timeout=LOAD)
    comments = page.get_by_test_id("review").locator("p.whitespace-pre-line")
    expect(comments).to_have_text(["Mine 0", "Learner 5 0", "Learner 4 0", "Learner 3 0", "Learner 2 0"])
    pages = page.get_by_role("navigation", name="Pagination")
    expect(pages.get_by_role("button", name="Page 1")).to_have_attribute("aria-current", "page")
    expect(pages.get_by_role("button", name="Previous page")).to_be_disabled()

    pages.get_by_role("button", name="Page 2").click()
    expect(comments).to_have_text(["Learner 1 0", "Learner 0 0"])
    expect(pages.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    expect(pages.get_by_role("button", name="Next page")).to_be_disabled()
    pages.get_by_role("button", name="Previous page").click()
    expect(comments).to_have_text(["Mine 0", "Learner 5 0", "Learner 4 0", "Learner 3 0", "Learner 2 0"])


def _post_ratings(db_url: str, user_id: int, course_id: int, ratings: list[int], comment: str) -> None:
    with Session(get_engine(db_url)) as session:
        for n, rating in enumerate(ratings):
            add_review(
                session,
                author_id=user_id,
                target_type="Course",
                target_id=course_id,
                rating=rating,
                comment=f"{comment} {n}",
            )
            session.commit()


def test_a_learners_second_review_replaces_their_rating_on_the_course_page_and_its_card(page, live_app):
    """Issue 16, defect 3 (found at 1280 px): a learner's second review added a fourth rating to a course three
    learners had rated. Their rating counts once, by their latest review, on the course page and on its card."""
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        category = make_category(session)
        course = make_course(session, title=f"Adire Dyeing {category.id}", categories=[category])
    others = _learners_in(live_app.db_url, course, 2)
    _post_ratings(live_app.db_url, others[0].id, course.id, [5], "Bright colours")
    _post_ratings(live_app.db_url, others[1].id, course.id, [4], "Patient teacher")
    (learner,) = _learners_in(live_app.db_url, course, 1)
    _post_ratings(live_app.db_url, learner.id, course.id, [1], "Confusing at first")
    sign_in_storage(page.context, live_app.db_url, learner.email)

    page.goto(f"/courses/{course.id}")
    expect(page.get_by_test_id("average-rating")).to_have_text("3.3", timeout=LOAD)
    expect(page.get_by_test_id("review-total")).to_have_text("3 reviews")
    form = page.get_by_test_id("review-form")
    form.get_by_title("5 stars").click()
    form.get_by_label("Your review").fill("It all clicked in week two.")
    form.get_by_role("button", name="Submit review").click()
    expect(page.get_by_text("Thank you! Your review was posted.")).to_be_visible()

    # (5 + 4 + 5) / 3, still three learners; the old count said 3.8 from 4 reviews.
    expect(page.get_by_test_id("average-rating")).to_have_text("4.7")
    expect(page.get_by_test_id("review-total")).to_have_text("3 reviews")
    expect(page.get_by_role("link", name="(3 reviews)")).to_be_visible()  # the title card
    listed = page.get_by_test_id("course-reviews").get_by_test_id("review")
    expect(listed).to_have_count(3)
    expect(page.get_by_test_id("course-reviews")).to_contain_text("It all clicked in week two.")
    expect(page.get_by_test_id("course-reviews").get_by_text("Confusing at first 0")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "course-rating-one-voice")

    # The listing's card says the same.
    page.goto(f"/categories?category={category.slug}")
    card = page.get_by_test_id("course-grid").get_by_role("article").filter(has_text=course.title)
    expect(card).to_contain_text("4.7", timeout=LOAD)
    expect(card).to_contain_text("(3 reviews)")


def test_my_reviews_edit_and_delete_recompute_the_courses_rating(page, live_app):
    """At 1280 px: Edit (the form's checks and words) and Delete (asked first) on My Reviews, each moving the
    course's rating as the course page shows it."""
    user, (course,) = _enrolled_learner(live_app.db_url)
    (other,) = _learners_in(live_app.db_url, course, 1)
    _post_ratings(live_app.db_url, other.id, course.id, [4], "Solid")
    _post_ratings(live_app.db_url, user.id, course.id, [2, 3], "My take")  # "My take 1" (3 stars) is the latest
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto("/profile3")
    items = page.get_by_test_id("my-review")
    expect(items).to_have_count(2, timeout=LOAD)
    latest, earlier = items.nth(0), items.nth(1)
    expect(latest).to_contain_text("My take 1")
    expect(latest).not_to_contain_text("Earlier review: not in the rating")
    expect(earlier).to_contain_text("Earlier review: not in the rating")

    # Edit: the form opens with the review's stars and words; the same checks as the review form.
    latest.get_by_role("button", name=f"Edit your review of {course.title}").click()
    form = latest.get_by_role("form", name=f"Edit your review of {course.title}")
    expect(form.get_by_label("3 stars")).to_be_checked()
    expect(form.get_by_label("Your review")).to_have_value("My take 1")
    form.get_by_label("Your review").fill("   ")
    form.get_by_role("button", name="Save changes").click()
    expect(form.get_by_role("alert")).to_have_text("Please add a comment!")
    screenshot(page, "my-reviews-edit")
    form.get_by_title("5 stars").click()
    form.get_by_label("Your review").fill("Much better on a second watch.")
    form.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your review was updated.")).to_be_visible()
    expect(latest).to_contain_text("Much better on a second watch.")
    expect(latest.get_by_role("img", name="Rated 5 out of 5")).to_be_visible()

    page.goto(f"/courses/{course.id}")
    expect(page.get_by_test_id("average-rating")).to_have_text("4.5", timeout=LOAD)  # (5 + 4) / 2
    expect(page.get_by_test_id("review-total")).to_have_text("2 reviews")

    # Delete: asked first; Keep it keeps it.
    page.goto("/profile3")
    expect(items).to_have_count(2, timeout=LOAD)
    latest.get_by_role("button", name=f"Delete your review of {course.title}").click()
    question = latest.get_by_role("group", name="Delete this review? This cannot be undone.")
    expect(question).to_be_visible()
    screenshot(page, "my-reviews-delete")
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_have_count(0)
    expect(items).to_have_count(2)
    latest.get_by_role("button", name=f"Delete your review of {course.title}").click()
    latest.get_by_role("button", name="Yes, delete").click()
    expect(page.get_by_text("Your review was deleted.")).to_be_visible()
    expect(items).to_have_count(1)
    # The earlier review is now the latest: it counts again.
    expect(items.first).to_contain_text("My take 0")
    expect(items.first).not_to_contain_text("Earlier review: not in the rating")

    page.goto(f"/courses/{course.id}")
    expect(page.get_by_test_id("average-rating")).to_have_text("3.0", timeout=LOAD)  # (2 + 4) / 2
    expect(page.get_by_test_id("review-total")).to_have_text("2 reviews")


def test_my_reviews_page_number_is_in_the_url(page, phone, live_app):
    user, (course,) = _enrolled_learner(live_app.db_url)
    _post_directly(live_app.db_url, user.id, course.id, 5, comment="Take")
    sign_in_storage(page.context, live_app.db_url, user.email)

    page.goto("/profile3")
    items = page.get_by_test_id("my-review")
    expect(items).to_have_count(4, timeout=LOAD)
    page.get_by_role("button", name="Page 2").click()
    expect(page).to_have_url(re.compile(r"/profile3\?page=2$"))
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Take 0")
    page.reload()
    expect(items).to_have_count(1, timeout=LOAD)
    expect(items.first).to_contain_text("Take 0")
    expect(page.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/profile3$"))
    expect(items).to_have_count(4, timeout=LOAD)
    expect(items.first).to_contain_text("Take 4")

    # Past the last page (an old link): the last page, and the address says so.
    page.goto("/profile3?page=9")
    expect(items).to_have_count(1, timeout=LOAD)
    expect(page).to_have_url(re.compile(r"/profile3\?page=2$"))

    sign_in_storage(phone.context, live_app.db_url, user.email)
    phone.goto("/profile3?page=2")
    expect(phone.get_by_test_id("my-review")).to_have_count(1, timeout=LOAD)
    phone.get_by_test_id("my-review").first.get_by_role("button", name=re.compile("^Delete your review")).click()
    expect(phone.get_by_role("button", name="Yes, delete")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "my-reviews-delete")
