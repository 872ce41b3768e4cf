"""Header counters and logout."""

from __future__ import annotations

import logging

import reflex as rx
from reflex_base.utils.exceptions import ReflexRuntimeError

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain.accounts import logout as end_login_session
from marketplace.states.cart import CartState
from marketplace.states.chat import ChatRoom, InboxState
from marketplace.states.notifications import BellState, recount_own_bell
from marketplace.states.session import SessionState
from marketplace.states.wishlist import WishlistState

log = logging.getLogger(__name__)


class HeaderState(rx.State):
    """The bell's unread count and the logout action."""

    unread_count: int = 0
    logout_error: str = ""

    async def _leave_live_updates(self) -> list:
        """Unlink this tab from the chat room, the bell and the Messages list it shares with the person signed in.

        Linked shared states keep receiving that person's messages and counts; after signing out, nothing of
        theirs may reach this tab (a shared computer's next visitor included).
        """
        rehydrate: list = []  # the same events for either state: the tab reloads its own copies once
        for shared in (ChatRoom, BellState, InboxState):
            linked = await self.get_state(shared)
            try:
                rehydrate = await linked._unlink() or rehydrate
            except ReflexRuntimeError:  # this tab never linked it
                continue
        return list(rehydrate)

    @rx.event
    async def load_counts(self):
        """Refresh the unread notification count, the cart badge and the wishlist's hearts for the signed-in user."""
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id(recheck=True)  # a page load: signed out elsewhere shows here
        if user_id is None:
            self.unread_count = 0
            if session_state.token:  # revoked (logged out elsewhere, password reset) or expired: sign out here too
                session_state._sign_out()
                return await self._leave_live_updates()
            return None
        # The bell shows the count shared by all of this user's tabs; a new message bumps it live.
        self.unread_count = await recount_own_bell(self, user_id)
        # The hearts of this page's course cards are drawn from one read of the wishlist's ids.
        return [CartState.refresh, WishlistState.load]

    @rx.event
    async def logout(self):
        """Revoke the token on the server, forget it in the browser, go home replacing the history entry."""
        session_state = await self.get_state(SessionState)
        token = session_state.token
        try:
            await in_session_thread(lambda session: end_login_session(session, token=token))
            self.logout_error = ""
        except Exception:  # the session is cleared locally all the same
            log.exception("Logout failed on the server")
            self.logout_error = "Logout failed."
        session_state._sign_out()
        self.unread_count = 0
        return [*await self._leave_live_updates(), rx.redirect(routes.HOME, replace=True)]
