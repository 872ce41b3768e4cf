"""Sign in with Google on /login and /register, shown only when ``settings.google_client_id`` is set.

Two ways in, one server-side check (:func:`marketplace.domain.google_sign_in.google_sign_in`, which verifies
the ID token's signature, audience, issuer, expiry and ``email_verified``):

* **Google** (``settings.google_issuer`` is Google's): the page loads ``assets/js/google_sign_in.js``, which
  loads Google Identity Services' script from accounts.google.com (on these two pages only and only when a
  client id is set) and renders Google's own button. Its callback puts the ID token (``credential``) into a
  hidden form whose submit event calls :meth:`GoogleState.sign_in_with_credential`.
* **Any other OpenID provider** (a local one in tests, e.g. the ``oidc-provider-mock`` package): GIS only
  works with Google, so the page shows a plain "Sign in with Google" button that runs the standard OpenID
  Connect authorization-code flow (:mod:`marketplace.identity.code_flow`, on Authlib's OAuth2 client).
  :meth:`GoogleState.start_provider_flow` redirects the browser to the provider's ``authorization_endpoint``
  (``response_type=code``, ``scope=openid email profile``, a random ``state`` and ``nonce`` kept in
  backend-only vars, ``redirect_uri`` = ``{public_url}/login``). The provider sends the browser back to
  /login with ``code`` and ``state``; :meth:`GoogleState.prepare` checks the state, exchanges the code at the
  provider's ``token_endpoint`` for the ID token (authenticating with ``settings.google_client_secret``,
  ``client_secret_post``) and hands the token and the request's nonce to the same sign-in as the Google
  button, which checks that the token repeats it. (The implicit flow, with the ID token in the URL fragment,
  would spare the exchange, but the local provider supports only ``response_type=code``.)
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread, in_thread
from marketplace.domain import accounts
from marketplace.domain.errors import DomainError
from marketplace.domain.google_sign_in import GOOGLE_FAILED, google_sign_in
from marketplace.identity.code_flow import CodeFlowError, authorization_url, exchange_code
from marketplace.identity.google import GOOGLE_ISSUERS
from marketplace.settings import settings
from marketplace.states.auth import finish_sign_in

log = logging.getLogger(__name__)

# Served by the app from assets/ (the Content-Security-Policy allows the app's own scripts); it loads Google's.
GOOGLE_BUTTON_SCRIPT = "/js/google_sign_in.js"
# Where a failed provider round trip lands: the code leaves the address bar and the message stays.
FAILED_PATH = f"{routes.LOGIN}?google=failed"


def _google_button(client_id: str, text: str) -> str:
    """A call of assets/js/google_sign_in.js's renderer, loading that file first when the page has not yet."""
    call = f"window.naijaLearnGoogleButton({json.dumps(client_id)}, {json.dumps(text)})"
    return (
        f"window.naijaLearnGoogleButton ? {call} : document.head.appendChild(Object.assign("
        f"document.createElement('script'), {{src: {json.dumps(GOOGLE_BUTTON_SCRIPT)}, onload: () => {call}}}))"
    )


def _redirect_uri() -> str:
    return f"{settings.public_url.rstrip('/')}{routes.LOGIN}"


class GoogleState(rx.State):
    """Which Google button to show, and the sign-in itself."""

    mode: str = ""  # "" (not configured) | "gis" (Google's button) | "oidc" (a local OpenID provider)
    error: str = ""
    busy: bool = False
    _oidc_state: str = ""
    _oidc_nonce: str = ""
    _oidc_next: str = ""

    @rx.event
    async def prepare(self) -> AsyncIterator[Any]:
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
            yield rx.call_script(_google_button(settings.google_client_id, text))
            return
        self.mode = "oidc"
        if self.router.url.path.rstrip("/") != routes.LOGIN or not ("code" in query or "error" in query):
            return
        async for event in self._finish_provider_flow(query.get("code", ""), query.get("state", "")):
            yield event

    @rx.event
    async def start_provider_flow(self) -> rx.event.EventSpec | None:
        """Send the browser to the OpenID provider's sign-in page (the local-provider path)."""
        if self.mode != "oidc":
            return None
        state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        try:
            url = await in_thread(lambda: authorization_url(redirect_uri=_redirect_uri(), state=state, nonce=nonce))
        except CodeFlowError:
            log.exception("The OpenID provider's discovery document could not be read")
            self.error = GOOGLE_FAILED
            return None
        self._oidc_state, self._oidc_nonce = state, nonce
        self._oidc_next = routes.safe_next(self.router.url.query_parameters.get("next", ""))
        return rx.redirect(url)

    async def _finish_provider_flow(self, code: str, state: str) -> AsyncIterator[Any]:
        expected_state, nonce, target = self._oidc_state, self._oidc_nonce, self._oidc_next or routes.HOME
        # One use only: a replayed return URL finds nothing to match.
        self._oidc_state = self._oidc_nonce = self._oidc_next = ""
        if not code or not expected_state or not secrets.compare_digest(state, expected_state):
            yield rx.redirect(FAILED_PATH, replace=True)
            return
        try:
            id_token = await in_thread(lambda: exchange_code(code, redirect_uri=_redirect_uri()))
        except CodeFlowError:
            log.exception("The OpenID provider's code exchange failed")
            yield rx.redirect(FAILED_PATH, replace=True)
            return
        # The domain verifies the token, including that it repeats this request's nonce.
        async for event in self._sign_in(id_token, target, nonce=nonce):
            yield event
        if self.error:
            yield rx.redirect(FAILED_PATH, replace=True)

    async def _sign_in(self, id_token: str, target: str, *, nonce: str | None = None) -> AsyncIterator[Any]:
        self.busy = True
        yield

        user_agent, ip = self.router.headers.user_agent, self.router.session.client_ip

        def sign_in(session: Session) -> tuple[accounts.SignedIn, Any]:
            signed_in = google_sign_in(session, id_token=id_token, nonce=nonce, user_agent=user_agent, ip=ip)
            return signed_in, accounts.public_user(session, signed_in.user).stored()

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
    async def sign_in_with_credential(self, form: dict[str, Any]) -> AsyncIterator[Any]:
        """The Google button's callback: sign in with the posted ID token."""
        if self.mode != "gis":
            return
        target = routes.safe_next(self.router.url.query_parameters.get("next", ""))
        async for event in self._sign_in(str(form.get("credential") or ""), target):
            yield event
