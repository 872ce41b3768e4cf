"""Teacher and mentor pages: profile header with links out, about, expertise, experience, reviews, courses."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cards import course_card
from marketplace.components.catalog_course import breadcrumb
from marketplace.components.catalog_parts import person_picture, picture
from marketplace.components.icons import lucide
from marketplace.components.mentor_reviews import mentor_reviews_section
from marketplace.components.ui import badge, stars
from marketplace.shapes.catalog import SocialLink
from marketplace.states.instructor import InstructorState
from marketplace.states.reviews import ReviewListState


def _link_out(link: SocialLink) -> rx.Component:
    return rx.el.a(
        rx.match(
            link.icon,
            ("globe", lucide("globe", size=16)),
            ("briefcase", lucide("briefcase", size=16)),
            ("at-sign", lucide("at-sign", size=16)),
            ("circle-play", lucide("circle-play", size=16)),
            ("users", lucide("users", size=16)),
            lucide("external-link", size=16),
        ),
        link.label,
        href=link.href,
        target="_blank",
        rel="noopener noreferrer",
        class_name=f"{styles.BTN_OUTLINE} !px-3",
    )


def _figure(value, label: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="order-2 text-xs text-gray-500"),
        rx.el.dd(value, class_name="order-1 text-lg font-bold text-gray-900"),
        class_name="flex flex-col",
    )


def profile_header() -> rx.Component:
    """Picture, name, title, role, figures, Message Mentor and the links out."""
    t = InstructorState.instructor
    rating = ReviewListState.summary
    return rx.el.div(
        picture(
            person_picture(t.picture),
            "",
            128,
            128,
            lazy=False,
            class_name="h-28 w-28 shrink-0 rounded-full object-cover bg-gray-100",
        ),
        rx.el.div(
            rx.el.div(badge(t.role, "blue")),
            rx.el.h1(t.name, class_name=f"{styles.H1} mt-2"),
            rx.el.p(t.title, class_name="mt-1 text-gray-600"),
            rx.el.div(
                # From the review list's summary, so a review just posted shows here too.
                stars(rating.average_rating, size=16, label="Rated " + rating.average_text + " out of 5"),
                rx.el.span(rating.average_text, class_name="font-semibold"),
                rx.el.span(
                    "(",
                    rating.total_reviews,
                    rx.cond(rating.total_reviews == 1, " review)", " reviews)"),
                    class_name="text-sm text-gray-500",
                ),
                class_name="mt-2 flex flex-wrap items-center gap-2",
            ),
            rx.el.dl(
                _figure(t.students_text, "Students"),
                _figure(rating.total_reviews, "Reviews"),
                _figure(t.course_count, "Courses"),
                class_name="mt-4 flex gap-8",
            ),
            rx.el.div(
                rx.el.a(
                    lucide("message-square", size=16),
                    "Message Mentor",
                    href=routes.chat("") + t.user_id.to_string(),
                    class_name=styles.BTN_PRIMARY,
                ),
                rx.foreach(t.links, _link_out),
                class_name="mt-5 flex flex-wrap gap-2",
            ),
            class_name="min-w-0",
        ),
        class_name=f"{styles.CARD} flex flex-col gap-6 p-5 sm:flex-row sm:p-8",
        data_testid="instructor-profile",
    )


def _chip(text) -> rx.Component:
    return rx.el.li(text, class_name=f"{styles.BADGE} bg-blue-50 text-blue-700 !text-sm !px-3 !py-1")


def about_blocks() -> rx.Component:
    """About, expertise and experience."""
    t = InstructorState.instructor
    return rx.el.div(
        rx.el.section(
            rx.el.h2("About", class_name=styles.H2),
            rx.el.p(
                rx.cond(t.about != "", t.about, "No biography yet."),
                class_name="mt-3 whitespace-pre-line text-gray-700",
            ),
        ),
        rx.el.div(
            rx.el.section(
                rx.el.h2("Expertise", class_name=styles.H3),
                rx.cond(
                    t.expertise.length() > 0,
                    rx.el.ul(rx.foreach(t.expertise, _chip), class_name="mt-3 flex flex-wrap gap-2"),
                    rx.el.p("Not listed yet.", class_name="mt-2 text-sm text-gray-500"),
                ),
                class_name=f"{styles.CARD} p-5",
            ),
            rx.el.section(
                rx.el.h2("Experience", class_name=styles.H3),
                rx.el.p(
                    rx.cond(t.experience != "", t.experience, "Not listed yet."),
                    class_name="mt-2 whitespace-pre-line text-sm text-gray-700",
                ),
                class_name=f"{styles.CARD} p-5",
            ),
            class_name="grid gap-5 md:grid-cols-2",
        ),
        class_name="mt-8 flex flex-col gap-8",
    )


def taught_courses() -> rx.Component:
    """The courses this instructor teaches."""
    return rx.el.section(
        rx.el.h2("Courses by ", InstructorState.instructor.name, class_name=f"{styles.H2} mb-5"),
        rx.cond(
            InstructorState.courses.length() > 0,
            rx.el.div(
                rx.foreach(InstructorState.courses, course_card),
                class_name="grid gap-5 sm:grid-cols-2 lg:grid-cols-3",
            ),
            rx.el.p("No courses yet.", class_name="text-sm text-gray-500"),
        ),
        id="courses",
        class_name="mt-12",
    )


def instructor_body(crumb: str, crumb_href: str) -> rx.Component:
    """The whole page once loaded."""
    return rx.fragment(
        breadcrumb(("Home", routes.HOME), (crumb, crumb_href), current=InstructorState.instructor.name),
        profile_header(),
        about_blocks(),
        mentor_reviews_section(),
        taught_courses(),
    )


def instructor_not_found() -> rx.Component:
    """An unknown instructor id."""
    return rx.el.div(
        lucide("user-x", size=40, class_name="text-gray-400"),
        rx.el.h1("Instructor not found", class_name=f"{styles.H1} mt-3"),
        rx.el.p("This instructor does not exist or no longer teaches here.", class_name="mt-2 text-gray-600"),
        rx.el.a("Browse courses", href=routes.CATEGORIES, class_name=f"{styles.BTN_PRIMARY} mt-5"),
        class_name="flex flex-col items-center py-16 text-center",
    )
