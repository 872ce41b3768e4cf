"""The gateway adapters at their HTTP boundary (httpx.MockTransport), and what the domain makes of their errors."""

import hashlib
import hmac
import json

import httpx
import pytest

from marketplace.db.models import Order
from marketplace.domain import checkout
from marketplace.domain.errors import PaymentError
from marketplace.payments import Customer, InvalidSignature, ProviderError, get_provider
from marketplace.payments.flutterwave import FlutterwaveProvider
from marketplace.payments.paystack import PaystackProvider
from marketplace.settings import settings
from tests.factories import make_course, make_user

ORDER = Order(
    id=1,
    user_id=1,
    tx_ref="NL-abc",
    provider="flutterwave",
    subtotal_kobo=1_500_050,
    discount_kobo=1_000,
    tax_kobo=149_905,
    total_kobo=1_648_955,
    email="ada@example.com",
    country="Nigeria",
    state="Lagos",
)
CUSTOMER = Customer(email="ada@example.com", name="Ada Obi")


def _transport(answers, seen):
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status, body = answers(request)
        return httpx.Response(status, json=body)

    return httpx.MockTransport(handle)


def test_flutterwave_sends_naira_and_bearer_key(monkeypatch):
    monkeypatch.setattr(settings, "flutterwave_secret_key", "FLWSECK_TEST-x")
    seen = []
    provider = FlutterwaveProvider(_transport(lambda r: (200, {"status": "success", "data": {"link": "L"}}), seen))
    assert provider.initiate(ORDER, CUSTOMER, "http://shop/checkout") == "L"
    sent = json.loads(seen[0].content)
    assert seen[0].headers["authorization"] == "Bearer FLWSECK_TEST-x"
    assert (sent["amount"], sent["currency"], sent["tx_ref"]) == (16489.55, "NGN", "NL-abc")


def test_flutterwave_reads_amounts_exactly_and_refuses_odd_ids():
    seen = []
    answer = {"status": "success", "data": {"id": 9, "tx_ref": "NL-abc", "amount": 16489.55, "currency": "NGN",
                                            "status": "successful"}}  # fmt: skip
    provider = FlutterwaveProvider(_transport(lambda r: (200, answer), seen))
    verification = provider.verify("9")
    assert (verification.status, verification.amount_kobo, verification.transaction_id) == (
        "successful",
        1_648_955,
        "9",
    )
    assert provider.verify("../../v3/payments").status == "not_found"
    assert len(seen) == 1  # the made-up id never reached the provider


def test_provider_outage_is_a_provider_error():
    provider = FlutterwaveProvider(_transport(lambda r: (503, {"message": "down"}), []))
    with pytest.raises(ProviderError):
        provider.verify("9")

    def refuse(_request):
        raise httpx.ConnectError("no route")

    with pytest.raises(ProviderError):
        PaystackProvider(httpx.MockTransport(refuse)).initiate(ORDER, CUSTOMER, "http://shop/checkout")


def test_webhook_signatures(monkeypatch):
    monkeypatch.setattr(settings, "flutterwave_webhook_hash", "")
    with pytest.raises(InvalidSignature):  # no configured hash: nothing can be trusted
        FlutterwaveProvider().parse_webhook({"verif-hash": ""}, b"{}")
    monkeypatch.setattr(settings, "paystack_secret_key", "sk_test_1")
    body = b'{"event":"charge.success","data":{"reference":"NL-abc","id":5}}'
    signature = hmac.new(b"sk_test_1", body, hashlib.sha512).hexdigest()
    event = PaystackProvider().parse_webhook({"X-Paystack-Signature": signature}, body)
    assert (event.tx_ref, event.transaction_id, event.is_charge) == ("NL-abc", "5", True)
    with pytest.raises(InvalidSignature):
        PaystackProvider().parse_webhook({"x-paystack-signature": signature}, body + b" ")


def test_initiation_failure_charges_nothing_and_says_so(session, monkeypatch):
    monkeypatch.setattr(settings, "payment_provider", "flutterwave")
    monkeypatch.setattr(settings, "flutterwave_base_url", "http://127.0.0.1:9")  # nothing listens there
    user, course = make_user(session), make_course(session, price_kobo=1_500_000)
    with pytest.raises(PaymentError) as caught:
        checkout.start_checkout(session, user=user, provider="flutterwave", course_ids=[course.id],
                                total_amount="16489", email="a@b.co", country="Nigeria", state="Lagos")  # fmt: skip
    assert caught.value.message == "Payment initiation failed. Please try again."
    assert get_provider().name == "flutterwave"
