"""Instructors answer reviews: only the instructor the review is about, the reviewer is told, text stays text."""

import pytest
from sqlmodel import select

from marketplace.db.models import Notification, User
from marketplace.domain.errors import DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.review_replies import may_reply, reply_to_review
from marketplace.domain.review_writing import add_review
from marketplace.domain.reviews import list_reviews
from tests.factories import enroll, make_course, make_instructor, make_user


def _reviewed_course(session):
    """A course by a fresh instructor, and a learner's review of it."""
    teacher = make_instructor(session, first_name="Segun")
    course = make_course(session, instructor=teacher, title="Docker Basics")
    learner = make_user(session, first_name="Ngozi", last_name="Ade")
    enroll(session, learner, course)
    review = add_review(
        session, author_id=learner.id, target_type="Course", target_id=course.id, rating=4, comment="Good"
    )
    session.commit()
    return teacher, course, learner, review


def _notifications(session, user_id):
    return session.exec(select(Notification).where(Notification.user_id == user_id)).all()


def test_the_instructor_answers_and_the_reviewer_is_told(session):
    teacher, course, learner, review = _reviewed_course(session)
    answered = reply_to_review(session, user_id=teacher.user_id, review_id=review.id, reply="  Thank you!  ")
    session.commit()
    assert answered.reply == "Thank you!" and answered.replied_at
    assert answered.reply_date_text and answered.model_dump(by_alias=True)["repliedAt"] == answered.replied_at
    listed = list_reviews(session, target_type="Course", target_id=course.id).reviews
    assert [(r.comment, r.reply) for r in listed] == [("Good", "Thank you!")]
    (told,) = [n for n in _notifications(session, learner.id) if n.kind == "reply"]
    teacher_user = session.get(User, teacher.user_id)
    assert told.text == f"Segun {teacher_user.last_name} replied to your review of Docker Basics."
    assert told.link == f"/courses/{course.id}#reviews"


def test_writing_again_replaces_the_answer(session):
    teacher, course, learner, review = _reviewed_course(session)
    reply_to_review(session, user_id=teacher.user_id, review_id=review.id, reply="First")
    reply_to_review(session, user_id=teacher.user_id, review_id=review.id, reply="Second")
    session.commit()
    (listed,) = list_reviews(session, target_type="Course", target_id=course.id).reviews
    assert listed.reply == "Second"
    texts = [n.text for n in _notifications(session, learner.id) if n.kind == "reply"]
    assert any("updated their reply" in text for text in texts)


def test_only_the_instructor_of_the_course_may_answer(session):
    teacher, course, learner, review = _reviewed_course(session)
    other_teacher = make_instructor(session)
    for stranger in (learner.id, other_teacher.user_id):
        with pytest.raises(Forbidden):
            reply_to_review(session, user_id=stranger, review_id=review.id, reply="Me too")
    with pytest.raises(Unauthorized):
        reply_to_review(session, user_id=None, review_id=review.id, reply="Hi")
    with pytest.raises(NotFound):
        reply_to_review(session, user_id=teacher.user_id, review_id=987654, reply="Hi")
    assert may_reply(session, user_id=teacher.user_id, target_type="Course", target_id=course.id)
    assert not may_reply(session, user_id=other_teacher.user_id, target_type="Course", target_id=course.id)
    assert not may_reply(session, user_id=None, target_type="Course", target_id=course.id)
    assert not may_reply(session, user_id=teacher.user_id, target_type="Course", target_id=987654)


@pytest.mark.parametrize(("reply", "message"), [("  ", "Please write your reply."), ("x" * 2001, None)])
def test_blank_and_too_long_answers_are_refused(session, reply, message):
    teacher, _course, _learner, review = _reviewed_course(session)
    with pytest.raises(DomainError) as refused:
        reply_to_review(session, user_id=teacher.user_id, review_id=review.id, reply=reply)
    assert refused.value.message == (message or "Please keep your reply under 2000 characters.")


def test_a_mentor_answers_reviews_of_themselves(session):
    teacher, _course, learner, _review = _reviewed_course(session)
    review = add_review(
        session, author_id=learner.id, target_type="Instructor", target_id=teacher.id, rating=5, comment="Kind"
    )
    answered = reply_to_review(session, user_id=teacher.user_id, review_id=review.id, reply="<b>Thanks</b>")
    session.commit()
    assert answered.reply == "<b>Thanks</b>"  # stored as text; pages render it as text
    assert may_reply(session, user_id=teacher.user_id, target_type="Instructor", target_id=teacher.id)
    (told,) = [n for n in _notifications(session, learner.id) if n.kind == "reply"]
    assert told.link == f"/mentors/{teacher.id}#reviews"
