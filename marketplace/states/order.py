"""The order pages (/order1 after paying, /order2 after a payment that did not go through): the signed-in
learner's own order, shown by its status; any other reference is "Order not found"."""

from __future__ import annotations

import logging

import reflex as rx

from marketplace.db.engine import in_session_thread
from marketplace.domain import orders
from marketplace.domain.errors import DomainError
from marketplace.shapes.commerce import Order
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)


class OrderState(rx.State):
    """The order shown on /order1 or /order2 (only the caller's own)."""

    order: Order = rx.field(default_factory=Order)
    loaded: bool = False
    error: str = ""
    failed_to_load: bool = False  # the database failed, as opposed to no such order of this learner

    @rx.event
    async def load(self):
        """on_load: the order named by ``?ref=`` when it is the signed-in learner's."""
        self.order, self.error, self.loaded, self.failed_to_load = Order(), "", False, False
        ref = self.router.url.query_parameters.get("ref", "")
        user_id = await verified_user_id(self)
        if user_id is not None and ref:
            try:
                order = await in_session_thread(
                    lambda session: orders.order_shape(session, orders.get_order(session, tx_ref=ref, user_id=user_id)),
                    readonly=True,
                    snapshot=True,  # the order and its lines as of one moment
                )
                self.order = order
            except DomainError as exc:
                self.error = exc.message
            except Exception:
                log.exception("Loading order %s failed", ref)
                self.error = "Failed to load the order."
                self.failed_to_load = True
        self.loaded = True
