"""Selling: uploaded media, the earnings ledger and where instructors get paid (docs/product.md, "Studio")."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from marketplace.db.models._base import utcnow


class MediaUpload(SQLModel, table=True):
    """A file an instructor uploaded: a lesson video (resumable, then probed) or a course thumbnail."""

    __tablename__ = "media_uploads"

    id: str = Field(primary_key=True, max_length=64)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    kind: str = Field(max_length=20)  # video | image
    # The lesson a video is for, while it uploads and is checked; the section points at it once it is accepted.
    # A plain number, not a foreign key: sections already point here, and a cycle would stop tables sorting.
    section_id: int | None = Field(default=None, index=True)
    filename: str = Field(default="", max_length=255)  # as the instructor's device named it, shown only to them
    content_type: str = Field(default="", max_length=100)  # found by probing the content, not from the name
    size_bytes: int = Field(default=0, ge=0)
    storage_key: str = Field(default="", max_length=300)  # where the media storage keeps it once accepted
    status: str = Field(default="uploading", max_length=20)  # uploading | processing | ready | rejected | deleted
    error: str = Field(default="", max_length=300)  # why it was rejected, in words for the instructor
    duration_seconds: int = Field(default=0, ge=0)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class EarningEntry(SQLModel, table=True):
    """One paid order line split into the instructor's share and the platform fee, in kobo; written with the payment."""

    __tablename__ = "earning_entries"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True)
    order_line_id: int = Field(foreign_key="order_lines.id", unique=True)  # a line is split once
    course_id: int = Field(foreign_key="courses.id", index=True)
    instructor_id: int = Field(foreign_key="instructors.id", index=True)
    buyer_user_id: int = Field(foreign_key="users.id")
    list_price_kobo: int = Field(ge=0)  # the line's price before the coupon
    paid_kobo: int = Field(ge=0)  # what the learner paid for this line after its share of the coupon
    fee_kobo: int = Field(ge=0)
    net_kobo: int = Field(ge=0)  # paid_kobo - fee_kobo: owed to the instructor
    fee_percent: int = Field(ge=0, le=100)  # the PLATFORM_FEE_PERCENT in force when it was sold
    created_at: datetime = Field(default_factory=utcnow, index=True)
    payout_id: int | None = Field(default=None, foreign_key="payouts.id", index=True)  # None: still owed


class PayoutAccount(SQLModel, table=True):
    """Where an instructor wants their earnings sent."""

    __tablename__ = "payout_accounts"

    id: int | None = Field(default=None, primary_key=True)
    instructor_id: int = Field(foreign_key="instructors.id", unique=True, ondelete="CASCADE")
    bank_name: str = Field(max_length=100)
    bank_code: str = Field(default="", max_length=20)
    account_number: str = Field(max_length=10)  # a NUBAN: ten digits
    account_name: str = Field(max_length=120)
    updated_at: datetime = Field(default_factory=utcnow)


class Payout(SQLModel, table=True):
    """Money sent (or to be sent) to an instructor; the seam for the providers' transfer APIs."""

    __tablename__ = "payouts"

    id: int | None = Field(default=None, primary_key=True)
    instructor_id: int = Field(foreign_key="instructors.id", index=True)
    amount_kobo: int = Field(ge=0)
    status: str = Field(default="pending", max_length=20)  # pending | sent | failed
    provider: str = Field(default="", max_length=20)
    reference: str = Field(default="", max_length=100)
    created_at: datetime = Field(default_factory=utcnow)
    sent_at: datetime | None = None
