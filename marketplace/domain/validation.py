"""The one rule set for the register and log-in forms, shared by the server and the Reflex forms.

Every function answers ``{field: message}`` with docs/product.md's words, so a form can show each message under
its field and the server can refuse the same input with the same text. Field keys are docs/product.md's JSON
names: firstName, lastName, userName, email, password, confirmPassword.
"""

from __future__ import annotations

from collections.abc import Mapping

from email_validator import EmailNotValidError, validate_email

from marketplace.domain.errors import DomainError

MIN_PASSWORD_LENGTH = 6
# Argon2 copes with long input, but an unbounded password is an easy way to burn server time.
MAX_PASSWORD_LENGTH = 128

REGISTER_FIELDS = ("firstName", "lastName", "userName", "email", "password", "confirmPassword")
REQUIRED_MESSAGES = {
    "firstName": "First Name is required.",
    "lastName": "Last Name is required.",
    "userName": "Username is required.",
    "email": "Email is required.",
    "password": "Password is required.",
    "confirmPassword": "Confirm Password is required.",
}
# The widest value each column holds (see marketplace/db/models/accounts.py).
MAX_LENGTHS = {"firstName": 80, "lastName": 80, "userName": 40, "email": 254}
MAX_LENGTH_LABELS = {"firstName": "First Name", "lastName": "Last Name", "userName": "Username", "email": "Email"}
INVALID_EMAIL = "Invalid email address"
PASSWORD_TOO_SHORT = f"Password must be at least {MIN_PASSWORD_LENGTH} characters."
PASSWORD_TOO_LONG = f"Password must be at most {MAX_PASSWORD_LENGTH} characters."
PASSWORDS_DIFFER = "Passwords do not match."


class InvalidInput(DomainError):
    """Form input broke a rule; ``errors`` maps each field to its message."""

    status = 422

    def __init__(self, errors: Mapping[str, str]) -> None:
        field, message = next(iter(errors.items()))
        super().__init__(message, field=field)
        self.errors = dict(errors)


def _text(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else ""


def is_email_address(email: str) -> bool:
    """Whether ``email`` is an address mail can be sent to, by its form (the one rule every email field uses).

    email-validator's syntax check (RFC 5321/5322, internationalised domains, no special-use domains such as
    ``.local``), case-insensitive; it asks no DNS server, so a form check never waits on the network.
    """
    try:
        validate_email(email, check_deliverability=False)
    except EmailNotValidError:
        return False
    return True


def email_error(email: str) -> str | None:
    """The message for an email field, or None when it is fine."""
    email = (email or "").strip()
    if not email:
        return REQUIRED_MESSAGES["email"]
    if len(email) > MAX_LENGTHS["email"] or not is_email_address(email):
        return INVALID_EMAIL
    return None


def password_error(password: str) -> str | None:
    """The message for a new password, or None when it is fine (spaces count as characters)."""
    if not password:
        return REQUIRED_MESSAGES["password"]
    if len(password) < MIN_PASSWORD_LENGTH:
        return PASSWORD_TOO_SHORT
    if len(password) > MAX_PASSWORD_LENGTH:
        return PASSWORD_TOO_LONG
    return None


def registration_field_error(field: str, data: Mapping[str, object]) -> str | None:
    """The message for one register field given the whole form, or None (a form re-checks one field on edit).

    Args:
        field: One of :data:`REGISTER_FIELDS`.
        data: The form values by field key.
    """
    if field == "email":
        return email_error(_text(data, "email"))
    if field == "password":
        raw = data.get("password")
        return password_error(raw if isinstance(raw, str) else "")
    if field == "confirmPassword":
        confirm = data.get("confirmPassword")
        if not isinstance(confirm, str) or not confirm:
            return REQUIRED_MESSAGES["confirmPassword"]
        return PASSWORDS_DIFFER if confirm != data.get("password") else None
    value = _text(data, field)
    if not value:
        return REQUIRED_MESSAGES[field]
    if len(value) > MAX_LENGTHS[field]:
        return f"{MAX_LENGTH_LABELS[field]} must be at most {MAX_LENGTHS[field]} characters."
    return None


def validate_registration(data: Mapping[str, object]) -> dict[str, str]:
    """Check a register form; answer ``{field: message}`` for each broken rule (empty when all is well).

    Confirm Password is checked only when the key is present: the form always sends it, while the
    JSON API of docs/product.md posts firstName, lastName, userName, email and password alone.
    """
    fields = [f for f in REGISTER_FIELDS if f != "confirmPassword" or "confirmPassword" in data]
    errors: dict[str, str] = {}
    for field in fields:
        message = registration_field_error(field, data)
        if message:
            errors[field] = message
    return errors


def validate_login(email: str, password: str) -> dict[str, str]:
    """Check a log-in form: both fields are required (the email must also look like one)."""
    errors: dict[str, str] = {}
    message = email_error(email)
    if message:
        errors["email"] = message
    if not password:
        errors["password"] = REQUIRED_MESSAGES["password"]
    return errors
