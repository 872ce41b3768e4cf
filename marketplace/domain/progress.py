"""Progress through a course: who may watch it, where the learner left off, which sections are done.

Only enrolled learners get at a course; the checks live here (not in the pages), with the spec's
messages. Answers are the shapes of :mod:`marketplace.shapes.learning`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Enrollment, Section, SectionProgress
from marketplace.domain import certificates
from marketplace.domain.errors import Forbidden, NotFound, Unauthorized
from marketplace.domain.shapes import iso
from marketplace.shapes.learning import CourseProgress, Position, Progress

NOT_SIGNED_IN = "Please log in to access this course"
COURSE_NOT_FOUND = "Course not found"
NOT_ENROLLED = "You are not enrolled in this course"
# No video runs a week; a larger position is a client bug and must not overflow the column.
MAX_POSITION_SECONDS = 7 * 24 * 3600


def progress_summary(completed: int, total: int) -> Progress:
    """Progress as shown on cards: counts, a whole percent, "n of m sections" and whether all are done."""
    return Progress(
        completed_sections=completed,
        total_sections=total,
        # Integer arithmetic, half up: no float between the counts and the percent shown.
        percent=min((200 * completed + total) // (2 * total), 100) if total else 0,
        text=f"{completed} of {total} sections",
        is_completed=total > 0 and completed >= total,
    )


def _enrollment(session: Session, user_id: int, course_id: int) -> Enrollment | None:
    return session.exec(
        select(Enrollment).where(Enrollment.user_id == user_id, Enrollment.course_id == course_id)
    ).first()


def is_enrolled(session: Session, user_id: int | None, course_id: int) -> bool:
    """Whether ``user_id`` may watch ``course_id``."""
    return user_id is not None and _enrollment(session, user_id, course_id) is not None


def require_enrollment(session: Session, user_id: int | None, course_id: int) -> tuple[Course, Enrollment]:
    """The course and the caller's enrollment, or the player's error in the spec's words."""
    if user_id is None:
        raise Unauthorized(NOT_SIGNED_IN)
    course = session.get(Course, course_id)
    if course is None:
        raise NotFound(COURSE_NOT_FOUND)
    enrollment = _enrollment(session, user_id, course_id)
    if enrollment is None:
        raise Forbidden(NOT_ENROLLED)
    return course, enrollment


def _course_section(session: Session, course_id: int, section_id: int) -> Section:
    section = session.get(Section, section_id)
    if section is None or section.course_id != course_id:
        raise NotFound("Section not found", field="sectionId")
    return section


def course_sections(session: Session, course_id: int) -> list[Section]:
    """A course's sections in playing order."""
    return list(
        session.exec(
            select(Section).where(Section.course_id == course_id).order_by(col(Section.position), col(Section.id))
        ).all()
    )


def completed_section_ids(session: Session, user_id: int, course_id: int) -> set[int]:
    """Ids of the course's sections the learner has completed."""
    rows = session.exec(
        select(SectionProgress.section_id)
        .join(Section, col(Section.id) == SectionProgress.section_id)
        .where(SectionProgress.user_id == user_id, Section.course_id == course_id)
    )
    return set(rows.all())


def course_progress(session: Session, *, user_id: int | None, course_id: int) -> CourseProgress:
    """The learner's progress through a course they are enrolled in.

    Returns:
        The progress with the completed sections' ids (sorted) and when the course was completed.

    Raises:
        Unauthorized, NotFound, Forbidden: as for :func:`player_view`.
    """
    _, enrollment = require_enrollment(session, user_id, course_id)
    total = len(course_sections(session, course_id))
    done = completed_section_ids(session, enrollment.user_id, course_id)
    return CourseProgress(
        **progress_summary(len(done), total).model_dump(),
        completed_section_ids=sorted(done),
        completed_at=iso(enrollment.completed_at),
    )


def record_position(
    session: Session, *, user_id: int | None, course_id: int, section_id: int, position_seconds: int
) -> Position:
    """Remember where the learner is: the section playing and the position in it.

    Returns:
        The section and position as stored (clamped to 0 .. one week), and when.

    Raises:
        Unauthorized, NotFound, Forbidden: as for :func:`player_view`; NotFound when the section
        is not part of the course.
    """
    _, enrollment = require_enrollment(session, user_id, course_id)
    _course_section(session, course_id, section_id)
    enrollment.last_section_id = section_id
    enrollment.last_position_seconds = min(max(0, int(position_seconds)), MAX_POSITION_SECONDS)
    enrollment.last_watched_at = datetime.now(UTC)
    session.add(enrollment)
    session.flush()
    return Position(
        section_id=section_id,
        position_seconds=enrollment.last_position_seconds,
        last_watched_at=iso(enrollment.last_watched_at),
    )


def mark_section_complete(
    session: Session, *, user_id: int | None, course_id: int, section_id: int, complete: bool = True
) -> CourseProgress:
    """Mark a section complete (or not); idempotent either way.

    The enrollment's ``completed_at`` is set once every section is complete and cleared when one is
    un-marked, so My Courses can show the course as completed.

    Returns:
        The course's progress, as :func:`course_progress`.
    """
    _, enrollment = require_enrollment(session, user_id, course_id)
    learner = enrollment.user_id  # the checked caller, no longer Optional
    _course_section(session, course_id, section_id)
    existing = session.exec(
        select(SectionProgress).where(SectionProgress.user_id == learner, SectionProgress.section_id == section_id)
    ).first()
    if complete and existing is None:
        try:
            # A savepoint: a double click racing this one may insert first; that is the same outcome.
            with session.begin_nested():
                session.add(SectionProgress(user_id=learner, course_id=course_id, section_id=section_id))
        except IntegrityError:
            pass
    elif not complete and existing is not None:
        session.delete(existing)
    session.flush()
    total = len(course_sections(session, course_id))
    done = len(completed_section_ids(session, learner, course_id))
    finished = total > 0 and done >= total
    if finished and enrollment.completed_at is None:
        enrollment.completed_at = datetime.now(UTC)
    elif not finished:
        enrollment.completed_at = None
    session.add(enrollment)
    session.flush()
    if finished:  # the certificate of completion, issued once; un-marking a section later keeps it
        certificates.issue(session, user_id=learner, course_id=course_id)
    return course_progress(session, user_id=user_id, course_id=course_id)
