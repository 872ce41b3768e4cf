"""Checkout (/checkout): the billing form, Proceed, and the return from the payment provider.

Starting a payment creates a server-priced order through the domain (with the discount code the learner
applied, :class:`marketplace.states.coupon.CouponState`) and sends the browser to the provider's page; an
order a code made free is paid at once and goes straight to Order Complete. The return to /checkout proves
nothing by itself: :func:`marketplace.domain.checkout.handle_return` asks the provider, and only its answer
pays the order. A bank transfer still pending is polled until the provider's webhook confirms it.
The order pages' state is :class:`marketplace.states.order.OrderState`.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from functools import partial
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from marketplace import routes
from marketplace.db.engine import in_thread, session_scope
from marketplace.domain import checkout, guest_cart, orders
from marketplace.domain.billing import NIGERIA
from marketplace.domain.errors import DomainError, PaymentError
from marketplace.domain.sessions import user_for_token
from marketplace.payments.registry import active_provider_name
from marketplace.states import toasts
from marketplace.states.cart import CartState
from marketplace.states.coupon import CouponState
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

EMPTY_CART = orders.EMPTY_CART
LOGIN_NEEDED = "You must be logged in to checkout"
NO_LINK = "Payment initiation failed: No payment link received."
INITIATION_FAILED = checkout.INITIATION_FAILED
PAYMENT_ERROR = "An error occurred during payment. Please try again."
PAID = "Payment successful"
FAILED = "Payment failed"
CANCELLED = "Payment cancelled"
POLL_SECONDS = 2.0
POLL_TRIES = 60  # about two minutes of waiting for a bank transfer


@dataclass(frozen=True)
class Settled:
    """Where a return stands: ``paid``, ``failed``, ``cancelled``, ``pending`` or ``signed_out``, and the order's
    reference."""

    status: str
    ref: str
    course_ids: tuple[int, ...] = ()  # the order's courses: no longer in the cart once it is paid


def settle(token: str, params: dict[str, str]) -> Settled:
    """Ask the provider about a return (blocking; run it off the event loop).

    A paid order's courses leave the server cart as it is delivered (``orders.confirm_payment``); courses
    added since, say before an old success link is opened again, stay.
    """
    ref = str(params.get("tx_ref") or params.get("reference") or params.get("trxref") or "")
    try:
        with session_scope() as session:
            user = user_for_token(session, token)
            if user is None:
                return Settled("signed_out", ref)
            outcome = checkout.handle_return(session, user=user, params=params)
            bought = tuple(line.course_id for line in orders.order_lines(session, outcome.order))
            # A cancelled payment is not a failure: the learner chose to stop, and is told so.
            status = "cancelled" if outcome.order.status == "cancelled" else outcome.status
            return Settled(status, outcome.order.tx_ref, bought)
    except PaymentError:  # the provider could not be reached: keep asking
        log.info("Could not verify the return for %s yet", ref)
        return Settled("pending", ref)
    except DomainError as exc:  # no reference, or not this learner's order
        log.info("Return for %r refused: %s", ref, exc.message)
        return Settled("failed", ref)


@dataclass(frozen=True)
class Started:
    """A started checkout: the provider's link, or ``paid`` for an order a discount code made free."""

    link: str
    paid: Settled | None = None


def begin_payment(
    token: str, course_ids: list[int], total: str, email: str, country: str, region: str, coupon_code: str = ""
) -> Started:
    """Create the order and return where to go next (blocking). The order commits before we leave."""
    with session_scope() as session:
        user = user_for_token(session, token)
        if user is None:
            raise PermissionError(LOGIN_NEEDED)
        started = checkout.start_checkout(
            session,
            user=user,
            provider=active_provider_name(),
            course_ids=course_ids,
            total_amount=total,
            email=email,
            country=country,
            state=region,
            coupon_code=coupon_code or None,
        )
        if started.paid:
            bought = tuple(line.course_id for line in orders.order_lines(session, started.order))
            return Started(started.link, Settled("paid", started.order.tx_ref, bought))
        return Started(started.link)


def billing_problem(course_ids: list[int], country: str, region: str, email: str) -> str:
    """The first checkout rule the form breaks, in docs/product.md's order, or ``""``."""
    return EMPTY_CART if not course_ids else orders.billing_problem(email, country, region)


class CheckoutState(rx.State):
    """The billing form, the Proceed button's progress, and the return from the provider."""

    country: str = NIGERIA
    region: str = ""
    email: str = ""
    error: str = ""
    starting: bool = False
    # "form" to fill in, "verifying" a return, "waiting" for a bank transfer, "slow" when it took too long.
    phase: str = "form"
    _waiting_ref: str = ""
    # Each settle_return run takes a number; an older poller stops when a newer one starts.
    _poll: int = 0

    @rx.var
    def in_nigeria(self) -> bool:
        """Whether the state is chosen from Nigeria's list (else typed)."""
        return self.country == NIGERIA

    @rx.event
    def set_country(self, value: str):
        """Choose the billing country; the state starts again."""
        self.country = value
        self.region = ""

    @rx.event
    def set_region(self, value: str):
        """Choose or type the billing state."""
        self.region = value

    @rx.event
    def set_email(self, value: str):
        """Type the billing email."""
        self.email = value

    @rx.event
    async def load(self):
        """on_load: a return from the provider is settled; otherwise the form, email prefilled."""
        params = self.router.url.query_parameters
        self.error = ""
        self.starting = False
        if any(params.get(key) for key in ("status", "tx_ref", "reference", "trxref", "transaction_id")):
            self.phase = "verifying"
            return CheckoutState.settle_return
        self.phase = "form"
        self._waiting_ref = ""
        # Prefilled on every visit, so a browser shared by two learners never offers the previous one's address.
        self.email = (await self.get_state(SessionState)).user.get("email", "")
        return None

    async def _finish(self, result: Settled) -> list:
        """Leave the checkout for the order page (call inside ``async with self``)."""
        self.phase = "form"
        self._waiting_ref = ""
        if result.status == "paid":
            session_state = await self.get_state(SessionState)
            cart_state = await self.get_state(CartState)
            # The order's courses left the server cart with the payment; the browser's copy follows.
            local = guest_cart.parse(session_state.cart_json)
            cart_state._replace(session_state, guest_cart.without_courses(local, set(result.course_ids)))
            (await self.get_state(CouponState))._clear()  # the code was used on this order
            page_path, toast = routes.ORDER_COMPLETE, toasts.success(PAID)
        elif result.status == "cancelled":
            page_path, toast = routes.ORDER_FAILED, toasts.info(CANCELLED)
        else:
            page_path, toast = routes.ORDER_FAILED, toasts.error(FAILED)
        return [toast, rx.redirect(f"{page_path}?ref={quote(result.ref)}", replace=True)]

    async def _to_login(self) -> EventSpec:
        """The login ended (signed out on another device): sign this tab out and come back to the same return
        after logging in again, so the payment is still settled. The return alone settles nothing."""
        async with self:
            (await self.get_state(SessionState))._sign_out()
            self.phase = "form"
            target = routes.login_path(self.router.url.path, self.router.url.query)
        return rx.redirect(target, replace=True)

    @rx.event(background=True)
    async def settle_return(self):
        """Verify the return with the provider; a pending transfer is asked about every 2 s for ~2 minutes."""
        async with self:
            token = await (await self.get_state(SessionState))._fresh_token()  # renewed if about to run out
            params = dict(self.router.url.query_parameters)
            self._poll += 1
            poll = self._poll
        result = await in_thread(partial(settle, token, params))
        if result.status == "signed_out":
            yield await self._to_login()
            return
        if result.status != "pending":
            async with self:
                events = await self._finish(result)
            yield events
            return
        async with self:
            self.phase = "waiting"
            self._waiting_ref = result.ref
        for _ in range(POLL_TRIES):
            await asyncio.sleep(POLL_SECONDS)
            async with self:
                left = self.router.url.path.rstrip("/") != routes.CHECKOUT
                if left or self._poll != poll or self._waiting_ref != result.ref:
                    return  # the learner left, or started over
            result = await in_thread(partial(settle, token, {**params, "tx_ref": result.ref}))
            if result.status == "signed_out":
                yield await self._to_login()
                return
            if result.status in ("paid", "failed", "cancelled"):
                async with self:
                    events = await self._finish(result)
                yield events
                return
        async with self:
            if self._waiting_ref == result.ref:
                self.phase = "slow"

    @rx.event(background=True)
    async def start_payment(self):
        """Proceed: create the order on the server and go to the provider. Re-entry is ignored."""
        async with self:
            if self.starting:
                return
            self.starting = True
            self.error = ""
            token = await (await self.get_state(SessionState))._fresh_token()  # renewed if about to run out
            cart_state = await self.get_state(CartState)  # what the page shows: the cart, or Buy Now's one course
            course_ids = [item.id for item in cart_state.checkout_items]
            total = str(cart_state.checkout_totals.total)
            coupon_state = await self.get_state(CouponState)
            coupon_code = coupon_state.applied
            if coupon_code:  # the total the summary shows with the code
                total = coupon_state._total
            country, region, email = self.country, self.region.strip(), self.email.strip()
        problem = billing_problem(course_ids, country, region, email)
        if not problem and not token:
            problem = LOGIN_NEEDED
        started, message, events = Started(""), problem, []
        if not problem:
            try:
                started = await in_thread(
                    partial(begin_payment, token, course_ids, total, email, country, region, coupon_code)
                )
                message = "" if started.link else NO_LINK
            except PermissionError:
                message = LOGIN_NEEDED
            except DomainError as exc:
                message = exc.message or INITIATION_FAILED
            except Exception:
                log.exception("Starting a payment failed")
                message = PAYMENT_ERROR
        async with self:
            if message:
                self.starting = False
                self.error = message
            elif started.paid:  # nothing to pay: the order is complete already
                self.starting = False
                events = await self._finish(started.paid)
        if message == LOGIN_NEEDED:
            async with self:
                target = routes.login_path(self.router.url.path, self.router.url.query)
            yield [toasts.error(message), rx.redirect(target)]
        elif message:
            # The cart may be out of date (a price changed, a course was bought elsewhere), or the code no longer
            # applies: show the server's cart, then price the code on it again.
            yield [toasts.error(message), CartState.load_checkout, CouponState.refresh]
        elif started.paid:
            yield events
        else:
            # A full navigation: rx.redirect would route a same-host link (the sandbox) inside the app.
            yield rx.call_script(f"window.location.assign({json.dumps(started.link)})")
