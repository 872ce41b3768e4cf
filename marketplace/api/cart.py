"""API routes: the signed-in learner's server-side cart (items and saved for later)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response
from pydantic import BaseModel, Field
from sqlmodel import Session

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import cart, guest_cart
from marketplace.domain.orders import row_id
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.commerce import CartReply

router = APIRouter(tags=["cart"], route_class=CommitOnReturnRoute)

MAX_LOCAL_CART = guest_cart.MAX_ITEMS
CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]
# Each route answers the cart after its change (its return annotation, CartReply, is the response model);
# ``message`` is left out of a plain read.
SKIP_NONE = True


class CourseRef(BaseModel):
    """A course named by id (docs/product.md's ``courseId``)."""

    courseId: int = Field(ge=1, le=MAX_ID)


class LocalCart(BaseModel):
    """A browser's local-storage cart to merge into the server cart."""

    items: list[dict[str, object] | int | str] = Field(default_factory=list, max_length=MAX_LOCAL_CART)
    savedForLater: list[dict[str, object] | int | str] = Field(default_factory=list, max_length=MAX_LOCAL_CART)


def _reply(session: Session, user_id: int | None, message: str | None = None) -> CartReply:
    shown = cart.get_cart(session, user_id=row_id(user_id))
    return CartReply(**dict(shown), message=message)


@router.get("/cart", response_model_exclude_none=SKIP_NONE)
def get_cart(session: SessionDep, user: CurrentUser) -> CartReply:
    """The caller's cart: ``items``, ``savedForLater``, ``count`` and the ``totals``."""
    return _reply(session, user.id)


@router.post("/cart/add-to-cart", status_code=201, response_model_exclude_none=SKIP_NONE)
def add_to_cart(body: CourseRef, response: Response, session: SessionDep, user: CurrentUser) -> CartReply:
    """Add a course: 201 when added, 200 when it was already there or came back from Save for Later."""
    try:
        outcome = cart.add_to_cart(session, user_id=row_id(user.id), course_id=body.courseId)
    except cart.AlreadyInCart as exc:
        response.status_code = 200
        return _reply(session, user.id, exc.message)
    if outcome != "added":
        response.status_code = 200
    return _reply(session, user.id, guest_cart.ADDED if outcome == "added" else guest_cart.MOVED_BACK)


@router.post("/cart/merge", response_model_exclude_none=SKIP_NONE)
def merge_cart(body: LocalCart, session: SessionDep, user: CurrentUser) -> CartReply:
    """Fold the browser's local cart into the server cart and answer the merged cart."""
    cart.merge_local_cart(session, user_id=row_id(user.id), items=body.items, saved=body.savedForLater)
    return _reply(session, user.id)


@router.post("/cart/save-for-later", response_model_exclude_none=SKIP_NONE)
def save_for_later(body: CourseRef, session: SessionDep, user: CurrentUser) -> CartReply:
    """Move a course from the cart to Save for Later."""
    cart.save_for_later(session, user_id=row_id(user.id), course_id=body.courseId)
    return _reply(session, user.id, guest_cart.SAVED)


@router.post("/cart/move-to-cart", response_model_exclude_none=SKIP_NONE)
def move_to_cart(body: CourseRef, session: SessionDep, user: CurrentUser) -> CartReply:
    """Move a saved course back to the cart."""
    cart.move_to_cart(session, user_id=row_id(user.id), course_id=body.courseId)
    return _reply(session, user.id, guest_cart.MOVED_BACK)


@router.delete("/cart/saved/{course_id}", response_model_exclude_none=SKIP_NONE)
def remove_saved(course_id: CourseId, session: SessionDep, user: CurrentUser) -> CartReply:
    """Remove a course from Save for Later (harmless when it is not there)."""
    cart.remove_saved(session, user_id=row_id(user.id), course_id=course_id)
    return _reply(session, user.id, guest_cart.REMOVED_SAVED)


@router.delete("/cart/{course_id}", response_model_exclude_none=SKIP_NONE)
def remove_from_cart(course_id: CourseId, session: SessionDep, user: CurrentUser) -> CartReply:
    """Remove a course from the cart (harmless when it is not there)."""
    cart.remove_from_cart(session, user_id=row_id(user.id), course_id=course_id)
    return _reply(session, user.id, guest_cart.REMOVED)


@router.delete("/cart", response_model_exclude_none=SKIP_NONE)
def clear_cart(session: SessionDep, user: CurrentUser) -> CartReply:
    """Empty the cart; the saved-for-later list stays."""
    cart.clear_cart(session, user_id=row_id(user.id))
    return _reply(session, user.id, guest_cart.CLEARED)
