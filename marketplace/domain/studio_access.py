"""The studio's foundations: who may touch a course, a course as its editor sees it, and its figures kept in step.

Every studio call starts here: the caller must be an instructor (``User.role == "instructor"`` with an
``Instructor`` row) and own the course or lesson (docs/product.md, "Instructor studio"). Use
:mod:`marketplace.domain.studio` from outside; this module is what its parts share.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sqlmodel import Session, col, select

from marketplace.db.models import Course, CourseCategory, Instructor, MediaUpload, Section, User
from marketplace.db.models._base import utcnow
from marketplace.domain.errors import Forbidden, NotFound
from marketplace.domain.shapes import aware, iso
from marketplace.shapes.base import naira
from marketplace.shapes.studio import CourseDraft, SectionDraft

DRAFT = "draft"
PUBLISHED = "published"
UNPUBLISHED = "unpublished"
STATUSES = (DRAFT, PUBLISHED, UNPUBLISHED)
READY = "ready"

ONLY_INSTRUCTORS = "Only instructors can use the studio."
COURSE_NOT_FOUND = "Course not found"
LESSON_NOT_FOUND = "Lesson not found"
NOT_YOUR_COURSE = "You can only change your own courses."

# The publish checks, in the order the editor lists them (docs/product.md, "Instructor studio").
NEEDS_TITLE = "Add a title"
NEEDS_DESCRIPTION = "Add a description"
NEEDS_THUMBNAIL = "Upload a thumbnail"
NEEDS_VIDEO = "Add at least one lesson with a playable video"
NEEDS_PRICE = "Set a price (0 makes the course free)"


def instructor_of(session: Session, user_id: int) -> Instructor | None:
    """The user's teaching profile, if they have one (whatever their role says)."""
    return session.exec(select(Instructor).where(Instructor.user_id == user_id)).first()


def require_instructor(session: Session, user_id: int | None, message: str = ONLY_INSTRUCTORS) -> Instructor:
    """The caller's teaching profile; Forbidden(``message``) for a learner (or an instructor role without one).

    The one instructor check of the studio, its uploads and its earnings; ``message`` says what was refused.
    """
    user = session.get(User, user_id) if user_id else None
    instructor = instructor_of(session, user.id) if user is not None and user.id and user.role == "instructor" else None
    if instructor is None:
        raise Forbidden(message)
    return instructor


def owned_course(session: Session, user_id: int | None, course_id: int) -> Course:
    """The course ``course_id`` when the caller teaches it: NotFound when there is none, Forbidden when not theirs."""
    instructor = require_instructor(session, user_id)
    course = session.get(Course, course_id)
    if course is None:
        raise NotFound(COURSE_NOT_FOUND)
    if course.instructor_id != instructor.id:
        raise Forbidden(NOT_YOUR_COURSE)
    return course


def owned_section(session: Session, user_id: int | None, section_id: int) -> tuple[Section, Course]:
    """The lesson ``section_id`` and its course when the caller teaches it (NotFound / Forbidden as above)."""
    instructor = require_instructor(session, user_id)
    section = session.get(Section, section_id)
    if section is None:
        raise NotFound(LESSON_NOT_FOUND)
    course = session.get(Course, section.course_id)
    if course is None:  # pragma: no cover - a section always has its course (foreign key)
        raise NotFound(LESSON_NOT_FOUND)
    if course.instructor_id != instructor.id:
        raise Forbidden(NOT_YOUR_COURSE)
    return section, course


def sections_of(session: Session, course_id: int) -> list[Section]:
    """A course's lessons in their order."""
    query = select(Section).where(Section.course_id == course_id).order_by(col(Section.position), col(Section.id))
    return list(session.exec(query).all())


def hours_for(sections: Sequence[Section]) -> int:
    """Course.hours: the lessons' total length rounded up to whole hours, at least 1 when any lesson has a video."""
    total = sum(max(s.duration_seconds, 0) for s in sections)
    has_video = any(s.video_url or s.video_file or s.video_upload_id for s in sections)
    return max(math.ceil(total / 3600), 1 if has_video else 0)


def touch(session: Session, course: Course, sections: Sequence[Section] | None = None) -> None:
    """Record a change: ``updated_at`` now, and (given the lessons) the lesson count and hours kept in step."""
    if sections is not None:
        course.lectures = len(sections)
        course.hours = hours_for(sections)
    course.updated_at = utcnow()
    session.add(course)
    session.flush()


def renumber(session: Session, sections: Sequence[Section]) -> None:
    """Positions 0, 1, 2... in the given order, so they stay contiguous after a move or a removal."""
    for position, section in enumerate(sections):
        if section.position != position:
            section.position = position
            session.add(section)


def uploads_by_id(session: Session, sections: Sequence[Section]) -> dict[int, MediaUpload]:
    """For each lesson, the upload the editor reports on: the newest one sent for it, or the attached one."""
    ids = [s.id for s in sections if s.id is not None]
    attached = [s.video_upload_id for s in sections if s.video_upload_id]
    if not ids:
        return {}
    query = select(MediaUpload).where(
        col(MediaUpload.kind) == "video",
        col(MediaUpload.section_id).in_(ids) | col(MediaUpload.id).in_(attached),
    )
    uploads = list(session.exec(query).all())
    by_id = {u.id: u for u in uploads}
    chosen: dict[int, MediaUpload] = {}
    for section in sections:
        mine = [u for u in uploads if u.section_id == section.id]
        if section.video_upload_id and section.video_upload_id in by_id:
            mine.append(by_id[section.video_upload_id])
        if mine and section.id is not None:
            chosen[section.id] = max(mine, key=lambda u: (aware(u.created_at), u.id))
    return chosen


def is_playable(section: Section, ready_uploads: set[str]) -> bool:
    """Whether a lesson has a video a learner can play: a link or file, or an accepted upload."""
    if section.video_url or section.video_file:
        return True
    return bool(section.video_upload_id and section.video_upload_id in ready_uploads)


def problems_for(session: Session, course: Course, sections: Sequence[Section]) -> list[str]:
    """Each piece still missing before ``course`` can be published, in words; an empty list when it is ready."""
    attached = [s.video_upload_id for s in sections if s.video_upload_id]
    ready: set[str] = set()
    if attached:
        query = select(MediaUpload.id).where(col(MediaUpload.id).in_(attached), MediaUpload.status == READY)
        ready = set(session.exec(query).all())
    problems = []
    if not course.title.strip():
        problems.append(NEEDS_TITLE)
    if not course.description.strip():
        problems.append(NEEDS_DESCRIPTION)
    if not course.thumbnail.strip():
        problems.append(NEEDS_THUMBNAIL)
    if not any(is_playable(s, ready) for s in sections):
        problems.append(NEEDS_VIDEO)
    if not course.price_set:
        problems.append(NEEDS_PRICE)
    return problems


def section_draft(section: Section, upload: MediaUpload | None) -> SectionDraft:
    """A lesson as the editor shows it."""
    return SectionDraft(
        id=section.id or 0,
        title=section.title,
        position=section.position,
        is_preview=section.is_preview,
        video_url=section.video_url,
        video_upload_id=section.video_upload_id,
        video_status=upload.status if upload else "",
        video_error=upload.error if upload and upload.status == "rejected" else "",
        duration_seconds=section.duration_seconds,
    )


def draft_of(session: Session, course: Course) -> CourseDraft:
    """The editor's view of ``course`` (whose ownership the caller has already checked)."""
    assert course.id is not None
    sections = sections_of(session, course.id)
    uploads = uploads_by_id(session, sections)
    category_ids = session.exec(
        select(CourseCategory.category_id)
        .where(CourseCategory.course_id == course.id)
        .order_by(col(CourseCategory.category_id))
    ).all()
    original = course.original_price_kobo
    return CourseDraft(
        id=course.id,
        title=course.title,
        subtitle=course.subtitle,
        description=course.description,
        learn=list(course.learn or []),
        requirements=list(course.requirements or []),
        audience=list(course.audience or []),
        level=course.level,
        language=course.language,
        category_ids=list(category_ids),
        price=naira(course.price_kobo) if course.price_set else None,
        original_price=naira(original) if original is not None else None,
        thumbnail=course.thumbnail,
        status=course.status,
        sections=[section_draft(s, uploads.get(s.id or 0)) for s in sections],
        enrollment_count=course.enrollment_count,
        publish_problems=problems_for(session, course, sections),
        published_at=iso(course.published_at),
        updated_at=iso(course.updated_at or course.created_at),
    )
