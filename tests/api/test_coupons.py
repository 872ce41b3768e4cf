"""POST /api/{provider}/initiate with a discount code: re-checked and re-priced by the server, kept on the order."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from urllib.parse import urlparse

from sqlmodel import func, select

from marketplace.db.models import Coupon, Enrollment, Order
from marketplace.domain.pricing import CouponTerms, price_kobo
from marketplace.settings import settings
from tests.api.test_payments import BILLING, _auth, _press, _verify
from tests.factories import make_course


def _code(session, code="NAIJA10", percent_off=10, **fields):
    session.add(Coupon(code=code, percent_off=percent_off, **fields))
    session.commit()


def _initiate(client, headers, course, total, coupon_code):
    body = {"courses": [course.id], "totalAmount": str(total), "couponCode": coupon_code, **BILLING}
    return client.post("/api/sandbox/initiate", json=body, headers=headers)


def _orders(session):
    session.expire_all()
    return session.exec(select(Order)).all()


def test_initiate_with_a_code_charges_the_discounted_total(api_client, session):
    _code(session)
    user, headers = _auth(session)
    course = make_course(session, price_kobo=1_500_000)
    total = price_kobo([course.price_kobo], coupon=CouponTerms("NAIJA10", percent_off=10)).total
    assert total == Decimal("14839.00")  # ₦15,000 - ₦10 - ₦1,500 + ₦1,349 tax

    started = _initiate(api_client, headers, course, total, "naija10")
    assert started.status_code == 200, started.text
    body = started.json()
    assert (body["message"], body["status"]) == ("Payment initiated", "pending")
    (order,) = _orders(session)
    assert (order.coupon_code, order.coupon_discount_kobo, order.total_kobo) == ("NAIJA10", 150_000, 1_483_900)
    page = api_client.get(urlparse(body["checkoutLink"]).path)
    assert "₦14,839" in page.text  # the provider is asked for the discounted amount

    params = _press(api_client, body["checkoutLink"], "card")
    paid = _verify(api_client, headers, params).json()
    assert paid["status"] == "paid"
    assert (paid["order"]["couponCode"], paid["order"]["couponDiscountText"]) == ("NAIJA10", "₦1,500")
    assert paid["order"]["totalText"] == "₦14,839"
    assert _verify(api_client, headers, params).json()["status"] == "paid"  # the return again
    session.expire_all()
    assert session.exec(select(Coupon.redemptions)).one() == 1
    assert session.exec(select(func.count()).select_from(Enrollment).where(Enrollment.user_id == user.id)).one() == 1


def test_initiate_refuses_a_bad_code_or_a_total_that_ignores_it(api_client, session):
    _code(session)
    _code(session, code="OLD", expires_at=datetime.now(UTC) - timedelta(days=1))
    _, headers = _auth(session)
    course = make_course(session, price_kobo=1_500_000)
    with_code = price_kobo([course.price_kobo], coupon=CouponTerms("NAIJA10", percent_off=10)).total
    without = price_kobo([course.price_kobo]).total

    for code, message in (("NOPE", "This code is not valid."), ("old", "This code has expired.")):
        refused = _initiate(api_client, headers, course, with_code, code)
        assert (refused.status_code, refused.json()) == (400, {"message": message, "field": "couponCode"})
    for code, total in (("NAIJA10", without), (None, with_code), ("NAIJA10", "1")):
        refused = _initiate(api_client, headers, course, total, code)
        assert refused.status_code == 400
        assert refused.json()["message"] == "The total has changed. Please review your cart and try again."
    assert _orders(session) == []
    assert _initiate(api_client, headers, course, without, "").status_code == 200  # an empty code is no code


def test_a_code_that_makes_the_order_free_completes_it_without_the_provider(api_client, session):
    _code(session, code="SCHOLAR", percent_off=100)
    user, headers = _auth(session)
    course = make_course(session)
    started = _initiate(api_client, headers, course, 0, "scholar")
    assert started.status_code == 200, started.text
    body = started.json()
    (order,) = _orders(session)
    assert (body["status"], body["message"], body["txRef"]) == ("paid", "Order complete", order.tx_ref)
    assert body["checkoutLink"] == f"{settings.public_url}/order1?ref={order.tx_ref}"
    assert (order.status, order.provider, order.total_kobo) == ("paid", "free", 0)
    assert api_client.get(f"/api/orders/{order.tx_ref}", headers=headers).json()["status"] == "paid"
    assert session.exec(select(func.count()).select_from(Enrollment).where(Enrollment.user_id == user.id)).one() == 1
