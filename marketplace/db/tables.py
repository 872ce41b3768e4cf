"""The models' tables, for the hot reads written as prebuilt Core statements and read as plain rows
(:func:`marketplace.db.engine.row_reader`): one typed name per table instead of ``Model.__table__`` in each module."""

from __future__ import annotations

from typing import cast

from sqlalchemy import Table

from marketplace.db.models import (
    CartEntry,
    Category,
    Course,
    CourseCategory,
    Enrollment,
    Instructor,
    Notification,
    Review,
    Section,
    User,
)


def _table(model: type) -> Table:
    return cast(Table, model.__table__)  # type: ignore[attr-defined]


CART_ENTRIES = _table(CartEntry)
CATEGORIES = _table(Category)
COURSE_CATEGORIES = _table(CourseCategory)
COURSES = _table(Course)
ENROLLMENTS = _table(Enrollment)
INSTRUCTORS = _table(Instructor)
NOTIFICATIONS = _table(Notification)
REVIEWS = _table(Review)
SECTIONS = _table(Section)
USERS = _table(User)
