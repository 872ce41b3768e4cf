"""Course and instructor cards, the same everywhere."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import person_picture
from marketplace.components.ui import badge, image, stars
from marketplace.shapes.catalog import CourseCard, InstructorCard


def course_card(course: CourseCard) -> rx.Component:
    """Thumbnail, title, instructor, stars with review count, lectures, level, price; Enrolled + Watch Now."""
    href = "/courses/" + course.id.to_string()
    return rx.el.article(
        rx.el.a(
            image(
                course.thumbnail,
                "",
                320,
                180,
                class_name="aspect-video h-auto w-full rounded-t-lg object-cover bg-gray-100",
            ),
            href=href,
            tab_index=-1,
            aria_hidden="true",
        ),
        rx.el.div(
            rx.el.h3(
                rx.el.a(course.title, href=href, class_name="hover:text-blue-600"),
                class_name="font-semibold text-gray-900 leading-snug line-clamp-2",
            ),
            rx.el.p("By ", course.instructor.name, class_name=styles.MUTED),
            rx.el.div(
                rx.el.span(course.rating_text, class_name="text-sm font-semibold text-gray-900"),
                stars(course.rating, size=14, label="Rated " + course.rating_text + " out of 5"),
                rx.el.span("(", course.review_count, " reviews)", class_name="text-xs text-gray-500"),
                class_name="flex items-center gap-1.5",
            ),
            rx.el.p(course.lectures, " lectures · ", course.level, class_name="text-xs text-gray-500"),
            rx.cond(
                course.enrolled,
                rx.el.div(
                    badge("Enrolled", "green"),
                    rx.el.a(
                        "Watch Now",
                        href="/order-complete/" + course.id.to_string(),
                        class_name=f"{styles.BTN_PRIMARY} !min-h-0 !py-1.5",
                    ),
                    class_name="mt-auto flex items-center justify-between pt-2",
                ),
                rx.el.div(
                    rx.el.span(course.price_text, class_name="text-lg font-bold text-gray-900"),
                    rx.cond(
                        course.original_price_text != "",
                        rx.el.del_(course.original_price_text, class_name="text-sm text-gray-500"),
                    ),
                    class_name="mt-auto flex items-baseline gap-2 pt-2",
                ),
            ),
            class_name="flex flex-1 flex-col gap-1.5 p-4",
        ),
        class_name=f"{styles.CARD} flex flex-col overflow-hidden hover:shadow-md transition-shadow",
        data_testid="course-card",
    )


def instructor_card(instructor: InstructorCard) -> rx.Component:
    """Picture, name, title, rating and students, linking to the mentor page."""
    href = "/mentors/" + instructor.id.to_string()
    return rx.el.article(
        image(
            person_picture(instructor.picture),
            "",
            96,
            96,
            class_name="mx-auto h-24 w-24 rounded-full object-cover bg-gray-100",
        ),
        rx.el.h3(
            rx.el.a(instructor.name, href=href, class_name="hover:text-blue-600"),
            class_name="mt-3 font-semibold text-gray-900",
        ),
        rx.el.p(instructor.title, class_name=f"{styles.MUTED} line-clamp-1"),
        rx.el.div(
            stars(instructor.rating, size=14, label="Rated " + instructor.rating_text + " out of 5"),
            rx.el.span(instructor.rating_text, class_name="text-sm font-semibold"),
            class_name="mt-2 flex items-center justify-center gap-1.5",
        ),
        rx.el.p(instructor.students, " students", class_name="text-xs text-gray-500 mt-1"),
        class_name=f"{styles.CARD} p-5 text-center",
        data_testid="instructor-card",
    )
