"""The instructor studio's shapes: a course in the studio's list, a draft in the editor, and the changes it sends.

Rules (limits, statuses, publish checks) are in docs/product.md, "Instructor studio"; the checks themselves live in
marketplace.domain.studio, so the API and the Reflex editor refuse the same input with the same words.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from marketplace.shapes.base import Naira, Shape


class StudioCourseRow(Shape):
    """One of the instructor's courses in the studio's list (/studio)."""

    id: int
    title: str
    status: str  # draft | published | unpublished
    students: int = 0
    revenue: Naira = Decimal("0.00")  # the instructor's net share of every sale, from the earnings ledger
    revenue_text: str = ""  # ₦12,500
    rating: float = 0.0
    review_count: int = 0
    thumbnail: str = ""
    updated_at: str | None = None  # ISO 8601, UTC


class SectionDraft(Shape):
    """A lesson as the editor shows it, with the state of its uploaded video, if any."""

    id: int
    title: str
    position: int
    is_preview: bool = False
    video_url: str = ""  # a YouTube link (https://www.youtube.com/watch?v=ID), or "" when there is none
    video_upload_id: str | None = None  # the accepted uploaded video the lesson plays
    # The newest upload for the lesson, or the attached one: "" (none) | uploading | processing | ready | rejected
    video_status: str = ""
    video_error: str = ""  # why the newest upload was rejected
    duration_seconds: int = 0


class CourseDraft(Shape):
    """A course as the studio's editor shows it (any status), with what still stands in the way of publishing."""

    id: int
    title: str
    subtitle: str = ""
    description: str = ""
    learn: list[str] = Field(default_factory=list)
    requirements: list[str] = Field(default_factory=list)
    audience: list[str] = Field(default_factory=list)
    level: str = "Beginner"
    language: str = "English"
    category_ids: list[int] = Field(default_factory=list)
    price: Naira | None = None  # None until the instructor saves a price; 0 is free
    original_price: Naira | None = None
    thumbnail: str = ""  # the image's URL, or "" when none was uploaded
    status: str = "draft"
    sections: list[SectionDraft] = Field(default_factory=list)
    enrollment_count: int = 0
    publish_problems: list[str] = Field(default_factory=list)  # each missing piece, in words; empty: ready
    published_at: str | None = None
    updated_at: str | None = None


class CourseChanges(Shape):
    """A partial edit of a course: only the fields given change (``model_fields_set``).

    ``price: null`` clears a draft's price (not set yet); ``originalPrice: null`` removes the crossed-out price.
    """

    title: str | None = None
    subtitle: str | None = None
    description: str | None = None
    learn: list[str] | None = None
    requirements: list[str] | None = None
    audience: list[str] | None = None
    level: str | None = None
    language: str | None = None
    category_ids: list[int] | None = None
    price: Decimal | None = None  # naira, at most two decimals
    original_price: Decimal | None = None


class SectionChanges(Shape):
    """A partial edit of a lesson: only the fields given change."""

    title: str | None = None
    is_preview: bool | None = None
    video_url: str | None = None  # a YouTube link; "" removes it
    duration_seconds: int | None = Field(None, le=2_147_483_647)  # the domain says 0 to 86,400 in words
