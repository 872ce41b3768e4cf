"""HTTP: My Courses, the player's refusals in the spec's words, progress and resume."""

from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_course, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def test_enrolled_courses_needs_a_token(api_client):
    answer = api_client.get("/api/enrolled-courses")
    assert answer.status_code == 401
    assert answer.json()["message"] == "You are not authenticated. Please log in."


def test_enrolled_courses_lists_mine_with_progress(api_client, session):
    learner = make_user(session)
    course = make_course(session, sections=2, title="Intro to Go")
    enroll(session, learner, course)
    make_course(session)
    answer = api_client.get("/api/enrolled-courses", headers=_auth(session, learner))
    assert answer.status_code == 200
    body = answer.json()
    assert (body["total"], body["page"], body["pages"]) == (1, 1, 1)
    (card,) = body["courses"]
    assert card["title"] == "Intro to Go" and card["enrolled"] is True
    assert card["progress"]["text"] == "0 of 2 sections"


def test_player_refusals_use_the_spec_messages(api_client, session):
    learner = make_user(session)
    course = make_course(session)
    signed_out = api_client.get(f"/api/player/{course.id}")
    assert (signed_out.status_code, signed_out.json()["message"]) == (401, "Please log in to access this course")
    headers = _auth(session, learner)
    unknown = api_client.get("/api/player/999999", headers=headers)
    assert (unknown.status_code, unknown.json()["message"]) == (404, "Course not found")
    not_enrolled = api_client.get(f"/api/player/{course.id}", headers=headers)
    assert (not_enrolled.status_code, not_enrolled.json()["message"]) == (403, "You are not enrolled in this course")
    bad_token = api_client.get(f"/api/player/{course.id}", headers={"Authorization": "Bearer nonsense"})
    assert bad_token.status_code == 401


def test_progress_resumes_and_completes_over_http(api_client, session):
    learner = make_user(session)
    course = make_course(session, sections=2)
    enroll(session, learner, course)
    headers = _auth(session, learner)
    view = api_client.get(f"/api/player/{course.id}", headers=headers).json()
    first, second = (s["id"] for s in view["sections"])
    assert view["currentSectionId"] == first
    assert view["sections"][0]["kind"] == "native"

    saved = api_client.post(
        f"/api/progress/{course.id}", json={"sectionId": second, "positionSeconds": 42}, headers=headers
    )
    assert saved.status_code == 200 and saved.json()["positionSeconds"] == 42
    again = api_client.get(f"/api/player/{course.id}", headers=headers).json()
    assert (again["currentSectionId"], again["resumePositionSeconds"]) == (second, 42)

    for section_id in (first, second):
        done = api_client.post(
            f"/api/progress/{course.id}/complete", json={"sectionId": section_id, "complete": True}, headers=headers
        )
        assert done.status_code == 200
    assert done.json()["isCompleted"] is True
    card = api_client.get("/api/enrolled-courses", headers=headers).json()["courses"][0]
    assert card["progress"]["isCompleted"] is True and card["progress"]["percent"] == 100

    undone = api_client.post(
        f"/api/progress/{course.id}/complete", json={"sectionId": first, "complete": False}, headers=headers
    )
    assert undone.json()["completedSectionIds"] == [second]
    assert api_client.get(f"/api/progress/{course.id}", headers=headers).json()["text"] == "1 of 2 sections"


def test_progress_refused_for_strangers_and_foreign_sections(api_client, session):
    learner = make_user(session)
    mine, theirs = make_course(session), make_course(session)
    enroll(session, learner, mine)
    headers = _auth(session, learner)
    foreign = api_client.get(f"/api/player/{mine.id}", headers=headers).json()["sections"][0]["id"] + 1000
    refused = api_client.post(
        f"/api/progress/{theirs.id}", json={"sectionId": 1, "positionSeconds": 1}, headers=headers
    )
    assert refused.status_code == 403
    missing = api_client.post(
        f"/api/progress/{mine.id}/complete", json={"sectionId": foreign, "complete": True}, headers=headers
    )
    assert (missing.status_code, missing.json()["message"]) == (404, "Section not found")
    signed_out = api_client.post(f"/api/progress/{mine.id}", json={"sectionId": 1, "positionSeconds": 1})
    assert signed_out.status_code == 401


def test_out_of_range_ids_and_positions_never_reach_the_database_as_errors(api_client, session):
    learner = make_user(session)
    course = make_course(session, sections=1)
    enroll(session, learner, course)
    headers = _auth(session, learner)
    assert api_client.get("/api/player/99999999999", headers=headers).status_code == 422
    section = api_client.get(f"/api/player/{course.id}", headers=headers).json()["sections"][0]["id"]
    saved = api_client.post(
        f"/api/progress/{course.id}", json={"sectionId": section, "positionSeconds": 10**12}, headers=headers
    )
    assert saved.status_code == 200 and saved.json()["positionSeconds"] == 7 * 24 * 3600
