"""Cart totals, in one place: the cart page, the checkout page and the server all price with this module.

The rule (configurable in settings): a flat ``discount_amount`` off when the subtotal is over
``discount_threshold``; then, when the learner applied a discount code, the coupon (a percentage of the
subtotal, or a fixed amount); then ``tax_rate`` of what remains. The total is
subtotal - discount - coupon discount + tax (the old product added the discount, charging people more for the
"discount"). Everything is Decimal naira quantized to the kobo; no float ever touches an amount.
Whether a code may be used at all is :mod:`marketplace.domain.coupons`' business; this module only prices it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from marketplace.money import CENT, format_naira, to_kobo, to_naira
from marketplace.settings import settings
from marketplace.shapes.commerce import CartTotals

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class PricingRule:
    """The discount and tax rule. Defaults come from settings."""

    discount_threshold: Decimal
    discount_amount: Decimal
    tax_rate: Decimal

    @classmethod
    def from_settings(cls) -> PricingRule:
        """The rule configured for this installation."""
        return cls(settings.discount_threshold, settings.discount_amount, settings.tax_rate)


@dataclass(frozen=True)
class CouponTerms:
    """What an accepted discount code takes off: ``percent_off`` of the subtotal, else ``amount_off_kobo``."""

    code: str
    percent_off: int | None = None
    amount_off_kobo: int | None = None


@dataclass(frozen=True)
class Totals:
    """Exact naira totals of a cart or an order. ``coupon_code`` is ``""`` when no code was applied."""

    subtotal: Decimal
    discount: Decimal
    tax: Decimal
    total: Decimal
    coupon_discount: Decimal = ZERO
    coupon_code: str = ""

    @property
    def kobo(self) -> dict[str, int]:
        """The same totals in whole kobo, as stored on an order."""
        return {
            "subtotal_kobo": to_kobo(self.subtotal),
            "discount_kobo": to_kobo(self.discount),
            "tax_kobo": to_kobo(self.tax),
            "total_kobo": to_kobo(self.total),
        }

    def shape(self) -> CartTotals:
        """The totals as the screens and the API show them: exact naira and their texts (``₦16,500``)."""
        kobo = {
            "subtotal": to_kobo(self.subtotal),
            "discount": to_kobo(self.discount),
            "coupon_discount": to_kobo(self.coupon_discount),
            "tax": to_kobo(self.tax),
            "total": to_kobo(self.total),
        }
        texts = {f"{name}_text": format_naira(value) for name, value in kobo.items()}
        amounts = {name: to_naira(value) for name, value in kobo.items()}
        return CartTotals.model_validate({**amounts, **texts, "coupon_code": self.coupon_code})


def _quantize(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _coupon_discount(coupon: CouponTerms, subtotal: Decimal, left: Decimal) -> Decimal:
    """What the coupon takes off: a percentage of the subtotal (half up to the kobo) or its fixed amount.

    Capped at what is ``left`` after the rule's discount, so a code never takes the total below zero.
    """
    if coupon.percent_off is not None:
        off = _quantize(subtotal * Decimal(coupon.percent_off) / 100)
    else:
        off = to_naira(coupon.amount_off_kobo or 0)
    return min(off, left)


def price_cart(
    prices: Iterable[Decimal | int | str], rule: PricingRule | None = None, coupon: CouponTerms | None = None
) -> Totals:
    """Price a cart from its items' naira prices (quantity is always 1).

    Args:
        prices: Each course's price in naira (Decimal, or an int/str that Decimal reads exactly).
        rule: The discount and tax rule; the configured one when omitted.
        coupon: An accepted discount code's terms (see :func:`marketplace.domain.coupons.coupon_terms`), or None.

    Returns:
        Subtotal, discount, coupon discount, tax and total, each quantized to the kobo (half up).
    """
    rule = rule or PricingRule.from_settings()
    subtotal = _quantize(sum((Decimal(str(p)) for p in prices), ZERO))
    discount = _quantize(rule.discount_amount) if subtotal > rule.discount_threshold else ZERO
    discount = min(discount, subtotal)  # a configured discount never makes the total negative
    # The rule's discount first (it depends only on the subtotal), then the code on what is left; tax is
    # charged on what the learner actually pays for, so a code lowers the tax too.
    coupon_discount = _coupon_discount(coupon, subtotal, subtotal - discount) if coupon else ZERO
    tax = _quantize(rule.tax_rate * (subtotal - discount - coupon_discount))
    return Totals(
        subtotal=subtotal,
        discount=discount,
        tax=tax,
        total=subtotal - discount - coupon_discount + tax,
        coupon_discount=coupon_discount,
        coupon_code=coupon.code if coupon else "",
    )


def price_kobo(
    prices_kobo: Iterable[int], rule: PricingRule | None = None, coupon: CouponTerms | None = None
) -> Totals:
    """Like :func:`price_cart` for prices stored as whole kobo (the database's unit)."""
    return price_cart((to_naira(k) for k in prices_kobo), rule, coupon)
