"""Over HTTP: becoming an instructor, enrolling in a free course, and what a draft or unpublished course answers."""

from __future__ import annotations

from marketplace.db.models import User
from marketplace.domain.sessions import issue_token
from marketplace.settings import settings
from tests.factories import enroll, make_course, make_instructor, make_user

APPLICATION = {
    "title": "Senior Data Analyst",
    "about": "Eight years turning Lagos bank data into decisions, taught with real files.",
    "expertise": ["Excel", "SQL"],
    "experience": "Led a bank's analytics team.",
    "linkedin": "https://www.linkedin.com/in/adaeze",
}


def _auth(session, user):
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def test_teach_terms_come_from_the_settings(api_client):
    body = api_client.get("/api/teach").json()
    fee = settings.platform_fee_percent
    assert body == {"platformFeePercent": fee, "instructorSharePercent": 100 - fee, "currency": "NGN"}


def test_a_learner_becomes_an_instructor_and_their_teacher_page_is_public(api_client, session):
    learner = make_user(session, first_name="Adaeze", last_name="Obi")
    headers = _auth(session, learner)
    response = api_client.post("/api/instructors/me", json=APPLICATION, headers=headers)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["user"]["role"] == "instructor" and body["studioUrl"] == "/studio"
    assert body["teacherUrl"] == f"/teacher/{body['instructorId']}"
    page = api_client.get(f"/api/mentors/{body['instructorId']}").json()
    assert (page["name"], page["title"], page["expertise"]) == ("Adaeze Obi", "Senior Data Analyst", ["Excel", "SQL"])
    again = api_client.post("/api/instructors/me", json=APPLICATION, headers=headers)
    assert (again.status_code, again.json()["message"]) == (409, "You are already an instructor. Go to your studio.")


def test_the_form_names_the_broken_field_and_a_visitor_is_refused(api_client, session):
    headers = _auth(session, make_user(session))
    response = api_client.post("/api/instructors/me", json={**APPLICATION, "about": "Short."}, headers=headers)
    assert response.status_code == 422
    assert response.json()["field"] == "about" and "at least 30 characters" in response.json()["message"]
    assert api_client.post("/api/instructors/me", json=APPLICATION).status_code == 401
    huge = api_client.post("/api/instructors/me", json={**APPLICATION, "expertise": ["x"] * 101}, headers=headers)
    assert huge.status_code == 422  # refused on the wire before any rule reads it


def test_enroll_for_free_then_the_course_is_the_learners(api_client, session):
    course = make_course(session, price_kobo=0, title="Free Bookkeeping")
    headers = _auth(session, make_user(session))
    assert api_client.get(f"/api/courses/{course.id}").json()["priceText"] == "Free"
    response = api_client.post(f"/api/courses/{course.id}/enroll", headers=headers)
    assert response.status_code == 201, response.text
    assert response.json() == {"courseId": course.id, "enrolled": True, "playerUrl": f"/order-complete/{course.id}"}
    assert api_client.get(f"/api/courses/{course.id}", headers=headers).json()["enrolled"] is True
    again = api_client.post(f"/api/courses/{course.id}/enroll", headers=headers)
    assert (again.status_code, again.json()["message"]) == (409, "You are already enrolled in this course.")
    assert api_client.post(f"/api/courses/{course.id}/enroll").status_code == 401


def test_enroll_refuses_a_paid_course_and_the_teachers_own(api_client, session):
    teacher = make_instructor(session)
    paid = make_course(session, price_kobo=500_000)
    own_free = make_course(session, instructor=teacher, price_kobo=0)
    learner_headers = _auth(session, make_user(session))
    paid_answer = api_client.post(f"/api/courses/{paid.id}/enroll", headers=learner_headers)
    assert paid_answer.status_code == 400 and "not free" in paid_answer.json()["message"]
    teacher_headers = _auth(session, _user(session, teacher))
    own = api_client.post(f"/api/courses/{own_free.id}/enroll", headers=teacher_headers)
    assert (own.status_code, own.json()["message"]) == (403, "You teach this course.")


def _user(session, instructor):
    return session.get(User, instructor.user_id)


def test_cart_refuses_the_teachers_own_course_and_a_free_one(api_client, session):
    teacher = make_instructor(session)
    own = make_course(session, instructor=teacher)
    free = make_course(session, price_kobo=0)
    headers = _auth(session, _user(session, teacher))
    response = api_client.post("/api/cart/add-to-cart", json={"courseId": own.id}, headers=headers)
    assert (response.status_code, response.json()["message"]) == (403, "You teach this course.")
    response = api_client.post("/api/cart/add-to-cart", json={"courseId": free.id}, headers=headers)
    assert (response.status_code, response.json()["message"]) == (409, "This course is free: enroll instead.")


def test_a_draft_answers_404_to_all_but_its_teacher_and_an_unpublished_course_also_to_its_learners(api_client, session):
    teacher = make_instructor(session)
    draft = make_course(session, instructor=teacher, status="draft")
    closed = make_course(session, instructor=teacher, status="unpublished")
    learner, stranger = make_user(session), make_user(session)
    enroll(session, learner, closed)
    teacher_headers = _auth(session, _user(session, teacher))
    for course_id in (draft.id, closed.id):
        assert api_client.get(f"/api/courses/{course_id}").status_code == 404
        assert api_client.get(f"/api/courses/{course_id}", headers=_auth(session, stranger)).status_code == 404
        assert api_client.get(f"/api/courses/{course_id}/related").status_code == 404
        mine = api_client.get(f"/api/courses/{course_id}", headers=teacher_headers).json()
        assert mine["teaches"] is True
    assert api_client.get(f"/api/courses/{draft.id}", headers=_auth(session, learner)).status_code == 404
    kept = api_client.get(f"/api/courses/{closed.id}", headers=_auth(session, learner)).json()
    assert (kept["status"], kept["enrolled"]) == ("unpublished", True)
    assert api_client.get("/api/courses").json()["total"] == 0
    assert api_client.get("/api/search", params={"q": "course"}).json() == []
