"""The demo catalog a fresh install loads: enough real-looking content, consistent numbers, local files."""

from __future__ import annotations

from collections import defaultdict

import pytest
from sqlalchemy import func
from sqlmodel import select

from marketplace.db.models import Category, Course, CourseCategory, Enrollment, Instructor, Review, Section, User
from marketplace.demo.catalog import LOCAL_VIDEO
from marketplace.demo.seed import load_demo_catalog
from marketplace.domain.passwords import verify_password
from marketplace.domain.text import search_text
from marketplace.settings import PROJECT_ROOT
from tests.factories import make_course

ASSETS = PROJECT_ROOT / "assets"
SPEC_CATEGORIES = {"Development", "Design", "Marketing", "Business", "Physics", "Astrology", "Art & Design"}


@pytest.fixture
def loaded(session):
    """The demo catalog, loaded and committed (bench/catalog_bench.py reports how long that takes)."""
    assert load_demo_catalog(session) is True
    session.commit()


def _count(session, model) -> int:
    return session.exec(select(func.count()).select_from(model)).one()


def test_catalog_has_the_spec_categories_and_enough_courses_and_instructors(session, loaded):
    names = set(session.exec(select(Category.name)).all())
    assert names >= SPEC_CATEGORIES
    assert len(names) >= 8
    assert all(c.slug and c.icon for c in session.exec(select(Category)).all())
    assert _count(session, Course) >= 40
    instructors = session.exec(select(Instructor)).all()
    assert len(instructors) >= 12
    for instructor in instructors:
        user = session.get(User, instructor.user_id)
        assert user.role == "instructor"
        assert instructor.about and instructor.expertise and instructor.title and instructor.experience
        assert user.linkedin.startswith("https://") and user.x.startswith("https://")


def test_every_spec_category_has_courses_and_development_leads(session, loaded):
    counts = dict(
        session.exec(
            select(Category.name, func.count())
            .join(CourseCategory, CourseCategory.category_id == Category.id)
            .group_by(Category.name)
        ).all()
    )
    assert all(counts.get(name, 0) >= 3 for name in SPEC_CATEGORIES)
    assert counts["Development"] == max(counts.values())


def test_every_course_has_6_to_25_ordered_sections_with_a_local_preview(session, loaded):
    sections = defaultdict(list)
    for section in session.exec(select(Section).order_by(Section.course_id, Section.position)).all():
        sections[section.course_id].append(section)
    for course in session.exec(select(Course)).all():
        rows = sections[course.id]
        assert 6 <= len(rows) <= 25, course.title
        assert course.lectures == len(rows)
        assert [s.position for s in rows] == list(range(len(rows)))
        assert rows[0].is_preview and rows[0].video_url == LOCAL_VIDEO
        assert all(s.duration_seconds > 0 for s in rows)
    links = [s.video_url for rows in sections.values() for s in rows]
    assert any(link.startswith("https://www.youtube.com/watch?v=") for link in links)
    assert (ASSETS / LOCAL_VIDEO.lstrip("/")).stat().st_size < 300_000


def test_courses_have_naira_prices_search_text_and_thumbnails_on_disk(session, loaded):
    for course in session.exec(select(Course)).all():
        assert 450_000 <= course.price_kobo <= 8_500_000  # NGN 4,500 to NGN 85,000
        assert course.original_price_kobo is None or course.original_price_kobo > course.price_kobo
        assert course.level in {"Beginner", "Intermediate", "Advanced"}
        assert course.search_text == search_text(course.title, course.description)
        assert course.thumbnail.startswith("/images/courses/")
        assert (ASSETS / course.thumbnail.lstrip("/")).is_file(), course.thumbnail
    assert any(c.original_price_kobo for c in session.exec(select(Course)).all())
    for picture in session.exec(select(User.profile_picture)).all():
        assert (ASSETS / picture.lstrip("/")).is_file()


def test_demo_accounts_can_sign_in_and_the_learner_has_two_courses(session, loaded):
    ada = session.exec(select(User).where(User.email == "ada@example.com")).one()
    assert (ada.first_name, ada.last_name, ada.username, ada.role) == ("Ada", "Okafor", "ada", "learner")
    assert ada.email_verified and verify_password("learner123", ada.password_hash)
    assert len(session.exec(select(Enrollment).where(Enrollment.user_id == ada.id)).all()) == 2
    tunde = session.exec(select(User).where(User.email == "tunde@example.com")).one()
    assert tunde.username == "tunde" and tunde.role == "instructor" and tunde.email_verified
    assert verify_password("teacher123", tunde.password_hash)


def test_ratings_and_counts_match_the_reviews(session, loaded):
    ratings = defaultdict(list)
    for review in session.exec(select(Review)).all():
        assert 1 <= review.rating <= 5 and review.comment
        ratings[(review.target_type, review.target_id)].append(review.rating)
    authors = session.exec(select(func.count(func.distinct(Review.author_id)))).one()
    assert authors >= 8
    for course in session.exec(select(Course)).all():
        values = ratings[("Course", course.id)]
        assert values and course.review_count == len(values)
        assert course.rating == pytest.approx(round(sum(values) / len(values), 2))
    for instructor in session.exec(select(Instructor)).all():
        values = ratings[("Instructor", instructor.id)]
        assert values and instructor.review_count == len(values)
        assert instructor.rating == pytest.approx(round(sum(values) / len(values), 2))
        enrolled = session.exec(
            select(func.count(func.distinct(Enrollment.user_id)))
            .join(Course, Course.id == Enrollment.course_id)
            .where(Course.instructor_id == instructor.id)
        ).one()
        assert instructor.students_count >= enrolled


def test_a_second_load_adds_nothing(session, loaded):
    before = (_count(session, Course), _count(session, User), _count(session, Review))
    assert load_demo_catalog(session) is False
    session.commit()
    assert (_count(session, Course), _count(session, User), _count(session, Review)) == before


def test_a_database_with_any_course_is_left_alone(session):
    make_course(session)
    assert load_demo_catalog(session) is False
    assert _count(session, Course) == 1
    assert session.exec(select(User).where(User.email == "ada@example.com")).first() is None


def test_every_course_page_says_what_you_learn_what_you_need_and_who_it_is_for(session, loaded):
    from marketplace.domain import catalog

    languages = set()
    for course in session.exec(select(Course)).all():
        assert 20 <= len(course.subtitle) <= 200 and course.subtitle != course.title, course.title
        assert 4 <= len(course.learn) <= 6, course.title
        assert 2 <= len(course.requirements) <= 4, course.title
        assert 2 <= len(course.audience) <= 3, course.title
        points = [*course.learn, *course.requirements, *course.audience]
        assert all(isinstance(p, str) and 10 <= len(p) <= 120 for p in points), course.title
        assert len(set(points)) == len(points), course.title  # no point repeated within a page
        languages.add(course.language)
    assert "English" in languages and len(languages) >= 3  # a few are taught in Nigerian languages
    learn_points = [p for c in session.exec(select(Course)).all() for p in c.learn]
    assert len(set(learn_points)) == len(learn_points)  # specific to each course, not a template

    course = session.exec(select(Course).where(Course.title == "Python Programming for Absolute Beginners")).one()
    detail = catalog.get_course_detail(session, course.id, reviews_shown=0)
    assert detail.subtitle.startswith("Write real programs") and detail.language == "English"
    assert detail.learn[0].startswith("Install Python") and len(detail.requirements) == 2
    assert catalog.preview_section(detail.sections) == detail.sections[0]  # the local clip, at the page's top
