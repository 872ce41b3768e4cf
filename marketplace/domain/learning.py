"""Learning: the learner's enrolled courses (My Courses) and the course player.

Progress itself (enrollment checks, resume position, completed sections) lives in
:mod:`marketplace.domain.progress`; its public functions are re-exported here so callers have one
module for learning. Answers are the shapes of :mod:`marketplace.shapes.learning` (times as ISO 8601 text).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import case, func
from sqlmodel import Session, col, select

from marketplace.db.models import (
    Category,
    Course,
    CourseCategory,
    Enrollment,
    Instructor,
    MediaUpload,
    Section,
    SectionProgress,
    User,
)
from marketplace.domain import certificates
from marketplace.domain.catalog_cards import clamp_rating, duration_text, thumbnail_url
from marketplace.domain.catalog_visibility import teaches
from marketplace.domain.progress import (
    COURSE_NOT_FOUND,
    NOT_ENROLLED,
    NOT_SIGNED_IN,
    completed_section_ids,
    course_progress,
    course_sections,
    is_enrolled,
    mark_section_complete,
    progress_summary,
    record_position,
    require_enrollment,
)
from marketplace.domain.shapes import iso, person_name
from marketplace.domain.video import classify_video, section_video
from marketplace.media.serving import ready_videos, uploaded_source
from marketplace.money import format_ngn
from marketplace.shapes.base import Page, clamp_page, naira, page_count
from marketplace.shapes.learning import (
    EnrolledCourse,
    EnrolledCoursePage,
    Player,
    PlayerCourse,
    PlayerInstructor,
    PlayerSection,
    PlayerStats,
    Progress,
)

__all__ = [
    "COURSE_NOT_FOUND",
    "NOT_ENROLLED",
    "NOT_SIGNED_IN",
    "classify_video",
    "course_progress",
    "enrolled_courses",
    "is_enrolled",
    "mark_section_complete",
    "player_view",
    "record_position",
]

# The spec's player stats when a course has none of its own.
DEFAULT_HOURS = 10
DEFAULT_LESSONS = 24
DEFAULT_LEVEL = "Intermediate"


def _section_counts(session: Session, course_ids: list[int]) -> dict[int, int]:
    rows = session.exec(
        select(Section.course_id, func.count(col(Section.id)))
        .where(col(Section.course_id).in_(course_ids))
        .group_by(col(Section.course_id))
    )
    return dict(rows.all())


def _completed_counts(session: Session, user_id: int, course_ids: list[int]) -> dict[int, int]:
    # Joined to sections so a row can never count for a section of another course.
    rows = session.exec(
        select(Section.course_id, func.count(col(SectionProgress.id)))
        .join(Section, col(Section.id) == SectionProgress.section_id)
        .where(SectionProgress.user_id == user_id, col(Section.course_id).in_(course_ids))
        .group_by(col(Section.course_id))
    )
    return dict(rows.all())


def enrolled_courses(session: Session, user_id: int, *, page: int = 1, per_page: int = 6) -> EnrolledCoursePage:
    """One page of the learner's courses, most recently watched first.

    Courses never watched come after, newest enrollment first. ``page`` is brought into the pages that exist.
    """
    per_page = max(1, per_page)
    total = session.exec(select(func.count(col(Enrollment.id))).where(Enrollment.user_id == user_id)).one()
    page = clamp_page(page, page_count(total, per_page))
    # NULLS LAST spelled portably: SQLite and PostgreSQL put NULLs at opposite ends by default.
    never_watched = case((col(Enrollment.last_watched_at).is_(None), 1), else_=0)
    rows = session.exec(
        select(Enrollment, Course, Instructor, User)
        .join(Course, col(Course.id) == Enrollment.course_id)
        .join(Instructor, col(Instructor.id) == Course.instructor_id)
        .join(User, col(User.id) == Instructor.user_id)
        .where(Enrollment.user_id == user_id)
        .order_by(
            never_watched,
            col(Enrollment.last_watched_at).desc(),
            col(Enrollment.created_at).desc(),
            col(Enrollment.id).desc(),
        )
        .offset(Page.offset(page, per_page))
        .limit(per_page)
    ).all()
    ids = [course.id for _, course, _, _ in rows if course.id is not None]
    totals = _section_counts(session, ids)
    done = _completed_counts(session, user_id, ids)
    codes = certificates.certificate_codes(session, user_id=user_id, course_ids=ids)
    courses = [
        _enrolled_course(
            enrollment,
            course,
            instructor,
            teacher,
            progress_summary(done.get(_id(course), 0), totals.get(_id(course), 0)),
            certificate_url(codes.get(_id(course), "")),
        )
        for enrollment, course, instructor, teacher in rows
    ]
    return EnrolledCoursePage(
        courses=courses, total=total, page=page, pages=page_count(total, per_page), per_page=per_page
    )


def certificate_url(code: str) -> str:
    """The public page of a certificate, or "" without one."""
    return f"/certificates/{code}" if code else ""


def _id(record: Course | Instructor | User | Section) -> int:
    # Rows read back from the database always have their id.
    return record.id or 0


def _enrolled_course(
    enrollment: Enrollment, course: Course, instructor: Instructor, teacher: User, progress: Progress, certificate: str
) -> EnrolledCourse:
    rating = clamp_rating(course.rating)
    return EnrolledCourse(
        id=_id(course),
        title=course.title,
        description=course.description,
        thumbnail=thumbnail_url(course.thumbnail),
        instructor=person_name(teacher),
        instructor_id=_id(instructor),
        level=course.level,
        hours=course.hours,
        lectures=course.lectures,
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=course.review_count,
        price=naira(course.price_kobo),
        price_text=format_ngn(course.price_kobo),
        enrolled=True,
        enrolled_at=iso(enrollment.created_at),
        last_watched_at=iso(enrollment.last_watched_at),
        progress=progress,
        certificate_url=certificate,
    )


def _instructor_card(session: Session, instructor_id: int) -> PlayerInstructor:
    instructor = session.get(Instructor, instructor_id)
    user = session.get(User, instructor.user_id) if instructor else None
    rating = clamp_rating(instructor.rating if instructor else 0.0)
    return PlayerInstructor(
        id=instructor_id,
        name=person_name(user),
        title=instructor.title if instructor else "",
        about=instructor.about if instructor else "",
        avatar=user.profile_picture if user else "",
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=instructor.review_count if instructor else 0,
    )


def _category_names(session: Session, course_id: int) -> list[str]:
    rows = session.exec(
        select(Category.name)
        .join(CourseCategory, col(CourseCategory.category_id) == Category.id)
        .where(CourseCategory.course_id == course_id)
        .order_by(col(Category.name))
    )
    return list(rows.all())


def _player_course(session: Session, course: Course) -> PlayerCourse:
    rating = clamp_rating(course.rating)
    return PlayerCourse(
        id=_id(course),
        title=course.title,
        description=course.description,
        thumbnail=thumbnail_url(course.thumbnail),
        level=course.level,
        hours=course.hours,
        lectures=course.lectures,
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=course.review_count,
        categories=_category_names(session, _id(course)),
        instructor=_instructor_card(session, course.instructor_id),
    )


def _player_section(section: Section, number: int, done: set[int], ready: dict[str, MediaUpload]) -> PlayerSection:
    # An accepted uploaded video plays from a short-lived signed link (the player is for who may watch it).
    kind, src, mime = uploaded_source(section, ready) or section_video(section.video_url, section.video_file)
    return PlayerSection(
        id=_id(section),
        number=number,
        title=section.title or f"Section {number}",
        position=section.position,
        is_preview=section.is_preview,
        duration_seconds=section.duration_seconds or 0,
        duration_text=duration_text(section.duration_seconds or 0),
        kind=kind,
        src=src,
        mime=mime,
        completed=section.id in done,
    )


def player_view(session: Session, *, user_id: int | None, course_id: int) -> Player:
    """Everything the course player shows, for an enrolled learner only.

    Args:
        session: The database session.
        user_id: The signed-in learner, or None when nobody is signed in.
        course_id: The course to play.

    Returns:
        The course (with its teacher and categories), its stats (hours, lessons, level with the spec's
        defaults when the course has none), the sections (each with how its video plays and whether it is
        completed), the section to resume at (the last one watched, else the first), where in it, and the
        progress.

    Raises:
        Unauthorized: Please log in to access this course.
        NotFound: Course not found.
        Forbidden: You are not enrolled in this course.

    Records the visit as the enrollment's last watch (the caller commits). The course's own instructor gets
    the player too (``teaching``), without progress: they come to answer their learners' questions.
    """
    teaching = _teaches(session, user_id, course_id)
    if teaching is not None:
        return _teacher_view(session, teaching)
    course, enrollment = require_enrollment(session, user_id, course_id)
    # Opening the player is watching, whatever plays (a YouTube or framed section reports no progress):
    # the course moves to the top of My Courses.
    enrollment.last_watched_at = datetime.now(UTC)
    session.add(enrollment)
    sections = course_sections(session, course_id)
    done = completed_section_ids(session, enrollment.user_id, course_id)
    ready = ready_videos(session, sections)
    ids = [_id(section) for section in sections]
    resume_here = enrollment.last_section_id in ids
    current = enrollment.last_section_id if resume_here else (ids[0] if ids else None)
    return Player(
        course=_player_course(session, course),
        stats=PlayerStats(
            hours=course.hours or DEFAULT_HOURS,
            lessons=course.lectures or len(sections) or DEFAULT_LESSONS,
            level=course.level or DEFAULT_LEVEL,
        ),
        sections=[_player_section(section, number, done, ready) for number, section in enumerate(sections, start=1)],
        current_section_id=current,
        resume_position_seconds=enrollment.last_position_seconds if resume_here else 0,
        progress=progress_summary(len(done), len(sections)),
        certificate_url=_certificate_url(session, enrollment.user_id, course_id),
    )


def _teaches(session: Session, user_id: int | None, course_id: int) -> Course | None:
    """The course when ``user_id`` is its instructor (who watches it, and answers its Q&A, without enrolling)."""
    if user_id is None:
        return None
    course = session.get(Course, course_id)
    if course is None:
        return None
    return course if teaches(session, user_id, course) else None


def _teacher_view(session: Session, course: Course) -> Player:
    """The player as the course's own instructor sees it: every section, no progress of theirs to keep."""
    sections = course_sections(session, _id(course))
    ready = ready_videos(session, sections)
    return Player(
        course=_player_course(session, course),
        stats=PlayerStats(
            hours=course.hours or DEFAULT_HOURS,
            lessons=course.lectures or len(sections) or DEFAULT_LESSONS,
            level=course.level or DEFAULT_LEVEL,
        ),
        sections=[_player_section(section, number, set(), ready) for number, section in enumerate(sections, start=1)],
        current_section_id=_id(sections[0]) if sections else None,
        progress=progress_summary(0, len(sections)),
        teaching=True,
    )


def _certificate_url(session: Session, user_id: int, course_id: int) -> str:
    found = certificates.course_certificate(session, user_id=user_id, course_id=course_id)
    return found.url if found is not None else ""


def player_certificate_url(session: Session, *, user_id: int | None, course_id: int) -> str:
    """The caller's certificate page for a course they are enrolled in, or "" until they finish it."""
    _, enrollment = require_enrollment(session, user_id, course_id)
    return _certificate_url(session, enrollment.user_id, course_id)
