"""Typed view models for the cart, checkout and order pages, built from the domain's plain dicts.

Also the checkout's fixed choices: the billing countries (Nigeria first) and Nigeria's 36 states and the FCT.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from marketplace.domain.catalog_shapes import thumbnail_url
from marketplace.domain.pricing import Totals
from marketplace.money import format_naira, to_kobo

NIGERIA = "Nigeria"
COUNTRIES: tuple[str, ...] = (
    NIGERIA,
    "Benin",
    "Cameroon",
    "Canada",
    "Côte d'Ivoire",
    "Egypt",
    "Ethiopia",
    "France",
    "Germany",
    "Ghana",
    "India",
    "Ireland",
    "Kenya",
    "Liberia",
    "Morocco",
    "Netherlands",
    "Niger",
    "Rwanda",
    "Senegal",
    "Sierra Leone",
    "South Africa",
    "Tanzania",
    "The Gambia",
    "Togo",
    "Uganda",
    "United Arab Emirates",
    "United Kingdom",
    "United States",
    "Zambia",
)
NIGERIAN_STATES: tuple[str, ...] = (
    "Abia",
    "Adamawa",
    "Akwa Ibom",
    "Anambra",
    "Bauchi",
    "Bayelsa",
    "Benue",
    "Borno",
    "Cross River",
    "Delta",
    "Ebonyi",
    "Edo",
    "Ekiti",
    "Enugu",
    "Federal Capital Territory",
    "Gombe",
    "Imo",
    "Jigawa",
    "Kaduna",
    "Kano",
    "Katsina",
    "Kebbi",
    "Kogi",
    "Kwara",
    "Lagos",
    "Nasarawa",
    "Niger",
    "Ogun",
    "Ondo",
    "Osun",
    "Oyo",
    "Plateau",
    "Rivers",
    "Sokoto",
    "Taraba",
    "Yobe",
    "Zamfara",
)


@dataclasses.dataclass
class CartItemView:
    """A course in the cart or on the Save for Later list."""

    id: int = 0
    title: str = ""
    price_text: str = ""
    image: str = ""
    instructor: str = ""
    rating_text: str = "0.0"
    lectures: int = 0
    level: str = ""


@dataclasses.dataclass
class TotalsView:
    """The Order Details lines, as display texts (naira). ``coupon_code`` is ``""`` when no code is applied."""

    subtotal_text: str = "₦0"
    discount_text: str = "₦0"
    tax_text: str = "₦0"
    total_text: str = "₦0"
    coupon_code: str = ""
    coupon_text: str = "₦0"


@dataclasses.dataclass
class OrderLineView:
    """One course of an order."""

    course_id: int = 0
    title: str = ""
    price_text: str = ""


@dataclasses.dataclass
class OrderView:
    """An order as the order pages show it."""

    ref: str = ""
    status: str = ""
    email: str = ""
    total_text: str = ""
    lines: list[OrderLineView] = dataclasses.field(default_factory=list)
    # Subtotal, discounts and tax: how the lines become the total (title = label, price_text = amount).
    summary: list[OrderLineView] = dataclasses.field(default_factory=list)


def item_price(item: Mapping[str, Any]) -> Decimal:
    """A cart item's naira price as an exact Decimal (0 when missing or unreadable)."""
    try:
        return Decimal(str(item.get("price", 0) or 0))
    except InvalidOperation:
        return Decimal(0)


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def cart_item_view(item: Mapping[str, Any]) -> CartItemView:
    """A view of a cart item in the spec's shape (``id, title, price, image, instructor, rating...``)."""
    try:
        rating = min(max(float(item.get("rating") or 0), 0.0), 5.0)
    except (TypeError, ValueError):
        rating = 0.0
    instructor = item.get("instructor") or ""
    if isinstance(instructor, Mapping):  # a course dict names its instructor as an object
        instructor = instructor.get("name") or ""
    return CartItemView(
        id=_int(item.get("id")),
        title=str(item.get("title") or ""),
        price_text=format_naira(to_kobo(item_price(item))),
        image=thumbnail_url(str(item.get("image") or "")),
        instructor=str(instructor),
        rating_text=f"{rating:.1f}",
        lectures=_int(item.get("lectures")),
        level=str(item.get("level") or ""),
    )


def totals_view(totals: Totals) -> TotalsView:
    """Display texts of a cart's totals (``₦16,500``)."""
    texts = totals.as_dict()
    return TotalsView(
        subtotal_text=str(texts["subtotalText"]),
        discount_text=str(texts["discountText"]),
        tax_text=str(texts["taxText"]),
        total_text=str(texts["totalText"]),
        coupon_code=str(texts["couponCode"]),
        coupon_text=str(texts["couponDiscountText"]),
    )


def order_view(order: Mapping[str, Any]) -> OrderView:
    """A view of :func:`marketplace.domain.orders.order_dict`."""
    return OrderView(
        ref=str(order.get("txRef") or ""),
        status=str(order.get("status") or ""),
        email=str(order.get("email") or ""),
        total_text=str(order.get("totalText") or ""),
        lines=[
            OrderLineView(
                course_id=_int(line.get("courseId")),
                title=str(line.get("title") or ""),
                price_text=str(line.get("priceText") or ""),
            )
            for line in order.get("lines") or []
        ],
        summary=[
            OrderLineView(title=str(row.get("label") or ""), price_text=str(row.get("amountText") or ""))
            for row in order.get("summary") or []
        ],
    )
