"""Enroll for free (docs/product.md, "Free courses"): an enrollment with no order and no payment, and the refusals."""

from __future__ import annotations

import pytest
from sqlmodel import select

from marketplace.db.models import CartEntry, Enrollment, Instructor, Order
from marketplace.domain import cart, learning
from marketplace.domain.errors import Conflict, DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.free_enrollment import ALREADY_ENROLLED, LOGIN_FIRST, NOT_FREE, OWN_COURSE, enroll_free
from tests.factories import enroll, make_course, make_instructor, make_user


def test_a_learner_enrolls_in_a_free_course_with_no_order_and_can_watch_it(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, price_kobo=0)
    learner = make_user(session)
    done = enroll_free(session, learner.id, course.id)
    session.commit()
    assert (done.course_id, done.enrolled, done.player_url) == (course.id, True, f"/order-complete/{course.id}")
    enrollment = session.exec(select(Enrollment).where(Enrollment.user_id == learner.id)).one()
    assert (enrollment.course_id, enrollment.order_id) == (course.id, None)
    assert session.exec(select(Order)).all() == []
    session.expire_all()
    assert session.get(Instructor, teacher.id).students_count == 1
    player = learning.player_view(session, user_id=learner.id, course_id=course.id)
    assert (player.course.title, len(player.sections)) == (course.title, 3)


def test_a_stale_cart_entry_of_the_course_goes_when_the_learner_enrolls(session):
    course = make_course(session, price_kobo=0)
    learner = make_user(session)
    session.add(CartEntry(user_id=learner.id, course_id=course.id))
    session.commit()
    enroll_free(session, learner.id, course.id)
    session.commit()
    assert cart.cart_count(session, user_id=learner.id) == 0


def test_a_paid_course_is_refused(session):
    course = make_course(session, price_kobo=500_000)
    learner = make_user(session)
    with pytest.raises(DomainError, match=NOT_FREE):
        enroll_free(session, learner.id, course.id)


def test_a_draft_is_not_found_and_an_unpublished_course_is_not_open(session):
    draft = make_course(session, price_kobo=0, status="draft")
    closed = make_course(session, price_kobo=0, status="unpublished")
    learner = make_user(session)
    for course in (draft, closed):
        with pytest.raises(NotFound):
            enroll_free(session, learner.id, course.id)


def test_enrolling_twice_says_so(session):
    course = make_course(session, price_kobo=0)
    learner = make_user(session)
    enroll(session, learner, course)
    with pytest.raises(Conflict, match=ALREADY_ENROLLED):
        enroll_free(session, learner.id, course.id)


def test_its_instructor_does_not_enroll_and_a_visitor_logs_in_first(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, price_kobo=0)
    with pytest.raises(Forbidden, match=OWN_COURSE):
        enroll_free(session, teacher.user_id, course.id)
    with pytest.raises(Unauthorized, match=LOGIN_FIRST):
        enroll_free(session, None, course.id)
