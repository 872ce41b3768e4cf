"""The editor's curriculum: sections added, renamed, moved, removed, with a preview flag, a YouTube link, a duration.

Each event saves through the studio domain for the verified caller and hands the returned draft to the editor
state, which owns the draft, the autosave status and the messages beside the fields (keyed ``section-<id>-<field>``).
"""

from __future__ import annotations

import json
import re

import reflex as rx

from marketplace.domain import studio
from marketplace.domain.errors import DomainError
from marketplace.shapes.studio import SectionChanges
from marketplace.states.studio_editor import StudioEditorState

DURATION = re.compile(r"^\s*(?:(\d+):)?(\d{1,3}):(\d{2})\s*$|^\s*(\d+)\s*$")
DURATION_HELP = "Enter the length as mm:ss, like 12:30."
SECTION_KEY = re.compile(r"^section-(\d+)-(title|video_url|duration)$")  # the data-autosave keys of section boxes
MAX_KEPT = 50  # a browser's kept edits restored at once (a course has a handful of boxes plus its sections)
AUTOSAVE_SCRIPT = "/js/studio_autosave.js"


def unsaved_script(course_id: int) -> str:
    """JavaScript giving the edits this browser kept for the course (loading assets/js/studio_autosave.js first
    if the editor page's own script tag has not run yet)."""
    call = f"window.naijaLearnStudio.unsaved({int(course_id)})"
    return (
        f"window.naijaLearnStudio ? {call} : new Promise((done) => document.head.appendChild(Object.assign("
        f"document.createElement('script'), {{src: {json.dumps(AUTOSAVE_SCRIPT)}, onload: () => done({call}), "
        "onerror: () => done({})})))"
    )


def parse_duration(text: str) -> int:
    """Seconds in "mm:ss", "h:mm:ss" or plain minutes ("12"); DomainError for anything else."""
    if not text.strip():
        return 0
    match = DURATION.match(text)
    if not match:
        raise DomainError(DURATION_HELP, field="duration")
    hours, minutes, seconds, plain = match.groups()
    if plain is not None:
        return int(plain) * 60
    if int(seconds) > 59:
        raise DomainError(DURATION_HELP, field="duration")
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds)


class StudioSectionsState(rx.State):
    """What the curriculum needs of its own: the title of the section being added, and which removal awaits a yes."""

    new_title_version: int = 0  # bumps to empty the "New section" box after an add
    confirm_remove: int = 0

    async def _save(self, key: str, work, typed: str | None = None):
        editor = await self.get_state(StudioEditorState)
        async for update in editor._run(key, work, typed=typed):
            yield update

    async def _course_id(self) -> int:
        editor = await self.get_state(StudioEditorState)
        return editor._course_id()

    async def _update(self, section_id: int, field: str, typed: str, value, changes: SectionChanges):
        """Save one section box (``field`` of SectionDraft) unless it already holds ``value``."""
        key = f"section-{section_id}-{'duration' if field == 'duration_seconds' else field}"
        editor = await self.get_state(StudioEditorState)
        if self._holds(editor, section_id, field, value):
            editor._clear(key)
            yield editor._answered(key, typed)
            return
        async for update in self._save(
            key, lambda s, uid: studio.update_section(s, uid, section_id, changes), typed=typed
        ):
            yield update

    @staticmethod
    def _holds(editor: StudioEditorState, section_id: int, field: str, value) -> bool:
        """Whether the section already holds ``value`` (leaving a box untouched saves nothing); a section no
        longer in the draft counts as holding it (nothing to save). With no draft held yet (a reconnect on a fresh
        server state), it is saved."""
        if not editor.draft.id:
            return False
        for section in editor.draft.sections:
            if section.id == section_id:
                return getattr(section, field) == value
        return True

    async def _rename(self, section_id: int, title: str):
        async for update in self._update(section_id, "title", title, title, SectionChanges(title=title)):
            yield update

    async def _set_video_url(self, section_id: int, url: str):
        link = url.strip()
        async for update in self._update(section_id, "video_url", url, link, SectionChanges(video_url=link)):
            yield update

    async def _set_duration(self, section_id: int, text: str):
        editor = await self.get_state(StudioEditorState)
        key = f"section-{section_id}-duration"
        try:
            seconds = parse_duration(text)
        except DomainError as exc:
            editor._fail(key, exc.message)
            yield editor._answered(key, text)
            return
        changes = SectionChanges(duration_seconds=seconds)
        async for update in self._update(section_id, "duration_seconds", text, seconds, changes):
            yield update

    @rx.event
    async def add(self, form_data: dict):
        """Add a section at the end."""
        course_id = await self._course_id()
        if not course_id:
            return
        title = str(form_data.get("title") or "")
        async for update in self._save("new-section", lambda s, uid: studio.add_section(s, uid, course_id, title)):
            yield update
        editor = await self.get_state(StudioEditorState)
        if "new-section" not in editor.field_errors:
            self.new_title_version += 1

    @rx.event
    async def rename(self, section_id: int, title: str):
        """Save a section's title (on leaving the box, or when typing pauses)."""
        async for update in self._rename(int(section_id), str(title)):
            yield update

    @rx.event
    async def set_preview(self, section_id: int, checked: bool):
        """Make a section free to watch for everyone (Preview), or not."""
        changes = SectionChanges(is_preview=bool(checked))
        async for update in self._save(
            f"section-{section_id}-preview", lambda s, uid: studio.update_section(s, uid, int(section_id), changes)
        ):
            yield update

    @rx.event
    async def set_video_url(self, section_id: int, url: str):
        """Save a section's YouTube link (the domain checks it is one)."""
        async for update in self._set_video_url(int(section_id), str(url)):
            yield update

    @rx.event
    async def set_duration(self, section_id: int, text: str):
        """Save a section's length, typed as mm:ss."""
        async for update in self._set_duration(int(section_id), str(text)):
            yield update

    @rx.event
    async def move(self, section_id: int, offset: int):
        """Move a section one place up (-1) or down (+1)."""
        async for update in self._save(
            f"section-{section_id}-move", lambda s, uid: studio.move_section(s, uid, int(section_id), int(offset))
        ):
            yield update
        (await self.get_state(StudioEditorState))._redraw_changed()  # the boxes follow their sections' new places

    @rx.event
    def ask_remove(self, section_id: int):
        """Show "Remove this section?" under it."""
        self.confirm_remove = int(section_id)

    @rx.event
    def cancel_remove(self):
        """Keep the section."""
        self.confirm_remove = 0

    @rx.event
    async def remove(self, section_id: int):
        """Remove a section (after the yes)."""
        self.confirm_remove = 0
        async for update in self._save(
            f"section-{section_id}-remove", lambda s, uid: studio.remove_section(s, uid, int(section_id))
        ):
            yield update
        (await self.get_state(StudioEditorState))._redraw_changed()

    @rx.event
    async def video_finished(self):
        """The uploader says a video was processed: read the draft again to show it."""
        editor = await self.get_state(StudioEditorState)
        await editor._reload_quietly()

    @rx.event
    async def recover(self):
        """on_load, after the draft: ask the browser for edits it kept that the server never answered for (typed
        while the connection was dead, or just before the tab closed); restore_unsaved saves them."""
        course_id = await self._course_id()
        if not course_id:
            return None
        return rx.call_script(unsaved_script(course_id), callback=StudioSectionsState.restore_unsaved)

    @rx.event
    async def restore_unsaved(self, kept: dict):
        """Save what the browser kept ({box key: text}), each box as if it had just been left; then redraw the
        boxes whose saved value changed since the page drew them (these, and edits Reflex queued while
        disconnected and sent before this answer)."""
        editor = await self.get_state(StudioEditorState)
        if not editor.draft.id:
            return
        for key, value in list(kept.items() if isinstance(kept, dict) else [])[:MAX_KEPT]:
            match = SECTION_KEY.match(str(key))
            if match:
                saving = self._section_box(int(match.group(1)), match.group(2), str(value))
            else:
                saving = editor._save_field(str(key), str(value))
            async for update in saving:
                yield update
        editor._redraw_changed()

    def _section_box(self, section_id: int, box: str, value: str):
        if box == "title":
            return self._rename(section_id, value)
        if box == "video_url":
            return self._set_video_url(section_id, value)
        return self._set_duration(section_id, value)
