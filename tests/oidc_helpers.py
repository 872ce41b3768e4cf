"""A local OpenID provider (oidc-provider-mock) that issues real signed ID tokens, for Google sign-in tests."""

from __future__ import annotations

import os
from contextlib import contextmanager
from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import httpx
from oidc_provider_mock import run_server_in_thread

CLIENT_ID = "marketplace-test-client"
REDIRECT_URI = "http://localhost/callback"


@contextmanager
def oidc_provider(token_max_age: timedelta = timedelta(hours=1)):
    """Run the provider on a free port; yields its issuer URL (``http://localhost:<port>``)."""
    # The mock speaks plain HTTP on localhost; authlib refuses that unless told it is a test.
    previous = os.environ.get("AUTHLIB_INSECURE_TRANSPORT")
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
    try:
        with run_server_in_thread(access_token_max_age=token_max_age) as server:
            yield f"http://localhost:{server.server_port}"
    finally:
        if previous is None:
            os.environ.pop("AUTHLIB_INSECURE_TRANSPORT", None)
        else:
            os.environ["AUTHLIB_INSECURE_TRANSPORT"] = previous


def mint_id_token(issuer: str, *, sub: str, client_id: str = CLIENT_ID, **claims) -> str:
    """Drive the provider's authorize and token endpoints and return the signed ID token it issues.

    ``claims`` become the person's claims (email, email_verified, given_name, ...).
    """
    with httpx.Client(base_url=issuer, timeout=10) as client:
        client.put(f"/users/{sub}", json=claims).raise_for_status()
        authorized = client.post(
            "/oauth2/authorize",
            params={
                "client_id": client_id,
                "redirect_uri": REDIRECT_URI,
                "response_type": "code",
                "scope": "openid email profile",
            },
            data={"sub": sub},
        )
        assert authorized.status_code == 302, authorized.text
        code = parse_qs(urlparse(authorized.headers["location"]).query)["code"][0]
        answer = client.post(
            "/oauth2/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": REDIRECT_URI,
                "client_id": client_id,
                "client_secret": "unused",
            },
        )
        answer.raise_for_status()
        return answer.json()["id_token"]
