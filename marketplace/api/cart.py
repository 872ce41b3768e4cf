"""API routes: the signed-in learner's server-side cart (items and saved for later)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import cart
from marketplace.domain.shapes import MAX_ID

router = APIRouter(tags=["cart"], route_class=CommitOnReturnRoute)

# Far more courses than anyone buys at once; it keeps one merge to a bounded number of rows and SQL parameters.
MAX_LOCAL_CART = 500
CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]


class CourseRef(BaseModel):
    """A course named by id (the spec's ``courseId``)."""

    courseId: int = Field(ge=1, le=MAX_ID)


class LocalCart(BaseModel):
    """A browser's local-storage cart to merge into the server cart."""

    items: list[dict | int | str] = Field(default_factory=list, max_length=MAX_LOCAL_CART)
    savedForLater: list[dict | int | str] = Field(default_factory=list, max_length=MAX_LOCAL_CART)


def _cart_body(session, user_id: int, message: str | None = None) -> dict:
    body = cart.get_cart(session, user_id=user_id)
    body["count"] = len(body["items"])
    if message:
        body["message"] = message
    return body


@router.get("/cart")
def get_cart(session: SessionDep, user: CurrentUser) -> dict:
    """The caller's cart: ``items``, ``savedForLater`` and ``count``."""
    return _cart_body(session, user.id)


@router.post("/cart/add-to-cart")
def add_to_cart(body: CourseRef, session: SessionDep, user: CurrentUser) -> JSONResponse:
    """Add a course: 201 when added, 200 when it was already there or came back from Save for Later."""
    try:
        outcome = cart.add_to_cart(session, user_id=user.id, course_id=body.courseId)
    except cart.AlreadyInCart as exc:
        return JSONResponse(_cart_body(session, user.id, exc.message), status_code=200)
    message = "Added to cart" if outcome == "added" else "Moved back to cart"
    return JSONResponse(_cart_body(session, user.id, message), status_code=201 if outcome == "added" else 200)


@router.post("/cart/merge")
def merge_cart(body: LocalCart, session: SessionDep, user: CurrentUser) -> dict:
    """Fold the browser's local cart into the server cart and answer the merged cart."""
    cart.merge_local_cart(session, user_id=user.id, items=body.items, saved=body.savedForLater)
    return _cart_body(session, user.id)


@router.post("/cart/save-for-later")
def save_for_later(body: CourseRef, session: SessionDep, user: CurrentUser) -> dict:
    """Move a course from the cart to Save for Later."""
    cart.save_for_later(session, user_id=user.id, course_id=body.courseId)
    return _cart_body(session, user.id, "Moved to Save for Later")


@router.post("/cart/move-to-cart")
def move_to_cart(body: CourseRef, session: SessionDep, user: CurrentUser) -> dict:
    """Move a saved course back to the cart."""
    cart.move_to_cart(session, user_id=user.id, course_id=body.courseId)
    return _cart_body(session, user.id, "Moved back to cart")


@router.delete("/cart/saved/{course_id}")
def remove_saved(course_id: CourseId, session: SessionDep, user: CurrentUser) -> dict:
    """Remove a course from Save for Later (harmless when it is not there)."""
    cart.remove_saved(session, user_id=user.id, course_id=course_id)
    return _cart_body(session, user.id, "Removed from Save for Later")


@router.delete("/cart/{course_id}")
def remove_from_cart(course_id: CourseId, session: SessionDep, user: CurrentUser) -> dict:
    """Remove a course from the cart (harmless when it is not there)."""
    cart.remove_from_cart(session, user_id=user.id, course_id=course_id)
    return _cart_body(session, user.id, "Removed from cart")


@router.delete("/cart")
def clear_cart(session: SessionDep, user: CurrentUser) -> dict:
    """Empty the cart; the saved-for-later list stays."""
    cart.clear_cart(session, user_id=user.id)
    return _cart_body(session, user.id, "Cart cleared")
