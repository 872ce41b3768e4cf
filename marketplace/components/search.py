"""The header search box: debounced, keyboard friendly, closes on outside click, Escape or choice."""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var
from reflex_base.vars.object import ObjectVar
from reflex_components_core.el.elements.forms import Input

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import image
from marketplace.shapes.catalog import SearchResult
from marketplace.states.search import SearchState

# The demo generator writes a 128x72 copy of each course picture (courses/<n>-sm.webp) for slots like this one.
DEMO_THUMBNAILS = "/images/courses/"
UPLOADED_IMAGES = "/api/media/images/"  # course thumbnails uploaded in the studio (marketplace/media/images.py)


def small_thumbnail(src: rx.Var) -> rx.Var:
    """The small variant of a demo or uploaded course picture for the 64 px result slot; others as they are."""
    return rx.cond(
        (src.startswith(DEMO_THUMBNAILS) | src.startswith(UPLOADED_IMAGES))
        & src.endswith(".webp")
        & ~src.endswith("-sm.webp"),
        src.replace(".webp", "-sm.webp"),
        src,
    )


def key_and_text(e: ObjectVar) -> tuple[Var[str], Var[str]]:
    """A key press with the box's text at that moment (Enter may come before the debounced search)."""
    return e.key.to(str), e.target.to(dict).value.to(str)


def text_and_page(e: ObjectVar) -> tuple[Var[str], Var[str]]:
    """The typed text and the page it was typed on (the debounced search may arrive after the page changed)."""
    return e.target.to(dict).value.to(str), Var("window.location.pathname").to(str)


class SearchInput(Input):
    """The search box's input: key presses carry the text typed so far, changes the page they happened on."""

    on_key_down: rx.EventHandler[key_and_text]
    on_change: rx.EventHandler[text_and_page]


def _result(item: SearchResult, index: int) -> rx.Component:
    return rx.el.li(
        image(
            small_thumbnail(item.thumbnail),
            "",
            64,
            36,
            class_name="h-9 w-16 shrink-0 rounded object-cover bg-gray-100",
        ),
        rx.el.div(
            rx.el.p(item.title, class_name="text-sm font-semibold text-gray-900 line-clamp-1"),
            rx.el.p(item.description, class_name="text-xs text-gray-500 line-clamp-2"),
        ),
        rx.el.span(item.price_text, class_name="ml-auto shrink-0 text-sm font-semibold text-gray-900"),
        role="option",
        aria_selected=SearchState.highlighted == index,
        # mousedown comes before the input's blur, so the choice is not lost when the panel closes
        on_mouse_down=SearchState.choose(item.id.to_string()),
        class_name=rx.cond(
            SearchState.highlighted == index,
            "flex items-center gap-3 px-3 py-2 cursor-pointer bg-blue-50",
            "flex items-center gap-3 px-3 py-2 cursor-pointer hover:bg-gray-50",
        ),
    )


def search_box(key: str) -> rx.Component:
    """A search input with its results panel; ``key`` keeps element ids unique per placement.

    The box is a plain ``GET /search?q=`` form too: Enter pressed before the page's scripts have run (a slow
    phone) still opens the results page. Once React has the page, the form's own submit is prevented and the
    handlers above do the work (suggestions, the highlighted course, or the same results page).
    """
    return rx.el.form(
        rx.el.label("Search courses", html_for=f"search-{key}", class_name="sr-only"),
        rx.el.div(
            lucide("search", size=18, class_name="absolute left-3 top-1/2 -translate-y-1/2 text-gray-400"),
            SearchInput.create(
                id=f"search-{key}",
                name="q",
                # type=text, not search: Chromium clears a search field on Escape, which should only close the panel.
                type="text",
                enter_key_hint="search",
                placeholder="Search for courses",
                auto_complete="off",
                role="combobox",
                aria_expanded=SearchState.open,
                aria_controls=f"search-results-{key}",
                on_change=SearchState.search.debounce(300),
                on_key_down=SearchState.key,
                on_blur=SearchState.close,
                on_focus=SearchState.reopen,
                on_click=SearchState.reopen,
                class_name=f"{styles.INPUT} pl-10",
            ),
            class_name="relative",
        ),
        rx.cond(
            SearchState.open,
            rx.el.ul(
                rx.foreach(SearchState.results, _result),
                rx.cond(
                    SearchState.results.length() == 0,
                    rx.el.li("No courses found", class_name="px-3 py-3 text-sm text-gray-500"),
                ),
                id=f"search-results-{key}",
                role="listbox",
                aria_label="Search results",
                class_name="absolute left-0 right-0 mt-1 max-h-96 overflow-auto rounded-lg border border-gray-200 "
                "bg-white py-1 shadow-lg z-50",
            ),
        ),
        action=routes.SEARCH,
        method="get",
        class_name="relative w-full",
    )
