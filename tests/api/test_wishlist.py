"""The wishlist over HTTP: hearts kept on the server, only ever the caller's own."""

from __future__ import annotations

import pytest

from marketplace.domain import wishlist
from marketplace.domain.errors import DomainError
from marketplace.domain.sessions import issue_token
from tests.factories import enroll, make_course, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def test_hearts_are_kept_newest_first_and_twice_is_harmless(api_client, session):
    learner = make_user(session)
    first, second = make_course(session, title="Photography"), make_course(session, title="Bookkeeping")
    headers = _auth(session, learner)

    added = api_client.put(f"/api/wishlist/{first.id}", headers=headers)
    assert added.status_code == 200
    assert added.json() == {"courseId": first.id, "wishlisted": True, "changed": True}
    assert api_client.put(f"/api/wishlist/{first.id}", headers=headers).json()["changed"] is False
    api_client.put(f"/api/wishlist/{second.id}", headers=headers)

    listed = api_client.get("/api/wishlist", headers=headers).json()
    assert [c["title"] for c in listed["data"]] == ["Bookkeeping", "Photography"]
    assert (listed["total"], listed["page"], listed["pages"]) == (2, 1, 1)
    assert listed["data"][0]["priceText"].startswith("NGN") and "_id" in listed["data"][0]
    assert api_client.get("/api/wishlist/ids", headers=headers).json() == {"courseIds": [second.id, first.id]}

    removed = api_client.delete(f"/api/wishlist/{first.id}", headers=headers)
    assert removed.json() == {"courseId": first.id, "wishlisted": False, "changed": True}
    assert api_client.delete(f"/api/wishlist/{first.id}", headers=headers).json()["changed"] is False
    assert api_client.get("/api/wishlist/ids", headers=headers).json() == {"courseIds": [second.id]}


def test_nobody_sees_or_changes_another_learners_wishlist(api_client, session):
    owner, other = make_user(session), make_user(session)
    course = make_course(session)
    api_client.put(f"/api/wishlist/{course.id}", headers=_auth(session, owner))
    other_headers = _auth(session, other)
    assert api_client.get("/api/wishlist", headers=other_headers).json()["total"] == 0
    api_client.delete(f"/api/wishlist/{course.id}", headers=other_headers)  # removes nothing of the owner's
    assert wishlist.course_ids(session, user_id=owner.id) == [course.id]
    assert api_client.get("/api/wishlist").status_code == 401
    assert api_client.put(f"/api/wishlist/{course.id}").status_code == 401


def test_unknown_courses_and_bad_ids_are_refused_plainly(api_client, session):
    headers = _auth(session, make_user(session))
    missing = api_client.put("/api/wishlist/999999", headers=headers)
    assert (missing.status_code, missing.json()["message"]) == (404, "Course not found")
    assert api_client.put("/api/wishlist/0", headers=headers).status_code == 422
    assert api_client.put("/api/wishlist/abc", headers=headers).status_code == 422


def test_owned_courses_stay_listed_and_say_so(api_client, session):
    learner = make_user(session)
    course = make_course(session)
    headers = _auth(session, learner)
    api_client.put(f"/api/wishlist/{course.id}", headers=headers)
    enroll(session, learner, course)
    (card,) = api_client.get("/api/wishlist", headers=headers).json()["data"]
    assert card["enrolled"] is True


def test_a_full_wishlist_says_how_to_make_room(session, monkeypatch):
    monkeypatch.setattr(wishlist, "MAX_ENTRIES", 2)
    learner = make_user(session)
    courses = [make_course(session) for _ in range(3)]
    for course in courses[:2]:
        wishlist.add(session, user_id=learner.id, course_id=course.id)
    with pytest.raises(DomainError, match="Remove one to add another"):
        wishlist.add(session, user_id=learner.id, course_id=courses[2].id)
