"""Email links of an account: verify the address, resend that link, reset a forgotten password.

Resend and forgot-password answer the same words whether or not the address has an account, so they
cannot be used to find out who is registered.
"""

from __future__ import annotations

import logging

from sqlmodel import Session, select

from marketplace import mail
from marketplace.db.models import User
from marketplace.domain import login_throttle, one_time_tokens
from marketplace.domain.errors import DomainError
from marketplace.domain.passwords import hash_password
from marketplace.domain.sessions import revoke_all_sessions
from marketplace.domain.validation import InvalidInput, password_error

log = logging.getLogger(__name__)

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


def resend_verification(session: Session, *, email: str) -> str:
    """Send a new verification link when the address has an unverified account.

    Returns:
        :data:`RESEND_ANSWER` in every case (no hint whether the account exists or is verified).
    """
    user = _find(session, email)
    if (
        user is not None
        and not user.email_verified
        and not one_time_tokens.recently_issued(session, user=user, purpose=one_time_tokens.VERIFY_EMAIL)
    ):
        send_verification_link(session, user)
    return RESEND_ANSWER


def request_password_reset(session: Session, *, email: str) -> str:
    """Email a password-reset link when the address has an account.

    Returns:
        :data:`RESET_REQUESTED` in every case (no hint whether the account exists).
    """
    user = _find(session, email)
    if user is not None and not one_time_tokens.recently_issued(
        session, user=user, purpose=one_time_tokens.RESET_PASSWORD
    ):
        token = one_time_tokens.issue(session, user=user, purpose=one_time_tokens.RESET_PASSWORD)
        mail.send_password_reset(session, to=user.email, name=user.first_name, token=token, valid_minutes=RESET_MINUTES)
    return RESET_REQUESTED


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
    if user is None:
        raise DomainError(BAD_RESET_LINK, field="token")
    user.password_hash = new_hash
    user.email_verified = True
    session.add(user)
    # Whoever knew the old password may hold a live token: end every open session.
    revoke_all_sessions(session, user.id)
    login_throttle.clear_failures(session, login_throttle.attempt_keys(user.email, None)[0])
    session.flush()
    return user
