"""Questions and answers under each lesson (docs/product.md, "Lesson Q&A").

Who: learners enrolled in the course ask, answer and upvote; the course's instructor answers (their answers are
marked) and is told of each new question; the asker is told of each answer. Nobody else reads or writes.
What: plain text (shown as text, never as HTML), 1 to 2,000 characters. How often: at most 10 questions and 30
answers an hour per person, counted from the rows themselves under a per-person lock, so a burst cannot slip
past the count.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from marketplace.db.models import (
    Course,
    Enrollment,
    LessonAnswer,
    LessonQuestion,
    QuestionVote,
    Section,
    User,
)
from marketplace.domain import notifications, rate_limits
from marketplace.domain.catalog_visibility import owner_user_id
from marketplace.domain.errors import DomainError, Forbidden, NotFound, TooManyRequests
from marketplace.domain.shapes import person_name
from marketplace.domain.social_text import initials, time_text
from marketplace.shapes.base import clamp_page, page_count
from marketplace.shapes.questions import Answer, Question, QuestionPage, VoteResult

MAX_LENGTH = 2000
PER_PAGE = 10
MAX_ANSWERS_SHOWN = 50
QUESTIONS_PER_HOUR = 10
ANSWERS_PER_HOUR = 30
SORTS = ("newest", "top")

NOT_ALLOWED = "Only learners enrolled in this course and its instructor can take part in its Q&A."
QUESTION_NOT_FOUND = "Question not found"
SECTION_NOT_FOUND = "Lesson not found"
EMPTY_QUESTION = "Please write your question."
EMPTY_ANSWER = "Please write your answer."
TOO_LONG = f"Please keep it under {MAX_LENGTH:,} characters."
TOO_MANY_QUESTIONS = "You have asked many questions in the last hour. Please wait a little before asking another."
TOO_MANY_ANSWERS = "You have answered many questions in the last hour. Please wait a little before answering again."
OWN_QUESTION = "You cannot upvote your own question."


def _clean(text: str | None, empty_message: str) -> str:
    body = (text or "").strip()
    if not body:
        raise DomainError(empty_message, field="body")
    if len(body) > MAX_LENGTH:
        raise DomainError(TOO_LONG, field="body")
    return body


def _role(session: Session, user_id: int, course: Course) -> str:
    """``instructor``, ``learner`` or raises Forbidden."""
    if owner_user_id(session, course) == user_id:
        return "instructor"
    enrolled = session.exec(
        select(Enrollment.id).where(Enrollment.user_id == user_id, Enrollment.course_id == course.id)
    ).first()
    if enrolled is None:
        raise Forbidden(NOT_ALLOWED)
    return "learner"


def _course_section(session: Session, course_id: int, section_id: int) -> tuple[Course, Section]:
    course = session.get(Course, course_id)
    section = session.get(Section, section_id)
    if course is None or section is None or section.course_id != course_id:
        raise NotFound(SECTION_NOT_FOUND)
    return course, section


def _question(session: Session, question_id: int) -> tuple[LessonQuestion, Course]:
    question = session.get(LessonQuestion, question_id)
    course = session.get(Course, question.course_id) if question is not None else None
    if question is None or course is None:
        raise NotFound(QUESTION_NOT_FOUND)
    return question, course


def _slow_down(session: Session, *, user_id: int, model: type[LessonQuestion] | type[LessonAnswer], limit: int) -> None:
    rate_limits.lock(session, [f"qa:{model.__tablename__}:{user_id}"])
    since = datetime.now(UTC) - timedelta(hours=1)
    recent = session.exec(
        select(func.count()).where(col(model.author_id) == user_id, col(model.created_at) >= since)
    ).one()
    if recent >= limit:
        raise TooManyRequests(TOO_MANY_QUESTIONS if model is LessonQuestion else TOO_MANY_ANSWERS)


def _names(session: Session, user_ids: set[int]) -> dict[int, str]:
    if not user_ids:
        return {}
    rows = session.exec(select(User).where(col(User.id).in_(list(user_ids)))).all()
    return {user.id: person_name(user) or "Learner" for user in rows if user.id is not None}


def _answer_shape(answer: LessonAnswer, name: str) -> Answer:
    return Answer(
        id=answer.id or 0,
        author_name=name,
        author_initials=initials(name),
        body=answer.body,
        by_instructor=answer.by_instructor,
        created_at=answer.created_at,
        time_text=time_text(answer.created_at),
    )


def _shapes(session: Session, questions: list[LessonQuestion], viewer_id: int) -> list[Question]:
    ids = [q.id for q in questions if q.id is not None]
    answers: dict[int, list[LessonAnswer]] = defaultdict(list)
    voted: set[int] = set()
    titles: dict[int, str] = {}
    if ids:
        for answer in session.exec(
            select(LessonAnswer)
            .where(col(LessonAnswer.question_id).in_(ids))
            .order_by(col(LessonAnswer.by_instructor).desc(), col(LessonAnswer.created_at), col(LessonAnswer.id))
        ).all():
            if len(answers[answer.question_id]) < MAX_ANSWERS_SHOWN:
                answers[answer.question_id].append(answer)
        voted = set(
            session.exec(
                select(QuestionVote.question_id).where(
                    col(QuestionVote.question_id).in_(ids), QuestionVote.user_id == viewer_id
                )
            ).all()
        )
        section_ids = list({q.section_id for q in questions})
        rows = session.exec(select(Section.id, Section.title).where(col(Section.id).in_(section_ids))).all()
        titles = {section: title for section, title in rows if section is not None}
    people = {q.author_id for q in questions} | {a.author_id for rows in answers.values() for a in rows}
    names = _names(session, people)
    return [
        Question(
            id=q.id or 0,
            section_id=q.section_id,
            section_title=titles.get(q.section_id, ""),
            author_name=names.get(q.author_id, "Learner"),
            author_initials=initials(names.get(q.author_id, "Learner")),
            body=q.body,
            created_at=q.created_at,
            time_text=time_text(q.created_at),
            upvotes=q.upvotes,
            upvoted=q.id in voted,
            mine=q.author_id == viewer_id,
            answer_count=q.answer_count,
            answers=[_answer_shape(a, names.get(a.author_id, "Learner")) for a in answers.get(q.id or 0, [])],
        )
        for q in questions
    ]


def list_questions(
    session: Session,
    *,
    user_id: int,
    course_id: int,
    section_id: int | None = None,
    sort: str = "newest",
    page: int = 1,
    per_page: int = PER_PAGE,
) -> QuestionPage:
    """One page of a course's questions (one lesson's when ``section_id`` is given), newest or top first."""
    course = session.get(Course, course_id)
    if course is None:
        raise NotFound("Course not found")
    _role(session, user_id, course)
    if section_id is not None:
        _course_section(session, course_id, section_id)
    sort = sort if sort in SORTS else "newest"
    where = [LessonQuestion.course_id == course_id]
    if section_id is not None:
        where.append(LessonQuestion.section_id == section_id)
    total = session.exec(select(func.count()).select_from(LessonQuestion).where(*where)).one()
    page = clamp_page(page, page_count(total, per_page))
    newest = (col(LessonQuestion.created_at).desc(), col(LessonQuestion.id).desc())
    order = newest if sort == "newest" else (col(LessonQuestion.upvotes).desc(), *newest)
    rows = list(
        session.exec(
            select(LessonQuestion).where(*where).order_by(*order).offset((page - 1) * per_page).limit(per_page)
        ).all()
    )
    return QuestionPage(
        data=_shapes(session, rows, user_id),
        total=total,
        page=page,
        pages=page_count(total, per_page),
        per_page=per_page,
        sort=sort,
    )


def ask(session: Session, *, user_id: int, course_id: int, section_id: int, body: str) -> Question:
    """Ask under a lesson; the instructor is told.

    Raises:
        NotFound: no such lesson in that course. Forbidden: not enrolled. DomainError: empty or too long.
        TooManyRequests: more than QUESTIONS_PER_HOUR in the last hour.
    """
    course, section = _course_section(session, course_id, section_id)
    _role(session, user_id, course)
    text = _clean(body, EMPTY_QUESTION)
    _slow_down(session, user_id=user_id, model=LessonQuestion, limit=QUESTIONS_PER_HOUR)
    question = LessonQuestion(course_id=course_id, section_id=section_id, author_id=user_id, body=text)
    session.add(question)
    session.flush()
    teacher = owner_user_id(session, course)
    if teacher is not None and teacher != user_id:
        asker = person_name(session.get(User, user_id)) or "A learner"
        notifications.notify(
            session,
            user_id=teacher,
            kind="question",
            text=f'{asker} asked about "{section.title}" in {course.title}: {text}',
            link=f"/order-complete/{course_id}?lesson={section_id}#qa",
        )
    return _shapes(session, [question], user_id)[0]


def answer(session: Session, *, user_id: int, question_id: int, body: str) -> Question:
    """Answer a question; the asker is told. Answers by the course's instructor are marked.

    Raises:
        NotFound: no such question. Forbidden: neither enrolled nor the instructor. DomainError: empty or too
        long. TooManyRequests: more than ANSWERS_PER_HOUR in the last hour.
    """
    question, course = _question(session, question_id)
    role = _role(session, user_id, course)
    text = _clean(body, EMPTY_ANSWER)
    _slow_down(session, user_id=user_id, model=LessonAnswer, limit=ANSWERS_PER_HOUR)
    session.add(LessonAnswer(question_id=question_id, author_id=user_id, body=text, by_instructor=role == "instructor"))
    session.execute(
        update(LessonQuestion)
        .where(col(LessonQuestion.id) == question_id)
        .values(answer_count=LessonQuestion.answer_count + 1)
    )
    session.flush()
    session.refresh(question)
    if question.author_id != user_id:
        who = "The instructor" if role == "instructor" else (person_name(session.get(User, user_id)) or "A learner")
        notifications.notify(
            session,
            user_id=question.author_id,
            kind="answer",
            text=f"{who} answered your question in {course.title}: {text}",
            link=f"/order-complete/{course.id}?lesson={question.section_id}#qa",
        )
    return _shapes(session, [question], user_id)[0]


def vote(session: Session, *, user_id: int, question_id: int, up: bool = True) -> VoteResult:
    """Upvote a question (or take the vote back); idempotent. One cannot upvote one's own question."""
    question, course = _question(session, question_id)
    _role(session, user_id, course)
    if question.author_id == user_id:
        raise DomainError(OWN_QUESTION)
    existing = session.exec(
        select(QuestionVote).where(QuestionVote.question_id == question_id, QuestionVote.user_id == user_id)
    ).first()
    change = 0
    if up and existing is None:
        try:
            with session.begin_nested():
                session.add(QuestionVote(question_id=question_id, user_id=user_id))
            change = 1
        except IntegrityError:  # a double tap racing this one voted first
            change = 0
    elif not up and existing is not None:
        session.delete(existing)
        change = -1
    if change:
        session.execute(
            update(LessonQuestion)
            .where(col(LessonQuestion.id) == question_id)
            .values(upvotes=LessonQuestion.upvotes + change)
        )
    session.flush()
    session.refresh(question)
    return VoteResult(question_id=question_id, upvotes=question.upvotes, upvoted=up)
