"""What the catalog states share: who is looking, and which of the shown courses they own.

A catalog page reads everything it shows, the viewer's enrollments included, in one read-only session off the
event loop (``in_session_thread(..., readonly=True)``); the domain's shapes go straight into the state's vars.
"""

from __future__ import annotations

import reflex as rx
from sqlmodel import Session

from marketplace.domain.cart import owned_course_ids
from marketplace.shapes.catalog import CourseCard
from marketplace.states.session import verified_user_id


async def viewer_id(state: rx.State) -> int | None:
    """The verified signed-in user looking at the page, or None for a visitor (or a forged token)."""
    return await verified_user_id(state)


def mark_owned(session: Session, user_id: int | None, *card_lists: list[CourseCard]) -> None:
    """Mark ``enrolled`` the cards of these lists that ``user_id`` owns (call it inside the page's reads)."""
    cards = [card for cards in card_lists for card in cards]
    if user_id is None or not cards:
        return
    owned = owned_course_ids(session, user_id, [card.id for card in cards])
    for card in cards:
        card.enrolled = card.id in owned
