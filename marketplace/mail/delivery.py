"""Delivery: SMTP when a mail server is configured, else one .eml file per message in the outbox folder.

The outbox is the embedded default: a new install needs no mail server, and the log line carries the
link so the person running it can finish sign-up from the console. That line is INFO, not a warning: writing
to the outbox is the expected behaviour without ``SMTP_HOST``, and every server process logs INFO
(:mod:`marketplace.logs`).
"""

from __future__ import annotations

import logging
import re
import smtplib
import ssl
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from marketplace.settings import settings

log = logging.getLogger(__name__)
SMTP_TIMEOUT_SECONDS = 20


class MailError(Exception):
    """The message could not be handed to the mail server."""


def _send_smtp(message: EmailMessage) -> None:
    context = ssl.create_default_context()
    # Port 465 speaks TLS from the first byte; other ports may upgrade with STARTTLS.
    if settings.smtp_port == 465:
        client = smtplib.SMTP_SSL(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS, context=context)
    else:
        client = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS)
    with client:
        if settings.smtp_starttls and settings.smtp_port != 465:
            client.starttls(context=context)
        if settings.smtp_user:
            client.login(settings.smtp_user, settings.smtp_password)
        client.send_message(message)


def _write_outbox(message: EmailMessage) -> Path:
    folder = settings.outbox_dir
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    recipient = re.sub(r"[^a-z0-9]+", "-", str(message["To"]).lower()).strip("-")[:60]
    path = folder / f"{stamp}-{recipient}-{uuid.uuid4().hex[:8]}.eml"
    path.write_bytes(message.as_bytes())
    return path


def deliver(message: EmailMessage, *, link: str | None = None) -> None:
    """Send ``message`` through SMTP, or write it to the outbox when no SMTP host is set.

    Args:
        message: A complete message (From is filled in from settings when missing).
        link: The message's action link, logged with the outbox path so it can be opened from the console.

    Raises:
        MailError: The SMTP server could not be reached or refused the message.
    """
    if not message["From"]:
        message["From"] = settings.mail_from
    if settings.smtp_host:
        try:
            _send_smtp(message)
        except (OSError, smtplib.SMTPException) as exc:
            raise MailError(f"Could not send mail to {message['To']}: {exc}") from exc
        log.info("Mail %r sent to %s", message["Subject"], message["To"])
        return
    path = _write_outbox(message)
    if link:
        log.info("Mail %r to %s written to %s; link: %s", message["Subject"], message["To"], path, link)
    else:
        log.info("Mail %r to %s written to %s", message["Subject"], message["To"], path)
