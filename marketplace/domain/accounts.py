"""Password accounts: register, log in, log out, and the public shape of a user.

Email links (verification, password reset) live in :mod:`marketplace.domain.account_recovery`;
Google sign-in in :mod:`marketplace.domain.google_sign_in`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, or_, select

from marketplace.db.models import Enrollment, User
from marketplace.domain import login_throttle, rate_limits
from marketplace.domain.account_recovery import send_verification_link
from marketplace.domain.errors import Conflict, Forbidden, TooManyRequests, Unauthorized
from marketplace.domain.passwords import hash_password, verify_password
from marketplace.domain.sessions import open_session, revoke_token
from marketplace.domain.validation import InvalidInput, validate_login, validate_registration
from marketplace.shapes.accounts import UserPublic

# The same words for an unknown email and a wrong password, so the answer never says who has an account.
LOGIN_FAILED = "Incorrect email or password."
NOT_VERIFIED = "Please verify your email before logging in."
# The register form shows the first under the field, the toast shows the second (docs/product.md, Accounts and sign-in).
DUPLICATE_FIELD_MESSAGE = "This email or username is already registered."
DUPLICATE_MESSAGE = "Email or username already exists."
VERIFICATION_SENT = "Email verification sent. Please check your email to verify your account."
LOGIN_SUCCESS = "Login successful"


class EmailNotVerified(Forbidden):
    """The password was right but the address is not verified yet (the UI offers to resend the link)."""


@dataclass(frozen=True)
class SignedIn:
    """A successful sign-in: the user, their access token and the refresh token that renews it."""

    user: User
    token: str
    refresh_token: str = ""
    session_id: str = ""


def signed_in(session: Session, user: User, *, user_agent: str = "", ip: str | None = None) -> SignedIn:
    """Open a login session for ``user`` on this device (password and Google sign-in alike)."""
    tokens = open_session(session, user, user_agent=user_agent, ip=ip)
    return SignedIn(user=user, token=tokens.access, refresh_token=tokens.refresh, session_id=tokens.session_id)


def normalize_email(email: str) -> str:
    """Emails are compared and stored lower-cased and trimmed."""
    return (email or "").strip().lower()


def find_by_email(session: Session, email: str) -> User | None:
    """The user with this email (any case), or None."""
    return session.exec(select(User).where(User.email == normalize_email(email))).first()


def _taken_field(session: Session, email: str, username_key: str) -> str | None:
    clash = session.exec(select(User).where(or_(User.email == email, User.username_key == username_key))).first()
    if clash is None:
        return None
    return "email" if clash.email == email else "userName"


def register_user(session: Session, *, data: Mapping[str, object], ip: str | None = None) -> User:
    """Create an unverified account from register-form values and send its verification email.

    Args:
        session: The database session (flushed, not committed; a read before the password hash is committed).
        data: firstName, lastName, userName, email, password and optionally confirmPassword.
        ip: The client's address: at most ``SIGNUP_MAX_PER_IP`` accounts an hour from one; None when unknown.

    Returns:
        The new user (``email_verified`` is False until the link is opened).

    Raises:
        InvalidInput: A field broke a rule; ``errors`` maps fields to docs/product.md's messages.
        TooManyRequests: Too many sign-ups from this address (:data:`rate_limits.TOO_MANY_SIGNUPS`).
        Conflict: The email or username is taken (regardless of case); ``field`` names which.
    """
    errors = validate_registration(data)
    if errors:
        raise InvalidInput(errors)
    email = normalize_email(str(data["email"]))
    username = str(data["userName"]).strip()
    # A flood past the limit is refused before the costly hash; the count that holds is taken below.
    exhausted = rate_limits.signups_exhausted(session, ip)
    session.commit()  # end that read: no transaction (nor SQLite's write lock) is held while the hash runs
    if exhausted:
        raise TooManyRequests(rate_limits.TOO_MANY_SIGNUPS)
    password_hash = hash_password(str(data["password"]))
    rate_limits.count_signup(session, ip)  # in the sign-up's transaction: a sign-up that fails is not counted
    taken = _taken_field(session, email, username.lower())
    if taken:
        raise Conflict(DUPLICATE_FIELD_MESSAGE, field=taken)
    user = User(
        first_name=str(data["firstName"]).strip(),
        last_name=str(data["lastName"]).strip(),
        username=username,
        username_key=username.lower(),
        email=email,
        password_hash=password_hash,
        email_verified=False,
    )
    session.add(user)
    try:
        session.flush()
    except IntegrityError as exc:
        # Two sign-ups racing for the same name: the unique indexes settle it.
        session.rollback()
        raise Conflict(DUPLICATE_FIELD_MESSAGE, field="email") from exc
    send_verification_link(session, user)
    return user


def paid_course_ids(session: Session, user_id: int) -> list[int]:
    """Ids of the courses the user is enrolled in, oldest first (docs/product.md's ``paidCourses``)."""
    rows = session.exec(
        select(Enrollment.course_id).where(Enrollment.user_id == user_id).order_by(col(Enrollment.created_at))
    )
    return list(rows)


def public_user(session: Session, user: User) -> UserPublic:
    """docs/product.md's User as anyone may see it. Never carries the password hash."""
    user_id = user.id or 0  # a stored user always has its id
    return UserPublic(
        id=user_id,
        first_name=user.first_name,
        last_name=user.last_name,
        user_name=user.username,
        email=user.email,
        headline=user.headline,
        description=user.description,
        language=user.language,
        linkedin=user.linkedin,
        youtube=user.youtube,
        facebook=user.facebook,
        website=user.website,
        x=user.x,
        profile_picture=user.profile_picture,
        paid_courses=paid_course_ids(session, user_id),
        role=user.role,
        email_verified=user.email_verified,
    )


def login(session: Session, *, email: str, password: str, ip: str | None = None, user_agent: str = "") -> SignedIn:
    """Check an email and password and open a login session for this device.

    An unknown email and a wrong password get the same message and cost the same time (the password is
    checked against a dummy hash), so the answer does not tell which addresses have accounts. Guessing is
    throttled by :mod:`marketplace.domain.login_throttle`, which admits at most a few checks per account and
    window however many attempts arrive at once, without locking the owner out.

    Args:
        session: The database session. The attempt is recorded and committed before the password is
            checked (callers roll back on errors, and the throttle must still count it).
        email: The address typed (any case).
        password: The password typed.
        ip: The client's address, to throttle guessing; None when unknown.
        user_agent: The browser's User-Agent, to name the device in the list of signed-in devices.

    Raises:
        InvalidInput: Email or password missing (or the email malformed).
        TooManyRequests: Too many recent failures for this email or address; says when to try again.
        Unauthorized: Unknown email or wrong password (:data:`LOGIN_FAILED`).
        EmailNotVerified: Right password, unverified address (:data:`NOT_VERIFIED`).
    """
    errors = validate_login(email, password)
    if errors:
        raise InvalidInput(errors)
    admission = login_throttle.admit(session, email, ip)
    user = find_by_email(session, email)
    # Commit the recorded attempt before the slow part (the slow-down and the deliberately costly hash check):
    # it counts from now on, and no connection or lock is held meanwhile; the session begins again when needed.
    session.commit()
    if admission.delay:
        time.sleep(admission.delay)
    # The hash is checked even for an unknown address (against a dummy), so both cost the same time.
    if not verify_password(password, user.password_hash if user else None) or user is None:
        # The recorded attempt stays: it is a failure now. Past the limit the answer stays "too many".
        if admission.past_limit:
            raise admission.refusal()
        raise Unauthorized(LOGIN_FAILED)
    login_throttle.succeeded(session, admission, email)
    if not user.email_verified:
        session.commit()  # the right password is no failure, even though the caller rolls back
        raise EmailNotVerified(NOT_VERIFIED, field="email")
    return signed_in(session, user, user_agent=user_agent, ip=ip)


def logout(session: Session, *, token: str) -> None:
    """Revoke the login session behind ``token``, so the token is refused from now on.

    Raises:
        Unauthorized: The token is missing, forged, expired or already revoked.
    """
    if not revoke_token(session, token):
        raise Unauthorized("You are not authenticated. Please log in.")
    session.flush()
