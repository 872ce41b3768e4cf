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

from marketplace.db.engine import in_session_thread, write_then_read
from marketplace.domain.errors import DomainError
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

NOT_AUTHENTICATED = "You are not authenticated. Please log in."


def page_number(text: object) -> int:
    """A page number from the URL or the pager: 1 for anything that is not a positive whole number."""
    try:
        return max(1, int(str(text or "1")))
    except ValueError:
        return 1


def list_url(route: str, page: int) -> str:
    """A list page's address at ``page`` (the first page has no query)."""
    return route if page <= 1 else f"{route}?page={page}"


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
        self._show_page(data)
        return user_id

    async def _write_and_fetch(self, user_id: int, write: Callable[[Session], object]) -> None:
        """Run ``write`` and read ``self.page`` in one session, one trip to a database thread, then show the page.

        A write the domain refuses raises as it would alone, before anything is read or shown; a read that fails
        undoes the write with it (one transaction), so the caller's failure message is true either way.
        """
        _, data = await in_session_thread(write_then_read(write, self._reader(user_id)), group_commit=True)
        self._show_page(data)

    def _show_page(self, data: Any) -> None:
        """Show a page that was read: its rows, its number and count, no error."""
        self._show(data)
        # A page shape (``page``, ``pages``, ``total`` attributes) or, until every list has one, a dict.
        paged = data if isinstance(data, dict) else data.model_dump()
        self.page, self.pages, self.total = paged["page"], paged["pages"], paged.get("total", 0)
        self.error, self.loading = "", False

    # Lists whose page number lives in the URL (``?page=2``): the pager navigates, on_load reads it, so a reload
    # or Back shows the same page. Such a state sets ``_page_url`` and calls these from its events.

    def _page_url(self, page: int) -> str:
        """The list's own address at ``page``."""
        raise NotImplementedError

    def _asked_page(self) -> int:
        return page_number(self.router.url.query_parameters.get("page"))

    async def _load_asked_page(self):
        """Show the URL's page; past the last page (an old link, the last row removed), the last one."""
        self.page = self._asked_page()
        await self._fetch()
        return self._url_follows_page()

    def _url_follows_page(self):
        """When the page shown is not the one the URL names, correct the URL (no new history entry)."""
        if not self.error and self.page != self._asked_page():
            return rx.redirect(self._page_url(self.page), replace=True)
        return None

    def _navigate_to_page(self, page: int):
        """Another page: a new history entry, whose on_load shows it."""
        return rx.redirect(self._page_url(page_number(page)))

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
