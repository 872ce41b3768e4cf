"""A visitor's cart, kept by the browser in local storage (key ``cart``): its rules, as plain functions.

The stored text is docs/product.md's ``{"items": [...], "savedForLater": [...]}`` of Cart items. Each function takes a
:class:`~marketplace.shapes.commerce.Cart` and answers a new one (counted and priced again); nothing here touches
the database: a course to add comes as a :class:`CartItem` built by :func:`marketplace.domain.cart.course_item`,
and at sign-in :func:`marketplace.domain.cart.merge_local_cart` folds the ids of both lists into the server cart.
The rules match the server cart's: a course is on one list at most once, adding a saved course moves it back,
and each list holds at most :data:`MAX_ITEMS` courses.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import TypeAdapter, ValidationError

from marketplace.domain.cart import priced
from marketplace.domain.errors import DomainError
from marketplace.shapes.commerce import Cart, CartItem

# Far more courses than anyone buys at once; it keeps one merge to a bounded number of rows and SQL parameters.
MAX_ITEMS = 500

ADDED = "Added to cart"
ALREADY = "Course is already in your cart"
REMOVED = "Removed from cart"
SAVED = "Moved to Save for Later"
MOVED_BACK = "Moved back to cart"
REMOVED_SAVED = "Removed from Save for Later"
CLEARED = "Cart cleared"
FULL = f"Your cart holds at most {MAX_ITEMS} courses."

AddOutcome = Literal["added", "already"]


def _items(values: object) -> list[CartItem]:
    """The readable Cart items of a stored list, each course once, at most :data:`MAX_ITEMS`; junk is dropped."""
    items: list[CartItem] = []
    for value in values if isinstance(values, list) else []:
        if not isinstance(value, dict) or "id" not in value:
            continue
        try:
            item = CartItem.model_validate(value)
        except ValidationError:
            continue
        if item.id > 0 and not holds(items, item.id):
            items.append(item)
    return items[:MAX_ITEMS]


def parse(raw: str) -> Cart:
    """The cart a browser stored, tolerating anything it may hold (junk reads as empty)."""
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    return priced(_items(data.get("items")), _items(data.get("savedForLater")))


# Each list written in one call (pydantic's own encoder), not item by item: a learner's every cart change stores
# the whole cart, on the event loop (three times faster at twenty courses, and without json.dumps' spaces).
_LIST = TypeAdapter(list[CartItem])


def dump(cart: Cart) -> str:
    """The text a browser stores: docs/product.md's ``items`` and ``savedForLater`` (wire names, JSON numbers)."""
    items = _LIST.dump_json(cart.items, by_alias=True).decode()
    saved = _LIST.dump_json(cart.saved_for_later, by_alias=True).decode()
    return f'{{"items":{items},"savedForLater":{saved}}}'


def holds(items: list[CartItem], course_id: int) -> bool:
    """Whether the course is on this list."""
    return any(item.id == course_id for item in items)


def find(items: list[CartItem], course_id: int) -> CartItem | None:
    """The course's item on this list, or None."""
    return next((item for item in items if item.id == course_id), None)


def _without(items: list[CartItem], course_id: int) -> list[CartItem]:
    return [item for item in items if item.id != course_id]


def add(cart: Cart, item: CartItem) -> tuple[AddOutcome, Cart]:
    """Put a course in the cart once; a saved course moves back (keeping nothing on the saved list).

    Raises:
        DomainError: the cart already holds :data:`MAX_ITEMS` courses.
    """
    if holds(cart.items, item.id):
        return "already", cart
    if len(cart.items) >= MAX_ITEMS:
        raise DomainError(FULL)
    return "added", priced([*cart.items, item], _without(cart.saved_for_later, item.id))


def remove(cart: Cart, course_id: int) -> Cart:
    """Take a course out of the cart (harmless when it is not there)."""
    return priced(_without(cart.items, course_id), cart.saved_for_later)


def save_for_later(cart: Cart, course_id: int) -> Cart:
    """Move a course from the cart to the end of Save for Later (a course not in the cart changes nothing).

    Raises:
        DomainError: the saved list already holds :data:`MAX_ITEMS` courses.
    """
    item = find(cart.items, course_id)
    if item is None:
        return cart
    saved = _without(cart.saved_for_later, course_id)
    if len(saved) >= MAX_ITEMS:
        raise DomainError(FULL)
    return priced(_without(cart.items, course_id), [*saved, item])


def move_to_cart(cart: Cart, course_id: int) -> Cart:
    """Move a saved course back to the end of the cart; already in the cart is where it should be.

    Raises:
        DomainError: the course is on neither list, or the cart is full.
    """
    item = find(cart.saved_for_later, course_id) or find(cart.items, course_id)
    if item is None:
        raise DomainError("This course is not in your cart or saved list.")
    return add(cart, item)[1]


def remove_saved(cart: Cart, course_id: int) -> Cart:
    """Take a course off Save for Later (harmless when it is not there)."""
    return priced(cart.items, _without(cart.saved_for_later, course_id))


def clear(cart: Cart) -> Cart:
    """Empty the cart; Save for Later stays."""
    return priced([], cart.saved_for_later)


def without_courses(cart: Cart, course_ids: set[int]) -> Cart:
    """The cart less courses just bought (the saved list keeps what it has)."""
    return priced([item for item in cart.items if item.id not in course_ids], cart.saved_for_later)
