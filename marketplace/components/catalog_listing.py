"""The course listing (and search results): Sort By, the grid with its pager, mentors and featured courses; the
filters are in catalog_filters."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cards import course_card, instructor_card, listing_card
from marketplace.components.catalog_filters import CLEAR_FILTERS, choose, filter_panels, go_to_page, listing_script
from marketplace.components.catalog_parts import section_heading
from marketplace.components.first_cards import GRID_CLASS, cards_island
from marketplace.components.first_listing import first_listing
from marketplace.components.icons import lucide
from marketplace.components.ui import error_state, pager
from marketplace.states.listing import RESULTS_ID, ListingState

SORT_OPTIONS = (
    ("relevance", "Relevance"),
    ("newest", "Newest"),
    ("popular", "Most popular"),
    ("most_reviewed", "Most reviewed"),
    ("rating", "Rating"),
    ("price_asc", "Price low to high"),
    ("price_desc", "Price high to low"),
)


def sort_select() -> rx.Component:
    """The Sort By select; choosing navigates to the sorted view (and brings the controls' script)."""
    return rx.el.div(
        listing_script(),
        rx.el.label("Sort By", html_for="sort", class_name="text-sm font-medium text-gray-700"),
        rx.el.select(
            *[rx.el.option(label, value=value) for value, label in SORT_OPTIONS],
            id="sort",
            value=ListingState.sort,
            on_change=choose("sort"),
            class_name="min-h-[44px] rounded-md border border-gray-300 bg-white px-3 text-sm",
        ),
        class_name="flex items-center gap-2",
    )


def _results() -> rx.Component:
    return rx.cond(
        ListingState.error != "",
        error_state("Error: " + ListingState.error, ListingState.load),
        rx.cond(
            ListingState.courses.length() > 0,
            rx.fragment(
                # Card titles are h3s; on a phone the Filters h2 is folded away, so this keeps the levels in order.
                rx.el.h2("Courses", class_name="sr-only"),
                rx.el.div(
                    rx.foreach(ListingState.courses, listing_card),
                    class_name=GRID_CLASS,
                    data_testid="course-grid",
                ),
                pager(ListingState.page, ListingState.pages, go_to_page),
            ),
            rx.el.div(
                lucide("search-x", size=36, class_name="text-gray-400"),
                rx.el.p("No courses found", class_name="mt-3 font-semibold text-gray-900"),
                rx.el.p(
                    rx.cond(
                        ListingState.q != "",
                        "Try other words or fewer filters.",
                        "Try fewer filters or another category.",
                    ),
                    class_name="mt-1 text-sm text-gray-500",
                ),
                rx.cond(
                    ListingState.any_filter | (ListingState.q == ""),
                    rx.el.button(
                        "Clear filters",
                        type="button",
                        on_click=CLEAR_FILTERS,
                        class_name=f"{styles.BTN_PRIMARY} mt-4",
                    ),
                    # A search with no filter to clear: offer the whole catalog instead.
                    rx.el.a("Browse all courses", href=routes.COURSES, class_name=f"{styles.BTN_PRIMARY} mt-4"),
                ),
                class_name="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-12 "
                "text-center",
            ),
        ),
    )


def listing() -> rx.Component:
    """Title, filters, Sort By, the grid and pager, then Popular Mentors and Featured Courses; the view the page's
    HTML carries goes into the state as it mounts (first_listing)."""
    return rx.el.div(
        first_listing(),
        rx.el.div(
            rx.el.div(
                rx.el.h1(ListingState.title, class_name=styles.H1),
                rx.el.p(
                    rx.cond(
                        ListingState.loading,
                        "",
                        ListingState.total.to_string() + rx.cond(ListingState.total == 1, " course", " courses"),
                    ),
                    class_name=f"{styles.MUTED} min-h-5",
                    aria_live="polite",
                    data_testid="result-count",
                ),
            ),
            sort_select(),
            class_name="mb-6 flex flex-wrap items-end justify-between gap-4",
        ),
        rx.el.div(
            filter_panels(),
            rx.el.div(
                rx.el.div(
                    # While loading: the skeleton, or the first cards the page's HTML brought (first_cards).
                    rx.cond(ListingState.loading, cards_island(), _results()),
                    id=RESULTS_ID,
                    class_name="scroll-mt-4",
                ),
                # Beside the filters, under the grid: on a desktop they fill the column the long filter list
                # leaves empty instead of starting a new screen below it.
                popular_mentors(),
                featured_courses(),
                class_name="min-w-0 flex-1",
            ),
            class_name="flex flex-col gap-6 lg:flex-row lg:items-start",
        ),
    )


def popular_mentors() -> rx.Component:
    """The four best-rated mentors."""
    return rx.cond(ListingState.loading, rx.fragment(), _mentors())


def _mentors() -> rx.Component:
    return rx.el.section(
        section_heading("Popular Mentors"),
        rx.cond(
            ListingState.mentors.length() > 0,
            rx.el.div(
                rx.foreach(ListingState.mentors, instructor_card),
                class_name="grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-4",
            ),
            rx.el.p("No mentors found", class_name="text-sm text-gray-500"),
        ),
        id="mentors",
        class_name=f"mt-12 scroll-mt-4 {styles.OFFSCREEN}",
        aria_label="Popular Mentors",
    )


def featured_courses() -> rx.Component:
    """The three newest courses."""
    return rx.cond(ListingState.featured.length() > 0, _featured())


def _featured() -> rx.Component:
    return rx.el.section(
        section_heading("Featured Courses"),
        rx.el.div(
            rx.foreach(ListingState.featured, course_card),
            class_name=GRID_CLASS,
        ),
        class_name=f"mt-12 {styles.OFFSCREEN}",
        aria_label="Featured Courses",
    )
