"""Account shapes: the public user (never a secret), signed-in devices, and what a sign-in hands out.

Wire names follow docs/product.md's User (``firstName``, ``userName``, ``profilePicture``, ``paidCourses``...) with
``_id`` beside ``id``. The browser keeps :class:`UserPublic` under the ``user`` key of its local storage, in
those same wire names (:meth:`UserPublic.stored`).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from marketplace.shapes.base import Shape
from marketplace.shapes.catalog import WithUnderscoreId


class UserPublic(WithUnderscoreId):
    """docs/product.md's User as anyone may see it: no password hash, no token."""

    first_name: str = ""
    last_name: str = ""
    user_name: str = ""
    email: str = ""
    headline: str = ""
    description: str = ""
    language: str = ""
    linkedin: str = ""
    youtube: str = ""
    facebook: str = ""
    website: str = ""
    x: str = ""
    profile_picture: str = ""
    paid_courses: list[int] = Field(default_factory=list)
    role: str = ""
    email_verified: bool = False

    def stored(self) -> dict[str, Any]:
        """The user as the browser stores it (and the API sends it): JSON values under docs/product.md's names."""
        return self.model_dump(mode="json", by_alias=True)


# docs/product.md's Profile is the user itself: ``PUT /api/profile/update`` answers the updated user.
Profile = UserPublic


class UserEnvelope(Shape):
    """``{user}``: the signed-in user (``GET /api/auth/me``)."""

    user: UserPublic


class SignedInUser(Shape):
    """A login's answer: the user, the access token, the refresh token that renews it, and a message."""

    user: UserPublic
    token: str = ""
    refresh_token: str = ""
    message: str = ""


class RenewedToken(Shape):
    """A renewed access token and when it runs out (ISO 8601)."""

    token: str = ""
    expires_at: str = ""


class Device(Shape):
    """A signed-in device (a live login session) as the profile and ``GET /api/auth/sessions`` show it."""

    id: str = ""
    device: str = ""  # "Chrome on Android"
    place: str = ""  # the address it signed in from
    last_seen: str = ""  # ISO 8601
    last_seen_text: str = ""  # "5 minutes ago"
    signed_in_at: str = ""  # ISO 8601
    current: bool = False  # the device asking


class DeviceList(Shape):
    """``{sessions}``: the caller's signed-in devices, the one asking first."""

    sessions: list[Device] = Field(default_factory=list)


class Notice(Shape):
    """``{message}``: a plain confirmation (\"Logged out\")."""

    message: str = ""
