"""A learner's order history (docs/product.md, "Orders"): every order, newest first, with a printable receipt.

Only the caller's own orders are ever read: the user id is part of every query, and another learner's reference
answers "Order not found" exactly as an unknown one does.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

from sqlmodel import Session, col, func, select

from marketplace.db.models import Order
from marketplace.domain.orders import get_order, order_shape
from marketplace.domain.social_text import WAT
from marketplace.shapes.base import clamp_page, page_count
from marketplace.shapes.order_history import STATUS_LABELS, STATUS_TONES, OrderHistoryItem, OrderHistoryPage

PER_PAGE = 10


def _day(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(WAT)
    return f"{local.day} {local.strftime('%b %Y, %H:%M')}"


def receipt_path(tx_ref: str) -> str:
    """The printable receipt page of an order."""
    return f"/orders/{quote(tx_ref, safe='')}"


def history_item(session: Session, order: Order) -> OrderHistoryItem:
    """One order with its dates and status in words."""
    return OrderHistoryItem(
        **order_shape(session, order).model_dump(),
        created_text=_day(order.created_at),
        paid_text=_day(order.paid_at),
        status_label=STATUS_LABELS.get(order.status, order.status.capitalize()),
        status_tone=STATUS_TONES.get(order.status, "gray"),
        receipt_url=receipt_path(order.tx_ref),
    )


def list_orders(session: Session, *, user_id: int, page: int = 1, per_page: int = PER_PAGE) -> OrderHistoryPage:
    """One page of the caller's orders, newest first."""
    total = session.exec(select(func.count()).select_from(Order).where(Order.user_id == user_id)).one()
    pages = page_count(total, per_page)
    page = clamp_page(page, pages)
    orders = session.exec(
        select(Order)
        .where(Order.user_id == user_id)
        .order_by(col(Order.created_at).desc(), col(Order.id).desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return OrderHistoryPage(
        data=[history_item(session, order) for order in orders],
        total=total,
        page=page,
        pages=pages,
        per_page=per_page,
    )


def receipt(session: Session, *, user_id: int, tx_ref: str) -> OrderHistoryItem:
    """The caller's own order for its receipt page.

    Raises:
        NotFound: no such order, or not the caller's.
    """
    return history_item(session, get_order(session, tx_ref=tx_ref, user_id=user_id))
