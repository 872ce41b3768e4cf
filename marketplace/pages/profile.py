"""Profile pages: wishlist and saved for later (/profile, the heart), settings (/profile1), teachers (/profile4)."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cards import course_card
from marketplace.components.cart_items import saved_row
from marketplace.components.chat_avatar import person_avatar
from marketplace.components.icons import lucide
from marketplace.components.profile_devices import signed_in_devices
from marketplace.components.profile_picture import picture_upload
from marketplace.components.profile_sidebar import profile_layout
from marketplace.components.ui import badge, empty_state, error_state, pager, submit_button
from marketplace.domain import profile as profile_rules
from marketplace.layouts import page, spinner
from marketplace.shapes.catalog import TeacherRow
from marketplace.states.cart import CartState
from marketplace.states.devices import DevicesState
from marketplace.states.profile import PICTURE_FIELD, ProfileState
from marketplace.states.session import SessionState
from marketplace.states.teachers import TeachersState
from marketplace.states.wishlist import WishlistPageState


def _heading(title: str, text: str) -> rx.Component:
    return rx.el.div(
        rx.el.h1(title, class_name=styles.H1),
        rx.el.p(text, class_name=f"{styles.MUTED} mt-1"),
        class_name="mb-6",
    )


# ---- /profile: wishlist and saved for later ---------------------------------------------------------------------


def _wishlist() -> rx.Component:
    """The hearted courses as cards, each with its heart and Add To Cart."""
    return rx.el.section(
        # The cards' titles are h3s; this keeps the heading levels in order for screen readers.
        rx.el.h2("Wishlisted courses", id="wishlist-heading", class_name="sr-only"),
        rx.cond(
            WishlistPageState.loading & (WishlistPageState.courses.length() == 0),
            spinner("Loading your wishlist..."),
            rx.cond(
                WishlistPageState.error != "",
                error_state(WishlistPageState.error, WishlistPageState.load),
                rx.cond(
                    WishlistPageState.courses.length() > 0,
                    rx.el.div(
                        rx.el.div(
                            rx.foreach(WishlistPageState.courses, lambda course: course_card(course, add_to_cart=True)),
                            class_name="grid gap-5 sm:grid-cols-2 xl:grid-cols-3",
                        ),
                        rx.cond(
                            WishlistPageState.pages > 1,
                            pager(WishlistPageState.page, WishlistPageState.pages, WishlistPageState.go_to_page),
                        ),
                    ),
                    empty_state(
                        "Your wishlist is empty",
                        "Tap the heart on any course to keep it here.",
                        "Browse courses",
                        routes.CATEGORIES,
                    ),
                ),
            ),
        ),
        aria_labelledby="wishlist-heading",
        class_name="mb-10",
    )


@page(routes.WISHLIST, "Wishlist", guarded=True, on_load=[WishlistPageState.load, CartState.load])
def wishlist() -> rx.Component:
    """The wishlist (hearted courses with Add To Cart), then the courses saved for later (Move to Cart, Remove)."""
    return profile_layout(
        routes.WISHLIST,
        _heading("Wishlist", "Courses you hearted. Add one to your cart when you are ready."),
        _wishlist(),
        rx.el.div(
            rx.el.h2("Saved for later", class_name=styles.H2),
            rx.el.p("Courses you moved out of your cart for another day.", class_name=f"{styles.MUTED} mt-1"),
            class_name="mb-4",
        ),
        rx.cond(
            ~CartState.loaded,
            spinner(),
            rx.cond(
                CartState.load_error != "",
                error_state(CartState.load_error, CartState.load),
                rx.cond(
                    CartState.saved.length() > 0,
                    rx.el.section(
                        rx.el.ul(rx.foreach(CartState.saved, saved_row), class_name=f"{styles.CARD} px-4 sm:px-5 py-1"),
                        aria_label="Saved courses",
                    ),
                    empty_state(
                        "Nothing saved for later yet",
                        "Save courses from your cart to come back to them here.",
                        "Browse courses",
                        routes.CATEGORIES,
                    ),
                ),
            ),
        ),
    )


# ---- /profile1: settings -------------------------------------------------------------------------------------


def _error(name: str) -> rx.Component:
    return rx.cond(
        ProfileState.errors.contains(name),
        rx.el.p(ProfileState.errors[name], id=f"{name}-error", role="alert", class_name=styles.FIELD_ERROR),
    )


def _input(label: str, name: str, *, type_: str = "text", placeholder: str = "", auto_complete: str = "off"):
    return rx.el.div(
        rx.el.label(label, html_for=name, class_name=styles.LABEL),
        rx.el.input(
            id=name,
            name=name,
            type=type_,
            default_value=ProfileState.form[name],
            placeholder=placeholder,
            auto_complete=auto_complete,
            on_blur=lambda value: ProfileState.check_field(name, value),
            aria_invalid=ProfileState.errors.contains(name),
            aria_describedby=f"{name}-error",
            class_name=styles.INPUT,
        ),
        _error(name),
    )


def _picture() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Picture", id="picture-heading", class_name=styles.H3),
        rx.el.div(
            person_avatar(SessionState.user["profilePicture"], SessionState.initials, 96, lazy=False),
            rx.el.div(
                picture_upload("picture"),
                rx.el.p("PNG, JPEG, WebP or GIF, up to 2 MB. Shown as a square.", class_name=f"{styles.MUTED} mt-2"),
                _error(PICTURE_FIELD),
            ),
            class_name="mt-3 flex flex-col items-start gap-4 sm:flex-row sm:items-center",
        ),
        aria_labelledby="picture-heading",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )


def _settings_form() -> rx.Component:
    return rx.el.form(
        rx.el.section(
            rx.el.h2("About you", class_name=styles.H3),
            rx.el.div(
                _input("First Name", "firstName", auto_complete="given-name"),
                _input("Last Name", "lastName", auto_complete="family-name"),
                class_name="grid gap-4 sm:grid-cols-2",
            ),
            _input("Headline", "headline", placeholder="e.g. Frontend developer in Lagos"),
            rx.el.div(
                rx.el.label("Description", html_for="description", class_name=styles.LABEL),
                rx.el.textarea(
                    id="description",
                    name="description",
                    default_value=ProfileState.form["description"],
                    rows=5,
                    max_length=2000,
                    on_blur=lambda value: ProfileState.check_field("description", value),
                    aria_describedby="description-error",
                    class_name=styles.INPUT,
                ),
                _error("description"),
            ),
            rx.el.div(
                rx.el.label("Language", html_for="language", class_name=styles.LABEL),
                rx.el.select(
                    *[rx.el.option(lang.capitalize(), value=lang) for lang in profile_rules.LANGUAGES],
                    id="language",
                    name="language",
                    default_value=ProfileState.form["language"],
                    class_name=f"{styles.INPUT} min-h-[44px]",
                ),
                _error("language"),
            ),
            class_name=f"{styles.CARD} flex flex-col gap-4 p-4 sm:p-6",
        ),
        rx.el.section(
            rx.el.h2("Links", class_name=styles.H3),
            *[
                _input(label, name, type_="url", placeholder=example)
                for name, (label, _sites, example) in profile_rules.LINK_FIELDS.items()
            ],
            class_name=f"{styles.CARD} flex flex-col gap-4 p-4 sm:p-6",
        ),
        rx.el.div(
            submit_button(
                "Save", "Saving...", ProfileState.saving, f"{styles.BTN_PRIMARY} w-full sm:w-auto sm:min-w-40"
            ),
            class_name="flex justify-end",
        ),
        key=ProfileState.version.to_string(),
        on_submit=ProfileState.save,
        no_validate=True,
        class_name="flex flex-col gap-6",
    )


@page(routes.PROFILE_SETTINGS, "Profile", guarded=True, on_load=[ProfileState.load, DevicesState.load])
def profile_settings() -> rx.Component:
    """Names, headline, description, language, picture and links; the signed-in devices."""
    return profile_layout(
        routes.PROFILE_SETTINGS,
        _heading("Profile", "Tell learners and teachers about yourself."),
        rx.cond(
            ~ProfileState.loaded,
            spinner(),
            rx.cond(
                ProfileState.load_error != "",
                error_state(ProfileState.load_error, ProfileState.load),
                rx.el.div(_picture(), _settings_form(), signed_in_devices(), class_name="flex flex-col gap-6"),
            ),
        ),
    )


# ---- /profile4: teachers -------------------------------------------------------------------------------------


def _teacher_card(teacher: TeacherRow) -> rx.Component:
    mentor = "/mentors/" + teacher.id.to_string()
    return rx.el.li(
        rx.el.article(
            rx.el.div(
                person_avatar(teacher.picture, teacher.initials, 80),
                rx.el.div(
                    rx.el.h2(
                        rx.el.a(teacher.name, href=mentor, class_name="hover:text-blue-600"),
                        # A long one-word name wraps inside the card instead of running past its edge.
                        class_name="font-semibold text-gray-900 break-words",
                    ),
                    rx.el.p(teacher.title, class_name=f"{styles.MUTED} line-clamp-2"),
                    rx.cond(teacher.mine, rx.el.div(badge("Your teacher", "green"), class_name="mt-1")),
                    class_name="min-w-0",
                ),
                class_name="flex items-center gap-4",
            ),
            rx.el.p(
                lucide("star", size=14, class_name="inline -mt-0.5 fill-amber-500 text-amber-500"),
                " ",
                teacher.rating_text,
                " (",
                teacher.review_count,
                " reviews) · ",
                teacher.course_count,
                " courses · ",
                teacher.students,
                " students",
                class_name="mt-3 text-sm text-gray-600",
            ),
            rx.el.div(
                rx.el.a("View profile", href=mentor, class_name=f"{styles.BTN_OUTLINE} flex-1"),
                rx.el.a(
                    lucide("message-circle", size=16),
                    "Message",
                    href="/profile5/" + teacher.user_id.to_string(),
                    aria_label="Message " + teacher.name,
                    class_name=f"{styles.BTN_PRIMARY} flex-1",
                ),
                class_name="mt-4 flex gap-2",
            ),
            class_name=f"{styles.CARD} h-full p-4",
            data_testid="teacher-card",
        ),
    )


def _teachers_search() -> rx.Component:
    return rx.el.div(
        rx.el.label("Search teachers by name", html_for="teacher-search", class_name=styles.LABEL),
        rx.el.div(
            lucide("search", size=18, class_name="pointer-events-none absolute left-3 top-3.5 text-gray-400"),
            rx.el.input(
                id="teacher-search",
                type="search",
                placeholder="e.g. Tunde",
                auto_complete="off",
                # The address's ?q= (reload, Back): the page is drawn after on_load has read it.
                default_value=TeachersState.query,
                on_change=TeachersState.search.debounce(300),
                class_name=f"{styles.INPUT} pl-10",
            ),
            class_name="relative",
        ),
        class_name="mb-6 max-w-md",
    )


@page(routes.TEACHERS, "Teachers", guarded=True, on_load=TeachersState.load)
def teachers() -> rx.Component:
    """Instructors 6 a page with a name search, the learner's own teachers first."""
    return profile_layout(
        routes.TEACHERS,
        _heading("Teachers", "Your teachers come first. Message any teacher about their courses."),
        _teachers_search(),
        rx.cond(
            TeachersState.loading & (TeachersState.teachers.length() == 0),
            spinner("Loading instructors..."),
            rx.cond(
                TeachersState.error != "",
                error_state(TeachersState.error, TeachersState.load),
                rx.cond(
                    TeachersState.teachers.length() > 0,
                    rx.el.div(
                        rx.el.ul(
                            rx.foreach(TeachersState.teachers, _teacher_card),
                            class_name="grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
                            aria_busy=TeachersState.loading,
                        ),
                        pager(TeachersState.page, TeachersState.pages, TeachersState.go_to_page),
                    ),
                    empty_state("No mentors found", "Try another name, or clear the search to see everyone."),
                ),
            ),
        ),
    )
