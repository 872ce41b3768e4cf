"""Certificates over HTTP: earned by finishing, checked by anyone with the code, downloaded as a PDF."""

from __future__ import annotations

from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_course, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _finish_every_section(api_client, course_id: int, headers: dict) -> None:
    sections = [s["id"] for s in api_client.get(f"/api/player/{course_id}", headers=headers).json()["sections"]]
    for section_id in sections:
        done = api_client.post(
            f"/api/progress/{course_id}/complete", json={"sectionId": section_id, "complete": True}, headers=headers
        )
        assert done.status_code == 200


def test_finishing_every_section_earns_a_certificate_anyone_can_check(api_client, session):
    learner = make_user(session, first_name="Ngozi", last_name="Okafor")
    course = make_course(session, sections=2, title="Excel for Small Businesses", hours=6)
    enroll(session, learner, course)
    headers = _auth(session, learner)

    early = api_client.get(f"/api/courses/{course.id}/certificate", headers=headers)
    assert early.status_code == 404
    assert early.json()["message"] == "Finish every section of the course to get its certificate."

    _finish_every_section(api_client, course.id, headers)
    mine = api_client.get(f"/api/courses/{course.id}/certificate", headers=headers)
    assert mine.status_code == 200
    code = mine.json()["code"]

    public = api_client.get(f"/api/certificates/{code}")  # no token: anyone may check it
    assert public.status_code == 200
    body = public.json()
    assert (body["learnerName"], body["courseTitle"], body["hours"]) == (
        "Ngozi Okafor",
        "Excel for Small Businesses",
        6,
    )
    assert body["courseId"] == course.id and body["url"] == f"/certificates/{code}"
    assert learner.email not in public.text and "userId" not in body

    # Un-marking a section later does not take the certificate back.
    first = api_client.get(f"/api/player/{course.id}", headers=headers).json()["sections"][0]["id"]
    api_client.post(
        f"/api/progress/{course.id}/complete", json={"sectionId": first, "complete": False}, headers=headers
    )
    assert api_client.get(f"/api/certificates/{code}").status_code == 200


def test_the_pdf_downloads_with_a_name_that_says_what_it_is(api_client, session):
    learner, course = make_user(session), make_course(session, sections=1)
    enroll(session, learner, course)
    headers = _auth(session, learner)
    _finish_every_section(api_client, course.id, headers)
    code = api_client.get(f"/api/courses/{course.id}/certificate", headers=headers).json()["code"]

    pdf = api_client.get(f"/api/certificates/{code}/pdf")
    assert pdf.status_code == 200
    assert pdf.headers["content-type"] == "application/pdf"
    assert f'filename="naija-learn-certificate-{code}.pdf"' in pdf.headers["content-disposition"]
    assert pdf.content.startswith(b"%PDF-")


def test_unknown_codes_and_strangers_get_nothing(api_client, session):
    assert api_client.get("/api/certificates/NLC-00000-00000").status_code == 404
    assert api_client.get("/api/certificates/NLC-00000-00000/pdf").status_code == 404
    assert api_client.get("/api/certificates/" + "X" * 40).status_code == 422
    course = make_course(session, sections=1)
    assert api_client.get(f"/api/courses/{course.id}/certificate").status_code == 401
    stranger = make_user(session)
    refused = api_client.get(f"/api/courses/{course.id}/certificate", headers=_auth(session, stranger))
    assert refused.status_code == 404
