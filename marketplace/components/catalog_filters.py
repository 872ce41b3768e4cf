"""The listing's filters (also on the search results page): a sidebar on desktops, a folding panel on phones
whose choices apply at once and whose "Show N courses" button folds it and scrolls to the results."""

from __future__ import annotations

import json

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex_base.vars.function import ArgsFunctionOperation, FunctionStringVar

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import stars
from marketplace.shapes.catalog import Category
from marketplace.states.listing import PRICE_STEP, RESULTS_ID, SHOW_VIEW_ID, ListingState

RATINGS = (5, 4, 3, 2, 1)
CHAPTERS = ("1-10", "10-15", "15-20", "20-25")
LEVELS = ("Beginner", "Intermediate", "Advanced")
DURATIONS = (("0-5", "Up to 5 hours"), ("5-10", "6-10 hours"), ("10-20", "11-20 hours"), ("20-plus", "Over 20 hours"))
PHONE_PANEL_ID = "filters-phone"
LISTING_SCRIPT = "/js/listing.js"
_GO = "window.naijaLearnListing?.go"
# Drops every filter; the sort and the search text stay.
CLEAR_FILTERS = FunctionStringVar.create("(() => window.naijaLearnListing?.clear())")
_FREE = FunctionStringVar.create(f"((_value, event) => {_GO}({{free: event.target.checked ? '1' : ''}}))")
_OPTION = "flex min-h-[44px] cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-50"
_RADIO = "h-4 w-4 shrink-0 accent-blue-600"


def listing_script() -> rx.Component:
    """The listing controls' script (assets/js/listing.js), loaded by the pages that show them (React 19 loads an
    ``async`` script once, wherever it is drawn), and the hidden button it clicks to show the URL's view: one
    event, the page's own load, reading the URL the script has just put in the address bar."""
    return rx.fragment(
        rx.el.script(src=LISTING_SCRIPT, async_=True),
        # Disabled until the page's own load has answered: a view chosen sooner waits for it (listing.js).
        rx.el.button(
            id=SHOW_VIEW_ID,
            type="button",
            hidden=True,
            tab_index=-1,
            disabled=~rx.State.is_hydrated,
            on_click=ListingState.load,
        ),
    )


def choose(key: str) -> FunctionStringVar:
    """An ``on_change`` that opens the view with ``key`` set to the control's value, in the browser
    (assets/js/listing.js): one round trip per change, the view's own load."""
    return FunctionStringVar.create(f"((value) => {_GO}({{{json.dumps(key)}: value}}))")


def go_to_page(number: rx.Var[int]) -> ArgsFunctionOperation:
    """An ``on_click`` that opens page ``number`` of the view and brings the results into view."""
    return ArgsFunctionOperation.create((), FunctionStringVar.create(_GO).call({"page": number}, True))


def _radio(prefix: str, group: str, value: str, current, *label) -> rx.Component:
    """A labelled radio button of filter ``group``; ``prefix`` keeps the phone and desktop copies apart."""
    element_id = f"{prefix}-{group}-{value or 'any'}"
    return rx.el.label(
        rx.el.input(
            type="radio",
            id=element_id,
            name=f"{prefix}-{group}",
            value=value,
            # Uncontrolled, so a click shows at once; the key remounts the group when the URL changes (Back).
            default_checked=current == value,
            key=f"{element_id}-" + current,
            on_change=choose(group),
            class_name=_RADIO,
        ),
        *label,
        html_for=element_id,
        class_name=_OPTION,
    )


def _group(title: str, *options) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(title, class_name="mb-1 text-sm font-semibold text-gray-900"),
        *options,
        class_name="border-b border-gray-100 pb-4",
    )


def _rating_filter(prefix: str) -> rx.Component:
    options = [_radio(prefix, "rating", "", ListingState.rating, "Any rating")]
    for n in RATINGS:
        options.append(
            _radio(
                prefix,
                "rating",
                str(n),
                ListingState.rating,
                rx.el.span(stars(n, size=14), aria_hidden="true"),
                rx.el.span(f"{n} stars", class_name="sr-only"),
                rx.el.span("& up" if n < 5 else "only"),
            )
        )
    return _group("Rating", *options)


def _chapter_filter(prefix: str) -> rx.Component:
    options = [_radio(prefix, "chapters", "", ListingState.chapters, "Any length")]
    options += [_radio(prefix, "chapters", value, ListingState.chapters, f"{value} chapters") for value in CHAPTERS]
    return _group("Number of Chapters", *options)


def _price_filter(prefix: str) -> rx.Component:
    element_id = f"{prefix}-price"
    return rx.el.div(
        rx.el.label("Price", html_for=element_id, class_name="text-sm font-semibold text-gray-900"),
        rx.el.input(
            type="range",
            id=element_id,
            min=0,
            max=ListingState.top_price,
            step=PRICE_STEP,
            default_value=ListingState.price_draft,
            # Remount when the URL's value changes (Clear filters, Back) so the thumb follows it.
            key=ListingState.max_price + "-" + ListingState.top_price.to_string(),
            # The label follows the thumb at once; the list follows when the thumb rests.
            on_change=[ListingState.preview_price, ListingState.apply_price.debounce(600)],
            aria_valuetext=ListingState.price_label,
            class_name="mt-3 w-full accent-blue-600 h-6 cursor-pointer",
        ),
        rx.el.div(
            rx.el.span("NGN0"),
            rx.el.output(ListingState.price_label, html_for=element_id, class_name="font-semibold text-gray-900"),
            class_name="mt-1 flex justify-between text-sm text-gray-600",
        ),
        class_name="border-b border-gray-100 pb-4",
    )


def _free_filter(prefix: str) -> rx.Component:
    element_id = f"{prefix}-free"
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            id=element_id,
            default_checked=ListingState.free,
            key=element_id + "-" + ListingState.free.to_string(),
            on_change=_FREE,
            class_name=_RADIO,
        ),
        "Free courses only",
        html_for=element_id,
        class_name=_OPTION,
    )


def _level_filter(prefix: str) -> rx.Component:
    options = [_radio(prefix, "level", "", ListingState.level, "Any level")]
    options += [_radio(prefix, "level", v, ListingState.level, v) for v in LEVELS]
    return _group("Level", *options)


def _duration_filter(prefix: str) -> rx.Component:
    options = [_radio(prefix, "duration", "", ListingState.duration, "Any duration")]
    options += [_radio(prefix, "duration", value, ListingState.duration, label) for value, label in DURATIONS]
    return _group("Duration", *options)


def _language_filter(prefix: str) -> rx.Component:
    def option(language: rx.Var[str]) -> rx.Component:
        element_id = f"{prefix}-language-" + language
        return rx.el.label(
            rx.el.input(
                type="radio",
                id=element_id,
                name=f"{prefix}-language",
                value=language,
                default_checked=ListingState.language.lower() == language.lower(),
                key=element_id + "-" + ListingState.language,
                on_change=choose("language"),
                class_name=_RADIO,
            ),
            language,
            html_for=element_id,
            class_name=_OPTION,
        )

    return _group(
        "Language",
        _radio(prefix, "language", "", ListingState.language, "Any language"),
        rx.foreach(ListingState.languages, option),
    )


def _category_filter(prefix: str) -> rx.Component:
    def option(category: Category) -> rx.Component:
        element_id = f"{prefix}-category-" + category.slug
        return rx.el.label(
            rx.el.input(
                type="radio",
                id=element_id,
                name=f"{prefix}-category",
                value=category.slug,
                default_checked=ListingState.category == category.slug,
                key=element_id + "-" + ListingState.category,
                on_change=choose("category"),
                class_name=_RADIO,
            ),
            rx.el.span(category.name, class_name="flex-1"),
            rx.el.span(category.course_count, class_name="text-xs text-gray-500"),
            html_for=element_id,
            class_name=_OPTION,
        )

    return _group(
        "Category",
        _radio(prefix, "category", "", ListingState.category, "All categories"),
        rx.foreach(ListingState.categories, option),
    )


def filters(prefix: str) -> rx.Component:
    """Every filter control; ``prefix`` gives each copy (phone panel, desktop sidebar) its own ids."""
    return rx.el.div(
        _rating_filter(prefix),
        _level_filter(prefix),
        _price_filter(prefix),
        _free_filter(prefix),
        _duration_filter(prefix),
        _chapter_filter(prefix),
        _language_filter(prefix),
        _category_filter(prefix),
        rx.cond(
            ListingState.any_filter,
            rx.el.button(
                "Clear filters",
                type="button",
                on_click=CLEAR_FILTERS,
                class_name=f"{styles.BTN_OUTLINE} w-full",
            ),
        ),
        class_name="flex flex-col gap-4",
    )


# Closes the phone panel and brings the results into view, in the browser alone (the list is already shown).
_SHOW_RESULTS = (
    f"document.getElementById('{PHONE_PANEL_ID}').open = false;"
    f"document.getElementById('{RESULTS_ID}').scrollIntoView({{block: 'start'}});"
)


def _show_courses_button() -> rx.Component:
    """The phone panel's last control: how many courses the choices give, and a way to see them."""
    return rx.el.button(
        rx.cond(
            ListingState.total == 1,
            "Show 1 course",
            "Show " + ListingState.total.to_string() + " courses",
        ),
        type="button",
        on_click=rx.call_script(_SHOW_RESULTS),
        class_name=f"{styles.BTN_PRIMARY} w-full",
    )


def filter_panels() -> rx.Component:
    """A folding panel on phones and a sidebar on desktops (two copies: closed <details> hide their content).

    On a phone each choice applies at once inside the open panel (the count on its button follows), and
    "Show N courses" folds the panel and scrolls to the results. The phone panel's controls exist only while it is
    open (a state of the browser alone, set by the panel's toggle event): folded, they were some 200 elements of
    the page that every phone built, hydrated and drew again with each listing before showing a course.
    """
    # Global (kept in Reflex's refs): the panel and its content are compiled into separate memoized components.
    phone_open = ClientStateVar.create("phone_filters_open", False)
    setter = phone_open.set
    on_toggle = rx.Var(f"((event) => ({setter})(event.currentTarget.open))", _var_data=setter._get_all_var_data())
    return rx.fragment(
        rx.el.details(
            rx.el.summary(
                lucide("sliders-horizontal", size=18),
                "Filters",
                class_name=f"{styles.BTN_OUTLINE} w-full list-none",
            ),
            rx.cond(
                phone_open.value,
                rx.el.div(
                    filters("m"),
                    rx.el.div(
                        _show_courses_button(),
                        class_name="sticky bottom-0 -mx-4 mt-4 border-t border-gray-200 bg-white px-4 py-3",
                    ),
                    class_name="mt-3 rounded-lg border border-gray-200 p-4 pb-0",
                ),
            ),
            id=PHONE_PANEL_ID,
            class_name="mb-4 lg:hidden",
            data_testid="filters-phone",
            custom_attrs={"onToggle": on_toggle},
        ),
        rx.el.aside(
            rx.el.h2("Filters", class_name=f"{styles.H3} mb-3"),
            filters("d"),
            aria_label="Filters",
            class_name="hidden w-64 shrink-0 lg:block",
            data_testid="filters-desktop",
        ),
    )
