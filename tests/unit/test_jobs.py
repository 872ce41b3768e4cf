"""The job outbox: written with the change that causes it, run after commit, retried, never lost, never doubled."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from sqlmodel import select

from marketplace.db.models import Job
from marketplace.domain import account_recovery, accounts, checkout, orders
from marketplace.domain.pricing import price_kobo
from marketplace.jobs import admin, worker
from marketplace.jobs.queue import enqueue
from marketplace.jobs.tasks import TASKS, Task
from marketplace.payments import Verification
from marketplace.payments.sandbox import provider as sandbox
from marketplace.settings import PROJECT_ROOT, settings
from tests.factories import make_course, make_user
from tests.mail_helpers import body_text, free_port

FORM = {
    "firstName": "Chioma",
    "lastName": "Okafor",
    "userName": "ChiomaO",
    "email": "chioma@example.com",
    "password": "secret12",
    "confirmPassword": "secret12",
}
BILLING = {"email": "ada@example.com", "country": "Nigeria", "state": "Lagos"}


class FlakySmtp:
    """A real SMTP server that can refuse mail (a server that is down for maintenance) or hang mid-message."""

    def __init__(self) -> None:
        self.refuse = False
        self.hang = False
        self.seen_recipient = False
        self.messages: list[bytes] = []
        self.port = free_port()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # aiosmtpd hook
        self.seen_recipient = True
        while self.hang:
            await asyncio.sleep(0.05)
        if self.refuse:
            return "451 4.3.0 Mail server busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd hook
        self.messages.append(envelope.original_content or envelope.content)
        return "250 Message accepted for delivery"

    def texts(self) -> list[str]:
        """Each message's subject and plain-text body."""
        parsed = [message_from_bytes(m, policy=policy.default) for m in self.messages]
        return [f"{m['Subject']}\n{body_text(m)}" for m in parsed]

    def __enter__(self) -> FlakySmtp:
        self._controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.hang = False
        self._controller.stop()


@pytest.fixture
def smtp(monkeypatch):
    with FlakySmtp() as server:
        monkeypatch.setattr(settings, "smtp_host", "127.0.0.1")
        monkeypatch.setattr(settings, "smtp_port", server.port)
        monkeypatch.setattr(settings, "smtp_starttls", False)
        monkeypatch.setattr(settings, "smtp_user", "")
        yield server


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(settings, "job_retry_base_seconds", 0.3)
    monkeypatch.setattr(settings, "job_retry_max_seconds", 0.3)


def _jobs(session, **where):
    query = select(Job)
    for name, value in where.items():
        query = query.where(getattr(Job, name) == value)
    return list(session.exec(query).all())


def _paid_order(session):
    user, course = make_user(session), make_course(session)
    order = orders.create_order(
        session,
        user=user,
        course_ids=[course.id],
        total_amount=str(price_kobo([course.price_kobo]).total),
        provider="sandbox",
        **BILLING,
    )
    verification = Verification(
        status="successful", tx_ref=order.tx_ref, amount_kobo=order.total_kobo, currency="NGN", transaction_id="77"
    )
    orders.confirm_payment(session, order=order, verification=verification)
    return order, verification


# --- written with the change -----------------------------------------------------------------------------------


def test_a_job_exists_only_if_the_change_that_caused_it_was_saved(session):
    enqueue(session, "mail.send", {"message": "x"}, key="kept")
    session.commit()
    enqueue(session, "mail.send", {"message": "y"}, key="rolled-back")
    session.rollback()
    assert [job.key for job in _jobs(session)] == ["kept"]


def test_a_key_is_queued_once_however_often_it_is_asked_for(session):
    for _ in range(3):
        enqueue(session, "mail.send", {"message": "x"}, key="receipt:NL-1")
        session.commit()
    assert len(_jobs(session, key="receipt:NL-1")) == 1


def test_a_paid_order_queues_one_receipt_however_often_payment_is_confirmed(session, run_jobs, smtp):
    order, verification = _paid_order(session)
    session.commit()
    for _ in range(3):  # a webhook and two returns racing in, each confirming the same payment
        orders.confirm_payment(session, order=order, verification=verification)
        session.commit()
    assert len(_jobs(session, key=f"mail:receipt:{order.tx_ref}")) == 1
    run_jobs()
    assert sum(order.tx_ref in text for text in smtp.texts()) == 1


# --- retried with backoff, failures visible ---------------------------------------------------------------------


def test_a_failing_job_is_retried_with_growing_waits_then_marked_failed_and_can_be_retried(
    session, db_url, monkeypatch
):
    calls = []

    def flaky(payload, ctx):
        calls.append(ctx.attempt)
        raise RuntimeError("provider down")

    monkeypatch.setitem(TASKS, "test.flaky", Task(flaky))
    monkeypatch.setattr(settings, "job_max_attempts", 3)
    monkeypatch.setattr(settings, "job_retry_base_seconds", 10)
    enqueue(session, "test.flaky", key="flaky")
    session.commit()

    assert worker.run_due(db_url) == 1
    [job] = _jobs(session, key="flaky")
    session.refresh(job)
    waited = (job.run_after.replace(tzinfo=job.run_after.tzinfo or UTC) - datetime.now(UTC)).total_seconds()
    assert job.status == "pending" and job.attempts == 1 and 8 < waited <= 11 and "provider down" in job.last_error
    assert worker.run_due(db_url) == 0  # not due yet: backoff
    assert worker.backoff_seconds(2) > worker.backoff_seconds(1) * 1.5

    for _ in range(2):  # time passes: each retry falls due
        job.run_after = datetime.now(UTC)
        session.add(job)
        session.commit()
        assert worker.run_due(db_url) == 1
        session.refresh(job)
    assert (job.status, job.attempts, calls) == ("failed", 3, [1, 2, 3])
    assert [row.key for row in admin.list_jobs(db_url, statuses=("failed",))] == ["flaky"]
    assert admin.counts(db_url) == {"failed": 1}

    assert admin.retry(db_url, ids=[job.id]) == 1
    session.refresh(job)
    assert (job.status, job.attempts) == ("pending", 0)


def test_manage_jobs_lists_pending_and_failed_jobs(db_url, session, monkeypatch):
    enqueue(session, "mail.send", {"message": "x"}, key="waiting-one")
    session.commit()
    out = subprocess.run(
        [sys.executable, "-m", "marketplace.manage", "jobs"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": db_url},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "1 pending" in out.stderr and "waiting-one" in out.stderr


# --- a mail server that is down fails nothing --------------------------------------------------------------------


def test_a_mail_server_that_refuses_fails_no_sign_up_reset_or_payment_and_mail_goes_out_when_it_is_back(
    session, db_url, smtp, quick_retries
):
    smtp.refuse = True
    user = accounts.register_user(session, data=FORM)
    session.commit()
    user.email_verified = True
    session.add(user)
    session.commit()
    assert account_recovery.request_password_reset(session, email=FORM["email"]) == account_recovery.RESET_REQUESTED
    session.commit()
    order, _ = _paid_order(session)
    session.commit()
    assert order.status == "paid"  # the payment stands, whatever the mail server does

    worker.run_due(db_url)
    waiting = _jobs(session, kind="mail.send")
    assert len(waiting) == 3 and smtp.messages == []
    for job in waiting:
        session.refresh(job)
        assert job.status == "pending" and "451" in job.last_error

    smtp.refuse = False  # the mail server is back
    time.sleep(0.4)
    assert worker.run_due(db_url) == 3
    texts = smtp.texts()
    assert len(texts) == 3
    assert any("/verify-email?token=" in t for t in texts) and any("/reset-password?token=" in t for t in texts)
    assert any(order.tx_ref in t for t in texts)
    session.expire_all()
    assert all(job.status == "done" for job in session.exec(select(Job)).all())


def test_a_delivered_one_time_link_is_not_kept_in_the_job_table(session, run_jobs, smtp):
    accounts.register_user(session, data=FORM)
    session.commit()
    run_jobs()
    [job] = _jobs(session, kind="mail.send")
    session.refresh(job)
    assert job.status == "done" and json.loads(job.payload) == {} and "verify-email" not in job.key


# --- a worker killed mid-job --------------------------------------------------------------------------------------


def _start_worker(db_url: str, smtp_port: int, data_dir) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "DATA_DIR": str(data_dir),
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(smtp_port),
        "JOB_POLL_SECONDS": "0.1",
        "JOB_THREADS": "1",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "marketplace.manage", "worker"],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _wait(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_worker_killed_mid_job_runs_it_again_after_restart_and_the_receipt_goes_out_once(
    session, db_url, smtp, tmp_path
):
    order, verification = _paid_order(session)
    session.commit()
    [job] = _jobs(session, kind="mail.send")
    smtp.hang = True  # the mail server takes its time: the worker is in the middle of the job

    first = _start_worker(db_url, smtp.port, tmp_path)
    try:
        _wait(lambda: smtp.seen_recipient)
        session.refresh(job)
        assert job.status == "running" and job.attempts == 1
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    finally:
        first.kill()
    smtp.hang = False

    second = _start_worker(db_url, smtp.port, tmp_path)
    try:
        _wait(lambda: len(smtp.messages) >= 1)
        _wait(lambda: (session.refresh(job), job.status)[1] == "done")
        orders.confirm_payment(session, order=order, verification=verification)  # a late webhook changes nothing
        session.commit()
        time.sleep(0.5)
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(20)
    assert job.attempts == 2  # the killed try and the one that finished
    assert sum(order.tx_ref in text for text in smtp.texts()) == 1
    assert len(_jobs(session, kind="mail.send")) == 1


def test_a_running_job_whose_lease_ran_out_is_taken_up_again(session, db_url, monkeypatch):
    ran = []
    monkeypatch.setitem(TASKS, "test.once", Task(lambda payload, ctx: ran.append(ctx.attempt)))
    enqueue(session, "test.once", key="stuck")
    session.commit()
    [job] = _jobs(session, key="stuck")
    job.status, job.attempts, job.locked_by = "running", 1, "another-machine:1:dead"
    job.locked_until = datetime.now(UTC) + timedelta(minutes=5)
    session.add(job)
    session.commit()
    assert worker.run_due(db_url) == 0  # its holder may still be working on it
    job.locked_until = datetime.now(UTC) - timedelta(seconds=1)
    session.add(job)
    session.commit()
    assert worker.run_due(db_url) == 1 and ran == [2]


# --- the sandbox's bank transfer settles through a job ------------------------------------------------------------


def test_a_sandbox_transfer_settles_through_a_delayed_job_and_the_webhook_job(session, db_url, monkeypatch):
    user, course = make_user(session), make_course(session)
    started = checkout.start_checkout(
        session,
        user=user,
        provider="sandbox",
        course_ids=[course.id],
        total_amount=str(price_kobo([course.price_kobo]).total),
        **BILLING,
    )
    assert sandbox.act(started.order.tx_ref, "transfer").settle_later
    sandbox.schedule_settlement(session, started.order.tx_ref, delay=0.2)
    session.commit()
    assert worker.run_due(db_url) == 0  # not yet: the transfer is still on its way
    time.sleep(0.3)
    assert worker.run_due(db_url) == 3  # the settlement, the webhook it delivered, and the receipt
    session.refresh(started.order)
    assert started.order.status == "paid"
