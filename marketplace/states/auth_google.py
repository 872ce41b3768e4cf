"""Sign in with Google on /login and /register, shown only when ``settings.google_client_id`` is set.

Two ways in, one server-side check (:func:`marketplace.domain.google_sign_in.google_sign_in`, which verifies
the ID token's signature, audience, issuer, expiry and ``email_verified``):

* **Google** (``settings.google_issuer`` is Google's): the page loads Google Identity Services' script from
  accounts.google.com, on these two pages only and only when a client id is set, and renders Google's own
  button. Its callback puts the ID token (``credential``) into a hidden form whose submit event calls
  :meth:`GoogleState.sign_in_with_credential`.
* **Any other OpenID provider** (a local one in tests, e.g. the ``oidc-provider-mock`` package): GIS only
  works with Google, so the page shows a plain "Sign in with Google" button that runs the standard OpenID
  Connect authorization-code flow. :meth:`GoogleState.start_provider_flow` redirects the browser to the
  provider's ``authorization_endpoint`` (``response_type=code``, ``scope=openid email profile``, a random
  ``state`` and ``nonce`` kept in backend-only vars, ``redirect_uri`` = ``{public_url}/login``). The
  provider sends the browser back to /login with ``code`` and ``state``; :meth:`GoogleState.prepare` checks
  the state, exchanges the code at the provider's ``token_endpoint`` for the ID token (authenticating with
  ``settings.google_client_secret``, ``client_secret_post``), checks its nonce,
  and hands the token to the same sign-in as the Google button. (The implicit flow, with the ID token in the
  URL fragment, would spare the exchange, but the local provider supports only ``response_type=code``.)
"""

from __future__ import annotations

import json
import logging
import secrets
from urllib.parse import urlencode

import httpx
import jwt
import reflex as rx

from marketplace import routes
from marketplace.db.engine import in_session_thread, in_thread
from marketplace.domain import accounts
from marketplace.domain.errors import DomainError
from marketplace.domain.google_sign_in import GOOGLE_FAILED, google_sign_in
from marketplace.identity.google import GOOGLE_ISSUERS
from marketplace.settings import settings
from marketplace.states.auth import finish_sign_in

log = logging.getLogger(__name__)

GIS_SCRIPT_URL = "https://accounts.google.com/gsi/client"
HTTP_TIMEOUT_SECONDS = 10
# Where a failed provider round trip lands: the code leaves the address bar and the message stays.
FAILED_PATH = f"{routes.LOGIN}?google=failed"


def _gis_script(client_id: str, text: str) -> str:
    """JavaScript that loads Google's script once and renders its button into #google-button."""
    return f"""(() => {{
  const render = () => {{
    const slot = document.getElementById("google-button");
    if (!slot || !(window.google && window.google.accounts && window.google.accounts.id)) return false;
    window.google.accounts.id.initialize({{
      client_id: {json.dumps(client_id)},
      callback: (answer) => {{
        const form = document.getElementById("google-credential-form");
        form.elements.credential.value = answer.credential;
        form.requestSubmit();
      }},
    }});
    slot.replaceChildren();
    window.google.accounts.id.renderButton(slot, {{
      theme: "outline", size: "large", text: {json.dumps(text)}, width: Math.min(slot.offsetWidth || 320, 400),
    }});
    return true;
  }};
  const wait = (tries) => {{ if (!render() && tries > 0) setTimeout(() => wait(tries - 1), 100); }};
  if (document.getElementById("gsi-client")) {{ wait(50); return; }}
  const script = document.createElement("script");
  script.id = "gsi-client";
  script.src = {json.dumps(GIS_SCRIPT_URL)};
  script.async = true;
  script.onload = () => wait(50);
  document.head.appendChild(script);
}})()"""


def _provider_config() -> dict:
    """The provider's OpenID discovery document."""
    url = f"{settings.google_issuer.rstrip('/')}/.well-known/openid-configuration"
    with httpx.Client(timeout=HTTP_TIMEOUT_SECONDS) as client:
        answer = client.get(url)
        answer.raise_for_status()
        return answer.json()


def _redirect_uri() -> str:
    return f"{settings.public_url.rstrip('/')}{routes.LOGIN}"


def _exchange_code(code: str) -> str:
    """Trade the authorization code for the ID token at the provider's token endpoint (blocking)."""
    endpoint = _provider_config()["token_endpoint"]
    with httpx.Client(timeout=HTTP_TIMEOUT_SECONDS) as client:
        answer = client.post(
            endpoint,
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": _redirect_uri(),
                "client_id": settings.google_client_id,
                # client_secret_post: providers want the client authenticated at the token endpoint.
                "client_secret": settings.google_client_secret,
            },
        )
        answer.raise_for_status()
        return str(answer.json()["id_token"])


class GoogleState(rx.State):
    """Which Google button to show, and the sign-in itself."""

    mode: str = ""  # "" (not configured) | "gis" (Google's button) | "oidc" (a local OpenID provider)
    error: str = ""
    busy: bool = False
    _oidc_state: str = ""
    _oidc_nonce: str = ""
    _oidc_next: str = ""

    @rx.event
    async def prepare(self):
        """on_load of /login and /register: pick the button; on /login also finish a provider round trip."""
        query = self.router.url.query_parameters
        self.error = GOOGLE_FAILED if query.get("google") == "failed" else ""
        self.busy = False
        if not settings.google_client_id:
            self.mode = ""
            return
        if settings.google_issuer.rstrip("/") in GOOGLE_ISSUERS:
            self.mode = "gis"
            text = "signup_with" if self.router.url.path.rstrip("/") == routes.REGISTER else "signin_with"
            yield rx.call_script(_gis_script(settings.google_client_id, text))
            return
        self.mode = "oidc"
        if self.router.url.path.rstrip("/") != routes.LOGIN or not ("code" in query or "error" in query):
            return
        async for event in self._finish_provider_flow(query.get("code", ""), query.get("state", "")):
            yield event

    @rx.event
    async def start_provider_flow(self):
        """Send the browser to the OpenID provider's sign-in page (the local-provider path)."""
        if self.mode != "oidc":
            return None
        try:
            endpoint = (await in_thread(_provider_config))["authorization_endpoint"]
        except (httpx.HTTPError, ValueError, KeyError):
            log.exception("The OpenID provider's discovery document could not be read")
            self.error = GOOGLE_FAILED
            return None
        self._oidc_state = secrets.token_urlsafe(24)
        self._oidc_nonce = secrets.token_urlsafe(24)
        self._oidc_next = routes.safe_next(self.router.url.query_parameters.get("next", ""))
        query = urlencode(
            {
                "response_type": "code",
                "client_id": settings.google_client_id,
                "redirect_uri": _redirect_uri(),
                "scope": "openid email profile",
                "state": self._oidc_state,
                "nonce": self._oidc_nonce,
            }
        )
        return rx.redirect(f"{endpoint}?{query}")

    async def _finish_provider_flow(self, code: str, state: str):
        expected_state, nonce, target = self._oidc_state, self._oidc_nonce, self._oidc_next or routes.HOME
        # One use only: a replayed return URL finds nothing to match.
        self._oidc_state = self._oidc_nonce = self._oidc_next = ""
        if not code or not expected_state or not secrets.compare_digest(state, expected_state):
            yield rx.redirect(FAILED_PATH, replace=True)
            return
        try:
            id_token = await in_thread(lambda: _exchange_code(code))
            # The signature is checked by the domain below; here only that this token answers our request.
            claimed_nonce = jwt.decode(id_token, options={"verify_signature": False}).get("nonce", "")
        except (httpx.HTTPError, ValueError, KeyError, jwt.PyJWTError):
            log.exception("The OpenID provider's code exchange failed")
            id_token, claimed_nonce = "", ""
        if not id_token or not secrets.compare_digest(str(claimed_nonce), nonce):
            yield rx.redirect(FAILED_PATH, replace=True)
            return
        async for event in self._sign_in(id_token, target):
            yield event
        if self.error:
            yield rx.redirect(FAILED_PATH, replace=True)

    async def _sign_in(self, id_token: str, target: str):
        self.busy = True
        yield

        device = {"user_agent": self.router.headers.user_agent, "ip": self.router.session.client_ip}

        def sign_in(session):
            signed_in = google_sign_in(session, id_token=id_token, **device)
            return signed_in, accounts.public_user(session, signed_in.user)

        try:
            # Verifying the token may fetch the issuer's keys over the network: off the event loop.
            signed_in, user = await in_session_thread(sign_in)
        except DomainError as exc:
            self.error = exc.message or GOOGLE_FAILED
        except Exception:
            log.exception("Google sign-in failed")
            self.error = GOOGLE_FAILED
        else:
            for event in await finish_sign_in(self, signed_in, user, accounts.LOGIN_SUCCESS, target=target):
                yield event
        finally:
            self.busy = False

    @rx.event
    async def sign_in_with_credential(self, form: dict):
        """The Google button's callback: sign in with the posted ID token."""
        if self.mode != "gis":
            return
        target = routes.safe_next(self.router.url.query_parameters.get("next", ""))
        async for event in self._sign_in(str(form.get("credential") or ""), target):
            yield event
