"""/studio/earnings: an instructor's totals, sales (a page at a time, the page in the URL), the CSV, and where
their money goes (docs/product.md, "Earnings and payouts").

Every event asks who is calling (SessionState's verified check) and lets the domain decide: learners are sent to
/teach, and an instructor only ever reads their own ledger. The CSV is made here and handed to the browser with
``rx.download``: the API's CSV route wants the Bearer token, which a plain link cannot carry, and a signed link
would be one more secret in URLs, browser history and logs for no gain.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import earnings_report, payouts
from marketplace.domain.errors import DomainError, Forbidden
from marketplace.shapes.earnings import (
    CourseEarnings,
    EarningsSummary,
    EarningsTotals,
    PayoutDetails,
    Sale,
    SalesPage,
)
from marketplace.states import toasts
from marketplace.states.paging import list_url, page_number
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

TEACH = getattr(routes, "TEACH", "/teach")  # /teach: where a learner becomes an instructor
LOAD_FAILED = "Failed to load your earnings. Please try again."
DOWNLOAD_FAILED = "The CSV could not be made. Please try again."
SAVE_FAILED = "Your payout details could not be saved. Please try again."
SAVED = "Payout details saved."
PAYOUT_FIELDS = ("bank_name", "account_number", "account_name")


@dataclass
class _View:
    summary: EarningsSummary
    sales: SalesPage
    payout: PayoutDetails


def _read(session: Session, user_id: int, page: int) -> _View:
    return _View(
        summary=earnings_report.earnings_summary(session, user_id),
        sales=earnings_report.earnings_sales(session, user_id, page),
        payout=payouts.payout_details(session, user_id),
    )


class StudioEarningsState(rx.State):
    """The earnings page: three totals, owed, per course, one page of sales, payout details."""

    loaded: bool = False
    error: str = ""
    totals: list[EarningsTotals] = []  # this month, last month, all time
    owed_text: str = "₦0"
    owed_sales: int = 0
    fee_percent: int = 0
    courses: list[CourseEarnings] = []
    sales: list[Sale] = []
    page: int = 1
    pages: int = 1
    total_sales: int = 0
    downloading: bool = False
    turning_page: bool = False  # another page of sales was asked for and is on its way

    # Payout details: what is saved (masked), the form, and its messages.
    banks: list[str] = []
    saved_bank: str = ""
    saved_account: str = ""  # ******1234
    saved_name: str = ""
    editing: bool = False
    saving: bool = False
    payout_errors: dict[str, str] = {}
    payout_message: str = ""

    @rx.var
    def has_sales(self) -> bool:
        """Whether anything was ever sold (else the page shows how to start)."""
        return self.total_sales > 0

    @rx.event
    async def load(self):
        """on_load: the URL's page of sales with the totals; a learner goes to /teach."""
        self.error = ""
        asked = page_number(self.router.url.query_parameters.get("page"))
        user_id = await verified_user_id(self)
        if user_id is None:  # the page guard sends the visitor to log in
            return None
        try:
            view = await in_session_thread(lambda session: _read(session, user_id, asked), readonly=True, snapshot=True)
        except Forbidden:
            return rx.redirect(TEACH, replace=True)
        except Exception:
            log.exception("Loading the earnings page failed")
            self.error, self.loaded, self.turning_page = LOAD_FAILED, True, False
            return None
        self._show(view)
        self.turning_page = False
        if view.sales.page != asked:  # past the last page (an old link): the last one, URL corrected
            return rx.redirect(list_url(routes.STUDIO_EARNINGS, view.sales.page), replace=True)
        return None

    def _show(self, view: _View) -> None:
        summary = view.summary
        self.totals = [summary.this_month, summary.last_month, summary.all_time]
        self.owed_text, self.owed_sales, self.fee_percent = summary.owed_text, summary.owed_sales, summary.fee_percent
        self.courses = summary.courses
        self.sales = view.sales.data
        self.page, self.pages, self.total_sales = view.sales.page, view.sales.pages, view.sales.total
        self._show_payout(view.payout)
        self.editing = view.payout.account is None
        self.payout_errors, self.payout_message = {}, ""
        self.loaded = True

    def _show_payout(self, payout: PayoutDetails) -> None:
        self.banks = [bank.name for bank in payout.banks]
        account = payout.account
        self.saved_bank = account.bank_name if account else ""
        self.saved_account = account.account_number_masked if account else ""
        self.saved_name = account.account_name if account else ""

    @rx.event
    def go_to_page(self, page: int):
        """Another page of sales: a new history entry (Back returns), whose on_load reads it."""
        self.turning_page = True
        return rx.redirect(list_url(routes.STUDIO_EARNINGS, page_number(page)))

    @rx.event
    async def download_csv(self):
        """Every sale as a CSV file, made for the verified caller and handed to the browser."""
        self.downloading = True
        yield
        user_id = await verified_user_id(self)
        if user_id is None:
            self.downloading = False
            yield rx.redirect(routes.login_path(self.router.url.path), replace=True)
            return
        try:
            text, name = await in_session_thread(
                lambda session: (earnings_report.earnings_csv(session, user_id), earnings_report.csv_filename()),
                readonly=True,
                snapshot=True,  # totals and sales that add up
            )
        except Forbidden:
            self.downloading = False
            yield rx.redirect(TEACH, replace=True)
            return
        except Exception:
            log.exception("Making the earnings CSV failed")
            self.downloading = False
            yield toasts.error(DOWNLOAD_FAILED)
            return
        self.downloading = False
        yield rx.download(data=text, filename=name, mime_type="text/csv")

    @rx.event
    def edit_payout(self):
        """Show the payout form to change saved details."""
        self.editing, self.payout_errors, self.payout_message = True, {}, ""

    @rx.event
    def cancel_payout(self):
        """Keep the saved details (only when there are some)."""
        if self.saved_account:
            self.editing, self.payout_errors = False, {}

    @rx.event
    async def save_payout(self, form: dict[str, Any]):
        """Save the payout form; the domain checks each box and says what is wrong with it."""
        values = {name: str(form.get(name) or "") for name in PAYOUT_FIELDS}
        self.saving, self.payout_errors, self.payout_message = True, {}, ""
        yield
        user_id = await verified_user_id(self)
        if user_id is None:
            self.saving = False
            yield rx.redirect(routes.login_path(self.router.url.path), replace=True)
            return
        try:
            details = await in_session_thread(lambda session: payouts.save_payout_account(session, user_id, **values))
        except Forbidden:
            self.saving = False
            yield rx.redirect(TEACH, replace=True)
            return
        except DomainError as error:
            self.saving = False
            self.payout_errors = {error.field or "form": error.message}
            return
        except Exception:
            log.exception("Saving payout details failed")
            self.saving, self.payout_errors = False, {"form": SAVE_FAILED}
            return
        self._show_payout(details)
        self.saving, self.editing, self.payout_message = False, False, SAVED
        yield toasts.success(SAVED)
