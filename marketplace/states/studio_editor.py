"""The course editor (/studio/courses/[route_arg]): details, price, thumbnail and publishing, saved as typed.

Autosave: a text field is saved when it is left and when typing pauses (the page debounces its events), one field
per event, so a save never carries a stale copy of another field. The draft shown comes back from the domain after
each save; the inputs are uncontrolled and only remount (``version``) when the draft is loaded, so what is being
typed is never overwritten by an answer to an earlier save.

While the websocket is down, Reflex's client keeps the events in its queue and sends them when it reconnects
(reflex_base/.templates/web/utils/state.js: processEvent returns early without a connected socket, the "connect"
handler drains the queue); the page says so meanwhile, and tests/e2e/test_studio_offline.py proves the edits arrive.

Every event re-checks the caller and the domain re-checks ownership (docs/product.md, "Instructor studio").
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
from collections.abc import Callable
from decimal import Decimal

import reflex as rx
from pydantic import BaseModel
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog, studio
from marketplace.domain.errors import DomainError, Forbidden, NotFound
from marketplace.shapes.studio import CourseChanges, CourseDraft
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)


FAILED = "Something went wrong. Please try again."
NOT_YOURS = "This course is not yours, so you cannot edit it."
NOT_FOUND = "There is no such course."
TEACH = getattr(routes, "TEACH", "/teach")

TEXT_FIELDS = ("title", "subtitle", "description")
LIST_FIELDS = ("learn", "requirements", "audience")  # one item per line in a textarea
CHOICE_FIELDS = ("level", "language")
PRICE_FIELDS = ("price", "original_price")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _changes(field: str, value: str) -> CourseChanges:
    """The partial change one edited field makes."""
    if field in TEXT_FIELDS or field in CHOICE_FIELDS:
        return CourseChanges(**{field: value})
    if field in LIST_FIELDS:
        return CourseChanges(**{field: _lines(value)})
    if field in PRICE_FIELDS:
        wire = "originalPrice" if field == "original_price" else field
        return CourseChanges(**{field: studio.parse_price(value, wire)})
    raise DomainError("This field cannot be changed here.", field=field)


def clock_text(seconds: int) -> str:
    """ "12:05" (or "1:02:05"), how a duration box shows a saved length; "" for none."""
    if seconds <= 0:
        return ""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class CategoryOption(BaseModel):
    """A category checkbox of the details panel."""

    id: int
    name: str


# The draft shown while none is loaded (id 0). A class given plain values, so a new tab's snapshot knows each one
# made is the same and leaves it and the computed vars read from it out (marketplace/hydrate_snapshot.py).
_no_draft = functools.partial(CourseDraft, id=0, title="")


NO_DRAFT = _no_draft()


def _naira_text(value: Decimal | None) -> str:
    """A saved amount as the price box shows it: "15000", "15000.50", "" when not set."""
    if value is None:
        return ""
    return f"{value:.0f}" if value == value.to_integral_value() else f"{value:.2f}"


class StudioEditorState(rx.State):
    """One course's draft as the domain returns it, the autosave status, and each field's message."""

    draft: CourseDraft = rx.field(default_factory=_no_draft)  # id 0: none loaded
    loaded: bool = False
    problem: str = ""  # shown instead of the editor: not yours, no such course
    version: int = 0  # bumps when the draft is (re)loaded, so the uncontrolled inputs show it
    remounts: dict[str, int] = {}  # per box ("title", ..., "sections"): redraws one box from the draft
    _shown: CourseDraft = rx.field(default_factory=_no_draft)  # the draft the boxes were last drawn from
    save_status: str = ""  # "" | saving | saved | error
    save_error: str = ""
    field_errors: dict[str, str] = {}
    categories: list[CategoryOption] = []
    publish_refused: bool = False
    publish_message: str = ""

    @rx.var
    def price_text(self) -> str:
        """The saved price for the price box."""
        return _naira_text(self.draft.price)

    @rx.var
    def original_price_text(self) -> str:
        """The saved original price for its box."""
        return _naira_text(self.draft.original_price)

    @rx.var
    def durations(self) -> dict[str, str]:
        """Each section's saved length as its box shows it ("12:05"), by section id."""
        return {str(section.id): clock_text(section.duration_seconds) for section in self.draft.sections}

    # ---- helpers ----------------------------------------------------------------------------------------------

    def _show(self, draft: CourseDraft, *, reload_inputs: bool = False) -> None:
        self.draft = draft
        if reload_inputs:
            self.version += 1
            self._shown = draft

    def _redraw_changed(self) -> None:
        """Redraw the boxes whose saved value changed since they were drawn, and only those.

        A reconnect can land on a fresh server state: the page is drawn again from the draft as it was, and the
        edits Reflex had queued are saved just after; those boxes must show them. A box being typed in has not
        changed on the server, so it is left alone.
        """
        shown, draft = self._shown, self.draft
        changed = [
            f
            for f in (*TEXT_FIELDS, *LIST_FIELDS, *CHOICE_FIELDS, *PRICE_FIELDS, "category_ids")
            if getattr(shown, f) != getattr(draft, f)
        ]
        if shown.sections != draft.sections:
            changed.append("sections")
        if changed:
            self.remounts = {**self.remounts, **{f: self.remounts.get(f, 0) + 1 for f in changed}}
        self._shown = draft

    def _fail(self, field: str, message: str) -> None:
        self.field_errors = {**self.field_errors, field: message}
        self.save_status, self.save_error = "error", message

    def _clear(self, field: str) -> None:
        if field in self.field_errors:
            self.field_errors = {k: v for k, v in self.field_errors.items() if k != field}

    async def _run(self, field: str, work: Callable[[Session, int], CourseDraft], typed: str | None = None):
        """Save through the domain for the verified caller: Saving…, then All changes saved or the message beside
        ``field``. An async generator (yields the in-between look).

        ``typed`` is the text of the box as the person left it: once the server has answered for it (saved or
        refused with a message) the browser's kept copy is forgotten (assets/js/studio_autosave.js).
        """
        self.save_status, self.save_error = "saving", ""
        yield
        user_id = await (await self.get_state(SessionState))._verified_user_id()
        if user_id is None:
            self._fail(field, "You are signed out. Log in again to keep editing.")
            return
        try:
            draft = await in_session_thread(lambda session: work(session, user_id))
        except DomainError as exc:
            self._fail(field, exc.message)  # beside the field that was edited, whatever the domain calls it
            yield self._answered(field, typed)
            return
        except Exception:
            log.exception("Saving a course draft failed")
            self._fail(field, FAILED)  # the browser keeps the value; the next load tries it again
            return
        self._clear(field)
        self._show(draft)
        # Another field may still hold a refused value: the status keeps saying so until it is fixed.
        pending = next(iter(self.field_errors.values()), "")
        self.save_status, self.save_error = ("error", pending) if pending else ("saved", "")
        yield self._answered(field, typed)

    def _course_id(self) -> int:
        """The course being edited: the draft's, or the URL's while no draft is held yet.

        A reconnect can land on a fresh server state and send the edits Reflex queued before the page's on_load
        has read the draft again; they are saved all the same (the domain checks the caller owns the course).
        """
        raw = str(self.route_arg)  # the route's argument (routes.STUDIO_COURSE), a string
        return self.draft.id or (int(raw) if raw.isdigit() else 0)

    def _answered(self, field: str, typed: str | None):
        """The script that forgets the browser's kept copy of ``typed`` (None: nothing kept for this field)."""
        course_id = self._course_id()
        if typed is None or not course_id:
            return None
        args = f"{course_id}, {json.dumps(field)}, {json.dumps(typed)}"
        return rx.call_script(f"window.naijaLearnStudio && window.naijaLearnStudio.answered({args})")

    async def _save_field(self, field: str, value: str):
        course_id = self._course_id()
        if not course_id:
            return
        try:
            changes = _changes(field, value)
        except DomainError as exc:
            self._fail(field, exc.message)
            yield self._answered(field, value)
            return
        current = getattr(self.draft, field, None) if self.draft.id else object()  # no draft held: save it
        if current == getattr(changes, field, object()):
            self._clear(field)
            if self.save_status == "error" and not self.field_errors:
                self.save_status, self.save_error = "saved", ""
            yield self._answered(field, value)
            return
        async for update in self._run(
            field, lambda s, uid: studio.update_course(s, uid, course_id, changes), typed=value
        ):
            yield update

    # ---- events -----------------------------------------------------------------------------------------------

    @rx.event
    async def load(self):
        """on_load: the draft, if the caller owns it; another instructor's course says so instead.

        A reconnect runs on_load again: when the draft held is the same course and unchanged on the server, the
        editor stays mounted and untouched, so what is being typed at that moment stays in its box.
        """
        raw = str(self.route_arg)  # the route's argument (routes.STUDIO_COURSE), a string
        course_id = int(raw) if raw.isdigit() else 0
        # The same course: a reconnect (or saves it queued, run before this on a fresh server state).
        same_course = not self.problem and self.draft.id == course_id and course_id > 0
        was_drawn = self.loaded and same_course
        if not same_course:
            self.loaded, self.problem, self.draft = False, "", NO_DRAFT
            self.field_errors, self.save_status, self.save_error = {}, "", ""
            self.publish_refused, self.publish_message = False, ""
        user_id = await (await self.get_state(SessionState))._verified_user_id()
        if user_id is None:
            return rx.redirect(routes.login_path(self.router.url.path), replace=True)
        try:
            loaded = await in_session_thread(lambda session: _load(session, user_id, course_id), readonly=True)
        except Forbidden:
            self.problem, self.draft = NOT_YOURS, NO_DRAFT
        except NotFound:
            self.problem, self.draft = NOT_FOUND, NO_DRAFT
        except Exception:
            log.exception("Loading a course draft failed")
            self.problem = FAILED
        else:
            if loaded is None:
                return rx.redirect(TEACH, replace=True)
            draft, self.categories = loaded
            self._show(draft, reload_inputs=not same_course or draft != self.draft)
            if not was_drawn:
                self._shown = draft  # the editor is about to be drawn from this draft
        self.loaded = True
        return None

    @rx.event
    async def save_field(self, field: str, value: str):
        """Save one edited field (text, list, level, language, price) unless it is unchanged."""
        async for update in self._save_field(str(field), str(value)):
            yield update

    @rx.event
    async def toggle_category(self, category_id: str, checked: bool):
        """Tick or untick a category (one to three; the domain says when there are too many)."""
        if not self.draft.id or not str(category_id).isdigit():
            return
        ids = [i for i in self.draft.category_ids if i != int(category_id)]
        if checked:
            ids.append(int(category_id))
        changes = CourseChanges(category_ids=ids)
        course_id = self.draft.id
        async for update in self._run("categories", lambda s, uid: studio.update_course(s, uid, course_id, changes)):
            yield update
        if "categories" in self.field_errors:
            # The refused tick is undone on screen too.
            self.remounts = {**self.remounts, "category_ids": self.remounts.get("category_ids", 0) + 1}

    @rx.event
    async def publish(self):
        """Publish; when refused, the domain's list of missing pieces shows in the panel."""
        if not self.draft.id:
            return
        course_id = self.draft.id
        self.publish_refused, self.publish_message = False, ""
        async for update in self._run("publish", lambda s, uid: _publish(s, uid, course_id)):
            yield update
        if "publish" in self.field_errors:
            self.publish_refused = True
            self.publish_message = self.field_errors["publish"]
            self._clear("publish")
            self.save_status, self.save_error = "saved", ""
            await self._reload_quietly()

    @rx.event
    async def unpublish(self):
        """Take the course out of the catalog; enrolled learners keep it."""
        if not self.draft.id:
            return
        course_id = self.draft.id
        self.publish_refused = False
        async for update in self._run("publish", lambda s, uid: _unpublish(s, uid, course_id)):
            yield update

    async def _reload_quietly(self) -> None:
        """Read the draft again (its publish problems) without touching what the inputs show."""
        user_id = await (await self.get_state(SessionState))._verified_user_id()
        if user_id is None or not self.draft.id:
            return
        course_id = self.draft.id
        with contextlib.suppress(DomainError):
            self._show(await in_session_thread(lambda s: studio.course_draft(s, user_id, course_id), readonly=True))

    @rx.event
    async def set_thumbnail(self, form_data: dict):
        """The picture stored by the thumbnail uploader (POST /api/uploads/images, straight from the browser)
        becomes the course's thumbnail; the domain checks the upload is the caller's own ready image."""
        upload_id = str(form_data.get("upload_id") or "")
        if not self.draft.id or not upload_id:
            return
        course_id = self.draft.id
        async for update in self._run("thumbnail", lambda s, uid: studio.set_thumbnail(s, uid, course_id, upload_id)):
            yield update


def _load(session: Session, user_id: int, course_id: int) -> tuple[CourseDraft, list[CategoryOption]] | None:
    """The draft and the category choices; None when the caller is no instructor (they belong on /teach)."""
    try:
        studio.require_instructor(session, user_id)
    except Forbidden:
        return None
    categories = [CategoryOption(id=c.id, name=c.name) for c in catalog.list_categories(session)]
    return studio.course_draft(session, user_id, course_id), categories


def _publish(session: Session, user_id: int, course_id: int) -> CourseDraft:
    studio.publish(session, user_id, course_id)
    return studio.course_draft(session, user_id, course_id)


def _unpublish(session: Session, user_id: int, course_id: int) -> CourseDraft:
    studio.unpublish(session, user_id, course_id)
    return studio.course_draft(session, user_id, course_id)
