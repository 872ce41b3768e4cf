"""The Teachers page (/profile4): instructors 6 a page, searched by name, the learner's own teachers first."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace.domain import teachers
from marketplace.shapes.catalog import TeacherPage, TeacherRow
from marketplace.states.paging import UserPagesState

LOAD_FAILED = "Failed to fetch mentors."


class TeachersState(UserPagesState, rx.State):
    """One page of teachers and the name typed in the search box."""

    teachers: list[TeacherRow] = []
    query: str = ""

    @rx.event
    async def load(self):
        """on_load: the first page, everyone."""
        self.query, self.page = "", 1
        await self._fetch()

    @rx.event
    async def search(self, query: str):
        """Filter by name (the box debounces typing); back to the first page."""
        self.query, self.page = str(query)[: teachers.MAX_QUERY_LENGTH], 1
        await self._fetch()

    def _reader(self, user_id: int) -> Callable[[Session], TeacherPage]:
        query, page = self.query, self.page
        return lambda session: teachers.list_teachers(session, user_id=user_id, query=query, page=page)

    def _show(self, data: TeacherPage | None) -> None:
        self.teachers = data.data if data else []

    def _signed_out_message(self) -> str:
        return LOAD_FAILED

    def _failed_message(self) -> str:
        return LOAD_FAILED
