"""The editor's curriculum: sections added, renamed, moved, removed, with a preview flag, a YouTube link, a duration.

Each event saves through the studio domain for the verified caller and hands the returned draft to the editor
state, which owns the draft, the autosave status and the messages beside the fields (keyed ``section-<id>-<field>``).
"""

from __future__ import annotations

import re

import reflex as rx

from marketplace.domain import studio
from marketplace.domain.errors import DomainError
from marketplace.shapes.studio import SectionChanges
from marketplace.states.studio_editor import StudioEditorState

DURATION = re.compile(r"^\s*(?:(\d+):)?(\d{1,3}):(\d{2})\s*$|^\s*(\d+)\s*$")
DURATION_HELP = "Enter the length as mm:ss, like 12:30."


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

    async def _save(self, key: str, work):
        editor = await self.get_state(StudioEditorState)
        async for update in editor._run(key, work):
            yield update

    async def _course_id(self) -> int:
        editor = await self.get_state(StudioEditorState)
        return editor.draft.id if editor.draft is not None else 0

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
        if await self._unchanged(section_id, "title", str(title)):
            return
        changes = SectionChanges(title=str(title))
        async for update in self._save(
            f"section-{section_id}-title", lambda s, uid: studio.update_section(s, uid, int(section_id), changes)
        ):
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
        if await self._unchanged(section_id, "video_url", str(url).strip()):
            return
        changes = SectionChanges(video_url=str(url).strip())
        async for update in self._save(
            f"section-{section_id}-video_url",
            lambda s, uid: studio.update_section(s, uid, int(section_id), changes),
        ):
            yield update

    @rx.event
    async def set_duration(self, section_id: int, text: str):
        """Save a section's length, typed as mm:ss."""
        key = f"section-{section_id}-duration"
        editor = await self.get_state(StudioEditorState)
        try:
            seconds = parse_duration(str(text))
        except DomainError as exc:
            editor._fail(key, exc.message)
            return
        if await self._unchanged(section_id, "duration_seconds", seconds):
            return
        changes = SectionChanges(duration_seconds=seconds)
        async for update in self._save(key, lambda s, uid: studio.update_section(s, uid, int(section_id), changes)):
            yield update

    @rx.event
    async def move(self, section_id: int, offset: int):
        """Move a section one place up (-1) or down (+1)."""
        async for update in self._save(
            f"section-{section_id}-move", lambda s, uid: studio.move_section(s, uid, int(section_id), int(offset))
        ):
            yield update
        (await self.get_state(StudioEditorState)).version += 1  # the boxes follow their sections' new places

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
        (await self.get_state(StudioEditorState)).version += 1

    @rx.event
    async def video_finished(self, section_id: int = 0):
        """The uploader says a video was processed: read the draft again to show it."""
        editor = await self.get_state(StudioEditorState)
        await editor._reload_quietly()

    async def _unchanged(self, section_id: int, field: str, value) -> bool:
        """Whether the section already holds ``value`` (leaving a box untouched saves nothing)."""
        editor = await self.get_state(StudioEditorState)
        if editor.draft is None:
            return True
        for section in editor.draft.sections:
            if section.id == int(section_id):
                if getattr(section, field) == value:
                    editor._clear(f"section-{section_id}-{'duration' if field == 'duration_seconds' else field}")
                    return True
                return False
        return True
