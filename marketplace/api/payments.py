"""API routes: starting payments, the return check, webhooks, orders and the sandbox's hosted page."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep, writes
from marketplace.domain import checkout, orders
from marketplace.payments.sandbox import page as sandbox_page
from marketplace.payments.sandbox import provider as sandbox
from marketplace.payments.sandbox import store as sandbox_store
from marketplace.settings import sandbox_payments_enabled, settings
from marketplace.shapes.commerce import CheckoutStart, PaymentCheck, WebhookReceipt
from marketplace.shapes.commerce import Order as OrderShape

log = logging.getLogger(__name__)

router = APIRouter(tags=["payments"], route_class=CommitOnReturnRoute)


class PaymentRequest(BaseModel):
    """docs/product.md's payment request: course ids, the total the browser showed (naira), billing details, and the
    discount code the learner applied (optional; the server checks it again and prices with it)."""

    courses: list[int | str] = Field(default_factory=list, max_length=500)  # a bound on one order's SQL parameters
    totalAmount: Decimal
    email: str = ""
    country: str = ""
    state: str = ""
    couponCode: str | None = Field(default=None, max_length=100)


@router.post("/{provider}/initiate")
def initiate(provider: str, body: PaymentRequest, session: SessionDep, user: CurrentUser) -> CheckoutStart:
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
    return checkout.started_shape(started)


@router.get("/payments/verify")
@writes
def verify_return(request: Request, session: SessionDep, user: CurrentUser) -> PaymentCheck:
    """The /checkout return page's check: ``{status: paid|failed|pending, order}`` from the provider's answer."""
    params = dict(request.query_params)
    outcome = checkout.handle_return(session, user=user, provider=params.get("provider"), params=params)
    return checkout.payment_check(session, outcome)


@router.get("/orders/{tx_ref}")
def get_order(tx_ref: str, session: SessionDep, user: CurrentUser) -> OrderShape:
    """One of the caller's orders, with its lines."""
    return orders.order_shape(session, orders.get_order(session, tx_ref=tx_ref, user_id=orders.row_id(user.id)))


async def raw_body(request: Request) -> bytes:
    """The request's exact bytes (a webhook's signature covers them), read before any parsing."""
    return await request.body()


@router.post("/webhooks/{provider}")
def webhook(
    provider: str, request: Request, body: Annotated[bytes, Depends(raw_body)], session: SessionDep
) -> WebhookReceipt:
    """A provider's webhook (flutterwave, paystack, sandbox): 401 on a bad signature, else 200 at once.

    The event is stored as a job in this request's transaction (committed before the answer); re-verifying
    it with the provider and enrolling the buyer run after that, in the job worker.
    """
    queued = checkout.receive_webhook(session, provider=provider, headers=dict(request.headers), raw_body=body)
    return WebhookReceipt(queued=queued)


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
        sandbox.schedule_settlement(session, tx_ref)
    return RedirectResponse(result.redirect_url, status_code=303)
