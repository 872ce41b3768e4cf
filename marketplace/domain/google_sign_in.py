"""Sign in with Google: a verified ID token becomes a login session.

The account is found by the provider's subject (a stable id), never by email alone. The first time, a
user with the same address is linked (Google has verified the address; an unverified account loses the
password it was registered with, since nobody proved that address when it was set), or a new verified
account is created without a password (it can set one through the reset flow).
"""

from __future__ import annotations

import logging
import re

from sqlmodel import Session, select

from marketplace.db.models import LinkedAccount, User
from marketplace.domain.accounts import SignedIn, find_by_email, signed_in
from marketplace.domain.errors import Unauthorized
from marketplace.domain.sessions import revoke_all_sessions
from marketplace.identity.google import IdTokenError, VerifiedIdentity, verify_id_token

log = logging.getLogger(__name__)

PROVIDER = "google"
GOOGLE_FAILED = "Google sign-in failed. Try again."
MAX_USERNAME = 40


def _free_username(session: Session, email: str) -> str:
    base = re.sub(r"[^a-z0-9_.]", "", email.split("@", 1)[0].lower())[:30] or "learner"
    candidate, n = base, 1
    while session.exec(select(User.id).where(User.username_key == candidate)).first() is not None:
        n += 1
        candidate = f"{base}{n}"[:MAX_USERNAME]
    return candidate


def _create_user(session: Session, identity: VerifiedIdentity) -> User:
    username = _free_username(session, identity.email)
    user = User(
        first_name=(identity.given_name or username)[:80],
        last_name=identity.family_name[:80],
        username=username,
        username_key=username,
        email=identity.email,
        password_hash=None,
        email_verified=True,
        profile_picture=identity.picture if len(identity.picture) <= 300 else "",
    )
    session.add(user)
    session.flush()
    return user


def _saved_id(user: User) -> int:
    """The id of a user row that is in the database (found, or flushed)."""
    if user.id is None:
        raise RuntimeError("The user row has not been saved.")
    return user.id


def _user_for_identity(session: Session, identity: VerifiedIdentity) -> User:
    link = session.exec(
        select(LinkedAccount).where(LinkedAccount.provider == PROVIDER, LinkedAccount.subject == identity.subject)
    ).first()
    if link is not None:
        user = session.get(User, link.user_id)
        if user is None:
            raise Unauthorized(GOOGLE_FAILED)
        return user
    user = find_by_email(session, identity.email)
    if user is not None:
        other = session.exec(
            select(LinkedAccount).where(LinkedAccount.user_id == user.id, LinkedAccount.provider == PROVIDER)
        ).first()
        if other is not None:
            # The account is already tied to a different Google identity: do not let a second one in by email.
            log.warning("Google subject mismatch for user %s", user.id)
            raise Unauthorized(GOOGLE_FAILED)
        if not user.email_verified:
            # Whoever chose this account's password never proved the address, and Google has just proved it
            # belongs to this person: an unverified sign-up must not keep a way in (it may be a squatter's).
            # The owner can set a password of their own through the reset flow.
            user.password_hash = None
            revoke_all_sessions(session, _saved_id(user))
        user.email_verified = True
        session.add(user)
    else:
        user = _create_user(session, identity)
    session.add(LinkedAccount(user_id=_saved_id(user), provider=PROVIDER, subject=identity.subject))
    session.flush()
    return user


def google_sign_in(
    session: Session, *, id_token: str, nonce: str | None = None, user_agent: str = "", ip: str | None = None
) -> SignedIn:
    """Verify a Google ID token and sign its person in, linking or creating the account.

    Args:
        session: The database session (flushed, not committed).
        id_token: The ID token (``credential``) the Google button handed to the browser, or the one the
            provider's token endpoint answered in the redirect flow.
        nonce: The redirect flow's nonce, which the token must repeat (None for Google's button).
        user_agent: The browser's User-Agent, naming the device in the list of signed-in devices.
        ip: The client's address, shown in that list.

    Raises:
        Unauthorized: The token is not acceptable or sign-in is not configured (:data:`GOOGLE_FAILED`).
    """
    try:
        identity = verify_id_token(id_token, nonce=nonce)
    except IdTokenError as exc:
        log.info("Google sign-in refused: %s", exc)
        raise Unauthorized(GOOGLE_FAILED) from exc
    user = _user_for_identity(session, identity)
    return signed_in(session, user, user_agent=user_agent, ip=ip)
