"""Checkout: start a payment, handle the learner's return, handle provider webhooks.

The return URL and webhook bodies are hints only: each asks the provider for the truth before anything changes.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from sqlmodel import Session, col, select

from marketplace import routes
from marketplace.db.models import Course, Order, User
from marketplace.domain import orders
from marketplace.domain.catalog_visibility import problems_for_sale
from marketplace.domain.errors import Conflict, NotFound, PaymentError, Unauthorized
from marketplace.domain.shapes import parse_id
from marketplace.jobs.queue import enqueue
from marketplace.payments import InvalidSignature, ProviderError, get_provider
from marketplace.payments.base import Customer
from marketplace.payments.registry import PROVIDERS, active_provider_name
from marketplace.settings import settings
from marketplace.shapes.commerce import CheckoutLink, CheckoutStart, PaymentCheck

log = logging.getLogger(__name__)

INITIATION_FAILED = "Payment initiation failed. Please try again."
PROVIDER_UNAVAILABLE = "This payment provider is not available."
VERIFY_FAILED = "We could not confirm the payment with the provider yet. Please try again in a moment."
RETURN_PATH = "/checkout"

WEBHOOK_JOB = "payments.webhook"

OutcomeStatus = Literal["paid", "failed", "pending"]
SessionFactory = Callable[..., AbstractContextManager[Session]]


@dataclass(frozen=True)
class Checkout:
    """A started payment: the pending order and the provider's checkout link for the browser.

    For an order a discount code made free, the order is already paid and ``link`` is its Order Complete page.
    """

    order: Order
    link: str

    @property
    def paid(self) -> bool:
        """Whether the order was completed at once (nothing to pay)."""
        return self.order.status == "paid"


@dataclass(frozen=True)
class OrderOutcome:
    """What a return or webhook came to: paid, failed (cancelled included) or still pending."""

    status: OutcomeStatus
    order: Order


_OUTCOMES: dict[str, OutcomeStatus] = {"paid": "paid", "pending": "pending"}


def outcome_of(order: Order) -> OrderOutcome:
    """The outcome an order's current status stands for."""
    return OrderOutcome(status=_OUTCOMES.get(order.status, "failed"), order=order)


def started_shape(started: Checkout) -> CheckoutStart:
    """A started payment as the API answers it: the link (twice: docs/product.md's ``data.link``) and reference."""
    return CheckoutStart(
        message="Order complete" if started.paid else "Payment initiated",
        status=started.order.status,
        checkout_link=started.link,
        tx_ref=started.order.tx_ref,
        data=CheckoutLink(link=started.link),
    )


def payment_check(session: Session, outcome: OrderOutcome) -> PaymentCheck:
    """What a return came to, with the order as the order pages show it."""
    return PaymentCheck(status=outcome.status, order=orders.order_shape(session, outcome.order))


def start_checkout(
    session: Session,
    *,
    user: User,
    provider: str,
    course_ids: Iterable[object],
    total_amount: Decimal | int | str,
    email: str,
    country: str,
    state: str,
    coupon_code: str | None = None,
) -> Checkout:
    """Create the pending order and ask the provider for its hosted checkout link.

    An order whose total is exactly zero (a discount code covered it) never goes to the provider, which
    cannot charge nothing: it is paid at once through :func:`marketplace.domain.orders.mark_paid`, the path
    every paid order takes, and the link is its Order Complete page.

    Args:
        provider: The provider named in the request path; only the configured one is accepted.
        coupon_code: The discount code the learner applied, if any (checked again by the order).

    Raises:
        NotFound: a provider other than the configured one.
        DomainError, Conflict: see :func:`marketplace.domain.orders.create_order` (nothing is charged); also a
            course no longer published, a free one, or one the buyer teaches (each named).
        PaymentError: the provider refused or could not be reached ("Payment initiation failed. Please try again.").
    """
    if provider != active_provider_name():
        raise NotFound(PROVIDER_UNAVAILABLE)
    _check_for_sale(session, user, course_ids)
    order = orders.create_order(
        session,
        user=user,
        course_ids=course_ids,
        total_amount=total_amount,
        email=email,
        country=country,
        state=state,
        provider=provider,
        coupon_code=coupon_code,
    )
    if order.total_kobo == 0:
        order.provider = orders.FREE_PROVIDER  # no provider transaction exists, nor will
        session.add(order)
        session.flush()
        orders.mark_paid(session, order=order)
        return Checkout(order=order, link=settings.public_url.rstrip("/") + routes.order(order.tx_ref))
    customer = Customer(email=order.email, name=f"{user.first_name} {user.last_name}".strip())
    redirect_url = settings.public_url.rstrip("/") + RETURN_PATH
    # The pending order is saved before the provider is asked (it may take seconds): no lock or connection
    # is held meanwhile, and a provider that fails leaves a pending order nobody pays, which changes nothing.
    _release(session)
    try:
        link = get_provider(provider).initiate(order, customer, redirect_url)
    except ProviderError as exc:
        log.warning("Could not start payment for order %s: %s", order.tx_ref, exc)
        raise PaymentError(INITIATION_FAILED) from exc
    return Checkout(order=order, link=link)


def _check_for_sale(session: Session, user: User, course_ids: Iterable[object]) -> None:
    """Refuse a cart holding a course no longer published, a free one or the buyer's own, naming them.

    The cart leaves unpublished courses out already (domain/cart.py), so the page that shows this message and
    reloads the cart no longer shows them.
    """
    ids = [cid for cid in (parse_id(raw) for raw in course_ids) if cid is not None]
    courses = list(session.exec(select(Course).where(col(Course.id).in_(ids))).all()) if ids else []
    problem = problems_for_sale(session, courses, orders.row_id(user.id))
    if problem:
        raise Conflict(problem)


def _release(session: Session) -> None:
    """End the current transaction (saving what it wrote) before a slow call to a payment provider.

    The session stays usable; its next query starts a new transaction. Holding a transaction across an HTTP
    call would hold a database connection (and on SQLite the write lock) for every other request to wait on.
    """
    session.commit()


def _reference(params: Mapping[str, str]) -> str:
    # Flutterwave says tx_ref; Paystack says reference (and trxref).
    return str(params.get("tx_ref") or params.get("reference") or params.get("trxref") or "").strip()


def handle_return(
    session: Session, *, user: User, provider: str | None = None, params: Mapping[str, str]
) -> OrderOutcome:
    """Settle the learner's return to /checkout from the provider's page.

    The query string only says which of the caller's orders to look at: the provider is asked about it
    (by ``transaction_id`` when given, else by reference) and only its answer can mark the order paid.

    Args:
        user: The signed-in caller; only their own order is touched.
        provider: The provider the browser names; ignored in favour of the one the order was made with.
        params: The return's query parameters (status, tx_ref or reference, transaction_id).

    Raises:
        NotFound: no reference, or an order that is not the caller's.
        PaymentError: the provider could not be reached (the order stays as it was).
    """
    order = orders.get_order(session, tx_ref=_reference(params), user_id=orders.row_id(user.id))
    if order.status == "paid":
        return outcome_of(order)
    if provider and provider != order.provider:
        log.info("Return for order %s names %s; using the order's provider %s", order.tx_ref, provider, order.provider)
    _release(session)
    try:
        verification = get_provider(order.provider).verify(params.get("transaction_id") or None, tx_ref=order.tx_ref)
    except ProviderError as exc:
        raise PaymentError(VERIFY_FAILED) from exc
    orders.confirm_payment(session, order=order, verification=verification)
    if order.status == "paid" or verification.status == "pending":
        return outcome_of(order)
    claimed = str(params.get("status") or "").lower()
    if verification.status == "not_found" and claimed == "pending":
        return outcome_of(order)  # a transfer the provider has not registered yet: keep waiting
    if claimed == "cancelled" or verification.status == "cancelled":
        orders.mark_cancelled(session, order=order)
    else:
        orders.mark_failed(session, order=order)
    return outcome_of(order)


def receive_webhook(session: Session, *, provider: str, headers: Mapping[str, str], raw_body: bytes) -> bool:
    """Accept a provider's webhook: check its signature on the raw bytes, then queue its processing.

    The provider gets its answer at once; re-verifying with the provider and enrolling run as a job after
    commit (:func:`settle_from_webhook`). Copies of one webhook (a provider retrying, or sending it twice at
    the same moment) queue one job: the job's key is the body's digest.

    Returns:
        Whether a job was queued (False for an event that is not about one of our charges).

    Raises:
        NotFound: an unknown provider name.
        Unauthorized: a missing or wrong signature.
    """
    if provider not in PROVIDERS:
        raise NotFound(PROVIDER_UNAVAILABLE)
    try:
        event = get_provider(provider).parse_webhook(headers, raw_body)
    except InvalidSignature as exc:
        raise Unauthorized("Invalid webhook signature.") from exc
    except ProviderError:
        log.warning("Ignoring an unreadable %s webhook", provider)
        return False
    if not event.is_charge or not event.tx_ref:
        return False
    payload = {"provider": provider, "tx_ref": event.tx_ref, "transaction_id": event.transaction_id}
    enqueue(session, WEBHOOK_JOB, payload, key=f"webhook:{provider}:{hashlib.sha256(raw_body).hexdigest()}")
    return True


def settle_from_webhook(
    open_session: SessionFactory, *, provider: str, tx_ref: str, transaction_id: str | None
) -> OrderOutcome | None:
    """Re-verify a webhook's charge with the provider and confirm the order (the webhook job's work).

    No transaction is open while the provider answers. Confirming is idempotent: an order is paid once,
    however many webhooks and returns race for it.

    Args:
        open_session: Opens a committed session (``open_session(readonly=True)`` for reads).

    Returns:
        The order's outcome, or None when the reference is not one of this provider's orders.

    Raises:
        PaymentError: the provider could not be reached (the job is retried later).
    """
    with open_session(readonly=True) as session:
        order = session.exec(select(Order).where(Order.tx_ref == tx_ref)).first()
    if order is None or order.provider != provider:
        log.info("Ignoring a %s webhook for unknown reference %s", provider, tx_ref)
        return None
    if order.status == "paid":
        return outcome_of(order)
    try:
        verification = get_provider(provider).verify(transaction_id or None, tx_ref=order.tx_ref)
    except ProviderError as exc:
        raise PaymentError(VERIFY_FAILED) from exc
    with open_session() as session:
        current = session.get(Order, order.id)
        if current is None:  # orders are never deleted; this is only the type's possibility
            return None
        orders.confirm_payment(session, order=current, verification=verification)
        return outcome_of(current)
