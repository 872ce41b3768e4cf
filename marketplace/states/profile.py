"""Profile settings (/profile1): the form, its messages under each field, the save and the picture upload.

Every rule is the profile domain's; the form re-checks a field as it is edited once it has shown a message.
A saved profile is merged into the user the browser keeps, so the header avatar and the sidebar follow at once.
"""

from __future__ import annotations

import json
import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import avatars, profile
from marketplace.domain.accounts import public_user
from marketplace.domain.errors import DomainError
from marketplace.domain.sessions import user_for_token
from marketplace.domain.validation import InvalidInput
from marketplace.settings import settings
from marketplace.shapes.accounts import UserPublic
from marketplace.states import toasts
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

NO_TOKEN = "No token found. Please log in again"
NO_USER = "User ID not found. Please log in again"
LOAD_FAILED = "Failed to load your profile. Please try again."
SAVE_FAILED = "Something went wrong. Please try again."
PICTURE_FIELD = "profilePicture"
EMPTY_FORM = dict.fromkeys(profile.PROFILE_FIELDS, "")


def _stored_user(session: Session, token: str) -> UserPublic | None:
    """The token's user as the browser stores it, or None (forged, expired, revoked)."""
    user = user_for_token(session, token)
    return public_user(session, user) if user else None


def _form_from_user(user: UserPublic) -> dict[str, str]:
    # The form's keys are docs/product.md's field names, which are the user's wire names.
    stored = user.stored()
    form = {key: str(stored.get(key) or "") for key in profile.PROFILE_FIELDS}
    form["language"] = form["language"] or "english"
    return form


class ProfileState(rx.State):
    """The profile settings form: values, messages, and the save's idle -> saving -> done cycle."""

    form: dict[str, str] = EMPTY_FORM
    errors: dict[str, str] = {}
    saving: bool = False
    uploading: bool = False
    version: int = 0
    loaded: bool = False
    load_error: str = ""

    @rx.event
    async def load(self):
        """on_load: the stored profile from the server (the browser's copy may be stale)."""
        self.errors, self.saving, self.uploading, self.load_error = {}, False, False, ""
        token = await (await self.get_state(SessionState))._fresh_token()  # renewed if about to run out
        try:
            data = await in_session_thread(lambda session: _stored_user(session, token), readonly=True)
        except Exception:
            log.exception("Loading the profile failed")
            data = None
        if data is None:
            self.load_error = LOAD_FAILED
        else:
            self.form = _form_from_user(data)
        # Inputs keep what was typed (uncontrolled, no event per key): a new version remounts them with these values.
        self.version += 1
        self.loaded = True

    @rx.event
    def check_field(self, field: str, value: str):
        """Re-check one field as it is left, with the domain's rule; its message appears or goes."""
        if field not in profile.PROFILE_FIELDS:
            return
        message = profile.field_error(field, profile.clean_fields({field: value}).get(field, ""))
        errors = {k: v for k, v in self.errors.items() if k != field}
        self.errors = {**errors, field: message} if message else errors

    async def _caller(self) -> tuple[SessionState, int | None, str]:
        """The session, the verified user id, and docs/product.md's message when there is none."""
        session_state = await self.get_state(SessionState)
        if not session_state.token:
            return session_state, None, NO_TOKEN
        user_id = await session_state._verified_user_id()
        return session_state, user_id, "" if user_id is not None else NO_USER

    def _remember(self, session_state: SessionState, answer: UserPublic) -> None:
        """Merge the server's user into the stored one (header avatar, sidebar)."""
        try:
            stored = json.loads(session_state.user_json) if session_state.user_json else {}
        except ValueError:
            stored = {}
        session_state._set_user({**(stored if isinstance(stored, dict) else {}), **answer.stored()})

    @rx.event
    async def save(self, form_data: dict):
        """Save the fields: Saving..., then Profile updated successfully. or the messages under the fields."""
        if self.saving:
            return
        fields = {key: str(form_data.get(key) or "") for key in profile.PROFILE_FIELDS}
        errors = profile.validate_profile(fields)
        if errors:
            self.errors = errors
            yield toasts.error(next(iter(errors.values())))
            return
        self.saving = True
        yield
        session_state, user_id, problem = await self._caller()
        if user_id is None:
            self.saving = False
            yield toasts.error(problem)
            return
        try:
            answer = await in_session_thread(
                lambda session: profile.update_profile(session, user_id=user_id, fields=fields)
            )
        except InvalidInput as exc:
            self.errors, self.saving = exc.errors, False
            yield toasts.error(exc.message)
            return
        except DomainError as exc:
            self.saving = False
            yield toasts.error(exc.message)
            return
        except Exception:
            log.exception("Saving the profile failed")
            self.saving = False
            yield toasts.error(SAVE_FAILED)
            return
        self._remember(session_state, answer)
        self.form, self.errors, self.saving = _form_from_user(answer), {}, False
        self.version += 1
        yield toasts.success(profile.UPDATED)

    @rx.event
    async def upload_picture(self, files: list[rx.UploadFile]):
        """Store a new picture: checked by its content on the server, saved as a square for the avatar slots.

        The button says Uploading... while the server works (a phone photo takes a moment to decode).
        """
        if not files:
            return
        session_state, user_id, problem = await self._caller()
        if user_id is None:
            yield toasts.error(problem)
            return
        self.uploading = True
        yield
        upload = files[0]
        errors = {k: v for k, v in self.errors.items() if k != PICTURE_FIELD}
        limit = settings.max_picture_bytes
        try:
            # One byte over the limit is enough to refuse; never read an arbitrarily large upload into memory.
            data = await upload.read(limit + 1)
            if not data:
                raise InvalidInput({PICTURE_FIELD: avatars.NOT_AN_IMAGE})
            # Decoding and resizing the image is CPU work: off the event loop.
            answer = await in_session_thread(
                lambda session: profile.update_profile(session, user_id=user_id, fields={}, picture=data)
            )
        except InvalidInput as exc:
            self.errors, self.uploading = {**errors, **exc.errors}, False
            yield toasts.error(exc.message)
            return
        except Exception:
            log.exception("Saving the profile picture failed")
            self.errors, self.uploading = {**errors, PICTURE_FIELD: SAVE_FAILED}, False
            yield toasts.error(SAVE_FAILED)
            return
        self.errors, self.uploading = errors, False
        self._remember(session_state, answer)
        yield toasts.success(profile.UPDATED)

    @rx.event
    def picture_rejected(self, _rejected: list[dict]):
        """The browser refused the file before sending it (not an image type, or more than one)."""
        self.errors = {**self.errors, PICTURE_FIELD: "Please choose one image file (PNG, JPEG, WebP or GIF)."}
