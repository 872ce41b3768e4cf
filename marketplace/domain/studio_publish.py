"""Publishing, unpublishing and deleting a studio course (docs/product.md, "Instructor studio").

A course is published only when nothing is missing (each missing piece is named); publishing puts it in the
catalog at once: the search index already holds every course (migration 0013's triggers index each insert and
edit), and the public queries show the published ones (marketplace.domain.catalog_visibility). Unpublishing takes
it out of the catalog but not from its enrolled learners. A course with learners is never deleted.
Import these through :mod:`marketplace.domain.studio`.
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col, select

from marketplace.db.models import (
    CartEntry,
    Certificate,
    CourseCategory,
    Enrollment,
    MediaUpload,
    OrderLine,
    Review,
    Section,
    SectionProgress,
    WishlistEntry,
)
from marketplace.db.models._base import utcnow
from marketplace.domain.errors import Conflict, DomainError
from marketplace.domain.media_release import release, thumbnail_upload
from marketplace.domain.studio_access import (
    DRAFT,
    PUBLISHED,
    UNPUBLISHED,
    draft_of,
    owned_course,
    problems_for,
    sections_of,
    touch,
)
from marketplace.shapes.studio import CourseDraft

HAS_LEARNERS = "This course has learners enrolled; unpublish it instead."
WAS_ORDERED = "This course is in learners' orders; unpublish it instead."
NOT_PUBLISHED = "Only a published course can be unpublished."


class PublishBlocked(DomainError):
    """The course is not ready: ``problems`` names each missing piece (also joined in the message)."""

    status = 422

    def __init__(self, problems: list[str]) -> None:
        super().__init__("Before publishing: " + "; ".join(problems) + ".", field="publish")
        self.problems = problems


def publish_problems(session: Session, user_id: int, course_id: int) -> list[str]:
    """What still stands in the way of publishing one of the caller's courses; empty when it is ready."""
    course = owned_course(session, user_id, course_id)
    assert course.id is not None
    return problems_for(session, course, sections_of(session, course.id))


def publish(session: Session, user_id: int, course_id: int) -> CourseDraft:
    """Put the course in the catalog, or raise :class:`PublishBlocked` naming every missing piece."""
    course = owned_course(session, user_id, course_id)
    assert course.id is not None
    problems = problems_for(session, course, sections_of(session, course.id))
    if problems:
        raise PublishBlocked(problems)
    course.status = PUBLISHED
    if course.published_at is None:
        course.published_at = utcnow()  # the first time only: a republished course keeps its date
    touch(session, course)
    return draft_of(session, course)


def unpublish(session: Session, user_id: int, course_id: int) -> CourseDraft:
    """Take a published course out of the catalog; its enrolled learners keep it. Unpublished again: no change."""
    course = owned_course(session, user_id, course_id)
    if course.status == DRAFT:
        raise DomainError(NOT_PUBLISHED, field="status")
    if course.status != UNPUBLISHED:
        course.status = UNPUBLISHED
        touch(session, course)
    return draft_of(session, course)


def delete_course(session: Session, user_id: int, course_id: int) -> None:
    """Delete a course nobody has enrolled in or ordered, with its lessons and everything that points at it.

    Conflict when a learner is enrolled (or an order names it): their purchase must stay, so the instructor
    unpublishes it instead. Its thumbnail and lesson videos are released: removed from the media storage after
    the commit unless something else uses them (marketplace.domain.media_release).
    """
    course = owned_course(session, user_id, course_id)
    if session.exec(select(Enrollment.id).where(Enrollment.course_id == course_id).limit(1)).first() is not None:
        raise Conflict(HAS_LEARNERS)
    if session.exec(select(OrderLine.id).where(OrderLine.course_id == course_id).limit(1)).first() is not None:
        raise Conflict(WAS_ORDERED)
    _release_media(session, course.thumbnail, course_id)
    # Most of these cascade in the database; deleting them here does not depend on it.
    for table, column in (
        (SectionProgress, SectionProgress.course_id),
        (CartEntry, CartEntry.course_id),
        (WishlistEntry, WishlistEntry.course_id),
        (Certificate, Certificate.course_id),
        (CourseCategory, CourseCategory.course_id),
        (Section, Section.course_id),
    ):
        session.execute(delete(table).where(col(column) == course_id))
    session.execute(delete(Review).where(col(Review.target_type) == "Course", col(Review.target_id) == course_id))
    session.delete(course)
    session.flush()


def _release_media(session: Session, thumbnail: str, course_id: int) -> None:
    """Release the course's thumbnail, its lessons' videos and uploads sent for its lessons (no longer theirs)."""
    section_ids = list(session.exec(select(Section.id).where(Section.course_id == course_id)).all())
    videos = session.exec(select(Section.video_upload_id).where(Section.course_id == course_id)).all()
    sent = list(session.exec(select(MediaUpload).where(col(MediaUpload.section_id).in_(section_ids))).all())
    for upload in sent:
        upload.section_id = None  # one still being checked is released when it is accepted (media/videos.py)
        session.add(upload)
    release(session, [thumbnail_upload(thumbnail), *videos, *(u.id for u in sent)])
