"""The course page's way in, by who is looking (docs/product.md, "Course page", "Free courses"):
its instructor ("You teach this course", Edit course), an enrolled learner (Watch Now, or Go to course for a free
course), a free course (Enroll for free), or a course for sale (Add To Cart, Buy Now). A draft or unpublished course
says so above the page, to the few who may see it."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import badge
from marketplace.states.cart import CartState
from marketplace.states.course import CourseState
from marketplace.states.free_enrollment import FreeEnrollState

DRAFT_NOTE = "Draft: only you can see this page."
UNPUBLISHED_NOTE = "Unpublished: this course is not in the catalog. Learners already enrolled keep it."


def status_banner() -> rx.Component:
    """A draft or unpublished course, said at the top of its page (only its instructor and learners see it)."""
    c = CourseState.course
    return rx.cond(
        c.status != "published",
        rx.el.div(
            lucide("eye-off", size=18, class_name="shrink-0", aria_hidden="true"),
            rx.el.p(rx.cond(c.status == "draft", DRAFT_NOTE, UNPUBLISHED_NOTE)),
            rx.cond(
                c.teaches,
                rx.el.a("Edit course", href=routes.studio_course("") + c.id.to_string(), class_name=styles.LINK),
            ),
            role="status",
            class_name="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 "
            "px-4 py-3 text-sm text-amber-900",
            data_testid="course-status-banner",
        ),
    )


def _teaching() -> rx.Component:
    c = CourseState.course
    return rx.el.div(
        rx.el.p("You teach this course", class_name="font-semibold text-gray-900"),
        rx.el.a(
            lucide("pencil", size=18),
            "Edit course",
            href=routes.studio_course("") + c.id.to_string(),
            class_name=f"{styles.BTN_PRIMARY} w-full",
        ),
        class_name="mt-4 flex flex-col gap-3",
        data_testid="teaching",
    )


def _enrolled() -> rx.Component:
    c = CourseState.course
    return rx.el.div(
        badge("Enrolled", "green"),
        rx.el.a(
            lucide("circle-play", size=18),
            rx.cond(c.free, "Go to course", "Watch Now"),
            href=routes.player("") + c.id.to_string(),
            class_name=f"{styles.BTN_PRIMARY} w-full",
        ),
        class_name="mt-4 flex flex-col gap-3",
    )


def _price() -> rx.Component:
    c = CourseState.course
    return rx.el.div(
        rx.el.span(c.price_text, class_name="text-3xl font-extrabold text-gray-900"),
        rx.cond(
            c.original_price_text != "",
            rx.fragment(
                rx.el.del_(c.original_price_text, class_name="text-gray-500"),
                rx.el.span(c.discount_percentage, "% Off", class_name="font-semibold text-green-700"),
            ),
        ),
        class_name="flex flex-wrap items-baseline gap-2",
        data_testid="price",
    )


def _free() -> rx.Component:
    c = CourseState.course
    return rx.el.div(
        _price(),
        rx.el.button(
            rx.cond(FreeEnrollState.enrolling, "Enrolling...", "Enroll for free"),
            type="button",
            on_click=FreeEnrollState.enroll(c.id),
            disabled=FreeEnrollState.enrolling,
            class_name=f"{styles.BTN_PRIMARY} mt-4 w-full",
        ),
        class_name="mt-4",
    )


def _for_sale() -> rx.Component:
    c = CourseState.course
    return rx.el.div(
        _price(),
        rx.el.button(
            lucide("shopping-cart", size=18),
            "Add To Cart",
            type="button",
            on_click=CartState.add(c.id),
            class_name=f"{styles.BTN_DARK} mt-4 w-full",
        ),
        rx.el.button(
            "Buy Now",
            type="button",
            on_click=CartState.buy_now(c.id),
            class_name=f"{styles.BTN_OUTLINE} mt-3 w-full",
        ),
        class_name="mt-4",
    )


def buy_box() -> rx.Component:
    """The price card's action for this viewer."""
    c = CourseState.course
    return rx.cond(
        c.teaches,
        _teaching(),
        rx.cond(CourseState.enrolled, _enrolled(), rx.cond(c.free, _free(), _for_sale())),
    )
