"""Lesson Q&A over HTTP: who may ask, answer and vote; what they are told; the limits."""

from __future__ import annotations

from sqlmodel import select

from marketplace import realtime
from marketplace.db.models import Notification, Section
from marketplace.domain import lesson_qa
from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_course, make_instructor, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _class(session):
    """A course with its instructor, two enrolled learners and a stranger; the first lesson's id."""
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, sections=2, title="Solar Installation")
    ada, bola, stranger = (
        make_user(session, first_name="Ada"),
        make_user(session, first_name="Bola"),
        make_user(session),
    )
    for learner in (ada, bola):
        enroll(session, learner, course)
    lesson = session.exec(select(Section).where(Section.course_id == course.id).order_by(Section.position)).first()
    return teacher, course, ada, bola, stranger, lesson.id


def _notes(session, user_id: int, kind: str) -> list[Notification]:
    session.expire_all()
    return list(session.exec(select(Notification).where(Notification.user_id == user_id, Notification.kind == kind)))


def test_learners_ask_the_instructor_answers_marked_and_both_are_told(api_client, session):
    teacher, course, ada, bola, _, lesson = _class(session)
    asked = api_client.post(
        f"/api/courses/{course.id}/questions",
        json={"sectionId": lesson, "body": "  Which inverter size for a 3-bedroom flat?  "},
        headers=_auth(session, ada),
    )
    assert asked.status_code == 201
    question = asked.json()
    assert question["body"] == "Which inverter size for a 3-bedroom flat?"
    assert (question["authorName"].startswith("Ada"), question["mine"], question["sectionTitle"]) == (
        True,
        True,
        "Lesson 1",
    )
    (note,) = _notes(session, teacher.user_id, "question")
    assert "Solar Installation" in note.text and note.link == f"/order-complete/{course.id}?lesson={lesson}#qa"

    reply = api_client.post(
        f"/api/questions/{question['id']}/answers",
        json={"body": "Start with 3.5 kVA."},
        headers=_auth(session, session.get(type(ada), teacher.user_id)),
    )
    assert reply.status_code == 201
    peer = api_client.post(
        f"/api/questions/{question['id']}/answers", json={"body": "I used 5 kVA."}, headers=_auth(session, bola)
    )
    answers = peer.json()["answers"]
    assert [a["body"] for a in answers] == ["Start with 3.5 kVA.", "I used 5 kVA."]  # the instructor's first
    assert [a["byInstructor"] for a in answers] == [True, False] and peer.json()["answerCount"] == 2
    assert len(_notes(session, ada.id, "answer")) == 2


def test_votes_rank_questions_once_each_and_never_ones_own(api_client, session):
    _, course, ada, bola, _, lesson = _class(session)
    ada_h, bola_h = _auth(session, ada), _auth(session, bola)
    first = api_client.post(
        f"/api/courses/{course.id}/questions", json={"sectionId": lesson, "body": "First?"}, headers=ada_h
    ).json()
    api_client.post(f"/api/courses/{course.id}/questions", json={"sectionId": lesson, "body": "Second?"}, headers=ada_h)

    own = api_client.post(f"/api/questions/{first['id']}/vote", json={"up": True}, headers=ada_h)
    assert (own.status_code, own.json()["message"]) == (400, "You cannot upvote your own question.")
    for _ in range(2):
        voted = api_client.post(f"/api/questions/{first['id']}/vote", json={"up": True}, headers=bola_h)
        assert voted.json() == {"questionId": first["id"], "upvotes": 1, "upvoted": True}

    newest = api_client.get(f"/api/courses/{course.id}/questions?sectionId={lesson}", headers=bola_h).json()
    top = api_client.get(f"/api/courses/{course.id}/questions?sort=top", headers=bola_h).json()
    assert [q["body"] for q in newest["data"]] == ["Second?", "First?"]
    assert [q["body"] for q in top["data"]] == ["First?", "Second?"] and top["data"][0]["upvoted"] is True
    assert (top["total"], top["sort"]) == (2, "top")

    back = api_client.post(f"/api/questions/{first['id']}/vote", json={"up": False}, headers=bola_h)
    assert back.json()["upvotes"] == 0


def test_strangers_cannot_read_ask_answer_or_vote(api_client, session):
    _, course, ada, _, stranger, lesson = _class(session)
    question = api_client.post(
        f"/api/courses/{course.id}/questions", json={"sectionId": lesson, "body": "Hello?"}, headers=_auth(session, ada)
    ).json()
    headers = _auth(session, stranger)
    calls = [
        api_client.get(f"/api/courses/{course.id}/questions", headers=headers),
        api_client.post(
            f"/api/courses/{course.id}/questions", json={"sectionId": lesson, "body": "x"}, headers=headers
        ),
        api_client.post(f"/api/questions/{question['id']}/answers", json={"body": "x"}, headers=headers),
        api_client.post(f"/api/questions/{question['id']}/vote", json={"up": True}, headers=headers),
    ]
    assert [c.status_code for c in calls] == [403, 403, 403, 403]
    assert calls[0].json()["message"] == lesson_qa.NOT_ALLOWED
    assert api_client.get(f"/api/courses/{course.id}/questions").status_code == 401
    other = make_course(session)
    foreign = api_client.post(
        f"/api/courses/{other.id}/questions", json={"sectionId": lesson, "body": "x"}, headers=_auth(session, ada)
    )
    assert (foreign.status_code, foreign.json()["message"]) == (404, "Lesson not found")


def test_text_rules_and_the_hourly_limit(api_client, session, monkeypatch):
    _, course, ada, _, _, lesson = _class(session)
    headers = _auth(session, ada)
    url = f"/api/courses/{course.id}/questions"
    empty = api_client.post(url, json={"sectionId": lesson, "body": "   "}, headers=headers)
    assert (empty.status_code, empty.json()["message"]) == (400, "Please write your question.")
    long = api_client.post(url, json={"sectionId": lesson, "body": "x" * 2001}, headers=headers)
    assert (long.status_code, long.json()["message"]) == (400, "Please keep it under 2,000 characters.")
    html = api_client.post(url, json={"sectionId": lesson, "body": "<b>bold?</b>"}, headers=headers).json()
    assert html["body"] == "<b>bold?</b>"  # kept as text; the page shows it as text

    monkeypatch.setattr(lesson_qa, "QUESTIONS_PER_HOUR", 2)
    api_client.post(url, json={"sectionId": lesson, "body": "Two?"}, headers=headers)
    slowed = api_client.post(url, json={"sectionId": lesson, "body": "Three?"}, headers=headers)
    assert (slowed.status_code, slowed.json()["message"]) == (429, lesson_qa.TOO_MANY_QUESTIONS)


def test_a_question_and_its_answer_through_the_api_ring_the_bells(api_client, session, monkeypatch):
    rung: list[set[int]] = []

    def ring(user_ids):
        rung.append(user_ids)

    monkeypatch.setattr(realtime, "_ringers", [ring])
    teacher, course, ada, _, _, lesson = _class(session)
    asked = api_client.post(
        f"/api/courses/{course.id}/questions",
        json={"sectionId": lesson, "body": "Which cable?"},
        headers=_auth(session, ada),
    )
    assert rung == [{teacher.user_id}]
    api_client.post(
        f"/api/questions/{asked.json()['id']}/answers",
        json={"body": "4 mm copper."},
        headers=_auth(session, session.get(type(ada), teacher.user_id)),
    )
    assert rung == [{teacher.user_id}, {ada.id}]
