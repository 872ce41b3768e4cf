"""Cart totals, in one place: the cart page, the checkout page and the server all price with this module.

The rule (configurable in settings): a flat ``discount_amount`` off when the subtotal is over
``discount_threshold``, then ``tax_rate`` of what remains. The total is subtotal - discount + tax
(the old product added the discount, charging people more for the "discount").
Everything is Decimal naira quantized to the kobo; no float ever touches an amount.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from marketplace.domain.money import CENT, format_naira, naira_number, to_kobo, to_naira
from marketplace.settings import settings

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
class Totals:
    """Exact naira totals of a cart or an order."""

    subtotal: Decimal
    discount: Decimal
    tax: Decimal
    total: Decimal

    @property
    def kobo(self) -> dict[str, int]:
        """The same totals in whole kobo, as stored on an order."""
        return {
            "subtotal_kobo": to_kobo(self.subtotal),
            "discount_kobo": to_kobo(self.discount),
            "tax_kobo": to_kobo(self.tax),
            "total_kobo": to_kobo(self.total),
        }

    def as_dict(self) -> dict[str, int | float | str]:
        """JSON-friendly numbers (naira) and their display texts, e.g. ``totalText: "₦16,500"``."""
        out: dict[str, int | float | str] = {}
        for name, kobo in (
            ("subtotal", to_kobo(self.subtotal)),
            ("discount", to_kobo(self.discount)),
            ("tax", to_kobo(self.tax)),
            ("total", to_kobo(self.total)),
        ):
            out[name] = naira_number(kobo)
            out[f"{name}Text"] = format_naira(kobo)
        return out


def _quantize(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def price_cart(prices: Iterable[Decimal | int | str], rule: PricingRule | None = None) -> Totals:
    """Price a cart from its items' naira prices (quantity is always 1).

    Args:
        prices: Each course's price in naira (Decimal, or an int/str that Decimal reads exactly).
        rule: The discount and tax rule; the configured one when omitted.

    Returns:
        Subtotal, discount, tax and total, each quantized to the kobo (tax rounds half up).
    """
    rule = rule or PricingRule.from_settings()
    subtotal = _quantize(sum((Decimal(str(p)) for p in prices), ZERO))
    discount = _quantize(rule.discount_amount) if subtotal > rule.discount_threshold else ZERO
    discount = min(discount, subtotal)  # a configured discount never makes the total negative
    tax = _quantize(rule.tax_rate * (subtotal - discount))
    return Totals(subtotal=subtotal, discount=discount, tax=tax, total=subtotal - discount + tax)


def price_kobo(prices_kobo: Iterable[int], rule: PricingRule | None = None) -> Totals:
    """Like :func:`price_cart` for prices stored as whole kobo (the database's unit)."""
    return price_cart((to_naira(k) for k in prices_kobo), rule)
