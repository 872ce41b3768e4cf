"""Order history (/orders) and an order's printable receipt (/orders/[route_arg]): only the caller's own orders."""

from __future__ import annotations

import logging
from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import order_history
from marketplace.domain.errors import NotFound
from marketplace.shapes.order_history import OrderHistoryItem, OrderHistoryPage
from marketplace.states.paging import UserPagesState, list_url
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

LOAD_FAILED = "Failed to load your orders."
RECEIPT_FAILED = "Failed to load the receipt. Please try again."
MAX_REF = 64  # longer than any reference we issue (NL- and 20 hex digits, or a provider's)


class OrdersState(UserPagesState, rx.State):
    """Every order of the learner, newest first, 10 a page; the page number lives in the URL (``?page=2``)."""

    orders: list[OrderHistoryItem] = []

    @rx.event
    async def load(self):
        """Show the URL's page (on_load); past the last page, the last, with the URL corrected."""
        return await self._load_asked_page()

    @rx.event
    def go_to_page(self, page: int):
        """Go to another page: a new history entry, whose on_load shows it."""
        return self._navigate_to_page(page)

    def _page_url(self, page: int) -> str:
        return list_url(routes.ORDERS, page)

    def _reader(self, user_id: int) -> Callable[[Session], OrderHistoryPage]:
        page = self.page
        return lambda session: order_history.list_orders(session, user_id=user_id, page=page)

    def _show(self, data: OrderHistoryPage | None) -> None:
        self.orders = list(data.data) if data else []

    def _failed_message(self) -> str:
        return LOAD_FAILED


class ReceiptState(rx.State):
    """One order's printable receipt; another learner's reference is "not found", as an unknown one is."""

    order: OrderHistoryItem = rx.field(default_factory=OrderHistoryItem)
    loading: bool = True
    not_found: bool = False
    error: str = ""

    @rx.event
    async def load(self):
        """on_load: the route's order, when it is the signed-in learner's."""
        self.order, self.loading, self.not_found, self.error = OrderHistoryItem(), True, False, ""
        tx_ref = str(self.route_arg)[:MAX_REF]
        user_id = await verified_user_id(self)
        if user_id is None:  # the guard sends the visitor to log in
            self.loading = False
            return
        try:
            self.order = await in_session_thread(
                lambda session: order_history.receipt(session, user_id=user_id, tx_ref=tx_ref),
                readonly=True,
                snapshot=True,
            )
        except NotFound:
            self.not_found = True
        except Exception:
            log.exception("Loading the receipt of %s failed", tx_ref)
            self.error = RECEIPT_FAILED
        self.loading = False

    @rx.var
    def page_title(self) -> str:
        """The tab title (and the printed page's header in most browsers)."""
        return f"Receipt {self.order.tx_ref} | Naija Learn" if self.order.tx_ref else "Receipt | Naija Learn"
