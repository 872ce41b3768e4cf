"""Questions and answers under a lesson: learners ask, the instructor and other learners answer, votes rank."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class LessonQuestion(SQLModel, table=True):
    """A question asked under one section (lesson) of a course; counts kept here for sorting a page cheaply."""

    __tablename__ = "lesson_questions"
    __table_args__ = (
        Index("ix_lesson_questions_section_new", "section_id", "created_at"),
        Index("ix_lesson_questions_author_new", "author_id", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    course_id: int = Field(foreign_key="courses.id", index=True, ondelete="CASCADE")
    section_id: int = Field(foreign_key="sections.id", ondelete="CASCADE")
    author_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    body: str = Field(max_length=2000)
    created_at: datetime = Field(default_factory=utcnow)
    upvotes: int = 0
    answer_count: int = 0


class LessonAnswer(SQLModel, table=True):
    """An answer to a lesson question; ``by_instructor`` marks the course's own teacher."""

    __tablename__ = "lesson_answers"
    __table_args__ = (Index("ix_lesson_answers_author_new", "author_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    question_id: int = Field(foreign_key="lesson_questions.id", index=True, ondelete="CASCADE")
    author_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    body: str = Field(max_length=2000)
    by_instructor: bool = False
    created_at: datetime = Field(default_factory=utcnow)


class QuestionVote(SQLModel, table=True):
    """One person's upvote of a question; at most one each."""

    __tablename__ = "question_votes"
    __table_args__ = (UniqueConstraint("question_id", "user_id", name="uq_question_vote"),)

    id: int | None = Field(default=None, primary_key=True)
    question_id: int = Field(foreign_key="lesson_questions.id", index=True, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
