"""The cart and its Save for Later list, in the browser and on the server.

The browser keeps the cart in local storage under ``cart`` (:attr:`SessionState.cart_json`) so a visitor can
fill it from a course page; a visitor's rules are :mod:`marketplace.domain.guest_cart`'s. For a signed-in
learner the server cart (:mod:`marketplace.domain.cart`) is the truth: each change goes there first and the
server's answer is written back to local storage, so the header badge and every device agree. Both answer a
:class:`~marketplace.shapes.commerce.Cart` priced by the one pricing module.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import cart, guest_cart
from marketplace.domain.errors import DomainError
from marketplace.domain.shapes import parse_id
from marketplace.shapes.commerce import Cart, CartItem, CartTotals
from marketplace.states import toasts
from marketplace.states.changes import assign_changed
from marketplace.states.session import SessionState, verified_user_id

log = logging.getLogger(__name__)

ADDED = guest_cart.ADDED
ALREADY = guest_cart.ALREADY
MOVE_FAILED = "Failed to add course to cart. Please try again."
LOAD_FAILED = "Failed to load your cart. Please try again."
SOMETHING_WRONG = "Something went wrong. Please try again."
# The pages that show the cart's lists (the wishlist page shows Saved for later); each loads them when it opens.
LIST_PAGES = (routes.CART, routes.CHECKOUT, routes.WISHLIST)

# One change to the server cart: (session, user_id, course_id) -> None; the cart is read again after it.
ServerChange = Callable[[Session, int, int], object]
GuestChange = Callable[[Cart, int], Cart]


def _add_on_server(session: Session, user_id: int, course_id: int) -> tuple[str, Cart]:
    """Put a course in a learner's server cart once: ``("added" | "already", the cart)`` (back from Save for
    Later counts as added)."""
    outcome, shown = cart.add_and_read_cart(session, user_id=user_id, course_id=course_id)
    return ("already" if outcome == "already" else "added"), shown


def _one_course(session: Session, user_id: int | None, course_id: int) -> Cart:
    """The checkout of one course (Buy Now), priced from the database; refused when the learner owns it."""
    if user_id is not None and cart.owned_course_ids(session, user_id, [course_id]):
        raise DomainError(cart.ALREADY_OWNED)
    return cart.priced([cart.course_item(session, course_id, user_id)], [])


def _course_id(value: int | str) -> int:
    return int(str(value))


def _buy_now_id(value: str) -> int | None:
    """The course of a Buy Now checkout (``/checkout?course=ID``), or None for the cart's checkout."""
    return parse_id(value) if value else None


class CartState(rx.State):
    """The cart page's lists and totals, what /checkout buys, and the cart actions used on course pages."""

    items: list[CartItem] = []
    saved: list[CartItem] = []
    totals: CartTotals = rx.field(default_factory=CartTotals)
    loaded: bool = False
    load_error: str = ""
    # What /checkout buys: the cart, or the one course of Buy Now (``buying_one``), which leaves the cart alone.
    # The server refuses a total that disagrees with its own pricing, so these are exactly what the page showed.
    checkout_items: list[CartItem] = []
    checkout_totals: CartTotals = rx.field(default_factory=CartTotals)
    buying_one: bool = False

    def _set_checkout(self, buying: Cart) -> None:
        assign_changed(self, checkout_items=list(buying.items), checkout_totals=buying.totals)

    def _replace(self, session_state: SessionState, shown: Cart) -> None:
        """Store ``shown`` in the browser (local storage, so the header badge follows) and show it on a page
        that lists it.

        Only the cart, the checkout and the wishlist page (its Saved for later list) show the lists, and each
        reads them afresh when it opens; on any other page (Add To Cart on a course page, the header's refresh
        on every page) sending them again would only fill the reply (issue 14). A list is also not sent when it
        did not change.
        """
        stored = guest_cart.dump(shown)
        if stored != session_state.cart_json:
            session_state.cart_json = stored
        if self.router.url.path.rstrip("/") not in LIST_PAGES:
            return
        assign_changed(self, items=list(shown.items), saved=list(shown.saved_for_later), totals=shown.totals)
        if not self.buying_one:
            self._set_checkout(shown)

    async def _sync(self, *, merge: bool, reprice: bool = False) -> None:
        """Show the signed-in learner's server cart (first folding the browser's cart into it when ``merge``),
        and keep the browser's copy equal to it; a visitor's cart is the browser's own (priced again from the
        database when ``reprice``: what the browser kept is only a copy).

        Only a login merges: the cart a visitor filled joins the account. Afterwards every change is made on the
        server first, so the server's cart is the truth, and a course removed on one device must not come back
        from another device's older copy.
        """
        session_state = await self.get_state(SessionState)
        local = guest_cart.parse(session_state.cart_json)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            if reprice and (local.items or local.saved_for_later):
                local = await in_session_thread(lambda session: cart.reprice(session, local), readonly=True)
            self._replace(session_state, local)
            return
        if merge:
            shown = await in_session_thread(
                lambda session: cart.merge_local_cart(
                    session, user_id=user_id, items=local.items, saved=local.saved_for_later
                ),
                group_commit=True,
            )
        else:
            shown = await in_session_thread(lambda session: cart.get_cart(session, user_id=user_id), readonly=True)
        self._replace(session_state, shown)

    @rx.event
    async def load(self):
        """on_load of /cart: show the cart the server keeps (a visitor's, the browser's, priced afresh)."""
        self.load_error = ""
        self.buying_one = False
        try:
            await self._sync(merge=False, reprice=True)
        except Exception:
            log.exception("Loading the cart failed")
            self.load_error = LOAD_FAILED
        self.loaded = True

    @rx.event
    async def load_checkout(self):
        """on_load of /checkout: what it buys is the cart, or with ``?course=ID`` (Buy Now) that course alone.

        Buy Now never touches the cart: the one course is priced from the database and checked here (a course
        the learner owns is refused with the server's message); the order checks everything again.
        """
        self.load_error = ""
        course_id = _buy_now_id(self.router.url.query_parameters.get(routes.BUY_NOW_PARAM, ""))
        self.buying_one = course_id is not None
        try:
            await self._sync(merge=False)
            if course_id is not None:
                user_id = await verified_user_id(self)
                self._set_checkout(
                    await in_session_thread(lambda session: _one_course(session, user_id, course_id), readonly=True)
                )
        except DomainError as exc:
            self._set_checkout(Cart())
            self.load_error = exc.message
        except Exception:
            log.exception("Loading the checkout failed")
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

    async def _change(self, server: ServerChange, guest: GuestChange, done: str, course_id: int = 0):
        """Apply one change: on the server for a signed-in learner (then mirror it), else by the guest rules."""
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        try:
            if user_id is None:
                shown = guest(guest_cart.parse(session_state.cart_json), course_id)
            else:

                def change(session: Session) -> Cart:
                    server(session, user_id, course_id)
                    return cart.get_cart(session, user_id=user_id)

                shown = await in_session_thread(change, group_commit=True)
        except DomainError as exc:
            return toasts.error(exc.message)
        except Exception:
            log.exception("Cart change failed")
            return toasts.error(SOMETHING_WRONG)
        self._replace(session_state, shown)
        return toasts.success(done)

    async def _add(self, course_id: int) -> tuple[str, EventSpec]:
        """Put a course in the cart once: ``("added" | "already" | "refused", toast)``."""
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        try:
            if user_id is not None:
                outcome, shown = await in_session_thread(
                    lambda session: _add_on_server(session, user_id, course_id), group_commit=True
                )
            else:
                local = guest_cart.parse(session_state.cart_json)
                item = guest_cart.find(local.saved_for_later, course_id) or guest_cart.find(local.items, course_id)
                if item is None:  # prices always from the database
                    item = await in_session_thread(lambda session: cart.course_item(session, course_id), readonly=True)
                outcome, shown = guest_cart.add(local, item)
        except DomainError as exc:  # owned ("You already own this course."), gone, or a full cart
            return "refused", toasts.error(exc.message)
        except Exception:
            log.exception("Adding course %s to the cart failed", course_id)
            return "refused", toasts.error(SOMETHING_WRONG)
        self._replace(session_state, shown)
        return outcome, (toasts.success(ADDED) if outcome == "added" else toasts.info(ALREADY))

    @rx.event
    async def add(self, course_id: int | str):
        """Add To Cart: once; an owned course is refused with the server's message."""
        _outcome, toast = await self._add(_course_id(course_id))
        return toast

    @rx.event
    async def buy_now(self, course_id: int | str):
        """Buy Now: the checkout of this course alone; the cart stays as it was (a visitor logs in first)."""
        cid = _course_id(course_id)
        user_id = await verified_user_id(self)
        try:
            if user_id is not None:
                await in_session_thread(lambda session: _one_course(session, user_id, cid), readonly=True)
        except DomainError as exc:  # owned ("You already own this course.") or gone
            return toasts.error(exc.message)
        except Exception:
            log.exception("Buy Now of course %s failed", cid)
            return toasts.error(SOMETHING_WRONG)
        return rx.redirect(routes.buy_now(cid))

    @rx.event
    async def remove(self, course_id: int | str):
        """Take a course out of the cart."""
        return await self._change(
            lambda s, u, c: cart.remove_from_cart(s, user_id=u, course_id=c),
            guest_cart.remove,
            guest_cart.REMOVED,
            _course_id(course_id),
        )

    @rx.event
    async def save_for_later(self, course_id: int | str):
        """Move a course from the cart to Save for Later."""
        return await self._change(
            lambda s, u, c: cart.save_for_later(s, user_id=u, course_id=c),
            guest_cart.save_for_later,
            guest_cart.SAVED,
            _course_id(course_id),
        )

    @rx.event
    async def move_to_cart(self, course_id: int | str):
        """Move a saved course back, through the same domain call as POST /api/cart/move-to-cart.

        It moves only when that call succeeds (added, moved back, or already there); anything else gets the
        alert of docs/product.md and the lists stay as they were.
        """
        cid = _course_id(course_id)
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        try:
            if user_id is None:
                shown = guest_cart.move_to_cart(guest_cart.parse(session_state.cart_json), cid)
            else:

                def move(session: Session) -> Cart:
                    cart.move_to_cart(session, user_id=user_id, course_id=cid)
                    return cart.get_cart(session, user_id=user_id)

                shown = await in_session_thread(move, group_commit=True)
        except Exception:
            log.info("Moving course %s back to the cart failed", cid, exc_info=True)
            return rx.window_alert(MOVE_FAILED)
        self._replace(session_state, shown)
        return toasts.success(guest_cart.MOVED_BACK)

    @rx.event
    async def remove_saved(self, course_id: int | str):
        """Take a course off the Save for Later list."""
        return await self._change(
            lambda s, u, c: cart.remove_saved(s, user_id=u, course_id=c),
            guest_cart.remove_saved,
            guest_cart.REMOVED_SAVED,
            _course_id(course_id),
        )

    @rx.event
    async def clear_all(self):
        """Empty the cart (Save for Later stays)."""
        return await self._change(
            lambda s, u, _c: cart.clear_cart(s, user_id=u),
            lambda shown, _c: guest_cart.clear(shown),
            guest_cart.CLEARED,
        )

    @rx.var
    def count(self) -> int:
        """How many courses are in the cart."""
        return len(self.items)
