"""The signed-in session, kept in the browser's local storage under the spec's keys: user, token, cart.

Storage vars live in this one small state because every state that owns one is loaded on each hydrate.
A token in the browser is only a claim: every handler that touches private data asks
:meth:`SessionState.verified_user_id`, which checks the token against its server-side session record.
"""

from __future__ import annotations

import json

import reflex as rx

from marketplace import routes
from marketplace.db.engine import session_scope
from marketplace.domain.sessions import user_for_token


class SessionState(rx.State):
    """Who is signed in, as the browser remembers it."""

    token: str = rx.LocalStorage("", name="token", sync=True)
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

    def verified_user_id(self) -> int | None:
        """The id of the user the token really belongs to, or None (forged, expired, revoked)."""
        if not self.token:
            return None
        with session_scope() as session:
            user = user_for_token(session, self.token)
            return user.id if user else None

    def sign_in(self, user: dict, token: str) -> None:
        """Remember a signed-in user and their token in the browser."""
        self.user_json = json.dumps(user)
        self.token = token

    def set_user(self, user: dict) -> None:
        """Store the updated user (after a profile save)."""
        self.user_json = json.dumps(user)

    def sign_out(self) -> None:
        """Forget the user and token (the cart stays for the next visit)."""
        self.user_json = ""
        self.token = ""

    @rx.event
    def require_login(self):
        """on_load guard: pages for signed-in users send everybody else to /login, then back."""
        if self.verified_user_id() is None:
            if self.token:
                self.sign_out()
            return rx.redirect(routes.login_path(self.router.url.path, self.router.url.query), replace=True)
        return None
