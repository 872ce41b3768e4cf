"""The course page (/courses/[route_arg]); the browser tab shows the course's title."""

import reflex as rx

from marketplace import routes
from marketplace.components.catalog_course import course_body, course_not_found
from marketplace.components.ui import error_state
from marketplace.layouts import container, shell, spinner
from marketplace.states.course import CourseState
from marketplace.states.reviews import ReviewListState


# rx.page directly (with the same shell as layouts.page) because the title is a state Var: the tab shows
# the course's own title once it has loaded.
@rx.page(route=routes.COURSE, title=CourseState.page_title, on_load=[CourseState.load, ReviewListState.load])
def course() -> rx.Component:
    """Course details, price card, syllabus, instructor, reviews and related courses."""
    return shell(_content())


def _content() -> rx.Component:
    return container(
        rx.cond(
            CourseState.loading,
            spinner("Loading course...", screen_tall=True),  # the footer does not jump when the course arrives
            rx.cond(
                CourseState.not_found,
                course_not_found(),
                rx.cond(
                    CourseState.error != "",
                    error_state("Error: " + CourseState.error, CourseState.load),
                    course_body(),
                ),
            ),
        ),
        class_name="py-6 sm:py-8",
    )
