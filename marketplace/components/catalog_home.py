"""Home page blocks: continue learning, hero, statistics, top categories, courses and instructors, calls to action
(the testimonials are :mod:`marketplace.components.home_testimonials`)."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cards import course_card, instructor_card
from marketplace.components.catalog_parts import category_card, picture, section_heading
from marketplace.components.icons import lucide
from marketplace.components.skeletons import course_skeletons, waiting
from marketplace.components.ui import container, error_state
from marketplace.domain.catalog_views import STAT_LABELS
from marketplace.shapes.catalog import StatFigure
from marketplace.states.home import HOME_CATEGORIES, HOME_COURSES, HOME_INSTRUCTORS, HomeState

HERO_IMAGE = "/images/hero.webp"
HERO_IMAGE_SMALL = "/images/hero-480.webp"


# While the home page's blocks load (they come over the websocket after the page has painted), each section holds
# grey cards the size of its real ones, so nothing below moves when they arrive: a learner who scrolled on, or
# reached for a See All link, would see the page jump under their finger (issue 14: no layout shift).
COURSE_GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
CATEGORY_GRID = "grid grid-cols-2 gap-4 md:grid-cols-4"
INSTRUCTOR_GRID = "grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4"


def _grey_category_card() -> rx.Component:
    """A category card's size: the round icon, a line for the name (font-semibold: 24 px), one for the count."""
    return rx.el.div(
        rx.el.div(class_name="h-14 w-14 rounded-full bg-gray-100"),
        rx.el.div(class_name=f"mt-3 h-6 w-24 {styles.SKELETON_BAR}"),
        rx.el.div(class_name=f"h-5 w-16 {styles.SKELETON_BAR}"),
        class_name=f"{styles.SKELETON_CARD} flex flex-col items-center p-6",
    )


def _grey_instructor_card() -> rx.Component:
    """An instructor card's size: the round picture, the name, the title, the rating and the students."""
    return rx.el.div(
        rx.el.div(class_name="mx-auto h-24 w-24 rounded-full bg-gray-100"),
        # A phone's two narrow columns break most names into two lines.
        rx.el.div(
            rx.el.div(class_name=f"h-5 w-3/4 {styles.SKELETON_BAR}"),
            rx.el.div(class_name=f"h-5 w-1/2 {styles.SKELETON_BAR} sm:hidden"),
            class_name="mt-3 flex h-12 flex-col items-center justify-center gap-1 sm:h-6",
        ),
        rx.el.div(class_name=f"mx-auto h-5 w-2/3 {styles.SKELETON_BAR}"),
        rx.el.div(class_name=f"mx-auto mt-2 h-5 w-1/2 {styles.SKELETON_BAR}"),
        rx.el.div(class_name=f"mx-auto mt-1 h-4 w-1/3 {styles.SKELETON_BAR}"),
        class_name=f"{styles.SKELETON_CARD} p-5",
    )


def _empty(text: str) -> rx.Component:
    return rx.el.p(text, class_name="rounded-lg border border-dashed border-gray-300 py-10 text-center text-gray-500")


def continue_learning() -> rx.Component:
    """A signed-in learner's last watched course with its progress and the way back into the player."""
    r = HomeState.resume
    c = r.course
    return rx.cond(
        HomeState.has_resume,
        container(
            rx.el.section(
                picture(
                    c.thumbnail,
                    "",
                    160,
                    90,
                    lazy=False,
                    class_name="hidden aspect-video h-auto w-40 shrink-0 rounded-md object-cover sm:block",
                ),
                rx.el.div(
                    rx.el.h2(
                        "Continue learning", id="continue-heading", class_name="text-sm font-semibold text-blue-600"
                    ),
                    rx.el.p(
                        rx.el.a(c.title, href=r.href, class_name="hover:text-blue-600"),
                        class_name="mt-1 font-semibold text-gray-900 line-clamp-2",
                    ),
                    rx.cond(
                        r.lesson_title != "",
                        rx.el.p("Lesson: ", r.lesson_title, class_name=f"{styles.MUTED} line-clamp-1"),
                    ),
                    rx.el.div(
                        rx.el.div(
                            rx.el.div(
                                class_name="h-full rounded-full bg-blue-600",
                                style={"width": c.progress.percent.to_string() + "%"},
                            ),
                            role="progressbar",
                            aria_valuenow=c.progress.percent,
                            aria_valuemin=0,
                            aria_valuemax=100,
                            aria_label="Progress in " + c.title,
                            class_name="h-2 flex-1 overflow-hidden rounded-full bg-gray-200",
                        ),
                        rx.el.span(
                            c.progress.percent.to_string() + "% · " + c.progress.text,
                            class_name="shrink-0 text-xs text-gray-600",
                            data_testid="continue-progress",
                        ),
                        class_name="mt-2 flex items-center gap-3",
                    ),
                    class_name="min-w-0 flex-1",
                ),
                rx.el.a(
                    lucide("circle-play", size=18),
                    "Resume",
                    href=r.href,
                    aria_label="Resume " + c.title,
                    class_name=f"{styles.BTN_PRIMARY} w-full sm:w-auto sm:px-6",
                ),
                aria_labelledby="continue-heading",
                class_name=f"{styles.CARD} mt-6 flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5",
                data_testid="continue-learning",
            ),
        ),
    )


def hero() -> rx.Component:
    """Headline, short text, the blue call to action and the hero picture (the largest paint: eager)."""
    return container(
        rx.el.div(
            rx.el.p("Learn from Nigeria's best", class_name="text-sm font-semibold uppercase text-blue-600"),
            rx.el.h1(
                "Unlock your potential with skills that pay",
                class_name="mt-2 text-3xl font-extrabold leading-tight text-gray-900 sm:text-4xl lg:text-5xl",
            ),
            rx.el.p(
                "Practical courses from Nigerian experts, priced in naira. Learn at your pace on any phone, "
                "and keep every course for life.",
                class_name="mt-4 max-w-xl text-base text-gray-600 sm:text-lg",
            ),
            rx.el.div(
                rx.el.a("Explore Courses", href=routes.CATEGORIES, class_name=f"{styles.BTN_PRIMARY} px-6"),
                rx.el.a("Teach on Naija Learn", href=routes.TEACH, class_name=f"{styles.BTN_OUTLINE} px-6"),
                class_name="mt-6 flex flex-wrap gap-3",
            ),
            class_name="flex flex-col justify-center",
        ),
        rx.el.img(
            src=HERO_IMAGE,
            alt="A learner at a laptop following a video lesson",
            # width/height as attributes (Reflex would turn the props into CSS sizes).
            # Phones get the 480 px copy (a 358 px slot); wider screens and sharper phones the 960 px one.
            custom_attrs={
                "width": "960",
                "height": "720",
                "fetchPriority": "high",
                "srcSet": f"{HERO_IMAGE_SMALL} 480w, {HERO_IMAGE} 960w",
                "sizes": "(min-width: 1140px) 530px, (min-width: 768px) 50vw, 92vw",
            },
            loading="eager",
            decoding="async",
            class_name="h-auto w-full rounded-2xl",
        ),
        class_name="grid items-center gap-8 py-8 sm:py-12 md:grid-cols-2",
    )


def _stat(stat: StatFigure) -> rx.Component:
    return _figure(stat.label, stat.value)


def _figure(label: str | rx.Var, value: str | rx.Var) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="order-2 text-sm text-gray-600"),
        rx.el.dd(value, class_name="order-1 text-2xl font-extrabold text-gray-900 sm:text-3xl"),
        class_name="flex flex-col items-center gap-1 px-2 py-4 text-center",
    )


def stats_strip() -> rx.Component:
    """Four figures counted from the database; their labels, with a blank line for each figure, while they load."""
    return container(
        rx.el.dl(
            rx.cond(
                HomeState.loading,
                rx.fragment(*[_figure(label, "\u00a0") for label in STAT_LABELS]),
                rx.foreach(HomeState.stats, _stat),
            ),
            class_name=f"{styles.CARD} grid grid-cols-2 divide-gray-100 md:grid-cols-4 md:divide-x",
            aria_label="The catalog in numbers",
            data_testid="stats",
        ),
        class_name="pb-10",
    )


def top_categories() -> rx.Component:
    """Four category cards with their real course counts, on a light grey band."""
    return rx.el.section(
        container(
            section_heading("Top Categories", routes.CATEGORIES, see_all_label="See all categories"),
            rx.cond(
                HomeState.loading,
                waiting("Loading categories...", CATEGORY_GRID, _grey_category_card, HOME_CATEGORIES),
                rx.el.div(rx.foreach(HomeState.categories, category_card), class_name=CATEGORY_GRID),
            ),
        ),
        class_name="bg-gray-50 py-10",
        aria_label="Top Categories",
    )


def _home_list(title: str, see_all: str, items, card, grid: str, loading: rx.Component, empty: str) -> rx.Component:
    """A home section of cards with its loading (grey cards), error (and retry) and empty states."""
    return rx.el.section(
        container(
            section_heading(title, routes.CATEGORIES, see_all_label=see_all),
            rx.cond(
                HomeState.loading,
                loading,
                rx.cond(
                    HomeState.error != "",
                    error_state("Error: " + HomeState.error, HomeState.load),
                    rx.cond(items.length() > 0, rx.el.div(rx.foreach(items, card), class_name=grid), _empty(empty)),
                ),
            ),
        ),
        class_name="py-10",
        aria_label=title,
    )


def top_courses() -> rx.Component:
    """The first four courses, with Enrolled and Watch Now for the signed-in learner's own."""
    return _home_list(
        "Top Courses",
        "See all courses",
        HomeState.top_courses,
        course_card,
        COURSE_GRID,
        course_skeletons(COURSE_GRID, HOME_COURSES),
        "No top courses available.",
    )


def top_instructors() -> rx.Component:
    """The first four instructors."""
    return _home_list(
        "Top Instructors",
        "See all instructors",
        HomeState.top_instructors,
        instructor_card,
        INSTRUCTOR_GRID,
        waiting("Loading instructors...", INSTRUCTOR_GRID, _grey_instructor_card, HOME_INSTRUCTORS),
        "No instructors available.",
    )


def _promo(title: str, text: str, label: str, href: str, icon: str, flip: bool) -> rx.Component:
    picture = rx.el.div(
        lucide(icon, size=96, class_name="text-white"),
        aria_hidden="true",
        class_name="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-gradient-to-br "
        "from-blue-600 to-slate-800",
    )
    words = rx.el.div(
        rx.el.h2(title, class_name=styles.H2),
        rx.el.p(text, class_name="mt-3 text-gray-600"),
        rx.el.a(label, href=href, class_name=f"{styles.BTN_DARK} mt-5 px-6"),
        class_name="flex flex-col items-start justify-center",
    )
    return rx.el.div(
        picture,
        words,
        class_name="grid items-center gap-8 md:grid-cols-2" + (" md:[&>*:first-child]:order-2" if flip else ""),
    )


def calls_to_action() -> rx.Component:
    """Become an Instructor, and Transform your life through education."""
    return container(
        _promo(
            "Become an Instructor",
            "Teach what you know to learners across Nigeria. Publish a course, set your price in naira and "
            "get paid when learners enrol.",
            "Start Teaching Today",
            routes.TEACH,
            "presentation",
            flip=False,
        ),
        _promo(
            "Transform your life through education",
            "Learners use Naija Learn to change careers, start businesses and earn more. Pick a course and "
            "start today, one short lesson at a time.",
            "Checkout Courses",
            routes.CATEGORIES,
            "graduation-cap",
            flip=True,
        ),
        class_name="flex flex-col gap-14 py-14",
    )
