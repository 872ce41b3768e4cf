"""The header search: courses whose title or description holds every word typed, titles first.

Matching runs on ``Course.search_text`` (the folded "title description"), so case and accents do not
matter: "yoruba" finds "Yorùbá". The title is the leading part of that text, which lets the database rank
title matches above description matches without a second column.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, and_, case, event
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course
from marketplace.domain.catalog_cards import thumbnail_url
from marketplace.domain.listing import popularity_order
from marketplace.domain.text import fold, search_text
from marketplace.money import format_ngn
from marketplace.shapes.base import naira
from marketplace.shapes.catalog import SearchResult

SEARCH_LIMIT = 8
DESCRIPTION_LENGTH = 100
MAX_QUERY_LENGTH = 100
MAX_WORDS = 8


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _contains(expression: Any, word: str) -> ColumnElement[bool]:
    matches: ColumnElement[bool] = expression.like(f"%{_like_escape(word)}%", escape="\\")
    return matches


def short_description(text: str, length: int = DESCRIPTION_LENGTH) -> str:
    """``text`` cut to at most ``length`` characters, ending in "..." when it was cut."""
    text = " ".join((text or "").split())
    return text if len(text) <= length else text[: length - 3].rstrip() + "..."


def search_result(course: Course) -> SearchResult:
    """The spec's Search result (``_id``, title, description, price, thumbnail) plus ``id`` and ``price_text``."""
    return SearchResult(
        id=course.id or 0,
        title=course.title,
        description=short_description(course.description),
        price=naira(course.price_kobo),
        price_text=format_ngn(course.price_kobo),
        thumbnail=thumbnail_url(course.thumbnail),
    )


def search_courses(session: Session, query: str | None, limit: int = SEARCH_LIMIT) -> list[SearchResult]:
    """Courses matching ``query``, best first; nothing for blank input.

    Every word must appear in the title or the description (case and accents ignored). Ranking: titles that
    start with the phrase, then titles that contain it, then titles holding every word, then description
    matches; within a rank, the listing's popularity order.

    Args:
        session: The database session.
        query: What was typed; trimmed, and cut to 100 characters.
        limit: How many results at most.

    Returns:
        Search results (see :func:`search_result`): ``description`` is cut to 100 characters and the price
        is in NGN for everybody.
    """
    phrase = fold((query or "").strip()[:MAX_QUERY_LENGTH])
    words = phrase.split()[:MAX_WORDS]
    if not words:
        return []
    text = col(Course.search_text)
    # The folded title is the first len(title) characters of search_text (see text.search_text).
    title_part = func.substr(text, 1, func.length(Course.title))
    rank = case(
        (title_part.like(f"{_like_escape(phrase)}%", escape="\\"), 0),
        (_contains(title_part, phrase), 1),
        (and_(*[_contains(title_part, word) for word in words]), 2),
        else_=3,
    )
    rows = session.exec(
        select(Course)
        .where(*[_contains(text, word) for word in words])
        .order_by(rank, *popularity_order())
        .limit(max(1, min(limit, 50)))
    )
    return [search_result(course) for course in rows.all()]


@event.listens_for(Course, "before_insert")
@event.listens_for(Course, "before_update")
def _keep_search_text(_mapper: object, _connection: object, course: Course) -> None:
    """Every course is findable: its search text follows its title and description, however it was saved."""
    course.search_text = search_text(course.title, course.description)
