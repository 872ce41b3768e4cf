"""Pages: My Courses (/profile2) and the course player (/order-complete/{courseId})."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.lesson_qa import qa_panel
from marketplace.components.player import curriculum, progress_bar, progress_card, video_area, video_controls
from marketplace.components.profile_sidebar import profile_layout
from marketplace.components.review_list import reviews_panel
from marketplace.components.ui import badge, empty_state, error_state, image, pager, stars
from marketplace.layouts import container, page, spinner
from marketplace.shapes.learning import EnrolledCourse
from marketplace.states.learning import MyCoursesState
from marketplace.states.lesson_qa import LessonQAState
from marketplace.states.player import PlayerState
from marketplace.states.reviews import ReviewListState

_TAB = "min-h-[44px] flex-1 shrink-0 border-b-2 px-2 text-sm sm:flex-none sm:px-4"
TAB_LABELS = (
    ("curriculum", "Curriculum"),
    ("qa", "Q&A"),
    ("details", "Details"),
    ("instructor", "Instructor"),
    ("reviews", "Reviews"),
)
PLACEHOLDER_AVATAR = "/images/avatars/placeholder.webp"


def _enrolled_card(course: EnrolledCourse) -> rx.Component:
    watch = "/order-complete/" + course.id.to_string()
    return rx.el.article(
        rx.el.a(
            image(course.thumbnail, "", 320, 180, class_name="aspect-video w-full object-cover bg-gray-100"),
            href=watch,
            tab_index=-1,
            aria_hidden="true",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.div(
                    badge("Enrolled", "blue"),
                    rx.cond(course.progress.is_completed, badge("Completed", "green")),
                    class_name="flex flex-wrap gap-1.5",
                ),
                rx.el.span(course.level, class_name="text-xs text-gray-500"),
                class_name="flex items-center justify-between",
            ),
            rx.el.h2(
                rx.el.a(course.title, href="/courses/" + course.id.to_string(), class_name="hover:text-blue-600"),
                class_name="font-semibold leading-snug text-gray-900 line-clamp-2",
            ),
            rx.el.p("By ", course.instructor, class_name=styles.MUTED),
            rx.el.div(
                stars(course.rating, size=14, label="Rated " + course.rating_text + " out of 5"),
                rx.el.span(course.rating_text, class_name="text-sm font-semibold"),
                class_name="flex items-center gap-1.5",
            ),
            rx.el.div(
                progress_bar(course.progress.percent, "Progress in " + course.title),
                rx.el.p(course.progress.text, class_name="mt-1 text-xs text-gray-600", data_testid="course-progress"),
                class_name="mt-auto pt-2",
            ),
            rx.el.a(
                lucide("circle-play", size=18),
                "Watch Now",
                href=watch,
                aria_label="Watch Now: " + course.title,
                class_name=f"{styles.BTN_PRIMARY} mt-2 w-full",
            ),
            rx.cond(
                course.certificate_url != "",
                rx.el.a(
                    lucide("award", size=18),
                    "View certificate",
                    href=course.certificate_url,
                    class_name=f"{styles.BTN_OUTLINE} w-full !border-green-600 !text-green-800",
                ),
            ),
            class_name="flex flex-1 flex-col gap-1.5 p-4",
        ),
        class_name=f"{styles.CARD} flex w-full flex-col overflow-hidden",
        data_testid="enrolled-course",
    )


def _my_courses_body() -> rx.Component:
    return rx.cond(
        MyCoursesState.loading,
        spinner("Loading your courses..."),
        rx.cond(
            MyCoursesState.error != "",
            error_state(MyCoursesState.error, on_retry=MyCoursesState.load),
            rx.cond(
                MyCoursesState.total > 0,
                rx.fragment(
                    rx.el.ul(
                        rx.foreach(MyCoursesState.courses, lambda c: rx.el.li(_enrolled_card(c), class_name="flex")),
                        class_name="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3",
                    ),
                    pager(MyCoursesState.page, MyCoursesState.pages, MyCoursesState.go_to_page),
                ),
                empty_state(
                    "You have not enrolled in any course yet.",
                    "Find a course you like and start learning today.",
                    "Browse courses",
                    routes.CATEGORIES,
                ),
            ),
        ),
    )


@page(routes.MY_COURSES, "My Courses", guarded=True, on_load=MyCoursesState.load)
def my_courses() -> rx.Component:
    """The learner's enrolled courses with their progress, 6 per page."""
    return profile_layout(
        routes.MY_COURSES,
        rx.el.h1("My Courses", class_name=f"{styles.H1} mb-6"),
        _my_courses_body(),
    )


def _tab_button(key: str, label: str) -> rx.Component:
    selected = PlayerState.tab == key
    on_click = [PlayerState.set_tab(key)]
    if key == "reviews":
        on_click.append(ReviewListState.load)
    return rx.el.button(
        label,
        type="button",
        role="tab",
        id=f"tab-{key}",
        aria_selected=selected,
        aria_controls="player-tabpanel",
        on_click=on_click,
        class_name=rx.cond(
            selected,
            f"{_TAB} border-blue-600 font-semibold text-blue-700",
            f"{_TAB} border-transparent text-gray-600 hover:text-gray-900",
        ),
    )


def _details() -> rx.Component:
    course = PlayerState.course
    return rx.el.div(
        rx.el.h2("About this course", class_name=styles.H3),
        rx.el.p(course.description, class_name="mt-2 whitespace-pre-line text-gray-700"),
        rx.el.div(rx.foreach(course.categories, lambda c: badge(c, "gray")), class_name="mt-4 flex flex-wrap gap-2"),
    )


def _instructor() -> rx.Component:
    teacher = PlayerState.course.instructor
    avatar = rx.cond(teacher.avatar != "", teacher.avatar, PLACEHOLDER_AVATAR)
    return rx.el.div(
        image(avatar, "", 80, 80, class_name="h-20 w-20 shrink-0 rounded-full object-cover"),
        rx.el.div(
            rx.el.h2(
                rx.el.a(
                    teacher.name,
                    href="/mentors/" + teacher.id.to_string(),
                    class_name=styles.LINK,
                ),
                class_name=styles.H3,
            ),
            rx.el.p(teacher.title, class_name=styles.MUTED),
            rx.el.p(
                "Rated ",
                teacher.rating_text,
                " from ",
                teacher.review_count,
                " reviews",
                class_name="mt-1 text-sm text-gray-600",
            ),
            rx.el.p(teacher.about, class_name="mt-2 whitespace-pre-line text-gray-700"),
        ),
        class_name="flex flex-col gap-4 sm:flex-row",
    )


def _reviews() -> rx.Component:
    return rx.el.div(reviews_panel("Review this course", list_heading="Learner reviews"))


def _tabs() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            *[_tab_button(key, label) for key, label in TAB_LABELS],
            role="tablist",
            aria_label="Course",
            class_name="flex overflow-x-auto border-b border-gray-200",
        ),
        rx.el.div(
            rx.match(
                PlayerState.tab,
                ("details", _details()),
                ("instructor", _instructor()),
                ("reviews", _reviews()),
                # Mounted afresh for each lesson: opening the tab, or another lesson under it, reads its questions.
                ("qa", rx.el.div(qa_panel(), key=PlayerState.current_id, on_mount=LessonQAState.load)),
                curriculum(),
            ),
            role="tabpanel",
            id="player-tabpanel",
            aria_labelledby="tab-" + PlayerState.tab,
            class_name="py-5",
        ),
        class_name="mt-6",
    )


def _player_body() -> rx.Component:
    course = PlayerState.course
    return rx.fragment(
        rx.el.nav(
            rx.el.a("My Courses", href=routes.MY_COURSES, class_name=styles.LINK),
            rx.el.span("/", aria_hidden="true", class_name="text-gray-400"),
            rx.el.span(course.title, aria_current="page", class_name="truncate text-gray-600"),
            aria_label="Breadcrumb",
            class_name="flex min-w-0 items-center gap-2 text-sm",
        ),
        rx.el.h1(course.title, class_name=f"{styles.H1} mt-3"),
        rx.el.div(
            stars(course.rating, size=16, label="Rated " + course.rating_text + " out of 5"),
            rx.el.span(course.rating_text, class_name="font-semibold", data_testid="player-rating"),
            rx.el.span(
                "(",
                course.review_count,
                rx.cond(course.review_count == 1, " review)", " reviews)"),
                class_name="text-gray-500",
            ),
            class_name="mt-2 flex items-center gap-2 text-sm",
        ),
        rx.el.div(
            rx.el.div(
                video_area(),
                video_controls(),
                # On a phone the progress sits between the controls and the tabs; beside the video on a desktop.
                rx.cond(~PlayerState.teaching, rx.el.div(progress_card(), class_name="mt-6 lg:hidden")),
                _tabs(),
                class_name="min-w-0 lg:col-span-2",
            ),
            rx.cond(
                ~PlayerState.teaching,
                rx.el.div(progress_card(), class_name="hidden h-fit lg:sticky lg:top-24 lg:block"),
            ),
            class_name="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3",
        ),
    )


@page(routes.PLAYER, "Course player", on_load=PlayerState.load)
def player() -> rx.Component:
    """The player: enrolled learners only (checked on the server by PlayerState.load)."""
    # Only what was loaded for this URL's course shows: never another course kept from an earlier visit.
    ready = ~PlayerState.loading & (PlayerState.loaded_for == PlayerState.route_arg)
    return container(
        rx.cond(
            PlayerState.error != "",
            rx.el.div(
                error_state(PlayerState.error),
                rx.el.a("Back to My Courses", href=routes.MY_COURSES, class_name=f"{styles.BTN_OUTLINE} mt-4"),
                class_name="flex flex-col items-center",
            ),
            rx.cond(ready, _player_body(), spinner("Loading your course...")),
        ),
        class_name="py-6",
    )
