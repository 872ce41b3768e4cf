"""API routes: the signed-in learner's order history."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import order_history
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.order_history import OrderHistoryPage

router = APIRouter(tags=["orders"], route_class=CommitOnReturnRoute)


@router.get("/orders")
def my_orders(
    session: SessionDep, user: CurrentUser, page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1
) -> OrderHistoryPage:
    """The caller's orders, newest first, 10 a page: status, lines, totals and the receipt's address."""
    assert user.id is not None
    return order_history.list_orders(session, user_id=user.id, page=page)
