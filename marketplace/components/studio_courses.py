"""My courses (/studio) and the new-course form: a card per course with its figures and actions."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import error_state, image, spinner, submit_button
from marketplace.states.studio import NewCourseState, StudioCourseLine, StudioCoursesState

_STATUS_TONES = {
    "published": "bg-green-50 text-green-800",
    "unpublished": "bg-amber-50 text-amber-800",
    "draft": "bg-gray-100 text-gray-700",
}
_SMALL_BTN = "inline-flex items-center justify-center gap-1.5 rounded-md px-3 min-h-[44px] text-sm font-semibold"


def status_badge(status) -> rx.Component:
    """Draft / Published / Unpublished as a coloured label."""
    return rx.el.span(
        rx.match(status, ("published", "Published"), ("unpublished", "Unpublished"), "Draft"),
        class_name=rx.match(
            status,
            ("published", f"{styles.BADGE} {_STATUS_TONES['published']}"),
            ("unpublished", f"{styles.BADGE} {_STATUS_TONES['unpublished']}"),
            f"{styles.BADGE} {_STATUS_TONES['draft']}",
        ),
        data_testid="course-status",
    )


def _figure(label: str, value) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs text-gray-500"),
        rx.el.dd(value, class_name="text-sm font-semibold text-gray-900"),
    )


def _actions(course: StudioCourseLine) -> rx.Component:
    busy = StudioCoursesState.busy == course.id
    confirming = StudioCoursesState.confirm_delete == course.id
    return rx.el.div(
        rx.el.a(
            lucide("pencil", size=16, aria_hidden="true"),
            "Edit",
            href=course.editor_url,
            class_name=f"{_SMALL_BTN} bg-blue-600 text-white hover:bg-blue-700",
        ),
        rx.cond(
            course.status == "published",
            rx.el.a(
                "View on site",
                href=course.course_url,
                class_name=f"{_SMALL_BTN} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50",
            ),
        ),
        rx.cond(
            course.status == "published",
            rx.el.button(
                "Unpublish",
                type="button",
                disabled=busy,
                on_click=StudioCoursesState.unpublish(course.id),
                class_name=f"{_SMALL_BTN} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50",
            ),
            rx.el.button(
                "Publish",
                type="button",
                disabled=busy,
                on_click=StudioCoursesState.publish(course.id),
                class_name=f"{_SMALL_BTN} bg-slate-800 text-white hover:bg-gray-900",
            ),
        ),
        rx.cond(
            confirming,
            rx.el.div(
                rx.el.span("Delete this course?", class_name="text-sm font-semibold text-red-800"),
                rx.el.button(
                    "Yes, delete",
                    type="button",
                    disabled=busy,
                    on_click=StudioCoursesState.delete(course.id),
                    class_name=f"{_SMALL_BTN} bg-red-700 text-white hover:bg-red-800",
                ),
                rx.el.button(
                    "Keep it",
                    type="button",
                    on_click=StudioCoursesState.cancel_delete,
                    class_name=f"{_SMALL_BTN} text-gray-700 hover:bg-gray-100",
                ),
                role="group",
                aria_label="Confirm delete",
                class_name="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-2 py-1",
            ),
            rx.el.button(
                lucide("trash-2", size=16, aria_hidden="true"),
                "Delete",
                type="button",
                disabled=busy,
                on_click=StudioCoursesState.ask_delete(course.id),
                class_name=f"{_SMALL_BTN} border border-red-200 bg-white text-red-700 hover:bg-red-50",
            ),
        ),
        class_name="mt-3 flex flex-wrap items-center gap-2",
    )


def _course_row(course: StudioCourseLine) -> rx.Component:
    message = StudioCoursesState.row_messages.get(course.id.to_string(), "")
    return rx.el.li(
        rx.el.div(
            rx.cond(
                course.thumbnail != "",
                image(course.thumbnail, "", 160, 90, class_name="h-[90px] w-40 shrink-0 rounded-md object-cover"),
                rx.el.div(
                    lucide("image", size=28, class_name="text-gray-400", aria_hidden="true"),
                    class_name="flex h-[90px] w-40 shrink-0 items-center justify-center rounded-md bg-gray-100",
                ),
            ),
            rx.el.div(
                rx.el.div(
                    rx.el.h2(course.title, class_name="text-base font-semibold text-gray-900 break-words"),
                    status_badge(course.status),
                    class_name="flex flex-wrap items-center gap-2",
                ),
                rx.el.dl(
                    _figure("Students", course.students),
                    _figure("Revenue", course.revenue_text),
                    _figure("Rating", course.rating_text),
                    class_name="mt-2 grid grid-cols-3 gap-3 sm:max-w-md",
                ),
                _actions(course),
                rx.cond(
                    message != "",
                    rx.el.p(message, role="alert", class_name=f"{styles.FIELD_ERROR} whitespace-pre-line"),
                ),
                class_name="min-w-0 flex-1",
            ),
            class_name="flex flex-col gap-4 sm:flex-row",
        ),
        data_testid="studio-course",
        class_name=f"{styles.CARD} p-4",
    )


def _empty() -> rx.Component:
    return rx.el.div(
        lucide("book-open", size=36, class_name="text-gray-400", aria_hidden="true"),
        rx.el.p("You have no courses yet", class_name="mt-3 font-semibold text-gray-900"),
        rx.el.p("Write your first course: a title is all it takes to start.", class_name=f"{styles.MUTED} mt-1"),
        rx.el.a("Create your first course", href=routes.STUDIO_NEW_COURSE, class_name=f"{styles.BTN_PRIMARY} mt-4"),
        class_name=f"{styles.CARD} flex flex-col items-center p-8 text-center",
    )


def my_courses() -> rx.Component:
    """The instructor's courses, newest change first, or the way to write the first one."""
    return rx.cond(
        ~StudioCoursesState.loaded,
        spinner("Loading your courses..."),
        rx.cond(
            StudioCoursesState.error != "",
            error_state(StudioCoursesState.error, StudioCoursesState.load),
            rx.cond(
                StudioCoursesState.courses.length() > 0,
                rx.el.ul(
                    rx.foreach(StudioCoursesState.courses, _course_row),
                    aria_label="Your courses",
                    class_name="flex flex-col gap-4",
                ),
                _empty(),
            ),
        ),
    )


def new_course_form() -> rx.Component:
    """A title, then the draft's editor."""
    has_error = NewCourseState.error != ""
    return rx.el.form(
        rx.el.label("Course title", html_for="new-course-title", class_name=styles.LABEL),
        rx.el.input(
            id="new-course-title",
            name="title",
            required=True,
            max_length=200,
            placeholder="e.g. Excel for small business owners",
            aria_invalid=has_error,
            aria_describedby="new-course-title-error",
            class_name=styles.INPUT,
        ),
        rx.cond(
            has_error,
            rx.el.p(NewCourseState.error, id="new-course-title-error", role="alert", class_name=styles.FIELD_ERROR),
        ),
        rx.el.p("You can change it later. Nothing is public until you publish.", class_name=f"{styles.MUTED} mt-2"),
        submit_button("Create course", "Creating...", NewCourseState.creating, class_name=f"{styles.BTN_PRIMARY} mt-4"),
        on_submit=NewCourseState.create,
        class_name=f"{styles.CARD} max-w-xl p-4 sm:p-6",
    )
