"""The wishlist: courses a signed-in learner hearted to find again."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class WishlistEntry(SQLModel, table=True):
    """One hearted course; at most one per learner and course."""

    __tablename__ = "wishlist_entries"
    __table_args__ = (UniqueConstraint("user_id", "course_id", name="uq_wishlist_user_course"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)
