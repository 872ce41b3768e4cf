"""What a learner's cart shows: its items priced from the database, read as plain rows of a card's columns.

The writes (add, move, save for later, remove, the login merge) are :mod:`marketplace.domain.cart`'s, which also
answers these reads under the same names, so callers use the one module; the reads live here so that pricing and
reading stay apart from the rules of changing the cart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import ColumnElement, Exists, bindparam
from sqlalchemy import select as core_select
from sqlmodel import Session, col, func, select

from marketplace.db.engine import AnyRow, row_reader
from marketplace.db.models import CartEntry, Course, Enrollment
from marketplace.db.tables import CART_ENTRIES, COURSES, ENROLLMENTS, INSTRUCTORS, USERS
from marketplace.domain.catalog_cards import CARD_COLUMNS, course_fields
from marketplace.domain.catalog_visibility import PUBLISHED, check_for_sale
from marketplace.domain.errors import NotFound
from marketplace.domain.pricing import price_cart
from marketplace.shapes.commerce import Cart, CartItem

COURSE_NOT_FOUND = "Course not found."


def owned_course_ids(session: Session, user_id: int, course_ids: Iterable[int] | None = None) -> set[int]:
    """The ids of courses the user is enrolled in (limited to ``course_ids`` when given)."""
    query = select(Enrollment.course_id).where(Enrollment.user_id == user_id)
    if course_ids is not None:
        query = query.where(col(Enrollment.course_id).in_(list(course_ids)))
    return set(session.exec(query).all())


def cart_item(course: Course | AnyRow, instructor_name: str) -> CartItem:
    """A course as a Cart item, priced from the database: exact naira and its text (``NGN15,000``).

    The one builder of cart items: the server cart and a visitor's browser cart both come from here. The price,
    rating and picture fields are the catalog's own (:func:`course_fields`), so a course reads the same everywhere.
    """
    fields = course_fields(course, [])
    return CartItem.model_validate({**fields, "image": fields["thumbnail"], "instructor": instructor_name})


# Cart items are read as plain rows of a card's columns: each published course with its teacher's name.
ITEM_ROWS = (
    core_select(*CARD_COLUMNS, USERS.c.first_name.label("teacher_first"), USERS.c.last_name.label("teacher_last"))
    .join(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id)
    .join(USERS, USERS.c.id == INSTRUCTORS.c.user_id)
    .where(COURSES.c.status == PUBLISHED)
)


def owned_by_learner(course_id: ColumnElement[int]) -> Exists:
    """Whether the learner (bound as ``user_id``) is enrolled in the course ``course_id`` names."""
    return (
        core_select(ENROLLMENTS.c.id)
        .where(ENROLLMENTS.c.user_id == bindparam("user_id"), ENROLLMENTS.c.course_id == course_id)
        .exists()
    )


# A learner's entries with their items, in the order added, leaving out courses the learner has come to own.
_CART_ROWS = (
    ITEM_ROWS.add_columns(CART_ENTRIES.c.saved.label("entry_saved"))
    .join(CART_ENTRIES, CART_ENTRIES.c.course_id == COURSES.c.id)
    .where(CART_ENTRIES.c.user_id == bindparam("user_id"), ~owned_by_learner(CART_ENTRIES.c.course_id))
    .order_by(CART_ENTRIES.c.created_at, CART_ENTRIES.c.id)
)


def _item(row: AnyRow) -> CartItem:
    return cart_item(row, f"{row.teacher_first} {row.teacher_last}".strip())


def cart_items(session: Session, course_ids: Iterable[int]) -> dict[int, CartItem]:
    """Cart items of these courses, by course id (unknown ids and courses no longer published are left out)."""
    ids = list(course_ids)
    if not ids:
        return {}
    rows = row_reader(session).execute(ITEM_ROWS.where(COURSES.c.id.in_(ids))).all()
    return {row.id: _item(row) for row in rows}


def course_item(session: Session, course_id: int, user_id: int | None = None) -> CartItem:
    """One course as a Cart item (a visitor's cart and Buy Now are filled from here).

    Raises:
        NotFound: no such course (or a draft).
        Conflict: unpublished, or free ("This course is free: enroll instead.").
        Forbidden: ``user_id`` teaches it ("You teach this course.").
    """
    check_for_sale(session, session.get(Course, course_id), user_id)
    item = cart_items(session, [course_id]).get(course_id)
    if item is None:
        raise NotFound(COURSE_NOT_FOUND)
    return item


def priced(items: list[CartItem], saved: list[CartItem]) -> Cart:
    """A cart of these lists, its count and its totals priced by the one pricing module."""
    totals = price_cart(item.price for item in items).shape()
    return Cart(items=items, saved_for_later=saved, count=len(items), totals=totals)


def reprice(session: Session, shown: Cart) -> Cart:
    """A browser-held cart with each course's item read again from the database (price, title, picture).

    A visitor's cart lives in their browser, which may hold an old price or anything typed into it; the lists
    keep their order, and courses that no longer exist are dropped.
    """
    fresh = cart_items(session, [item.id for item in [*shown.items, *shown.saved_for_later]])
    return priced(
        [fresh[item.id] for item in shown.items if item.id in fresh],
        [fresh[item.id] for item in shown.saved_for_later if item.id in fresh],
    )


def get_cart(session: Session, *, user_id: int) -> Cart:
    """The learner's cart (``items``, ``savedForLater``, count and totals) in the order things were added.

    Courses the learner has come to own (bought on another device, say) are left out; so are courses no longer
    published. One query.
    """
    return cart_of(row_reader(session).execute(_CART_ROWS, {"user_id": user_id}).all())


def cart_of(rows: Sequence[AnyRow]) -> Cart:
    """The cart of a learner's entry rows (their item's columns and ``entry_saved``), in the rows' order."""
    return priced([_item(row) for row in rows if not row.entry_saved], [_item(row) for row in rows if row.entry_saved])


def cart_count(session: Session, *, user_id: int) -> int:
    """How many courses are in the cart (not counting saved ones): the header badge."""
    owned = select(Enrollment.course_id).where(Enrollment.user_id == user_id)
    query = select(func.count()).where(
        CartEntry.user_id == user_id, col(CartEntry.saved).is_(False), col(CartEntry.course_id).not_in(owned)
    )
    return session.exec(query).one()
