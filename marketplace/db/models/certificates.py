"""Certificates of completion: one per learner and course, issued when every section is complete."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class Certificate(SQLModel, table=True):
    """A certificate as issued: the names are copied at issue time, so it reads the same years later.

    The code is public (anyone holding it can verify the certificate); nothing private is kept here.
    """

    __tablename__ = "certificates"
    __table_args__ = (UniqueConstraint("user_id", "course_id", name="uq_certificate_user_course"),)

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=20, unique=True, index=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    course_id: int = Field(foreign_key="courses.id", index=True, ondelete="CASCADE")
    learner_name: str = Field(max_length=200)
    course_title: str = Field(max_length=300)
    instructor_name: str = Field(default="", max_length=200)
    hours: int = 0
    issued_at: datetime = Field(default_factory=utcnow)
