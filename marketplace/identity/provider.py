"""An OpenID provider as this app uses it: its endpoints from one discovery fetch, and its keys through a JWKS client.

The discovery document is read once per issuer and kept (it names endpoints, which providers do not move); its
``jwks_uri`` feeds PyJWT's :class:`jwt.PyJWKClient`, which caches the key set for an hour and fetches it again
when a token names a key it does not hold (a rotation), at most once a minute, so forged tokens with made-up key
ids cannot make us hammer the provider.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import httpx
import jwt

HTTP_TIMEOUT_SECONDS = 10
KEYS_TTL_SECONDS = 3600
MIN_REFRESH_SECONDS = 60
# The endpoints rarely move; read the document again after a day all the same.
DISCOVERY_TTL_SECONDS = 24 * 3600

_lock = threading.Lock()
# issuer -> (fetched at, provider)
_providers: dict[str, tuple[float, Provider]] = {}


class ProviderError(Exception):
    """The provider's discovery document could not be read or lacks an endpoint we need."""


@dataclass(frozen=True)
class Provider:
    """An OpenID provider's endpoints, and the client that fetches and caches its signing keys."""

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    keys: jwt.PyJWKClient


def discovery_url(issuer: str) -> str:
    """Where the issuer publishes its OpenID configuration."""
    base = issuer if issuer.startswith("http") else f"https://{issuer}"
    return f"{base.rstrip('/')}/.well-known/openid-configuration"


def _text(document: object, name: str) -> str:
    value = document.get(name) if isinstance(document, dict) else None
    if not isinstance(value, str) or not value:
        raise ProviderError(f"The discovery document has no {name}.")
    return value


def _discover(issuer: str) -> Provider:
    try:
        answer = httpx.get(discovery_url(issuer), timeout=HTTP_TIMEOUT_SECONDS)
        answer.raise_for_status()
        document = answer.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise ProviderError(f"Could not read the provider's discovery document: {exc}") from exc
    jwks_uri = _text(document, "jwks_uri")
    try:
        keys = jwt.PyJWKClient(
            jwks_uri,
            cache_jwk_set=True,
            lifespan=KEYS_TTL_SECONDS,
            cooldown_duration=MIN_REFRESH_SECONDS,
            timeout=HTTP_TIMEOUT_SECONDS,
        )
    except jwt.PyJWKClientError as exc:
        raise ProviderError(str(exc)) from exc
    return Provider(
        issuer=issuer,
        # Google's button needs no endpoint but the keys; the code flow checks these two when it uses them.
        authorization_endpoint=str(document.get("authorization_endpoint") or ""),
        token_endpoint=str(document.get("token_endpoint") or ""),
        jwks_uri=jwks_uri,
        keys=keys,
    )


def provider(issuer: str) -> Provider:
    """The provider behind ``issuer``, discovered on first use and kept (blocking: it may fetch).

    Raises:
        ProviderError: The discovery document could not be read or names no key set.
    """
    issuer = issuer.rstrip("/")
    with _lock:
        cached = _providers.get(issuer)
        if cached and time.monotonic() - cached[0] < DISCOVERY_TTL_SECONDS:
            return cached[1]
        found = _discover(issuer)
        _providers[issuer] = (time.monotonic(), found)
        return found


def forget_providers() -> None:
    """Forget every discovered provider and its cached keys (tests, or after changing the issuer setting)."""
    with _lock:
        _providers.clear()
