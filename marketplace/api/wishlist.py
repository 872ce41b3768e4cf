"""API routes: the signed-in learner's wishlist (the hearts)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import wishlist
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.base import Page, Shape
from marketplace.shapes.catalog import CourseCard

router = APIRouter(tags=["wishlist"], route_class=CommitOnReturnRoute)

CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]


class WishlistChange(Shape):
    """Where a course stands after a heart or un-heart: ``{courseId, wishlisted, changed}``."""

    course_id: int
    wishlisted: bool
    changed: bool  # False when it already was as asked (a double tap)


class WishlistIds(Shape):
    """The hearted course ids, newest first, for drawing the hearts."""

    course_ids: list[int]


@router.get("/wishlist")
def my_wishlist(
    session: SessionDep, user: CurrentUser, page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1
) -> Page[CourseCard]:
    """One page of the caller's hearted courses as course cards, newest first."""
    assert user.id is not None
    return wishlist.list_courses(session, user_id=user.id, page=page)


@router.get("/wishlist/ids")
def my_wishlist_ids(session: SessionDep, user: CurrentUser) -> WishlistIds:
    """Only the ids, for the hearts on a page of cards."""
    assert user.id is not None
    return WishlistIds(course_ids=wishlist.course_ids(session, user_id=user.id))


@router.put("/wishlist/{course_id}")
def heart(session: SessionDep, user: CurrentUser, course_id: CourseId) -> WishlistChange:
    """Add a course to the wishlist; doing it twice is harmless."""
    assert user.id is not None
    changed = wishlist.add(session, user_id=user.id, course_id=course_id)
    return WishlistChange(course_id=course_id, wishlisted=True, changed=changed)


@router.delete("/wishlist/{course_id}")
def unheart(session: SessionDep, user: CurrentUser, course_id: CourseId) -> WishlistChange:
    """Take a course off the wishlist; doing it twice is harmless."""
    assert user.id is not None
    changed = wishlist.remove(session, user_id=user.id, course_id=course_id)
    return WishlistChange(course_id=course_id, wishlisted=False, changed=changed)
