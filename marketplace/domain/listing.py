"""The course listing and the search results page: filters, sort and pagination, all done by the database.

Filters (none pre-selected): search text (``q``, matched on the search index, see domain/search.py), a category
(slug or name, any case), a minimum rating ("N stars and up"), a number-of-chapters bucket, a price range in naira,
free courses only, a level, a language and a duration bucket (hours). Buckets do not overlap: chapters 1-10 means 1
to 10 lectures, 10-15 means 11 to 15, 15-20 means 16 to 20 and 20-25 means 21 to 25; duration 0-5 means up to 5
hours, 5-10 means 6 to 10, 10-20 means 11 to 20 and 20-plus more than 20.

Only published courses are listed (domain/catalog_visibility.py). Every sort's ORDER BY is, column for column, an
index of the courses table after its leading ``status`` (models/catalog.py), so the first page of a sort reads its
few rows in order; "relevance" with search text ranks by the search index instead, which holds published courses
only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import ColumnElement, String, or_
from sqlalchemy import select as core_select
from sqlmodel import AutoString, Session, col, func, select

from marketplace.db.engine import row_reader
from marketplace.db.models import Category, Course, CourseCategory
from marketplace.domain.catalog_cards import CARD_COLUMNS, cards_with_teachers, course_cards, with_teacher
from marketplace.domain.catalog_visibility import published
from marketplace.domain.errors import DomainError
from marketplace.domain.listing_totals import cached_total
from marketplace.domain.search import TextMatch, courses_in_order, text_match
from marketplace.domain.search import popularity_order as popularity_order  # the listing's default order
from marketplace.domain.text import slugify
from marketplace.money import to_kobo
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.catalog import CourseCard

PER_PAGE = 6
MAX_PER_PAGE = 100
MAX_PRICE_NAIRA = Decimal(20_000_000)  # far above any course; in kobo still inside the INTEGER column (2^31 - 1)
CHAPTER_RANGES: dict[str, tuple[int, int]] = {
    "1-10": (1, 10),
    "10-15": (11, 15),
    "15-20": (16, 20),
    "20-25": (21, 25),
}
DURATION_RANGES: dict[str, tuple[int, int | None]] = {
    "0-5": (0, 5),
    "5-10": (6, 10),
    "10-20": (11, 20),
    "20-plus": (21, None),
}
LEVELS = ("Beginner", "Intermediate", "Advanced")
SORTS = ("relevance", "price_asc", "price_desc", "rating", "newest", "popular", "most_reviewed")
SORT_LABELS = {
    "relevance": "Relevance",
    "price_asc": "Price: Low to High",
    "price_desc": "Price: High to Low",
    "rating": "Rating",
    "newest": "Newest",
    "popular": "Most popular",
    "most_reviewed": "Most reviewed",
}
MAX_TEXT = 100


class InvalidFilter(DomainError):
    """A listing filter, sort or page value that makes no sense (answered as 422)."""

    status = 422


@dataclasses.dataclass(frozen=True)
class ListingQuery:
    """The listing's filters, sort and page, as they travel in the page URL."""

    category: str | None = None
    rating: int | None = None
    chapters: str | None = None
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    sort: str = "relevance"
    page: int = 1
    q: str | None = None
    level: str | None = None
    language: str | None = None
    duration: str | None = None
    free: bool = False

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ListingQuery:
        """Read a URL query leniently: a value that makes no sense is dropped, never an error.

        Args:
            params: The page's query parameters (``q``, ``category``, ``rating``, ``chapters``, ``min_price``,
                ``max_price``, ``free``, ``level``, ``language``, ``duration``, ``sort``, ``page``).
        """
        rating = _int_or_none(params.get("rating"))
        page = _int_or_none(params.get("page")) or 1
        chapters = params.get("chapters") or None
        sort = params.get("sort") or "relevance"
        return cls(
            category=(params.get("category") or "").strip() or None,
            rating=rating if rating is not None and 1 <= rating <= 5 else None,
            chapters=chapters if chapters in CHAPTER_RANGES else None,
            min_price=_price_or_none(params.get("min_price")),
            max_price=_price_or_none(params.get("max_price")),
            sort=sort if sort in SORTS else "relevance",
            page=max(page, 1),
            q=" ".join((params.get("q") or "").split())[:MAX_TEXT] or None,
            level=_level_or_none(params.get("level")),
            language=(params.get("language") or "").strip()[:40] or None,
            duration=params.get("duration") if params.get("duration") in DURATION_RANGES else None,
            free=params.get("free") in ("1", "true"),
        )

    def to_params(self) -> dict[str, str]:
        """The query parameters that reproduce this view (defaults left out, so links stay short)."""
        values = {
            "q": self.q,
            "category": self.category,
            "rating": self.rating,
            "chapters": self.chapters,
            "min_price": self.min_price,
            "max_price": self.max_price,
            "free": "1" if self.free else None,
            "level": self.level,
            "language": self.language,
            "duration": self.duration,
            "sort": None if self.sort == "relevance" else self.sort,
            "page": None if self.page == 1 else self.page,
        }
        return {key: str(value) for key, value in values.items() if value is not None}


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(str(value).strip()) if value not in (None, "") else None
    except ValueError:
        return None


def _level_or_none(value: str | None) -> str | None:
    wanted = (value or "").strip().lower()
    return next((level for level in LEVELS if level.lower() == wanted), None)


def _price_or_none(value: str | None) -> Decimal | None:
    try:
        price = Decimal(str(value).strip()) if value not in (None, "") else None
    except InvalidOperation:
        return None
    return price if price is not None and price.is_finite() and 0 <= price <= MAX_PRICE_NAIRA else None


def _price_kobo(value: Decimal | None, field: str) -> int | None:
    if value is None:
        return None
    if not value.is_finite() or value < 0 or value > MAX_PRICE_NAIRA:
        raise InvalidFilter(f"{field} must be a number from 0 to {MAX_PRICE_NAIRA:,}.", field=field)
    return to_kobo(value)


def category_ids(session: Session, category: str) -> list[int]:
    """Ids of the categories a listing ``category`` value names: its slug or its name, any case."""
    value = category.strip()
    lowered = value.lower()
    query = select(Category.id).where(
        or_(
            col(Category.slug) == slugify(value),
            col(Category.slug) == lowered,
            func.lower(Category.name) == lowered,
        )
    )
    return [found for found in row_reader(session).execute(query).scalars() if found is not None]


def _row_check(column: Any) -> Any:
    """``column`` as an expression no index matches: SQLite then checks it on the rows the sort's index yields.

    SQLite keeps no statistics on how many rows a range holds, so for "4 stars and up, by price" it would read the
    44,000 courses of the rating range and sort them (150 ms at 100,000 courses) rather than walk the price index
    and stop at the page's sixth match (0.01 ms). Every filter of the listing keeps at least a fifth of the catalog
    in practice, so walking the sort's index is the better plan; PostgreSQL's planner has statistics and decides.
    """
    return column + ("" if isinstance(column.type, (String, AutoString)) else 0)


def _identity(column: Any) -> Any:
    return column


def _conditions(
    session: Session, query: ListingQuery, indexed: Any = _identity, category: list[int] | None = None
) -> list[ColumnElement[bool]]:
    """The filters as SQL; ``indexed(column)`` wraps each column whose index the sort does not read."""
    where: list[ColumnElement[bool]] = []
    price = _identity if query.sort in ("price_asc", "price_desc") else indexed
    rating = _identity if query.sort == "rating" else indexed
    if query.category:
        ids = category if category is not None else category_ids(session, query.category)
        # An unknown category lists nothing rather than everything: the title would otherwise lie.
        in_category = col(CourseCategory.category_id).in_(ids or [-1])
        if indexed is _row_check:
            # The page's rows: one primary-key probe per course the sort's index yields, stopping after a page
            # (SQLite would otherwise first list the category's 12,000 course ids: 7 ms -> 0.03 ms at 100k).
            linked = select(CourseCategory.course_id).where(CourseCategory.course_id == Course.id, in_category)
            where.append(linked.exists())
        else:
            where.append(col(Course.id).in_(select(CourseCategory.course_id).where(in_category)))
    if query.rating is not None:
        if not 1 <= query.rating <= 5:
            raise InvalidFilter("rating must be a whole number from 1 to 5.", field="rating")
        where.append(rating(col(Course.rating)) >= query.rating)
    if query.chapters is not None:
        if query.chapters not in CHAPTER_RANGES:
            raise InvalidFilter(f"chapters must be one of {', '.join(CHAPTER_RANGES)}.", field="chapters")
        low, high = CHAPTER_RANGES[query.chapters]
        where.append(indexed(col(Course.lectures)).between(low, high))
    low_kobo = _price_kobo(query.min_price, "min_price")
    high_kobo = _price_kobo(query.max_price, "max_price")
    if low_kobo is not None and high_kobo is not None and low_kobo > high_kobo:
        raise InvalidFilter("min_price cannot be above max_price.", field="min_price")
    if low_kobo is not None:
        where.append(price(col(Course.price_kobo)) >= low_kobo)
    if high_kobo is not None:
        where.append(price(col(Course.price_kobo)) <= high_kobo)
    if query.free:
        where.append(price(col(Course.price_kobo)) == 0)
    return where + _more_conditions(query, indexed)


def _more_conditions(query: ListingQuery, indexed: Any) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = []
    if query.level is not None:
        if query.level not in LEVELS:
            raise InvalidFilter(f"level must be one of {', '.join(LEVELS)}.", field="level")
        where.append(indexed(col(Course.level)) == query.level)
    if query.language:
        where.append(func.lower(indexed(col(Course.language))) == query.language.strip().lower())
    if query.duration is not None:
        if query.duration not in DURATION_RANGES:
            raise InvalidFilter(f"duration must be one of {', '.join(DURATION_RANGES)}.", field="duration")
        low, high = DURATION_RANGES[query.duration]
        hours = indexed(col(Course.hours))
        where.append(hours >= low)
        if high is not None:
            where.append(hours <= high)
    return where


def sort_order(sort: str) -> list[Any]:
    """ORDER BY terms for a sort key; every order ends on the id so pages never overlap."""
    if sort == "price_asc":
        return [col(Course.price_kobo), col(Course.id)]
    if sort == "price_desc":
        return [col(Course.price_kobo).desc(), col(Course.id)]
    if sort == "rating":
        return [col(Course.rating).desc(), col(Course.review_count).desc(), col(Course.id)]
    if sort == "newest":  # ix_courses_newest
        return [col(Course.created_at).desc(), col(Course.id).desc()]
    if sort == "popular":  # ix_courses_popular
        return [col(Course.enrollment_count).desc(), col(Course.id)]
    if sort == "most_reviewed":  # ix_courses_most_reviewed
        return [col(Course.review_count).desc(), col(Course.id)]
    if sort == "relevance":
        return popularity_order()
    raise InvalidFilter(f"sort must be one of {', '.join(SORTS)}.", field="sort")


def list_courses(
    session: Session,
    *,
    category: str | None = None,
    min_rating: int | None = None,
    chapters: str | None = None,
    min_price: Decimal | None = None,
    max_price: Decimal | None = None,
    sort: str = "relevance",
    page: int = 1,
    per_page: int = PER_PAGE,
    q: str | None = None,
    level: str | None = None,
    language: str | None = None,
    duration: str | None = None,
    free: bool = False,
) -> Page[CourseCard]:
    """One page of the course listing (or of search results), filtered, sorted and paginated in SQL.

    Args:
        session: The database session.
        category: A category slug or name (any case); None for every course.
        min_rating: 1 to 5: courses rated that many stars and up.
        chapters: ``"1-10"``, ``"10-15"``, ``"15-20"`` or ``"20-25"`` lectures.
        min_price: Lowest price in naira (inclusive).
        max_price: Highest price in naira (inclusive).
        sort: One of :data:`SORTS`; ``relevance`` ranks search results by the search index.
        page: 1-based; a page past the end answers the last page.
        per_page: Courses per page (the listing shows 6).
        q: Search text: courses holding every word (typos forgiven), see :func:`search.text_match`.
        level: ``Beginner``, ``Intermediate`` or ``Advanced``.
        language: A course language (any case).
        duration: ``"0-5"``, ``"5-10"``, ``"10-20"`` or ``"20-plus"`` hours.
        free: Free courses only.

    Returns:
        A page of course cards.

    Raises:
        InvalidFilter: a rating outside 1-5, an unknown bucket, level or sort, a negative or absurd price, or a
            minimum above the maximum.
    """
    query = ListingQuery(category, min_rating, chapters, min_price, max_price, sort, page, q, level, language, duration)
    return list_courses_for(session, dataclasses.replace(query, free=free), per_page=per_page)


def list_courses_for(session: Session, query: ListingQuery, *, per_page: int = PER_PAGE) -> Page[CourseCard]:
    """:func:`list_courses` for a :class:`ListingQuery` (what the listing and search pages read from their URL)."""
    ids = category_ids(session, query.category) if query.category else None
    filters = _conditions(session, query, category=ids)
    order = sort_order(query.sort)
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    match = text_match(session, query.q) if query.q else None
    if match is not None and query.sort == "relevance" and not filters:
        return _ranked_page(session, match, query, per_page)  # the search index holds published courses only
    # The count may use any index; on SQLite the page's rows come from the sort's index (see _row_check).
    sqlite = session.get_bind().dialect.name == "sqlite"
    row_filters = _conditions(session, query, _row_check, category=ids) if sqlite and filters else filters
    where = [published(), *filters]
    on_rows = [published(), *row_filters]
    chosen = core_select(*CARD_COLUMNS)  # plain rows of what a card draws, not ORM objects
    if match is not None:
        where.append(col(Course.id).in_(match.matching_ids()))
        on_rows.append(col(Course.id).in_(match.matching_ids()))
        if query.sort == "relevance":  # with other filters: the index's rank, joined to the filtered courses
            chosen = chosen.join(match.target, match.onclause).where(match.condition)
            order = [match.score, col(Course.id)]
    counted = select(func.count()).select_from(Course).where(*where)  # count(*): PostgreSQL counts on the index alone
    reader = row_reader(session)
    total = cached_total(session, _total_key(query, ids, match), lambda: reader.execute(counted).scalar_one())
    page = clamp_page(query.page, page_count(total, per_page))
    chosen = with_teacher(chosen.where(*on_rows).order_by(*order).offset(Page.offset(page, per_page)).limit(per_page))
    cards = cards_with_teachers(session, reader.execute(chosen).all())
    return Page[CourseCard].of(cards, total=total, page=page, per_page=per_page)


def _total_key(query: ListingQuery, ids: list[int] | None, match: TextMatch | None) -> tuple[object, ...]:
    """What a total depends on: the filters (the category as the ids it named, the search as its corrected words)."""
    filters = dataclasses.replace(query, page=1, sort="relevance", q=None, category=None)
    return (filters, tuple(ids) if ids is not None else None, tuple(match.words) if match else None, query.q)


def _ranked_page(session: Session, match: TextMatch, query: ListingQuery, per_page: int) -> Page[CourseCard]:
    """A page of search results in the index's order, counted and ranked inside the index alone."""
    counted = select(func.count()).select_from(match.matching_ids().subquery())
    total = cached_total(session, _total_key(query, None, match), lambda: session.exec(counted).one())
    page = clamp_page(query.page, page_count(total, per_page))
    ids = list(session.execute(match.ranked_ids(per_page, Page.offset(page, per_page))).scalars())
    cards = course_cards(session, courses_in_order(session, ids))
    return Page[CourseCard].of(cards, total=total, page=page, per_page=per_page)


def languages(session: Session) -> list[str]:
    """The languages published courses are taught in, for the Language filter."""
    query = select(Course.language).where(published()).distinct().order_by(Course.language)
    return [found for found in session.exec(query).all()]
