"""Course search on the database's own index: every word typed, typos forgiven, titles ranked first.

Migration 0013 keeps the index in step with every course (triggers): on SQLite an FTS5 table ``course_search``
(title, description, teacher) with ``course_search_vocab`` (its words); on PostgreSQL ``course_search`` (a
weighted tsvector per course: title A, teacher B, description D) and ``search_words`` (every indexed word, under a
trigram index). A search:

1. folds what was typed (case and accents do not matter: "yoruba" finds "Yorùbá") and splits it into words;
2. checks each word against the index's *vocabulary* (words, not courses): a word the index does not hold is
   replaced by its nearest known word within a small edit distance ("pyhton" becomes "python"), found among a few
   neighbours the database proposes (same first letter on SQLite, pg_trgm similarity on PostgreSQL); the last word
   may be unfinished, so it also matches as a prefix while some indexed word starts with it;
3. asks the index for the courses holding every word, ranked: titles that start with the phrase, then titles that
   hold every word, then the rest; within that, the index's own score (bm25 / ts_rank: title over teacher over
   description), then the listing's popularity order.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from sqlalchemy import ColumnElement, FromClause, Integer, and_, case, column, event, literal_column, table, text
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course
from marketplace.domain.catalog_cards import thumbnail_url
from marketplace.domain.text import fold, search_text
from marketplace.money import format_ngn
from marketplace.shapes.base import naira
from marketplace.shapes.catalog import SearchResult

SEARCH_LIMIT = 8
DESCRIPTION_LENGTH = 100
MAX_QUERY_LENGTH = 100
MAX_WORDS = 8
NEIGHBOURS = 200  # vocabulary words the database proposes for one misspelt word
_WORD = re.compile(r"[^\W_]+")
# The index's weights: a title word counts ten times a description word, a teacher's name four times.
_BM25 = (10.0, 1.0, 4.0)

_FTS = table("course_search", column("rowid", Integer))
_DOCS = table("course_search", column("course_id", Integer), column("document"))


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


def popularity_order() -> list[Any]:
    """The default ("relevance") order: most reviewed-and-liked first, then the best rated, oldest id first.

    It matches the index ix_courses_relevance column for column; the listing and the suggestions both end on it.
    """
    return [
        (col(Course.rating) * col(Course.review_count)).desc(),
        col(Course.rating).desc(),
        col(Course.id),
    ]


def typo_allowance(word: str) -> int:
    """Edits forgiven in a word: none up to 3 letters, one up to 5, two from 6."""
    return 0 if len(word) <= 3 else 1 if len(word) <= 5 else 2


def edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost one."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            cost = 0 if char_a == char_b else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def _is_postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def _next_string(word: str) -> str:
    """The smallest string above every string that starts with ``word`` (for a range scan of a sorted index)."""
    return word[:-1] + chr(ord(word[-1]) + 1)


def _like_escape(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _vocabulary_has(session: Session, word: str, *, prefix: bool) -> bool:
    if _is_postgresql(session):
        if prefix:
            sql = "SELECT 1 FROM search_words WHERE word LIKE :pattern ESCAPE '\\' LIMIT 1"
            return session.execute(text(sql), {"pattern": _like_escape(word) + "%"}).first() is not None
        return session.execute(text("SELECT 1 FROM search_words WHERE word = :w"), {"w": word}).first() is not None
    if prefix:
        sql = "SELECT 1 FROM course_search_vocab WHERE term >= :w AND term < :above LIMIT 1"
        return session.execute(text(sql), {"w": word, "above": _next_string(word)}).first() is not None
    return session.execute(text("SELECT 1 FROM course_search_vocab WHERE term = :w"), {"w": word}).first() is not None


def _neighbours(session: Session, word: str) -> list[str]:
    """Indexed words that may be ``word`` misspelt, most likely first (the database proposes, Python measures)."""
    allowance = typo_allowance(word)
    shortest, longest = len(word) - allowance, len(word) + allowance
    if _is_postgresql(session):
        session.execute(text("SELECT set_config('pg_trgm.similarity_threshold', '0.2', true)"))
        sql = (
            "SELECT word FROM search_words WHERE word % :w AND length(word) BETWEEN :shortest AND :longest "
            "ORDER BY similarity(word, :w) DESC, word LIMIT :n"
        )
    else:  # a typo rarely hits the first letter: the words sharing it are a small slice of the sorted vocabulary
        sql = (
            "SELECT term FROM course_search_vocab WHERE term >= :first AND term < :above "
            "AND length(term) BETWEEN :shortest AND :longest ORDER BY doc DESC, term LIMIT :n"
        )
    values: dict[str, str | int] = {"w": word, "first": word[0], "above": _next_string(word[0])}
    values |= {"shortest": shortest, "longest": longest, "n": NEIGHBOURS}
    return [str(found) for (found,) in session.execute(text(sql), values).all()]


def correct_word(session: Session, word: str, *, prefix: bool = False) -> tuple[str, bool]:
    """The word to search for ``word``, and whether it may match as a prefix.

    A word the index holds stays; so does the unfinished last word (``prefix``) while an indexed word starts with
    it. Otherwise the nearest indexed word within :func:`typo_allowance` edits replaces it (ties: the more common
    word first); with none near, the word stays and simply matches nothing.
    """
    if _vocabulary_has(session, word, prefix=False):
        return word, prefix
    if prefix and _vocabulary_has(session, word, prefix=True):
        return word, True
    allowance = typo_allowance(word)
    if allowance == 0:
        return word, prefix
    best, best_distance = word, allowance + 1
    for candidate in _neighbours(session, word):
        distance = edit_distance(word, candidate)
        if distance < best_distance:
            best, best_distance = candidate, distance
    return best, prefix and best == word


@dataclasses.dataclass(frozen=True)
class TextMatch:
    """A search as SQL: join ``target`` on ``onclause``, keep rows meeting ``condition``, rank by ``order``."""

    words: list[str]
    target: FromClause
    onclause: ColumnElement[bool]
    condition: ColumnElement[bool]
    order: list[Any]


def _words(query: str | None) -> list[str]:
    return _WORD.findall(fold((query or "").strip()[:MAX_QUERY_LENGTH]))[:MAX_WORDS]


def text_match(session: Session, query: str | None) -> TextMatch | None:
    """The index match for what was typed, typos corrected; None when nothing searchable was typed.

    Args:
        session: The database session.
        query: What was typed (cut to 100 characters, 8 words).
    """
    typed = _words(query)
    if not typed:
        return None
    words: list[str] = []
    prefixes: list[bool] = []
    for position, word in enumerate(typed):
        found, prefix = correct_word(session, word, prefix=position == len(typed) - 1)
        words.append(found)
        prefixes.append(prefix)
    title = func.substr(col(Course.search_text), 1, func.length(col(Course.title)))
    phrase = " ".join(words)
    tier = case(
        (title.like(f"{_like_escape(phrase)}%", escape="\\"), 0),
        (and_(*[title.like(f"%{_like_escape(word)}%", escape="\\") for word in words]), 1),
        else_=2,
    )
    if _is_postgresql(session):
        terms = " & ".join(word + (":*" if prefix else "") for word, prefix in zip(words, prefixes, strict=True))
        tsquery = func.to_tsquery(literal_column("'simple'::regconfig"), terms)
        document = _DOCS.c.document
        return TextMatch(
            words=words,
            target=_DOCS,
            onclause=_DOCS.c.course_id == col(Course.id),
            condition=document.op("@@")(tsquery),
            order=[tier, func.ts_rank(document, tsquery).desc()],
        )
    terms = " ".join(f'"{word}"' + ("*" if prefix else "") for word, prefix in zip(words, prefixes, strict=True))
    fts: ColumnElement[Any] = literal_column("course_search")
    return TextMatch(
        words=words,
        target=_FTS,
        onclause=_FTS.c.rowid == col(Course.id),
        condition=fts.op("MATCH")(terms),
        order=[tier, func.bm25(fts, *_BM25)],
    )


def search_courses(session: Session, query: str | None, limit: int = SEARCH_LIMIT) -> list[SearchResult]:
    """Courses matching ``query``, best first (the header's live suggestions); nothing for blank input.

    Args:
        session: The database session.
        query: What was typed; trimmed, and cut to 100 characters.
        limit: How many results at most.

    Returns:
        Search results (see :func:`search_result`): ``description`` is cut to 100 characters and the price
        is in NGN for everybody.
    """
    match = text_match(session, query)
    if match is None:
        return []
    rows = session.exec(
        select(Course)
        .join(match.target, match.onclause)
        .where(match.condition)
        .order_by(*match.order, *popularity_order())
        .limit(max(1, min(limit, 50)))
    )
    return [search_result(course) for course in rows.all()]


@event.listens_for(Course, "before_insert")
@event.listens_for(Course, "before_update")
def _keep_search_text(_mapper: object, _connection: object, course: Course) -> None:
    """Every course is findable: its search text follows its title and description, however it was saved."""
    course.search_text = search_text(course.title, course.description)
