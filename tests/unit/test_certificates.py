"""Certificates of completion: issued once on finishing, checked by a public code, printed as a PDF."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from sqlmodel import select

from marketplace.db.models import Certificate, Enrollment
from marketplace.documents.certificate_pdf import render
from marketplace.domain import certificates
from marketplace.domain.errors import NotFound
from marketplace.shapes.certificates import CertificateView
from tests.factories import enroll, make_course, make_instructor, make_user


def _finish(session, user, course) -> Enrollment:
    enrollment = session.exec(
        select(Enrollment).where(Enrollment.user_id == user.id, Enrollment.course_id == course.id)
    ).one()
    enrollment.completed_at = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
    session.add(enrollment)
    session.commit()
    return enrollment


def test_codes_are_random_readable_and_normalised_from_what_people_type():
    codes = {certificates.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(re.fullmatch(r"NLC-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", code) for code in codes)
    assert certificates.normalize_code(" nlc-ab0de-1o2il ") == "NLC-AB0DE-10211"


def test_nothing_is_issued_before_the_course_is_finished(session):
    learner, course = make_user(session), make_course(session)
    enroll(session, learner, course)
    assert certificates.issue_if_complete(session, user_id=learner.id, course_id=course.id) is None
    stranger = make_user(session)
    assert certificates.issue_if_complete(session, user_id=stranger.id, course_id=course.id) is None
    assert session.exec(select(Certificate)).all() == []


def test_finishing_issues_one_certificate_with_the_names_as_they_were(session):
    teacher = make_instructor(session, first_name="Tunde")
    learner = make_user(session, first_name="Adébáyọ̀", last_name="Ọlọ́runṣẹ́gun")
    course = make_course(session, instructor=teacher, title="Data Analysis with Python", hours=12)
    enroll(session, learner, course)
    _finish(session, learner, course)

    first = certificates.issue_if_complete(session, user_id=learner.id, course_id=course.id)
    again = certificates.issue_if_complete(session, user_id=learner.id, course_id=course.id)
    session.commit()
    assert first is not None and again is not None and first.code == again.code
    assert len(session.exec(select(Certificate)).all()) == 1

    learner.first_name = "Renamed"
    session.add(learner)
    session.commit()
    shown = certificates.get_certificate(session, first.code.lower())
    assert shown.learner_name == "Adébáyọ̀ Ọlọ́runṣẹ́gun"
    assert shown.course_title == "Data Analysis with Python"
    assert shown.instructor_name.startswith("Tunde")
    assert shown.hours == 12
    assert shown.url == f"/certificates/{first.code}"
    assert shown.issued_text == datetime.now(UTC).strftime("%-d %B %Y")


def test_the_public_view_carries_nothing_private(session):
    learner, course = make_user(session), make_course(session)
    enroll(session, learner, course)
    _finish(session, learner, course)
    code = certificates.issue(session, user_id=learner.id, course_id=course.id).code
    wire = certificates.get_certificate(session, code).model_dump(by_alias=True, mode="json")
    assert learner.email not in str(wire)
    assert "userId" not in wire and "user_id" not in wire
    assert set(wire) >= {"code", "learnerName", "courseTitle", "instructorName", "hours", "issuedAt", "pdfUrl"}


def test_an_unknown_code_is_not_found(session):
    with pytest.raises(NotFound, match="Certificate not found"):
        certificates.get_certificate(session, "NLC-00000-00000")


def test_my_courses_learns_every_finished_courses_code_in_one_call(session):
    learner = make_user(session)
    done, started = make_course(session), make_course(session)
    for course in (done, started):
        enroll(session, learner, course)
    _finish(session, learner, done)
    code = certificates.issue(session, user_id=learner.id, course_id=done.id).code
    assert certificates.certificate_codes(session, user_id=learner.id, course_ids=[done.id, started.id]) == {
        done.id: code
    }
    assert certificates.course_certificate(session, user_id=learner.id, course_id=started.id) is None


def test_the_pdf_is_a_one_page_pdf_that_names_the_learner():
    view = CertificateView(
        code="NLC-ABCDE-12345",
        learner_name="Adébáyọ̀ Ọlọ́runṣẹ́gun",
        course_title="Data Analysis with Python",
        instructor_name="Tunde Bakare",
        hours=12,
        issued_text="24 November 2026",
        url="/certificates/NLC-ABCDE-12345",
    )
    body = render(view, public_url="https://naijalearn.example")
    assert body.startswith(b"%PDF-") and body.rstrip().endswith(b"%%EOF")
    assert b"/Count 1" in body  # one page
    assert 5_000 < len(body) < 200_000  # fonts subset, not embedded whole
    assert b"https://naijalearn.example/certificates/NLC-ABCDE-12345" in body  # the verification link
