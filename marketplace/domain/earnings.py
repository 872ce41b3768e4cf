"""The earnings ledger: every paid order line split into the instructor's share and the platform fee, in kobo
(docs/product.md, "Earnings and payouts").

Written by :func:`marketplace.domain.orders.mark_paid` in the transaction that marks the order paid, so a paid
order always has its entries and an unpaid one never does. What a line earns is what the learner paid for it:
its price less its share of the order's discounts (the cart rule's flat discount and the discount code, both
taken off the whole order), shared between the lines in proportion to their prices. Tax is the state's, never
the instructor's revenue. All of it in whole kobo, so the lines add up to exactly what the learner paid.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketplace.db.models import Course, EarningEntry, Order, OrderLine
from marketplace.settings import settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LineSplit:
    """One order line's money: its price, what the learner paid for it, the platform's fee and the rest."""

    list_price_kobo: int
    paid_kobo: int
    fee_kobo: int
    net_kobo: int


def allocate(amount: int, weights: Sequence[int]) -> list[int]:
    """Share ``amount`` kobo between ``weights`` in proportion, in whole kobo that add up to ``amount`` exactly.

    The largest-remainder method: each share is rounded down, and the kobo left over go one each to the shares
    that lost the most in rounding (on a tie, the larger weight, then the earlier one), so no share is off by
    more than one kobo from its exact value.
    """
    total = sum(weights)
    if amount < 0 or any(w < 0 for w in weights):
        raise ValueError("Amounts and weights are never negative.")
    if total == 0:
        if amount:
            raise ValueError("Nothing to share an amount between.")
        return [0 for _ in weights]
    shares = [amount * w // total for w in weights]
    remainders = [amount * w % total for w in weights]
    left = amount - sum(shares)
    by_loss = sorted(range(len(weights)), key=lambda i: (-remainders[i], -weights[i], i))
    for i in by_loss[:left]:
        shares[i] += 1
    return shares


def platform_fee(paid_kobo: int, fee_percent: int) -> int:
    """The platform's fee on ``paid_kobo``: ``fee_percent`` of it, rounded half up to the kobo, in integers."""
    return (paid_kobo * fee_percent + 50) // 100


def split_lines(prices_kobo: Sequence[int], reduction_kobo: int, fee_percent: int) -> list[LineSplit]:
    """Split each line of an order: its share of the order's ``reduction_kobo`` (all its discounts) off its
    price, then the fee on what is left.

    The ``paid_kobo`` of the lines add up to ``sum(prices_kobo) - reduction_kobo`` exactly.
    """
    reduction = min(max(reduction_kobo, 0), sum(prices_kobo))  # a discount never exceeds what it came off
    shares = allocate(reduction, prices_kobo)
    splits = []
    for price, share in zip(prices_kobo, shares, strict=True):
        paid = price - share
        fee = platform_fee(paid, fee_percent)
        splits.append(LineSplit(list_price_kobo=price, paid_kobo=paid, fee_kobo=fee, net_kobo=paid - fee))
    return splits


def record_order_earnings(
    session: Session, order: Order, lines: Sequence[OrderLine], fee_percent: int | None = None
) -> int:
    """Write the ledger entries of a just-paid order: one per line that had a price (a free course earns
    nothing). Lines already in the ledger are left as they are, so a repeated call writes nothing.

    Returns:
        How many entries this call wrote.
    """
    percent = settings.platform_fee_percent if fee_percent is None else fee_percent
    reduction = order.discount_kobo + order.coupon_discount_kobo
    if sum(line.price_kobo for line in lines) != order.subtotal_kobo:  # orders.create_order makes them agree
        log.warning("Order %s: its lines do not add up to its subtotal", order.tx_ref)
    splits = split_lines([line.price_kobo for line in lines], reduction, percent)
    course_ids = {line.course_id for line in lines}
    teachers = dict(session.exec(select(Course.id, Course.instructor_id).where(col(Course.id).in_(course_ids))).all())
    order_id = order.id
    if order_id is None:
        raise ValueError("An unsaved order has no earnings.")
    # The order's UPDATE to paid already lets only one confirmation through; the unique line id is the last
    # word should two ever get here (then the second pass finds the entries and writes none).
    for _ in range(2):
        done = set(session.exec(select(EarningEntry.order_line_id).where(EarningEntry.order_id == order.id)).all())
        entries = [
            EarningEntry(
                order_id=order_id,
                order_line_id=line_id,
                course_id=line.course_id,
                instructor_id=teachers[line.course_id],
                buyer_user_id=order.user_id,
                list_price_kobo=split.list_price_kobo,
                paid_kobo=split.paid_kobo,
                fee_kobo=split.fee_kobo,
                net_kobo=split.net_kobo,
                fee_percent=percent,
                created_at=order.paid_at or order.created_at,
            )
            for line, split in zip(lines, splits, strict=True)
            if (line_id := line.id) is not None and line.price_kobo > 0 and line_id not in done
        ]
        try:
            with session.begin_nested():
                session.add_all(entries)
            return len(entries)
        except IntegrityError:
            log.info("Earnings of order %s were recorded concurrently", order.tx_ref)
    return 0
