"""Discount codes (coupons): which code a learner may use, what it prices to, and counting its use.

A code is looked up case-insensitively (codes are stored upper-cased). It applies only when it is active,
has started and not expired, has redemptions left, and the cart's subtotal reaches its minimum. The same
check runs when the checkout page applies a code and again on the server when the order is created, so a
code that expired or ran out in between is refused there too. A use is counted once, when the order is paid
(:func:`marketplace.domain.orders.mark_paid`), never when a code is merely applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from marketplace.db.models import Coupon
from marketplace.domain.errors import DomainError
from marketplace.domain.pricing import CouponTerms, Totals, price_kobo
from marketplace.money import format_naira, to_kobo

ENTER_CODE = "Please enter a code."
NOT_VALID = "This code is not valid."
NOT_STARTED = "This code is not valid yet."
EXPIRED = "This code has expired."
USED_UP = "This code has been used up."
MINIMUM = "This code needs an order of at least {amount}."
MAX_CODE_LENGTH = 40  # Coupon.code's column size


class CouponRefused(DomainError):
    """A discount code that cannot be used for this cart; ``message`` tells the learner why."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="couponCode")


def normalize_code(code: str | None) -> str:
    """A code as stored: trimmed and upper-cased (learners type ``naija10`` as often as ``NAIJA10``)."""
    return (code or "").strip().upper()


def find_coupon(session: Session, code: str | None) -> Coupon | None:
    """The coupon a typed code names, whatever its case, or None."""
    normalized = normalize_code(code)
    if not normalized or len(normalized) > MAX_CODE_LENGTH:
        return None
    return session.exec(select(Coupon).where(Coupon.code == normalized)).first()


def _aware(moment: datetime) -> datetime:
    # The column type returns aware UTC datetimes; a row built in Python without a zone is read as UTC too.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def refusal(coupon: Coupon | None, subtotal_kobo: int, now: datetime | None = None) -> str | None:
    """Why ``coupon`` cannot be used on a cart of ``subtotal_kobo``, or None when it can.

    The checks run in the order a learner can act on: a code that does not work at all first, the
    cart's minimum last (adding a course fixes that one).
    """
    now = _aware(now or datetime.now(UTC))
    if coupon is None or not coupon.active or (coupon.percent_off is None and not coupon.amount_off_kobo):
        return NOT_VALID
    if coupon.starts_at is not None and now < _aware(coupon.starts_at):
        return NOT_STARTED
    if coupon.expires_at is not None and now >= _aware(coupon.expires_at):
        return EXPIRED
    if coupon.max_redemptions is not None and coupon.redemptions >= coupon.max_redemptions:
        return USED_UP
    if subtotal_kobo < coupon.min_subtotal_kobo:
        return MINIMUM.format(amount=format_naira(coupon.min_subtotal_kobo))
    return None


def coupon_terms(session: Session, code: str | None, subtotal_kobo: int, now: datetime | None = None) -> CouponTerms:
    """The pricing terms of a code the learner may use on a cart of ``subtotal_kobo``.

    Raises:
        CouponRefused: an empty, unknown, inactive, not yet started, expired or used-up code, or a cart
            below the code's minimum subtotal.
    """
    if not normalize_code(code):
        raise CouponRefused(ENTER_CODE)
    coupon = find_coupon(session, code)
    problem = refusal(coupon, subtotal_kobo, now)
    if problem is not None or coupon is None:
        raise CouponRefused(problem or NOT_VALID)
    # A percentage wins when a row (wrongly) has both: the rule the description most likely states.
    return CouponTerms(code=coupon.code, percent_off=coupon.percent_off, amount_off_kobo=coupon.amount_off_kobo)


def price_with_coupon(
    session: Session, prices_kobo: Iterable[int], code: str | None, now: datetime | None = None
) -> Totals:
    """Price a cart with the discount code the learner typed (no code: the plain price).

    The checkout page and the server both price through here, so they agree to the kobo.

    Raises:
        CouponRefused: the code cannot be used on this cart (see :func:`coupon_terms`).
    """
    prices = list(prices_kobo)
    if not normalize_code(code):
        return price_kobo(prices)
    subtotal_kobo = to_kobo(price_kobo(prices).subtotal)
    return price_kobo(prices, coupon=coupon_terms(session, code, subtotal_kobo, now))


def count_redemption(session: Session, code: str | None) -> None:
    """Count one use of a code (for an order that has just become paid).

    An UPDATE that adds one in the database, so two orders paid at the same moment both count. It may go
    past ``max_redemptions`` when orders started before the last use are paid after it: the learner has paid
    by then, and the limit is checked again for every new order.
    """
    if not code:
        return
    session.execute(
        update(Coupon)
        .where(col(Coupon.code) == normalize_code(code))
        .values(redemptions=Coupon.redemptions + 1)
        .execution_options(synchronize_session=False)
    )
