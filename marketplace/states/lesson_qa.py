"""The player's Q&A tab: questions under the lesson playing (or the whole course), asking, answering, upvoting.

Every event asks the domain (:mod:`marketplace.domain.lesson_qa`), which re-checks on each call that the verified
caller is enrolled in the course of the URL (or teaches it); the lesson is the player's current one, and a
question id sent by the browser is only a pointer the domain checks again. The instructor's bell (for a question)
and the asker's (for an answer) ring at once, as a chat message rings it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread, write_then_read
from marketplace.domain import lesson_qa
from marketplace.domain.errors import DomainError
from marketplace.domain.shapes import parse_id
from marketplace.shapes.questions import Question, QuestionPage
from marketplace.states import toasts
from marketplace.states.notifications import ring, telling
from marketplace.states.player import PlayerState
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

LOAD_FAILED = "Failed to load questions. Please try again."
SEND_FAILED = "Your post was not sent. Please try again."
VOTE_FAILED = "Your vote was not saved. Please try again."
SIGNED_OUT = "Please log in to take part in the Q&A."
ASKED = "Your question was posted."
ANSWERED = "Your answer was posted."
ASK_BOX = "qa-ask-body"
SCOPES = ("lesson", "course")


def _typed(text: str | None) -> str:
    """A form's text as the counter counts it."""
    return (text or "").strip()


def answer_box(question_id: int) -> str:
    """The id of a question's answer box (cleared after a post)."""
    return f"qa-answer-{int(question_id)}"


class LessonQAState(rx.State):
    """One page of questions, how they are filtered and sorted, and the forms' progress."""

    questions: list[Question] = []
    scope: str = "lesson"  # lesson: the lesson playing | course: every lesson
    sort: str = "newest"  # newest | top
    page: int = 1
    pages: int = 1
    total: int = 0
    loading: bool = False
    error: str = ""
    ask_length: int = 0
    ask_error: str = ""
    asking: bool = False
    answering_id: int = 0  # the question whose answer form is open (0: none)
    answer_length: int = 0
    answer_error: str = ""
    sending_answer: bool = False
    # "<course id>:<lesson id>" the list was read for: another lesson's list never shows under this one.
    loaded_for: str = ""
    # The text last posted from each form, until the next count: a count of it arriving after the post was sent
    # before it (the counter is debounced), and would show its length under the emptied box.
    _posted_ask: str = ""
    _posted_answer: str = ""

    @rx.var
    def max_length(self) -> int:
        """The longest question or answer the domain accepts."""
        return lesson_qa.MAX_LENGTH

    async def _where(self) -> tuple[int | None, int, int]:
        """The verified caller, the course of the URL and the lesson the player shows."""
        player = await self.get_state(PlayerState)
        course_id = parse_id(self.route_arg) or 0
        return await verified_user_id(self), course_id, player.current_id

    @rx.event
    async def load(self):
        """Read the first page for the lesson playing now (when the tab opens or the lesson changes)."""
        self.page, self.answering_id, self.answer_error, self.ask_error = 1, 0, "", ""
        await self._fetch()

    @rx.event
    async def set_scope(self, scope: str):
        """This lesson's questions, or every lesson's."""
        if scope in SCOPES:
            self.scope, self.page = scope, 1
            await self._fetch()

    @rx.event
    async def set_sort(self, sort: str):
        """Newest first, or most upvoted first."""
        if sort in lesson_qa.SORTS:
            self.sort, self.page = sort, 1
            await self._fetch()

    @rx.event
    async def go_to_page(self, page: int):
        """Another page of questions."""
        self.page = max(1, int(page))
        await self._fetch()

    async def _fetch(self) -> None:
        self.loading, self.error = True, ""
        user_id, course_id, section_id = await self._where()
        self.loaded_for = f"{course_id}:{section_id}"  # what the list (or its error) is about
        if user_id is None:
            self.questions, self.loading, self.error = [], False, SIGNED_OUT
            return
        try:
            data = await in_session_thread(self._reader(user_id, course_id, section_id), readonly=True)
        except DomainError as error:
            self.questions, self.loading, self.error = [], False, error.message
            return
        except Exception:
            log.exception("Loading the questions of course %s failed", course_id)
            self.questions, self.loading, self.error = [], False, LOAD_FAILED
            return
        self._show(data)

    def _reader(self, user_id: int, course_id: int, section_id: int) -> Callable[[Session], QuestionPage]:
        """Reads the page of questions this state's scope, sort and page name (taken now, not in the thread)."""
        lesson = section_id if self.scope == "lesson" else None
        return _questions(user_id, course_id, lesson, self.sort, self.page)

    def _show(self, data: QuestionPage) -> None:
        self.questions, self.page, self.pages, self.total = data.data, data.page, data.pages, data.total
        self.loading = False

    @rx.event
    def count_ask(self, text: str):
        """Keep the ask form's character counter up to date."""
        text, posted, self._posted_ask = _typed(text), self._posted_ask, ""
        if posted and text == posted:  # typed before the post, counted after it: the box is empty now
            return
        self.ask_length = len(text)
        if self.ask_error and 0 < self.ask_length <= lesson_qa.MAX_LENGTH:
            self.ask_error = ""

    @rx.event
    def count_answer(self, text: str):
        """Keep the open answer form's character counter up to date."""
        text, posted, self._posted_answer = _typed(text), self._posted_answer, ""
        if posted and text == posted:  # as in count_ask
            return
        self.answer_length = len(text)
        if self.answer_error and 0 < self.answer_length <= lesson_qa.MAX_LENGTH:
            self.answer_error = ""

    @rx.event
    async def ask(self, form: dict[str, Any]):
        """Ask a question under the lesson playing; the instructor is told."""
        if self.asking:
            return
        user_id, course_id, section_id = await self._where()
        if user_id is None:
            self.ask_error = SIGNED_OUT
            return
        body = str(form.get("body") or "")
        self.asking, self.ask_error = True, ""
        yield
        # The new question heads the newest-first list of this lesson: it is read in the same session as the
        # question is written, one trip to a database thread (a failed read undoes the question with it). A refused
        # question leaves the list as it was.
        ask = telling(
            lambda session: lesson_qa.ask(
                session, user_id=user_id, course_id=course_id, section_id=section_id, body=body
            )
        )
        try:
            (_, told), data = await in_session_thread(
                write_then_read(ask, _questions(user_id, course_id, section_id, "newest", 1)), group_commit=True
            )
        except DomainError as error:
            self.asking, self.ask_error = False, error.message
            return
        except Exception:
            log.exception("Asking in course %s failed", course_id)
            self.asking, self.ask_error = False, SEND_FAILED
            return
        self.asking, self.ask_length, self._posted_ask = False, 0, _typed(body)
        ring(told)
        self.sort, self.scope, self.loaded_for, self.error = "newest", "lesson", f"{course_id}:{section_id}", ""
        self._show(data)
        yield [rx.set_value(ASK_BOX, ""), toasts.success(ASKED)]

    @rx.event
    def open_answer(self, question_id: int):
        """Open one question's answer form (one at a time)."""
        self.answering_id, self.answer_length, self.answer_error = int(question_id), 0, ""

    @rx.event
    def close_answer(self):
        """Close the answer form without posting."""
        self.answering_id, self.answer_error = 0, ""

    @rx.event
    async def answer(self, form: dict[str, Any]):
        """Post an answer to the open question; the asker is told."""
        if self.sending_answer or not self.answering_id:
            return
        user_id, _, _ = await self._where()
        if user_id is None:
            self.answer_error = SIGNED_OUT
            return
        question_id, body = self.answering_id, str(form.get("body") or "")
        self.sending_answer, self.answer_error = True, ""
        yield
        try:
            question, told = await in_session_thread(
                telling(lambda session: lesson_qa.answer(session, user_id=user_id, question_id=question_id, body=body)),
                group_commit=True,
            )
        except DomainError as error:
            self.sending_answer, self.answer_error = False, error.message
            return
        except Exception:
            log.exception("Answering question %s failed", question_id)
            self.sending_answer, self.answer_error = False, SEND_FAILED
            return
        ring(told)
        self.questions = [question if q.id == question.id else q for q in self.questions]
        self.sending_answer, self.answering_id, self.answer_length = False, 0, 0
        self._posted_answer = _typed(body)
        yield toasts.success(ANSWERED)

    @rx.event
    async def vote(self, question_id: int, up: bool):
        """Upvote a question, or take the upvote back."""
        user_id, _, _ = await self._where()
        if user_id is None:
            return toasts.error(SIGNED_OUT)
        wanted, direction = int(question_id), bool(up)
        try:
            result = await in_session_thread(
                lambda session: lesson_qa.vote(session, user_id=user_id, question_id=wanted, up=direction),
                group_commit=True,
            )
        except DomainError as error:
            return toasts.error(error.message)
        except Exception:
            log.exception("Voting on question %s failed", wanted)
            return toasts.error(VOTE_FAILED)
        self.questions = [
            q.model_copy(update={"upvotes": result.upvotes, "upvoted": result.upvoted}) if q.id == wanted else q
            for q in self.questions
        ]
        return None


def _questions(
    user_id: int, course_id: int, lesson: int | None, sort: str, page: int
) -> Callable[[Session], QuestionPage]:
    """Reads one page of a course's questions (one lesson's when ``lesson`` is given) as ``user_id`` sees them."""
    return lambda session: lesson_qa.list_questions(
        session, user_id=user_id, course_id=course_id, section_id=lesson, sort=sort, page=page
    )
