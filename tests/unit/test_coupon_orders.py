"""Orders with a discount code: checked again by the server, kept on the order, counted once when paid, and an
order a code makes free completes at once through the same paid path."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, func, select

from marketplace.db.models import CartEntry, Coupon, Enrollment, Notification, Order, PaymentAttempt
from marketplace.domain import cart, checkout, coupons, orders
from marketplace.domain.errors import DomainError
from marketplace.domain.pricing import CouponTerms, price_kobo
from marketplace.payments.sandbox import provider as sandbox
from marketplace.settings import settings
from tests.factories import make_course, make_user
from tests.unit.test_orders import BILLING, _count, _outbox, _paid, webhook

TOTAL_CHANGED = "The total has changed. Please review your cart and try again."


def _coupon(session, code="NAIJA10", **fields) -> Coupon:
    coupon = Coupon(code=code, **({"percent_off": 10} | fields))
    session.add(coupon)
    session.commit()
    return coupon


def _with_code(courses, percent_off=10, code="NAIJA10"):
    """The total the checkout page shows with the code applied (the pricing module's)."""
    return price_kobo((c.price_kobo for c in courses), coupon=CouponTerms(code, percent_off=percent_off)).total


def _order(session, user, courses, code="naija10", total=None):
    return orders.create_order(
        session,
        user=user,
        course_ids=[c.id for c in courses],
        total_amount=_with_code(courses) if total is None else total,
        provider="sandbox",
        coupon_code=code,
        **BILLING,
    )


def _redemptions(session, code="NAIJA10") -> int:
    session.expire_all()
    return session.exec(select(Coupon.redemptions).where(Coupon.code == code)).one()


def test_the_code_and_its_discount_are_kept_on_the_order(session):
    _coupon(session)
    user, course = make_user(session), make_course(session, price_kobo=1_500_000)
    order = _order(session, user, [course])  # typed in lower case
    assert (order.coupon_code, order.coupon_discount_kobo) == ("NAIJA10", 150_000)
    assert (order.subtotal_kobo, order.discount_kobo, order.tax_kobo, order.total_kobo) == (
        1_500_000,
        1_000,
        134_900,
        1_483_900,
    )
    shown = orders.order_shape(session, order)
    assert (shown.coupon_code, shown.coupon_discount_text, shown.total_text) == ("NAIJA10", "₦1,500", "₦14,839")
    assert _redemptions(session) == 0  # applying and ordering is not using it: only payment counts
    plain = orders.create_order(
        session, user=user, course_ids=[course.id], total_amount="16489", provider="sandbox", **BILLING
    )
    assert (plain.coupon_code, plain.coupon_discount_kobo) == (None, 0)


@pytest.mark.parametrize(
    ("code", "total"),
    [
        ("NAIJA10", "16489"),  # the code sent, but the total without it
        (None, "14839"),  # the discounted total, but no code
        ("", "14839"),
        ("NAIJA10", "1"),  # a made-up total
    ],
    ids=["code-without-discount", "discount-without-code", "empty-code", "made-up"],
)
def test_a_total_that_disagrees_with_the_code_is_refused(session, code, total):
    _coupon(session)
    user, course = make_user(session), make_course(session, price_kobo=1_500_000)
    with pytest.raises(DomainError) as caught:
        _order(session, user, [course], code=code, total=total)
    assert caught.value.message == TOTAL_CHANGED
    assert _count(session, Order) == 0


def test_a_code_that_stopped_working_since_it_was_applied_is_refused(session):
    coupon = _coupon(session, max_redemptions=1)
    user, course = make_user(session), make_course(session)
    shown_total = _with_code([course])  # the learner applied it while it still worked
    coupon.expires_at = datetime.now(UTC) - timedelta(seconds=1)
    session.add(coupon)
    session.commit()
    with pytest.raises(DomainError, match=re.escape("This code has expired.")):
        _order(session, user, [course], total=shown_total)
    coupon.expires_at, coupon.redemptions = None, 1
    session.add(coupon)
    session.commit()
    with pytest.raises(DomainError, match=re.escape("This code has been used up.")):
        _order(session, user, [course], total=shown_total)
    with pytest.raises(DomainError, match=re.escape("This code is not valid.")):
        _order(session, user, [course], code="NAIJA11", total=shown_total)
    assert _count(session, Order) == 0


def test_a_duplicated_confirmation_counts_the_code_once(session):
    _coupon(session, max_redemptions=5)
    user, course = make_user(session), make_course(session)
    order = _order(session, user, [course])
    orders.confirm_payment(session, order=order, verification=_paid(order))
    assert order.status == "paid" and _redemptions(session) == 1
    orders.confirm_payment(session, order=order, verification=_paid(order))  # the webhook after the return
    orders.confirm_payment(session, order=order, verification=_paid(order, transaction_id="556"))
    assert _redemptions(session) == 1
    assert _count(session, Enrollment, user_id=user.id) == 1
    receipt = next(m for m in _outbox(session) if order.tx_ref in m)
    assert "Discount code NAIJA10: -₦1,500" in receipt and orders.order_shape(session, order).total_text in receipt


def test_the_code_is_counted_only_for_paid_orders(session):
    _coupon(session)
    user = make_user(session)
    failed = _order(session, user, [make_course(session)])
    orders.confirm_payment(session, order=failed, verification=_paid(failed, status="failed"))
    short = _order(session, user, [make_course(session)])
    orders.confirm_payment(session, order=short, verification=_paid(short, amount_kobo=short.total_kobo - 1))
    assert (failed.status, short.status) == ("failed", "failed")
    assert _redemptions(session) == 0


def test_a_payment_for_the_discounted_total_is_enough_through_the_sandbox(session):
    _coupon(session)
    user, course = make_user(session), make_course(session)
    started = checkout.start_checkout(
        session,
        user=user,
        provider="sandbox",
        course_ids=[course.id],
        total_amount=_with_code([course]),
        coupon_code="NAIJA10",
        **BILLING,
    )
    assert not started.paid and started.order.provider == "sandbox"
    sandbox.act(started.order.tx_ref, "transfer")  # the sandbox confirms a transfer through its webhook
    headers, body = sandbox.settle_transfer(started.order.tx_ref)
    assert webhook(session, headers, body).status == "paid"
    assert webhook(session, headers, body).status == "paid"
    attempt = session.exec(select(PaymentAttempt)).one()
    assert attempt.amount_kobo == started.order.total_kobo == 1_483_900
    assert _redemptions(session) == 1


def test_an_order_a_code_makes_free_is_paid_at_once_through_the_paid_path(session):
    _coupon(session, code="FREEDOM", percent_off=100, max_redemptions=1)
    user = make_user(session)
    bought, other = make_course(session), make_course(session)
    cart.add_to_cart(session, user_id=user.id, course_id=bought.id)
    cart.add_to_cart(session, user_id=user.id, course_id=other.id)
    started = checkout.start_checkout(
        session, user=user, provider="sandbox", course_ids=[bought.id], total_amount="0", coupon_code="freedom",
        **BILLING,
    )  # fmt: skip
    order = started.order
    assert started.paid and started.link == f"{settings.public_url}/order1?ref={order.tx_ref}"
    assert (order.status, order.provider, order.total_kobo, order.tax_kobo) == ("paid", "free", 0, 0)
    assert order.coupon_discount_kobo == order.subtotal_kobo - order.discount_kobo and order.paid_at is not None
    assert _count(session, PaymentAttempt) == 0  # no provider took part
    assert _count(session, Enrollment, user_id=user.id, course_id=bought.id) == 1
    assert session.exec(select(CartEntry.course_id).where(CartEntry.user_id == user.id)).all() == [other.id]
    note = session.exec(select(Notification.text).where(Notification.user_id == user.id)).one()
    assert note == f"Payment successful: {bought.title}"  # the course, not the NL- reference
    assert any(order.tx_ref in m and "Total: ₦0" in m for m in _outbox(session))
    assert _redemptions(session, "FREEDOM") == 1
    # A return naming the order changes nothing; the code is now used up for the next order.
    assert checkout.handle_return(session, user=user, params={"tx_ref": order.tx_ref}).status == "paid"
    with pytest.raises(DomainError, match=re.escape("This code has been used up.")):
        checkout.start_checkout(
            session, user=user, provider="sandbox", course_ids=[other.id], total_amount="0", coupon_code="FREEDOM",
            **BILLING,
        )  # fmt: skip


def test_every_paid_order_with_the_code_counts(session, db_url):
    from marketplace.db.engine import get_engine

    _coupon(session)
    user = make_user(session)
    first, second = (_order(session, user, [make_course(session)]) for _ in range(2))
    session.commit()
    for order in (first, second):  # each in its own transaction, as two webhooks would be
        with Session(get_engine(db_url), expire_on_commit=False) as own:
            orders.confirm_payment(own, order=own.get(Order, order.id), verification=_paid(order))
            own.commit()
    assert _redemptions(session) == 2
    assert session.exec(select(func.count()).select_from(Order).where(Order.status == "paid")).one() == 2
    assert coupons.find_coupon(session, "naija10").redemptions == 2
