"""Instructors as visitors see them: lists, name search, profile fields, their courses, mentor pages."""

from __future__ import annotations

import pytest

from marketplace.db.models import Review
from marketplace.domain import catalog
from marketplace.domain.errors import NotFound
from tests.factories import make_course, make_instructor, make_user


def names(items) -> list[str]:
    return [i.name for i in items]


def teacher(session, first: str, **fields):
    return make_instructor(session, first_name=first, **fields)


def test_profile_has_every_field_of_the_spec(session):
    who = teacher(
        session,
        "Chioma",
        title="Product Designer",
        profession="Designer",
        about="Ten years of UI",
        expertise=["Figma", "UX"],
        experience="Andela, Paystack",
        website="https://chioma.dev",
        students_count=120,
        rating=4.56,
        review_count=9,
    )
    make_course(session, instructor=who)
    profile = catalog.get_instructor(session, who.id).model_dump(by_alias=True, mode="json")
    assert profile["_id"] == profile["id"] == who.id
    assert profile["name"].startswith("Chioma ") and profile["firstName"] == "Chioma"
    assert profile["role"] == "Instructor"
    assert profile["title"] == "Product Designer" and profile["profession"] == "Designer"
    assert profile["students"] == profile["studentsCount"] == 120
    assert profile["avgRating"] == 4.6 and profile["ratingText"] == "4.6"
    assert profile["review"] == profile["totalReviews"] == 9
    assert profile["about"] == profile["bio"] == "Ten years of UI" and profile["expertise"] == ["Figma", "UX"]
    assert profile["experience"] == "Andela, Paystack"
    assert profile["website"] == "https://chioma.dev" and profile["socials"] == {"website": "https://chioma.dev"}
    assert profile["portfolio"] == "https://chioma.dev" and profile["courseCount"] == 1
    assert profile["links"] == [{"label": "Website", "icon": "globe", "href": "https://chioma.dev"}]
    assert "email" not in profile


def test_unknown_instructor_is_not_found(session):
    for call in (catalog.get_instructor, catalog.instructor_courses, catalog.mentor_page):
        with pytest.raises(NotFound, match="Instructor not found"):
            call(session, 404)


def test_instructor_courses_are_only_theirs(session):
    mine, other = teacher(session, "Emeka"), teacher(session, "Femi")
    make_course(session, instructor=mine, title="Mine A")
    make_course(session, instructor=mine, title="Mine B")
    make_course(session, instructor=other, title="Theirs")
    assert sorted(c.title for c in catalog.instructor_courses(session, mine.id)) == ["Mine A", "Mine B"]


def test_list_searches_names_and_pages(session):
    for n, first in enumerate(["Ngozi", "Ngozika", "Tayo", "Bola", "Kunle", "Sade", "Yemi"]):
        teacher(session, first, students_count=100 - n)
    first = catalog.list_instructors(session, per_page=6)
    assert first.total == 7 and first.pages == 2 and len(first.data) == 6
    assert names(first.data)[0].startswith("Ngozi ")  # most students first
    assert len(catalog.list_instructors(session, per_page=6, page=2).data) == 1
    searched = catalog.list_instructors(session, query="NGOZI")
    assert [n.split()[0] for n in names(searched.data)] == ["Ngozi", "Ngozika"]
    assert catalog.list_instructors(session, query="zzz").data == []
    assert catalog.list_instructors(session, query="%").data == []


def test_top_instructors_and_popular_mentors(session):
    busy = teacher(session, "Busy", students_count=500, rating=3.0, review_count=2)
    loved = teacher(session, "Loved", students_count=10, rating=4.8, review_count=50)
    teacher(session, "Quiet", students_count=1)
    assert [i.id for i in catalog.top_instructors(session, limit=2)] == [busy.id, loved.id]
    assert [i.id for i in catalog.popular_mentors(session, limit=2)] == [loved.id, busy.id]


def test_mentor_page_has_profile_courses_and_reviews(session):
    who = teacher(session, "Musa")
    make_course(session, instructor=who, title="Hausa Basics")
    learner = make_user(session)
    session.add(Review(author_id=learner.id, target_type="Instructor", target_id=who.id, rating=5, comment="Patient"))
    session.commit()
    page = catalog.mentor_page(session, who.id)
    assert page.name.startswith("Musa ")
    assert [c.title for c in page.courses] == ["Hausa Basics"]
    assert [r.comment for r in page.reviews] == ["Patient"]
    assert page.review_summary.total_reviews == 1 and page.review_summary.average_rating == 5
    sent = page.model_dump(by_alias=True, mode="json")
    assert sent["id"] == who.id and sent["reviewSummary"]["totalReviews"] == 1 and sent["courses"][0]["_id"]
