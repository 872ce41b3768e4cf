"""Small shared pieces: content column, spinner, stars, pager, empty/error states, form fields, images."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide

STOCK_IMAGE = "/images/stock-course.webp"

# A broken image is swapped once for the stock picture (onerror cleared so a broken stock image cannot loop).
_SWAP_BROKEN_IMAGE = rx.Var(
    _js_expr=f"((e) => {{ e.currentTarget.onerror = null; e.currentTarget.src = '{STOCK_IMAGE}'; }})"
)


def when(condition: bool | rx.Var, yes, no):
    """``yes`` or ``no``: chosen now for a Python bool, in the browser (``rx.cond``) for a Var."""
    if isinstance(condition, rx.Var):
        return rx.cond(condition, yes, no)
    return yes if condition else no


def image(
    src,
    alt,
    width: int,
    height: int,
    *,
    class_name: str = "",
    lazy: bool | rx.Var = True,
    fetch_priority: str | rx.Var = "",
    **props,
) -> rx.Component:
    """An <img> with its size (no layout shift), lazy below the fold (``lazy`` may be a Var: the first cards of a
    list are eager), and the stock picture when broken; ``fetch_priority`` ("high" for a largest paint)."""
    loading = when(lazy, "lazy", "eager")
    # A largest paint is drawn in the frame its picture arrives in, not a frame or more later (decoding="async").
    decoding = when(fetch_priority == "high", "auto", "async")
    return rx.el.img(
        src=src,
        alt=alt,
        loading=loading,
        decoding=decoding,
        class_name=class_name,
        # As HTML attributes (Reflex would turn width/height props into CSS sizes that beat the classes):
        # the browser reserves the right box from them, and the classes still size the image to its slot.
        custom_attrs={
            "width": str(width),
            "height": str(height),
            "onError": _SWAP_BROKEN_IMAGE,
            **({"fetchPriority": fetch_priority} if isinstance(fetch_priority, rx.Var) or fetch_priority else {}),
        },
        **props,
    )


def stars(rating, *, size: int = 16, label=None) -> rx.Component:
    """Five stars with half stars for a 0-5 rating (already clamped), and an accessible label."""
    pieces = []
    for i in range(1, 6):
        pieces.append(
            rx.cond(
                rating >= i,
                lucide("star", size=size, class_name="fill-amber-500 text-amber-500"),
                rx.cond(
                    rating >= i - 0.5,
                    lucide("star-half", size=size, class_name="fill-amber-500 text-amber-500"),
                    lucide("star", size=size, class_name="text-gray-300"),
                ),
            )
        )
    return rx.el.span(
        *pieces,
        role="img",
        aria_label=label if label is not None else f"Rated {rating} out of 5",
        class_name="inline-flex items-center gap-0.5",
    )


PAGER_WINDOW = 2  # page numbers shown either side of the current one


# The pager's distance from the grid above it and the height of its row of buttons: what a place kept for it while a
# listing loads measures (first_cards.PAGER_PLACE).
PAGER_TOP = "mt-8"
PAGER_ROW = "h-10"
_PAGER_ARROW = (
    f"{PAGER_ROW} w-10 inline-flex items-center justify-center rounded-md border border-gray-300 bg-white "
    "disabled:opacity-40"
)


def pager(page, pages, on_page) -> rx.Component:
    """Numbered pagination buttons; ``on_page`` receives the page number (an int).

    Shows the first and last pages and a window around the current one (1 … 4 5 [6] 7 8 … 1667), so a
    catalog of thousands of pages draws a handful of buttons, not one per page.
    """
    first, last = rx.Var.create(1), pages
    start = rx.cond(page - PAGER_WINDOW > 1, page - PAGER_WINDOW, 1)
    end = rx.cond(page + PAGER_WINDOW < pages, page + PAGER_WINDOW, pages)
    gap = rx.el.span("…", aria_hidden="true", class_name="px-1 text-gray-500")

    def number(n) -> rx.Component:
        return rx.el.button(
            n,
            type="button",
            on_click=on_page(n),
            aria_label=f"Page {n}",
            aria_current=rx.cond(n == page, "page", "false"),
            class_name=rx.cond(
                n == page,
                f"{PAGER_ROW} min-w-10 rounded-md bg-blue-600 px-3 text-sm font-semibold text-white",
                f"{PAGER_ROW} min-w-10 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-700 "
                "hover:bg-gray-50",
            ),
        )

    return rx.cond(
        pages > 1,
        rx.el.nav(
            rx.el.button(
                lucide("chevron-left", size=18),
                type="button",
                on_click=on_page(page - 1),
                disabled=page <= 1,
                aria_label="Previous page",
                class_name=_PAGER_ARROW,
            ),
            rx.cond(start > 1, number(first)),
            rx.cond(start > 2, gap),
            rx.foreach(rx.Var.range(start, end + 1), number),
            rx.cond(end < pages - 1, gap),
            rx.cond(end < pages, number(last)),
            rx.el.button(
                lucide("chevron-right", size=18),
                type="button",
                on_click=on_page(page + 1),
                disabled=page >= pages,
                aria_label="Next page",
                class_name=_PAGER_ARROW,
            ),
            aria_label="Pagination",
            class_name=f"{PAGER_TOP} flex flex-wrap items-center justify-center gap-2",
        ),
    )


def empty_state(title: str, text: str = "", action_label: str = "", action_href: str = "") -> rx.Component:
    """Nothing to show, said plainly, with the way onward."""
    return rx.el.div(
        lucide("inbox", size=36, class_name="text-gray-400"),
        rx.el.p(title, class_name="mt-3 font-semibold text-gray-900"),
        rx.el.p(text, class_name="mt-1 text-sm text-gray-500") if text else rx.fragment(),
        rx.el.a(action_label, href=action_href, class_name=f"{styles.BTN_PRIMARY} mt-4")
        if action_label
        else rx.fragment(),
        class_name="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center",
    )


def error_state(message, on_retry=None) -> rx.Component:
    """A failure said plainly, with a retry when there is one."""
    return rx.el.div(
        lucide("triangle-alert", size=28, class_name="text-red-600"),
        rx.el.p(message, class_name="mt-2 text-sm text-red-800"),
        rx.el.button("Try again", type="button", on_click=on_retry, class_name=f"{styles.BTN_OUTLINE} mt-3")
        if on_retry is not None
        else rx.fragment(),
        role="alert",
        class_name="flex flex-col items-center rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center",
    )


def field(
    label: str,
    name: str,
    *,
    error=None,
    type_: str = "text",
    on_change=None,
    value=None,
    placeholder: str = "",
    auto_complete: str = "off",
    **props,
) -> rx.Component:
    """A labelled input with its error message under it (announced to screen readers)."""
    input_props = {"value": value} if value is not None else {}
    if on_change is not None:
        input_props["on_change"] = on_change
    has_error = (error != "") if error is not None else False
    return rx.el.div(
        rx.el.label(label, html_for=name, class_name=styles.LABEL),
        rx.el.input(
            id=name,
            name=name,
            type=type_,
            placeholder=placeholder,
            auto_complete=auto_complete,
            aria_invalid=has_error,
            aria_describedby=f"{name}-error",
            class_name=styles.INPUT,
            **input_props,
            **props,
        ),
        rx.cond(has_error, rx.el.p(error, id=f"{name}-error", class_name=styles.FIELD_ERROR, role="alert"))
        if error is not None
        else rx.fragment(),
    )


def badge(text, tone: str = "blue") -> rx.Component:
    """A small rounded label."""
    tones = {
        "blue": "bg-blue-50 text-blue-700",
        "green": "bg-green-50 text-green-700",
        "gray": "bg-gray-100 text-gray-700",
        "amber": "bg-amber-50 text-amber-800",
    }
    return rx.el.span(text, class_name=f"{styles.BADGE} {tones[tone]}")


def submit_button(label: str, busy_label: str, busy, class_name: str = f"{styles.BTN_DARK} w-full") -> rx.Component:
    """A form's submit button; shows progress and cannot be pressed again while busy.

    It also waits for the page's on_load (``is_hydrated``), whose form reset would otherwise wipe the
    answer to a press made in the page's first instant.
    """
    return rx.el.button(
        rx.cond(
            busy,
            rx.el.span(
                class_name="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white",
                aria_hidden="true",
            ),
            rx.fragment(),
        ),
        rx.cond(busy, busy_label, label),
        type="submit",
        disabled=busy | ~rx.State.is_hydrated,
        aria_busy=busy,
        class_name=class_name,
    )


def spinner(label: str = "Loading...", *, screen_tall: bool = False) -> rx.Component:
    """An accessible loading indicator; ``screen_tall`` for a whole page's content, so the footer starts below the
    fold instead of jumping down when the content arrives (a layout shift)."""
    indicator = rx.el.div(
        rx.el.span(
            class_name="h-8 w-8 animate-spin rounded-full border-4 border-gray-200 border-t-blue-600",
            aria_hidden="true",
        ),
        rx.el.span(label, class_name="text-sm text-gray-500"),
        role="status",
        class_name="flex flex-col items-center justify-center gap-3 py-20",
    )
    return rx.el.div(indicator, class_name="min-h-screen") if screen_tall else indicator


def container(*children, class_name: str = "") -> rx.Component:
    """The centred content column."""
    return rx.el.div(*children, class_name=f"{styles.CONTAINER} {class_name}")


def name_file_input(upload: rx.Component, label: str) -> rx.Component:
    """Give react-dropzone's hidden file input an accessible name: rx.upload builds it without a way to pass props."""
    pending = [upload]
    while pending:
        component = pending.pop()
        if getattr(component, "tag", None) == "input":
            component.custom_attrs["aria-label"] = label
            break
        pending.extend(component.children)
    return upload
