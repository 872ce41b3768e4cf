"""A signed-in user's own list, one server page at a time: the fields and steps those pages share.

My Courses, My Reviews, Teachers and Notifications each say only what to read and how to show it; asking who
is signed in, the loading flag, the error message and the pager live here once. The read runs in a read-only
session on a worker thread, never on the event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain.errors import DomainError
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

NOT_AUTHENTICATED = "You are not authenticated. Please log in."


class UserPagesState(rx.State, mixin=True):
    """Mixed into a page state that reads one page of the signed-in user's rows."""

    page: int = 1
    pages: int = 1
    total: int = 0
    loading: bool = True
    error: str = ""

    @rx.event
    async def go_to_page(self, page: int):
        """Show another page."""
        self.page = max(1, int(page))
        await self._fetch()

    async def _fetch(self) -> int | None:
        """Read and show ``self.page``; the user's id when it worked, None when the page shows an error."""
        self.loading = True
        user_id = await verified_user_id(self)
        if user_id is None:
            self._fail(self._signed_out_message())
            return None
        try:
            data = await in_session_thread(self._reader(user_id), readonly=True)
        except DomainError as error:
            self._fail(error.message)
            return None
        except Exception:
            log.exception("Loading a page of %s failed", type(self).__name__)
            self._fail(self._failed_message())
            return None
        self._show(data)
        # A page shape (``page``, ``pages``, ``total`` attributes) or, until every list has one, a dict.
        paged = data if isinstance(data, dict) else data.model_dump()
        self.page, self.pages, self.total = paged["page"], paged["pages"], paged.get("total", 0)
        self.error, self.loading = "", False
        return user_id

    def _fail(self, message: str) -> None:
        self._show(None)
        self.error, self.loading = message, False

    def _signed_out_message(self) -> str:
        return NOT_AUTHENTICATED

    # What each page says for itself:
    def _reader(self, user_id: int) -> Callable[[Session], dict[str, Any]]:
        """What reads one page of rows with ``page``, ``pages`` and (optionally) ``total``.

        It runs on a worker thread: take this state's values (the page, a search) here, not inside it.
        """
        raise NotImplementedError

    def _show(self, data: dict[str, Any] | None) -> None:
        """Put the page's rows on screen; ``None`` empties the list."""
        raise NotImplementedError

    def _failed_message(self) -> str:
        raise NotImplementedError
