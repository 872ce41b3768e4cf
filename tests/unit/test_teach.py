"""Becoming an instructor (docs/product.md, "Becoming an instructor"): the form's rules and what the account becomes."""

from __future__ import annotations

import pytest
from sqlmodel import select

from marketplace.db.models import Instructor, User
from marketplace.domain import catalog, teach
from marketplace.domain.errors import Conflict, Unauthorized
from marketplace.domain.validation import InvalidInput
from marketplace.settings import settings
from marketplace.shapes.teach import InstructorApplication
from tests.factories import make_instructor, make_user

GOOD = {
    "title": "Senior Data Analyst",
    "about": "Eight years turning Lagos bank data into decisions; I teach the way I learned, with real files.",
    "expertise": "Excel, SQL ,  power bi, excel",
    "experience": "Led the analytics team at a Lagos bank.",
    "website": "https://adaeze.com.ng",
    "linkedin": "https://www.linkedin.com/in/adaeze",
    "x": "",
    "youtube": "https://www.youtube.com/@adaeze",
    "facebook": "",
}


def _form(**changes) -> InstructorApplication:
    return InstructorApplication.model_validate({**GOOD, **changes})


def test_a_learner_becomes_an_instructor_with_a_public_teacher_page(session):
    learner = make_user(session, first_name="Adaeze", last_name="Obi")
    became = teach.become_instructor(session, learner.id, _form())
    session.commit()
    instructor = session.exec(select(Instructor).where(Instructor.user_id == learner.id)).one()
    assert (became.instructor_id, became.teacher_url, became.studio_url) == (
        instructor.id,
        f"/teacher/{instructor.id}",
        "/studio",
    )
    assert (became.user.role, session.get(User, learner.id).role) == ("instructor", "instructor")
    page = catalog.mentor_page(session, instructor.id)
    assert (page.name, page.title, page.expertise) == (
        "Adaeze Obi",
        "Senior Data Analyst",
        ["Excel", "SQL", "power bi"],
    )
    assert page.about.startswith("Eight years") and page.experience == "Led the analytics team at a Lagos bank."
    assert [link.label for link in page.links] == ["Website", "LinkedIn", "YouTube"]
    assert page.course_count == 0


def test_expertise_may_also_come_as_a_list():
    assert teach.expertise_list(["Python", " python ", "", "Django"]) == ["Python", "Django"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("title", "  ", "Please add a title"),
        ("title", "x" * 121, "at most 120"),
        ("about", "Too short.", "at least 30 characters"),
        ("expertise", " , ", "at least one area of expertise"),
        ("expertise", ",".join(f"skill{n}" for n in range(13)), "at most 12"),
        ("experience", "x" * 2001, "at most 2000"),
        ("website", "not a link", "valid website address"),
        ("linkedin", "https://evil.example/in/me", "valid LinkedIn link"),
        ("x", "https://x.com.evil.example/me", "valid X link"),
    ],
)
def test_each_broken_rule_is_named_under_its_field(session, field, value, message):
    learner = make_user(session)
    with pytest.raises(InvalidInput) as refused:
        teach.become_instructor(session, learner.id, _form(**{field: value}))
    assert list(refused.value.errors) == [field] and message in refused.value.errors[field]
    assert session.get(User, learner.id).role == "learner"
    assert session.exec(select(Instructor).where(Instructor.user_id == learner.id)).first() is None


def test_an_instructor_is_told_to_go_to_the_studio_and_a_visitor_to_log_in(session):
    instructor = make_instructor(session)
    with pytest.raises(Conflict, match="Go to your studio"):
        teach.become_instructor(session, instructor.user_id, _form())
    with pytest.raises(Unauthorized):
        teach.become_instructor(session, None, _form())


def test_the_revenue_share_is_read_from_the_settings(monkeypatch):
    monkeypatch.setattr(settings, "platform_fee_percent", 25)
    terms = teach.terms()
    assert (terms.platform_fee_percent, terms.instructor_share_percent) == (25, 75)
