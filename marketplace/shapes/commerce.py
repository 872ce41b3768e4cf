"""Commerce shapes: a cart item, the cart with its totals, an order with its lines, a started payment.

Wire names follow docs/product.md (a Cart item is ``id, title, price, quantity, image, instructor, rating, lectures,
level``; the cart is ``items`` and ``savedForLater``; an order says ``txRef``, ``totalText``, ``lines``...).
Amounts are exact :data:`~marketplace.shapes.base.Naira`; the ``*_text`` fields are formatted once, by the
domain's builders, from whole kobo, so no screen formats or parses money.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field

from marketplace.shapes.base import Naira, Shape

ZERO = Decimal("0.00")


class CartItem(Shape):
    """A course in the cart or on the Save for Later list (quantity is always 1)."""

    id: int = 0
    title: str = ""
    price: Naira = ZERO
    price_text: str = ""  # NGN15,000
    quantity: int = 1
    image: str = ""  # resolved: an http(s) link, an app path, or the placeholder
    instructor: str = ""  # the instructor's name
    rating: float = 0.0
    rating_text: str = "0.0"
    lectures: int = 0
    level: str = ""


class CartTotals(Shape):
    """The Order Details lines of a cart: exact naira and their texts (``₦16,500``).

    ``coupon_code`` is ``""`` when no discount code is applied.
    """

    subtotal: Naira = ZERO
    discount: Naira = ZERO
    coupon_discount: Naira = ZERO
    tax: Naira = ZERO
    total: Naira = ZERO
    subtotal_text: str = "₦0"
    discount_text: str = "₦0"
    coupon_discount_text: str = "₦0"
    tax_text: str = "₦0"
    total_text: str = "₦0"
    coupon_code: str = ""


class Cart(Shape):
    """A learner's cart: the courses to buy, the saved ones, how many, and the totals of the cart's courses."""

    items: list[CartItem] = Field(default_factory=list)
    saved_for_later: list[CartItem] = Field(default_factory=list)
    count: int = 0
    totals: CartTotals = Field(default_factory=CartTotals)

    def course_ids(self) -> list[int]:
        """The ids of the courses in the cart (not the saved ones), in cart order."""
        return [item.id for item in self.items]


class CartReply(Cart):
    """The cart API's answer: the cart after the change, and what happened (absent on a plain read)."""

    message: str | None = None


class ReceiptRow(Shape):
    """One row of how an order's prices become its total: ``Subtotal``, ``Discount``, ``Tax``..."""

    label: str = ""
    amount_text: str = ""


class OrderLine(Shape):
    """One course of an order, at the price it was bought for."""

    course_id: int = 0
    title: str = ""
    price: Naira = ZERO
    price_text: str = ""


class Order(CartTotals):
    """An order as the API and the order pages show it: its amounts (as a cart's totals), receipt rows and lines."""

    tx_ref: str = ""
    status: str = ""
    provider: str = ""
    currency: str = "NGN"
    summary: list[ReceiptRow] = Field(default_factory=list)
    email: str = ""
    lines: list[OrderLine] = Field(default_factory=list)
    paid_at: str | None = None  # ISO 8601, as the API has always sent it


class CheckoutLink(Shape):
    """``data`` of a started payment: the provider's link (docs/product.md's Flutterwave-like answer)."""

    link: str = ""


class CheckoutStart(Shape):
    """A started payment: where the browser goes next, and the order's reference.

    For an order a discount code made free, ``status`` is ``paid`` and the link is its Order Complete page.
    """

    message: str = ""
    status: str = ""
    checkout_link: str = ""
    tx_ref: str = ""
    data: CheckoutLink = Field(default_factory=CheckoutLink)


class PaymentCheck(Shape):
    """The return page's check: what the provider's answer came to, and the order."""

    status: Literal["paid", "failed", "pending"] = "pending"
    order: Order = Field(default_factory=Order)


class WebhookReceipt(Shape):
    """The answer to a provider's webhook: received, and whether a job was queued for it."""

    status: Literal["ok"] = "ok"
    queued: bool = False
