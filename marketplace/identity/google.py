"""Server-side check of a Google ID token (or any OpenID provider's, the issuer being a setting).

The token is trusted only after its RS256 signature verifies against the provider's published keys and
its audience, issuer, expiry and ``email_verified`` claims are right. Keys come from the provider's
discovery document and are cached for an hour; when no cached key verifies a token, the keys are fetched
once more (the provider may have rotated them), at most once a minute.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import httpx
import jwt

from marketplace.settings import settings

GOOGLE_ISSUERS = ("https://accounts.google.com", "accounts.google.com")
KEYS_TTL_SECONDS = 3600
MIN_REFRESH_SECONDS = 60
HTTP_TIMEOUT_SECONDS = 10
# Clock skew between us and the provider that an expiry or issue time may be off by.
LEEWAY_SECONDS = 30

_lock = threading.Lock()
# issuer -> (fetched at, keys)
_key_cache: dict[str, tuple[float, list[jwt.PyJWK]]] = {}


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


def _discovery_url(issuer: str) -> str:
    base = issuer if issuer.startswith("http") else f"https://{issuer}"
    return f"{base.rstrip('/')}/.well-known/openid-configuration"


def _fetch_keys(issuer: str) -> list[jwt.PyJWK]:
    try:
        with httpx.Client(timeout=HTTP_TIMEOUT_SECONDS) as client:
            config = client.get(_discovery_url(issuer))
            config.raise_for_status()
            jwks_uri = config.json()["jwks_uri"]
            answer = client.get(jwks_uri)
            answer.raise_for_status()
            key_set = jwt.PyJWKSet.from_dict(answer.json())
    except (httpx.HTTPError, ValueError, KeyError, jwt.PyJWTError) as exc:
        raise IdTokenError(f"Could not load the provider's keys: {exc}") from exc
    return list(key_set.keys)


def _keys(issuer: str, *, refresh: bool = False) -> list[jwt.PyJWK]:
    with _lock:
        cached = _key_cache.get(issuer)
        if cached:
            age = time.monotonic() - cached[0]
            # A forced refresh is rate-limited: otherwise every forged token would make us fetch the keys.
            if age < (MIN_REFRESH_SECONDS if refresh else KEYS_TTL_SECONDS):
                return cached[1]
        keys = _fetch_keys(issuer)
        _key_cache[issuer] = (time.monotonic(), keys)
        return keys


def clear_key_cache() -> None:
    """Forget every cached key set (tests, or after changing the issuer setting)."""
    with _lock:
        _key_cache.clear()


class _NoKeyVerifies(Exception):
    pass


def _decode(id_token: str, keys: list[jwt.PyJWK], *, audience: str, issuers: tuple[str, ...]) -> dict:
    for key in keys:
        try:
            return jwt.decode(
                id_token,
                key,
                algorithms=["RS256"],
                audience=audience,
                issuer=issuers,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iat", "iss", "aud", "sub"]},
            )
        except jwt.InvalidSignatureError:
            continue  # maybe another key of the set signed it
        except jwt.PyJWTError as exc:
            raise IdTokenError(f"Token refused: {exc}") from exc
    raise _NoKeyVerifies


def _verified_claims(id_token: str, kid: str | None, *, issuer: str, audience: str) -> dict:
    # The cached keys first; if none verifies, the provider may have rotated them: fetch once more.
    for refresh in (False, True):
        keys = _keys(issuer, refresh=refresh)
        # Without a key id, try each RSA key the provider publishes.
        candidates = [k for k in keys if (k.key_id == kid if kid else k.key_type == "RSA")]
        try:
            return _decode(id_token, candidates, audience=audience, issuers=accepted_issuers(issuer))
        except _NoKeyVerifies:
            continue
    raise IdTokenError("No key published by the provider verifies the token's signature.")


def verify_id_token(id_token: str, *, client_id: str | None = None, issuer: str | None = None) -> VerifiedIdentity:
    """Verify an ID token and answer who it names.

    Args:
        id_token: The compact JWT posted by the browser.
        client_id: The expected audience (default: ``settings.google_client_id``).
        issuer: The provider (default: ``settings.google_issuer``).

    Raises:
        IdTokenError: Not configured, malformed, badly signed, expired, for another audience or issuer,
            or the email is missing or unverified.
    """
    client_id = client_id if client_id is not None else settings.google_client_id
    issuer = (issuer if issuer is not None else settings.google_issuer).rstrip("/")
    if not client_id:
        raise IdTokenError("Google sign-in is not configured (no client id).")
    try:
        header = jwt.get_unverified_header(id_token or "")
    except jwt.PyJWTError as exc:
        raise IdTokenError(f"Malformed token: {exc}") from exc
    if header.get("alg") != "RS256":
        raise IdTokenError(f"Unexpected algorithm {header.get('alg')!r}")
    claims = _verified_claims(id_token, header.get("kid"), issuer=issuer, audience=client_id)
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
