"""What every shape shares: the camelCase wire names, exact naira, and one page of a list."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer
from pydantic.alias_generators import to_camel

from marketplace.money import to_naira

T = TypeVar("T")


def _json_number(value: Decimal) -> int | float:
    """A naira amount as a JSON number: an int for whole naira, else two decimals (JSON has no decimal type)."""
    return int(value) if value == value.to_integral_value() else float(value)


# Exact naira in Python (kobo / 100, two places); a JSON number only when the API writes it out.
Naira = Annotated[Decimal, PlainSerializer(_json_number, return_type=int | float, when_used="json")]


def naira(kobo: int) -> Decimal:
    """Whole kobo from the database as exact :data:`Naira`."""
    return to_naira(kobo)


class Shape(BaseModel):
    """Base of every shape: snake_case in Python, camelCase on the wire (``review_count`` -> ``reviewCount``).

    ``model_dump()`` (what Reflex sends to the browser) keeps the Python names, so components read
    ``card.price_text``; FastAPI's ``response_model`` writes the aliases. A field whose wire name is not plain
    camelCase (``_id``) sets its own ``alias``.
    """

    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        from_attributes=True,
    )


def page_count(total: int, per_page: int) -> int:
    """How many pages ``total`` rows fill at ``per_page`` a page; an empty list still has page 1."""
    return max(1, -(-max(total, 0) // max(per_page, 1)))


def clamp_page(page: int, pages: int) -> int:
    """A requested page number brought into 1..pages."""
    return min(max(int(page), 1), max(pages, 1))


class Page(Shape, Generic[T]):
    """One page of a list: the rows and where they sit in the whole (``data``, ``total``, ``page``, ``pages``)."""

    data: list[T] = Field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    per_page: int = 0

    @classmethod
    def of(cls, data: list[T], *, total: int, page: int, per_page: int) -> Self:
        """A page of ``data`` with its page count worked out once, here."""
        return cls(data=data, total=total, page=page, pages=page_count(total, per_page), per_page=per_page)

    @staticmethod
    def offset(page: int, per_page: int) -> int:
        """The first row of ``page`` (1-based)."""
        return (max(int(page), 1) - 1) * per_page
