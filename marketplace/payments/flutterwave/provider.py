"""The only module that talks to Flutterwave's HTTP API (Standard v3).

Amounts cross this boundary in naira (Flutterwave's major units) and come back into kobo here.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

import httpx

from marketplace.db.models import Order
from marketplace.money import naira_number, paid_kobo
from marketplace.payments.base import (
    HOSTED_PAYMENT_OPTIONS,
    Customer,
    InvalidSignature,
    ProviderError,
    Verification,
    VerificationStatus,
    WebhookEvent,
    call_provider,
    header,
    load_json,
)
from marketplace.settings import settings

log = logging.getLogger(__name__)

_STATUSES: dict[str, VerificationStatus] = {
    "successful": "successful",
    "pending": "pending",
    "failed": "failed",
    "cancelled": "cancelled",
}


class FlutterwaveProvider:
    """Flutterwave Standard behind the neutral :class:`~marketplace.payments.base.PaymentProvider` interface."""

    name = "flutterwave"

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self._transport = transport

    def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return call_provider(
            name="Flutterwave",
            base_url=settings.flutterwave_base_url,
            secret_key=settings.flutterwave_secret_key,
            transport=self._transport,
            method=method,
            path=path,
            **kwargs,
        )

    def initiate(self, order: Order, customer: Customer, redirect_url: str) -> str:
        """POST /v3/payments and return ``data.link``."""
        payload = {
            "tx_ref": order.tx_ref,
            "amount": naira_number(order.total_kobo),
            "currency": order.currency,
            "redirect_url": redirect_url,
            "customer": {"email": customer.email, "name": customer.name, "phonenumber": ""},
            "customizations": {"title": "Naija Learn", "description": f"Order {order.tx_ref}"},
            "meta": {"order_id": order.id},
            "payment_options": HOSTED_PAYMENT_OPTIONS,
        }
        response = self._call("POST", "/v3/payments", json=payload)
        body = _json(response)
        link = (body.get("data") or {}).get("link") if body.get("status") == "success" else None
        if not link:
            log.warning("Flutterwave refused order %s: %s", order.tx_ref, body.get("message"))
            raise ProviderError(body.get("message") or "Payment initiation failed: No payment link received.")
        return str(link)

    def verify(self, transaction_id: str | None = None, *, tx_ref: str | None = None) -> Verification:
        """GET /v3/transactions/{id}/verify, or verify_by_reference when only our reference is known."""
        if transaction_id:
            if not str(transaction_id).isdigit():  # Flutterwave ids are numbers; anything else is made up
                return Verification(status="not_found")
            response = self._call("GET", f"/v3/transactions/{transaction_id}/verify")
        elif tx_ref:
            response = self._call("GET", "/v3/transactions/verify_by_reference", params={"tx_ref": tx_ref})
        else:
            return Verification(status="not_found")
        if response.status_code in (400, 404):
            return Verification(status="not_found")
        body = _json(response)
        data = body.get("data") or {}
        if body.get("status") != "success" or not data:
            return Verification(status="not_found")
        return Verification(
            status=_STATUSES.get(str(data.get("status", "")).lower(), "failed"),
            tx_ref=str(data.get("tx_ref") or ""),
            amount_kobo=_kobo(data.get("amount")),
            currency=str(data.get("currency") or ""),
            transaction_id=str(data.get("id") or ""),
        )

    def parse_webhook(self, headers: Mapping[str, str], raw_body: bytes) -> WebhookEvent:
        """Check ``verif-hash`` against the dashboard's secret hash (constant time), then parse."""
        expected = settings.flutterwave_webhook_hash
        given = header(headers, "verif-hash")
        if not expected or not given or not hmac.compare_digest(given.encode(), expected.encode()):
            raise InvalidSignature("Invalid webhook signature.")
        body = load_json(raw_body)
        data = body.get("data") or {}
        event = str(body.get("event") or body.get("event.type") or "")
        return WebhookEvent(
            event=event,
            tx_ref=str(data.get("tx_ref") or data.get("txRef") or ""),
            transaction_id=str(data.get("id") or ""),
            is_charge=event == "charge.completed",
        )


def _json(response: httpx.Response) -> dict[str, Any]:
    if response.status_code >= 500:
        raise ProviderError("The payment provider is unavailable. Please try again.")
    try:
        body = response.json()
    except ValueError as exc:
        raise ProviderError(f"The payment provider answered {response.status_code} without JSON.") from exc
    return body if isinstance(body, dict) else {}


def _kobo(amount: object) -> int:
    """Flutterwave's paid naira amount (a JSON number) as whole kobo, read through its text so it stays exact."""
    try:
        return paid_kobo(Decimal(str(amount)))
    except (InvalidOperation, ValueError):
        return 0
