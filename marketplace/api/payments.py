"""API routes: starting payments, the return check, webhooks, orders and the sandbox's hosted page."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.engine import Engine
from sqlmodel import Session

from marketplace.api.deps import CurrentUser, SessionDep
from marketplace.domain import checkout, orders
from marketplace.domain.errors import DomainError
from marketplace.payments.sandbox import page as sandbox_page
from marketplace.payments.sandbox import provider as sandbox
from marketplace.payments.sandbox import store as sandbox_store
from marketplace.settings import sandbox_payments_enabled, settings

log = logging.getLogger(__name__)

router = APIRouter(tags=["payments"])


class PaymentRequest(BaseModel):
    """The spec's payment request: course ids, the total the browser showed (naira), billing details, and the
    discount code the learner applied (optional; the server checks it again and prices with it)."""

    courses: list[int | str] = Field(default_factory=list)
    totalAmount: Decimal
    email: str = ""
    country: str = ""
    state: str = ""
    couponCode: str | None = Field(default=None, max_length=100)


@router.post("/{provider}/initiate")
def initiate(provider: str, body: PaymentRequest, session: SessionDep, user: CurrentUser) -> dict:
    """Price the courses on the server, create a pending order and answer the provider's checkout link.

    A refused discount code answers 400 with its reason (``field: couponCode``). An order a code made free is
    paid at once: ``status`` is ``paid`` and the link is its Order Complete page instead of the provider's.
    """
    started = checkout.start_checkout(
        session,
        user=user,
        provider=provider,
        course_ids=body.courses,
        total_amount=body.totalAmount,
        email=body.email,
        country=body.country,
        state=body.state,
        coupon_code=body.couponCode,
    )
    return {
        "message": "Order complete" if started.paid else "Payment initiated",
        "status": started.order.status,
        "checkoutLink": started.link,
        "txRef": started.order.tx_ref,
        "data": {"link": started.link},
    }


@router.get("/payments/verify")
def verify_return(request: Request, session: SessionDep, user: CurrentUser) -> dict:
    """The /checkout return page's check: ``{status: paid|failed|pending, order}`` from the provider's answer."""
    params = dict(request.query_params)
    outcome = checkout.handle_return(session, user=user, provider=params.get("provider"), params=params)
    return {"status": outcome.status, "order": orders.order_dict(session, outcome.order)}


@router.get("/orders/{tx_ref}")
def get_order(tx_ref: str, session: SessionDep, user: CurrentUser) -> dict:
    """One of the caller's orders, with its lines."""
    return orders.order_dict(session, orders.get_order(session, tx_ref=tx_ref, user_id=user.id))


def _webhook(session: Session, provider: str, headers: dict[str, str], raw_body: bytes) -> JSONResponse:
    outcome = checkout.handle_webhook(session, provider=provider, headers=headers, raw_body=raw_body)
    return JSONResponse({"status": "ok", "order": outcome.status if outcome else "ignored"})


@router.post("/webhooks/{provider}")
async def webhook(provider: str, request: Request, session: SessionDep) -> JSONResponse:
    """A provider's webhook (flutterwave, paystack, sandbox): 401 on a bad signature, else 200 once handled."""
    raw_body = await request.body()  # the signature covers these exact bytes, so read them before any parsing
    return _webhook(session, provider, dict(request.headers), raw_body)


def _sender(engine: Engine):
    """Deliver a sandbox webhook through the same handler, in its own transaction on the app's database."""

    def send(headers: dict[str, str], raw_body: bytes) -> None:
        with Session(engine, expire_on_commit=False) as session:
            try:
                checkout.handle_webhook(session, provider="sandbox", headers=headers, raw_body=raw_body)
                session.commit()
            except DomainError as exc:
                session.rollback()
                log.warning("Sandbox webhook refused: %s", exc.message)

    return send


@router.get("/sandbox/pay/{tx_ref}", response_class=HTMLResponse, include_in_schema=False)
def sandbox_pay_page(tx_ref: str) -> HTMLResponse:
    """The sandbox's hosted payment page."""
    tx = sandbox_store.load(tx_ref) if sandbox_payments_enabled(settings) else None
    if tx is None:
        return HTMLResponse(sandbox_page.closed_page("This payment link is not valid."), status_code=404)
    if tx.status != "initiated":
        return HTMLResponse(sandbox_page.closed_page("This payment has already been processed."), status_code=409)
    return HTMLResponse(sandbox_page.payment_page(tx))


@router.post("/sandbox/pay/{tx_ref}", include_in_schema=False)
def sandbox_pay(tx_ref: str, action: Annotated[str, Form()], session: SessionDep) -> Response:
    """A button of the sandbox page: redirect back to the shop the way Flutterwave does."""
    result = sandbox.act(tx_ref, action)
    if result is None:
        return HTMLResponse(sandbox_page.closed_page("This payment link is not valid."), status_code=404)
    if result.settle_later:
        sandbox.schedule_settlement(tx_ref, _sender(session.get_bind()))
    return RedirectResponse(result.redirect_url, status_code=303)
