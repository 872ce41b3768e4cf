"""API routes: learning — My Courses, the course player and progress through sections."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, OptionalUser, SessionDep, writes
from marketplace.domain import learning
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.learning import CourseProgress, EnrolledCoursePage, Player, Position

router = APIRouter(tags=["learning"], route_class=CommitOnReturnRoute)

CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]


class PositionIn(BaseModel):
    """Where the learner is in a course."""

    model_config = ConfigDict(populate_by_name=True)

    section_id: int = Field(alias="sectionId", ge=1, le=MAX_ID)
    position_seconds: int = Field(0, alias="positionSeconds", ge=0, le=2**62)  # clamped to a week by the domain


class CompleteIn(BaseModel):
    """A section marked complete, or not."""

    model_config = ConfigDict(populate_by_name=True)

    section_id: int = Field(alias="sectionId", ge=1, le=MAX_ID)
    complete: bool = True


@router.get("/enrolled-courses")
def enrolled_courses(
    session: SessionDep, user: CurrentUser, page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1
) -> EnrolledCoursePage:
    """The caller's enrolled courses, 6 per page, most recently watched first, with progress."""
    return learning.enrolled_courses(session, user.id or 0, page=page)  # a signed-in user is a saved row


@router.get("/player/{course_id}")
@writes
def player(session: SessionDep, user: OptionalUser, course_id: CourseId) -> Player:
    """The player's data; 401 signed out, 404 unknown course, 403 not enrolled (docs/product.md's messages)."""
    return learning.player_view(session, user_id=user.id if user else None, course_id=course_id)


@router.get("/progress/{course_id}")
def progress(session: SessionDep, user: OptionalUser, course_id: CourseId) -> CourseProgress:
    """The caller's progress through a course."""
    return learning.course_progress(session, user_id=user.id if user else None, course_id=course_id)


@router.post("/progress/{course_id}")
def record_position(session: SessionDep, user: OptionalUser, course_id: CourseId, body: PositionIn) -> Position:
    """Remember the section playing and the position in it, for resuming later."""
    return learning.record_position(
        session,
        user_id=user.id if user else None,
        course_id=course_id,
        section_id=body.section_id,
        position_seconds=body.position_seconds,
    )


@router.post("/progress/{course_id}/complete")
def mark_complete(session: SessionDep, user: OptionalUser, course_id: CourseId, body: CompleteIn) -> CourseProgress:
    """Mark a section complete (or not) and answer the course's progress."""
    return learning.mark_section_complete(
        session,
        user_id=user.id if user else None,
        course_id=course_id,
        section_id=body.section_id,
        complete=body.complete,
    )
