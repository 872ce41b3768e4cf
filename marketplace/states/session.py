"""The signed-in session, kept in the browser's local storage under the spec's keys: user, token, cart (and
refresh, the refresh token).

Storage vars live in this one small state because every state that owns one is loaded on each hydrate.
A token in the browser is only a claim: every handler that touches private data asks
:func:`verified_user_id`, which checks the token against its server-side session record (off the event loop).
The access token lives minutes (``ACCESS_TOKEN_MINUTES``); that check renews it with the refresh token when it
is about to run out, for as long as the login session lives, so a signed-in person never notices.

Only ``require_login`` is an event: signing in and out happens inside other handlers, through the private
helpers below, never because a browser asked for it.
"""

from __future__ import annotations

import json
import logging

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import sessions
from marketplace.settings import settings

log = logging.getLogger(__name__)


def _check_tokens(session: Session, token: str, refresh: str) -> tuple[sessions.Caller, str] | None:
    """The caller behind the tokens and a renewed access token ("" when the current one is still fresh)."""
    caller = sessions.caller_for_token(session, token)
    # Renew in the last third of the token's life, so a request never meets one that just ran out.
    if caller is not None and not caller.expires_within(settings.access_token_minutes * 20):
        return caller, ""
    renewed = sessions.renew(session, refresh)
    if renewed is None or (caller is not None and renewed[1].session_id != caller.session_id):
        return (caller, "") if caller else None
    return renewed[1], renewed[0]


class SessionState(rx.State):
    """Who is signed in, as the browser remembers it."""

    token: str = rx.LocalStorage("", name="token", sync=True)
    refresh_token: str = rx.LocalStorage("", name="refresh", sync=True)
    user_json: str = rx.LocalStorage("", name="user", sync=True)
    cart_json: str = rx.LocalStorage("", name="cart", sync=True)

    @rx.var
    def user(self) -> dict[str, str]:
        """The stored user's display fields (strings only, for the header and sidebar)."""
        try:
            data = json.loads(self.user_json) if self.user_json else {}
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        keys = ("id", "firstName", "lastName", "userName", "email", "profilePicture", "role")
        return {k: str(data.get(k) or "") for k in keys}

    @rx.var
    def logged_in(self) -> bool:
        """Whether the browser holds a user and a token (the server re-checks the token)."""
        return bool(self.token) and bool(self.user_json)

    @rx.var
    def full_name(self) -> str:
        """First and last name, or Guest."""
        name = f"{self.user.get('firstName', '')} {self.user.get('lastName', '')}".strip()
        return name or "Guest"

    @rx.var
    def initials(self) -> str:
        """Initials of the first and last name for the avatar."""
        first, last = self.user.get("firstName", ""), self.user.get("lastName", "")
        return (first[:1] + last[:1]).upper() or "?"

    @rx.var
    def cart_count(self) -> int:
        """How many courses are in the cart (the badge on the cart icon)."""
        try:
            data = json.loads(self.cart_json) if self.cart_json else {}
        except ValueError:
            return 0
        items = data.get("items", []) if isinstance(data, dict) else []
        return len(items) if isinstance(items, list) else 0

    @rx.var
    def is_instructor(self) -> bool:
        """Whether the signed-in user teaches."""
        return self.user.get("role", "") == "instructor"

    async def _verified_caller(self) -> sessions.Caller | None:
        """Who the tokens really belong to, and their login session; None when signed out, forged or revoked.

        Renews the access token when it is about to run out (or has) while the login session lives, and notes
        the session as seen (a write at most once a minute, in a transaction of its own).
        """
        token, refresh = self.token, self.refresh_token
        if not token and not refresh:
            return None
        checked = await in_session_thread(lambda session: _check_tokens(session, token, refresh), readonly=True)
        if checked is None:
            return None
        caller, renewed = checked
        if renewed:
            self.token = renewed
        if caller.seen_due:
            try:
                await in_session_thread(lambda session: sessions.record_seen(session, {caller.session_id}))
            except Exception:  # a missed last-seen time is no reason to fail what the person asked for
                log.warning("Could not record when a login session was last seen", exc_info=True)
        return caller

    async def _verified_user_id(self) -> int | None:
        """The id of the user the token really belongs to, or None (forged, expired, revoked)."""
        caller = await self._verified_caller()
        return caller.user_id if caller else None

    async def _fresh_token(self) -> str:
        """The access token, renewed first if it is about to run out (for work that checks the token itself)."""
        await self._verified_caller()
        return self.token

    def _sign_in(self, user: dict, token: str, refresh: str = "") -> None:
        """Remember a signed-in user, their access token and the refresh token that renews it in the browser."""
        self.user_json = json.dumps(user)
        self.token = token
        self.refresh_token = refresh

    def _set_user(self, user: dict) -> None:
        """Store the updated user (after a profile save)."""
        self.user_json = json.dumps(user)

    def _sign_out(self) -> None:
        """Forget the user and token (the cart stays for the next visit)."""
        self.user_json = ""
        self.token = ""
        self.refresh_token = ""

    @rx.event
    async def require_login(self):
        """on_load guard: pages for signed-in users send everybody else to /login, then back."""
        if await self._verified_user_id() is None:
            if self.token or self.refresh_token:
                self._sign_out()
            return rx.redirect(routes.login_path(self.router.url.path, self.router.url.query), replace=True)
        return None


async def verified_user_id(state: rx.State) -> int | None:
    """The verified user of the tab that sent ``state``'s event, or None (nobody signed in, or a bad token)."""
    return await (await state.get_state(SessionState))._verified_user_id()
