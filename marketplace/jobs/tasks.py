"""What each kind of job does. Thin: each task calls the domain, mail or a payment provider.

Tasks are idempotent: a task may run again after its worker died mid-way, so running it twice must do no
more than running it once (a paid order is paid once; a mail keeps its Message-ID, so a second copy is
recognisably the same message).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import message_from_string, policy
from typing import Any

from sqlmodel import Session

from marketplace.db.engine import session_scope
from marketplace.domain import account_recovery, checkout, media_release
from marketplace.mail.delivery import deliver
from marketplace.payments.sandbox import provider as sandbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobContext:
    """Where a job runs: its database, its idempotency key and which attempt this is (1 for the first)."""

    url: str | None
    key: str
    attempt: int

    @contextmanager
    def session(self, *, readonly: bool = False) -> Iterator[Session]:
        """A committed session on the job's database."""
        with session_scope(self.url, readonly=readonly) as session:
            yield session


@dataclass(frozen=True)
class Task:
    """A kind of job: the function that runs it, and whether its payload is wiped once it is done."""

    run: Callable[[dict[str, Any], JobContext], None]
    scrub_payload: bool = False


def send_mail(payload: dict[str, Any], ctx: JobContext) -> None:
    """Deliver a message rendered when the job was queued (SMTP, or the outbox folder)."""
    message = message_from_string(payload["message"], policy=policy.default)
    deliver(message, link=payload.get("link"))  # raises MailError while the server is down: retried later


def process_webhook(payload: dict[str, Any], ctx: JobContext) -> None:
    """Settle an order from a provider's webhook whose signature was checked when it arrived."""
    checkout.settle_from_webhook(
        ctx.session, provider=payload["provider"], tx_ref=payload["tx_ref"], transaction_id=payload["transaction_id"]
    )


def settle_sandbox_transfer(payload: dict[str, Any], ctx: JobContext) -> None:
    """The sandbox's bank transfer arrives: mark it successful and deliver its signed webhook."""
    webhook = sandbox.settle_transfer(payload["tx_ref"])
    if webhook is None:
        return  # settled already (a rerun after a crash) or cancelled meanwhile
    headers, raw_body = webhook
    with ctx.session() as session:
        checkout.receive_webhook(session, provider="sandbox", headers=headers, raw_body=raw_body)


def process_video(payload: dict[str, Any], ctx: JobContext) -> None:
    """A lesson video finished uploading: probe it, move it into media storage, mark it ready and attach it."""
    from marketplace.media import videos  # PyAV loads only in processes that run this job

    videos.process_upload(ctx.session, payload["upload_id"])


def expire_upload(payload: dict[str, Any], ctx: JobContext) -> None:
    """A video upload nobody finished in time: mark it rejected and remove its chunks from the disk."""
    from marketplace.media import uploads, videos

    with ctx.session() as session:
        dropped = uploads.expire_upload(session, payload["upload_id"])
    if dropped:
        videos.forget_incoming(payload["upload_id"])


def release_media(payload: dict[str, Any], ctx: JobContext) -> None:
    """An upload stopped being used: when nothing uses it now, remove its files (marketplace/media/cleanup.py)."""
    from marketplace.media import cleanup

    cleanup.remove_if_unused(ctx.session, payload["upload_id"])


def password_reset_request(payload: dict[str, Any], ctx: JobContext) -> None:
    """Forgot-password: mail a reset link when the typed address has an account (the request did not look)."""
    with ctx.session() as session:
        account_recovery.send_password_reset_link(session, email=payload["email"])


def verification_resend_request(payload: dict[str, Any], ctx: JobContext) -> None:
    """Resend verification: mail a new link when the typed address has an unverified account."""
    with ctx.session() as session:
        account_recovery.send_verification_again(session, email=payload["email"])


TASKS: dict[str, Task] = {
    "mail.send": Task(send_mail, scrub_payload=True),
    "payments.webhook": Task(process_webhook),
    "payments.sandbox_settle": Task(settle_sandbox_transfer),
    "media.process_video": Task(process_video),
    "media.expire_upload": Task(expire_upload),
    media_release.RELEASE_JOB: Task(release_media),
    # The typed address is personal data: wiped from the row once the job is done.
    account_recovery.RESET_JOB: Task(password_reset_request, scrub_payload=True),
    account_recovery.RESEND_JOB: Task(verification_resend_request, scrub_payload=True),
}
