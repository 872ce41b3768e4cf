"""Course and instructor cards, the same everywhere."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.catalog_parts import person_picture
from marketplace.components.first_cards import CARD_CLASS, FIRST_ON_SCREEN, HEART_CLASS, IMAGE_CLASS
from marketplace.components.icons import lucide
from marketplace.components.ui import badge, image, stars, when
from marketplace.shapes.catalog import CourseTile, InstructorCard
from marketplace.states.cart import CartState
from marketplace.states.session import SessionState
from marketplace.states.wishlist import WishlistState


def heart_button(course_id, title, class_name: str = "") -> rx.Component:
    """The wishlist heart: pressed (filled red) when the signed-in learner has hearted the course.

    Drawn from the page's one read of the hearted ids (WishlistState.ids); a visitor's press goes to /login.
    """
    pressed = SessionState.logged_in & WishlistState.ids.contains(course_id)
    return rx.el.button(
        lucide(
            "heart",
            size=20,
            class_name=rx.cond(pressed, "fill-red-500 text-red-500", "text-gray-700"),
        ),
        type="button",
        aria_pressed=pressed,
        aria_label=rx.cond(pressed, "Remove " + title + " from wishlist", "Add " + title + " to wishlist"),
        title=rx.cond(pressed, "Remove from wishlist", "Add to wishlist"),
        on_click=WishlistState.toggle(course_id),
        class_name=f"{HEART_CLASS} {class_name}".strip(),
        data_testid="wishlist-heart",
    )


def _add_to_cart(course: CourseTile) -> rx.Component:
    return rx.el.button(
        lucide("shopping-cart", size=16),
        "Add To Cart",
        # The visible words first, then which course: one of several such buttons on the page.
        rx.el.span(" ", course.title, class_name="sr-only"),
        type="button",
        on_click=CartState.add(course.id),
        class_name=f"{styles.BTN_DARK} mt-3 w-full !min-h-[44px]",
    )


def course_card(course: CourseTile, *, add_to_cart: bool = False) -> rx.Component:
    """Thumbnail with the wishlist heart, title, instructor, stars with review count, lectures, level, price;
    Enrolled + Watch Now for the viewer's own courses; Add To Cart under the price when ``add_to_cart``."""
    return _course_card(course, add_to_cart, eager=False)


def listing_card(course: CourseTile, index: rx.Var) -> rx.Component:
    """A course card of the listing (``rx.foreach`` with the index). The first card's thumbnail is the page's
    largest paint on a phone: asked for at once and first (a lazy picture waits for layout). From the third card
    on (below the fold of a phone) the browser lays a card out only as it nears the screen (styles.OFFSCREEN_CARD)."""
    return _course_card(course, False, eager=index == 0, offscreen=index >= FIRST_ON_SCREEN)


def _course_card(
    course: CourseTile, add_to_cart: bool, eager: bool | rx.Var, offscreen: bool | rx.Var = False
) -> rx.Component:
    href = "/courses/" + course.id.to_string()
    return rx.el.article(
        heart_button(course.id, course.title, "absolute right-2 top-2 z-10"),
        rx.el.a(
            image(
                course.thumbnail,
                "",
                320,
                180,
                class_name=IMAGE_CLASS,
                lazy=when(eager, False, True),
                fetch_priority=when(eager, "high", "auto"),
            ),
            href=href,
            tab_index=-1,
            aria_hidden="true",
        ),
        rx.el.div(
            rx.el.h3(
                rx.el.a(course.title, href=href, class_name="hover:text-blue-600"),
                class_name=styles.CARD_TITLE,
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
            # A free course is enrolled in from its page, never bought.
            rx.cond(~course.enrolled & ~course.free, _add_to_cart(course)) if add_to_cart else rx.fragment(),
            class_name="flex flex-1 flex-col gap-1.5 p-4",
        ),
        class_name=when(offscreen, f"{CARD_CLASS} {styles.OFFSCREEN_CARD}", CARD_CLASS),
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
