"""Course search on the database's own index: every word typed, typos forgiven, titles ranked first.

Migration 0013 keeps the index in step with every published course (triggers; 0015 leaves drafts and unpublished
courses out, domain/catalog_visibility.py): on SQLite an FTS5 table ``course_search``
(title, description, teacher) with ``course_search_vocab`` (its words); on PostgreSQL ``course_search`` (a
weighted tsvector per course: title A, teacher B, description D) and ``search_words`` (every indexed word, under a
trigram index). A search:

1. folds what was typed (case and accents do not matter: "yoruba" finds "Yorùbá") and splits it into words;
2. checks each word against the index's *vocabulary* (words, not courses): a word the index does not hold is
   replaced by its nearest known word within a small edit distance ("pyhton" becomes "python"), found among a few
   neighbours the database proposes (same first letter on SQLite, pg_trgm similarity on PostgreSQL); the last word
   may be unfinished, so it also matches as a prefix while some indexed word starts with it;
3. asks the index for the courses holding every word, ranked by the index alone (bm25 on SQLite, ts_rank on
   PostgreSQL, both favouring short fields): a title word counts most, then the teacher's name, then the
   description, so a page of results never reads more course rows than it shows.
"""

from __future__ import annotations

import dataclasses
import re
import time
from typing import Any

from sqlalchemy import ColumnElement, FromClause, Integer, Row, Select, column, event, literal_column, table, text
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course
from marketplace.domain.catalog_cards import price_text, thumbnail_url
from marketplace.domain.text import fold, search_text
from marketplace.shapes.base import naira
from marketplace.shapes.catalog import SearchResult

SEARCH_LIMIT = 8
DESCRIPTION_LENGTH = 100
MAX_QUERY_LENGTH = 100
MAX_WORDS = 8
MIN_PREFIX = 3
CORRECTION_SECONDS = 30.0
MAX_CORRECTIONS = 10_000
NEIGHBOURS = 200  # vocabulary words the database proposes for one misspelt word
_WORD = re.compile(r"[^\W_]+")
# The index's weights: a title word counts ten times a description word, a teacher's name four times.
_BM25 = (10.0, 1.0, 4.0)

_corrections: dict[tuple[str, str, bool], tuple[float, tuple[str, bool]]] = {}

_RESULT_COLUMNS = (
    col(Course.id),
    col(Course.title),
    col(Course.description),
    col(Course.price_kobo),
    col(Course.thumbnail),
)
_FTS = table("course_search", column("rowid", Integer))
_DOCS = table("course_search", column("course_id", Integer), column("document"))


def short_description(text: str, length: int = DESCRIPTION_LENGTH) -> str:
    """``text`` cut to at most ``length`` characters, ending in "..." when it was cut."""
    text = " ".join((text or "").split())
    return text if len(text) <= length else text[: length - 3].rstrip() + "..."


def search_result(course: Course | Row[Any]) -> SearchResult:
    """A search result as docs/product.md names it (``_id``, title, description, price, thumbnail), plus ``id``.

    ``course``: a course, or a row of :data:`_RESULT_COLUMNS` (what the header's suggestions read).
    """
    return SearchResult(
        id=course.id or 0,
        title=course.title,
        description=short_description(course.description),
        price=naira(course.price_kobo),
        price_text=price_text(course.price_kobo),
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
        # `%` proposes words at least 0.2 similar: the connection's own setting (db/engine.POSTGRESQL_CONNECT).
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


def forget_corrections() -> None:
    """Drop the remembered corrections (tests that rebuild the catalog between searches)."""
    _corrections.clear()


def correct_word(session: Session, word: str, *, prefix: bool = False) -> tuple[str, bool]:
    """The word to search for ``word``, and whether it may match as a prefix.

    A word the index holds stays; so does the unfinished last word (``prefix``) while an indexed word starts with
    it. Otherwise the nearest indexed word within :func:`typo_allowance` edits replaces it (ties: the more common
    word first); with none near, the word stays and simply matches nothing.

    Answers are remembered for :data:`CORRECTION_SECONDS` per database: the same words come back with every
    keystroke of the live suggestions, and the vocabulary changes only when courses do.
    """
    bind = session.get_bind()
    key = (str(bind.engine.url), word, prefix)
    now = time.monotonic()
    remembered = _corrections.get(key)
    if remembered is not None and remembered[0] > now:
        return remembered[1]
    answer = _correct_word(session, word, prefix=prefix)
    if len(_corrections) >= MAX_CORRECTIONS:
        _corrections.clear()
    _corrections[key] = (now + CORRECTION_SECONDS, answer)
    return answer


def _correct_word(session: Session, word: str, *, prefix: bool) -> tuple[str, bool]:
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
    """A search as SQL over the index alone: ``condition`` on ``target`` keeps the matches, ``score`` ranks them.

    ``course_id`` is the index's course id column; ``onclause`` joins the index to the courses.
    """

    words: list[str]
    target: FromClause
    course_id: ColumnElement[int]
    onclause: ColumnElement[bool]
    condition: ColumnElement[bool]
    score: ColumnElement[Any]  # ascending: best first

    def matching_ids(self) -> Select[int]:
        """The ids of every matching course (for ``Course.id IN (...)`` beside other filters)."""
        return sql_select(self.course_id).select_from(self.target).where(self.condition)

    def ranked_ids(self, limit: int, offset: int = 0) -> Select[int]:
        """One page of matching ids, best first, ranked inside the index without reading any course row."""
        return self.matching_ids().order_by(self.score, self.course_id).offset(offset).limit(limit)


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
        # The last word may be unfinished; from 3 letters on, so a single letter does not match half the catalog.
        last = position == len(typed) - 1 and len(word) >= MIN_PREFIX
        found, prefix = correct_word(session, word, prefix=last)
        words.append(found)
        prefixes.append(prefix)
    if _is_postgresql(session):
        terms = " & ".join(word + (":*" if prefix else "") for word, prefix in zip(words, prefixes, strict=True))
        tsquery = func.to_tsquery(literal_column("'simple'::regconfig"), terms)
        document = _DOCS.c.document
        return TextMatch(
            words=words,
            target=_DOCS,
            course_id=_DOCS.c.course_id,
            onclause=_DOCS.c.course_id == col(Course.id),
            condition=document.op("@@")(tsquery),
            # Normalised by the document's length (1 + log), as bm25 is: a short title holding the word ranks first.
            score=func.ts_rank(literal_column("'{0.1, 0.2, 0.4, 1.0}'::real[]"), document, tsquery, 1).desc(),
        )
    terms = " ".join(f'"{word}"' + ("*" if prefix else "") for word, prefix in zip(words, prefixes, strict=True))
    fts: ColumnElement[Any] = literal_column("course_search")
    return TextMatch(
        words=words,
        target=_FTS,
        course_id=_FTS.c.rowid,
        onclause=_FTS.c.rowid == col(Course.id),
        condition=fts.op("MATCH")(terms),
        score=func.bm25(fts, *_BM25),
    )


def courses_in_order(session: Session, ids: list[int]) -> list[Course]:
    """The courses of ``ids``, in that order (ids of deleted courses are skipped)."""
    found = {course.id: course for course in session.exec(select(Course).where(col(Course.id).in_(ids))).all()}
    return [found[course_id] for course_id in ids if course_id in found]


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
    ids = list(session.execute(match.ranked_ids(max(1, min(limit, 50)))).scalars())
    # The five columns a suggestion shows, not whole course rows (their search text, lists and JSON).
    found = {row.id: row for row in session.execute(sql_select(*_RESULT_COLUMNS).where(col(Course.id).in_(ids)))}
    return [search_result(found[course_id]) for course_id in ids if course_id in found]


@event.listens_for(Course, "before_insert")
@event.listens_for(Course, "before_update")
def _keep_search_text(_mapper: object, _connection: object, course: Course) -> None:
    """Every course is findable: its search text follows its title and description, however it was saved."""
    course.search_text = search_text(course.title, course.description)
