"""Orders: priced by the server, paid once, enrolled once.

Nothing the browser sends decides what anyone pays or gets: prices come from the database, a discount code
is checked again here, the browser's total is only compared with ours, and an order is paid only on the
provider's own verification (or, for an order a code made free, at once: there is nothing to pay).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Order, OrderLine, PaymentAttempt, User
from marketplace.domain import cart, coupons, delivery, earnings
from marketplace.domain.errors import Conflict, DomainError, NotFound
from marketplace.domain.shapes import parse_id
from marketplace.domain.validation import is_email_address
from marketplace.money import format_naira, to_kobo
from marketplace.payments.base import Verification
from marketplace.shapes.base import naira
from marketplace.shapes.commerce import Order as OrderShape
from marketplace.shapes.commerce import OrderLine as OrderLineShape
from marketplace.shapes.commerce import ReceiptRow

log = logging.getLogger(__name__)

TOTAL_CHANGED = "The total has changed. Please review your cart and try again."
EMPTY_CART = "Your cart is empty. Please add items before proceeding."
MISSING_BILLING = "Please fill in your country, state, and email."
BAD_EMAIL = "Please enter a valid email address."
ORDER_NOT_FOUND = "Order not found."
FREE_PROVIDER = "free"  # the provider named on an order a discount code made free: no provider took part


def row_id(value: int | None) -> int:
    """The id of a row read from or flushed to the database (which always has one)."""
    if value is None:
        raise ValueError("An unsaved row has no id.")
    return value


def new_tx_ref() -> str:
    """A fresh, unguessable reference for one payment attempt (``NL-`` and 20 hex digits)."""
    return f"NL-{secrets.token_hex(10)}"


def _unique_ids(course_ids: Iterable[object]) -> list[int]:
    ids: list[int] = []
    for raw in course_ids:
        course_id = parse_id(raw)  # None too for a number no course can have (beyond the id column's range)
        if course_id is None:
            raise NotFound("Some courses in your cart are no longer available.")
        if course_id not in ids:  # quantity is always 1
            ids.append(course_id)
    return ids


def billing_problem(email: str, country: str, state: str) -> str:
    """The first billing rule the checkout form breaks, in docs/product.md's order, or ``""``.

    The checkout page asks before sending the form; :func:`create_order` asks again on the server.
    """
    if not (email or "").strip() or not (country or "").strip() or not (state or "").strip():
        return MISSING_BILLING
    if not is_email_address(email.strip()):
        return BAD_EMAIL
    return ""


def _check_billing(email: str, country: str, state: str) -> str:
    problem = billing_problem(email, country, state)
    if problem:
        raise DomainError(problem, field="email" if problem == BAD_EMAIL else None)
    return email.strip().lower()


def create_order(
    session: Session,
    *,
    user: User,
    course_ids: Iterable[object],
    total_amount: Decimal | int | str,
    email: str,
    country: str,
    state: str,
    provider: str,
    coupon_code: str | None = None,
) -> Order:
    """Create a pending order for ``course_ids``, priced from the database.

    Args:
        user: The buyer.
        course_ids: The courses of the cart (duplicates count once).
        total_amount: The total the browser showed, in naira; refused when it differs from ours.
        email, country, state: Billing details from the checkout form.
        provider: The payment provider's name, kept on the order.
        coupon_code: The discount code the learner applied, if any; checked again here and kept on the order.

    Raises:
        DomainError: empty cart, missing or bad billing details, or a total that disagrees with ours.
        CouponRefused: a code that cannot be used (any more) on this cart, with the reason.
        NotFound: a course that does not exist.
        Conflict: a course the user already owns.
    """
    ids = _unique_ids(course_ids)
    if not ids:
        raise DomainError(EMPTY_CART)
    email = _check_billing(email, country, state)
    courses = {c.id: c for c in session.exec(select(Course).where(col(Course.id).in_(ids))).all()}
    if len(courses) != len(ids):
        raise NotFound("Some courses in your cart are no longer available.")
    user_id = row_id(user.id)
    owned = cart.owned_course_ids(session, user_id, ids)
    if owned:
        titles = ", ".join(courses[cid].title for cid in ids if cid in owned)
        raise Conflict(f"You already own {titles}. Remove it from your cart to continue.")
    totals = coupons.price_with_coupon(session, (courses[cid].price_kobo for cid in ids), coupon_code)
    try:
        browser_kobo = to_kobo(total_amount)
    except (InvalidOperation, ValueError) as exc:
        raise DomainError(TOTAL_CHANGED) from exc
    kobo = totals.kobo
    if browser_kobo != kobo["total_kobo"]:
        raise DomainError(TOTAL_CHANGED)
    order = Order(
        user_id=user_id,
        tx_ref=new_tx_ref(),
        provider=provider,
        email=email,
        country=country.strip(),
        state=state.strip(),
        coupon_code=totals.coupon_code or None,
        coupon_discount_kobo=to_kobo(totals.coupon_discount),
        subtotal_kobo=kobo["subtotal_kobo"],
        discount_kobo=kobo["discount_kobo"],
        tax_kobo=kobo["tax_kobo"],
        total_kobo=kobo["total_kobo"],
    )
    session.add(order)
    session.flush()
    order_id = row_id(order.id)
    for cid in ids:
        session.add(
            OrderLine(order_id=order_id, course_id=cid, title=courses[cid].title, price_kobo=courses[cid].price_kobo)
        )
    session.flush()
    return order


def order_lines(session: Session, order: Order) -> list[OrderLine]:
    """The lines of an order, in the order they were bought."""
    return list(session.exec(select(OrderLine).where(OrderLine.order_id == order.id).order_by(col(OrderLine.id))).all())


def get_order(session: Session, *, tx_ref: str, user_id: int) -> Order:
    """The caller's own order by reference. Another user's order is "not found", so references do not leak."""
    order = session.exec(select(Order).where(Order.tx_ref == tx_ref)).first()
    if order is None or order.user_id != user_id:
        raise NotFound(ORDER_NOT_FOUND)
    return order


def order_shape(session: Session, order: Order) -> OrderShape:
    """An order for the API and the order pages: exact naira with display texts, the receipt rows and its lines."""
    amounts = {
        "subtotal": order.subtotal_kobo,
        "discount": order.discount_kobo,
        "coupon_discount": order.coupon_discount_kobo,
        "tax": order.tax_kobo,
        "total": order.total_kobo,
    }
    money: dict[str, object] = {name: naira(kobo) for name, kobo in amounts.items()}
    money.update({f"{name}_text": format_naira(kobo) for name, kobo in amounts.items()})
    return OrderShape.model_validate(
        {
            **money,
            "tx_ref": order.tx_ref,
            "status": order.status,
            "provider": order.provider,
            "currency": order.currency,
            "coupon_code": order.coupon_code or "",
            "summary": [ReceiptRow(label=label, amount_text=text) for label, text in delivery.receipt_rows(order)],
            "email": order.email,
            "lines": [
                OrderLineShape(
                    course_id=line.course_id,
                    title=line.title,
                    price=naira(line.price_kobo),
                    price_text=format_naira(line.price_kobo),
                )
                for line in order_lines(session, order)
            ],
            "paid_at": order.paid_at.isoformat() if order.paid_at else None,
        }
    )


def verification_problem(order: Order, verification: Verification) -> str | None:
    """Why a verification does not prove this order was paid, or None when it does.

    The provider must say successful, for our reference, in naira, for at least the order's total.
    """
    if verification.status != "successful":
        return f"provider status is {verification.status}"
    if verification.tx_ref != order.tx_ref:
        return "transaction belongs to another reference"
    if verification.currency.upper() != order.currency:
        return f"currency is {verification.currency or 'missing'}"
    if verification.amount_kobo < order.total_kobo:
        return f"amount {verification.amount_kobo} kobo is below the order's {order.total_kobo}"
    return None


def _record_attempt(session: Session, order: Order, verification: Verification, status: str) -> None:
    # One row per provider transaction: a repeated webhook or return updates it rather than adding rows.
    # The database enforces it (a partial unique index); a concurrent confirmation that inserted the same
    # transaction first makes this insert fail inside its savepoint, and the second pass updates that row.
    for _ in range(2):
        attempt = None
        if verification.transaction_id:
            attempt = session.exec(
                select(PaymentAttempt).where(
                    PaymentAttempt.order_id == order.id,
                    PaymentAttempt.provider_transaction_id == verification.transaction_id,
                )
            ).first()
        attempt = attempt or PaymentAttempt(
            order_id=row_id(order.id),
            provider=order.provider,
            tx_ref=order.tx_ref,
            provider_transaction_id=verification.transaction_id,
        )
        attempt.amount_kobo = verification.amount_kobo
        attempt.currency = verification.currency or order.currency
        attempt.status = status
        attempt.updated_at = datetime.now(UTC)
        try:
            with session.begin_nested():
                session.add(attempt)
            return
        except IntegrityError:
            log.info("Transaction %s of order %s was recorded concurrently", verification.transaction_id, order.tx_ref)
    raise DomainError("The payment could not be recorded. Please try again.")


def _set_status(session: Session, order: Order, status: str) -> None:
    # Nothing takes a paid order back. Checked in the UPDATE itself, not on ``order``: a webhook may have
    # paid it since this object was read (a cancelled return racing a confirmed transfer).
    session.execute(
        update(Order)
        .where(col(Order.id) == order.id, col(Order.status) != "paid")
        .values(status=status)
        .execution_options(synchronize_session=False)
    )
    session.flush()
    session.refresh(order)


def mark_failed(session: Session, *, order: Order) -> Order:
    """Mark an unpaid order failed (a paid order stays paid)."""
    _set_status(session, order, "failed")
    return order


def mark_cancelled(session: Session, *, order: Order) -> Order:
    """Mark an unpaid order cancelled (a paid order stays paid)."""
    _set_status(session, order, "cancelled")
    return order


def confirm_payment(session: Session, *, order: Order, verification: Verification) -> Order:
    """Apply the provider's verification to an order: pay it once, or fail it.

    A verification that proves payment marks the order paid exactly once (even when a webhook and a return race),
    enrolls the buyer in each course once, clears those courses from the cart, notifies the buyer, counts the
    students and sends the confirmation email. If the order was already paid, the payment is only recorded.
    A pending verification changes nothing; any other mismatch marks an unpaid order failed.
    """
    if verification.status in ("pending", "not_found"):
        return order
    problem = verification_problem(order, verification)
    if problem is not None:
        log.warning("Payment for order %s not accepted: %s", order.tx_ref, problem)
        status = "cancelled" if verification.status == "cancelled" else "failed"
        if verification.tx_ref == order.tx_ref:  # only a transaction of this order is this order's attempt
            _record_attempt(session, order, verification, status)
        _set_status(session, order, status)
        return order
    _record_attempt(session, order, verification, "paid")
    if not mark_paid(session, order=order):
        log.info("Payment for order %s recorded; the order was already paid", order.tx_ref)
    return order


def mark_paid(session: Session, *, order: Order) -> bool:
    """Mark an order paid exactly once and deliver it: the one path every paid order takes.

    The first call counts the order's discount code once, writes the earnings ledger, enrolls the buyer, clears
    those courses from the cart, notifies the buyer, counts the students and sends the confirmation email. Later
    calls (a repeated webhook, a return racing it) change nothing.

    Returns:
        True when this call paid the order; False when it was already paid.
    """
    # A conditional update is the lock: of two concurrent confirmations only one changes a row.
    result = cast(  # an UPDATE's result is a cursor result, with its rowcount
        "CursorResult[Any]",
        session.execute(
            update(Order)
            .where(col(Order.id) == order.id, col(Order.status) != "paid")
            .values(status="paid", paid_at=datetime.now(UTC))
            .execution_options(synchronize_session=False)
        ),
    )
    session.refresh(order)
    if result.rowcount != 1:
        return False
    coupons.count_redemption(session, order.coupon_code)
    lines = order_lines(session, order)
    earnings.record_order_earnings(session, order, lines)  # the instructors' shares, in this same transaction
    delivery.deliver(session, order, lines)
    return True
