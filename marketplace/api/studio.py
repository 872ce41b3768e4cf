"""API routes: the instructor studio under /api/studio (docs/product.md, "Instructor studio").

Every route asks who is calling (401 without a valid token) and lets marketplace.domain.studio decide: a learner
or another instructor's course is 403, an unknown id 404, a broken rule 400 naming its field, and a publish
that is not ready 422 with every missing piece in ``problems``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse
from pydantic import Field

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.api.errors import ErrorBody
from marketplace.domain import studio
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.base import Shape
from marketplace.shapes.studio import (
    CourseChanges,
    CourseDraft,
    SectionChanges,
    StudioCourseRow,
)

router = APIRouter(prefix="/studio", tags=["studio"], route_class=CommitOnReturnRoute)

Id = Annotated[int, Path(ge=1, le=MAX_ID)]
MAX_TEXT = 10_000  # far above every field's own limit, which the domain states in words


class TitleIn(Shape):
    """A new course's or lesson's title."""

    title: str = Field("", max_length=MAX_TEXT)


class MoveIn(Shape):
    """How far to move a lesson: -1 up, +1 down."""

    offset: int = Field(ge=-1000, le=1000)


class ThumbnailIn(Shape):
    """An accepted image upload (``POST /api/uploads/images``) to use as the thumbnail."""

    upload_id: str = Field(min_length=1, max_length=64)


class CourseDeleted(Shape):
    """A course that was deleted."""

    id: int
    deleted: bool = True


@router.get("/courses")
def list_courses(session: SessionDep, user: CurrentUser) -> list[StudioCourseRow]:
    """The caller's courses, the most recently changed first, with students, net revenue and rating."""
    return studio.my_courses(session, user.id or 0)


@router.post("/courses", status_code=201)
def create_course(session: SessionDep, user: CurrentUser, body: TitleIn) -> CourseDraft:
    """Start a draft with its title; it has no price until one is saved (0 makes it free)."""
    return studio.create_course(session, user.id or 0, body.title)


@router.get("/courses/{course_id}")
def get_course(session: SessionDep, user: CurrentUser, course_id: Id) -> CourseDraft:
    """One of the caller's courses as the editor shows it, with what is missing before it can be published."""
    return studio.course_draft(session, user.id or 0, course_id)


@router.patch("/courses/{course_id}")
def update_course(session: SessionDep, user: CurrentUser, course_id: Id, body: CourseChanges) -> CourseDraft:
    """Save the fields sent (the rest stay); prices are naira with at most two decimals."""
    return studio.update_course(session, user.id or 0, course_id, body)


@router.delete("/courses/{course_id}", responses={409: {"model": ErrorBody, "description": "Learners enrolled."}})
def delete_course(session: SessionDep, user: CurrentUser, course_id: Id) -> CourseDeleted:
    """Delete a course nobody is enrolled in; one with learners answers 409 (unpublish it instead)."""
    studio.delete_course(session, user.id or 0, course_id)
    return CourseDeleted(id=course_id)


@router.post("/courses/{course_id}/sections", status_code=201)
def add_section(session: SessionDep, user: CurrentUser, course_id: Id, body: TitleIn) -> CourseDraft:
    """Add a lesson at the end of the course."""
    return studio.add_section(session, user.id or 0, course_id, body.title)


@router.patch("/sections/{section_id}")
def update_section(session: SessionDep, user: CurrentUser, section_id: Id, body: SectionChanges) -> CourseDraft:
    """Rename a lesson, mark it a preview, give it a YouTube link or a duration (only the fields sent)."""
    return studio.update_section(session, user.id or 0, section_id, body)


@router.delete("/sections/{section_id}")
def remove_section(session: SessionDep, user: CurrentUser, section_id: Id) -> CourseDraft:
    """Remove a lesson; the others close up."""
    return studio.remove_section(session, user.id or 0, section_id)


@router.post("/sections/{section_id}/move")
def move_section(session: SessionDep, user: CurrentUser, section_id: Id, body: MoveIn) -> CourseDraft:
    """Move a lesson up (-1) or down (+1)."""
    return studio.move_section(session, user.id or 0, section_id, body.offset)


@router.put("/courses/{course_id}/thumbnail")
def set_thumbnail(session: SessionDep, user: CurrentUser, course_id: Id, body: ThumbnailIn) -> CourseDraft:
    """Use one of the caller's accepted image uploads as the course's thumbnail."""
    return studio.set_thumbnail(session, user.id or 0, course_id, body.upload_id)


@router.post(
    "/courses/{course_id}/publish",
    response_model=CourseDraft,
    responses={422: {"model": ErrorBody, "description": "Not ready: each missing piece in `problems`."}},
)
def publish(session: SessionDep, user: CurrentUser, course_id: Id) -> CourseDraft | JSONResponse:
    """Put the course in the catalog; when something is missing, 422 with every missing piece in ``problems``."""
    try:
        return studio.publish(session, user.id or 0, course_id)
    except studio.PublishBlocked as blocked:
        body = ErrorBody(message=blocked.message, field=blocked.field, problems=blocked.problems)
        return body.response(blocked.status)


@router.post("/courses/{course_id}/unpublish")
def unpublish(session: SessionDep, user: CurrentUser, course_id: Id) -> CourseDraft:
    """Take the course out of the catalog; learners already enrolled keep it."""
    return studio.unpublish(session, user.id or 0, course_id)
