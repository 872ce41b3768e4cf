"""The provider-neutral payment interface: what every gateway package implements.

Payments never import the business layer: the domain asks a provider for a checkout link, a verification or a
parsed webhook, and decides what to do with the answer itself.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import httpx

from marketplace.db.models import Order
from marketplace.settings import settings

log = logging.getLogger(__name__)

# What a provider says about one transaction, in our words.
VerificationStatus = Literal["successful", "pending", "failed", "cancelled", "not_found"]

HOSTED_PAYMENT_OPTIONS = "card, banktransfer, ussd, mobilemoney"


class ProviderError(Exception):
    """The provider could not be reached or refused the request (nothing was charged by us)."""


class InvalidSignature(Exception):
    """A webhook's signature header is missing or wrong: the request did not come from the provider."""


@dataclass(frozen=True)
class Customer:
    """Who pays: what the hosted checkout pre-fills."""

    email: str
    name: str


@dataclass(frozen=True)
class Verification:
    """The provider's own answer about a transaction (never the browser's word).

    ``amount_kobo`` is what the provider says was paid, converted from its units at the boundary.
    """

    status: VerificationStatus
    tx_ref: str = ""
    amount_kobo: int = 0
    currency: str = ""
    transaction_id: str = ""


@dataclass(frozen=True)
class WebhookEvent:
    """A webhook whose signature checked out. Its contents are still only a hint: re-verify before acting."""

    event: str
    tx_ref: str
    transaction_id: str
    is_charge: bool


class PaymentProvider(Protocol):
    """A payment gateway behind the one interface the domain uses."""

    name: str

    def initiate(self, order: Order, customer: Customer, redirect_url: str) -> str:
        """Ask for a hosted checkout page for ``order``; return its link. Raises ProviderError."""
        ...

    def verify(self, transaction_id: str | None = None, *, tx_ref: str | None = None) -> Verification:
        """Ask the provider about a transaction by its id or by our reference. Raises ProviderError."""
        ...

    def parse_webhook(self, headers: Mapping[str, str], raw_body: bytes) -> WebhookEvent:
        """Check the signature on the raw bytes, then parse. Raises InvalidSignature or ProviderError."""
        ...


def header(headers: Mapping[str, str], name: str) -> str:
    """A header's value looked up without regard to case ("" when absent)."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return ""


def load_json(raw_body: bytes) -> dict[str, Any]:
    """The JSON object of a webhook body; ProviderError when it is not one."""
    try:
        body = json.loads(raw_body)
    except ValueError as exc:
        raise ProviderError("Webhook body is not JSON.") from exc
    if not isinstance(body, dict):
        raise ProviderError("Webhook body is not a JSON object.")
    return body


def call_provider(
    *,
    name: str,
    base_url: str,
    secret_key: str,
    transport: httpx.BaseTransport | None,
    method: str,
    path: str,
    **kwargs: Any,
) -> httpx.Response:
    """One request to a provider's API with its secret key as the bearer; ProviderError when it cannot be reached.

    The only place our servers talk to a payment provider over HTTP (tests pass a local ``transport``).
    """
    try:
        with httpx.Client(
            base_url=base_url,
            headers={"Authorization": f"Bearer {secret_key}"},
            timeout=settings.payment_timeout_seconds,
            transport=transport,
        ) as client:
            return client.request(method, path, **kwargs)
    except httpx.HTTPError as exc:
        log.warning("%s %s %s failed: %s", name, method, path, exc)
        raise ProviderError("The payment provider could not be reached.") from exc
