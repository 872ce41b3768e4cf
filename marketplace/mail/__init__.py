"""Outgoing mail: build a message now, deliver it after the transaction commits (through the job queue).

Callers use the ``send_*`` functions with the session of the change the mail is about. The message is
rendered at once and written to the job outbox in that same transaction, so:

* a mail goes out if and only if its cause was saved (a rolled-back sign-up sends nothing);
* a mail server that is down fails nothing: the job is retried with backoff until the server is back;
* nothing slow (SMTP) happens while a request or a database transaction waits.

Each message's ``Message-ID`` comes from its job's idempotency key, so a job run twice (its worker died
between sending and recording it) sends recognisably the same message.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from email.message import EmailMessage
from email.utils import make_msgid

from sqlmodel import Session

from marketplace.jobs.queue import enqueue
from marketplace.mail import links, messages
from marketplace.mail.delivery import MailError, deliver
from marketplace.settings import settings

__all__ = [
    "MailError",
    "deliver",
    "queue_message",
    "send_order_confirmation",
    "send_password_reset",
    "send_verification",
]

MAIL_JOB = "mail.send"


def queue_message(session: Session, message: EmailMessage, *, key: str, link: str | None = None) -> None:
    """Queue ``message`` for delivery after the caller's transaction commits.

    Args:
        session: The session of the change the message is about.
        message: The complete message (From is filled in from settings when missing).
        key: Idempotency key: a second message with the same key is never queued (one receipt per order).
        link: The message's action link, logged when the embedded default writes it to the outbox folder.
    """
    if not message["From"]:
        message["From"] = settings.mail_from
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    message["Message-ID"] = make_msgid(idstring=digest, domain="naijalearn.local")
    enqueue(session, MAIL_JOB, {"message": message.as_string(), "link": link}, key=f"mail:{key}")


def send_verification(session: Session, *, to: str, name: str, token: str, valid_hours: int) -> None:
    """Queue the verify-your-email message whose link carries ``token``."""
    link = links.verification_link(token)
    message = messages.verification_message(to=to, name=name, link=link, valid_hours=valid_hours)
    queue_message(session, message, key=f"verify:{_token_key(token)}", link=link)


def send_password_reset(session: Session, *, to: str, name: str, token: str, valid_minutes: int) -> None:
    """Queue the reset-your-password message whose link carries ``token``."""
    link = links.password_reset_link(token)
    message = messages.password_reset_message(to=to, name=name, link=link, valid_minutes=valid_minutes)
    queue_message(session, message, key=f"reset:{_token_key(token)}", link=link)


def send_order_confirmation(
    session: Session, *, to: str, name: str, lines: Sequence[tuple[str, str]], total_text: str, order_ref: str
) -> None:
    """Queue the order receipt: at most one per order, however often payment is confirmed.

    Args:
        session: The session that marked the order paid.
        to: The buyer's email address.
        name: The buyer's first name (or full name) for the greeting.
        lines: ``(course title, price text)`` per ordered course, e.g. ``("Python 101", "₦15,000.00")``.
        total_text: The order total as shown to people, e.g. ``"₦16,500.00"``.
        order_ref: The order reference shown to the buyer; the receipt's idempotency key.
    """
    message = messages.order_confirmation_message(
        to=to, name=name, lines=lines, total_text=total_text, order_ref=order_ref
    )
    queue_message(session, message, key=f"receipt:{order_ref}")


def _token_key(token: str) -> str:
    # The key is kept after the mail is sent; a hash of the one-time token, never the token itself.
    return hashlib.sha256(token.encode()).hexdigest()[:32]
