"""API routes: questions and answers under the lessons of a course (enrolled learners and the instructor)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep, committed_and_rung
from marketplace.domain import lesson_qa
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.questions import Question, QuestionPage, VoteResult

router = APIRouter(tags=["lesson Q&A"], route_class=CommitOnReturnRoute)

Id = Annotated[int, Path(ge=1, le=MAX_ID)]


class QuestionIn(BaseModel):
    """A question under a lesson. Length is checked by the domain, so the message is the product's own."""

    section_id: int = Field(alias="sectionId", ge=1, le=MAX_ID)
    body: str = Field(max_length=lesson_qa.MAX_LENGTH * 4)


class AnswerIn(BaseModel):
    """An answer to a question."""

    body: str = Field(max_length=lesson_qa.MAX_LENGTH * 4)


class VoteIn(BaseModel):
    """An upvote, or taking it back."""

    up: bool = True


@router.get("/courses/{course_id}/questions")
def questions(
    session: SessionDep,
    user: CurrentUser,
    course_id: Id,
    section_id: Annotated[int | None, Query(alias="sectionId", ge=1, le=MAX_ID)] = None,
    sort: Literal["newest", "top"] = "newest",
    page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1,
) -> QuestionPage:
    """One page of a course's (or one lesson's) questions with their answers, newest or most upvoted first."""
    assert user.id is not None
    return lesson_qa.list_questions(
        session, user_id=user.id, course_id=course_id, section_id=section_id, sort=sort, page=page
    )


@router.post("/courses/{course_id}/questions", status_code=201)
def ask(session: SessionDep, user: CurrentUser, course_id: Id, body: QuestionIn) -> Question:
    """Ask under a lesson; the instructor is told."""
    assert user.id is not None
    question = lesson_qa.ask(session, user_id=user.id, course_id=course_id, section_id=body.section_id, body=body.body)
    committed_and_rung(session)
    return question


@router.post("/questions/{question_id}/answers", status_code=201)
def answer(session: SessionDep, user: CurrentUser, question_id: Id, body: AnswerIn) -> Question:
    """Answer a question; the asker is told, and the instructor's answers are marked."""
    assert user.id is not None
    question = lesson_qa.answer(session, user_id=user.id, question_id=question_id, body=body.body)
    committed_and_rung(session)
    return question


@router.post("/questions/{question_id}/vote")
def vote(session: SessionDep, user: CurrentUser, question_id: Id, body: VoteIn) -> VoteResult:
    """Upvote a question or take the vote back; doing it twice is harmless."""
    assert user.id is not None
    return lesson_qa.vote(session, user_id=user.id, question_id=question_id, up=body.up)
