"""The OpenAPI document is honest and bounded, and it (with the docs page) is private in production."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from marketplace.api.app import create_api
from marketplace.settings import Settings

HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


def _document() -> dict:
    return create_api().openapi()


def _resolve(document: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _unbounded_integers(document: dict, schema: dict, where: str) -> list[str]:
    """Integer values (of a parameter, a body field, or a choice of one) without a maximum.

    Array items are not followed: the lists of a local cart or a checkout carry ids the domain parses itself,
    skipping or refusing any number no record can have (``shapes.parse_id``).
    """
    schema = _resolve(document, schema)
    found = []
    if schema.get("type") == "integer" and "maximum" not in schema:
        found.append(where)
    for choice in schema.get("anyOf", []) + schema.get("oneOf", []) + schema.get("allOf", []):
        found += _unbounded_integers(document, choice, where)
    for name, prop in schema.get("properties", {}).items():
        found += _unbounded_integers(document, prop, f"{where}.{name}")
    return found


def _operations(document: dict):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_integer_parameter_and_body_field_has_an_upper_bound():
    document = _document()
    unbounded = []
    for label, operation in _operations(document):
        for parameter in operation.get("parameters", []):
            unbounded += _unbounded_integers(document, parameter["schema"], f"{label} {parameter['name']}")
        for media in operation.get("requestBody", {}).get("content", {}).values():
            unbounded += _unbounded_integers(document, media["schema"], f"{label} body")
    assert unbounded == []


def test_error_answers_are_declared_with_the_message_shape():
    document = _document()
    assert "HTTPValidationError" not in document["components"]["schemas"]  # FastAPI's shape is never sent
    assert set(document["components"]["schemas"]["ErrorBody"]["properties"]) >= {"message", "field"}
    missing = []
    for label, operation in _operations(document):
        responses = operation["responses"]
        needed = {"422"} if label != "GET /api/health" else {"503"}
        if "/cart" in label or "/notifications" in label or "/enrolled-courses" in label:
            needed |= {"401"}
        if "/courses/{course_id}" in label or "/player/" in label:
            needed |= {"404"}
        if "/chats/" in label or "/player/" in label:
            needed |= {"403"}
        for status in needed - set(responses):
            missing.append(f"{label} {status}")
        for status, response in responses.items():
            if status.startswith(("4", "5")):
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorBody"), (label, status)
    assert missing == []


@pytest.mark.parametrize(
    ("env", "flag", "served"),
    [("development", False, True), ("test", False, True), ("production", False, False), ("production", True, True)],
)
def test_docs_and_the_openapi_document_are_off_in_production_unless_asked_for(tmp_path, env, flag, served):
    current = Settings(
        DATA_DIR=tmp_path, MARKETPLACE_ENV=env, SECRET_KEY="x" * 48, API_DOCS_IN_PRODUCTION=str(flag).lower()
    )
    client = TestClient(create_api(current))
    for path in ("/api/docs", "/api/openapi.json"):
        assert (client.get(path).status_code == 200) is served, path
