"""The cart over HTTP: add once (201, then 200), owned courses refused, save for later and back, clear."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from marketplace.domain import cart
from marketplace.domain.sessions import issue_token
from marketplace.domain.shapes import MAX_ID
from tests.factories import enroll, make_course, make_user


def _auth(session, user=None):
    user = user or make_user(session)
    token = issue_token(session, user)
    session.commit()
    return user, {"Authorization": f"Bearer {token}"}


def test_cart_needs_a_signed_in_learner(api_client, session):
    course = make_course(session)
    assert api_client.get("/api/cart").status_code == 401
    response = api_client.post("/api/cart/add-to-cart", json={"courseId": course.id})
    assert response.status_code == 401
    assert response.json()["message"] == "You are not authenticated. Please log in."


def test_add_to_cart_once(api_client, session):
    _, headers = _auth(session)
    course = make_course(session, price_kobo=1_500_000, title="Data Science")
    first = api_client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers)
    assert first.status_code == 201
    body = first.json()
    assert body["message"] == "Added to cart" and body["count"] == 1
    assert body["items"][0]["title"] == "Data Science" and body["items"][0]["price"] == 15000
    second = api_client.post("/api/cart/add-to-cart", json={"courseId": str(course.id)}, headers=headers)
    assert second.status_code == 200
    assert second.json()["message"] == "This course is already in your cart."
    assert api_client.get("/api/cart", headers=headers).json()["count"] == 1


def test_owned_and_unknown_courses_are_refused(api_client, session):
    user, headers = _auth(session)
    owned = make_course(session)
    enroll(session, user, owned)
    response = api_client.post("/api/cart/add-to-cart", json={"courseId": owned.id}, headers=headers)
    assert (response.status_code, response.json()["message"]) == (409, "You already own this course.")
    response = api_client.post("/api/cart/add-to-cart", json={"courseId": 99999}, headers=headers)
    assert (response.status_code, response.json()["message"]) == (404, "Course not found.")


def test_save_for_later_move_back_remove_and_clear(api_client, session):
    _, headers = _auth(session)
    a, b = make_course(session), make_course(session)
    for course in (a, b):
        api_client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers)
    saved = api_client.post("/api/cart/save-for-later", json={"courseId": a.id}, headers=headers).json()
    assert saved["message"] == "Moved to Save for Later"
    assert [i["id"] for i in saved["savedForLater"]] == [a.id] and saved["count"] == 1
    # The spec's move back posts add-to-cart and moves locally only on 200 or 201.
    back = api_client.post("/api/cart/add-to-cart", json={"courseId": a.id}, headers=headers)
    assert (back.status_code, back.json()["message"]) == (200, "Moved back to cart")
    api_client.post("/api/cart/save-for-later", json={"courseId": a.id}, headers=headers)
    moved = api_client.post("/api/cart/move-to-cart", json={"courseId": a.id}, headers=headers).json()
    assert moved["savedForLater"] == [] and moved["count"] == 2
    removed = api_client.delete(f"/api/cart/{b.id}", headers=headers).json()
    assert removed["message"] == "Removed from cart" and [i["id"] for i in removed["items"]] == [a.id]
    api_client.post("/api/cart/save-for-later", json={"courseId": a.id}, headers=headers)
    gone = api_client.delete(f"/api/cart/saved/{a.id}", headers=headers).json()
    assert gone["message"] == "Removed from Save for Later" and gone["savedForLater"] == []
    api_client.post("/api/cart/add-to-cart", json={"courseId": b.id}, headers=headers)
    cleared = api_client.delete("/api/cart", headers=headers).json()
    assert cleared["items"] == [] and cleared["count"] == 0


def test_carts_are_private_and_merge_a_local_cart(api_client, session):
    _, mine = _auth(session)
    _, theirs = _auth(session)
    a, b = make_course(session), make_course(session)
    api_client.post("/api/cart/add-to-cart", json={"courseId": a.id}, headers=mine)
    assert api_client.get("/api/cart", headers=theirs).json()["items"] == []
    merged = api_client.post(
        "/api/cart/merge", json={"items": [{"id": b.id, "title": "x"}], "savedForLater": [a.id]}, headers=mine
    ).json()
    assert [i["id"] for i in merged["items"]] == [a.id, b.id] and merged["savedForLater"] == []


@pytest.mark.parametrize("number", [2**63, MAX_ID + 1, 0, -1])
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("DELETE", "/api/cart/{n}", None),
        ("DELETE", "/api/cart/saved/{n}", None),
        ("POST", "/api/cart/add-to-cart", {"courseId": "{n}"}),
        ("POST", "/api/cart/save-for-later", {"courseId": "{n}"}),
        ("POST", "/api/cart/move-to-cart", {"courseId": "{n}"}),
    ],
)
def test_a_course_id_no_course_can_have_answers_422(api_client, session, method, path, body, number):
    _, headers = _auth(session)
    json = {key: number for key in body} if body else None
    response = api_client.request(method, path.format(n=number), json=json, headers=headers)
    assert response.status_code == 422, response.text
    message = response.json()["message"]
    assert message.startswith("courseId: " if body else "course_id: ")
    assert "greater than or equal to 1" in message or f"less than or equal to {MAX_ID}" in message


def test_a_local_cart_with_impossible_ids_merges_the_rest(api_client, session):
    _, headers = _auth(session)
    course = make_course(session)
    junk = [2**63, {"id": str(MAX_ID + 1)}, -3, 0, "abc", {"id": None}]
    response = api_client.post(
        "/api/cart/merge", json={"items": [*junk, course.id], "savedForLater": junk}, headers=headers
    )
    assert response.status_code == 200, response.text
    assert [i["id"] for i in response.json()["items"]] == [course.id]
    too_many = api_client.post("/api/cart/merge", json={"items": list(range(1, 502))}, headers=headers)
    assert too_many.status_code == 422 and too_many.json()["message"].startswith("items: ")


def _at_once(count: int, call):
    """Run ``call()`` on ``count`` threads released together; answer their results."""
    barrier = threading.Barrier(count)

    def run():
        barrier.wait()
        return call()

    with ThreadPoolExecutor(count) as pool:
        return [f.result() for f in [pool.submit(run) for _ in range(count)]]


def test_ten_simultaneous_adds_of_one_course_add_it_once(api_client, session):
    _, headers = _auth(session)
    course = make_course(session)
    responses = _at_once(
        10, lambda: api_client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers)
    )
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] * 9 + [201], [r.text for r in responses]
    assert sorted(r.json()["message"] for r in responses) == ["Added to cart"] + [cart.ALREADY_IN_CART] * 9
    assert api_client.get("/api/cart", headers=headers).json()["count"] == 1


def test_simultaneous_saves_for_later_and_merges_keep_one_entry(api_client, session):
    _, headers = _auth(session)
    course = make_course(session)
    saved = _at_once(
        5, lambda: api_client.post("/api/cart/save-for-later", json={"courseId": course.id}, headers=headers)
    )
    assert [r.status_code for r in saved] == [200] * 5, [r.text for r in saved]
    other = make_course(session)
    merged = _at_once(5, lambda: api_client.post("/api/cart/merge", json={"items": [other.id]}, headers=headers))
    assert [r.status_code for r in merged] == [200] * 5, [r.text for r in merged]
    body = api_client.get("/api/cart", headers=headers).json()
    assert [i["id"] for i in body["items"]] == [other.id]
    assert [i["id"] for i in body["savedForLater"]] == [course.id]


def test_every_cart_route_documents_its_answer_with_the_spec_names(api_client):
    spec = api_client.get("/api/openapi.json").json()
    operations = [
        (method, path, operation)
        for path, methods in spec["paths"].items()
        if path.startswith("/api/cart")
        for method, operation in methods.items()
    ]
    assert len(operations) == 8
    for method, path, operation in operations:
        ok = next(answer for status, answer in operation["responses"].items() if status.startswith("2"))
        assert ok["content"]["application/json"]["schema"]["$ref"].endswith("/CartReply"), f"{method} {path}"
    schemas = spec["components"]["schemas"]
    assert {"items", "savedForLater", "count", "totals", "message"} <= set(schemas["CartReply"]["properties"])
    spec_item = {"id", "title", "price", "quantity", "image", "instructor", "rating", "lectures", "level"}
    assert spec_item <= set(schemas["CartItem"]["properties"])


def test_cart_prices_are_exact_numbers_with_their_texts(api_client, session):
    course = make_course(session, price_kobo=1_500_050)
    _, headers = _auth(session)
    api_client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers)
    body = api_client.get("/api/cart", headers=headers).json()
    assert "message" not in body  # a plain read says nothing happened
    assert (body["items"][0]["price"], body["items"][0]["priceText"]) == (15000.5, "NGN15,000.50")
    assert (body["totals"]["total"], body["totals"]["totalText"]) == (16489.55, "₦16,489.55")
