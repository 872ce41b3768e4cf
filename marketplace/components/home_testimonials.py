"""The home page's testimonials: real top reviews in a row that scrolls 350 px per button press, grey cards of their
size while they load (every testimonial is the same height), no section when there are none."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import avatar
from marketplace.components.icons import lucide
from marketplace.components.skeletons import waiting
from marketplace.components.ui import container, stars
from marketplace.shapes.catalog import Testimonial
from marketplace.states.home import HomeState

SCROLL_STEP = 350  # px per testimonial button press (docs/product.md, Catalog and search)
TESTIMONIALS_ROW = "testimonials-row"
# A testimonial, and its grey card while the row loads: the same width.
TESTIMONIAL_CARD = f"{styles.CARD} flex w-[min(320px,80vw)] shrink-0 flex-col p-6"


def _testimonial(review: Testimonial) -> rx.Component:
    return rx.el.figure(
        rx.el.span(
            "\u201c", aria_hidden="true", class_name="block h-10 font-serif text-6xl leading-none text-blue-600"
        ),
        stars(review.rating, size=16, label="Rated " + review.rating.to_string() + " out of 5"),
        rx.el.blockquote(
            # Five lines at most and at least (24 px each): the row is its grey cards' height whatever the reviews
            # say, so nothing below it moves when they come.
            rx.el.p(review.comment, class_name="line-clamp-5 min-h-[7.5rem] break-words text-gray-700"),
            class_name="mt-3 flex-1",
        ),
        rx.el.figcaption(
            avatar(review.avatar, review.author_name, review.initials, size=40),
            # One line each, cut short when long (the whole title shows on hover), so every card is its grey
            # card's height: a course title over two lines made the row 24 px taller on a phone.
            rx.el.div(
                rx.el.p(review.author_name, class_name="truncate font-semibold text-gray-900"),
                rx.el.a(
                    review.course_title,
                    href=review.course_href,
                    title=review.course_title,
                    class_name="block truncate text-xs leading-6 text-blue-600 hover:underline",
                ),
                class_name="min-w-0",
            ),
            class_name="mt-4 flex items-center gap-3",
        ),
        class_name=TESTIMONIAL_CARD,
        data_testid="testimonial",
    )


def _grey_testimonial() -> rx.Component:
    """A testimonial's size, which every testimonial has: the quote mark, the stars, the comment's five lines, the
    author's picture beside two one-line rows (name and course)."""
    return rx.el.div(
        rx.el.div(class_name="h-10"),
        rx.el.div(class_name=f"h-4 w-24 {styles.SKELETON_BAR}"),
        # Lines of 24 px (the bars' margins do not collapse in a flex column).
        rx.el.div(
            *[rx.el.div(class_name=f"my-1 h-4 {styles.SKELETON_BAR}") for _ in range(5)],
            class_name="mt-3 flex flex-1 flex-col",
        ),
        rx.el.div(
            rx.el.div(class_name="h-10 w-10 shrink-0 rounded-full bg-gray-100"),
            rx.el.div(
                rx.el.div(class_name=f"my-0.5 h-5 w-28 {styles.SKELETON_BAR}"),
                rx.el.div(class_name=f"my-1 h-4 w-40 {styles.SKELETON_BAR}"),
                class_name="flex flex-col",
            ),
            class_name="mt-4 flex items-center gap-3",
        ),
        class_name=f"{TESTIMONIAL_CARD} animate-pulse",
    )


def _scroll_button(direction: int, label: str, icon: str) -> rx.Component:
    script = (
        f"document.getElementById('{TESTIMONIALS_ROW}')"
        f"?.scrollBy({{left: {SCROLL_STEP * direction}, behavior: 'smooth'}})"
    )
    return rx.el.button(
        lucide(icon, size=20),
        type="button",
        aria_label=label,
        aria_controls=TESTIMONIALS_ROW,
        on_click=rx.call_script(script),
        class_name="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white "
        "text-gray-700 hover:bg-gray-50",
    )


def testimonials() -> rx.Component:
    """Real top reviews in a row that scrolls 350 px per button press (grey cards while they load; no section
    when there are none)."""
    return rx.cond(
        HomeState.loading | (HomeState.testimonials.length() > 0),
        rx.el.section(
            container(
                rx.el.div(
                    rx.el.h2("What Our Learners Say", class_name=styles.H2),
                    rx.el.div(
                        _scroll_button(-1, "Previous testimonials", "chevron-left"),
                        _scroll_button(1, "Next testimonials", "chevron-right"),
                        class_name="flex gap-2",
                    ),
                    class_name="mb-5 flex items-center justify-between gap-4",
                ),
                rx.cond(
                    HomeState.loading,
                    waiting(
                        "Loading testimonials...",
                        "flex gap-5 overflow-hidden pb-4",
                        _grey_testimonial,
                        3,
                        id=TESTIMONIALS_ROW,  # what the scroll buttons control, loaded or not
                    ),
                    rx.el.div(
                        rx.foreach(HomeState.testimonials, _testimonial),
                        id=TESTIMONIALS_ROW,
                        tab_index=0,
                        aria_label="Testimonials",
                        class_name="flex gap-5 overflow-x-auto pb-4",
                    ),
                ),
            ),
            class_name="bg-gray-50 py-10",
            aria_label="Testimonials",
        ),
    )
