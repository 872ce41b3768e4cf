"""Reviews: the one list of a target's reviews (course page, mentor page, player), the form that writes one, the
instructor's Reply, and the learner's own (/profile3) with Edit and Delete.

The target of a review is read from the page's route (a course page or the player: that course; a mentor or
teacher page: that instructor), never from an id the browser sends. The rules and their messages (signed in,
enrolled, rating, comment, five per target, who may reply) live in :mod:`marketplace.domain.reviews` and
:mod:`marketplace.domain.review_replies`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread, write_then_read
from marketplace.domain import review_edits, review_replies, review_writing, reviews
from marketplace.domain.errors import DomainError, NotFound
from marketplace.domain.shapes import parse_id
from marketplace.shapes.reviews import Review, ReviewPage, ReviewSummary
from marketplace.states import toasts
from marketplace.states.notifications import ring, telling
from marketplace.states.paging import UserPagesState, list_url
from marketplace.states.player import PlayerState
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

# What a review list shows: a page of reviews, the summary, and whether the viewer may reply (reviews.reviews_shown).
Shown = tuple[ReviewPage, ReviewSummary, bool]

SUBMIT_FAILED = "Failed to submit review. Please try again."
POSTED = "Thank you! Your review was posted."
REPLY_FAILED = "Failed to post your reply. Please try again."
REPLY_POSTED = "Your reply was posted."
FETCH_FAILED = "Failed to fetch reviews"
EDITED = "Your review was updated."
EDIT_FAILED = "Failed to update your review. Please try again."
DELETED = "Your review was deleted."
DELETE_FAILED = "Failed to delete your review. Please try again."
PAGE_PER_PAGE = 10  # the course and mentor pages
PLAYER_PER_PAGE = 5  # the player's Reviews tab
MY_REVIEWS_PER_PAGE = 4


# The pages that show reviews, by their route, and what they review.
_TARGET_TYPES = {
    routes.MENTOR: reviews.INSTRUCTOR,
    routes.TEACHER: reviews.INSTRUCTOR,
    routes.PLAYER: reviews.COURSE,
    routes.COURSE: reviews.COURSE,
}


def route_target(state: rx.State) -> tuple[str, int]:
    """The review target of the page ``state`` is on: (``Course`` or ``Instructor``, id); id 0 when none.

    A mentor or teacher page reviews that instructor; a course page or the player, that course.
    """
    target_type = _TARGET_TYPES.get(state.router.route_id)
    if target_type is None:
        return reviews.COURSE, 0
    return target_type, parse_id(str(getattr(state, routes.ARG, ""))) or 0


def on_player(state: rx.State) -> bool:
    """Whether ``state`` is on the course player (its Reviews tab) rather than a course or mentor page."""
    return state.router.route_id == routes.PLAYER


class ReviewListState(rx.State):
    """The reviews of the page's target, newest first, one page at a time, with the summary (average, count,
    per-star bars) and whether the viewer is the instructor they are about (then each review gets a Reply form).

    The course page, the mentor and teacher pages and the player's Reviews tab all show this one list; the
    target comes from the route, so the list is keyed by (``target_type``, ``target_id``).
    """

    target_type: str = reviews.COURSE
    target_id: int = 0
    reviews: list[Review] = []
    summary: ReviewSummary = rx.field(default_factory=ReviewSummary)
    page: int = 1
    pages: int = 1
    can_reply: bool = False
    loading: bool = True
    error: str = ""

    @rx.event
    async def load(self):
        """The first page of the route's target (the page's on_load, the player's Reviews tab)."""
        await self._first_page()

    def _to_first_page(self, target: tuple[str, int]) -> None:
        """Point the list at the first page of ``target``, the route's (a new target never shows the last one's
        reviews)."""
        if target != (self.target_type, self.target_id):
            # Another target: never show the last page's reviews while this one's load.
            self.reviews, self.summary, self.can_reply = [], ReviewSummary(), False
        self.target_type, self.target_id = target
        self.page = 1

    async def _first_page(self) -> None:
        """Show the first page of the route's target."""
        target = route_target(self)
        self._to_first_page(target)
        await self._fetch(target)

    @rx.event
    async def go_to_page(self, page: int):
        """Show another page of the reviews, and bring the section into view on the course and mentor pages."""
        self.page = max(1, int(page))
        await self._fetch()
        if not self.error and not on_player(self):
            return rx.scroll_to("reviews")
        return None

    @rx.event
    async def refresh(self):
        """The page shown again, with the summary (after the instructor answered a review)."""
        await self._fetch()

    def _reader(
        self,
        viewer_id: int | None,
        target: tuple[str, int],
        player: bool,
        page: int | None = None,
        viewer_teaches: bool | None = None,
    ) -> Callable[[Session], Shown]:
        """What reads page ``page`` (default: the one shown) of ``target`` for ``viewer_id``, in a session, as many
        to a page as the player (``player``) or the other pages show. The caller reads the route once (each read of
        the tab's router builds it afresh) and passes its target and page kind; ``viewer_teaches`` when it knows."""
        target_type, target_id = target
        page = self.page if page is None else page
        per_page = PLAYER_PER_PAGE if player else PAGE_PER_PAGE
        return lambda session: reviews.reviews_shown(
            session,
            target_type,
            target_id,
            page=page,
            per_page=per_page,
            viewer_id=viewer_id,
            viewer_teaches=viewer_teaches,
        )

    async def _fetch(self, target: tuple[str, int] | None = None) -> None:
        """Show the page the list is at of ``target`` (default: the route's)."""
        self.loading = True
        target = target or route_target(self)
        player = on_player(self)
        read = self._reader(await verified_user_id(self), target, player)
        try:
            shown = await in_session_thread(read, readonly=True)
        except NotFound:
            # The page itself says the course or mentor is not there.
            self.reviews, self.summary, self.can_reply = [], ReviewSummary(), False
            self.page, self.pages, self.error, self.loading = 1, 1, "", False
            return
        except Exception:
            log.exception("Loading the reviews of %s %s failed", *target)
            self.reviews, self.error, self.loading = [], FETCH_FAILED, False
            return
        self._show(shown)

    def _show(self, shown: Shown) -> None:
        listed, summary, may_reply = shown
        self.reviews, self.summary, self.can_reply = listed.reviews, summary, may_reply
        self.page, self.pages = listed.page, listed.pages
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
        """Post the review, then reset the form and show the newest reviews, average and count."""
        if self.submitting:
            return
        self.submitting, self.error = True, ""
        yield
        user_id = await verified_user_id(self)
        target = route_target(self)
        target_type, target_id = target
        player = on_player(self)
        rating, comment = _as_int(form_data.get("rating")), str(form_data.get("comment") or "")
        listing = await self.get_state(ReviewListState)
        # One session for both: the newest reviews, average and count are read where the review was written, and
        # come back in this reply (no second trip to a thread, no second event to ask for them).
        post_and_read = write_then_read(
            lambda session: review_writing.add_review(
                session,
                author_id=user_id,
                target_type=target_type,
                target_id=target_id,
                rating=rating,
                comment=comment,
            ),
            # The author of a review never teaches what it reviews (the post is refused): no Reply controls.
            listing._reader(user_id, target, player, page=1, viewer_teaches=False),
        )
        try:
            (_, shown), told = await in_session_thread(telling(post_and_read), group_commit=True)
        except DomainError as error:
            self.submitting, self.error = False, error.message
            yield toasts.error(error.message)
            return
        except Exception:
            log.exception("Posting a review failed")
            self.submitting, self.error = False, SUBMIT_FAILED
            yield toasts.error(SUBMIT_FAILED)
            return
        ring(told)  # the teacher's open tabs count the review at once
        self.submitting = False
        self.form_version += 1
        listing._to_first_page(target)
        listing._show(shown)
        followups: list = [toasts.success(POSTED)]
        if player:
            followups.append(PlayerState.refresh_rating)
        yield followups


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
            _, told = await in_session_thread(
                telling(
                    lambda session: review_replies.reply_to_review(
                        session, user_id=user_id, review_id=review_id, reply=reply
                    )
                ),
                group_commit=True,
            )
        except DomainError as error:
            self.submitting = False
            yield toasts.error(error.message)
            return
        except Exception:
            log.exception("Posting a reply failed")
            self.submitting = False
            yield toasts.error(REPLY_FAILED)
            return
        ring(told)  # the learner's open tabs count the answer at once
        self.submitting = False
        yield [toasts.success(REPLY_POSTED), ReviewListState.refresh]


def _as_int(value: object) -> int | None:
    """A form value as an int (the chosen star, a review id); None when absent (the domain then says what)."""
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


class MyReviewsState(UserPagesState, rx.State):
    """The learner's own reviews, 4 per page, newest first, each linking to its course or mentor, with Edit
    (rating and comment, the review form's checks) and Delete (after a confirmation).

    The page number lives in the URL (``/profile3?page=2``): the pager navigates, and the page's on_load reads
    it, so a reload or Back shows the same page. Which review an Edit or Delete is about comes from the browser,
    so the domain re-checks, on every call, that it is the caller's.
    """

    reviews: list[Review] = []
    editing_id: int = 0  # the review whose edit form is open (0: none)
    edit_error: str = ""
    saving: bool = False
    confirming_id: int = 0  # the review whose "Delete this review?" question is open (0: none)
    deleting: bool = False

    @rx.event
    async def load(self):
        """Show the URL's page (on_load); past the last page (an old link, the last review deleted), the last."""
        self.editing_id, self.confirming_id, self.edit_error = 0, 0, ""
        return await self._load_asked_page()

    @rx.event
    def go_to_page(self, page: int):
        """Go to another page: a new history entry, whose on_load shows it."""
        return self._navigate_to_page(page)

    def _page_url(self, page: int) -> str:
        return list_url(routes.MY_REVIEWS, page)

    @rx.event
    def start_edit(self, review_id: int):
        """Open the edit form of one review (one at a time)."""
        self.editing_id, self.confirming_id, self.edit_error = int(review_id), 0, ""

    @rx.event
    def cancel_edit(self):
        """Close the edit form; nothing is changed."""
        self.editing_id, self.edit_error = 0, ""

    @rx.event
    async def save_edit(self, form_data: dict):
        """Save the new rating and comment (the domain checks the form and that the review is the caller's)."""
        if self.saving:
            return
        self.saving, self.edit_error = True, ""
        yield
        user_id = await verified_user_id(self)
        review_id = _as_int(form_data.get("review_id")) or 0
        rating, comment = _as_int(form_data.get("rating")), str(form_data.get("comment") or "")
        try:  # the edit and the page shown again: one session
            await self._write_and_fetch(
                user_id,
                lambda session: review_edits.edit_review(
                    session, user_id=user_id, review_id=review_id, rating=rating, comment=comment
                ),
            )
        except DomainError as error:
            self.saving, self.edit_error = False, error.message
            yield toasts.error(error.message)
            return
        except Exception:
            log.exception("Editing a review failed")
            self.saving, self.edit_error = False, EDIT_FAILED
            yield toasts.error(EDIT_FAILED)
            return
        self.saving, self.editing_id = False, 0
        yield toasts.success(EDITED)

    @rx.event
    def ask_delete(self, review_id: int):
        """Ask "Delete this review?" under one review."""
        self.confirming_id, self.editing_id, self.edit_error = int(review_id), 0, ""

    @rx.event
    def cancel_delete(self):
        """Keep the review."""
        self.confirming_id = 0

    @rx.event
    async def delete(self, review_id: int):
        """Delete the review (the domain checks it is the caller's), then show the page again."""
        if self.deleting:
            return
        self.deleting = True
        yield
        user_id = await verified_user_id(self)
        wanted = int(review_id)
        try:  # the deletion and the page shown again: one session
            await self._write_and_fetch(
                user_id, lambda session: review_edits.delete_review(session, user_id=user_id, review_id=wanted)
            )
        except DomainError as error:
            self.deleting = False
            yield toasts.error(error.message)
            return
        except Exception:
            log.exception("Deleting a review failed")
            self.deleting = False
            yield toasts.error(DELETE_FAILED)
            return
        self.deleting, self.confirming_id = False, 0
        followups: list = [toasts.success(DELETED)]
        corrected = self._url_follows_page()
        if corrected is not None:
            followups.append(corrected)
        yield followups

    def _reader(self, user_id: int) -> Callable[[Session], ReviewPage]:
        page = self.page
        return lambda session: reviews.user_reviews(session, user_id, page=page, per_page=MY_REVIEWS_PER_PAGE)

    def _show(self, data: ReviewPage | None) -> None:
        self.reviews = data.reviews if data else []

    def _failed_message(self) -> str:
        return "Failed to fetch user reviews"
