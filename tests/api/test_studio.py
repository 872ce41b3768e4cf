"""HTTP: /api/studio. Every route refuses a guest (401), a learner and another instructor (403); the owner edits,
publishes (each missing piece named), unpublishes and deletes; broken rules come back as 4xx naming their field.
"""

from __future__ import annotations

import pytest

from marketplace.db.models import Course, Section
from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_category, make_instructor, make_upload, make_user


def _auth(session, user_id: int) -> dict:
    from marketplace.db.models import User

    token = issue_token(session, session.get(User, user_id))
    session.commit()
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def owner(session):
    instructor = make_instructor(session)
    return instructor, _auth(session, instructor.user_id)


@pytest.fixture
def course(api_client, owner):
    """A draft with one lesson, made through the API."""
    _, headers = owner
    created = api_client.post("/api/studio/courses", json={"title": "Igbo proverbs"}, headers=headers)
    assert created.status_code == 201, created.text
    course_id = created.json()["id"]
    with_lesson = api_client.post(f"/api/studio/courses/{course_id}/sections", json={"title": "Ilu"}, headers=headers)
    assert with_lesson.status_code == 201
    return course_id, with_lesson.json()["sections"][0]["id"]


def _routes(course_id: int, section_id: int, upload_id: str) -> list[tuple[str, str, dict | None]]:
    """Every studio route on the owner's course, with a body that would succeed for the owner."""
    return [
        ("GET", f"/api/studio/courses/{course_id}", None),
        ("PATCH", f"/api/studio/courses/{course_id}", {"title": "Taken over"}),
        ("POST", f"/api/studio/courses/{course_id}/sections", {"title": "Extra"}),
        ("PATCH", f"/api/studio/sections/{section_id}", {"title": "Renamed"}),
        ("POST", f"/api/studio/sections/{section_id}/move", {"offset": 1}),
        ("PUT", f"/api/studio/courses/{course_id}/thumbnail", {"uploadId": upload_id}),
        ("POST", f"/api/studio/courses/{course_id}/publish", None),
        ("POST", f"/api/studio/courses/{course_id}/unpublish", None),
        ("DELETE", f"/api/studio/sections/{section_id}", None),
        ("DELETE", f"/api/studio/courses/{course_id}", None),
    ]


def _call(api_client, method, path, body, headers):
    return api_client.request(method, path, json=body, headers=headers)


def test_every_route_refuses_guests_learners_and_other_instructors(api_client, session, owner, course):
    course_id, section_id = course
    learner = make_user(session)
    other = make_instructor(session)
    upload = make_upload(session, other.user_id, kind="image")
    as_learner, as_other = _auth(session, learner.id), _auth(session, other.user_id)
    for method, path, body in _routes(course_id, section_id, upload.id):
        guest = _call(api_client, method, path, body, {})
        assert (guest.status_code, guest.json()["message"]) == (401, "You are not authenticated. Please log in."), path
        refused = _call(api_client, method, path, body, as_learner)
        assert (refused.status_code, refused.json()["message"]) == (403, "Only instructors can use the studio."), path
        refused = _call(api_client, method, path, body, as_other)
        assert (refused.status_code, refused.json()["message"]) == (403, "You can only change your own courses."), path
    # The list and the new-course form are the caller's own: a learner and a guest still cannot use them.
    for method, path, body in (("GET", "/api/studio/courses", None), ("POST", "/api/studio/courses", {"title": "X"})):
        assert _call(api_client, method, path, body, {}).status_code == 401
        assert _call(api_client, method, path, body, as_learner).status_code == 403
    assert api_client.get("/api/studio/courses", headers=as_other).json() == []
    # Nothing was changed by any of them.
    draft = api_client.get(f"/api/studio/courses/{course_id}", headers=owner[1]).json()
    assert (draft["title"], [s["title"] for s in draft["sections"]], draft["status"]) == (
        "Igbo proverbs",
        ["Ilu"],
        "draft",
    )


def test_unknown_ids_are_not_found(api_client, owner):
    _, headers = owner
    assert api_client.get("/api/studio/courses/999999", headers=headers).json() == {"message": "Course not found"}
    missing = api_client.patch("/api/studio/sections/999999", json={"title": "x"}, headers=headers)
    assert (missing.status_code, missing.json()["message"]) == (404, "Lesson not found")


def test_the_owner_builds_a_course_and_publishes_it(api_client, session, owner, course):
    instructor, headers = owner
    course_id, section_id = course
    category = make_category(session)
    saved = api_client.patch(
        f"/api/studio/courses/{course_id}",
        json={
            "subtitle": "Wisdom in few words",
            "description": "Proverbs and what they mean",
            "learn": ["Ten proverbs", " "],
            "level": "Intermediate",
            "language": "Igbo",
            "categoryIds": [category.id],
            "price": 15000.5,
            "originalPrice": 20000,
        },
        headers=headers,
    )
    assert saved.status_code == 200, saved.text
    body = saved.json()
    assert {
        k: body[k] for k in ("subtitle", "learn", "level", "language", "categoryIds", "price", "originalPrice")
    } == {
        "subtitle": "Wisdom in few words",
        "learn": ["Ten proverbs"],
        "level": "Intermediate",
        "language": "Igbo",
        "categoryIds": [category.id],
        "price": 15000.5,
        "originalPrice": 20000,
    }
    assert session.get(Course, course_id).price_kobo == 1_500_050

    blocked = api_client.post(f"/api/studio/courses/{course_id}/publish", headers=headers)
    assert blocked.status_code == 422
    assert blocked.json()["problems"] == ["Upload a thumbnail", "Add at least one lesson with a playable video"]
    assert blocked.json()["field"] == "publish" and "Upload a thumbnail" in blocked.json()["message"]

    image = make_upload(session, instructor.user_id, kind="image")
    thumb = api_client.put(f"/api/studio/courses/{course_id}/thumbnail", json={"uploadId": image.id}, headers=headers)
    assert thumb.json()["thumbnail"] == f"/api/media/images/{image.id}.webp"
    lesson = api_client.patch(
        f"/api/studio/sections/{section_id}",
        json={"videoUrl": "https://youtu.be/dQw4w9WgXcQ", "durationSeconds": 600, "isPreview": True},
        headers=headers,
    ).json()["sections"][0]
    assert (lesson["videoUrl"], lesson["durationSeconds"], lesson["isPreview"]) == (
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        600,
        True,
    )
    published = api_client.post(f"/api/studio/courses/{course_id}/publish", headers=headers)
    assert published.status_code == 200
    assert (published.json()["status"], published.json()["publishProblems"]) == ("published", [])
    assert published.json()["publishedAt"]
    assert [r["id"] for r in api_client.get("/api/search?query=proverbs").json()] == [course_id]

    rows = api_client.get("/api/studio/courses", headers=headers).json()
    assert [(r["id"], r["status"], r["students"], r["revenue"]) for r in rows] == [(course_id, "published", 0, 0)]

    gone = api_client.post(f"/api/studio/courses/{course_id}/unpublish", headers=headers)
    assert gone.json()["status"] == "unpublished"
    assert api_client.get("/api/search?query=proverbs").json() == []


def test_lessons_are_added_moved_and_removed(api_client, session, owner, course):
    _, headers = owner
    course_id, first = course
    api_client.post(f"/api/studio/courses/{course_id}/sections", json={"title": "Second"}, headers=headers)
    moved = api_client.post(f"/api/studio/sections/{first}/move", json={"offset": 1}, headers=headers).json()
    assert [(s["title"], s["position"]) for s in moved["sections"]] == [("Second", 0), ("Ilu", 1)]
    left = api_client.delete(f"/api/studio/sections/{moved['sections'][0]['id']}", headers=headers).json()
    assert [(s["title"], s["position"]) for s in left["sections"]] == [("Ilu", 0)]
    assert session.get(Course, course_id).lectures == 1


def test_rules_come_back_as_clear_messages_naming_the_field(api_client, owner, course):
    _, headers = owner
    course_id, section_id = course
    cases = [
        (f"/api/studio/courses/{course_id}", {"title": "  "}, "title", "Add a title for the course."),
        (f"/api/studio/courses/{course_id}", {"price": 10.005}, "price", "can have at most 2 decimal places"),
        (f"/api/studio/courses/{course_id}", {"price": -1}, "price", "The price cannot be negative."),
        (f"/api/studio/courses/{course_id}", {"price": 6_000_000}, "price", "at most ₦5,000,000"),
        (f"/api/studio/courses/{course_id}", {"categoryIds": []}, "categoryIds", "Choose at least one category."),
        (f"/api/studio/courses/{course_id}", {"level": "Guru"}, "level", "Choose a level"),
        (f"/api/studio/courses/{course_id}", {"learn": ["x"] * 11}, "learn", "at most 10 points"),
        (f"/api/studio/sections/{section_id}", {"videoUrl": "https://vimeo.com/1"}, "videoUrl", "Paste a YouTube link"),
        (f"/api/studio/sections/{section_id}", {"durationSeconds": 90000}, "durationSeconds", "0 to 86,400 seconds"),
    ]
    for path, body, field, message in cases:
        answer = api_client.patch(path, json=body, headers=headers)
        assert answer.status_code == 400, (body, answer.text)
        assert answer.json()["field"] == field and message in answer.json()["message"], answer.json()
    malformed = api_client.patch(f"/api/studio/courses/{course_id}", json={"price": "lots"}, headers=headers)
    assert malformed.status_code == 422 and malformed.json()["message"].startswith("price:")
    assert api_client.post("/api/studio/courses", json={"title": ""}, headers=headers).json() == {
        "message": "Add a title for the course.",
        "field": "title",
    }
    # A refused change saves nothing, not even the valid fields sent with it.
    api_client.patch(f"/api/studio/courses/{course_id}", json={"subtitle": "Kept?", "level": "Guru"}, headers=headers)
    assert api_client.get(f"/api/studio/courses/{course_id}", headers=headers).json()["subtitle"] == ""


def test_a_course_with_learners_is_unpublished_not_deleted(api_client, session, owner, course):
    _, headers = owner
    course_id, _ = course
    enroll(session, make_user(session), session.get(Course, course_id))
    refused = api_client.delete(f"/api/studio/courses/{course_id}", headers=headers)
    assert refused.status_code == 409
    assert refused.json()["message"] == "This course has learners enrolled; unpublish it instead."
    assert session.get(Course, course_id) is not None


def test_deleting_an_unsold_course(api_client, session, owner, course):
    _, headers = owner
    course_id, section_id = course
    deleted = api_client.delete(f"/api/studio/courses/{course_id}", headers=headers)
    assert deleted.json() == {"id": course_id, "deleted": True}
    session.expire_all()
    assert session.get(Course, course_id) is None and session.get(Section, section_id) is None
    assert api_client.get(f"/api/studio/courses/{course_id}", headers=headers).status_code == 404
