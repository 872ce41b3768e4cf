"""Profile settings (/profile1 and ``PUT /api/profile/update``): names, about, language, links, picture.

The form's values merge into the stored user: a field left out keeps its value, a field sent is checked
and saved. Every broken rule gets its own message under its field (keys are docs/product.md's JSON names).
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from sqlmodel import Session

from marketplace.db.models import User
from marketplace.domain import avatars
from marketplace.domain.accounts import public_user
from marketplace.domain.errors import DomainError, NotFound
from marketplace.domain.validation import InvalidInput
from marketplace.shapes.accounts import UserPublic

LANGUAGES = ("english", "french", "spanish", "german", "chinese", "japanese")
MAX_LINK_LENGTH = 300  # the width of the link columns

# Wire field name (docs/product.md) -> (User attribute, label, max length).
TEXT_FIELDS = {
    "firstName": ("first_name", "First Name", 80),
    "lastName": ("last_name", "Last Name", 80),
    "headline": ("headline", "Headline", 120),
    "description": ("description", "Description", 2000),
}
# Wire field name (docs/product.md) -> (label, accepted sites, an example). ``None`` sites: any web address.
LINK_FIELDS = {
    "linkedin": ("LinkedIn", ("linkedin.com",), "https://www.linkedin.com/in/yourname"),
    "youtube": ("YouTube", ("youtube.com", "youtu.be"), "https://www.youtube.com/@yourchannel"),
    "facebook": ("Facebook", ("facebook.com", "fb.com"), "https://www.facebook.com/yourname"),
    "website": ("Website", None, "https://example.com"),
    "x": ("X", ("x.com", "twitter.com"), "https://x.com/yourname"),
}
PROFILE_FIELDS = (*TEXT_FIELDS, "language", *LINK_FIELDS)
UPDATED = "Profile updated successfully."


def _host_matches(host: str, sites: tuple[str, ...]) -> bool:
    return any(host == site or host.endswith("." + site) for site in sites)


def link_error(field: str, value: str) -> str | None:
    """The message for one social or website link, or None when it is empty or a valid link of the right site."""
    label, sites, example = LINK_FIELDS[field]
    if not value:
        return None
    if len(value) > MAX_LINK_LENGTH:
        return f"{label} link must be at most {MAX_LINK_LENGTH} characters."
    try:
        parts = urlsplit(value)
        host = (parts.hostname or "").lower()
    except ValueError:
        parts, host = None, ""
    valid = (
        parts is not None
        and parts.scheme in ("http", "https")
        and "." in host
        and not any(ch.isspace() for ch in value)
        and not parts.username  # "https://linkedin.com@evil.example" must not pass for LinkedIn
    )
    if sites is None:
        return None if valid else f"Please enter a valid website address, like {example}."
    if not valid or not _host_matches(host, sites):
        return f"Please enter a valid {label} link, like {example}."
    return None


def field_error(field: str, value: str) -> str | None:
    """The message for one profile field's (trimmed) value, or None when it is fine. Forms re-check on edit."""
    if field in TEXT_FIELDS:
        _attr, label, limit = TEXT_FIELDS[field]
        if field in ("firstName", "lastName") and not value:
            return f"{label} is required."
        if len(value) > limit:
            return f"{label} must be at most {limit} characters."
        return None
    if field == "language":
        return None if value in LANGUAGES else "Please choose a language from the list."
    return link_error(field, value)


def clean_fields(fields: Mapping[str, object]) -> dict[str, str]:
    """The profile fields present in ``fields``, trimmed (language lower-cased); unknown keys are dropped."""
    cleaned = {}
    for key in PROFILE_FIELDS:
        if key in fields and fields[key] is not None:
            value = str(fields[key]).strip()
            cleaned[key] = value.lower() if key == "language" else value
    return cleaned


def validate_profile(fields: Mapping[str, object]) -> dict[str, str]:
    """Check the profile fields present; answer ``{field: message}`` for each broken rule (empty when all is well)."""
    errors = {}
    for key, value in clean_fields(fields).items():
        message = field_error(key, value)
        if message:
            errors[key] = message
    return errors


def update_profile(
    session: Session, *, user_id: int, fields: Mapping[str, object], picture: bytes | None = None
) -> UserPublic:
    """Save profile settings and, when given, a new picture.

    Args:
        session: The database session (flushed, not committed).
        user_id: The signed-in user.
        fields: Any of firstName, lastName, headline, description, language, linkedin, youtube, facebook,
            website, x. Keys left out keep their stored value; others are ignored.
        picture: The uploaded picture's bytes, or None (or empty) to keep the current one.

    Returns:
        The updated user as :func:`marketplace.domain.accounts.public_user` (``profilePicture`` is the new URL).

    Raises:
        NotFound: No such user.
        InvalidInput: A field broke a rule; ``errors`` maps every broken field to its message, and
            ``profilePicture`` names a picture that is too large or not an image.
    """
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("User ID not found. Please log in again")
    errors = validate_profile(fields)
    if errors:
        raise InvalidInput(errors)
    new_picture = ""
    if picture:
        try:
            new_picture = avatars.save_avatar(user_id, picture)
        except DomainError as exc:
            raise InvalidInput({exc.field or "profilePicture": exc.message}) from exc
    for key, value in clean_fields(fields).items():
        setattr(user, TEXT_FIELDS[key][0] if key in TEXT_FIELDS else key, value)
    old_picture = user.profile_picture
    if new_picture:
        user.profile_picture = new_picture
    session.add(user)
    session.flush()
    if new_picture:
        avatars.delete_avatar(old_picture)
    return public_user(session, user)
