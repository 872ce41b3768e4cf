"""Continue learning (docs/product.md, "Continue learning"): the course a learner watched last, for the home page.

Read-only: watching is recorded by the player (:mod:`marketplace.domain.progress`); this only reads the
enrollment with the latest ``last_watched_at``.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from marketplace import routes
from marketplace.db.models import Enrollment, Section
from marketplace.domain.learning import enrolled_courses
from marketplace.domain.progress import course_sections
from marketplace.shapes.home import ContinueLearning


def last_watched(session: Session, *, user_id: int) -> ContinueLearning | None:
    """The course ``user_id`` watched most recently, with its progress and the lesson they were on.

    Returns:
        None when the learner has never opened any of their courses (or owns none).
    """
    enrollment = session.exec(
        select(Enrollment)
        .where(Enrollment.user_id == user_id, col(Enrollment.last_watched_at).is_not(None))
        .order_by(col(Enrollment.last_watched_at).desc(), col(Enrollment.id).desc())
        .limit(1)
    ).first()
    if enrollment is None:
        return None
    # My Courses' first card is the same enrollment (most recently watched first), with its progress worked out.
    first = enrolled_courses(session, user_id, page=1, per_page=1).courses
    if not first or first[0].id != enrollment.course_id:
        return None
    return ContinueLearning(
        course=first[0],
        lesson_title=_resume_lesson(session, enrollment),
        href=routes.player(enrollment.course_id),
    )


def _resume_lesson(session: Session, enrollment: Enrollment) -> str:
    """The lesson the player opens at: the one last playing, else the course's first (as ``player_view`` does)."""
    lesson = session.get(Section, enrollment.last_section_id) if enrollment.last_section_id else None
    if lesson is not None and lesson.course_id == enrollment.course_id:
        return lesson.title
    sections = course_sections(session, enrollment.course_id)
    return sections[0].title if sections else ""
