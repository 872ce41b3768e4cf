"""The signed-in session, kept in the browser's local storage under docs/product.md's keys: user, token, cart (and
refresh, the refresh token).

Storage vars live in this one small state because every state that owns one is loaded on each hydrate.
A token in the browser is only a claim: every handler that touches private data asks
:func:`verified_user_id`, which checks the token against its server-side session record (off the event loop).
The access token lives minutes (``ACCESS_TOKEN_MINUTES``); that check renews it with the refresh token when it
is about to run out, for as long as the login session lives, so a signed-in person never notices.

The check is made once per tab and kept, in backend-only vars (never sent to the browser), for the token it
checked: a new token (sign-in, renewal, sign-out), a minute going by, or the token entering the last third of its
life checks again. So a device signed out elsewhere (the devices page, a password change) stops working within a
minute, and logging out in this tab takes effect at once (the token it checked is gone). A page load asks again
whatever the age of the check (``recheck``): one read per page, and a browser signed out elsewhere learns it on the
next page it opens.

Only ``require_login`` is an event: signing in and out happens inside other handlers, through the private
helpers below, never because a browser asked for it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
from typing import Any

import reflex as rx
from reflex_base.event import EventSpec
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import sessions
from marketplace.settings import settings

log = logging.getLogger(__name__)

# How long one tab trusts a check of its token before asking the database again (a revoked device's limit).
RECHECK_SECONDS = 60.0


def _clock() -> float:
    """Wall-clock seconds (not monotonic: a tab's state can outlive the process, e.g. on disk or in Redis)."""
    return time.time()


def _renewal_due(caller: sessions.Caller) -> bool:
    """Whether the access token is in the last third of its life, so a request never meets one that just ran out."""
    return caller.expires_within(settings.access_token_minutes * 20)


def _check_tokens(session: Session, token: str, refresh: str) -> tuple[sessions.Caller, str] | None:
    """The caller behind the tokens and a renewed access token ("" when the current one is still fresh)."""
    caller = sessions.caller_for_token(session, token)
    if caller is not None and not _renewal_due(caller):
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

    # The last check of the tokens (backend-only): which access token, when, and whose it was.
    _checked_token: str = ""
    _checked_at: float = 0.0
    _checked_caller: sessions.Caller | None = None

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

    async def _verified_caller(self, recheck: bool = False) -> sessions.Caller | None:
        """Who the tokens really belong to, and their login session; None when signed out, forged or revoked.

        ``recheck`` asks the database even when this tab checked the same token a moment ago (a page load).

        Renews the access token when it is about to run out (or has) while the login session lives, and notes
        the session as seen (a write at most once a minute, in a transaction of its own).
        """
        token, refresh = self.token, self.refresh_token
        if not token and not refresh:
            self._forget_check()
            return None
        cached = None if recheck else self._recent_check(token)
        if cached is not None:
            return cached
        checked = await in_session_thread(lambda session: _check_tokens(session, token, refresh), readonly=True)
        if checked is None:
            self._forget_check()
            return None
        caller, renewed = checked
        if renewed:
            self.token = renewed
        if caller.seen_due:
            try:
                await in_session_thread(
                    lambda session: sessions.record_seen(session, {caller.session_id}), group_commit=True
                )
            except Exception:  # a missed last-seen time is no reason to fail what the person asked for
                log.warning("Could not record when a login session was last seen", exc_info=True)
            caller = dataclasses.replace(caller, seen_due=False)
        self._checked_token, self._checked_at, self._checked_caller = self.token, _clock(), caller
        return caller

    def _recent_check(self, token: str) -> sessions.Caller | None:
        """The caller found by this tab's last check, if it checked this very token under a minute ago and the
        token is not yet due for renewal; None means: ask the database."""
        caller = self._checked_caller
        if caller is None or not token or token != self._checked_token:
            return None
        if not 0 <= _clock() - self._checked_at < RECHECK_SECONDS:
            return None
        if _renewal_due(caller):  # the full check renews it
            return None
        return caller

    def _forget_check(self) -> None:
        """Drop the kept check (signed out, or the tokens no longer hold)."""
        if self._checked_caller is not None or self._checked_token:
            self._checked_token, self._checked_at, self._checked_caller = "", 0.0, None

    async def _verified_user_id(self, recheck: bool = False) -> int | None:
        """The id of the user the token really belongs to, or None (forged, expired, revoked)."""
        caller = await self._verified_caller(recheck)
        return caller.user_id if caller else None

    async def _fresh_token(self) -> str:
        """The access token, renewed first if it is about to run out (for work that checks the token itself)."""
        await self._verified_caller()
        return self.token

    def _sign_in(self, user: dict[str, Any], token: str, refresh: str = "") -> None:
        """Remember a signed-in user, their access token and the refresh token that renews it in the browser."""
        self.user_json = json.dumps(user)
        self.token = token
        self.refresh_token = refresh
        self._forget_check()

    def _set_user(self, user: dict[str, Any]) -> None:
        """Store the updated user (after a profile save)."""
        self.user_json = json.dumps(user)

    def _sign_out(self) -> None:
        """Forget the user and token (the cart stays for the next visit)."""
        self.user_json = ""
        self.token = ""
        self.refresh_token = ""
        self._forget_check()

    @rx.event
    async def require_login(self) -> EventSpec | None:
        """on_load guard: pages for signed-in users send everybody else to /login, then back."""
        if await self._verified_user_id() is None:
            if self.token or self.refresh_token:
                self._sign_out()
            return rx.redirect(routes.login_path(self.router.url.path, self.router.url.query), replace=True)
        return None


async def verified_user_id(state: rx.State) -> int | None:
    """The verified user of the tab that sent ``state``'s event, or None (nobody signed in, or a bad token)."""
    return await (await state.get_state(SessionState))._verified_user_id()
