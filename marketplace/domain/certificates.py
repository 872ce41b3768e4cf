"""Certificates of completion (docs/product.md, "Certificates").

Finishing every section of a course issues one certificate for that learner and course, once: un-marking a
section later does not take it back. Its code is random and public; anyone holding it can check the certificate
at /certificates/{code}, which shows the learner's name, the course, its instructor, the hours and the date, and
nothing private. Names are copied when it is issued, so a certificate reads the same years later.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketplace.db.models import Certificate, Course, Enrollment, Instructor, User
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import person_name
from marketplace.shapes.certificates import CertificateView

CERTIFICATE_NOT_FOUND = "Certificate not found"
CODE_PREFIX = "NLC-"
# Crockford's base32 without the look-alikes (I, L, O, U): a code read aloud or typed from paper survives.
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CODE_LENGTH = 10  # 50 bits: nobody finds certificates by guessing codes
MAX_CODE_LENGTH = 20


def new_code() -> str:
    """A fresh random code, ``NLC-XXXXX-XXXXX``."""
    body = "".join(secrets.choice(_ALPHABET) for _ in range(_CODE_LENGTH))
    return f"{CODE_PREFIX}{body[:5]}-{body[5:]}"


def normalize_code(raw: str) -> str:
    """A code as typed (any case, spaces, look-alike letters) in its stored form."""
    text = "".join(raw.split()).upper()[:MAX_CODE_LENGTH]
    prefix, _, rest = text.rpartition(CODE_PREFIX)
    if prefix or not rest:
        return text
    return CODE_PREFIX + rest.translate(str.maketrans("OIL", "011"))


def issued_text(moment: datetime) -> str:
    """``24 November 2026``: the date as a certificate prints it."""
    return f"{moment.day} {moment.strftime('%B %Y')}"


def view(certificate: Certificate) -> CertificateView:
    """The public face of a certificate."""
    issued = certificate.issued_at if certificate.issued_at.tzinfo else certificate.issued_at.replace(tzinfo=UTC)
    return CertificateView(
        code=certificate.code,
        learner_name=certificate.learner_name,
        course_id=certificate.course_id,
        course_title=certificate.course_title,
        instructor_name=certificate.instructor_name,
        hours=certificate.hours,
        issued_at=issued,
        issued_text=issued_text(issued),
        url=f"/certificates/{certificate.code}",
        pdf_url=f"/api/certificates/{certificate.code}/pdf",
    )


def _instructor_name(session: Session, course: Course) -> str:
    row = session.exec(
        select(User).join(Instructor, col(Instructor.user_id) == User.id).where(Instructor.id == course.instructor_id)
    ).first()
    return person_name(row)


def issue(session: Session, *, user_id: int, course_id: int) -> Certificate:
    """The learner's certificate for a course they have finished, issued now if it does not exist yet.

    Callers check completion (``enrollment.completed_at``) first; this only guards against a double issue: a
    second request racing this one finds the first's certificate.
    """
    existing = session.exec(
        select(Certificate).where(Certificate.user_id == user_id, Certificate.course_id == course_id)
    ).first()
    if existing is not None:
        return existing
    course = session.get(Course, course_id)
    learner = session.get(User, user_id)
    if course is None or learner is None:
        raise NotFound(CERTIFICATE_NOT_FOUND)
    certificate = Certificate(
        code=new_code(),
        user_id=user_id,
        course_id=course_id,
        learner_name=person_name(learner) or learner.email.split("@", 1)[0],
        course_title=course.title,
        instructor_name=_instructor_name(session, course),
        hours=max(course.hours, 0),
    )
    try:
        with session.begin_nested():
            session.add(certificate)
    except IntegrityError:
        # The same learner finishing twice at once, or (once in 2^50) a code already taken: read what is there.
        found = session.exec(
            select(Certificate).where(Certificate.user_id == user_id, Certificate.course_id == course_id)
        ).first()
        if found is not None:
            return found
        certificate.code = new_code()
        with session.begin_nested():
            session.add(certificate)
    session.flush()
    return certificate


def issue_if_complete(session: Session, *, user_id: int, course_id: int) -> Certificate | None:
    """Issue the certificate when the learner's enrollment is complete; None while it is not."""
    enrollment = session.exec(
        select(Enrollment).where(Enrollment.user_id == user_id, Enrollment.course_id == course_id)
    ).first()
    if enrollment is None or enrollment.completed_at is None:
        return None
    return issue(session, user_id=user_id, course_id=course_id)


def get_certificate(session: Session, code: str) -> CertificateView:
    """A certificate by its public code.

    Raises:
        NotFound: no certificate has that code.
    """
    wanted = normalize_code(code)
    certificate = session.exec(select(Certificate).where(Certificate.code == wanted)).first()
    if certificate is None:
        raise NotFound(CERTIFICATE_NOT_FOUND)
    return view(certificate)


def course_certificate(session: Session, *, user_id: int, course_id: int) -> CertificateView | None:
    """The learner's certificate for one course, or None when they have not finished it."""
    certificate = session.exec(
        select(Certificate).where(Certificate.user_id == user_id, Certificate.course_id == course_id)
    ).first()
    return view(certificate) if certificate is not None else None


def certificate_codes(session: Session, *, user_id: int, course_ids: list[int]) -> dict[int, str]:
    """Course id to certificate code for those of ``course_ids`` the learner has finished (one query)."""
    if not course_ids:
        return {}
    rows = session.exec(
        select(Certificate.course_id, Certificate.code).where(
            Certificate.user_id == user_id, col(Certificate.course_id).in_(course_ids)
        )
    ).all()
    return {course_id: code for course_id, code in rows}
