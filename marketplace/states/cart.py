"""The cart and its Save for Later list, in the browser and on the server.

The browser keeps the cart in local storage under ``cart`` (``{"items": [...], "savedForLater": [...]}``,
:attr:`SessionState.cart_json`) so a visitor can fill it from a course page. For a signed-in learner the
server cart (:mod:`marketplace.domain.cart`) is the truth: each change goes there first and the server's
answer is written back to local storage, so the header badge and every device agree. The totals come from
the one pricing module, on the server's prices.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import cart, catalog
from marketplace.domain.errors import DomainError
from marketplace.domain.pricing import price_cart
from marketplace.states.session import SessionState
from marketplace.views.commerce import CartItemView, TotalsView, cart_item_view, item_price, totals_view

log = logging.getLogger(__name__)

ADDED = "Added to cart"
ALREADY = "Course is already in your cart"
REMOVED = "Removed from cart"
SAVED = "Moved to Save for Later"
MOVED_BACK = "Moved back to cart"
REMOVED_SAVED = "Removed from Save for Later"
CLEARED = "Cart cleared"
MOVE_FAILED = "Failed to add course to cart. Please try again."
LOAD_FAILED = "Failed to load your cart. Please try again."
SOMETHING_WRONG = "Something went wrong. Please try again."

CartData = dict[str, list[dict]]
ServerChange = Callable[..., object]


def parse_local(raw: str) -> CartData:
    """The local-storage cart, tolerating anything a browser may hold (junk reads as empty)."""
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}

    def items(key: str) -> list[dict]:
        values = data.get(key)
        return [v for v in values if isinstance(v, dict) and "id" in v] if isinstance(values, list) else []

    return {"items": items("items"), "savedForLater": items("savedForLater")}


def _without(items: list[dict], course_id: int) -> list[dict]:
    return [item for item in items if str(item.get("id")) != str(course_id)]


def _holds(items: list[dict], course_id: int) -> bool:
    return any(str(item.get("id")) == str(course_id) for item in items)


def _find(items: list[dict], course_id: int) -> dict | None:
    return next((item for item in items if str(item.get("id")) == str(course_id)), None)


def _local_item(session: Session, course_id: int) -> dict:
    """A guest's cart item in the spec's shape, from the catalog (prices always from the database)."""
    course = catalog.get_course(session, course_id)
    return {
        "id": course["id"],
        "title": course["title"],
        "price": course["price"],
        "priceText": course["price_text"],
        "quantity": 1,
        "image": course["thumbnail"],
        "instructor": course.get("instructor_name", ""),
        "rating": course["rating"],
        "lectures": course["lectures"],
        "level": course["level"],
    }


def _add_on_server(session: Session, user_id: int, course_id: int) -> tuple[str, CartData]:
    """Put a course in a learner's server cart once: ``("added" | "already", the cart)``."""
    try:
        cart.add_to_cart(session, user_id=user_id, course_id=course_id)
        outcome = "added"
    except cart.AlreadyInCart:
        outcome = "already"
    return outcome, cart.get_cart(session, user_id=user_id)


def _course_id(value: int | str) -> int:
    return int(str(value))


class CartState(rx.State):
    """The cart page's lists and totals, and the cart actions used on course pages."""

    items: list[CartItemView] = []
    saved: list[CartItemView] = []
    totals: TotalsView = TotalsView()
    loaded: bool = False
    load_error: str = ""
    # What the page showed, for checkout: the server refuses a total that disagrees with its own pricing.
    _course_ids: list[int] = []
    _total: str = "0"

    def _replace(self, session_state: SessionState, data: CartData) -> None:
        """Show ``data`` and store it in the browser (local storage, so the header badge follows)."""
        data = {"items": list(data.get("items", [])), "savedForLater": list(data.get("savedForLater", []))}
        session_state.cart_json = json.dumps(data)
        self.items = [cart_item_view(item) for item in data["items"]]
        self.saved = [cart_item_view(item) for item in data["savedForLater"]]
        totals = price_cart(item_price(item) for item in data["items"])
        self.totals = totals_view(totals)
        self._course_ids = [view.id for view in self.items]
        self._total = str(totals.total)

    async def _sync(self, *, merge: bool) -> None:
        """Show the signed-in learner's server cart (first folding the browser's cart into it when ``merge``),
        and keep the browser's copy equal to it; a visitor's cart is the browser's own.

        Only a login merges: the cart a visitor filled joins the account. Afterwards every change is made on the
        server first, so the server's cart is the truth, and a course removed on one device must not come back
        from another device's older copy.
        """
        session_state = await self.get_state(SessionState)
        local = parse_local(session_state.cart_json)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            self._replace(session_state, local)
            return
        if merge:
            data = await in_session_thread(
                lambda session: cart.merge_local_cart(
                    session, user_id=user_id, items=local["items"], saved=local["savedForLater"]
                )
            )
        else:
            data = await in_session_thread(lambda session: cart.get_cart(session, user_id=user_id), readonly=True)
        self._replace(session_state, data)

    @rx.event
    async def load(self):
        """on_load of /cart and /checkout: show the cart the server keeps."""
        self.load_error = ""
        try:
            await self._sync(merge=False)
        except Exception:
            log.exception("Loading the cart failed")
            self.load_error = LOAD_FAILED
        self.loaded = True

    async def _merge_after_login(self) -> None:
        """Right after login (called by the sign-in itself): the cart a visitor filled joins the server cart."""
        try:
            await self._sync(merge=True)
        except Exception:  # the login itself succeeded; the visitor's courses stay in this browser's copy
            log.exception("Syncing the cart after login failed")

    @rx.event
    async def refresh(self):
        """Every page's header: the badge counts the server's cart, which another device may have changed."""
        try:
            await self._sync(merge=False)
        except Exception:  # nothing the person did failed; the next page tries again
            log.exception("Refreshing the cart failed")

    async def _change(
        self, server: ServerChange, local: Callable[[CartData], CartData], done: str, course_id: int | None
    ):
        """Apply one change: on the server for a signed-in learner (then mirror it), else in local storage."""
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        try:
            if user_id is None:
                data = local(parse_local(session_state.cart_json))
            else:
                args = {"user_id": user_id} if course_id is None else {"user_id": user_id, "course_id": course_id}

                def change(session: Session) -> CartData:
                    server(session, **args)
                    return cart.get_cart(session, user_id=user_id)

                data = await in_session_thread(change)
        except DomainError as exc:
            return rx.toast.error(exc.message)
        except Exception:
            log.exception("Cart change failed")
            return rx.toast.error(SOMETHING_WRONG)
        self._replace(session_state, data)
        return rx.toast.success(done)

    async def _add(self, course_id: int) -> tuple[str, EventSpec]:
        """Put a course in the cart once: ``("added" | "already" | "refused", toast)``."""
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        try:
            if user_id is not None:
                outcome, data = await in_session_thread(lambda session: _add_on_server(session, user_id, course_id))
            else:
                data = parse_local(session_state.cart_json)
                outcome = "already" if _holds(data["items"], course_id) else "added"
                if outcome == "added":
                    item = _find(data["savedForLater"], course_id) or await in_session_thread(
                        lambda session: _local_item(session, course_id), readonly=True
                    )
                    data["items"].append(item)
                    data["savedForLater"] = _without(data["savedForLater"], course_id)
        except DomainError as exc:  # owned ("You already own this course.") or gone
            return "refused", rx.toast.error(exc.message)
        except Exception:
            log.exception("Adding course %s to the cart failed", course_id)
            return "refused", rx.toast.error(SOMETHING_WRONG)
        self._replace(session_state, data)
        return outcome, (rx.toast.success(ADDED) if outcome == "added" else rx.toast.info(ALREADY))

    @rx.event
    async def add(self, course_id: int | str):
        """Add To Cart: once; an owned course is refused with the server's message."""
        _outcome, toast = await self._add(_course_id(course_id))
        return toast

    @rx.event
    async def buy_now(self, course_id: int | str):
        """Buy Now: add the course when it is not in the cart yet, then go to checkout."""
        outcome, toast = await self._add(_course_id(course_id))
        if outcome == "refused":
            return toast
        return [toast, rx.redirect(routes.CHECKOUT)] if outcome == "added" else rx.redirect(routes.CHECKOUT)

    @rx.event
    async def remove(self, course_id: int | str):
        """Take a course out of the cart."""
        cid = _course_id(course_id)

        def local(data: CartData) -> CartData:
            return {**data, "items": _without(data["items"], cid)}

        return await self._change(cart.remove_from_cart, local, REMOVED, cid)

    @rx.event
    async def save_for_later(self, course_id: int | str):
        """Move a course from the cart to Save for Later."""
        cid = _course_id(course_id)

        def local(data: CartData) -> CartData:
            item = _find(data["items"], cid)
            saved = _without(data["savedForLater"], cid) + ([item] if item else [])
            return {"items": _without(data["items"], cid), "savedForLater": saved}

        return await self._change(cart.save_for_later, local, SAVED, cid)

    @rx.event
    async def move_to_cart(self, course_id: int | str):
        """Move a saved course back, through the same domain call as POST /api/cart/add-to-cart.

        It moves only when that call succeeds (201 added, 200 already there or moved back); anything else,
        a visitor without a server cart included, gets the spec's alert and the lists stay as they were.
        """
        cid = _course_id(course_id)
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            return rx.window_alert(MOVE_FAILED)
        try:
            # The endpoint answers 200 for a course already in the cart: it is where it should be.
            _outcome, data = await in_session_thread(lambda session: _add_on_server(session, user_id, cid))
        except Exception:
            log.info("Moving course %s back to the cart failed", cid, exc_info=True)
            return rx.window_alert(MOVE_FAILED)
        self._replace(session_state, data)
        return rx.toast.success(MOVED_BACK)

    @rx.event
    async def remove_saved(self, course_id: int | str):
        """Take a course off the Save for Later list."""
        cid = _course_id(course_id)

        def local(data: CartData) -> CartData:
            return {**data, "savedForLater": _without(data["savedForLater"], cid)}

        return await self._change(cart.remove_saved, local, REMOVED_SAVED, cid)

    @rx.event
    async def clear_all(self):
        """Empty the cart (Save for Later stays)."""

        def local(data: CartData) -> CartData:
            return {**data, "items": []}

        return await self._change(cart.clear_cart, local, CLEARED, None)

    @rx.var
    def count(self) -> int:
        """How many courses are in the cart."""
        return len(self.items)
