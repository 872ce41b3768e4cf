"""A discount code in a real browser: refused with its reason, applied to the Order Details, paid with the sandbox,
and kept on the order at the discounted total."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Coupon
from marketplace.domain.pricing import CouponTerms, price_kobo
from marketplace.money import format_naira, to_kobo
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage
from tests.e2e.test_cart import cart_badge, demo_courses, new_learner, put_in_cart, toast, total_text
from tests.e2e.test_checkout import PAY_TIMEOUT, enrolled_ids, fill_billing, orders_of, proceed_to_sandbox


def redemptions(db_url: str, code: str) -> int:
    """How many paid orders used ``code``."""
    with Session(get_engine(db_url)) as session:
        return session.exec(select(Coupon.redemptions).where(Coupon.code == code)).one()


def test_apply_naija10_at_checkout_and_pay_the_discounted_total(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    (course,) = demo_courses(live_app.db_url, 1, skip=25)
    put_in_cart(live_app.db_url, learner, [course])
    # What the pricing module says the demo code NAIJA10 (10% off, no minimum) makes of this cart.
    expected = price_kobo([course.price_kobo], coupon=CouponTerms("NAIJA10", percent_off=10))
    new_total, coupon_off = format_naira(to_kobo(expected.total)), "-" + format_naira(to_kobo(expected.coupon_discount))
    used_before = redemptions(live_app.db_url, "NAIJA10")
    assert new_total != total_text([course])

    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/checkout")
    expect(page.get_by_test_id("total")).to_have_text(total_text([course]))
    code, apply = page.get_by_label("Coupon code"), page.get_by_role("button", name="Apply", exact=True)

    code.fill("NOPE2024")
    apply.click()
    expect(page.get_by_test_id("coupon-message")).to_have_text("This code is not valid.")
    expect(code).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("coupon-discount")).to_have_count(0)
    expect(page.get_by_test_id("total")).to_have_text(total_text([course]))

    code.fill("naija10")  # typed in lower case, as people do
    expect(page.get_by_test_id("coupon-message")).to_have_text("")  # the old refusal goes as the learner types
    code.press("Enter")
    expect(page.get_by_text("Coupon NAIJA10 applied")).to_be_visible()
    expect(page.get_by_test_id("coupon-discount")).to_have_text(coupon_off)
    expect(page.get_by_text("Coupon NAIJA10", exact=True)).to_be_visible()  # the Order Details line's label
    expect(page.get_by_test_id("total")).to_have_text(new_total)
    expect(page.get_by_test_id("tax")).to_have_text(format_naira(to_kobo(expected.tax)))

    # Remove gives the cart's total back; applying again brings the code back.
    page.get_by_role("button", name="Remove coupon NAIJA10").click()
    expect(page.get_by_test_id("total")).to_have_text(total_text([course]))
    expect(page.get_by_test_id("coupon-discount")).to_have_count(0)
    code.fill("NAIJA10")
    apply.click()
    expect(page.get_by_test_id("total")).to_have_text(new_total)
    fill_billing(page)
    screenshot(page, "checkout-coupon")

    proceed_to_sandbox(page)
    expect(page.get_by_text(new_total)).to_be_visible()  # the provider is asked for the discounted amount
    page.get_by_role("button", name="Pay by card").click()

    expect(toast(page, "Payment successful")).to_be_visible(timeout=PAY_TIMEOUT)
    expect(page).to_have_url(re.compile(r"/order1\?ref=NL-"))
    expect(page.get_by_test_id("order-total")).to_have_text(new_total)
    # The figures on the page add up to what was paid: subtotal, both discounts, tax.
    rows = page.get_by_test_id("order-summary").locator("div")
    expect(rows).to_have_text(
        [
            re.compile(r"^Subtotal" + re.escape(format_naira(to_kobo(expected.subtotal))) + "$"),
            re.compile(r"^Discount-" + re.escape(format_naira(to_kobo(expected.discount))) + "$"),
            re.compile(r"^Discount code NAIJA10" + re.escape(coupon_off) + "$"),
            re.compile(r"^Tax" + re.escape(format_naira(to_kobo(expected.tax))) + "$"),
        ]
    )
    expect(cart_badge(page)).to_have_count(0)
    screenshot(page, "order1-coupon")

    (order,) = orders_of(live_app.db_url, learner)
    assert (order.status, order.coupon_code) == ("paid", "NAIJA10")
    assert order.coupon_discount_kobo == to_kobo(expected.coupon_discount)
    assert order.total_kobo == to_kobo(expected.total)
    assert enrolled_ids(live_app.db_url, learner) == [course.id]
    assert redemptions(live_app.db_url, "NAIJA10") == used_before + 1

    # Back at checkout with an empty cart, the used code is gone from the page.
    page.goto("/checkout")
    expect(page.get_by_label("Coupon code")).to_have_value("")
    expect(page.get_by_test_id("coupon-discount")).to_have_count(0)
