"""A learner edits and deletes their own reviews: only their own, with the form's checks, and the course's or
mentor's rating and count recomputed (each learner counted once, by their latest review)."""

import pytest
from sqlmodel import select

from marketplace.db.models import Course, Instructor, Review
from marketplace.domain.errors import DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.review_edits import delete_review, edit_review
from marketplace.domain.review_writing import add_review
from marketplace.domain.reviews import review_summary
from tests.factories import enroll, make_course, make_instructor, make_user


def _review(session, author, target_id, rating, comment="Good", target_type="Course"):
    review = add_review(
        session, author_id=author.id, target_type=target_type, target_id=target_id, rating=rating, comment=comment
    )
    session.commit()
    return review


def _stored(session, model, target_id):
    row = session.get(model, target_id)
    session.refresh(row)
    return row.rating, row.review_count


@pytest.fixture
def reviewed(session):
    """A course reviewed by Ada (3, then 4) and by Bayo (5)."""
    course = make_course(session)
    ada, bayo = make_user(session), make_user(session)
    for learner in (ada, bayo):
        enroll(session, learner, course)
    first = _review(session, ada, course.id, 3, "First look")
    latest = _review(session, ada, course.id, 4, "After the course")
    _review(session, bayo, course.id, 5)
    assert _stored(session, Course, course.id) == (4.5, 2)
    return course, ada, bayo, first, latest


def test_editing_the_latest_review_moves_the_rating(session, reviewed):
    course, ada, _bayo, _first, latest = reviewed
    edited = edit_review(session, user_id=ada.id, review_id=latest.id, rating=1, comment="  Too fast after all  ")
    session.commit()
    assert (edited.rating, edited.comment, edited.target_title) == (1, "Too fast after all", course.title)
    assert _stored(session, Course, course.id) == (3.0, 2)
    summary = review_summary(session, "Course", course.id)
    assert (summary.average_rating, summary.total_reviews, summary.distribution[1]) == (3.0, 2, 1)


def test_editing_an_earlier_review_keeps_the_latest_counting(session, reviewed):
    course, ada, _bayo, first, _latest = reviewed
    edit_review(session, user_id=ada.id, review_id=first.id, rating=1, comment="Changed my mind")
    session.commit()
    assert _stored(session, Course, course.id) == (4.5, 2)
    assert session.get(Review, first.id).comment == "Changed my mind"


@pytest.mark.parametrize(
    ("rating", "comment", "message"),
    [
        (None, "Nice", "Please add a rating!"),
        (0, "Nice", "Please add a rating!"),
        (4, "   ", "Please add a comment!"),
        (9, "Nice", "The rating must be a whole number from 1 to 5."),
        (4, "x" * 2001, "Please keep your comment under 2000 characters."),
    ],
)
def test_an_edit_goes_through_the_review_forms_checks(session, reviewed, rating, comment, message):
    _course, ada, _bayo, _first, latest = reviewed
    with pytest.raises(DomainError) as refused:
        edit_review(session, user_id=ada.id, review_id=latest.id, rating=rating, comment=comment)
    assert refused.value.message == message
    session.rollback()
    assert (session.get(Review, latest.id).rating, session.get(Review, latest.id).comment) == (4, "After the course")


def test_nobody_edits_or_deletes_another_learners_review(session, reviewed):
    course, _ada, bayo, _first, latest = reviewed
    with pytest.raises(Forbidden) as not_yours:
        edit_review(session, user_id=bayo.id, review_id=latest.id, rating=1, comment="Mine now")
    assert not_yours.value.message == "You can only edit or delete your own reviews."
    with pytest.raises(Forbidden):
        delete_review(session, user_id=bayo.id, review_id=latest.id)
    teacher_user_id = session.get(Instructor, course.instructor_id).user_id
    with pytest.raises(Forbidden):  # not even the course's instructor
        delete_review(session, user_id=teacher_user_id, review_id=latest.id)
    with pytest.raises(Unauthorized):
        delete_review(session, user_id=None, review_id=latest.id)
    with pytest.raises(NotFound) as missing:
        edit_review(session, user_id=bayo.id, review_id=987654, rating=5, comment="Hi")
    assert missing.value.message == "Review not found"
    session.rollback()
    row = session.get(Review, latest.id)
    assert (row.rating, row.comment) == (4, "After the course")


def test_deleting_the_latest_lets_the_earlier_one_count_and_the_last_one_leaves_none(session, reviewed):
    course, ada, bayo, first, latest = reviewed
    removed = delete_review(session, user_id=ada.id, review_id=latest.id)
    session.commit()
    assert (removed.id, removed.target_id, removed.average_rating, removed.total_reviews) == (
        latest.id,
        course.id,
        4.0,
        2,
    )
    assert removed.model_dump(by_alias=True)["type"] == "Course"
    assert session.get(Review, latest.id) is None
    assert _stored(session, Course, course.id) == (4.0, 2)  # Ada's first review (3) counts again
    delete_review(session, user_id=ada.id, review_id=first.id)
    session.commit()
    assert _stored(session, Course, course.id) == (5.0, 1)
    (only,) = session.exec(select(Review).where(Review.target_id == course.id)).all()
    delete_review(session, user_id=bayo.id, review_id=only.id)
    session.commit()
    assert _stored(session, Course, course.id) == (0.0, 0)


def test_a_mentor_review_is_edited_and_deleted_the_same_way(session):
    teacher = make_instructor(session)
    learner = make_user(session)
    enroll(session, learner, make_course(session, instructor=teacher))
    review = _review(session, learner, teacher.id, 2, "Too fast", target_type="Instructor")
    edit_review(session, user_id=learner.id, review_id=review.id, rating=4, comment="Slower now")
    session.commit()
    assert _stored(session, Instructor, teacher.id) == (4.0, 1)
    delete_review(session, user_id=learner.id, review_id=review.id)
    session.commit()
    assert _stored(session, Instructor, teacher.id) == (0.0, 0)
