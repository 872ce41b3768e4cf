"""The earnings ledger: each paid order line split exactly into what the learner paid, the platform's fee and the
instructor's share, written once, in the order's own transaction (docs/product.md, "Earnings and payouts")."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from sqlmodel import Session, func, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Coupon, EarningEntry, Order, OrderLine
from marketplace.domain import checkout, earnings, orders
from marketplace.domain.earnings import allocate, platform_fee
from marketplace.domain.pricing import CouponTerms, price_kobo
from marketplace.payments.sandbox import provider as sandbox
from marketplace.settings import settings
from tests.concurrency import run_at_once
from tests.factories import make_course, make_instructor, make_user
from tests.unit.test_orders import BILLING, _paid, _press, _start, confirm_twice_at_once, webhook


def _entries(session: Session, order: Order) -> list[EarningEntry]:
    session.expire_all()
    return list(
        session.exec(
            select(EarningEntry).where(EarningEntry.order_id == order.id).order_by(EarningEntry.order_line_id)
        ).all()
    )


def _coupon(session: Session, code: str = "NAIJA10", percent_off: int | None = 10, amount_off_kobo: int | None = None):
    """A discount code in the database, and its terms as the checkout page prices them."""
    percent = None if amount_off_kobo else percent_off
    session.add(Coupon(code=code, percent_off=percent, amount_off_kobo=amount_off_kobo))
    session.commit()
    return CouponTerms(code, percent_off=percent, amount_off_kobo=amount_off_kobo)


def _order(session: Session, buyer, courses, coupon: CouponTerms | None = None) -> Order:
    total = price_kobo((c.price_kobo for c in courses), coupon=coupon).total
    order = orders.create_order(
        session,
        user=buyer,
        course_ids=[c.id for c in courses],
        total_amount=total,
        provider="sandbox",
        coupon_code=coupon.code if coupon else None,
        **BILLING,
    )
    session.commit()
    return order


def record_sale(session: Session, course, buyer, when: datetime, price_kobo: int | None = None) -> EarningEntry:
    """A course sold to ``buyer`` at ``when``, written to the ledger the way a paid order writes it (no discount)."""
    price = course.price_kobo if price_kobo is None else price_kobo
    order = Order(
        user_id=buyer.id,
        tx_ref=orders.new_tx_ref(),
        provider="sandbox",
        status="paid",
        subtotal_kobo=price,
        discount_kobo=0,
        tax_kobo=0,
        total_kobo=price,
        email=buyer.email,
        country="Nigeria",
        state="Lagos",
        created_at=when,
        paid_at=when,
    )
    session.add(order)
    session.flush()
    line = OrderLine(order_id=order.id, course_id=course.id, title=course.title, price_kobo=price)
    session.add(line)
    session.flush()
    assert earnings.record_order_earnings(session, order, [line]) == 1
    session.commit()
    return session.exec(select(EarningEntry).where(EarningEntry.order_line_id == line.id)).one()


# --- the arithmetic -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "weights", "shares"),
    [
        (10, [1, 1, 1], [4, 3, 3]),  # the odd kobo goes to the first of equals
        (1, [3, 3], [1, 0]),
        (7, [0, 5, 2], [0, 5, 2]),  # a free line takes no share
        (100, [1, 2], [33, 67]),  # 33.33 and 66.67: the larger remainder gets the kobo
        (0, [5, 7], [0, 0]),
        (12, [12, 0], [12, 0]),
    ],
)
def test_allocate_shares_in_proportion_and_adds_up_exactly(amount, weights, shares):
    assert allocate(amount, weights) == shares
    assert sum(allocate(amount, weights)) == amount


def test_allocate_is_never_more_than_a_kobo_from_the_exact_share():
    weights = [1_500_000, 799_999, 250_001, 1, 33_333]
    for amount in (0, 1, 2, 999, 256_000, sum(weights) - 1, sum(weights)):
        shares = allocate(amount, weights)
        assert sum(shares) == amount
        for share, weight in zip(shares, weights, strict=True):
            assert abs(share * sum(weights) - amount * weight) < sum(weights)  # |share - exact| < 1 kobo
            assert 0 <= share <= weight


def test_allocate_refuses_what_cannot_be_shared():
    with pytest.raises(ValueError):
        allocate(5, [0, 0])
    with pytest.raises(ValueError):
        allocate(-1, [1])


@pytest.mark.parametrize(
    ("paid", "percent", "fee"),
    [
        (719_685, 30, 215_906),  # 215,905.5 kobo: half rounds up
        (5, 30, 2),  # 1.5
        (1, 30, 0),  # 0.3
        (3, 50, 2),  # 1.5
        (1_000_000, 30, 300_000),
        (0, 30, 0),
        (99, 0, 0),
        (99, 100, 99),
    ],
)
def test_the_fee_rounds_half_up_to_the_kobo(paid, percent, fee):
    assert platform_fee(paid, percent) == fee


# --- written with the payment ---------------------------------------------------------------------------------


def test_a_coupon_is_shared_across_three_lines_by_price_to_the_kobo(session):
    teacher_a, teacher_b = make_instructor(session), make_instructor(session)
    courses = [
        make_course(session, instructor=teacher_a, price_kobo=1_500_000),
        make_course(session, instructor=teacher_b, price_kobo=799_999),
        make_course(session, instructor=teacher_a, price_kobo=250_001),
    ]
    buyer = make_user(session)
    order = _order(session, buyer, courses, _coupon(session))
    # ₦25,500 subtotal; the rule's ₦10 and the code's 10% (₦2,550) come off the whole order.
    assert (order.subtotal_kobo, order.discount_kobo, order.coupon_discount_kobo) == (2_550_000, 1_000, 255_000)
    assert _entries(session, order) == []  # nothing is earned before the money arrives
    orders.confirm_payment(session, order=order, verification=_paid(order))
    session.commit()
    entries = _entries(session, order)
    got = [(e.course_id, e.instructor_id, e.list_price_kobo, e.paid_kobo, e.fee_kobo, e.net_kobo) for e in entries]
    # 256,000 kobo shared 150,588.24 / 80,313.60 / 25,098.16: the middle line has the largest remainder.
    assert got == [
        (courses[0].id, teacher_a.id, 1_500_000, 1_349_412, 404_824, 944_588),
        (courses[1].id, teacher_b.id, 799_999, 719_685, 215_906, 503_779),
        (courses[2].id, teacher_a.id, 250_001, 224_903, 67_471, 157_432),
    ]
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo  # what the learner paid, less tax
    assert all(e.fee_percent == settings.platform_fee_percent == 30 for e in entries)
    assert all(e.buyer_user_id == buyer.id and e.payout_id is None for e in entries)
    assert {e.created_at.astimezone(UTC) for e in entries} == {order.paid_at.astimezone(UTC)}


def test_a_fixed_amount_code_and_odd_kobo_still_add_up(session):
    courses = [make_course(session, price_kobo=p) for p in (100_001, 100_001, 100_001)]
    order = _order(session, make_user(session), courses, _coupon(session, "TAKE5", amount_off_kobo=50_000))
    orders.confirm_payment(session, order=order, verification=_paid(order))
    session.commit()
    entries = _entries(session, order)
    # 51,000 kobo off three equal lines: 17,000 each.
    assert [e.paid_kobo for e in entries] == [83_001, 83_001, 83_001]
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo == 249_003
    assert all(e.net_kobo == e.paid_kobo - e.fee_kobo for e in entries)


def test_an_order_without_a_code_shares_only_the_carts_discount_and_keeps_out_the_tax(session):
    courses = [make_course(session, price_kobo=p) for p in (1_000_000, 333)]
    order = _order(session, make_user(session), courses)
    assert order.tax_kobo > 0 and order.discount_kobo == 1_000
    orders.confirm_payment(session, order=order, verification=_paid(order))
    session.commit()
    entries = _entries(session, order)
    assert [e.paid_kobo for e in entries] == [999_000, 333]  # 999.67 and 0.33 kobo of the ₦10
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo


def test_a_code_that_covers_everything_writes_sales_worth_nothing(session):
    courses = [make_course(session, price_kobo=p) for p in (1_500_000, 250_001)]
    buyer = make_user(session)
    coupon = _coupon(session, "FREE100", percent_off=100)
    started = checkout.start_checkout(
        session,
        user=buyer,
        provider="sandbox",
        course_ids=[c.id for c in courses],
        total_amount=price_kobo((c.price_kobo for c in courses), coupon=coupon).total,
        coupon_code="FREE100",
        **BILLING,
    )
    session.commit()
    order = started.order
    assert (order.status, order.total_kobo) == ("paid", 0)
    entries = _entries(session, order)
    assert [(e.list_price_kobo, e.paid_kobo, e.fee_kobo, e.net_kobo) for e in entries] == [
        (1_500_000, 0, 0, 0),
        (250_001, 0, 0, 0),
    ]


def test_the_fee_percent_in_force_is_the_one_recorded(session, monkeypatch):
    monkeypatch.setattr(settings, "platform_fee_percent", 25)
    course = make_course(session, price_kobo=9_998)  # ₦99.98, not over ₦100: no cart discount
    order = _order(session, make_user(session), [course])
    orders.confirm_payment(session, order=order, verification=_paid(order))
    session.commit()
    (entry,) = _entries(session, order)
    assert (entry.paid_kobo, entry.fee_kobo, entry.net_kobo, entry.fee_percent) == (9_998, 2_500, 7_498, 25)


def test_unpaid_orders_and_free_lines_earn_nothing(session):
    buyer = make_user(session)
    failed = _order(session, buyer, [make_course(session)])
    orders.confirm_payment(session, order=failed, verification=_paid(failed, status="failed"))
    pending = _order(session, buyer, [make_course(session)])
    orders.confirm_payment(session, order=pending, verification=_paid(pending, status="pending"))
    free_line = make_course(session, price_kobo=0)
    paid = _order(session, buyer, [free_line, make_course(session, price_kobo=500_000)])
    orders.confirm_payment(session, order=paid, verification=_paid(paid))
    session.commit()
    assert _entries(session, failed) == [] and _entries(session, pending) == []
    assert [e.list_price_kobo for e in _entries(session, paid)] == [500_000]  # the free course's line writes nothing


def test_a_repeated_confirmation_writes_the_ledger_once(session):
    order = _order(session, make_user(session), [make_course(session), make_course(session)])
    orders.confirm_payment(session, order=order, verification=_paid(order))
    orders.confirm_payment(session, order=order, verification=_paid(order))  # the webhook after the return
    orders.confirm_payment(session, order=order, verification=_paid(order, transaction_id="556"))
    session.commit()
    assert len(_entries(session, order)) == 2
    # Even asked directly, the writer finds the lines done.
    assert earnings.record_order_earnings(session, order, orders.order_lines(session, order)) == 0
    session.commit()
    assert len(_entries(session, order)) == 2


def test_a_transfer_webhook_delivered_twice_and_the_return_write_once(session):
    buyer = make_user(session)
    courses = [make_course(session), make_course(session, price_kobo=250_001)]
    order = _start(session, buyer, courses)
    _press(order, "transfer")
    headers, body = sandbox.settle_transfer(order.tx_ref)
    assert webhook(session, headers, body).status == "paid"
    assert webhook(session, headers, body).status == "paid"  # the provider delivers it again
    params = _press(order, "card")  # and the learner's return arrives too
    checkout.handle_return(session, user=buyer, provider="sandbox", params=params)
    session.commit()
    entries = _entries(session, order)
    assert len(entries) == 2
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo


def test_the_same_payment_confirmed_twice_at_the_same_instant_writes_once(session, db_url):
    order = _order(session, make_user(session), [make_course(session), make_course(session, price_kobo=700_001)])
    assert confirm_twice_at_once(db_url, order) == []
    entries = _entries(session, order)
    assert len(entries) == 2
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo


def test_two_writers_racing_past_the_paid_check_still_write_each_line_once(session, db_url):
    """The unique line id is the last word: a writer that loses the race writes nothing and fails nothing.

    On PostgreSQL both writers read that nothing is written yet, then both insert: one waits on the other's
    lines, fails inside its savepoint, reads again and writes none. SQLite lets one writer in at a time, so there
    the second simply finds the lines written.
    """
    order = _order(session, make_user(session), [make_course(session), make_course(session)])
    session.exec(select(Order).where(Order.id == order.id)).one().status = "paid"
    session.commit()
    engine = get_engine(db_url)
    both_read = threading.Barrier(1 if engine.dialect.name == "sqlite" else 2)
    results = []

    class RacingSession(Session):
        waited = False

        def add_all(self, instances):  # after the writer read what is done, before it inserts
            if not self.waited:
                self.waited = True
                both_read.wait(timeout=10)
            super().add_all(instances)

    def write(_: int) -> None:
        with RacingSession(engine, expire_on_commit=False) as own:
            mine = own.get(Order, order.id)
            results.append(earnings.record_order_earnings(own, mine, orders.order_lines(own, mine)))
            own.commit()

    assert run_at_once(write, 2) == []
    assert sorted(results) == [0, 2]
    assert session.exec(select(func.count()).select_from(EarningEntry)).one() == 2
