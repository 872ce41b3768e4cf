"""Discount codes: priced by the one pricing module (rule discount, then the code, then tax), and every refusal."""

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import Coupon
from marketplace.demo.coupons import load_demo_coupons
from marketplace.domain import coupons
from marketplace.domain.coupons import CouponRefused
from marketplace.domain.pricing import CouponTerms, PricingRule, Totals, price_cart, price_kobo

D = Decimal
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
NO_RULE = PricingRule(discount_threshold=D("1000000"), discount_amount=D("0"), tax_rate=D("0.10"))


def _coupon(session, code="NAIJA10", **fields) -> Coupon:
    values = {"percent_off": 10} | fields
    coupon = Coupon(code=code, **values)
    session.add(coupon)
    session.commit()
    return coupon


# --- pricing ---------------------------------------------------------------------------------------------------


def test_percent_code_comes_after_the_rule_discount_and_before_tax():
    totals = price_cart([D("15000")], coupon=CouponTerms("NAIJA10", percent_off=10))
    assert totals.subtotal == D("15000.00")
    assert totals.discount == D("10.00")  # the configured rule still applies
    assert totals.coupon_discount == D("1500.00")  # 10% of the subtotal
    assert totals.tax == D("1349.00")  # 10% of 15000 - 10 - 1500
    assert totals.total == D("14839.00")
    assert totals.total == totals.subtotal - totals.discount - totals.coupon_discount + totals.tax
    assert totals.coupon_code == "NAIJA10"


def test_percent_rounds_half_up_to_the_kobo():
    totals = price_cart([D("10.50")], NO_RULE, CouponTerms("THIRD", percent_off=33))
    assert totals.coupon_discount == D("3.47")  # 3.465: half up, where banker's rounding would say 3.46
    assert (totals.tax, totals.total) == (D("0.70"), D("7.73"))  # tax 0.703 on 7.03


def test_fixed_amount_code():
    totals = price_kobo([100_000], coupon=CouponTerms("LESS500", amount_off_kobo=50_000))  # ₦1,000, ₦500 off
    assert (totals.discount, totals.coupon_discount, totals.tax, totals.total) == (
        D("10.00"),
        D("500.00"),
        D("49.00"),
        D("539.00"),
    )


@pytest.mark.parametrize(
    "terms", [CouponTerms("ALL", percent_off=100), CouponTerms("HUGE", amount_off_kobo=10_000_000)], ids=str
)
def test_a_code_never_takes_the_total_below_zero(terms):
    totals = price_cart([D("200")], coupon=terms)
    assert totals.coupon_discount == D("190.00")  # what is left after the rule's ₦10
    assert (totals.tax, totals.total) == (D("0.00"), D("0.00"))


def test_without_a_code_nothing_changes():
    assert price_cart([D("15000")]) == Totals(D("15000.00"), D("10.00"), D("1499.00"), D("16489.00"))
    plain = price_cart([D("15000")])
    assert (plain.coupon_discount, plain.coupon_code) == (D("0.00"), "")
    assert plain.shape().coupon_discount_text == "₦0" and plain.shape().coupon_code == ""


def test_screens_get_the_coupon_line():
    shown = price_kobo([1_500_000], coupon=CouponTerms("NAIJA10", percent_off=10)).shape()
    assert (shown.coupon_code, shown.coupon_discount_text, shown.total_text) == ("NAIJA10", "₦1,500", "₦14,839")


# --- which codes apply -------------------------------------------------------------------------------------------


def test_a_code_is_found_whatever_its_case_and_priced(session):
    _coupon(session)
    totals = coupons.price_with_coupon(session, [1_500_000], "  naija10 ", NOW)
    assert totals == price_kobo([1_500_000], coupon=CouponTerms("NAIJA10", percent_off=10))
    assert coupons.price_with_coupon(session, [1_500_000], "", NOW) == price_kobo([1_500_000])
    assert coupons.price_with_coupon(session, [1_500_000], None, NOW) == price_kobo([1_500_000])
    with pytest.raises(CouponRefused, match=re.escape("Please enter a code.")):  # Apply with an empty field
        coupons.coupon_terms(session, "   ", 1_500_000, NOW)


@pytest.mark.parametrize(
    ("fields", "typed", "message"),
    [
        ({}, "NOPE", "This code is not valid."),
        ({}, "N" * 41, "This code is not valid."),
        ({"active": False}, "NAIJA10", "This code is not valid."),
        ({"percent_off": None}, "NAIJA10", "This code is not valid."),  # takes nothing off: misconfigured
        ({"starts_at": NOW + timedelta(minutes=1)}, "NAIJA10", "This code is not valid yet."),
        ({"expires_at": NOW - timedelta(seconds=1)}, "NAIJA10", "This code has expired."),
        ({"expires_at": NOW}, "NAIJA10", "This code has expired."),
        ({"max_redemptions": 3, "redemptions": 3}, "naija10", "This code has been used up."),
        ({"min_subtotal_kobo": 2_000_000}, "NAIJA10", "This code needs an order of at least ₦20,000."),
    ],
    ids=["unknown", "too-long", "inactive", "no-amount", "not-started", "expired", "expires-now", "used-up", "min"],
)
def test_every_refusal_says_why(session, fields, typed, message):
    _coupon(session, **fields)
    with pytest.raises(CouponRefused) as caught:
        coupons.price_with_coupon(session, [1_500_000], typed, NOW)
    assert caught.value.message == message
    assert (caught.value.field, caught.value.status) == ("couponCode", 400)


def test_the_limits_themselves_are_allowed(session):
    _coupon(
        session,
        starts_at=NOW,
        expires_at=NOW + timedelta(seconds=1),
        max_redemptions=3,
        redemptions=2,
        min_subtotal_kobo=1_500_000,
    )
    totals = coupons.price_with_coupon(session, [1_000_000, 500_000], "NAIJA10", NOW)  # subtotal exactly ₦15,000
    assert totals.coupon_discount == D("1500.00")


def test_a_redemption_is_counted_in_the_database(session):
    coupon = _coupon(session, max_redemptions=2)
    coupons.count_redemption(session, "naija10")
    coupons.count_redemption(session, None)  # an order without a code counts nothing
    session.commit()
    session.refresh(coupon)
    assert coupon.redemptions == 1


def test_demo_codes_one_working_one_expired_loaded_once(session):
    assert load_demo_coupons(session) is True
    session.commit()
    assert load_demo_coupons(session) is False
    assert sorted(session.exec(select(Coupon.code)).all()) == ["NAIJA10", "NEWYEAR25"]
    assert coupons.price_with_coupon(session, [1_500_000], "naija10").coupon_discount == D("1500.00")
    with pytest.raises(CouponRefused, match=re.escape("This code has expired.")):
        coupons.price_with_coupon(session, [1_500_000], "NEWYEAR25")


def test_demo_codes_are_not_added_beside_a_shops_own(session):
    _coupon(session, code="SHOP5", percent_off=5)
    assert load_demo_coupons(session) is False
    assert session.exec(select(Coupon.code)).all() == ["SHOP5"]
