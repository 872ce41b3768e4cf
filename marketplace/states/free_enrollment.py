"""Enroll for free (the course page of a free course): no cart, no payment, straight to the course.

A visitor is sent to log in and comes back to the course page; the rules are domain/free_enrollment.py's.
"""

from __future__ import annotations

import logging

import reflex as rx

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain.errors import DomainError
from marketplace.domain.free_enrollment import enroll_free
from marketplace.states import toasts
from marketplace.states.course import CourseState
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

ENROLLED = "You are enrolled. Enjoy the course!"
FAILED = "Something went wrong. Please try again."


class FreeEnrollState(rx.State):
    """The Enroll for free button's progress."""

    enrolling: bool = False

    @rx.event
    async def enroll(self, course_id: int | str):
        """Enroll the signed-in learner; a visitor logs in first and comes back here."""
        if self.enrolling:
            return
        cid = int(str(course_id))
        user_id = await verified_user_id(self)
        if user_id is None:
            yield rx.redirect(routes.login_path(routes.course(cid)))
            return
        self.enrolling = True
        yield
        try:
            await in_session_thread(lambda session: enroll_free(session, user_id, cid), group_commit=True)
        except DomainError as exc:
            self.enrolling = False
            yield toasts.error(exc.message)
            return
        except Exception:
            log.exception("Free enrollment in course %s failed", cid)
            self.enrolling = False
            yield toasts.error(FAILED)
            return
        self.enrolling = False
        course = await self.get_state(CourseState)
        if course.course.id == cid:  # the page shows the course as its learner sees it: every lesson open
            await course._show(cid, user_id)
        yield toasts.success(ENROLLED)
