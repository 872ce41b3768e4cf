"""The wishlist (docs/product.md, "Wishlist"): courses a learner hearts, kept on the server.

A heart on a course card or page adds or removes the course; /profile lists the hearted courses newest first,
each with Add To Cart. Courses the learner already owns stay listed (marked enrolled) so nothing vanishes
without a word; a course that is deleted leaves the list with it, and one its instructor unpublished is shown
only to learners who own it (docs/product.md, "Catalog visibility").
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course, Enrollment, WishlistEntry
from marketplace.domain.cart import owned_course_ids
from marketplace.domain.catalog_cards import course_cards
from marketplace.domain.catalog_visibility import may_see, published
from marketplace.domain.errors import DomainError, NotFound
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.catalog import CourseCard

PER_PAGE = 12
MAX_ENTRIES = 500  # a list longer than this is a catalogue, not a wishlist
COURSE_NOT_FOUND = "Course not found"


def _entry(session: Session, user_id: int, course_id: int) -> WishlistEntry | None:
    return session.exec(
        select(WishlistEntry).where(WishlistEntry.user_id == user_id, WishlistEntry.course_id == course_id)
    ).first()


def add(session: Session, *, user_id: int, course_id: int) -> bool:
    """Heart a course; idempotent. True when it was added now, False when it was already there.

    Raises:
        NotFound: the course does not exist.
        DomainError: the list is full.
    """
    course = session.get(Course, course_id)
    if course is None or not may_see(session, user_id, course):
        raise NotFound(COURSE_NOT_FOUND)
    if _entry(session, user_id, course_id) is not None:
        return False
    count = session.exec(select(func.count()).where(WishlistEntry.user_id == user_id)).one()
    if count >= MAX_ENTRIES:
        raise DomainError(f"Your wishlist is full ({MAX_ENTRIES} courses). Remove one to add another.")
    try:
        with session.begin_nested():  # a double tap racing this one may insert first: the same outcome
            session.add(WishlistEntry(user_id=user_id, course_id=course_id))
    except IntegrityError:
        return False
    return True


def remove(session: Session, *, user_id: int, course_id: int) -> bool:
    """Un-heart a course; idempotent. True when it was there."""
    entry = _entry(session, user_id, course_id)
    if entry is None:
        return False
    session.delete(entry)
    session.flush()
    return True


def course_ids(session: Session, *, user_id: int) -> list[int]:
    """The hearted course ids (for drawing the hearts on a page of cards), newest first."""
    return list(
        session.exec(
            select(WishlistEntry.course_id)
            .where(WishlistEntry.user_id == user_id)
            .order_by(col(WishlistEntry.created_at).desc(), col(WishlistEntry.id).desc())
            .limit(MAX_ENTRIES)
        ).all()
    )


def _listed(user_id: int) -> ColumnElement[bool]:
    """Published courses, and the ones the learner owns whatever their status."""
    owned = select(Enrollment.course_id).where(Enrollment.user_id == user_id)
    return or_(published(), col(Course.id).in_(owned))


def list_courses(session: Session, *, user_id: int, page: int = 1, per_page: int = PER_PAGE) -> Page[CourseCard]:
    """One page of the hearted courses as cards, newest first, each marked enrolled when owned."""
    shown = (WishlistEntry.user_id == user_id, _listed(user_id))
    total = session.exec(
        select(func.count())
        .select_from(WishlistEntry)
        .join(Course, col(Course.id) == WishlistEntry.course_id)
        .where(*shown)
    ).one()
    page = clamp_page(page, page_count(total, per_page))
    courses = session.exec(
        select(Course)
        .join(WishlistEntry, col(WishlistEntry.course_id) == Course.id)
        .where(*shown)
        .order_by(col(WishlistEntry.created_at).desc(), col(WishlistEntry.id).desc())
        .offset(Page.offset(page, per_page))
        .limit(per_page)
    ).all()
    cards = course_cards(session, courses)
    owned = owned_course_ids(session, user_id, [card.id for card in cards])
    for card in cards:
        card.enrolled = card.id in owned
    return Page[CourseCard].of(cards, total=total, page=page, per_page=per_page)
