"""Payments over HTTP: the sandbox end to end, and the Flutterwave and Paystack adapters against local stand-ins.

Nothing the browser sends decides what anyone pays or gets: forged returns and tampered totals never enroll.
"""

import time
from urllib.parse import parse_qsl, urlparse

import pytest
from sqlmodel import func, select

from marketplace.db.models import Enrollment, Order, PaymentAttempt
from marketplace.domain.pricing import price_kobo
from marketplace.domain.sessions import issue_token
from marketplace.settings import settings
from tests.factories import make_course, make_user
from tests.payment_standins import standin  # noqa: F401 - the fixture

BILLING = {"email": "ada@example.com", "country": "Nigeria", "state": "Lagos"}


def _auth(session):
    user = make_user(session)
    token = issue_token(session, user)
    session.commit()
    return user, {"Authorization": f"Bearer {token}"}


def _initiate(client, headers, courses, provider="sandbox", total=None):
    total = price_kobo(c.price_kobo for c in courses).total if total is None else total
    body = {"courses": [c.id for c in courses], "totalAmount": str(total), **BILLING}
    return client.post(f"/api/{provider}/initiate", json=body, headers=headers)


def _enrolled(session, user):
    return session.exec(select(func.count()).select_from(Enrollment).where(Enrollment.user_id == user.id)).one()


def _query(url):
    return dict(parse_qsl(urlparse(url).query))


def _press(client, link, action):
    response = client.post(urlparse(link).path, data={"action": action}, follow_redirects=False)
    assert response.status_code == 303
    location = response.headers["location"]
    assert location.startswith(f"{settings.public_url}/checkout?")
    return _query(location)


def _verify(client, headers, params):
    return client.get("/api/payments/verify", params=params, headers=headers)


# --- sandbox, the embedded default ---------------------------------------------------------------------------


def test_sandbox_card_payment_end_to_end(api_client, session):
    user, headers = _auth(session)
    course = make_course(session, price_kobo=1_500_000)
    started = _initiate(api_client, headers, [course])
    assert started.status_code == 200
    body = started.json()
    assert body["checkoutLink"] == body["data"]["link"] and body["message"]
    page = api_client.get(urlparse(body["checkoutLink"]).path)
    assert page.status_code == 200 and "Naija Learn" in page.text and "₦16,489" in page.text
    for label in ("Pay by card", "Pay by bank transfer", "Cancel", "Decline"):
        assert f">{label}</button>" in page.text
    assert "http" not in page.text.split("<body>")[1].replace(settings.public_url, "")  # no external resources

    params = _press(api_client, body["checkoutLink"], "card")
    assert params["status"] == "successful" and params["transaction_id"]
    verified = _verify(api_client, headers, {"provider": "sandbox", **params}).json()
    assert verified["status"] == "paid"
    assert verified["order"]["total"] == 16489 and verified["order"]["lines"][0]["courseId"] == course.id
    assert _verify(api_client, headers, params).json()["status"] == "paid"
    assert _enrolled(session, user) == 1
    again = api_client.post(urlparse(body["checkoutLink"]).path, data={"action": "card"}, follow_redirects=False)
    assert again.status_code == 303 and _enrolled(session, user) == 1  # pressing twice pays once
    assert api_client.get(urlparse(body["checkoutLink"]).path).status_code == 409
    assert api_client.get(f"/api/orders/{params['tx_ref']}", headers=headers).json()["status"] == "paid"
    # Buying it again is refused: the learner owns it.
    refused = _initiate(api_client, headers, [course])
    assert refused.status_code == 409 and "You already own" in refused.json()["message"]


def test_the_sandbox_pays_nothing_once_it_is_not_the_active_provider(api_client, session, monkeypatch):
    user, headers = _auth(session)
    link = _initiate(api_client, headers, [make_course(session)]).json()["checkoutLink"]
    params = _press(api_client, link, "card")  # the sandbox's ledger says successful...
    other_link = _initiate(api_client, headers, [make_course(session)]).json()["checkoutLink"]
    monkeypatch.setattr(settings, "payment_provider", "flutterwave")  # ...then the shop switches to real money
    assert api_client.get(urlparse(other_link).path).status_code == 404
    assert api_client.post(urlparse(other_link).path, data={"action": "card"}).status_code == 404
    verified = _verify(api_client, headers, {"provider": "sandbox", **params}).json()
    assert verified["status"] != "paid" and _enrolled(session, user) == 0


@pytest.mark.parametrize(("action", "order_status"), [("decline", "failed"), ("cancel", "cancelled")])
def test_sandbox_decline_and_cancel_fail_the_order(api_client, session, action, order_status):
    user, headers = _auth(session)
    link = _initiate(api_client, headers, [make_course(session)]).json()["checkoutLink"]
    params = _press(api_client, link, action)
    assert params["status"] == {"decline": "failed", "cancel": "cancelled"}[action]
    verified = _verify(api_client, headers, params).json()
    assert (verified["status"], verified["order"]["status"]) == ("failed", order_status)
    assert _enrolled(session, user) == 0


def test_sandbox_bank_transfer_completes_through_the_webhook(api_client, session, monkeypatch):
    monkeypatch.setattr(settings, "sandbox_transfer_delay", 0.2)
    user, headers = _auth(session)
    link = _initiate(api_client, headers, [make_course(session)]).json()["checkoutLink"]
    params = _press(api_client, link, "transfer")
    assert params["status"] == "pending"
    assert _verify(api_client, headers, params).json()["status"] == "pending"
    deadline = time.monotonic() + 10
    status = "pending"
    while status == "pending" and time.monotonic() < deadline:
        time.sleep(0.1)
        status = api_client.get(f"/api/orders/{params['tx_ref']}", headers=headers).json()["status"]
    assert status == "paid"
    assert _verify(api_client, headers, params).json()["status"] == "paid"
    session.expire_all()
    assert _enrolled(session, user) == 1


def test_a_tampered_total_is_refused(api_client, session):
    _, headers = _auth(session)
    course = make_course(session, price_kobo=1_500_000)
    response = _initiate(api_client, headers, [course], total="100")
    assert response.status_code == 400
    assert response.json()["message"] == "The total has changed. Please review your cart and try again."
    assert session.exec(select(func.count()).select_from(Order)).one() == 0


def test_initiate_needs_login_and_the_configured_provider(api_client, session):
    course = make_course(session)
    assert _initiate(api_client, {}, [course]).status_code == 401
    _, headers = _auth(session)
    response = _initiate(api_client, headers, [course], provider="flutterwave")
    assert (response.status_code, response.json()["message"]) == (404, "This payment provider is not available.")
    empty = api_client.post("/api/sandbox/initiate", json={"courses": [], "totalAmount": 0, **BILLING}, headers=headers)
    assert empty.json()["message"] == "Your cart is empty. Please add items before proceeding."


def test_forged_returns_never_enroll(api_client, session):
    user, headers = _auth(session)
    other, other_headers = _auth(session)
    course = make_course(session)
    mine = _initiate(api_client, headers, [course]).json()
    theirs = _initiate(api_client, other_headers, [course]).json()
    their_params = _press(api_client, theirs["checkoutLink"], "card")
    my_ref = urlparse(mine["checkoutLink"]).path.rsplit("/", 1)[1]

    forged = {"status": "successful", "tx_ref": my_ref, "transaction_id": "999999999999"}
    assert _verify(api_client, headers, forged).json()["status"] == "failed"
    borrowed = {"status": "successful", "tx_ref": my_ref, "transaction_id": their_params["transaction_id"]}
    assert _verify(api_client, headers, borrowed).json()["status"] == "failed"
    stolen = _verify(api_client, headers, their_params)
    assert (stolen.status_code, stolen.json()["message"]) == (404, "Order not found.")
    assert api_client.get(f"/api/orders/{their_params['tx_ref']}", headers=headers).status_code == 404
    assert _enrolled(session, user) == 0
    assert _verify(api_client, other_headers, their_params).json()["status"] == "paid"
    assert _enrolled(session, other) == 1


# --- Flutterwave against its stand-in ------------------------------------------------------------------------


@pytest.fixture
def flutterwave(monkeypatch, standin):  # noqa: F811 - pytest fixture injection
    monkeypatch.setattr(settings, "payment_provider", "flutterwave")
    return standin


def _flw_order(api_client, session, flutterwave, price_kobo=1_500_000):
    user, headers = _auth(session)
    started = _initiate(api_client, headers, [make_course(session, price_kobo=price_kobo)], provider="flutterwave")
    assert started.status_code == 200, started.text
    tx_ref = started.json()["checkoutLink"].rsplit("/", 1)[1]
    return user, headers, tx_ref


def test_flutterwave_initiate_speaks_standard_v3(api_client, session, flutterwave):
    _, _, tx_ref = _flw_order(api_client, session, flutterwave)
    method, path, body = flutterwave.requests[-1]
    assert (method, path) == ("POST", "/flutterwave/v3/payments")
    assert body["tx_ref"] == tx_ref and body["amount"] == 16489 and body["currency"] == "NGN"
    assert body["redirect_url"] == f"{settings.public_url}/checkout" and body["customer"]["email"] == BILLING["email"]


def test_flutterwave_success_is_verified_by_transaction_id(api_client, session, flutterwave):
    user, headers, tx_ref = _flw_order(api_client, session, flutterwave)
    transaction_id = flutterwave.pay(tx_ref)
    params = {"status": "successful", "tx_ref": tx_ref, "transaction_id": transaction_id}
    assert _verify(api_client, headers, params).json()["status"] == "paid"
    assert ("GET", f"/flutterwave/v3/transactions/{transaction_id}/verify", {}) in flutterwave.requests
    assert _enrolled(session, user) == 1


@pytest.mark.parametrize(
    "payment",
    [{"status": "failed"}, {"amount_kobo": 100}, {"currency": "USD"}],
    ids=["failure", "wrong-amount", "wrong-currency"],
)
def test_flutterwave_unproven_payments_fail(api_client, session, flutterwave, payment):
    user, headers, tx_ref = _flw_order(api_client, session, flutterwave)
    transaction_id = flutterwave.pay(tx_ref, **payment)
    params = {"status": "successful", "tx_ref": tx_ref, "transaction_id": transaction_id}
    assert _verify(api_client, headers, params).json()["status"] == "failed"
    assert _enrolled(session, user) == 0


def test_flutterwave_unknown_reference(api_client, session, flutterwave):
    _, headers, _ = _flw_order(api_client, session, flutterwave)
    response = _verify(api_client, headers, {"status": "successful", "tx_ref": "NL-nope", "transaction_id": "1"})
    assert (response.status_code, response.json()["message"]) == (404, "Order not found.")


def test_flutterwave_cancel_without_transaction(api_client, session, flutterwave):
    _, headers, tx_ref = _flw_order(api_client, session, flutterwave)
    verified = _verify(api_client, headers, {"status": "cancelled", "tx_ref": tx_ref}).json()
    assert (verified["status"], verified["order"]["status"]) == ("failed", "cancelled")


def test_flutterwave_webhook_signature_reverify_and_duplicates(api_client, session, flutterwave):
    user, headers, tx_ref = _flw_order(api_client, session, flutterwave)
    flutterwave.pay(tx_ref)
    for bad in ("wrong-hash", None):
        bad_headers, body = flutterwave.flutterwave_webhook(tx_ref, hash_value=bad)
        response = api_client.post("/api/webhooks/flutterwave", content=body, headers=bad_headers)
        assert response.status_code == 401
    assert _enrolled(session, user) == 0
    good_headers, body = flutterwave.flutterwave_webhook(tx_ref)
    for _ in range(2):  # Flutterwave retries; the second delivery changes nothing
        response = api_client.post("/api/webhooks/flutterwave", content=body, headers=good_headers)
        assert response.status_code == 200 and response.json()["status"] == "ok"
    assert _enrolled(session, user) == 1
    assert session.exec(select(func.count()).select_from(PaymentAttempt)).one() == 1
    assert api_client.get(f"/api/orders/{tx_ref}", headers=headers).json()["status"] == "paid"


def test_flutterwave_webhook_body_is_not_trusted(api_client, session, flutterwave):
    user, _, tx_ref = _flw_order(api_client, session, flutterwave)
    flutterwave.pay(tx_ref, amount_kobo=100)  # the provider knows it was underpaid
    headers, body = flutterwave.flutterwave_webhook(tx_ref)
    inflated = body.replace(b'"amount": 1', b'"amount": 16489')  # a body claiming more proves nothing
    assert inflated != body and b'"amount": 16489' in inflated
    response = api_client.post("/api/webhooks/flutterwave", content=inflated, headers=headers)
    assert response.status_code == 200
    assert session.exec(select(Order.status).where(Order.tx_ref == tx_ref)).one() == "failed"
    assert _enrolled(session, user) == 0


def test_flutterwave_webhook_for_unknown_reference_is_ignored(api_client, session, flutterwave):
    user, _, tx_ref = _flw_order(api_client, session, flutterwave)
    flutterwave.pay(tx_ref)
    headers, body = flutterwave.flutterwave_webhook(tx_ref)
    response = api_client.post(
        "/api/webhooks/flutterwave", content=body.replace(tx_ref.encode(), b"NL-x"), headers=headers
    )
    assert response.status_code == 200
    assert session.exec(select(Order.status).where(Order.tx_ref == tx_ref)).one() == "pending"
    assert _enrolled(session, user) == 0


# --- Paystack against its stand-in ---------------------------------------------------------------------------


@pytest.fixture
def paystack(monkeypatch, standin):  # noqa: F811 - pytest fixture injection
    monkeypatch.setattr(settings, "payment_provider", "paystack")
    return standin


def _paystack_order(api_client, session):
    user, headers = _auth(session)
    started = _initiate(api_client, headers, [make_course(session, price_kobo=1_500_050)], provider="paystack")
    assert started.status_code == 200, started.text
    return user, headers, started.json()["checkoutLink"].rsplit("/", 1)[1]


def test_paystack_initialize_in_kobo_and_verify_callback(api_client, session, paystack):
    user, headers, reference = _paystack_order(api_client, session)
    method, path, body = paystack.requests[-1]
    assert (method, path) == ("POST", "/paystack/transaction/initialize")
    assert body["amount"] == 1_648_955 and body["reference"] == reference
    assert body["callback_url"] == f"{settings.public_url}/checkout"
    paystack.pay(reference)
    verified = _verify(api_client, headers, {"trxref": reference, "reference": reference}).json()
    assert verified["status"] == "paid" and verified["order"]["totalText"] == "₦16,489.55"
    assert _enrolled(session, user) == 1


@pytest.mark.parametrize(
    "payment", [{"status": "failed"}, {"amount_kobo": 1_648_954}, {"currency": "GHS"}], ids=["failed", "short", "ghs"]
)
def test_paystack_unproven_payments_fail(api_client, session, paystack, payment):
    user, headers, reference = _paystack_order(api_client, session)
    paystack.pay(reference, **payment)
    assert _verify(api_client, headers, {"reference": reference}).json()["status"] == "failed"
    assert _enrolled(session, user) == 0


def test_paystack_webhook_signature_on_raw_body_and_duplicates(api_client, session, paystack):
    user, _, reference = _paystack_order(api_client, session)
    paystack.pay(reference)
    for secret in ("sk_test_wrong", None):
        headers, body = paystack.paystack_webhook(reference, secret=secret)
        assert api_client.post("/api/webhooks/paystack", content=body, headers=headers).status_code == 401
    headers, body = paystack.paystack_webhook(reference)
    reformatted = body.replace(b", ", b",")  # same JSON, different bytes: the signature no longer matches
    assert api_client.post("/api/webhooks/paystack", content=reformatted, headers=headers).status_code == 401
    assert _enrolled(session, user) == 0
    for _ in range(2):
        response = api_client.post("/api/webhooks/paystack", content=body, headers=headers)
        assert (response.status_code, response.json()["status"]) == (200, "ok")
    assert session.exec(select(Order.status).where(Order.tx_ref == reference)).one() == "paid"
    assert _enrolled(session, user) == 1


def test_paystack_unknown_and_someone_elses_references_enroll_nobody(api_client, session, paystack):
    from marketplace.payments.registry import get_provider

    payer, payer_headers, reference = _paystack_order(api_client, session)
    other, other_headers, _ = _paystack_order(api_client, session)
    paystack.pay(reference)
    # Another learner replays the payer's return: it is not their order.
    replayed = _verify(api_client, other_headers, {"trxref": reference, "reference": reference})
    assert replayed.status_code == 404 and _enrolled(session, other) == 0
    # A reference nobody issued.
    assert _verify(api_client, payer_headers, {"reference": "NL-made-up"}).status_code == 404
    # The adapter itself: Paystack answers 400 for a reference it never saw, which proves nothing.
    assert get_provider("paystack").verify(tx_ref="NL-never-sent").status == "not_found"
    assert _enrolled(session, payer) == 0  # nothing was verified for the payer yet either


def test_every_payment_route_documents_its_answer(api_client):
    spec = api_client.get("/api/openapi.json").json()
    expected = {
        ("post", "/api/{provider}/initiate"): "CheckoutStart",
        ("get", "/api/payments/verify"): "PaymentCheck",
        ("get", "/api/orders/{tx_ref}"): "Order",
        ("post", "/api/webhooks/{provider}"): "WebhookReceipt",
    }
    for (method, path), name in expected.items():
        operation = spec["paths"][path][method]
        ok = next(answer for status, answer in operation["responses"].items() if status.startswith("2"))
        assert ok["content"]["application/json"]["schema"]["$ref"].endswith(f"/{name}"), f"{method} {path}"
    schemas = spec["components"]["schemas"]
    assert {"message", "status", "checkoutLink", "txRef", "data"} <= set(schemas["CheckoutStart"]["properties"])
    assert {"txRef", "status", "total", "totalText", "summary", "lines", "paidAt"} <= set(
        schemas["Order"]["properties"]
    )
