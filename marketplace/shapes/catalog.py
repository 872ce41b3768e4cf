"""Catalog shapes: a course as a card, the teacher named on it, and an instructor (mentor) as a card.

Wire names follow docs/product.md (``_id``, ``discountedPrice``, ``reviewCount``...). The snake_case attributes
are what components read (``card.price_text``); the ``*_text`` fields are formatted once, here in the domain's
builders, from exact kobo, so a screen never formats or parses money.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field, computed_field

from marketplace.shapes.base import Naira, Shape


class WithUnderscoreId(Shape):
    """``id`` in Python, sent as both ``id`` and ``_id``: the product's records name themselves ``_id``."""

    id: int = 0

    @computed_field(alias="_id")  # type: ignore[prop-decorator]
    @property
    def underscore_id(self) -> int:
        """The same id under the product's ``_id`` name."""
        return self.id


class TeacherRef(WithUnderscoreId):
    """The instructor named on a course card: ``{id, _id, name}``."""

    name: str = ""


class CourseCard(WithUnderscoreId):
    """A course as every list shows it (listing, home, related, search page, a mentor's courses)."""

    title: str = ""
    description: str = ""
    thumbnail: str = ""  # resolved: an http(s) link, an app path, or the placeholder
    price: Naira = Decimal(0)
    discounted_price: Naira = Decimal(0)
    original_price: Naira = Decimal(0)
    discount_percentage: int = 0
    price_text: str = ""  # NGN15,000
    original_price_text: str = ""  # "" unless discounted
    rating: float = 0.0  # 0-5, one decimal
    rating_text: str = "0.0"
    review_count: int = 0
    lectures: int = 0
    level: str = ""
    hours: int = 0
    instructor: TeacherRef = Field(default_factory=TeacherRef)
    categories: list[str] = Field(default_factory=list)
    category: str = ""  # the first category's name
    category_slugs: list[str] = Field(default_factory=list)
    enrolled: bool = False  # the viewer owns it (set per viewer, never cached across users)


class InstructorCard(WithUnderscoreId):
    """An instructor (mentor) as the teacher and mentor lists show them."""

    user_id: int = 0
    first_name: str = ""
    last_name: str = ""
    name: str = ""
    role: str = "Teacher"
    title: str = ""
    profession: str = ""
    headline: str = ""
    picture: str = ""  # "" when none; the component draws the placeholder avatar
    rating: float = Field(default=0.0, alias="avgRating")
    rating_text: str = "0.0"
    review_count: int = Field(default=0, alias="totalReviews")
    students: int = Field(default=0, alias="studentsCount")
    course_count: int = 0
    mine: bool = False  # the viewer is this instructor
