"""Earnings over HTTP: only instructors, only their own figures, and a CSV equal to the ledger to the kobo."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from marketplace.db.models import Coupon, EarningEntry, Instructor, Order, PayoutAccount, User
from marketplace.domain.pricing import CouponTerms, price_kobo
from marketplace.domain.sessions import issue_token
from tests.api.test_payments import BILLING, _press, _verify
from tests.factories import make_course, make_instructor, make_user
from tests.unit.test_earnings import record_sale

ROUTES = (
    "/api/studio/earnings",
    "/api/studio/earnings/sales",
    "/api/studio/earnings.csv",
    "/api/studio/payout-account",
)
ACCOUNT = {"bankName": "Guaranty Trust Bank (GTBank)", "accountNumber": "0123456789", "accountName": "Tunde Bakare"}


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _teacher(session) -> tuple[Instructor, User]:
    instructor = make_instructor(session)
    return instructor, session.get(User, instructor.user_id)


@pytest.mark.parametrize("path", ROUTES)
def test_guests_get_401_and_learners_403(api_client, session, path):
    assert api_client.get(path).status_code == 401
    learner = make_user(session)
    refused = api_client.get(path, headers=_auth(session, learner))
    assert (refused.status_code, refused.json()["message"]) == (403, "Only instructors can use the studio.")


def test_saving_payout_details_is_refused_to_guests_and_learners(api_client, session):
    assert api_client.put("/api/studio/payout-account", json=ACCOUNT).status_code == 401
    learner = make_user(session)
    assert (
        api_client.put("/api/studio/payout-account", json=ACCOUNT, headers=_auth(session, learner)).status_code == 403
    )
    assert session.exec(select(PayoutAccount)).all() == []


def test_an_instructor_sees_only_their_own_sales(api_client, session):
    mine, me = _teacher(session)
    theirs, _ = _teacher(session)
    now = datetime.now(UTC)
    record_sale(
        session, make_course(session, instructor=mine, title="Poultry Farming"), make_user(session), now, 1_000_001
    )
    record_sale(session, make_course(session, instructor=theirs), make_user(session), now, 5_000_000)
    headers = _auth(session, me)
    summary = api_client.get("/api/studio/earnings", headers=headers).json()
    assert (summary["allTime"]["sales"], summary["allTime"]["paid"], summary["allTime"]["net"]) == (
        1,
        10000.01,
        7000.01,
    )
    assert (summary["thisMonth"]["netText"], summary["owedText"], summary["feePercent"]) == (
        "₦7,000.01",
        "₦7,000.01",
        30,
    )
    assert [c["title"] for c in summary["courses"]] == ["Poultry Farming"]
    sales = api_client.get("/api/studio/earnings/sales", headers=headers).json()
    assert (sales["total"], sales["data"][0]["courseTitle"], sales["data"][0]["feeText"]) == (
        1,
        "Poultry Farming",
        "₦3,000",
    )
    assert api_client.get("/api/studio/earnings/sales?page=0", headers=headers).status_code == 422


def test_the_csv_download_equals_the_ledger(api_client, session):
    teacher, user = _teacher(session)
    course = make_course(session, instructor=teacher, title="Tailoring, Part 1")
    now = datetime.now(UTC)
    for i, price in enumerate((1_000_001, 333, 99, 2_500_050)):
        record_sale(session, course, make_user(session, first_name=f"Buyer{i}"), now - timedelta(hours=i), price)
    record_sale(session, make_course(session), make_user(session), now, 7)  # another instructor's sale
    response = api_client.get("/api/studio/earnings.csv", headers=_auth(session, user))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"].startswith('attachment; filename="naija-learn-earnings-')
    header, *rows = list(csv.reader(io.StringIO(response.text)))
    assert header == ["Date", "Course", "Learner", "Price paid (NGN)", "Fee (NGN)", "Net (NGN)"]
    entries = session.exec(
        select(EarningEntry).where(EarningEntry.instructor_id == teacher.id).order_by(EarningEntry.created_at.desc())
    ).all()
    assert len(rows) == len(entries) == 4
    for row, entry in zip(rows, entries, strict=True):
        assert row[1] == "Tailoring, Part 1"
        kobo = [int(value.replace(".", "")) for value in row[3:]]
        assert kobo == [entry.paid_kobo, entry.fee_kobo, entry.net_kobo]
    assert [row[2] for row in rows] == ["Buyer0", "Buyer1", "Buyer2", "Buyer3"]
    total_net = sum(int(row[5].replace(".", "")) for row in rows)
    summary = api_client.get("/api/studio/earnings", headers=_auth(session, user)).json()
    assert total_net == round(summary["allTime"]["net"] * 100) == sum(e.net_kobo for e in entries)


def test_payout_details_are_validated_saved_and_masked(api_client, session):
    _, user = _teacher(session)
    headers = _auth(session, user)
    empty = api_client.get("/api/studio/payout-account", headers=headers).json()
    assert empty["account"] is None and {"name": "OPay", "code": "999992"} in empty["banks"]
    wrong = api_client.put("/api/studio/payout-account", json=ACCOUNT | {"accountNumber": "12345"}, headers=headers)
    assert wrong.status_code == 400
    assert wrong.json() == {"message": "Enter your 10-digit account number (NUBAN).", "field": "account_number"}
    saved = api_client.put("/api/studio/payout-account", json=ACCOUNT, headers=headers)
    assert saved.status_code == 200
    account = saved.json()["account"]
    assert (account["bankName"], account["bankCode"], account["accountNumberMasked"]) == (
        "Guaranty Trust Bank (GTBank)",
        "058",
        "******6789",
    )
    assert "0123456789" not in api_client.get("/api/studio/payout-account", headers=headers).text


def test_a_sandbox_purchase_with_a_code_shows_once_with_its_split(api_client, session):
    teacher, user = _teacher(session)
    courses = [make_course(session, instructor=teacher, price_kobo=p) for p in (1_500_000, 799_999)]
    session.add(Coupon(code="NAIJA10", percent_off=10))
    session.commit()
    buyer = make_user(session, first_name="Ngozi")
    headers = _auth(session, buyer)
    total = price_kobo((c.price_kobo for c in courses), coupon=CouponTerms("NAIJA10", percent_off=10)).total
    body = {"courses": [c.id for c in courses], "totalAmount": str(total), "couponCode": "naija10", **BILLING}
    started = api_client.post("/api/sandbox/initiate", json=body, headers=headers)
    assert started.status_code == 200
    params = _press(api_client, started.json()["checkoutLink"], "card")
    for _ in range(2):  # the return page asks twice (a reload): paid once, written once
        assert _verify(api_client, headers, {"provider": "sandbox", **params}).json()["status"] == "paid"
    order = session.exec(select(Order).where(Order.tx_ref == params["tx_ref"])).one()
    # ₦22,999.99 less ₦10 and the code's ₦2,300: 231,000 kobo shared 150,652.24 / 80,347.76 by price.
    entries = session.exec(select(EarningEntry).order_by(EarningEntry.order_line_id)).all()
    assert [(e.paid_kobo, e.fee_kobo, e.net_kobo) for e in entries] == [
        (1_349_348, 404_804, 944_544),
        (719_651, 215_895, 503_756),
    ]
    assert sum(e.paid_kobo for e in entries) == order.total_kobo - order.tax_kobo
    summary = api_client.get("/api/studio/earnings", headers=_auth(session, user)).json()
    assert (summary["allTime"]["paidText"], summary["allTime"]["feeText"], summary["allTime"]["netText"]) == (
        "₦20,689.99",
        "₦6,206.99",
        "₦14,483",
    )
    sales = api_client.get("/api/studio/earnings/sales", headers=_auth(session, user)).json()
    assert {s["learner"] for s in sales["data"]} == {"Ngozi"} and sales["total"] == 2
