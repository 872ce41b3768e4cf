"""Server-side check of a Google ID token (or any OpenID provider's, the issuer being a setting).

The token is trusted only after its RS256 signature verifies against a key the provider publishes and its
audience, issuer, expiry and ``email_verified`` claims (and, in the redirect flow, its nonce) are right. The
keys come through :mod:`marketplace.identity.provider`: PyJWT's JWKS client, with its cache and its rate-limited
refetch when a token names a key it does not hold.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import jwt

from marketplace.identity.provider import ProviderError, forget_providers, provider
from marketplace.settings import settings

GOOGLE_ISSUERS = ("https://accounts.google.com", "accounts.google.com")
# Clock skew between us and the provider that an expiry or issue time may be off by.
LEEWAY_SECONDS = 30
NO_KEY_VERIFIES = "No key published by the provider verifies the token's signature."


class IdTokenError(Exception):
    """The ID token is not acceptable (the reason is for the log, never for the person)."""


@dataclass(frozen=True)
class VerifiedIdentity:
    """What a verified ID token says about the person."""

    subject: str
    email: str
    given_name: str
    family_name: str
    picture: str


def accepted_issuers(issuer: str) -> tuple[str, ...]:
    """Issuer values a token may carry: Google writes either form of its own; others exactly theirs."""
    issuer = issuer.rstrip("/")
    return GOOGLE_ISSUERS if issuer in GOOGLE_ISSUERS else (issuer,)


def clear_key_cache() -> None:
    """Forget every discovered provider and its cached keys (tests, or after changing the issuer setting)."""
    forget_providers()


def _candidate_keys(id_token: str, kid: str | None, issuer: str) -> list[jwt.PyJWK]:
    """The published keys that may have signed the token: the one its key id names, else each RSA key."""
    try:
        keys = provider(issuer).keys
        if kid:
            # The JWKS client serves its cached set, and fetches it again (at most once a minute) when the
            # named key is not in it: the provider may have rotated its keys.
            return [keys.get_signing_key(kid)]
        # Google always names the key; a provider that does not (the local one in tests) has each of its RSA
        # signing keys tried, from the same cached set.
        return [k for k in keys.get_jwk_set().keys if k.key_type == "RSA" and k.public_key_use in ("sig", None)]
    except ProviderError as exc:
        raise IdTokenError(f"Could not load the provider's keys: {exc}") from exc
    except jwt.PyJWKClientConnectionError as exc:
        raise IdTokenError(f"Could not load the provider's keys: {exc}") from exc
    except jwt.PyJWKClientError as exc:  # no published key has the token's key id
        raise IdTokenError(NO_KEY_VERIFIES) from exc
    except (jwt.PyJWKSetError, jwt.PyJWKError) as exc:
        raise IdTokenError(f"The provider's keys are unusable: {exc}") from exc


def _claims(id_token: str, *, issuer: str, audience: str) -> dict[str, Any]:
    try:
        header = jwt.get_unverified_header(id_token)
    except jwt.PyJWTError as exc:
        raise IdTokenError(f"Malformed token: {exc}") from exc
    if header.get("alg") != "RS256":
        raise IdTokenError(f"Unexpected algorithm {header.get('alg')!r}")
    for key in _candidate_keys(id_token, header.get("kid"), issuer):
        try:
            return jwt.decode(
                id_token,
                key,
                algorithms=["RS256"],
                audience=audience,
                issuer=accepted_issuers(issuer),
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iat", "iss", "aud", "sub"]},
            )
        except jwt.InvalidSignatureError:
            continue  # maybe another key of the set signed it
        except jwt.PyJWTError as exc:
            raise IdTokenError(f"Token refused: {exc}") from exc
    raise IdTokenError(NO_KEY_VERIFIES)


def verify_id_token(
    id_token: str, *, client_id: str | None = None, issuer: str | None = None, nonce: str | None = None
) -> VerifiedIdentity:
    """Verify an ID token and answer who it names.

    Args:
        id_token: The compact JWT posted by the browser or answered by the token endpoint.
        client_id: The expected audience (default: ``settings.google_client_id``).
        issuer: The provider (default: ``settings.google_issuer``).
        nonce: The nonce our authorization request carried (redirect flow); the token must repeat it.

    Raises:
        IdTokenError: Not configured, malformed, badly signed, expired, for another audience or issuer,
            not answering our nonce, or the email is missing or unverified.
    """
    client_id = client_id if client_id is not None else settings.google_client_id
    issuer = (issuer if issuer is not None else settings.google_issuer).rstrip("/")
    if not client_id:
        raise IdTokenError("Google sign-in is not configured (no client id).")
    claims = _claims(id_token or "", issuer=issuer, audience=client_id)
    if nonce is not None and not secrets.compare_digest(str(claims.get("nonce") or ""), nonce):
        raise IdTokenError("The token does not answer our sign-in request (nonce).")
    # Google has sent this claim both as a boolean and as the string "true".
    if claims.get("email_verified") not in (True, "true"):
        raise IdTokenError("The provider has not verified this email address.")
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email:
        raise IdTokenError("The token carries no email address.")
    return VerifiedIdentity(
        subject=str(claims["sub"]),
        email=email.strip().lower(),
        given_name=str(claims.get("given_name") or ""),
        family_name=str(claims.get("family_name") or ""),
        picture=str(claims.get("picture") or ""),
    )
