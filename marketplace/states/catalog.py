"""What the catalog states share: who is looking, and which of the shown courses they own."""

from __future__ import annotations

import reflex as rx

from marketplace.db.engine import session_scope
from marketplace.domain.cart import owned_course_ids
from marketplace.states.session import SessionState
from marketplace.views.cards import CourseCardView, course_card


async def viewer_id(state: rx.State) -> int | None:
    """The verified signed-in user looking at the page, or None for a visitor (or a forged token)."""
    return (await state.get_state(SessionState)).verified_user_id()


def course_cards(cards: list[dict], user_id: int | None) -> list[CourseCardView]:
    """Card views for the catalog's course dicts, marking the courses ``user_id`` is enrolled in."""
    owned: set[int] = set()
    if user_id is not None and cards:
        with session_scope() as session:
            owned = owned_course_ids(session, user_id, [int(c["id"]) for c in cards])
    return [course_card(c, owned) for c in cards]
