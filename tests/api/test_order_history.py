"""Order history over HTTP: every order of the caller, newest first, and nobody else's."""

from __future__ import annotations

from marketplace.domain import orders
from marketplace.domain.pricing import price_kobo
from marketplace.domain.sessions import issue_token
from tests.factories import make_course, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _order(session, user, courses, *, paid: bool):
    total = price_kobo([c.price_kobo for c in courses]).total
    order = orders.create_order(
        session,
        user=user,
        course_ids=[c.id for c in courses],
        total_amount=total,
        email=user.email,
        country="Nigeria",
        state="Lagos",
        provider="sandbox",
    )
    if paid:
        orders.mark_paid(session, order=order)
    session.commit()
    return order


def test_my_orders_newest_first_with_lines_totals_status_and_receipt(api_client, session):
    learner = make_user(session)
    first = _order(session, learner, [make_course(session, title="Poultry Farming", price_kobo=1_000_000)], paid=True)
    second = _order(session, learner, [make_course(session, title="Tailoring"), make_course(session)], paid=False)

    listed = api_client.get("/api/orders", headers=_auth(session, learner))
    assert listed.status_code == 200
    body = listed.json()
    assert (body["total"], body["page"], body["pages"]) == (2, 1, 1)
    newest, oldest = body["data"]
    assert (newest["txRef"], oldest["txRef"]) == (second.tx_ref, first.tx_ref)
    assert (newest["statusLabel"], oldest["statusLabel"]) == ("Awaiting payment", "Paid")
    assert [line["title"] for line in oldest["lines"]] == ["Poultry Farming"]
    assert oldest["lines"][0]["priceText"] == "₦10,000" and oldest["totalText"].startswith("₦")
    assert oldest["receiptUrl"] == f"/orders/{first.tx_ref}" and oldest["paidText"]
    assert len(newest["lines"]) == 2 and newest["paidText"] == ""


def test_nobody_sees_another_learners_orders(api_client, session):
    owner, other = make_user(session), make_user(session)
    order = _order(session, owner, [make_course(session)], paid=True)
    other_headers = _auth(session, other)
    assert api_client.get("/api/orders", headers=other_headers).json()["total"] == 0
    peek = api_client.get(f"/api/orders/{order.tx_ref}", headers=other_headers)
    assert (peek.status_code, peek.json()["message"]) == (404, "Order not found.")
    assert api_client.get("/api/orders").status_code == 401
