"""Naira amounts: kept as whole kobo in the database, Decimal naira in the business, text on screen."""

from __future__ import annotations

from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal

KOBO = Decimal(100)
CENT = Decimal("0.01")


def to_naira(kobo: int) -> Decimal:
    """Whole kobo to exact naira (two decimal places)."""
    return (Decimal(kobo) / KOBO).quantize(CENT)


def to_kobo(naira: Decimal | int | str) -> int:
    """Exact naira to whole kobo, rounding half up at the kobo."""
    return int((Decimal(str(naira)) * KOBO).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def paid_kobo(naira: Decimal | int | str) -> int:
    """A provider's paid naira amount as whole kobo, rounded down: a fraction of a kobo short is short."""
    return int((Decimal(str(naira)) * KOBO).to_integral_value(rounding=ROUND_FLOOR))


def naira_number(kobo: int) -> int | float:
    """The JSON number for an amount: an int for whole naira, else two decimals."""
    value = to_naira(kobo)
    return int(value) if value == value.to_integral_value() else float(value)


def format_ngn(kobo: int, prefix: str = "NGN") -> str:
    """``NGN15,000`` (or ``NGN15,000.50``): thousands separators, kobo only when there are some."""
    value = to_naira(kobo)
    text = f"{value:,.0f}" if value == value.to_integral_value() else f"{value:,.2f}"
    return f"{prefix}{text}"


def format_naira(kobo: int) -> str:
    """``₦15,000``: the naira sign, for totals and summaries."""
    return format_ngn(kobo, prefix="₦")
