"""People and their ways in: users, login sessions, linked identities, one-time tokens."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class User(SQLModel, table=True):
    """A learner or an instructor. Email and username are unique regardless of case."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    first_name: str = Field(max_length=80)
    last_name: str = Field(max_length=80)
    username: str = Field(max_length=40)
    username_key: str = Field(max_length=40, unique=True, index=True)  # lower-cased username
    email: str = Field(max_length=254, unique=True, index=True)  # stored lower-cased
    password_hash: str | None = Field(default=None, max_length=255)  # None: third-party sign-in only
    headline: str = Field(default="", max_length=120)
    description: str = Field(default="", max_length=2000)
    language: str = Field(default="english", max_length=20)
    linkedin: str = Field(default="", max_length=300)
    youtube: str = Field(default="", max_length=300)
    facebook: str = Field(default="", max_length=300)
    website: str = Field(default="", max_length=300)
    x: str = Field(default="", max_length=300)
    profile_picture: str = Field(default="", max_length=300)
    role: str = Field(default="learner", max_length=20)  # learner | instructor
    email_verified: bool = Field(default=False)
    created_at: datetime = Field(default_factory=utcnow)


class LoginSession(SQLModel, table=True):
    """A signed-in device; the access token's ``sid`` claim points here so it can be listed and revoked."""

    __tablename__ = "login_sessions"

    id: str = Field(primary_key=True, max_length=64)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    revoked_at: datetime | None = None
    # The device as its browser names itself, and the address it signed in from (shown in the device list).
    user_agent: str = Field(default="", max_length=300, sa_column_kwargs={"server_default": ""})
    ip: str = Field(default="", max_length=64, sa_column_kwargs={"server_default": ""})
    last_seen_at: datetime | None = None  # written at most once a minute
    refresh_hash: str | None = Field(default=None, max_length=64)  # SHA-256 of the refresh token's secret


class LinkedAccount(SQLModel, table=True):
    """A third-party identity (e.g. Google's ``sub``) linked to a user."""

    __tablename__ = "linked_accounts"
    __table_args__ = (UniqueConstraint("provider", "subject", name="uq_linked_provider_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    provider: str = Field(max_length=40)
    subject: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=utcnow)


class OneTimeToken(SQLModel, table=True):
    """An expiring single-use token for email verification or password reset. Only its hash is kept."""

    __tablename__ = "one_time_tokens"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    purpose: str = Field(max_length=20)  # verify_email | reset_password
    token_hash: str = Field(max_length=64, unique=True, index=True)
    expires_at: datetime
    used_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)


class LoginAttempt(SQLModel, table=True):
    """A login attempt (kept while it counts as a failure) or a sign-up, counted per key to slow down abuse."""

    __tablename__ = "login_attempts"

    id: int | None = Field(default=None, primary_key=True)
    # "email:<address>", "ip:<address>", "pair:<email hash>:<address>" (logins) or "signup:<address>"
    key: str = Field(max_length=300, index=True)
    created_at: datetime = Field(default_factory=utcnow, index=True)
