"""The only module that talks to Paystack's HTTP API. Paystack counts in kobo, like our database."""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
from collections.abc import Mapping
from typing import Any

import httpx

from marketplace.db.models import Order
from marketplace.payments.base import (
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

CHANNELS = ["card", "bank", "ussd", "bank_transfer"]
_REFERENCE = re.compile(r"^[A-Za-z0-9._=-]{1,100}$")
_STATUSES: dict[str, VerificationStatus] = {
    "success": "successful",
    "ongoing": "pending",
    "pending": "pending",
    "processing": "pending",
    "queued": "pending",
    "abandoned": "cancelled",
    "failed": "failed",
    "reversed": "failed",
}


class PaystackProvider:
    """Paystack behind the neutral :class:`~marketplace.payments.base.PaymentProvider` interface."""

    name = "paystack"

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self._transport = transport

    def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return call_provider(
            name="Paystack",
            base_url=settings.paystack_base_url,
            secret_key=settings.paystack_secret_key,
            transport=self._transport,
            method=method,
            path=path,
            **kwargs,
        )

    def initiate(self, order: Order, customer: Customer, redirect_url: str) -> str:
        """POST /transaction/initialize (amount in kobo) and return ``data.authorization_url``."""
        payload = {
            "email": customer.email,
            "amount": order.total_kobo,
            "currency": order.currency,
            "reference": order.tx_ref,
            "callback_url": redirect_url,
            "metadata": {"order_id": order.id, "customer_name": customer.name},
            "channels": CHANNELS,
        }
        response = self._call("POST", "/transaction/initialize", json=payload)
        body = _json(response)
        link = (body.get("data") or {}).get("authorization_url") if body.get("status") is True else None
        if not link:
            log.warning("Paystack refused order %s: %s", order.tx_ref, body.get("message"))
            raise ProviderError(body.get("message") or "Payment initiation failed: No payment link received.")
        return str(link)

    def verify(self, transaction_id: str | None = None, *, tx_ref: str | None = None) -> Verification:
        """GET /transaction/verify/{reference}. Paystack verifies by our reference, so ``tx_ref`` comes first."""
        reference = tx_ref or transaction_id or ""
        if not _REFERENCE.match(reference):
            return Verification(status="not_found")
        response = self._call("GET", f"/transaction/verify/{reference}")
        if response.status_code in (400, 404):
            return Verification(status="not_found")
        body = _json(response)
        data = body.get("data") or {}
        if body.get("status") is not True or not data:
            return Verification(status="not_found")
        amount = data.get("amount")
        return Verification(
            status=_STATUSES.get(str(data.get("status", "")).lower(), "failed"),
            tx_ref=str(data.get("reference") or ""),
            amount_kobo=amount if isinstance(amount, int) else 0,
            currency=str(data.get("currency") or ""),
            transaction_id=str(data.get("id") or ""),
        )

    def parse_webhook(self, headers: Mapping[str, str], raw_body: bytes) -> WebhookEvent:
        """Check ``x-paystack-signature`` (hex HMAC-SHA512 of the raw body, keyed with the secret key), then parse."""
        secret = settings.paystack_secret_key
        given = header(headers, "x-paystack-signature")
        expected = hmac.new(secret.encode(), raw_body, hashlib.sha512).hexdigest()
        if not secret or not given or not hmac.compare_digest(given.lower().encode(), expected.encode()):
            raise InvalidSignature("Invalid webhook signature.")
        body = load_json(raw_body)
        data = body.get("data") or {}
        event = str(body.get("event") or "")
        return WebhookEvent(
            event=event,
            tx_ref=str(data.get("reference") or ""),
            transaction_id=str(data.get("id") or ""),
            is_charge=event == "charge.success",
        )


def _json(response: httpx.Response) -> dict[str, Any]:
    if response.status_code >= 500:
        raise ProviderError("The payment provider is unavailable. Please try again.")
    try:
        body = response.json()
    except ValueError as exc:
        raise ProviderError(f"The payment provider answered {response.status_code} without JSON.") from exc
    return body if isinstance(body, dict) else {}
