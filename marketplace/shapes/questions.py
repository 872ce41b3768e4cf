"""Lesson Q&A shapes: a question under a lesson with its answers, as the player's Q&A tab shows them."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from marketplace.shapes.base import Page, Shape


class Answer(Shape):
    """One answer; ``by_instructor`` is shown as a mark next to the name."""

    id: int = 0
    author_name: str = ""
    author_initials: str = "?"
    body: str = ""
    by_instructor: bool = False
    created_at: datetime | None = None
    time_text: str = ""


class Question(Shape):
    """A question with its answers (instructor's first, then oldest first) and its votes."""

    id: int = 0
    section_id: int = 0
    section_title: str = ""
    author_name: str = ""
    author_initials: str = "?"
    body: str = ""
    created_at: datetime | None = None
    time_text: str = ""
    upvotes: int = 0
    upvoted: bool = False  # by the viewer
    mine: bool = False  # the viewer asked it (one cannot upvote one's own)
    answer_count: int = 0
    answers: list[Answer] = Field(default_factory=list)


class QuestionPage(Page[Question]):
    """One page of a lesson's questions, and how they are sorted (``newest`` or ``top``)."""

    sort: str = "newest"


class VoteResult(Shape):
    """A question's votes after the caller's vote."""

    question_id: int
    upvotes: int
    upvoted: bool
