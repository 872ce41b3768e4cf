"""Pages every visitor sees alike (home, a course): read once per process and shared, a learner's page their own."""

from __future__ import annotations

import asyncio

import pytest

from marketplace.db import write_watch
from marketplace.shapes.catalog import CourseCard, CourseDetail, Section, StatFigure
from marketplace.states import course as course_states
from marketplace.states import home as home_states
from marketplace.states.course import CourseState
from marketplace.states.home import HomeState
from tests.unit.test_event_loop_rules import event_loop_guard  # noqa: F401 - used through pytestmark
from tests.unit.test_page_states import _state

pytestmark = pytest.mark.usefixtures("event_loop_guard")


def _count_reads(monkeypatch) -> list[int]:
    """Replace the blocks' read with one that counts its calls (and whose course 2 the learner owns)."""
    reads: list[int] = []

    def read(_session) -> home_states._Blocks:
        reads.append(1)
        courses = [CourseCard(id=1, title=f"Top {len(reads)}"), CourseCard(id=2, title="Owned")]
        return home_states._Blocks(
            stats=[StatFigure(label="Courses", value=str(len(reads)))],
            categories=[],
            courses=courses,
            instructors=[],
            quotes=[],
            tiles=[home_states.CourseTile.of(card) for card in courses],
        )

    monkeypatch.setattr(home_states, "_read_blocks", read)
    monkeypatch.setattr(home_states, "mark_owned", _marks_course_2)
    monkeypatch.setattr(home_states, "last_watched", lambda _session, user_id: None)  # nothing watched yet
    return reads


def _marks_course_2(_session, user_id, cards) -> None:
    for card in cards:
        card.enrolled = user_id is not None and card.id == 2


def test_visitors_share_the_home_blocks_read_once_until_a_catalog_write(monkeypatch):
    reads = _count_reads(monkeypatch)
    first, second = _state(HomeState, monkeypatch, user_id=None), _state(HomeState, monkeypatch, user_id=None)

    async def both_at_once() -> None:
        await asyncio.gather(first.load(), second.load())

    asyncio.run(both_at_once())
    assert len(reads) == 1  # two visitors at once: one read
    assert [c.title for c in second.top_courses] == ["Top 1", "Owned"] and not first.loading
    asyncio.run(first.load())
    assert len(reads) == 1  # kept

    write_watch._call({"reviews"})  # a new review: the testimonials may change
    asyncio.run(first.load())
    assert len(reads) == 2 and first.stats[0].value == "2"


def test_a_learners_enrolled_marks_are_their_own_and_never_reach_the_shared_blocks(monkeypatch):
    _count_reads(monkeypatch)
    learner = _state(HomeState, monkeypatch, user_id=7)
    asyncio.run(learner.load())
    visitor = _state(HomeState, monkeypatch, user_id=None)  # (the server now takes no token as anyone's)
    asyncio.run(visitor.load())
    assert [c.enrolled for c in learner.top_courses] == [False, True]
    assert [c.enrolled for c in visitor.top_courses] == [False, False]


def test_visitors_of_a_course_page_share_one_read_and_a_signed_in_learner_gets_their_own(monkeypatch):
    reads: list[int | None] = []

    def read(_session, course_id: int, user_id: int | None) -> tuple[CourseDetail, list[CourseCard]]:
        reads.append(user_id)
        lessons = [Section(id=1, title="Intro", is_preview=True), Section(id=2, title=f"Lesson {len(reads)}")]
        detail = CourseDetail(id=course_id, title="Excel", sections=lessons, enrolled=user_id is not None)
        return detail, [CourseCard(id=9, title="Related")]

    monkeypatch.setattr(course_states, "_read_course", read)
    first, second = _state(CourseState, monkeypatch, user_id=None), _state(CourseState, monkeypatch, user_id=None)

    async def both_at_once() -> None:
        await asyncio.gather(first._show(5, None), second._show(5, None))

    asyncio.run(both_at_once())
    assert reads == [None] and second.course.title == "Excel" and [s.title for s in second.sections][1] == "Lesson 1"
    asyncio.run(first._show(5, None))
    assert reads == [None]  # kept

    asyncio.run(first._show(5, 7))  # a learner signed in: their own read (enrolled, every lesson's video)
    assert reads == [None, 7] and first.enrolled

    write_watch._call({"sections"})  # the teacher changed a lesson
    asyncio.run(second._show(5, None))
    assert reads == [None, 7, None] and [s.title for s in second.sections][1] == "Lesson 3"
