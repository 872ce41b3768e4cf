"""The server-side cart of a signed-in learner: items to buy and a saved-for-later list.

The browser keeps the same cart in local storage (key ``cart``; :mod:`marketplace.domain.guest_cart` holds a
visitor's rules); :func:`merge_local_cart` folds a guest's local cart into this one at login so it follows the
learner to other devices.
Every course is in the cart at most once (quantity 1), and courses the learner owns never are; nor are drafts,
unpublished, free courses or the learner's own courses (domain/catalog_visibility.py). The database
holds that rule too (one row per learner and course): two requests racing to add the same course (a double
click, two tabs) both insert, and the second insert does nothing (``ON CONFLICT DO NOTHING``); the loser then
reads the winner's row and answers as if it had come second.

What the cart shows (its priced items, read as card rows) is :mod:`marketplace.domain.cart_reads`'s; this module
answers those reads too, so callers ask one module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, cast

from sqlalchemy import CursorResult, bindparam, delete, false, true, union_all
from sqlalchemy import select as core_select
from sqlalchemy.dialects.postgresql import Insert as PostgresqlInsert
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import Insert as SqliteInsert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from marketplace.db.engine import row_reader
from marketplace.db.models import CartEntry, Course, Instructor
from marketplace.db.models._base import utcnow
from marketplace.db.tables import CART_ENTRIES, COURSES, INSTRUCTORS
from marketplace.domain import cart_reads
from marketplace.domain.catalog_visibility import PUBLISHED, check_for_sale, published
from marketplace.domain.errors import Conflict
from marketplace.domain.shapes import parse_id
from marketplace.shapes.commerce import Cart, CartItem

# The cart's reads (cart_reads.py), answered here with its writes: callers ask the one module.
COURSE_NOT_FOUND = cart_reads.COURSE_NOT_FOUND
ITEM_ROWS = cart_reads.ITEM_ROWS
cart_count = cart_reads.cart_count
cart_item = cart_reads.cart_item
cart_items = cart_reads.cart_items
cart_of = cart_reads.cart_of
course_item = cart_reads.course_item
get_cart = cart_reads.get_cart
owned_by_learner = cart_reads.owned_by_learner
owned_course_ids = cart_reads.owned_course_ids
priced = cart_reads.priced
reprice = cart_reads.reprice

ALREADY_IN_CART = "This course is already in your cart."
ALREADY_OWNED = "You already own this course."

AddOutcome = Literal["added", "moved"]


class AlreadyInCart(Conflict):
    """The course is in the cart already; callers may treat this as a gentle notice rather than a failure."""


def _entries(session: Session, user_id: int) -> list[CartEntry]:
    query = select(CartEntry).where(CartEntry.user_id == user_id).order_by(col(CartEntry.created_at), col(CartEntry.id))
    return list(session.exec(query).all())


def _entry(session: Session, user_id: int, course_id: int) -> CartEntry | None:
    query = select(CartEntry).where(CartEntry.user_id == user_id, CartEntry.course_id == course_id)
    return session.exec(query).first()


def _upsert_into(dialect: str, table: Any) -> SqliteInsert | PostgresqlInsert:
    """The database's own INSERT (the one with ON CONFLICT DO NOTHING) into ``table``."""
    return sqlite_insert(table) if dialect == "sqlite" else postgresql_insert(table)


def _insert(session: Session, user_id: int, course_id: int, *, saved: bool = False) -> bool:
    """Insert a new entry in one statement; False when the learner has one for the course already (put there a
    moment ago by a concurrent request, say): the unique row refuses it and nothing else is disturbed."""
    statement = (
        _upsert_into(session.get_bind().dialect.name, CART_ENTRIES)
        .values(user_id=user_id, course_id=course_id, saved=saved, created_at=utcnow())
        .on_conflict_do_nothing(index_elements=["user_id", "course_id"])
        .returning(CART_ENTRIES.c.id)
    )
    return row_reader(session).execute(statement).first() is not None


# What decides whether a learner may put a course in the cart, in one trip: the course, its teacher's user id and
# whether the learner is enrolled.
_SALE_FACTS = (
    core_select(
        COURSES.c.id,
        COURSES.c.status,
        COURSES.c.price_kobo,
        COURSES.c.instructor_id,
        INSTRUCTORS.c.user_id.label("owner_user_id"),
        owned_by_learner(COURSES.c.id).label("owned"),
    )
    .outerjoin(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id)
    .where(COURSES.c.id == bindparam("course_id"))
)


def _check_can_buy(session: Session, user_id: int, course_id: int) -> None:
    facts = row_reader(session).execute(_SALE_FACTS, {"user_id": user_id, "course_id": course_id}).first()
    check_for_sale(session, facts, user_id)
    if facts is not None and facts.owned:
        raise Conflict(ALREADY_OWNED)


# The common add in one statement: the entry is inserted only when the course may be put in this learner's cart
# (published, not free, not theirs, not owned: what _check_can_buy refuses) and is not in it yet. Whatever it
# leaves out is then told apart by the checks themselves (issue 14: one statement of three, and on PostgreSQL one
# round trip of three, for every add that succeeds).
_FOR_SALE = (
    core_select(bindparam("user_id"), COURSES.c.id, bindparam("saved"), bindparam("created_at"))
    .select_from(COURSES.outerjoin(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id))
    .where(
        COURSES.c.id == bindparam("course_id"),
        COURSES.c.status == PUBLISHED,
        COURSES.c.price_kobo > 0,
        (INSTRUCTORS.c.user_id.is_(None)) | (INSTRUCTORS.c.user_id != bindparam("user_id")),
        ~owned_by_learner(COURSES.c.id),
    )
)
_INSERT_COLUMNS = ["user_id", "course_id", "saved", "created_at"]
_INSERT_FOR_SALE = {
    dialect: _upsert_into(dialect, CART_ENTRIES)
    .from_select(_INSERT_COLUMNS, _FOR_SALE)
    .on_conflict_do_nothing(index_elements=["user_id", "course_id"])
    .returning(CART_ENTRIES.c.id)
    for dialect in ("sqlite", "postgresql")
}


def _insert_if_for_sale(session: Session, user_id: int, course_id: int) -> bool:
    """Insert the entry when the course is for sale to the learner and not in their lists yet; False otherwise."""
    statement = _INSERT_FOR_SALE[session.get_bind().dialect.name]
    values = {"user_id": user_id, "course_id": course_id, "saved": False, "created_at": utcnow()}
    return row_reader(session).execute(statement, values).first() is not None


def add_to_cart(session: Session, *, user_id: int, course_id: int) -> AddOutcome:
    """Put a course in the cart once.

    Returns:
        ``"added"`` for a new entry, ``"moved"`` when it came back from Save for Later.

    Raises:
        NotFound: no such course (or a draft).
        Conflict: the learner already owns it ("You already own this course."), it is no longer available, or it
            is free ("This course is free: enroll instead.").
        Forbidden: the learner teaches it ("You teach this course.").
        AlreadyInCart: it is in the cart already ("This course is already in your cart.").
    """
    if _insert_if_for_sale(session, user_id, course_id):
        return "added"
    return _add_not_inserted(session, user_id, course_id)


def _add_not_inserted(session: Session, user_id: int, course_id: int) -> AddOutcome:
    """The rest of :func:`add_to_cart` once its one-statement insert inserted nothing: refused (say why, as the
    checks word it), already in the cart, or back from Save for Later."""
    _check_can_buy(session, user_id, course_id)
    if _insert(session, user_id, course_id):  # (removed again by another request meanwhile)
        return "added"
    # In the cart or saved for later already (perhaps added by another request a moment ago).
    entry = _entry(session, user_id, course_id)
    if entry is None:  # added and removed again meanwhile: it is not in the cart, so try once more
        return add_to_cart(session, user_id=user_id, course_id=course_id)
    if not entry.saved:
        raise AlreadyInCart(ALREADY_IN_CART)
    entry.saved = False
    session.add(entry)
    session.flush()
    return "moved"


# On PostgreSQL the add and the cart it leaves are one statement (one round trip instead of two, on the group
# committer's one connection: issue 14). The insert is a data-modifying WITH; the statement's select does not see
# the row it inserts (one snapshot for the whole statement), so the entries read are the learner's earlier ones
# and the inserted one, marked ``just_added``.
_ADDED = (
    _INSERT_FOR_SALE["postgresql"]
    .returning(CART_ENTRIES.c.course_id, CART_ENTRIES.c.saved, CART_ENTRIES.c.created_at, CART_ENTRIES.c.id)
    .cte("added")
)
_ENTRIES_WITH_ADDED = union_all(
    core_select(
        CART_ENTRIES.c.course_id, CART_ENTRIES.c.saved, CART_ENTRIES.c.created_at, CART_ENTRIES.c.id,
        false().label("just_added"),
    ).where(CART_ENTRIES.c.user_id == bindparam("user_id")),
    core_select(_ADDED.c.course_id, _ADDED.c.saved, _ADDED.c.created_at, _ADDED.c.id, true().label("just_added")),
).subquery("entries")  # fmt: skip
_ADD_AND_READ = (
    ITEM_ROWS.add_columns(_ENTRIES_WITH_ADDED.c.saved.label("entry_saved"), _ENTRIES_WITH_ADDED.c.just_added)
    .join(_ENTRIES_WITH_ADDED, _ENTRIES_WITH_ADDED.c.course_id == COURSES.c.id)
    .where(~owned_by_learner(_ENTRIES_WITH_ADDED.c.course_id))
    .order_by(_ENTRIES_WITH_ADDED.c.created_at, _ENTRIES_WITH_ADDED.c.id)
)


def add_and_read_cart(
    session: Session, *, user_id: int, course_id: int
) -> tuple[AddOutcome | Literal["already"], Cart]:
    """Add To Cart as the pages do it: :func:`add_to_cart`, with a course already in the cart a gentle
    ``"already"``, and the cart it leaves (:func:`get_cart`).

    Raises what :func:`add_to_cart` raises, except AlreadyInCart.
    """
    if session.get_bind().dialect.name == "postgresql":
        values = {"user_id": user_id, "course_id": course_id, "saved": False, "created_at": utcnow()}
        rows = row_reader(session).execute(_ADD_AND_READ, values).all()
        if any(row.just_added for row in rows):
            return "added", cart_of(rows)
        outcome = _try_add(lambda: _add_not_inserted(session, user_id, course_id))
    else:  # SQLite is in the process: two statements cost no round trip
        outcome = _try_add(lambda: add_to_cart(session, user_id=user_id, course_id=course_id))
    return outcome, get_cart(session, user_id=user_id)


def _try_add(add: Callable[[], AddOutcome]) -> AddOutcome | Literal["already"]:
    """``add()``'s outcome, with a course already in the cart the gentle ``"already"``."""
    try:
        return add()
    except AlreadyInCart:
        return "already"


def move_to_cart(session: Session, *, user_id: int, course_id: int) -> AddOutcome | Literal["already"]:
    """Move a saved course back to the cart (adding it if the server had not seen it yet).

    Unlike :func:`add_to_cart`, a course already in the cart is fine here (``"already"``): the goal is reached.
    """
    return _try_add(lambda: add_to_cart(session, user_id=user_id, course_id=course_id))


def save_for_later(session: Session, *, user_id: int, course_id: int) -> None:
    """Move a course from the cart to Save for Later (adding it there if the server had not seen it).

    Raises:
        NotFound: no such course.
        Conflict: the learner already owns it.
    """
    _check_can_buy(session, user_id, course_id)
    entry = _entry(session, user_id, course_id)
    if entry is None and _insert(session, user_id, course_id, saved=True):
        return
    entry = entry or _entry(session, user_id, course_id)
    if entry is None:  # inserted by another request and removed again meanwhile
        save_for_later(session, user_id=user_id, course_id=course_id)
        return
    entry.saved = True
    session.add(entry)
    session.flush()


def _remove(session: Session, user_id: int, course_id: int, *, saved: bool) -> bool:
    entry = _entry(session, user_id, course_id)
    if entry is None or entry.saved != saved:
        return False
    session.delete(entry)
    session.flush()
    return True


def remove_from_cart(session: Session, *, user_id: int, course_id: int) -> bool:
    """Take a course out of the cart. Returns whether it was there (removing twice is harmless)."""
    return _remove(session, user_id, course_id, saved=False)


def remove_saved(session: Session, *, user_id: int, course_id: int) -> bool:
    """Take a course off the Save for Later list. Returns whether it was there."""
    return _remove(session, user_id, course_id, saved=True)


def clear_cart(session: Session, *, user_id: int, include_saved: bool = False) -> int:
    """Empty the cart (and the saved list too when ``include_saved``). Returns how many entries went."""
    query = delete(CartEntry).where(col(CartEntry.user_id) == user_id)
    if not include_saved:
        query = query.where(col(CartEntry.saved).is_(False))
    result = cast("CursorResult[Any]", session.execute(query))  # a DELETE's result is a cursor result
    session.flush()
    return result.rowcount or 0


def remove_courses(session: Session, *, user_id: int, course_ids: Iterable[int]) -> None:
    """Drop these courses from both lists (after they were bought)."""
    ids = list(course_ids)
    if ids:
        session.execute(delete(CartEntry).where(col(CartEntry.user_id) == user_id, col(CartEntry.course_id).in_(ids)))
        session.flush()


def _course_ids(values: Iterable[object]) -> list[int]:
    """Course ids from a local-storage list: cart items (dicts with ``id``, or :class:`CartItem`) or bare ids;
    junk is skipped.

    Junk includes numbers no record can have (0, negative, beyond the id columns' range).
    """
    ids: list[int] = []
    for value in values or []:
        if isinstance(value, CartItem):
            raw: object = value.id
        elif isinstance(value, dict):
            raw = value.get("id", value.get("_id"))
        else:
            raw = value
        course_id = parse_id(raw)
        if course_id is not None and course_id not in ids:
            ids.append(course_id)
    return ids


def merge_local_cart(
    session: Session, *, user_id: int, items: Iterable[object] = (), saved: Iterable[object] = ()
) -> Cart:
    """Fold a browser's local cart into the server cart (at login, or when a device syncs).

    Courses the server already holds keep their place; unknown, owned and unsellable courses (no longer
    published, free, the learner's own) are skipped silently, since a stale local cart is not the learner's mistake.

    Returns:
        The merged cart, shaped like :func:`get_cart`.
    """
    wanted = [(cid, False) for cid in _course_ids(items)] + [(cid, True) for cid in _course_ids(saved)]
    known = {e.course_id for e in _entries(session, user_id)}
    ids = [cid for cid, _ in wanted]
    for_sale = (  # what add_to_cart would take: published, paid, taught by someone else
        select(Course.id)
        .join(Instructor, col(Instructor.id) == Course.instructor_id)
        .where(col(Course.id).in_(ids), published(), col(Course.price_kobo) > 0, Instructor.user_id != user_id)
    )
    existing = set(session.exec(for_sale).all()) if ids else set()
    owned = owned_course_ids(session, user_id, ids)
    for course_id, is_saved in wanted:
        if course_id in known or course_id not in existing or course_id in owned:
            continue
        # A concurrent merge (another device signing in) may have added it first: it keeps that place.
        _insert(session, user_id, course_id, saved=is_saved)
        known.add(course_id)
    session.flush()
    return get_cart(session, user_id=user_id)
