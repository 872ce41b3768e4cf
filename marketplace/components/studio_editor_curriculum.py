"""The editor's curriculum panel: one card per section (title, preview, YouTube link, duration, video upload,
move up/down, remove with a confirmation) and the box that adds a section."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.studio_editor import PAUSE_MS, field_error, redraw_key
from marketplace.components.studio_upload import video_uploader
from marketplace.shapes.studio import SectionDraft
from marketplace.states.studio_editor import StudioEditorState as Editor
from marketplace.states.studio_sections import StudioSectionsState as Sections

_ICON_BTN = (
    "inline-flex h-11 w-11 items-center justify-center rounded-md border border-gray-300 bg-white text-gray-700 "
    "hover:bg-gray-50 disabled:opacity-40"
)


def _box(label: str, element_id, key, default, on_save, **props) -> rx.Component:
    """A labelled section input saved on leaving and after a typing pause, with its message."""
    return rx.el.div(
        rx.el.label(label, html_for=element_id, class_name=styles.LABEL),
        rx.el.input(
            id=element_id,
            default_value=default,
            key=redraw_key(element_id, "sections"),
            aria_invalid=Editor.field_errors.get(key, "") != "",
            aria_describedby=element_id + "-error",
            on_blur=on_save,
            on_change=lambda value: on_save(value).debounce(PAUSE_MS),
            data_autosave=key,  # kept in the browser until saved (assets/js/studio_autosave.js)
            class_name=styles.INPUT,
            **props,
        ),
        _error(key, element_id),
    )


def _error(key, element_id) -> rx.Component:
    message = Editor.field_errors.get(key, "")
    return rx.cond(
        message != "",
        rx.el.p(message, id=element_id + "-error", role="alert", class_name=styles.FIELD_ERROR),
    )


def _video(section: SectionDraft) -> rx.Component:
    status = rx.match(
        section.video_status,
        ("uploading", rx.el.p("Upload not finished yet", class_name="text-sm text-gray-600")),
        ("processing", rx.el.p("Checking the video…", class_name="text-sm text-gray-600")),
        (
            "ready",
            rx.el.p(
                lucide("circle-check", size=16, aria_hidden="true"),
                "Uploaded video ready",
                class_name="inline-flex items-center gap-1 text-sm text-green-800",
            ),
        ),
        ("rejected", rx.el.p("Video refused: ", section.video_error, role="alert", class_name=styles.FIELD_ERROR)),
        rx.fragment(),
    )
    # Resumable (tus) upload; once the server has checked the video it runs video_finished, which reloads the draft.
    return rx.el.div(video_uploader(section.id, Sections.video_finished), status, class_name="flex flex-col gap-1")


def _confirm_remove(section: SectionDraft) -> rx.Component:
    return rx.el.div(
        rx.el.span("Remove this section?", class_name="text-sm font-semibold text-red-800"),
        rx.el.button(
            "Yes, remove",
            type="button",
            on_click=Sections.remove(section.id),
            class_name=f"{styles.BTN_DANGER} bg-red-700 text-white hover:bg-red-800",
        ),
        rx.el.button("Keep it", type="button", on_click=Sections.cancel_remove, class_name=styles.BTN_GHOST),
        role="group",
        aria_label="Confirm remove",
        class_name="flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2",
    )


def _section(section: SectionDraft, index) -> rx.Component:
    sid = section.id.to_string()
    prefix = "section-" + sid
    number = (index + 1).to_string()
    count = Editor.draft.sections.length()
    return rx.el.li(
        rx.el.div(
            rx.el.h3("Section " + number, class_name="font-semibold text-gray-900"),
            rx.el.div(
                rx.el.button(
                    lucide("arrow-up", size=18, aria_hidden="true"),
                    type="button",
                    aria_label="Move section " + number + " up",
                    disabled=index == 0,
                    on_click=Sections.move(section.id, -1),
                    class_name=_ICON_BTN,
                ),
                rx.el.button(
                    lucide("arrow-down", size=18, aria_hidden="true"),
                    type="button",
                    aria_label="Move section " + number + " down",
                    disabled=index == count - 1,
                    on_click=Sections.move(section.id, 1),
                    class_name=_ICON_BTN,
                ),
                rx.el.button(
                    lucide("trash-2", size=18, aria_hidden="true"),
                    type="button",
                    aria_label="Remove section " + number,
                    on_click=Sections.ask_remove(section.id),
                    class_name=f"{_ICON_BTN} text-red-700",
                ),
                class_name="flex gap-2",
            ),
            class_name="flex items-center justify-between gap-2",
        ),
        rx.cond(Sections.confirm_remove == section.id, _confirm_remove(section)),
        _box(
            "Section title",
            prefix + "-title",
            "section-" + sid + "-title",
            section.title,
            lambda value: Sections.rename(section.id, value),
            max_length=200,
        ),
        rx.el.div(
            _box(
                "YouTube link",
                prefix + "-video_url",
                "section-" + sid + "-video_url",
                section.video_url,
                lambda value: Sections.set_video_url(section.id, value),
                type="url",
                placeholder="https://www.youtube.com/watch?v=...",
            ),
            _box(
                "Duration (mm:ss)",
                prefix + "-duration",
                "section-" + sid + "-duration",
                Editor.durations.get(sid, ""),
                lambda value: Sections.set_duration(section.id, value),
                placeholder="12:30",
                input_mode="numeric",
            ),
            class_name="grid gap-4 sm:grid-cols-[1fr_10rem]",
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id=prefix + "-preview",
                default_checked=section.is_preview,
                key=redraw_key(prefix + "-preview", "sections"),
                on_change=lambda checked: Sections.set_preview(section.id, checked),
                class_name="h-5 w-5 rounded border-gray-300 accent-blue-600",
            ),
            "Free preview (anyone can watch this section)",
            html_for=prefix + "-preview",
            class_name="flex min-h-[44px] items-center gap-2 text-sm text-gray-800",
        ),
        _error("section-" + sid + "-preview", prefix + "-preview"),
        _video(section),
        _error("section-" + sid + "-move", prefix + "-move"),
        _error("section-" + sid + "-remove", prefix + "-remove"),
        data_testid="studio-section",
        class_name="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:p-4",
    )


def curriculum() -> rx.Component:
    """The sections in order, then a box to add one."""
    return rx.el.section(
        rx.el.h2("Curriculum", id="curriculum-heading", class_name=styles.H3),
        rx.cond(
            Editor.draft.sections.length() > 0,
            rx.el.ol(
                rx.foreach(Editor.draft.sections, _section),
                aria_label="Sections",
                class_name="mt-4 flex flex-col gap-4",
            ),
            rx.el.p("No sections yet. Add the first one below.", class_name=f"{styles.MUTED} mt-2"),
        ),
        rx.el.form(
            rx.el.div(
                rx.el.label("New section title", html_for="new-section-title", class_name=styles.LABEL),
                rx.el.input(
                    id="new-section-title",
                    name="title",
                    required=True,
                    max_length=200,
                    key="new-section-" + Sections.new_title_version.to_string(),
                    aria_describedby="new-section-title-error",
                    class_name=styles.INPUT,
                ),
                class_name="min-w-0 flex-1",
            ),
            rx.el.button(
                lucide("plus", size=16, aria_hidden="true"),
                "Add section",
                type="submit",
                class_name=styles.BTN_OUTLINE,
            ),
            on_submit=Sections.add,
            class_name="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end",
        ),
        field_error("new-section", "new-section-title"),
        aria_labelledby="curriculum-heading",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )
