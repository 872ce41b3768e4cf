"""API routes: becoming an instructor and enrolling in a free course (docs/product.md, "Becoming an instructor",
"Free courses"). Every rule is the domain's; these routes only say who is asking."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import free_enrollment, teach
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.teach import BecameInstructor, FreeEnrollment, InstructorApplication, TeachTerms

router = APIRouter(tags=["teach"], route_class=CommitOnReturnRoute)

CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]


@router.get("/teach", response_model=TeachTerms)
def teach_terms() -> TeachTerms:
    """What teaching here means in figures: the platform's fee and the instructor's share, in percent."""
    return teach.terms()


@router.post("/instructors/me", status_code=201, response_model=BecameInstructor)
def become_instructor(body: InstructorApplication, session: SessionDep, user: CurrentUser) -> BecameInstructor:
    """Turn the caller's account into an instructor's with a public teacher page.

    422 ``{message, field}`` names the first broken rule; 409 when the caller is an instructor already.
    """
    return teach.become_instructor(session, user.id, body)


@router.post("/courses/{course_id}/enroll", status_code=201, response_model=FreeEnrollment)
def enroll_free(course_id: CourseId, session: SessionDep, user: CurrentUser) -> FreeEnrollment:
    """Enroll the caller in a free course: no cart, no order, no payment.

    400 for a paid course, 403 for the caller's own, 404 for a course they cannot see, 409 when enrolled already.
    """
    return free_enrollment.enroll_free(session, user.id, course_id)
