"""Webhooks answer at once and stay correct: thirty copies of one webhook sent at the same moment enroll once and
send one receipt, while the provider's own answers are slow."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from sqlmodel import func, select

from marketplace.db.models import Enrollment, Job, Order, PaymentAttempt
from marketplace.domain.pricing import price_kobo
from marketplace.domain.sessions import issue_token
from marketplace.settings import settings
from tests.factories import make_course, make_user
from tests.payment_standins import standin  # noqa: F401 - the fixture

BILLING = {"email": "ada@example.com", "country": "Nigeria", "state": "Lagos"}


def _flutterwave_order(api_client, session, monkeypatch):
    monkeypatch.setattr(settings, "payment_provider", "flutterwave")
    user = make_user(session)
    headers = {"Authorization": f"Bearer {issue_token(session, user)}"}
    course = make_course(session, price_kobo=1_500_000)
    session.commit()
    body = {"courses": [course.id], "totalAmount": str(price_kobo([course.price_kobo]).total), **BILLING}
    started = api_client.post("/api/flutterwave/initiate", json=body, headers=headers)
    assert started.status_code == 200, started.text
    return user, started.json()["txRef"]


def test_thirty_copies_of_one_webhook_at_once_enroll_once_and_queue_one_receipt(
    api_client,
    session,
    standin,  # noqa: F811 - pytest fixture injection
    monkeypatch,
):
    user, tx_ref = _flutterwave_order(api_client, session, monkeypatch)
    standin.pay(tx_ref)
    headers, body = standin.flutterwave_webhook(tx_ref)
    start = threading.Barrier(30)

    def deliver(_):
        start.wait()
        return api_client.post("/api/webhooks/flutterwave", content=body, headers=headers).status_code

    with ThreadPoolExecutor(30) as pool:
        statuses = list(pool.map(deliver, range(30)))

    assert statuses == [200] * 30
    count = lambda model, *where: session.exec(select(func.count()).select_from(model).where(*where)).one()  # noqa: E731
    assert count(Job, Job.kind == "payments.webhook") == 1
    assert count(Enrollment, Enrollment.user_id == user.id) == 1
    assert count(PaymentAttempt) == 1
    assert count(Job, Job.key == f"mail:receipt:{tx_ref}") == 1
    assert session.exec(select(Order.status).where(Order.tx_ref == tx_ref)).one() == "paid"


def test_a_webhook_is_answered_without_waiting_for_the_provider(api_client, session, standin, monkeypatch):  # noqa: F811
    _, tx_ref = _flutterwave_order(api_client, session, monkeypatch)
    standin.pay(tx_ref)
    headers, body = standin.flutterwave_webhook(tx_ref)
    calls_before = len(standin.requests)
    monkeypatch.setattr(type(api_client), "request", type(api_client).__mro__[1].request)  # no jobs run here
    started = time.perf_counter()
    response = api_client.post("/api/webhooks/flutterwave", content=body, headers=headers)
    assert response.status_code == 200 and time.perf_counter() - started < 1
    assert len(standin.requests) == calls_before  # the provider was not asked during the request
    job = session.exec(select(Job).where(Job.kind == "payments.webhook")).one()
    assert job.status == "pending"
    assert session.exec(select(Order.status).where(Order.tx_ref == tx_ref)).one() == "pending"
