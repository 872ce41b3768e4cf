"""The sandbox gateway: it answers like Flutterwave Standard, from its own ledger.

A card payment succeeds at once, Decline fails, Cancel cancels, and a bank transfer stays pending until a
job "delivers" a signed ``charge.completed`` webhook through the same handler real webhooks use.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from sqlmodel import Session

from marketplace.db.models import Order
from marketplace.jobs.queue import enqueue
from marketplace.money import naira_number
from marketplace.payments.base import (
    Customer,
    InvalidSignature,
    ProviderError,
    Verification,
    VerificationStatus,
    WebhookEvent,
    header,
    load_json,
)
from marketplace.payments.sandbox import store
from marketplace.settings import sandbox_payments_enabled, settings

log = logging.getLogger(__name__)

PAY_PATH = "/api/sandbox/pay/"
ACTIONS = {"card": "successful", "transfer": "pending", "decline": "failed", "cancel": "cancelled"}
SETTLE_JOB = "payments.sandbox_settle"


def webhook_hash() -> str:
    """The sandbox's webhook secret, derived from the app secret so nobody has to configure it."""
    return hmac.new(settings.secret_key.encode(), b"sandbox-webhook", hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class PageAction:
    """Where the browser goes after a button on the sandbox page, and whether a transfer awaits settlement."""

    redirect_url: str
    settle_later: bool


class SandboxProvider:
    """Our hosted payment page behind the neutral :class:`~marketplace.payments.base.PaymentProvider` interface."""

    name = "sandbox"

    def initiate(self, order: Order, customer: Customer, redirect_url: str) -> str:
        """Open a sandbox transaction and return the link to our own payment page."""
        if not sandbox_payments_enabled(settings):
            raise ProviderError("The sandbox takes no payments here.")
        store.create(
            store.SandboxTransaction(
                tx_ref=order.tx_ref,
                amount_kobo=order.total_kobo,
                currency=order.currency,
                email=customer.email,
                redirect_url=redirect_url,
            )
        )
        return f"{settings.public_url.rstrip('/')}{PAY_PATH}{order.tx_ref}"

    def verify(self, transaction_id: str | None = None, *, tx_ref: str | None = None) -> Verification:
        """What the ledger holds; a made-up id, or a payment never attempted, is not found.

        Once the sandbox is not the active provider (or in production), nothing it holds proves a payment.
        """
        if not sandbox_payments_enabled(settings):
            return Verification(status="not_found")
        tx = store.load_by_id(transaction_id) if transaction_id else store.load(tx_ref or "")
        if tx is None or tx.status == "initiated":
            return Verification(status="not_found")
        status: VerificationStatus = tx.status  # type: ignore[assignment]  # the ledger uses the same words
        return Verification(
            status=status,
            tx_ref=tx.tx_ref,
            amount_kobo=tx.amount_kobo,
            currency=tx.currency,
            transaction_id=tx.transaction_id,
        )

    def parse_webhook(self, headers: Mapping[str, str], raw_body: bytes) -> WebhookEvent:
        """Like Flutterwave: ``verif-hash`` must equal the secret hash (constant-time comparison)."""
        if not sandbox_payments_enabled(settings):
            raise InvalidSignature("The sandbox is not taking payments.")
        given = header(headers, "verif-hash")
        if not given or not hmac.compare_digest(given.encode(), webhook_hash().encode()):
            raise InvalidSignature("Invalid webhook signature.")
        body = load_json(raw_body)
        data = body.get("data") or {}
        event = str(body.get("event") or "")
        return WebhookEvent(
            event=event,
            tx_ref=str(data.get("tx_ref") or ""),
            transaction_id=str(data.get("id") or ""),
            is_charge=event == "charge.completed",
        )


def act(tx_ref: str, action: str) -> PageAction | None:
    """Apply a button of the payment page. Pressing again later changes nothing and redirects the same way.

    Returns None for an unknown transaction or action.
    """
    if action not in ACTIONS or not sandbox_payments_enabled(settings):
        return None
    tx = store.transition(tx_ref, ACTIONS[action])
    if tx is None:
        return None
    # The status the provider reports on redirect: a transfer in flight is "pending", as Flutterwave says it.
    params = {"status": tx.status, "tx_ref": tx.tx_ref}
    if tx.transaction_id:
        params["transaction_id"] = tx.transaction_id
    separator = "&" if "?" in tx.redirect_url else "?"
    return PageAction(f"{tx.redirect_url}{separator}{urlencode(params)}", settle_later=tx.status == "pending")


def settle_transfer(tx_ref: str) -> tuple[dict[str, str], bytes] | None:
    """Mark a pending transfer successful and build its signed webhook (headers, raw body)."""
    tx = store.transition(tx_ref, "successful", only_from=("pending",))
    if tx is None or tx.status != "successful":
        return None
    body = {
        "event": "charge.completed",
        "data": {
            "id": int(tx.transaction_id),
            "tx_ref": tx.tx_ref,
            "amount": naira_number(tx.amount_kobo),
            "currency": tx.currency,
            "status": "successful",
            "payment_type": "bank_transfer",
            "customer": {"email": tx.email},
        },
    }
    return {"verif-hash": webhook_hash(), "content-type": "application/json"}, json.dumps(body).encode()


def schedule_settlement(session: Session, tx_ref: str, delay: float | None = None) -> None:
    """Queue the transfer's settlement: after ``delay`` seconds (settings.sandbox_transfer_delay) a job marks
    it successful and delivers its signed webhook through the path real webhooks take.

    A job, not a timer, so a restart in between does not lose the payment (the job runs after the restart).
    """
    wait = settings.sandbox_transfer_delay if delay is None else delay
    enqueue(session, SETTLE_JOB, {"tx_ref": tx_ref}, key=f"sandbox-settle:{tx_ref}", delay_seconds=wait)
