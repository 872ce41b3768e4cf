"""Teacher (/teacher/[route_arg]) and mentor (/mentors/[route_arg]) pages, from the database."""

import reflex as rx

from marketplace import routes
from marketplace.components.catalog_instructor import instructor_body, instructor_not_found
from marketplace.components.ui import error_state
from marketplace.layouts import container, shell, spinner
from marketplace.states.instructor import InstructorState
from marketplace.states.reviews import ReviewListState

# Popular Mentors are listed on the course listing; the breadcrumb's middle step leads there.
MENTORS_HREF = routes.CATEGORIES + "#mentors"


def _content(crumb: str) -> rx.Component:
    return container(
        rx.cond(
            InstructorState.loading,
            spinner("Loading instructor..."),
            rx.cond(
                InstructorState.not_found,
                instructor_not_found(),
                rx.cond(
                    InstructorState.error != "",
                    error_state("Error: " + InstructorState.error, InstructorState.load),
                    instructor_body(crumb, MENTORS_HREF),
                ),
            ),
        ),
        class_name="py-6 sm:py-8",
    )


# rx.page directly (with layouts' shell) because the tab title is a state Var: the instructor's name.
@rx.page(route=routes.TEACHER, title=InstructorState.page_title, on_load=[InstructorState.load, ReviewListState.load])
def teacher() -> rx.Component:
    """An instructor's page."""
    return shell(_content("Teachers"))


@rx.page(route=routes.MENTOR, title=InstructorState.page_title, on_load=[InstructorState.load, ReviewListState.load])
def mentor() -> rx.Component:
    """A mentor's page: breadcrumb Home > Mentors > name."""
    return shell(_content("Mentors"))
