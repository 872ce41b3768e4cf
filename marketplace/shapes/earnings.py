"""Earnings shapes: what /studio/earnings and /api/studio/earnings show an instructor (docs/product.md,
"Earnings and payouts"). Each amount comes as exact naira and as its text (``₦10,500``)."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from marketplace.shapes.base import Naira, Page, Shape

ZERO = Decimal("0.00")


class EarningsTotals(Shape):
    """What a period's sales came to: the learners paid ``paid``, the platform kept ``fee``, the instructor earns
    ``net``."""

    label: str = ""  # "November 2026", "All time"
    sales: int = 0
    paid: Naira = ZERO
    fee: Naira = ZERO
    net: Naira = ZERO
    paid_text: str = "₦0"
    fee_text: str = "₦0"
    net_text: str = "₦0"


class CourseEarnings(EarningsTotals):
    """One course's sales since it was first sold."""

    course_id: int = 0
    title: str = ""


class EarningsSummary(Shape):
    """The instructor's totals this month, last month and ever (months in Lagos time), what is still owed, and
    each course."""

    this_month: EarningsTotals = Field(default_factory=EarningsTotals)
    last_month: EarningsTotals = Field(default_factory=EarningsTotals)
    all_time: EarningsTotals = Field(default_factory=EarningsTotals)
    owed: Naira = ZERO
    owed_text: str = "₦0"
    owed_sales: int = 0  # how many sales the owed amount comes from
    fee_percent: int = 0  # the platform's share of new sales
    courses: list[CourseEarnings] = Field(default_factory=list)


class Sale(Shape):
    """One course sold: when, which course, to whom (first name only), and its split."""

    id: int = 0
    sold_at: str = ""  # ISO 8601, UTC
    date_text: str = ""  # 25 Nov 2026, 14:05 (Lagos time)
    course_id: int = 0
    course_title: str = ""
    learner: str = ""  # the buyer's first name: an instructor sees no more of a learner than that
    list_price: Naira = ZERO
    paid: Naira = ZERO
    fee: Naira = ZERO
    net: Naira = ZERO
    list_price_text: str = ""
    paid_text: str = ""
    fee_text: str = ""
    net_text: str = ""
    paid_out: bool = False


class SalesPage(Page[Sale]):
    """One page of an instructor's sales, newest first."""


class Bank(Shape):
    """A Nigerian bank payouts can go to, with its code (the one the providers' transfer APIs take)."""

    name: str
    code: str


class PayoutAccountIn(Shape):
    """Payout details as an instructor types them."""

    bank_name: str = Field("", max_length=100)
    account_number: str = Field("", max_length=40)
    account_name: str = Field("", max_length=200)


class PayoutAccountOut(Shape):
    """Saved payout details; the account number only by its last four digits."""

    bank_name: str = ""
    bank_code: str = ""
    account_number_masked: str = ""  # ******1234
    account_name: str = ""
    updated_text: str = ""


class PayoutDetails(Shape):
    """The instructor's payout details (None until saved) and the banks they may choose from."""

    account: PayoutAccountOut | None = None
    banks: list[Bank] = Field(default_factory=list)
