"""The Teachers page (/profile4): instructors 6 a page, searched by name, the learner's own teachers first.

The search and the page number live in the address (``/profile4?q=ade&page=2``), so a reload, Back and a shared
link show the same list: the page's on_load reads them. The pager navigates (a new history entry, Back returns to
the page before). Typing in the search box does not navigate (that would redraw the page under the typist's
fingers): it shows the matches at once and then rewrites the address in place.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from marketplace import routes
from marketplace.domain import teachers
from marketplace.shapes.catalog import TeacherPage, TeacherRow
from marketplace.states.paging import UserPagesState

LOAD_FAILED = "Failed to fetch mentors."


def teachers_url(query: str, page: int) -> str:
    """The address of one page of a search: ``/profile4``, ``/profile4?q=ade``, ``/profile4?q=ade&page=2``."""
    params: dict[str, str | int] = {}
    if query:
        params["q"] = query
    if page > 1:
        params["page"] = page
    if not params:
        return routes.TEACHERS
    return f"{routes.TEACHERS}?{urllib.parse.urlencode(params, quote_via=urllib.parse.quote)}"


def _page_number(value: object) -> int:
    try:
        return max(1, int(str(value)))
    except ValueError:
        return 1


def _rewrite_address(url: str) -> EventSpec:
    """Put ``url`` in the address bar without navigating (no new history entry, no on_load, the box keeps focus).

    Only while the browser is still on the Teachers page: a search answered after the learner left must not
    relabel the page they went to. React Router's own entry state is kept, so Back and Forward still work.
    """
    return rx.call_script(
        f"if (window.location.pathname.replace(/\\/$/, '') === {json.dumps(routes.TEACHERS)}"
        f" && window.location.pathname + window.location.search !== {json.dumps(url)})"
        f" window.history.replaceState(window.history.state, '', {json.dumps(url)})"
    )


class TeachersState(UserPagesState, rx.State):
    """One page of teachers and the name searched."""

    teachers: list[TeacherRow] = []
    query: str = ""

    @rx.event
    async def load(self):
        """on_load (and Try again): the search and the page the address names."""
        params = self.router.url.query_parameters
        self.query = str(params.get("q", ""))[: teachers.MAX_QUERY_LENGTH]
        self.page = _page_number(params.get("page", 1))
        await self._fetch()
        return self._address_follows_list()

    @rx.event
    async def search(self, query: str):
        """Filter by name (the box debounces typing), from the first page; the address follows."""
        self.query, self.page = str(query)[: teachers.MAX_QUERY_LENGTH], 1
        await self._fetch()
        return _rewrite_address(teachers_url(self.query, self.page))

    @rx.event
    def go_to_page(self, page: int):
        """Another page of the same search: a new history entry, whose on_load shows it."""
        return rx.redirect(teachers_url(self.query, _page_number(page)))

    def _address_follows_list(self) -> EventSpec | None:
        """When the list shown is not quite what the address asked (a page past the last, spaces in the search),
        correct the address in place."""
        if self.error:
            return None
        wanted = teachers_url(self.query, self.page)
        params = self.router.url.query_parameters
        asked = teachers_url(str(params.get("q", "")), _page_number(params.get("page", 1)))
        return _rewrite_address(wanted) if asked != wanted else None

    def _reader(self, user_id: int) -> Callable[[Session], TeacherPage]:
        query, page = self.query, self.page
        return lambda session: teachers.list_teachers(session, user_id=user_id, query=query, page=page)

    def _show(self, data: TeacherPage | None) -> None:
        self.teachers = data.data if data else []
        if data is not None:
            self.query = data.query  # as applied: trimmed, inner spaces collapsed

    def _signed_out_message(self) -> str:
        return LOAD_FAILED

    def _failed_message(self) -> str:
        return LOAD_FAILED
