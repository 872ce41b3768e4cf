"""API routes: reviews of courses and mentors, under docs/product.md's /review paths."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from marketplace.api.deps import (
    CommitOnReturnRoute,
    CurrentUser,
    OptionalUser,
    SessionDep,
    committed_and_rung,
    ensure_self,
)
from marketplace.domain import review_edits, review_replies, review_writing, reviews
from marketplace.domain.errors import Unauthorized
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.reviews import CourseAverage, RatingTotals, Review, ReviewPage, ReviewRemoved, ReviewSummary

router = APIRouter(tags=["reviews"], route_class=CommitOnReturnRoute)

Page = Annotated[int, Query(ge=1, le=MAX_ID)]
PerPage = Annotated[int, Query(alias="perPage", ge=1, le=reviews.MAX_PER_PAGE)]
TargetType = Annotated[str, Query(alias="type")]
Id = Annotated[int, Path(ge=1, le=MAX_ID)]


class ReviewIn(BaseModel):
    """A review as the form sends it; both fields are checked by the domain for docs/product.md's messages."""

    rating: int | None = Field(None, le=MAX_ID)  # 1 to 5 (the domain says so in its own words); no absurd numbers
    comment: str | None = None


class ReplyIn(BaseModel):
    """The instructor's answer to a review."""

    reply: str | None = None


@router.get("/review/getReviews")
def get_reviews(
    session: SessionDep,
    target_id: Annotated[int, Query(alias="targetId", ge=1, le=MAX_ID)],
    target_type: TargetType = reviews.COURSE,
    page: Page = 1,
    per_page: PerPage = 10,
) -> ReviewPage:
    """A page of a course's or mentor's reviews, newest first: ``{reviews, total, page, pages}``."""
    return reviews.list_reviews(session, target_type=target_type, target_id=target_id, page=page, per_page=per_page)


@router.post("/review/addReview/{user_id}/{target_id}", status_code=201)
def add_review(
    session: SessionDep,
    user: OptionalUser,
    user_id: Id,
    target_id: Id,
    body: ReviewIn,
    target_type: TargetType = reviews.COURSE,
) -> Review:
    """Write a review as the caller; the path's user id must be the caller's own."""
    if user is None:
        raise Unauthorized("You must be logged in to submit a review.")
    ensure_self(user, user_id)
    review = review_writing.add_review(
        session,
        author_id=user.id,
        target_type=target_type,
        target_id=target_id,
        rating=body.rating,
        comment=body.comment,
    )
    committed_and_rung(session)
    return review


@router.get("/review/getReviews/userReviews/{user_id}")
def user_reviews(session: SessionDep, user: CurrentUser, user_id: Id, page: Page = 1) -> ReviewPage:
    """The caller's own reviews, 4 per page, newest first, each with its target's title and link."""
    ensure_self(user, user_id)
    return reviews.user_reviews(session, user_id, page=page)


@router.get("/review/courseReviews/{course_id}")
def course_reviews(session: SessionDep, course_id: Id) -> list[Review]:
    """A course's newest reviews as a plain array (at most 100)."""
    return reviews.list_reviews(
        session, target_type=reviews.COURSE, target_id=course_id, per_page=reviews.MAX_PER_PAGE
    ).reviews


@router.get("/review/courseAverage/{course_id}")
def course_average(session: SessionDep, course_id: Id) -> CourseAverage:
    """A course's review summary in docs/product.md's envelope."""
    summary = reviews.review_summary(session, reviews.COURSE, course_id)
    return CourseAverage(data=RatingTotals(average_rating=summary.average_rating, total_reviews=summary.total_reviews))


@router.get("/review/{target_id}/average")
def average(session: SessionDep, target_id: Id, target_type: TargetType = reviews.COURSE) -> ReviewSummary:
    """A course's or mentor's ``{averageRating, totalReviews, distribution}``."""
    return reviews.review_summary(session, target_type, target_id)


@router.post("/review/{review_id}/reply")
def reply_to_review(session: SessionDep, user: CurrentUser, review_id: Id, body: ReplyIn) -> Review:
    """Answer a review as the instructor it is about; the reviewer is notified. Writing again replaces it."""
    answer = review_replies.reply_to_review(session, user_id=user.id, review_id=review_id, reply=body.reply)
    committed_and_rung(session)
    return answer


@router.put("/review/{review_id}")
def edit_review(session: SessionDep, user: CurrentUser, review_id: Id, body: ReviewIn) -> Review:
    """Change the rating and comment of one of the caller's reviews (the form's checks and messages); the
    target's average and count follow. Someone else's review: 403; no such review: 404."""
    return review_edits.edit_review(
        session, user_id=user.id, review_id=review_id, rating=body.rating, comment=body.comment
    )


@router.delete("/review/{review_id}")
def delete_review(session: SessionDep, user: CurrentUser, review_id: Id) -> ReviewRemoved:
    """Delete one of the caller's reviews; answers the target's new ``averageRating`` and ``totalReviews``.
    Someone else's review: 403; no such review: 404."""
    return review_edits.delete_review(session, user_id=user.id, review_id=review_id)
