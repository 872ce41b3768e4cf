"""GET /api/courses/{id} answers the course page's essentials: subtitle, language, learn, requirements, audience."""

from __future__ import annotations

from tests.factories import make_course


def test_the_course_answers_its_essentials_to_anyone(api_client, session):
    course = make_course(
        session,
        subtitle="Pro photos with your phone",
        language="Nigerian Pidgin",
        learn=["Use window light", "Edit on your phone"],
        requirements=["Any smartphone"],
        audience=["Online sellers"],
    )
    answer = api_client.get(f"/api/courses/{course.id}")  # no login: a visitor decides before buying
    assert answer.status_code == 200
    body = answer.json()
    assert {k: body[k] for k in ("subtitle", "language", "learn", "requirements", "audience")} == {
        "subtitle": "Pro photos with your phone",
        "language": "Nigerian Pidgin",
        "learn": ["Use window light", "Edit on your phone"],
        "requirements": ["Any smartphone"],
        "audience": ["Online sellers"],
    }


def test_the_openapi_document_names_the_essentials(api_client):
    schema = api_client.get("/api/openapi.json").json()["components"]["schemas"]["CourseDetail"]["properties"]
    assert schema["learn"]["type"] == "array" and schema["learn"]["items"]["type"] == "string"
    assert {"subtitle", "language", "requirements", "audience"} <= set(schema)
