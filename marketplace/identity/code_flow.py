"""The OpenID Connect authorization-code flow against a provider other than Google (a local one in tests).

Authlib's OAuth2 client builds the authorization URL and trades the code for tokens at the token endpoint
(``client_secret_post``); both endpoints come from the provider's one discovery fetch
(:func:`marketplace.identity.provider.provider`). The ID token it answers is verified like any other, by
:func:`marketplace.identity.google.verify_id_token`, with the nonce of the request.
"""

from __future__ import annotations

import httpx
from authlib.integrations.httpx_client import OAuth2Client, OAuthError

from marketplace.identity.provider import HTTP_TIMEOUT_SECONDS, ProviderError, provider
from marketplace.settings import settings

SCOPE = "openid email profile"


class CodeFlowError(Exception):
    """The provider could not be reached, or refused or garbled the code exchange."""


def _client(redirect_uri: str) -> OAuth2Client:
    return OAuth2Client(
        client_id=settings.google_client_id,
        # Providers other than Google's button want the client authenticated at the token endpoint.
        client_secret=settings.google_client_secret,
        token_endpoint_auth_method="client_secret_post",
        scope=SCOPE,
        redirect_uri=redirect_uri,
        timeout=HTTP_TIMEOUT_SECONDS,
    )


def authorization_url(*, redirect_uri: str, state: str, nonce: str) -> str:
    """Where to send the browser to sign in at the provider (blocking: the first call reads its discovery).

    Raises:
        CodeFlowError: The provider's configuration could not be read.
    """
    try:
        endpoint = provider(settings.google_issuer).authorization_endpoint
    except ProviderError as exc:
        raise CodeFlowError(str(exc)) from exc
    if not endpoint:
        raise CodeFlowError("The provider publishes no authorization endpoint.")
    with _client(redirect_uri) as client:
        url, _state = client.create_authorization_url(endpoint, state=state, nonce=nonce)
    return str(url)


def exchange_code(code: str, *, redirect_uri: str) -> str:
    """Trade an authorization code for the provider's ID token (blocking).

    Raises:
        CodeFlowError: The provider could not be reached, refused the code or answered no ID token.
    """
    try:
        endpoint = provider(settings.google_issuer).token_endpoint
        if not endpoint:
            raise CodeFlowError("The provider publishes no token endpoint.")
        with _client(redirect_uri) as client:
            token = client.fetch_token(endpoint, grant_type="authorization_code", code=code)
    except (ProviderError, OAuthError, httpx.HTTPError, ValueError) as exc:
        raise CodeFlowError(f"The code exchange failed: {exc}") from exc
    id_token = token.get("id_token")
    if not isinstance(id_token, str) or not id_token:
        raise CodeFlowError("The provider answered no ID token.")
    return id_token
