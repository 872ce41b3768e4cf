"""What the catalog states share: who is looking, and which of the shown courses they own.

A catalog page reads everything it shows, the viewer's enrollments included, in one read-only session off the
event loop (``in_session_thread(..., readonly=True)``), then turns the rows into views on the loop.
"""

from __future__ import annotations

import reflex as rx
from sqlmodel import Session

from marketplace.domain.cart import owned_course_ids
from marketplace.states.session import verified_user_id
from marketplace.views.cards import CourseCardView, course_card


async def viewer_id(state: rx.State) -> int | None:
    """The verified signed-in user looking at the page, or None for a visitor (or a forged token)."""
    return await verified_user_id(state)


def owned_ids(session: Session, user_id: int | None, *card_lists: list[dict]) -> set[int]:
    """Which of the courses on these card lists ``user_id`` is enrolled in (call it inside the page's reads)."""
    ids = [int(card["id"]) for cards in card_lists for card in cards]
    if user_id is None or not ids:
        return set()
    return owned_course_ids(session, user_id, ids)


def course_cards(cards: list[dict], owned: set[int]) -> list[CourseCardView]:
    """Card views for the catalog's course dicts, marking the ``owned`` ones (from :func:`owned_ids`)."""
    return [course_card(c, owned) for c in cards]
