"""Buying: the server-side cart, orders with their lines, payment attempts, enrollments."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, text
from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class CartEntry(SQLModel, table=True):
    """A course in a learner's cart, or in their saved-for-later list when ``saved``."""

    __tablename__ = "cart_entries"
    __table_args__ = (UniqueConstraint("user_id", "course_id", name="uq_cart_user_course"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id", ondelete="CASCADE")
    saved: bool = Field(default=False)
    created_at: datetime = Field(default_factory=utcnow)


class Order(SQLModel, table=True):
    """An order priced by the server. Amounts are kobo."""

    __tablename__ = "orders"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    tx_ref: str = Field(max_length=64, unique=True, index=True)
    provider: str = Field(max_length=20)
    status: str = Field(default="pending", max_length=20)  # pending | paid | failed | cancelled
    currency: str = Field(default="NGN", max_length=3)
    subtotal_kobo: int
    discount_kobo: int
    tax_kobo: int
    total_kobo: int
    coupon_code: str | None = Field(default=None, max_length=40)
    coupon_discount_kobo: int = Field(default=0, ge=0)
    email: str = Field(max_length=254)
    country: str = Field(max_length=60)
    state: str = Field(max_length=60)
    created_at: datetime = Field(default_factory=utcnow)
    paid_at: datetime | None = None


class OrderLine(SQLModel, table=True):
    """One course of an order, with the title and price it was sold at."""

    __tablename__ = "order_lines"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id")
    title: str = Field(max_length=200)
    price_kobo: int


class PaymentAttempt(SQLModel, table=True):
    """What a provider told us about an order's payment, one row per provider transaction."""

    __tablename__ = "payment_attempts"
    # One row per provider transaction, even when the same webhook arrives twice at the same instant.
    __table_args__ = (
        Index(
            "uq_payment_attempt_order_transaction",
            "order_id",
            "provider_transaction_id",
            unique=True,
            sqlite_where=text("provider_transaction_id <> ''"),
            postgresql_where=text("provider_transaction_id <> ''"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True)
    provider: str = Field(max_length=20)
    tx_ref: str = Field(max_length=64, index=True)
    provider_transaction_id: str = Field(default="", max_length=100, index=True)
    amount_kobo: int = 0
    currency: str = Field(default="NGN", max_length=3)
    status: str = Field(default="pending", max_length=20)  # pending | paid | failed | cancelled
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Enrollment(SQLModel, table=True):
    """A learner's right to watch a course, with where they left off."""

    __tablename__ = "enrollments"
    __table_args__ = (UniqueConstraint("user_id", "course_id", name="uq_enrollment_user_course"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id", index=True)
    order_id: int | None = Field(default=None, foreign_key="orders.id")
    created_at: datetime = Field(default_factory=utcnow)
    last_section_id: int | None = Field(default=None, foreign_key="sections.id", ondelete="SET NULL")
    last_position_seconds: int = 0
    last_watched_at: datetime | None = None
    completed_at: datetime | None = None


class SectionProgress(SQLModel, table=True):
    """A section a learner has completed."""

    __tablename__ = "section_progress"
    __table_args__ = (UniqueConstraint("user_id", "section_id", name="uq_progress_user_section"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id", index=True)
    section_id: int = Field(foreign_key="sections.id", ondelete="CASCADE")
    completed_at: datetime = Field(default_factory=utcnow)


class Coupon(SQLModel, table=True):
    """A discount code a learner types at checkout: a percentage or a fixed amount (kobo), with limits."""

    __tablename__ = "coupons"

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=40, unique=True, index=True)  # stored upper-cased
    description: str = Field(default="", max_length=200)
    percent_off: int | None = Field(default=None, ge=1, le=100)
    amount_off_kobo: int | None = Field(default=None, ge=1)
    min_subtotal_kobo: int = Field(default=0, ge=0)
    max_redemptions: int | None = Field(default=None, ge=1)
    redemptions: int = Field(default=0, ge=0)
    active: bool = Field(default=True)
    starts_at: datetime | None = None
    expires_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
