"""The instructor studio: My courses (/studio), a new course (/studio/courses/new) and the course editor.

Signed-out visitors are sent to log in and back (routes.GUARDED); learners are sent to /teach by each page's
on_load, which asks the studio domain (docs/product.md, "Instructor studio").
"""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.studio_courses import my_courses, new_course_form
from marketplace.components.studio_editor import editor_page
from marketplace.components.studio_editor_curriculum import curriculum
from marketplace.components.studio_shell import studio_page
from marketplace.layouts import page, spinner
from marketplace.states.session import SessionState
from marketplace.states.studio import NewCourseState, StudioCoursesState
from marketplace.states.studio_editor import StudioEditorState
from marketplace.states.studio_sections import AUTOSAVE_SCRIPT, StudioSectionsState


@page(routes.STUDIO, "Studio", on_load=StudioCoursesState.load)
def studio() -> rx.Component:
    """The instructor's courses with their figures and actions."""
    return studio_page("My courses", my_courses(), active=routes.STUDIO)


@page(routes.STUDIO_NEW_COURSE, "New course", on_load=NewCourseState.check)
def new_course() -> rx.Component:
    """A title, then the new draft's editor."""
    return studio_page("New course", new_course_form(), active=routes.STUDIO_NEW_COURSE)


def _refused() -> rx.Component:
    """Another instructor's course, or none: said plainly, with the way back."""
    return studio_page(
        "Course editor",
        rx.el.div(
            lucide("lock", size=32, class_name="text-gray-400", aria_hidden="true"),
            rx.el.p(StudioEditorState.problem, role="alert", class_name="mt-3 font-semibold text-gray-900"),
            rx.el.a("Back to my courses", href=routes.STUDIO, class_name=f"{styles.BTN_OUTLINE} mt-4"),
            class_name=f"{styles.CARD} flex flex-col items-center p-8 text-center",
        ),
        active="",
    )


# Guarded here rather than by routes.GUARDED: the login guard's wrapper swaps the page for a spinner while a
# reconnect rehydrates, and drawing the editor again would put the draft's older values back into boxes still being
# typed in (or whose queued saves have not yet been answered). `loaded` only changes when another course is opened.
# recover runs after load: it saves what the browser kept of edits the server never answered for. The keeping
# script comes with the page itself, so edits are kept from the first keystroke, even when the socket dies before
# recover's answer arrives.
@page(
    routes.STUDIO_COURSE,
    "Edit course",
    on_load=[SessionState.require_login, StudioEditorState.load, StudioSectionsState.recover],
)
def course_editor() -> rx.Component:
    """Details, pricing, thumbnail, curriculum and publishing of one of the instructor's courses."""
    return rx.fragment(
        rx.el.script(src=AUTOSAVE_SCRIPT, async_=True),
        rx.cond(
            SessionState.logged_in & StudioEditorState.loaded,
            rx.cond(StudioEditorState.problem != "", _refused(), editor_page(curriculum())),
            spinner("Loading the course..."),
        ),
    )
