"""HTTP: the spec's /review paths, who may post and read, text kept as text, the five-review limit."""

from sqlmodel import Session, col, func, select

from marketplace import realtime
from marketplace.db.engine import get_engine
from marketplace.db.models import Notification, User
from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_course, make_instructor, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _post(api_client, headers, user_id, target_id, rating=5, comment="Great", kind="Course"):
    return api_client.post(
        f"/api/review/addReview/{user_id}/{target_id}?type={kind}",
        json={"rating": rating, "comment": comment},
        headers=headers,
    )


def _enrolled(session, course):
    learner = make_user(session, first_name="Ngozi", last_name="Ade")
    enroll(session, learner, course)
    return learner, _auth(session, learner)


def test_add_review_creates_it_and_updates_the_average(api_client, session):
    course = make_course(session)
    learner, headers = _enrolled(session, course)
    created = _post(api_client, headers, learner.id, course.id, rating=4, comment="Clear lessons")
    assert created.status_code == 201
    review = created.json()
    assert {k: review[k] for k in ("userId", "targetId", "type", "rating", "comment", "courseId")} == {
        "userId": learner.id,
        "targetId": course.id,
        "type": "Course",
        "rating": 4,
        "comment": "Clear lessons",
        "courseId": course.id,
    }
    assert review["authorName"] == "Ngozi Ade" and review["created_at"] and "avatar" in review
    other, other_headers = _enrolled(session, course)
    _post(api_client, other_headers, other.id, course.id, rating=5)
    average = api_client.get(f"/api/review/courseAverage/{course.id}").json()
    assert average == {"status": "success", "data": {"averageRating": 4.5, "totalReviews": 2}}
    summary = api_client.get(f"/api/review/{course.id}/average?type=Course").json()
    assert summary["distribution"] == {"5": 1, "4": 1, "3": 0, "2": 0, "1": 0}


def test_a_learners_second_review_replaces_their_rating_instead_of_adding_one(api_client, session):
    course = make_course(session)
    learner, headers = _enrolled(session, course)
    other, other_headers = _enrolled(session, course)
    _post(api_client, other_headers, other.id, course.id, rating=5)
    _post(api_client, headers, learner.id, course.id, rating=1, comment="Hard at first")
    _post(api_client, headers, learner.id, course.id, rating=4, comment="Clicked in the end")
    average = api_client.get(f"/api/review/courseAverage/{course.id}").json()
    assert average["data"] == {"averageRating": 4.5, "totalReviews": 2}
    listed = api_client.get(f"/api/review/getReviews?targetId={course.id}&type=Course").json()
    assert listed["total"] == 2
    assert [r["comment"] for r in listed["reviews"]] == ["Clicked in the end", "Great"]
    card = api_client.get(f"/api/courses/{course.id}").json()
    assert (card["rating"], card["reviewCount"]) == (4.5, 2)


def test_posting_as_another_user_is_refused(api_client, session):
    course = make_course(session)
    _learner, headers = _enrolled(session, course)
    victim, _ = _enrolled(session, course)
    answer = _post(api_client, headers, victim.id, course.id)
    assert answer.status_code == 403
    assert api_client.get(f"/api/review/courseReviews/{course.id}").json() == []


def test_posting_signed_out_is_refused_with_the_spec_message(api_client, session):
    course = make_course(session)
    answer = _post(api_client, {}, 1, course.id)
    assert (answer.status_code, answer.json()["message"]) == (401, "You must be logged in to submit a review.")


def test_validation_and_enrollment_messages(api_client, session):
    course = make_course(session)
    learner, headers = _enrolled(session, course)
    no_rating = api_client.post(
        f"/api/review/addReview/{learner.id}/{course.id}?type=Course", json={"comment": "Hi"}, headers=headers
    )
    assert (no_rating.status_code, no_rating.json()["message"]) == (400, "Please add a rating!")
    blank = _post(api_client, headers, learner.id, course.id, comment="   ")
    assert blank.json()["message"] == "Please add a comment!"
    outsider = make_user(session)
    refused = _post(api_client, _auth(session, outsider), outsider.id, course.id)
    assert (refused.status_code, refused.json()["message"]) == (
        403,
        "Only learners enrolled in this course can review it.",
    )
    missing = _post(api_client, headers, learner.id, 999999)
    assert (missing.status_code, missing.json()["message"]) == (404, "Course not found")


def test_sixth_review_is_refused_with_the_exact_message(api_client, session):
    course = make_course(session)
    learner, headers = _enrolled(session, course)
    for n in range(5):
        assert _post(api_client, headers, learner.id, course.id, comment=f"Take {n}").status_code == 201
    sixth = _post(api_client, headers, learner.id, course.id, comment="Take 6")
    assert (sixth.status_code, sixth.json()) == (400, {"message": "You have already reviewed this target 5 times."})
    # Five kept (all under My Reviews), one listed and counted: the latest.
    mine = api_client.get(f"/api/review/getReviews/userReviews/{learner.id}", headers=headers).json()
    assert mine["total"] == 5
    listed = api_client.get(f"/api/review/courseReviews/{course.id}").json()
    assert [r["comment"] for r in listed] == ["Take 4"]


def test_script_in_a_comment_comes_back_as_the_literal_text(api_client, session):
    course = make_course(session)
    learner, headers = _enrolled(session, course)
    comment = '<script>alert("x")</script> & <b>bold</b>'
    _post(api_client, headers, learner.id, course.id, comment=comment)
    listed = api_client.get(f"/api/review/getReviews?targetId={course.id}&type=Course").json()
    assert listed["reviews"][0]["comment"] == comment
    assert api_client.get(f"/api/review/courseReviews/{course.id}").json()[0]["comment"] == comment


def test_get_reviews_is_newest_first_and_paginated(api_client, session):
    course = make_course(session)
    ids = []
    for n in range(3):
        learner, headers = _enrolled(session, course)
        ids.append(_post(api_client, headers, learner.id, course.id, comment=f"c{n}").json()["id"])
    page = api_client.get(f"/api/review/getReviews?targetId={course.id}&type=Course&page=1&perPage=2").json()
    assert (page["total"], page["pages"]) == (3, 2)
    assert [r["id"] for r in page["reviews"]] == [ids[2], ids[1]]
    missing = api_client.get("/api/review/getReviews?targetId=999999&type=Course")
    assert (missing.status_code, missing.json()["message"]) == (404, "Course not found")


def test_user_reviews_only_for_the_caller(api_client, session):
    course = make_course(session, title="Budgeting 101")
    learner, headers = _enrolled(session, course)
    _other, other_headers = _enrolled(session, course)
    _post(api_client, headers, learner.id, course.id)
    mine = api_client.get(f"/api/review/getReviews/userReviews/{learner.id}", headers=headers)
    assert mine.status_code == 200
    (review,) = mine.json()["reviews"]
    assert (review["targetTitle"], review["link"]) == ("Budgeting 101", f"/courses/{course.id}")
    assert api_client.get(f"/api/review/getReviews/userReviews/{learner.id}", headers=other_headers).status_code == 403
    assert api_client.get(f"/api/review/getReviews/userReviews/{learner.id}").status_code == 401


def test_mentor_reviews_through_the_api(api_client, session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    learner, headers = _enrolled(session, course)
    created = _post(api_client, headers, learner.id, teacher.id, rating=2, comment="Too fast", kind="Instructor")
    assert created.status_code == 201 and created.json()["type"] == "Instructor"
    summary = api_client.get(f"/api/review/{teacher.id}/average?type=Instructor").json()
    assert (summary["averageRating"], summary["totalReviews"]) == (2.0, 1)
    listed = api_client.get(f"/api/review/getReviews?targetId={teacher.id}&type=Instructor").json()
    assert listed["reviews"][0]["comment"] == "Too fast"


def test_each_review_path_reaches_its_own_route(api_client, session):
    course = make_course(session)
    assert api_client.get(f"/api/review/courseReviews/{course.id}").json() == []
    assert api_client.get(f"/api/review/courseAverage/{course.id}").json()["status"] == "success"
    assert api_client.get(f"/api/review/{course.id}/average").json()["totalReviews"] == 0
    assert api_client.get(f"/api/review/getReviews?targetId={course.id}").json()["reviews"] == []
    assert api_client.get("/api/review/courseAverage/999999").status_code == 404
    assert api_client.get("/api/review/getReviews?targetId=1&type=Pizza").status_code == 400


def test_out_of_range_ids_are_rejected_not_crashing(api_client):
    assert api_client.get("/api/review/courseAverage/99999999999").status_code == 422
    assert api_client.get("/api/review/getReviews?targetId=99999999999").status_code == 422


def test_only_the_courses_instructor_may_answer_a_review_and_the_answer_is_listed(api_client, session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    learner, learner_headers = _enrolled(session, course)
    review = _post(api_client, learner_headers, learner.id, course.id, comment="Loved it").json()
    teacher_headers = _auth(session, session.get(User, teacher.user_id))
    stranger_headers = _auth(session, session.get(User, make_instructor(session).user_id))

    path = f"/api/review/{review['id']}/reply"
    assert api_client.post(path, json={"reply": "Thanks"}).status_code == 401
    for headers in (learner_headers, stranger_headers):
        refused = api_client.post(path, json={"reply": "Thanks"}, headers=headers)
        assert refused.status_code == 403
        assert refused.json()["message"] == "Only the instructor of this course can reply to its reviews."
    blank = api_client.post(path, json={"reply": "   "}, headers=teacher_headers)
    assert blank.status_code == 400 and blank.json()["message"] == "Please write your reply."
    assert api_client.post("/api/review/999999/reply", json={"reply": "Hi"}, headers=teacher_headers).status_code == 404

    answered = api_client.post(path, json={"reply": "<script>alert(1)</script> Thanks"}, headers=teacher_headers)
    assert answered.status_code == 200
    assert answered.json()["reply"] == "<script>alert(1)</script> Thanks"
    listed = api_client.get(f"/api/review/courseReviews/{course.id}").json()
    assert [(r["comment"], r["reply"]) for r in listed] == [("Loved it", "<script>alert(1)</script> Thanks")]
    kinds = [n["kind"] for n in api_client.get("/api/notifications", headers=learner_headers).json()["notifications"]]
    assert "reply" in kinds


def test_every_review_route_documents_its_response_schema(api_client):
    spec = api_client.get("/api/openapi.json").json()
    review_paths = {path: ops for path, ops in spec["paths"].items() if path.startswith("/api/review/")}
    assert len(review_paths) == 8
    for path, ops in review_paths.items():
        for method, op in ops.items():
            ok = next(code for code in op["responses"] if code.startswith("2"))
            schema = op["responses"][ok]["content"]["application/json"]["schema"]
            assert schema.get("$ref") or schema.get("items", {}).get("$ref"), (method, path, schema)
    names = spec["components"]["schemas"]
    assert {"created_at", "authorName", "repliedAt", "type"} <= set(names["Review"]["properties"])
    assert {"averageRating", "totalReviews", "distribution"} <= set(names["ReviewSummary"]["properties"])


def test_a_learner_edits_and_deletes_their_own_review_and_the_rating_follows(api_client, session):
    course = make_course(session, title="Budgeting 101")
    learner, headers = _enrolled(session, course)
    other, other_headers = _enrolled(session, course)
    _post(api_client, other_headers, other.id, course.id, rating=5)
    review = _post(api_client, headers, learner.id, course.id, rating=3, comment="Okay").json()

    edited = api_client.put(f"/api/review/{review['id']}", json={"rating": 1, "comment": " Too fast "}, headers=headers)
    assert edited.status_code == 200
    body = edited.json()
    assert (body["id"], body["rating"], body["comment"], body["targetTitle"]) == (
        review["id"],
        1,
        "Too fast",
        "Budgeting 101",
    )
    assert api_client.get(f"/api/review/courseAverage/{course.id}").json()["data"] == {
        "averageRating": 3.0,
        "totalReviews": 2,
    }
    blank = api_client.put(f"/api/review/{review['id']}", json={"rating": 4, "comment": "  "}, headers=headers)
    assert (blank.status_code, blank.json()["message"]) == (400, "Please add a comment!")
    unrated = api_client.put(f"/api/review/{review['id']}", json={"comment": "Hi"}, headers=headers)
    assert (unrated.status_code, unrated.json()["message"]) == (400, "Please add a rating!")

    removed = api_client.delete(f"/api/review/{review['id']}", headers=headers)
    assert removed.status_code == 200
    assert removed.json() == {
        "id": review["id"],
        "targetId": course.id,
        "type": "Course",
        "averageRating": 5.0,
        "totalReviews": 1,
    }
    assert [r["comment"] for r in api_client.get(f"/api/review/courseReviews/{course.id}").json()] == ["Great"]
    again = api_client.delete(f"/api/review/{review['id']}", headers=headers)
    assert (again.status_code, again.json()["message"]) == (404, "Review not found")


def test_nobody_edits_or_deletes_another_learners_review(api_client, session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    learner, headers = _enrolled(session, course)
    _intruder, intruder_headers = _enrolled(session, course)
    review = _post(api_client, headers, learner.id, course.id, rating=4, comment="Mine").json()
    path = f"/api/review/{review['id']}"
    teacher_headers = _auth(session, session.get(User, teacher.user_id))

    for who in (intruder_headers, teacher_headers):
        edit = api_client.put(path, json={"rating": 1, "comment": "Hacked"}, headers=who)
        assert (edit.status_code, edit.json()["message"]) == (403, "You can only edit or delete your own reviews.")
        assert api_client.delete(path, headers=who).status_code == 403
    assert api_client.put(path, json={"rating": 1, "comment": "Hacked"}).status_code == 401
    assert api_client.delete(path).status_code == 401
    assert api_client.put("/api/review/999999", json={"rating": 1, "comment": "x"}, headers=headers).status_code == 404
    assert api_client.delete("/api/review/999999", headers=headers).status_code == 404
    assert api_client.delete("/api/review/99999999999", headers=headers).status_code == 422

    (kept,) = api_client.get(f"/api/review/courseReviews/{course.id}").json()
    assert (kept["id"], kept["rating"], kept["comment"]) == (review["id"], 4, "Mine")


def test_a_review_and_its_answer_posted_through_the_api_ring_the_bells_after_the_commit(
    api_client, session, db_url, monkeypatch
):
    """As from a page: the teacher's open pages count the review at once, the learner's the answer."""
    rung: list[tuple[set[int], int]] = []

    def ring(user_ids):  # what the pages' bell registers (states/notifications.py)
        with Session(get_engine(db_url)) as other:  # committed: another session sees them
            unread = other.exec(select(func.count(Notification.id)).where(col(Notification.user_id).in_(user_ids)))
            rung.append((user_ids, unread.one()))

    monkeypatch.setattr(realtime, "_ringers", [ring])
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    learner, learner_headers = _enrolled(session, course)
    teacher_headers = _auth(session, session.get(User, teacher.user_id))
    review = _post(api_client, learner_headers, learner.id, course.id, comment="Loved it").json()
    assert rung == [({teacher.user_id}, 1)]
    api_client.post(f"/api/review/{review['id']}/reply", json={"reply": "Thanks"}, headers=teacher_headers)
    assert rung[1] == ({learner.id}, 1)
    refused = api_client.post(f"/api/review/{review['id']}/reply", json={"reply": " "}, headers=teacher_headers)
    assert refused.status_code == 400 and len(rung) == 2  # nothing written, nobody rung
