"""Email links of an account: verify the address, resend that link, reset a forgotten password.

Resend and forgot-password cannot be used to find out who is registered: they answer the same words whether or
not the address has an account, and they do the same work, so they take the same time too. Each request only
queues one job with the typed address (:data:`RESET_JOB`, :data:`RESEND_JOB`); the job, after the reply, looks
the account up and sends the mail when there is one.
"""

from __future__ import annotations

import hashlib
import logging
import time

from sqlmodel import Session, select

from marketplace import mail
from marketplace.db.models import User
from marketplace.domain import login_throttle, one_time_tokens
from marketplace.domain.errors import DomainError
from marketplace.domain.passwords import hash_password
from marketplace.domain.sessions import revoke_all_sessions
from marketplace.domain.validation import InvalidInput, password_error
from marketplace.jobs.queue import enqueue
from marketplace.settings import settings

log = logging.getLogger(__name__)

RESET_JOB = "accounts.password_reset_request"
RESEND_JOB = "accounts.verification_resend_request"

VERIFY_HOURS = int(one_time_tokens.LIFETIMES[one_time_tokens.VERIFY_EMAIL].total_seconds() // 3600)
RESET_MINUTES = int(one_time_tokens.LIFETIMES[one_time_tokens.RESET_PASSWORD].total_seconds() // 60)

EMAIL_VERIFIED = "Email verified. You can now log in."
BAD_VERIFY_LINK = "This verification link is invalid or has expired. Please request a new one."
RESEND_ANSWER = "If that email has an account waiting for verification, a new verification email is on its way."
RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password."
BAD_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one."
PASSWORD_RESET_DONE = "Your password has been reset. You can now log in."


def _find(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == (email or "").strip().lower())).first()


def send_verification_link(session: Session, user: User) -> None:
    """Issue a fresh verification token for ``user`` and queue the email with its link (earlier links stop
    working). The mail leaves after commit through the job queue; a mail server that is down delays it only.
    """
    token = one_time_tokens.issue(session, user=user, purpose=one_time_tokens.VERIFY_EMAIL)
    mail.send_verification(session, to=user.email, name=user.first_name, token=token, valid_hours=VERIFY_HOURS)


def verify_email(session: Session, *, token: str) -> User:
    """Mark the address behind a verification link as verified.

    Raises:
        DomainError: The link is unknown, used already, or expired (:data:`BAD_VERIFY_LINK`).
    """
    user = one_time_tokens.consume(session, token=token, purpose=one_time_tokens.VERIFY_EMAIL)
    if user is None:
        raise DomainError(BAD_VERIFY_LINK, field="token")
    user.email_verified = True
    session.add(user)
    session.flush()
    return user


def _queue_request(session: Session, kind: str, email: str) -> None:
    """Queue ``kind`` for the typed address: the same one statement whether or not it has an account.

    Asking again for the same address within the resend pause queues nothing more (the job's idempotency key
    names the address's hash and the pause's time slot); the job applies the pause rule exactly.
    """
    address = (email or "").strip().lower()
    pause = settings.mail_resend_pause_seconds
    key = None
    if pause:
        digest = hashlib.sha256(address.encode()).hexdigest()[:32]
        key = f"{kind}:{digest}:{int(time.time() // pause)}"
    enqueue(session, kind, {"email": address}, key=key)


def resend_verification(session: Session, *, email: str) -> str:
    """Ask for a new verification link for the typed address (sent by :func:`send_verification_again`).

    Returns:
        :data:`RESEND_ANSWER` in every case (no hint whether the account exists or is verified).
    """
    _queue_request(session, RESEND_JOB, email)
    return RESEND_ANSWER


def request_password_reset(session: Session, *, email: str) -> str:
    """Ask for a password-reset link for the typed address (sent by :func:`send_password_reset_link`).

    Returns:
        :data:`RESET_REQUESTED` in every case (no hint whether the account exists).
    """
    _queue_request(session, RESET_JOB, email)
    return RESET_REQUESTED


def send_verification_again(session: Session, *, email: str) -> bool:
    """The job behind a resend: a new link when the address has an unverified account and no link went out
    within the resend pause. Returns whether one was queued."""
    user = _find(session, email)
    if (
        user is None
        or user.email_verified
        or one_time_tokens.recently_issued(session, user=user, purpose=one_time_tokens.VERIFY_EMAIL)
    ):
        return False
    send_verification_link(session, user)
    return True


def send_password_reset_link(session: Session, *, email: str) -> bool:
    """The job behind forgot-password: a reset link when the address has an account and none went out within
    the resend pause. Returns whether one was queued."""
    user = _find(session, email)
    if user is None or one_time_tokens.recently_issued(session, user=user, purpose=one_time_tokens.RESET_PASSWORD):
        return False
    token = one_time_tokens.issue(session, user=user, purpose=one_time_tokens.RESET_PASSWORD)
    mail.send_password_reset(session, to=user.email, name=user.first_name, token=token, valid_minutes=RESET_MINUTES)
    return True


def reset_password(session: Session, *, token: str, new_password: str) -> User:
    """Set a new password from a reset link, and sign the account out everywhere.

    Opening the emailed link proves the person reads that mailbox, so the address counts as verified.

    Raises:
        InvalidInput: The new password breaks the password rules (``errors["password"]``).
        DomainError: The link is unknown, used already, or expired (:data:`BAD_RESET_LINK`).
    """
    problem = password_error(new_password)
    if problem:
        raise InvalidInput({"password": problem})
    new_hash = hash_password(new_password)  # the costly part, before the transaction takes any lock
    user = one_time_tokens.consume(session, token=token, purpose=one_time_tokens.RESET_PASSWORD)
    if user is None or user.id is None:  # (a user read from the database always has its id)
        raise DomainError(BAD_RESET_LINK, field="token")
    user.password_hash = new_hash
    user.email_verified = True
    session.add(user)
    # Whoever knew the old password may hold a live token: end every open session.
    revoke_all_sessions(session, user.id)
    login_throttle.clear_failures(session, user.email)  # the emailed link also unlocks password login
    session.flush()
    return user
