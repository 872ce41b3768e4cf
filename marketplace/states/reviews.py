"""Reviews: the form that writes one, a target's list in the player, and the learner's own (/profile3).

The target of a review is read from the page's route (a course page or the player: that course; a
mentor page: that instructor), never from an id the browser sends. The rules and their messages
(signed in, enrolled, rating, comment, five per target) live in :mod:`marketplace.domain.reviews`.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import review_replies, reviews
from marketplace.domain.errors import DomainError
from marketplace.states.course import REVIEWS_SHOWN as COURSE_PAGE_REVIEWS
from marketplace.states.course import CourseState
from marketplace.states.instructor import REVIEWS_SHOWN as INSTRUCTOR_PAGE_REVIEWS
from marketplace.states.instructor import InstructorState
from marketplace.states.paging import UserPagesState
from marketplace.states.player import PlayerState
from marketplace.states.session import verified_user_id
from marketplace.views.catalog import ReviewSummaryView, ReviewView, review_view, summary_view

log = logging.getLogger(__name__)

SUBMIT_FAILED = "Failed to submit review. Please try again."
POSTED = "Thank you! Your review was posted."
REPLY_FAILED = "Failed to post your reply. Please try again."
REPLY_POSTED = "Your reply was posted."
LIST_PER_PAGE = 5
MY_REVIEWS_PER_PAGE = 4


def route_target(state: rx.State) -> tuple[str, int]:
    """The review target of the page ``state`` is on: (``Course`` or ``Instructor``, id); id 0 when none.

    A mentor or teacher page reviews that instructor; a course page or the player, that course.
    """
    for value, target_type in (
        (state.mentor_id, reviews.INSTRUCTOR),
        (state.teacher_id, reviews.INSTRUCTOR),
        (state.player_course_id, reviews.COURSE),
        (state.course_id, reviews.COURSE),
    ):
        if value:
            try:
                return target_type, int(value)
            except (TypeError, ValueError):
                return target_type, 0
    return reviews.COURSE, 0


class TargetReviewsState(rx.State):
    """One page of a target's reviews with its summary (the player's Reviews tab)."""

    reviews: list[ReviewView] = []
    summary: ReviewSummaryView = ReviewSummaryView()
    page: int = 1
    pages: int = 1
    loading: bool = True
    error: str = ""

    @rx.event
    async def load(self):
        """Load the newest reviews of the page's target."""
        self.page = 1
        await self._fetch()

    @rx.event
    async def go_to_page(self, page: int):
        """Show another page of reviews."""
        self.page = max(1, int(page))
        await self._fetch()

    async def _fetch(self) -> None:
        self.loading = True
        target_type, target_id = route_target(self)
        page = self.page
        try:
            data, summary = await in_session_thread(
                lambda session: (
                    reviews.list_reviews(
                        session, target_type=target_type, target_id=target_id, page=page, per_page=LIST_PER_PAGE
                    ),
                    reviews.review_summary(session, target_type, target_id),
                ),
                readonly=True,
            )
        except Exception:
            log.exception("Loading reviews failed")
            self.reviews, self.error, self.loading = [], "Failed to fetch reviews", False
            return
        self.reviews = [review_view(r) for r in data["reviews"]]
        self.summary = summary_view(summary)
        self.page, self.pages = data["page"], data["pages"]
        self.error, self.loading = "", False


class ReviewFormState(rx.State):
    """The review form: a 1-5 rating and a comment; idle, submitting, then success or an error."""

    submitting: bool = False
    error: str = ""
    # Bumped after a post so the form (keyed on it) mounts afresh: no star chosen, empty comment.
    form_version: int = 0

    @rx.event
    def clear_error(self):
        """A form freshly shown on a page starts without the last page's message."""
        self.error = ""

    @rx.event
    async def submit(self, form_data: dict):
        """Post the review, then reset the form and refresh the reviews shown on the page."""
        if self.submitting:
            return
        self.submitting, self.error = True, ""
        yield
        user_id = await verified_user_id(self)
        target_type, target_id = route_target(self)
        rating, comment = _as_int(form_data.get("rating")), str(form_data.get("comment") or "")
        try:
            await in_session_thread(
                lambda session: reviews.add_review(
                    session,
                    author_id=user_id,
                    target_type=target_type,
                    target_id=target_id,
                    rating=rating,
                    comment=comment,
                )
            )
        except DomainError as error:
            self.submitting, self.error = False, error.message
            yield rx.toast.error(error.message)
            return
        except Exception:
            log.exception("Posting a review failed")
            self.submitting, self.error = False, SUBMIT_FAILED
            yield rx.toast.error(SUBMIT_FAILED)
            return
        self.submitting = False
        self.form_version += 1
        yield [rx.toast.success(POSTED), *await refresh_page_reviews(self, target_type, target_id)]


class ReviewReplyState(rx.State):
    """The Reply form under each review, shown to the instructor the reviews are about."""

    submitting: bool = False

    @rx.event
    async def submit(self, form_data: dict):
        """Post the answer (the domain checks that the caller teaches the reviewed course), then show it."""
        if self.submitting:
            return
        self.submitting = True
        yield
        user_id = await verified_user_id(self)
        review_id, reply = _as_int(form_data.get("review_id")) or 0, str(form_data.get("reply") or "")
        try:
            await in_session_thread(
                lambda session: review_replies.reply_to_review(
                    session, user_id=user_id, review_id=review_id, reply=reply
                )
            )
        except DomainError as error:
            self.submitting = False
            yield rx.toast.error(error.message)
            return
        except Exception:
            log.exception("Posting a reply failed")
            self.submitting = False
            yield rx.toast.error(REPLY_FAILED)
            return
        self.submitting = False
        target_type, target_id = route_target(self)
        yield [rx.toast.success(REPLY_POSTED), *await refresh_page_reviews(self, target_type, target_id)]


async def refresh_page_reviews(state: rx.State, target_type: str, target_id: int) -> list:
    """Show the newest reviews, average and count on the page ``state`` is on; returns events still to run."""
    if state.player_course_id:
        return [TargetReviewsState.load, PlayerState.refresh_rating]
    if state.course_id:
        # The course and mentor pages keep their own states: refresh their reviews in place rather than
        # reloading the whole page.
        course_state = await state.get_state(CourseState)
        summary, listed = await _summary_and_newest(target_type, target_id, COURSE_PAGE_REVIEWS)
        course_state.summary = summary_view(summary)
        course_state.reviews = [review_view(r) for r in listed]
        course_state._set_review_pages(course_state.summary.total)
        course_state.course = dataclasses.replace(
            course_state.course,
            rating=course_state.summary.average,
            rating_text=course_state.summary.average_text,
            review_count=course_state.summary.total,
        )
    elif state.mentor_id or state.teacher_id:
        instructor_state = await state.get_state(InstructorState)
        summary, listed = await _summary_and_newest(target_type, target_id, INSTRUCTOR_PAGE_REVIEWS)
        instructor_state.summary = summary_view(summary)
        instructor_state.reviews = [review_view(r) for r in listed]
        instructor_state.instructor = dataclasses.replace(
            instructor_state.instructor,
            rating=instructor_state.summary.average,
            rating_text=instructor_state.summary.average_text,
            review_count=instructor_state.summary.total,
        )
    return []


def _as_int(value: object) -> int | None:
    """A form value as an int (the chosen star, a review id); None when absent (the domain then says what)."""
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


async def _summary_and_newest(target_type: str, target_id: int, count: int) -> tuple[dict, list[dict]]:
    def read(session: Session) -> tuple[dict, list[dict]]:
        summary = reviews.review_summary(session, target_type, target_id)
        listed = reviews.list_reviews(session, target_type=target_type, target_id=target_id, per_page=count)
        return summary, listed["reviews"]

    return await in_session_thread(read, readonly=True)


class MyReviewsState(UserPagesState, rx.State):
    """The learner's own reviews, 4 per page, newest first, each linking to its course or mentor."""

    reviews: list[ReviewView] = []

    @rx.event
    async def load(self):
        """Load the first page (on_load)."""
        self.page = 1
        await self._fetch()

    def _reader(self, user_id: int) -> Callable[[Session], dict[str, Any]]:
        page = self.page
        return lambda session: reviews.user_reviews(session, user_id, page=page, per_page=MY_REVIEWS_PER_PAGE)

    def _show(self, data: dict[str, Any] | None) -> None:
        self.reviews = [review_view(r) for r in data["reviews"]] if data else []

    def _failed_message(self) -> str:
        return "Failed to fetch user reviews"
