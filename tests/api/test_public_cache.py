"""Anonymous answers of the public catalog API are kept a few seconds per process (api/public_cache.py).

A change written outside this process's sessions (another server process) shows only when the kept answer runs
out; a signed-in caller and any write through this process always see the change at once.
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from marketplace.api import public_cache
from marketplace.db.engine import get_engine
from marketplace.domain.sessions import issue_token
from tests.factories import make_course, make_user


def _retitle_from_another_process(db_url: str, course_id: int, title: str) -> None:
    # A plain connection: not a session of this process, so nothing here learns of the write (like another worker).
    with get_engine(db_url).begin() as connection:
        connection.execute(text("UPDATE courses SET title = :t WHERE id = :i"), {"t": title, "i": course_id})


@pytest.fixture
def course(session):
    course = make_course(session, title="Kept Title")
    session.commit()
    return course


def test_an_anonymous_answer_is_kept_and_a_signed_in_caller_gets_a_fresh_one(api_client, db_url, session, course):
    assert api_client.get(f"/api/courses/{course.id}").json()["title"] == "Kept Title"
    _retitle_from_another_process(db_url, course.id, "Changed Elsewhere")

    assert api_client.get(f"/api/courses/{course.id}").json()["title"] == "Kept Title"
    learner = make_user(session, email="reader@example.com")
    token = issue_token(session, learner)
    session.commit()
    fresh = api_client.get(f"/api/courses/{course.id}", headers={"Authorization": f"Bearer {token}"})
    assert fresh.json()["title"] == "Changed Elsewhere"


def test_a_kept_answer_runs_out(api_client, db_url, course, monkeypatch):
    monkeypatch.setattr(public_cache.time, "monotonic", lambda: 1_000.0)
    assert api_client.get("/api/courses").json()["data"][0]["title"] == "Kept Title"
    _retitle_from_another_process(db_url, course.id, "Changed Elsewhere")
    assert api_client.get("/api/courses").json()["data"][0]["title"] == "Kept Title"

    monkeypatch.setattr(public_cache.time, "monotonic", lambda: 1_000.0 + 5.01)
    assert api_client.get("/api/courses").json()["data"][0]["title"] == "Changed Elsewhere"


def test_a_write_through_this_process_forgets_every_kept_answer(api_client, db_url, session, course):
    assert api_client.get("/api/search", params={"query": "kept"}).json()[0]["title"] == "Kept Title"
    course.title = "Kept Renamed"
    session.add(course)
    session.commit()  # a session of this process: every kept answer is forgotten

    assert api_client.get("/api/search", params={"query": "kept"}).json()[0]["title"] == "Kept Renamed"


def test_only_successful_answers_of_the_catalog_routes_are_kept(api_client, db_url, session, course):
    assert api_client.get("/api/courses/999999").status_code == 404
    make_course(session, title="Course Nine")  # a course id that now exists is not answered by a kept 404
    session.commit()
    assert all(key[0] != "/api/courses/999999" for key in public_cache.store.entries)

    for path in ("/api/cart", "/api/courses/1/reviews", "/api/auth/config", "/api/courses/1/extra"):
        assert not public_cache.ROUTES.match(path), path
    for path in ("/api/courses", "/api/courses/12", "/api/courses/12/related", "/api/search", "/api/categories",
                 "/api/instructors", "/api/instructors/3", "/api/instructors/3/courses", "/api/mentors/3"):  # fmt: skip
        assert public_cache.ROUTES.match(path), path


def test_different_queries_are_kept_apart(api_client, db_url, session, course):
    make_course(session, title="Another Course", price_kobo=100_00)
    session.commit()
    cheap = api_client.get("/api/courses", params={"sort": "price_asc"}).json()["data"]
    dear = api_client.get("/api/courses", params={"sort": "price_desc"}).json()["data"]
    assert [c["title"] for c in cheap] == list(reversed([c["title"] for c in dear]))


def test_the_cache_can_be_turned_off(db_url, course):
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    import asyncio

    async def call(cache):
        async def receive():
            return {"type": "http.request"}

        async def send(_message):
            return None

        scope = {"type": "http", "method": "GET", "path": "/api/categories", "query_string": b"", "headers": []}
        await cache(scope, receive, send)

    public_cache.forget_public_answers()
    asyncio.run(call(public_cache.PublicResponseCache(app, seconds=0)))
    asyncio.run(call(public_cache.PublicResponseCache(app, seconds=0)))
    assert seen == ["/api/categories", "/api/categories"]
    asyncio.run(call(public_cache.PublicResponseCache(app, seconds=5)))
    asyncio.run(call(public_cache.PublicResponseCache(app, seconds=5)))
    assert len(seen) == 3
