"""Order history shapes: each order as /orders lists it, and its printable receipt."""

from __future__ import annotations

from marketplace.shapes.base import Page
from marketplace.shapes.commerce import Order

STATUS_LABELS = {"paid": "Paid", "pending": "Awaiting payment", "failed": "Payment failed", "cancelled": "Cancelled"}
STATUS_TONES = {"paid": "green", "pending": "amber", "failed": "red", "cancelled": "gray"}


class OrderHistoryItem(Order):
    """An order with when it was placed and its status in words."""

    created_text: str = ""  # 24 Nov 2026
    paid_text: str = ""
    status_label: str = ""
    status_tone: str = "gray"
    receipt_url: str = ""  # the printable receipt page


class OrderHistoryPage(Page[OrderHistoryItem]):
    """One page of a learner's orders, newest first."""
