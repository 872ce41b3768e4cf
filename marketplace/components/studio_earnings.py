"""/studio/earnings: totals cards, what is owed, each course, each sale (paged), the CSV, payout details.

The two tables are real tables on a wide screen; on a phone each row becomes a small card whose cells carry their
column's name (``data-label``), so nothing is wider than the screen.
"""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import empty_state, error_state, pager, spinner
from marketplace.shapes.earnings import CourseEarnings, Sale
from marketplace.states.studio_earnings import StudioEarningsState as S

_SELECT = f"{styles.INPUT} min-h-[44px] appearance-auto"
_TABLE = "block w-full text-sm md:table"
_HEAD = "sr-only md:not-sr-only md:table-header-group"
_TH = "px-4 py-3 text-left font-semibold text-gray-700 md:bg-gray-50"
_TH_NUM = f"{_TH} md:text-right"
_ROW = "block border-b border-gray-200 px-4 py-3 last:border-b-0 md:table-row md:p-0"
# On a phone each cell is a line "Label ..... value"; on a wide screen a plain cell.
_TD = (
    "flex justify-between gap-4 py-0.5 text-gray-900 before:font-medium before:text-gray-500 "
    "before:content-[attr(data-label)] md:table-cell md:px-4 md:py-3 md:before:content-none"
)
_TD_NUM = f"{_TD} tabular-nums md:text-right"
_TD_FIRST = f"{_TD} font-semibold md:font-normal"


def _total_card(title: str, index: int, test_id: str) -> rx.Component:
    totals = S.totals[index]
    return rx.el.section(
        rx.el.h3(title, class_name="text-sm font-semibold text-gray-700"),
        rx.el.p(totals.label if index < 2 else "Since your first sale", class_name="text-xs text-gray-500"),
        rx.el.p(totals.net_text, class_name="mt-2 text-2xl font-bold text-gray-900 tabular-nums", data_testid="net"),
        rx.el.p("Your earnings", class_name="text-xs text-gray-500"),
        rx.el.dl(
            rx.el.div(rx.el.dt("Paid"), rx.el.dd(totals.paid_text, data_testid="paid"), class_name="flex gap-1"),
            rx.el.div(rx.el.dt("Fee"), rx.el.dd(totals.fee_text, data_testid="fee"), class_name="flex gap-1"),
            rx.el.div(rx.el.dt("Sales"), rx.el.dd(totals.sales, data_testid="sales"), class_name="flex gap-1"),
            class_name="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 tabular-nums",
        ),
        aria_label=title,
        data_testid=test_id,
        class_name=f"{styles.CARD} p-4",
    )


def _owed() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2("Owed to you", class_name="text-sm font-semibold text-gray-700"),
            rx.el.p(S.owed_text, class_name="mt-1 text-2xl font-bold text-green-700 tabular-nums", data_testid="owed"),
            rx.el.p(
                "Earnings from ",
                S.owed_sales,
                rx.cond(S.owed_sales == 1, " sale", " sales"),
                " not yet paid out to your bank.",
                class_name="text-sm text-gray-600",
            ),
        ),
        rx.el.p(
            "Naija Learn keeps ",
            S.fee_percent,
            "% of what the learner paid for each course (after any discount, before tax); the rest is yours.",
            class_name="text-sm text-gray-600 sm:max-w-sm",
        ),
        aria_label="Owed to you",
        class_name="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 sm:flex-row "
        "sm:items-center sm:justify-between",
    )


def _course_row(course: CourseEarnings) -> rx.Component:
    return rx.el.tr(
        rx.el.td(course.title, class_name=f"{_TD_FIRST} break-words", data_label="Course"),
        rx.el.td(course.sales, class_name=_TD_NUM, data_label="Sales"),
        rx.el.td(course.paid_text, class_name=_TD_NUM, data_label="Paid"),
        rx.el.td(course.fee_text, class_name=_TD_NUM, data_label="Fee"),
        rx.el.td(course.net_text, class_name=f"{_TD_NUM} font-semibold", data_label="Net"),
        class_name=_ROW,
    )


def _courses_table() -> rx.Component:
    return rx.el.section(
        rx.el.h2("By course", class_name=styles.H3),
        rx.el.div(
            rx.el.table(
                rx.el.caption("Sales and earnings of each course", class_name="sr-only"),
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th("Course", scope="col", class_name=_TH),
                        *[rx.el.th(name, scope="col", class_name=_TH_NUM) for name in ("Sales", "Paid", "Fee", "Net")],
                    ),
                    class_name=_HEAD,
                ),
                rx.el.tbody(rx.foreach(S.courses, _course_row), class_name="block md:table-row-group"),
                class_name=_TABLE,
                data_testid="course-earnings",
            ),
            class_name=f"{styles.CARD} mt-3 overflow-hidden",
        ),
    )


# A sale on a phone: the course, then the date and the learner, then the three amounts side by side (three lines,
# not six); on a wide screen a plain table row.
_SALE_ROW = "grid grid-cols-6 gap-x-3 gap-y-1 border-b border-gray-200 px-4 py-3 last:border-b-0 md:table-row md:p-0"
_SALE_CELL = "md:table-cell md:px-4 md:py-3 md:text-sm md:text-gray-900"
_SALE_AMOUNT = (
    f"{_SALE_CELL} col-span-2 flex flex-col tabular-nums text-gray-900 before:text-xs before:text-gray-500 "
    "before:content-[attr(data-label)] md:text-right md:before:content-none"
)


def _sale_row(sale: Sale) -> rx.Component:
    return rx.el.tr(
        rx.el.td(
            sale.date_text,
            class_name=f"{_SALE_CELL} col-span-4 whitespace-nowrap text-xs text-gray-600",
            data_label="Date",
        ),
        rx.el.td(
            sale.course_title,
            class_name=f"{_SALE_CELL} order-first col-span-6 break-words font-semibold text-gray-900 md:font-normal",
            data_label="Course",
        ),
        rx.el.td(
            sale.learner,
            class_name=f"{_SALE_CELL} col-span-2 truncate text-right text-xs text-gray-600 md:text-left",
            data_label="Learner",
        ),
        rx.el.td(sale.paid_text, class_name=_SALE_AMOUNT, data_label="Price paid"),
        rx.el.td(sale.fee_text, class_name=_SALE_AMOUNT, data_label="Fee"),
        rx.el.td(sale.net_text, class_name=f"{_SALE_AMOUNT} font-semibold", data_label="Net"),
        class_name=_SALE_ROW,
    )


def _download_button() -> rx.Component:
    return rx.el.button(
        rx.cond(
            S.downloading,
            rx.el.span(
                class_name="h-4 w-4 animate-spin rounded-full border-2 border-gray-300 border-t-gray-700",
                aria_hidden="true",
            ),
            lucide("download", size=16, aria_hidden="true"),
        ),
        rx.cond(S.downloading, "Preparing CSV...", "Download CSV"),
        type="button",
        on_click=S.download_csv,
        disabled=S.downloading,
        aria_busy=S.downloading,
        class_name=styles.BTN_OUTLINE,
    )


def _sales_table() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Sales", class_name=styles.H3),
                rx.el.p(
                    S.total_sales,
                    rx.cond(S.total_sales == 1, " sale", " sales"),
                    ", newest first · page ",
                    S.page,
                    " of ",
                    S.pages,
                    class_name=styles.MUTED,
                ),
            ),
            _download_button(),
            class_name="flex flex-wrap items-end justify-between gap-3",
        ),
        rx.el.div(
            rx.el.table(
                rx.el.caption("Each sale with its split", class_name="sr-only"),
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th("Date", scope="col", class_name=_TH),
                        rx.el.th("Course", scope="col", class_name=_TH),
                        rx.el.th("Learner", scope="col", class_name=_TH),
                        *[rx.el.th(name, scope="col", class_name=_TH_NUM) for name in ("Price paid", "Fee", "Net")],
                    ),
                    class_name=_HEAD,
                ),
                rx.el.tbody(rx.foreach(S.sales, _sale_row), class_name="block md:table-row-group"),
                class_name=_TABLE,
                data_testid="sales",
            ),
            aria_busy=S.turning_page,
            class_name=rx.cond(
                S.turning_page,
                f"{styles.CARD} mt-3 overflow-hidden opacity-50 transition-opacity",
                f"{styles.CARD} mt-3 overflow-hidden transition-opacity",
            ),
        ),
        pager(S.page, S.pages, S.go_to_page),
    )


def _error(name: str) -> rx.Component:
    message = S.payout_errors.get(name, "")
    return rx.cond(message != "", rx.el.p(message, id=f"{name}-error", role="alert", class_name=styles.FIELD_ERROR))


def _payout_form() -> rx.Component:
    return rx.el.form(
        rx.el.div(
            rx.el.label("Bank", html_for="bank_name", class_name=styles.LABEL),
            rx.el.select(
                rx.el.option("Choose your bank", value=""),
                rx.foreach(S.banks, lambda name: rx.el.option(name, value=name)),
                id="bank_name",
                name="bank_name",
                default_value=S.saved_bank,
                aria_invalid=S.payout_errors.contains("bank_name"),
                aria_describedby="bank_name-error",
                class_name=_SELECT,
            ),
            _error("bank_name"),
        ),
        rx.el.div(
            rx.el.label("Account number", html_for="account_number", class_name=styles.LABEL),
            rx.el.input(
                id="account_number",
                name="account_number",
                type="text",
                input_mode="numeric",
                auto_complete="off",
                max_length=20,
                placeholder="10 digits (NUBAN)",
                aria_invalid=S.payout_errors.contains("account_number"),
                aria_describedby="account_number-error",
                class_name=styles.INPUT,
            ),
            _error("account_number"),
        ),
        rx.el.div(
            rx.el.label("Account name", html_for="account_name", class_name=styles.LABEL),
            rx.el.input(
                id="account_name",
                name="account_name",
                type="text",
                auto_complete="name",
                max_length=120,
                default_value=S.saved_name,
                placeholder="As your bank shows it",
                aria_invalid=S.payout_errors.contains("account_name"),
                aria_describedby="account_name-error",
                class_name=styles.INPUT,
            ),
            _error("account_name"),
        ),
        _error("form"),
        rx.el.div(
            rx.el.button(
                rx.cond(S.saving, "Saving...", "Save payout details"),
                type="submit",
                disabled=S.saving | ~rx.State.is_hydrated,
                aria_busy=S.saving,
                class_name=styles.BTN_PRIMARY,
            ),
            rx.cond(
                S.saved_account != "",
                rx.el.button("Cancel", type="button", on_click=S.cancel_payout, class_name=styles.BTN_GHOST),
            ),
            class_name="flex flex-wrap gap-2 sm:col-span-2",
        ),
        on_submit=S.save_payout,
        reset_on_submit=False,
        aria_label="Payout details",
        class_name="mt-3 grid gap-4 sm:grid-cols-2",
    )


def _payout_saved() -> rx.Component:
    return rx.el.div(
        rx.el.dl(
            rx.el.div(rx.el.dt("Bank", class_name="text-xs text-gray-500"), rx.el.dd(S.saved_bank)),
            rx.el.div(
                rx.el.dt("Account number", class_name="text-xs text-gray-500"),
                rx.el.dd(S.saved_account, class_name="tabular-nums", data_testid="masked-account"),
            ),
            rx.el.div(rx.el.dt("Account name", class_name="text-xs text-gray-500"), rx.el.dd(S.saved_name)),
            class_name="grid gap-3 text-sm font-semibold text-gray-900 sm:grid-cols-3",
        ),
        rx.el.button("Change", type="button", on_click=S.edit_payout, class_name=f"{styles.BTN_OUTLINE} mt-4"),
        class_name="mt-3",
    )


def _payout() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Payout details", class_name=styles.H3),
        rx.el.p("Where we send what is owed to you: a Nigerian bank account in your name.", class_name=styles.MUTED),
        rx.cond(S.editing, _payout_form(), _payout_saved()),
        rx.cond(
            S.payout_message != "", rx.el.p(S.payout_message, role="status", class_name="mt-3 text-sm text-green-700")
        ),
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )


def _no_sales() -> rx.Component:
    return empty_state(
        "No sales yet: publish a course and share its link.",
        "Each sale shows here with what the learner paid, the platform fee and what you earn.",
        "Go to my courses",
        routes.STUDIO,
    )


def earnings_view() -> rx.Component:
    """The whole page under the studio's heading and nav."""
    return rx.cond(
        ~S.loaded,
        spinner("Loading your earnings..."),
        rx.cond(
            S.error != "",
            error_state(S.error, on_retry=S.load),
            rx.el.div(
                rx.el.section(
                    rx.el.h2("Totals", class_name="sr-only"),
                    rx.el.div(
                        _total_card("This month", 0, "this-month"),
                        _total_card("Last month", 1, "last-month"),
                        _total_card("All time", 2, "all-time"),
                        class_name="grid gap-4 sm:grid-cols-3",
                    ),
                ),
                _owed(),
                rx.cond(S.has_sales, rx.fragment(_courses_table(), _sales_table()), _no_sales()),
                _payout(),
                class_name="flex flex-col gap-8",
            ),
        ),
    )
