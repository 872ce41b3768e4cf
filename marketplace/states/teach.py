"""/teach: what teaching here means, and the form that makes a signed-in learner an instructor.

The rules are :mod:`marketplace.domain.teach`'s; the caller is verified on every event. Once the account is an
instructor's, the user the browser keeps is replaced by the server's (role ``instructor``), so the header's
"Teach on Naija Learn" becomes "Studio" at once.
"""

from __future__ import annotations

import json
import logging

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import teach
from marketplace.domain.errors import Conflict, DomainError
from marketplace.domain.validation import InvalidInput
from marketplace.shapes.teach import EXPERTISE_BOUND, LINK_BOUND, TEXT_BOUND, InstructorApplication
from marketplace.states import toasts
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

FIELDS = ("title", "about", "expertise", "experience", *teach.LINKS)
SAVE_FAILED = "Something went wrong. Please try again."
WELCOME = "Welcome, instructor! Your teacher page is live."


class TeachState(rx.State):
    """The revenue share shown, the onboarding form's messages, and whether the visitor already teaches."""

    fee_percent: int = 30
    share_percent: int = 70
    errors: dict[str, str] = {}
    saving: bool = False
    instructor_id: int = 0  # the signed-in user's teacher page, once they teach

    @rx.var
    def teacher_url(self) -> str:
        """The signed-in instructor's public teacher page."""
        return routes.teacher(self.instructor_id) if self.instructor_id else ""

    @rx.event
    async def load(self):
        """on_load: the share from the settings; the caller's teaching profile, if any (verified on the server)."""
        terms = teach.terms()
        self.fee_percent, self.share_percent = terms.platform_fee_percent, terms.instructor_share_percent
        self.errors, self.saving, self.instructor_id = {}, False, 0
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            return
        try:
            self.instructor_id = await in_session_thread(
                lambda session: _instructor_id(session, user_id), readonly=True
            )
        except Exception:
            log.exception("Reading the teaching profile failed")
            return
        if self.instructor_id and not session_state.is_instructor:  # became one in another tab or device
            self._store_role(session_state)

    @rx.event
    def check_field(self, field: str, value: str):
        """Re-check one field as it is left, with the domain's rule; its message appears or goes."""
        if field not in FIELDS:
            return
        message = teach.application_errors(_form({field: value})).get(field, "")
        if field in ("title", "about", "expertise") and not value.strip() and field not in self.errors:
            message = ""  # an empty required field is named on submit, not while the form is being filled in
        errors = {k: v for k, v in self.errors.items() if k != field}
        self.errors = {**errors, field: message} if message else errors

    @rx.event
    async def submit(self, form_data: dict):
        """Become an instructor: the messages under the fields, or the studio's welcome and the new header."""
        if self.saving:
            return
        form = _form(form_data)
        errors = teach.application_errors(form)
        if errors:
            self.errors = errors
            yield toasts.error(next(iter(errors.values())))
            return
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            yield rx.redirect(routes.login_path(routes.TEACH))
            return
        self.saving = True
        yield
        try:
            became = await in_session_thread(lambda session: teach.become_instructor(session, user_id, form))
        except InvalidInput as exc:
            self.errors, self.saving = exc.errors, False
            yield toasts.error(exc.message)
            return
        except Conflict as exc:  # an instructor already (another tab): show the way to the studio
            self.saving = False
            self.instructor_id = await in_session_thread(
                lambda session: _instructor_id(session, user_id), readonly=True
            )
            self._store_role(session_state)
            yield toasts.info(exc.message)
            return
        except DomainError as exc:
            self.saving = False
            yield toasts.error(exc.message)
            return
        except Exception:
            log.exception("Becoming an instructor failed")
            self.saving = False
            yield toasts.error(SAVE_FAILED)
            return
        self.errors, self.saving, self.instructor_id = {}, False, became.instructor_id
        session_state._set_user({**_stored(session_state), **became.user.stored()})
        yield toasts.success(WELCOME)

    def _store_role(self, session_state: SessionState) -> None:
        session_state._set_user({**_stored(session_state), "role": teach.INSTRUCTOR})


def _form(values: dict) -> InstructorApplication:
    """The form as typed, each value cut to the wire's bound (the rules then name what is too long)."""
    bounds = {"expertise": EXPERTISE_BOUND, **dict.fromkeys(teach.LINKS, LINK_BOUND)}
    return InstructorApplication.model_validate(
        {key: str(values.get(key) or "")[: bounds.get(key, TEXT_BOUND)] for key in FIELDS if key in values}
    )


def _stored(session_state: SessionState) -> dict:
    try:
        stored = json.loads(session_state.user_json) if session_state.user_json else {}
    except ValueError:
        return {}
    return stored if isinstance(stored, dict) else {}


def _instructor_id(session: Session, user_id: int) -> int:
    instructor = teach.instructor_of(session, user_id)
    return (instructor.id or 0) if instructor else 0
