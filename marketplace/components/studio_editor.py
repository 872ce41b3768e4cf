"""The course editor's panels: autosave status, details, pricing, thumbnail and publishing.

Text boxes are uncontrolled (``default_value``), keyed by the state's ``version`` so a newly loaded draft shows;
each saves when it is left and when typing pauses for :data:`PAUSE_MS` (a debounced change event).
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.core.banner import has_connection_errors

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.studio_shell import studio_page
from marketplace.components.studio_upload import thumbnail_uploader
from marketplace.components.ui import image
from marketplace.domain.studio import COURSE_LANGUAGES, LEVELS
from marketplace.states.studio_editor import CategoryOption
from marketplace.states.studio_editor import StudioEditorState as Editor

PAUSE_MS = 800  # save after typing pauses this long


def redraw_key(element_id, box: str):
    """A box's React key: a new draft (version) or a changed saved value of this box (remounts) redraws it."""
    return element_id + "-" + Editor.version.to_string() + "-" + Editor.remounts.get(box, 0).to_string()


def save(field: str):
    """on_blur / on_change handlers that save ``field``: at once on leaving, after a pause while typing."""
    return {
        "on_blur": lambda value: Editor.save_field(field, value),
        "on_change": lambda value: Editor.save_field(field, value).debounce(PAUSE_MS),
    }


def field_error(key: str, element_id: str = "") -> rx.Component:
    """The message beside a field (its accessible description: ``<element_id>-error``)."""
    message = Editor.field_errors.get(key, "")
    return rx.cond(
        message != "",
        rx.el.p(message, id=f"{element_id or key}-error", role="alert", class_name=styles.FIELD_ERROR),
    )


def _invalid(key: str):
    return Editor.field_errors.get(key, "") != ""


def text_box(label: str, field: str, value, *, multiline: bool = False, hint: str = "", **props) -> rx.Component:
    """A labelled, autosaving text box (a textarea when ``multiline``), with its message under it."""
    element_id = f"course-{field}"
    tag = rx.el.textarea if multiline else rx.el.input
    return rx.el.div(
        rx.el.label(label, html_for=element_id, class_name=styles.LABEL),
        rx.el.p(hint, id=f"{element_id}-hint", class_name="mb-1 text-xs text-gray-500") if hint else rx.fragment(),
        tag(
            id=element_id,
            name=field,
            default_value=value,
            key=redraw_key(element_id, field),
            aria_invalid=_invalid(field),
            aria_describedby=f"{element_id}-error",
            data_autosave=field,  # kept in the browser until saved (assets/js/studio_autosave.js)
            class_name=f"{styles.INPUT} {'min-h-[120px]' if multiline else ''}",
            **save(field),
            **props,
        ),
        field_error(field, element_id),
    )


def save_status() -> rx.Component:
    """Saving… / All changes saved / Not saved: <message>, and Offline while the connection is down."""
    return rx.el.div(
        rx.cond(
            has_connection_errors,
            rx.el.span(
                lucide("wifi-off", size=16, aria_hidden="true"),
                "Offline: your changes will be saved when the connection is back",
                class_name="inline-flex items-center gap-2 text-amber-800",
            ),
            rx.match(
                Editor.save_status,
                ("saving", rx.el.span("Saving…", class_name="text-gray-600")),
                (
                    "saved",
                    rx.el.span(
                        lucide("check", size=16, aria_hidden="true"),
                        "All changes saved",
                        class_name="inline-flex items-center gap-1 text-green-800",
                    ),
                ),
                ("error", rx.el.span("Not saved: ", Editor.save_error, class_name="text-red-700")),
                rx.el.span("Changes save as you type", class_name="text-gray-500"),
            ),
        ),
        role="status",
        aria_live="polite",
        data_testid="save-status",
        class_name="text-sm font-medium",
    )


def _card(title: str, *children, id_: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, id=f"{id_}-heading", class_name=styles.H3),
        rx.el.div(*children, class_name="mt-4 flex flex-col gap-4"),
        aria_labelledby=f"{id_}-heading",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )


def _choice(label: str, field: str, options) -> rx.Component:
    element_id = f"course-{field}"
    return rx.el.div(
        rx.el.label(label, html_for=element_id, class_name=styles.LABEL),
        rx.el.select(
            *[rx.el.option(option, value=option) for option in options],
            id=element_id,
            default_value=getattr(Editor.draft, field),
            key=redraw_key(element_id, field),
            on_change=lambda value: Editor.save_field(field, value),
            data_autosave=field,
            class_name=styles.INPUT,
        ),
        field_error(field, element_id),
    )


def _categories() -> rx.Component:
    def box(category: CategoryOption) -> rx.Component:
        element_id = "category-" + category.id.to_string()
        return rx.el.label(
            rx.el.input(
                type="checkbox",
                id=element_id,
                default_checked=Editor.draft.category_ids.contains(category.id),
                key=redraw_key(element_id, "category_ids"),
                on_change=lambda checked: Editor.toggle_category(category.id, checked),
                class_name="h-5 w-5 rounded border-gray-300 accent-blue-600",
            ),
            category.name,
            html_for=element_id,
            class_name="flex min-h-[44px] items-center gap-2 text-sm text-gray-800",
        )

    return rx.el.fieldset(
        rx.el.legend("Categories (1 to 3)", class_name=styles.LABEL),
        rx.el.div(rx.foreach(Editor.categories, box), class_name="grid grid-cols-1 gap-x-4 sm:grid-cols-2"),
        field_error("categories"),
        aria_describedby="categories-error",
    )


def details() -> rx.Component:
    """Title, subtitle, description, the three lists, level, language and categories."""
    draft = Editor.draft
    return _card(
        "Details",
        text_box("Title", "title", draft.title, max_length=200),
        text_box("Subtitle", "subtitle", draft.subtitle, max_length=200),
        text_box("Description", "description", draft.description, multiline=True),
        text_box("What you'll learn", "learn", draft.learn.join("\n"), multiline=True, hint="One point per line."),
        text_box("Requirements", "requirements", draft.requirements.join("\n"), multiline=True, hint="One per line."),
        text_box("Who it's for", "audience", draft.audience.join("\n"), multiline=True, hint="One per line."),
        rx.el.div(
            _choice("Level", "level", LEVELS),
            _choice("Language", "language", COURSE_LANGUAGES),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        _categories(),
        id_="details",
    )


def pricing() -> rx.Component:
    """Price and optional original price in naira; 0 makes the course free."""
    return _card(
        "Pricing",
        rx.el.div(
            text_box(
                "Price (₦)",
                "price",
                Editor.price_text,
                input_mode="decimal",
                hint="0 makes it free.",
                auto_complete="off",
            ),
            text_box(
                "Original price (₦, optional)",
                "original_price",
                Editor.original_price_text,
                input_mode="decimal",
                hint="Shown crossed out when higher than the price.",
                auto_complete="off",
            ),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        id_="pricing",
    )


def thumbnail() -> rx.Component:
    """The course picture: shown as it will be in the catalog, replaced by an upload."""
    return _card(
        "Thumbnail",
        rx.cond(
            Editor.draft.thumbnail != "",
            image(
                Editor.draft.thumbnail,
                "Course thumbnail",
                640,
                360,
                lazy=False,
                class_name="aspect-video w-full rounded-md object-cover",
            ),
            rx.el.div(
                lucide("image", size=32, class_name="text-gray-400", aria_hidden="true"),
                rx.el.span("No thumbnail yet", class_name="text-sm text-gray-500"),
                class_name="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md bg-gray-100",
            ),
        ),
        thumbnail_uploader(Editor.set_thumbnail, label="Thumbnail file"),
        field_error("thumbnail"),
        id_="thumbnail",
    )


def publish_panel() -> rx.Component:
    """Status, Publish (with every missing piece named when refused) and Unpublish."""
    draft = Editor.draft
    return _card(
        "Publish",
        rx.el.p(
            "Status: ",
            rx.el.strong(
                rx.match(draft.status, ("published", "Published"), ("unpublished", "Unpublished"), "Draft"),
                data_testid="editor-status",
            ),
            class_name="text-sm text-gray-700",
        ),
        rx.cond(
            draft.status == "published",
            rx.el.div(
                rx.el.a("View on site", href="/courses/" + draft.id.to_string(), class_name=styles.LINK),
                rx.el.button("Unpublish", type="button", on_click=Editor.unpublish, class_name=styles.BTN_OUTLINE),
                class_name="flex flex-wrap items-center gap-3",
            ),
            rx.el.button("Publish", type="button", on_click=Editor.publish, class_name=styles.BTN_DARK),
        ),
        rx.cond(
            Editor.publish_refused & (draft.publish_problems.length() > 0),
            rx.el.div(
                rx.el.p("Before you can publish, add:", class_name="text-sm font-semibold text-red-800"),
                rx.el.ul(
                    rx.foreach(draft.publish_problems, lambda problem: rx.el.li(problem)),
                    aria_label="Missing before publishing",
                    class_name="mt-1 list-disc pl-5 text-sm text-red-800",
                ),
                role="alert",
                class_name="rounded-md bg-red-50 p-3",
            ),
        ),
        field_error("publish"),
        id_="publish",
    )


def editor_page(curriculum: rx.Component) -> rx.Component:
    """The whole editor: status bar, then details, pricing and curriculum beside thumbnail and publishing."""
    return studio_page(
        rx.cond(Editor.draft.title != "", Editor.draft.title, "Untitled course"),
        rx.el.div(
            save_status(),
            class_name="sticky top-16 z-10 -mx-4 mb-4 border-b border-gray-200 bg-white/95 px-4 py-2 sm:mx-0 "
            "sm:rounded-md sm:border",
        ),
        rx.el.div(
            rx.el.div(details(), pricing(), curriculum, class_name="flex min-w-0 flex-1 flex-col gap-6"),
            rx.el.div(publish_panel(), thumbnail(), class_name="flex flex-col gap-6 lg:w-80 lg:shrink-0"),
            class_name="flex flex-col gap-6 lg:flex-row lg:items-start",
        ),
        active="",
    )
