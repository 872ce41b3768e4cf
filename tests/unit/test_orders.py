"""Orders: server pricing, paid once, enrolled once, and returns that prove nothing by themselves."""

import json
import re
import threading
from decimal import Decimal
from email import message_from_bytes
from email.policy import default
from urllib.parse import parse_qsl, urlparse

import pytest
from sqlmodel import Session, func, select

from marketplace.db.engine import get_engine
from marketplace.db.models import CartEntry, Enrollment, Instructor, Notification, Order, OrderLine, PaymentAttempt
from marketplace.domain import cart, checkout, delivery, orders
from marketplace.domain.errors import Conflict, DomainError, NotFound, Unauthorized
from marketplace.domain.pricing import price_kobo
from marketplace.jobs.worker import run_due
from marketplace.payments import Verification
from marketplace.payments.sandbox import provider as sandbox
from marketplace.settings import settings
from tests.concurrency import run_at_once
from tests.factories import enroll, make_course, make_user

BILLING = {"email": "ada@example.com", "country": "Nigeria", "state": "Lagos"}


def _order(session, user, courses, provider="sandbox"):
    total = price_kobo(c.price_kobo for c in courses).total
    return orders.create_order(
        session, user=user, course_ids=[c.id for c in courses], total_amount=total, provider=provider, **BILLING
    )


def _paid(order, **changes):
    values = {"status": "successful", "tx_ref": order.tx_ref, "amount_kobo": order.total_kobo, "currency": "NGN"}
    values["transaction_id"] = "555"
    values.update(changes)
    return Verification(**values)


def webhook(session, headers, body):
    """Deliver a webhook as the app does: accepted and queued in one transaction, processed by the job after."""
    assert checkout.receive_webhook(session, provider="sandbox", headers=headers, raw_body=body)
    session.commit()
    run_due(session.get_bind().url.render_as_string(hide_password=False))
    order = session.exec(select(Order).where(Order.tx_ref == json.loads(body)["data"]["tx_ref"])).one()
    session.refresh(order)
    return checkout.outcome_of(order)


def _outbox(session):
    """The mails written to the outbox folder, once the session's jobs ran (as the worker runs them after commit)."""
    session.commit()
    run_due(session.get_bind().url.render_as_string(hide_password=False))
    folder = settings.outbox_dir
    texts = []
    for path in folder.glob("*.eml") if folder.exists() else []:
        message = message_from_bytes(path.read_bytes(), policy=default)
        texts.append(f"{message['Subject']}\n{message.get_body(('plain',)).get_content()}")
    return texts


def _count(session, model, **where):
    query = select(func.count()).select_from(model)
    for name, value in where.items():
        query = query.where(getattr(model, name) == value)
    return session.exec(query).one()


def test_order_is_priced_from_the_database(session):
    user = make_user(session)
    a, b = make_course(session, price_kobo=1_500_000), make_course(session, price_kobo=500_050)
    # 15000 + 5000.50 = 20000.50; minus 10; tax 1999.05; the browser sends the number it showed.
    order = orders.create_order(
        session, user=user, course_ids=[a.id, str(b.id), a.id], total_amount=21989.55, provider="sandbox", **BILLING
    )
    assert (order.subtotal_kobo, order.discount_kobo, order.tax_kobo, order.total_kobo) == (
        2_000_050,
        1_000,
        199_905,
        2_198_955,
    )
    assert order.status == "pending" and order.tx_ref.startswith("NL-") and order.user_id == user.id
    lines = orders.order_lines(session, order)
    assert [(line.course_id, line.price_kobo) for line in lines] == [(a.id, 1_500_000), (b.id, 500_050)]
    shown = orders.order_shape(session, order).model_dump(mode="json", by_alias=True)
    assert shown["total"] == 21989.55 and shown["totalText"] == "₦21,989.55"
    assert orders.order_shape(session, order).total == Decimal("21989.55")  # exact until the wire
    # How the prices become the total, for the order page and the receipt.
    assert shown["summary"] == [
        {"label": "Subtotal", "amountText": "₦20,000.50"},
        {"label": "Discount", "amountText": "-₦10"},
        {"label": "Tax", "amountText": "₦1,999.05"},
    ]
    assert _order(session, user, [a]).tx_ref != order.tx_ref


def test_a_tampered_total_is_refused_and_nothing_is_created(session):
    user = make_user(session)
    course = make_course(session, price_kobo=1_500_000)
    for tampered in ("100", "16488.99", "16509", "not a number"):
        with pytest.raises(DomainError) as caught:
            orders.create_order(
                session, user=user, course_ids=[course.id], total_amount=tampered, provider="sandbox", **BILLING
            )
        assert caught.value.message == "The total has changed. Please review your cart and try again."
    assert _count(session, Order) == 0


def test_empty_unknown_owned_and_bad_billing_are_refused(session):
    user = make_user(session)
    course, owned = make_course(session), make_course(session)
    enroll(session, user, owned)
    with pytest.raises(DomainError, match=re.escape("Your cart is empty. Please add items before proceeding.")):
        _order(session, user, [])
    with pytest.raises(NotFound):
        orders.create_order(session, user=user, course_ids=[987654], total_amount=1, provider="sandbox", **BILLING)
    with pytest.raises(Conflict, match=re.escape(f"You already own {owned.title}")):
        _order(session, user, [course, owned])
    total = price_kobo([course.price_kobo]).total
    with pytest.raises(DomainError, match=re.escape("Please fill in your country, state, and email.")):
        orders.create_order(session, user=user, course_ids=[course.id], total_amount=total, provider="sandbox",
                            email="a@b.co", country="Nigeria", state=" ")  # fmt: skip
    with pytest.raises(DomainError, match=re.escape("Please enter a valid email address.")):
        orders.create_order(session, user=user, course_ids=[course.id], total_amount=total, provider="sandbox",
                            email="ada@nowhere", country="Nigeria", state="Lagos")  # fmt: skip


def test_confirmed_payment_enrolls_once_clears_cart_and_notifies(session):
    user = make_user(session)
    bought, other = make_course(session), make_course(session)
    cart.add_to_cart(session, user_id=user.id, course_id=bought.id)
    cart.add_to_cart(session, user_id=user.id, course_id=other.id)
    order = _order(session, user, [bought])
    orders.confirm_payment(session, order=order, verification=_paid(order))
    assert order.status == "paid" and order.paid_at is not None
    enrollment = session.exec(select(Enrollment).where(Enrollment.user_id == user.id)).one()
    assert (enrollment.course_id, enrollment.order_id) == (bought.id, order.id)
    assert [i.id for i in cart.get_cart(session, user_id=user.id).items] == [other.id]
    note = session.exec(select(Notification).where(Notification.user_id == user.id)).one()
    assert (note.kind, note.text) == ("payment", f"Payment successful: {bought.title}")  # the course, not NL-...
    assert note.link == f"/order1?ref={order.tx_ref}"  # the notification leads to the order itself
    assert session.get(Instructor, bought.instructor_id).students_count == 1
    attempt = session.exec(select(PaymentAttempt)).one()
    assert (attempt.status, attempt.provider_transaction_id, attempt.amount_kobo) == ("paid", "555", order.total_kobo)
    receipts = [m for m in _outbox(session) if order.tx_ref in m]
    assert len(receipts) == 1
    assert bought.title in receipts[0] and orders.order_shape(session, order).total_text in receipts[0]
    for row in orders.order_shape(session, order).summary:  # subtotal, discount, tax: the receipt adds up
        assert f"{row.label}: {row.amount_text}" in receipts[0]

    # The same confirmation again (a webhook after the return): nothing changes.
    orders.confirm_payment(session, order=order, verification=_paid(order))
    # Another transaction for the already-paid order: recorded, never enrolled twice.
    orders.confirm_payment(session, order=order, verification=_paid(order, transaction_id="556"))
    session.expire_all()
    assert _count(session, Enrollment, user_id=user.id) == 1
    assert _count(session, Notification, user_id=user.id) == 1
    assert session.get(Instructor, bought.instructor_id).students_count == 1
    assert _count(session, PaymentAttempt, order_id=order.id) == 2
    assert len([m for m in _outbox(session) if order.tx_ref in m]) == 1


@pytest.mark.parametrize(
    "changes",
    [
        {"status": "failed"},
        {"amount_kobo": 100},
        {"currency": "USD"},
        {"tx_ref": "NL-someone-elses"},
    ],
    ids=["failed", "wrong-amount", "wrong-currency", "other-reference"],
)
def test_a_verification_that_proves_nothing_fails_the_order(session, changes):
    user = make_user(session)
    order = _order(session, user, [make_course(session)])
    orders.confirm_payment(session, order=order, verification=_paid(order, **changes))
    assert order.status == "failed"
    assert _count(session, Enrollment) == 0


def test_overpayment_is_accepted_and_pending_changes_nothing(session):
    user = make_user(session)
    order = _order(session, user, [make_course(session)])
    orders.confirm_payment(session, order=order, verification=_paid(order, status="pending"))
    assert order.status == "pending"
    orders.confirm_payment(session, order=order, verification=_paid(order, amount_kobo=order.total_kobo + 1))
    assert order.status == "paid"
    assert orders.mark_failed(session, order=order).status == "paid"
    assert orders.mark_cancelled(session, order=order).status == "paid"


def test_lines_keep_the_sold_price(session):
    user = make_user(session)
    course = make_course(session, price_kobo=1_000_000)
    _order(session, user, [course])
    course.price_kobo = 2_000_000
    session.add(course)
    session.flush()
    assert session.exec(select(OrderLine.price_kobo)).one() == 1_000_000


# --- returns and webhooks, through the sandbox provider ------------------------------------------------------


def _start(session, user, courses):
    total = price_kobo(c.price_kobo for c in courses).total
    return checkout.start_checkout(
        session, user=user, provider="sandbox", course_ids=[c.id for c in courses], total_amount=total, **BILLING
    ).order


def _press(order, action):
    return dict(parse_qsl(urlparse(sandbox.act(order.tx_ref, action).redirect_url).query))


def test_card_return_is_verified_and_paid(session):
    user = make_user(session)
    order = _start(session, user, [make_course(session)])
    params = _press(order, "card")
    assert params["status"] == "successful" and params["tx_ref"] == order.tx_ref
    outcome = checkout.handle_return(session, user=user, provider="sandbox", params=params)
    assert (outcome.status, outcome.order.status) == ("paid", "paid")
    again = checkout.handle_return(session, user=user, provider="sandbox", params=params)
    assert again.status == "paid" and _count(session, Enrollment) == 1


def test_forged_returns_never_enroll(session):
    user, other = make_user(session), make_user(session)
    course = make_course(session)
    mine = _start(session, user, [course])
    theirs = _start(session, other, [course])
    their_params = _press(theirs, "card")
    checkout.handle_return(session, user=other, params=their_params)

    made_up = {"status": "successful", "tx_ref": mine.tx_ref, "transaction_id": "123456789012"}
    assert checkout.handle_return(session, user=user, params=made_up).status == "failed"
    borrowed = {"status": "successful", "tx_ref": mine.tx_ref, "transaction_id": their_params["transaction_id"]}
    assert checkout.handle_return(session, user=user, params=borrowed).status == "failed"
    with pytest.raises(NotFound):  # somebody else's order is not yours to settle
        checkout.handle_return(session, user=user, params=their_params)
    assert _count(session, Enrollment, user_id=user.id) == 0
    assert _count(session, Enrollment, user_id=other.id) == 1


def test_cancel_decline_and_pending_transfer(session):
    user = make_user(session)
    cancelled = _start(session, user, [make_course(session)])
    assert checkout.handle_return(session, user=user, params=_press(cancelled, "cancel")).status == "failed"
    assert cancelled.status == "cancelled"
    declined = _start(session, user, [make_course(session)])
    assert checkout.handle_return(session, user=user, params=_press(declined, "decline")).status == "failed"
    assert declined.status == "failed"
    transfer = _start(session, user, [make_course(session)])
    assert checkout.handle_return(session, user=user, params=_press(transfer, "transfer")).status == "pending"
    assert transfer.status == "pending" and _count(session, Enrollment) == 0


def test_sandbox_webhook_confirms_a_transfer_once(session):
    user = make_user(session)
    course = make_course(session)
    order = _start(session, user, [course])
    _press(order, "transfer")
    headers, body = sandbox.settle_transfer(order.tx_ref)
    with pytest.raises(Unauthorized):
        checkout.receive_webhook(session, provider="sandbox", headers={"verif-hash": "guess"}, raw_body=body)
    assert order.status == "pending"
    assert webhook(session, headers, body).status == "paid"
    assert webhook(session, headers, body).status == "paid"
    assert _count(session, Enrollment, user_id=user.id) == 1
    assert _count(session, CartEntry) == 0


def test_a_cancelled_return_racing_a_confirmed_payment_never_unpays_the_order(session):
    user, course = make_user(session), make_course(session)
    order = _order(session, user, [course])
    session.commit()
    stale = session.get(Order, order.id)  # the return's view of the order: still pending
    assert stale.status == "pending"
    with Session(session.get_bind(), expire_on_commit=False) as webhook:  # meanwhile the webhook confirms it
        orders.confirm_payment(webhook, order=webhook.get(Order, order.id), verification=_paid(order))
        webhook.commit()
    orders.confirm_payment(session, order=stale, verification=_paid(order, status="cancelled", transaction_id="556"))
    session.commit()
    session.expire_all()
    assert session.get(Order, order.id).status == "paid"
    assert session.exec(select(func.count(Enrollment.id)).where(Enrollment.user_id == user.id)).one() == 1


def test_the_configured_pricing_rule_is_what_the_screens_show_and_the_server_charges(session, monkeypatch):
    from decimal import Decimal

    from marketplace.domain.pricing import price_cart

    monkeypatch.setattr(settings, "discount_threshold", Decimal("1000"))
    monkeypatch.setattr(settings, "discount_amount", Decimal("250"))
    monkeypatch.setattr(settings, "tax_rate", Decimal("0.075"))
    user, course = make_user(session), make_course(session, price_kobo=1_500_000)  # NGN15,000
    shown = price_cart([Decimal("15000")])  # what the cart and checkout pages compute
    assert (shown.discount, shown.tax, shown.total) == (Decimal("250.00"), Decimal("1106.25"), Decimal("15856.25"))
    with pytest.raises(DomainError):  # the default rule's total is not this installation's price
        orders.create_order(
            session, user=user, course_ids=[course.id], total_amount=Decimal("16489"), provider="sandbox", **BILLING
        )
    order = orders.create_order(
        session, user=user, course_ids=[course.id], total_amount=shown.total, provider="sandbox", **BILLING
    )
    assert order.total_kobo == 1_585_625


def confirm_twice_at_once(db_url: str, order: Order) -> list[Exception]:
    """The same paid confirmation of ``order`` from two sessions at the same instant; what they raised."""
    start = threading.Barrier(2)

    def confirm(_: int) -> None:  # a webhook delivered twice, or a webhook and the browser's return
        with Session(get_engine(db_url), expire_on_commit=False) as own:
            start.wait(timeout=5)
            orders.confirm_payment(own, order=own.get(Order, order.id), verification=_paid(order))
            own.commit()

    return run_at_once(confirm, 2)


def test_the_same_confirmation_twice_at_the_same_instant_records_and_enrolls_once(session, db_url):
    user, course = make_user(session), make_course(session)
    order = _order(session, user, [course])
    session.commit()
    assert confirm_twice_at_once(db_url, order) == []
    session.expire_all()
    attempts = session.exec(select(PaymentAttempt).where(PaymentAttempt.order_id == order.id)).all()
    assert [(a.provider_transaction_id, a.status) for a in attempts] == [("555", "paid")]
    assert session.exec(select(func.count(Enrollment.id)).where(Enrollment.user_id == user.id)).one() == 1
    assert session.get(Order, order.id).status == "paid"


def test_a_payment_note_names_the_courses_and_counts_past_two():
    assert delivery.payment_note(["Python"]) == "Payment successful: Python"
    assert delivery.payment_note(["Python", "Excel"]) == "Payment successful for 2 courses: Python, Excel"
    assert delivery.payment_note(["Python", "Excel", "Design", "Sales"]) == (
        "Payment successful for 4 courses: Python, Excel and 2 more"
    )
    long = delivery.payment_note(["x" * 400, "y" * 400, "z"])
    assert len(long) <= 300 and long.endswith("and 1 more")
