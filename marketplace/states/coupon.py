"""The checkout page's discount code: apply it, remove it, and the totals priced with it.

The code is checked and priced by :func:`marketplace.domain.coupons.price_with_coupon` on the prices the checkout
shows (:attr:`CartState.checkout_items`: the cart, or Buy Now's one course), through the same pricing module as
the cart page and the server, so the summary and the order agree to the kobo. Proceed sends the applied code
with the order and the server checks it again: applying a code here promises nothing.
"""

from __future__ import annotations

import logging

import reflex as rx

from marketplace.db.engine import in_session_thread
from marketplace.domain import coupons
from marketplace.domain.errors import DomainError
from marketplace.money import to_kobo
from marketplace.shapes.commerce import CartTotals
from marketplace.states.cart import CartState
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

APPLY_FAILED = "The code could not be checked. Please try again."


class CouponState(rx.State):
    """The Coupon code field, the applied code and the checkout's totals with it."""

    code: str = ""  # what the learner types
    applied: str = ""  # the code in use, as stored (upper-cased); "" when none
    error: str = ""  # why the last code was refused, shown under the field
    totals: CartTotals = rx.field(default_factory=CartTotals)  # meaningful only while a code is applied
    _total: str = "0"  # the naira total shown with the code: what Proceed sends
    _user_id: int | None = None  # whose code it is: a browser shared by two learners never passes one on

    @rx.event
    def set_code(self, value: str):
        """Type a code; an old refusal goes away as the learner corrects it."""
        self.code = value
        self.error = ""

    def _clear(self) -> None:
        """Forget the code (after the order is paid, or for another learner)."""
        self.code, self.applied, self.error = "", "", ""
        self.totals, self._total = CartTotals(), "0"

    async def _price(self, code: str) -> str:
        """Price the cart with ``code`` and show it; the refusal message, or ``""`` when it applies."""
        buying = (await self.get_state(CartState)).checkout_items  # the cart, or Buy Now's one course
        prices = [to_kobo(item.price) for item in buying]
        try:
            totals = await in_session_thread(
                lambda session: coupons.price_with_coupon(session, prices, code), readonly=True
            )
        except DomainError as exc:
            return exc.message
        except Exception:
            log.exception("Checking discount code %r failed", code)
            return APPLY_FAILED
        self.applied = totals.coupon_code
        self.totals = totals.shape()
        self._total = str(totals.total)
        return ""

    @rx.event
    async def apply(self, form: dict):
        """Apply: check the typed code against the cart; the coupon line and new total, or the reason not."""
        if "coupon" in form:  # the form's value is what the learner sees in the field
            self.code = str(form["coupon"] or "")
        code = coupons.normalize_code(self.code)
        problem = await self._price(code) if code else coupons.ENTER_CODE
        self.error = problem
        if not problem:
            self.code = ""

    @rx.event
    def remove(self):
        """Remove the applied code: the totals go back to the cart's."""
        self._clear()

    @rx.event
    async def refresh(self):
        """on_load of /checkout, and after the cart was reloaded: price the applied code again.

        The cart (a price, a course bought elsewhere) or the code (expired, used up) may have changed since it
        was applied; a code that no longer applies is removed and its reason shown.
        """
        user_id = await verified_user_id(self)
        if user_id != self._user_id:
            # Another learner's code is never passed on; on the page's first load there is no one before, and a code
            # typed while the page was still loading is the learner's own (it used to vanish from the field).
            if self._user_id is not None:
                self._clear()
            self._user_id = user_id
        if not self.applied:
            return
        problem = await self._price(self.applied)
        if problem:
            self._clear()
            self.error = problem
