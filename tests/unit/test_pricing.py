"""The one pricing rule: flat discount over the threshold, tax on the rest, total = subtotal - discount + tax."""

from decimal import Decimal

from marketplace.domain.pricing import PricingRule, Totals, price_cart, price_kobo

D = Decimal


def test_no_discount_at_or_below_threshold():
    totals = price_cart([D("60"), D("40")])  # subtotal exactly 100: not "over 100"
    assert totals == Totals(subtotal=D("100.00"), discount=D("0.00"), tax=D("10.00"), total=D("110.00"))


def test_discount_over_threshold_is_subtracted_not_added():
    totals = price_cart([D("15000")])
    assert totals.subtotal == D("15000.00")
    assert totals.discount == D("10.00")
    assert totals.tax == D("1499.00")  # 10% of 15000 - 10
    assert totals.total == D("16489.00")  # 15000 - 10 + 1499 (the old product said 16509)
    assert totals.total == totals.subtotal - totals.discount + totals.tax


def test_amounts_are_exact_to_the_kobo():
    totals = price_cart([D("0.10"), D("0.20"), D("100.03")])  # floats would give 100.33000000000001
    assert totals.subtotal == D("100.33")
    assert totals.tax == D("9.03")  # 9.033 rounds to 9.03
    assert totals.total == D("99.36")
    assert price_cart([D("100.05")]).tax == D("9.01")  # 9.005 rounds half up


def test_empty_cart_is_all_zero():
    assert price_cart([]) == Totals(D("0.00"), D("0.00"), D("0.00"), D("0.00"))


def test_rule_is_configurable_and_discount_never_exceeds_subtotal():
    rule = PricingRule(discount_threshold=D("0"), discount_amount=D("500"), tax_rate=D("0.075"))
    totals = price_cart([D("200")], rule)
    assert totals.discount == D("200.00")
    assert totals.total == D("0.00")
    totals = price_cart([D("1000")], rule)
    assert (totals.discount, totals.tax, totals.total) == (D("500.00"), D("37.50"), D("537.50"))


def test_kobo_prices_and_shapes_for_screens():
    totals = price_kobo([1_500_000, 50])  # 15000.00 + 0.50 naira
    assert totals.kobo == {
        "subtotal_kobo": 1_500_050,
        "discount_kobo": 1_000,
        "tax_kobo": 149_905,
        "total_kobo": 1_648_955,
    }
    shown = totals.shape()
    assert shown.total == D("16489.55")  # exact naira on the screen's side
    assert shown.total_text == "₦16,489.55"
    assert shown.discount_text == "₦10"
    wire = shown.model_dump(mode="json", by_alias=True)  # JSON numbers only on the wire
    assert (wire["total"], wire["totalText"], wire["couponDiscountText"]) == (16489.55, "₦16,489.55", "₦0")
