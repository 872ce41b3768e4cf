"""Local stand-ins for Flutterwave and Paystack that speak their HTTP contracts (../shared/PAYMENTS_AND_SIGNIN.md).

One tiny threaded HTTP server answers under ``/flutterwave`` (Standard v3) and ``/paystack``; the ``standin``
fixture points the settings' base URLs and keys at it, so the real adapters run unchanged over real HTTP.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import threading
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

from marketplace.money import naira_number, to_kobo
from marketplace.settings import settings

FLW_SECRET = "FLWSECK_TEST-standin-secret"
FLW_HASH = "standin-webhook-hash"
PAYSTACK_SECRET = "sk_test_standin_secret"
_ids = itertools.count(7_000_001)


class StandIn:
    """The providers' side: transactions by our reference, and a way to 'pay' them as a customer would."""

    def __init__(self) -> None:
        self.transactions: dict[str, dict] = {}
        self.requests: list[tuple[str, str, dict]] = []  # (method, path, json body) as received
        self.base = ""

    def pay(self, tx_ref: str, status: str = "successful", amount_kobo: int | None = None, currency="NGN") -> str:
        """The customer finishes the hosted checkout; returns the provider's transaction id."""
        tx = self.transactions[tx_ref]
        tx.update(id=next(_ids), status=status, currency=currency)
        if amount_kobo is not None:
            tx["amount_kobo"] = amount_kobo
        return str(tx["id"])

    def flutterwave_webhook(self, tx_ref: str, hash_value: str | None = FLW_HASH) -> tuple[dict, bytes]:
        """A charge.completed webhook for a transaction, as Flutterwave posts it."""
        tx = self.transactions[tx_ref]
        body = json.dumps(
            {
                "event": "charge.completed",
                "data": {
                    "id": tx["id"],
                    "tx_ref": tx_ref,
                    "amount": naira_number(tx["amount_kobo"]),
                    "currency": tx["currency"],
                    "status": tx["status"],
                },
            }
        ).encode()
        headers = {"content-type": "application/json"}
        if hash_value is not None:
            headers["verif-hash"] = hash_value
        return headers, body

    def paystack_webhook(self, tx_ref: str, secret: str | None = PAYSTACK_SECRET) -> tuple[dict, bytes]:
        """A charge.success webhook signed the way Paystack signs it (HMAC-SHA512 of the raw body)."""
        tx = self.transactions[tx_ref]
        body = json.dumps(
            {"event": "charge.success", "data": {"id": tx["id"], "reference": tx_ref, "amount": tx["amount_kobo"]}}
        ).encode()
        headers = {"content-type": "application/json"}
        if secret is not None:
            headers["x-paystack-signature"] = hmac.new(secret.encode(), body, hashlib.sha512).hexdigest()
        return headers, body

    # --- the HTTP side -------------------------------------------------------------------------------------
    def handle(self, method: str, path: str, query: dict, body: dict, auth: str) -> tuple[int, dict]:
        self.requests.append((method, path, body))
        if path.startswith("/flutterwave/"):
            if auth != f"Bearer {FLW_SECRET}":
                return 401, {"status": "error", "message": "Invalid authorization key", "data": None}
            return self._flutterwave(method, path.removeprefix("/flutterwave"), query, body)
        if path.startswith("/paystack/"):
            if auth != f"Bearer {PAYSTACK_SECRET}":
                return 401, {"status": False, "message": "Invalid key"}
            return self._paystack(method, path.removeprefix("/paystack"), body)
        return 404, {"message": "no such route"}

    def _flutterwave(self, method: str, path: str, query: dict, body: dict) -> tuple[int, dict]:
        if method == "POST" and path == "/v3/payments":
            amount_kobo = to_kobo(Decimal(str(body["amount"])))
            self.transactions[body["tx_ref"]] = {
                "provider": "flutterwave", "id": None, "status": "initiated", "amount_kobo": amount_kobo,
                "currency": body["currency"], "redirect_url": body["redirect_url"],
            }  # fmt: skip
            link = f"{self.base}/flutterwave/hosted/{body['tx_ref']}"
            return 200, {"status": "success", "message": "Hosted Link", "data": {"link": link}}
        tx = None
        if method == "GET" and path == "/v3/transactions/verify_by_reference":
            tx = self.transactions.get(query.get("tx_ref", [""])[0])
        elif method == "GET" and path.startswith("/v3/transactions/") and path.endswith("/verify"):
            wanted = path.split("/")[3]
            tx = next((t for t in self.transactions.values() if str(t["id"]) == wanted), None)
        if tx is None or tx["id"] is None or tx["provider"] != "flutterwave":
            return 404, {"status": "error", "message": "No transaction was found for this id", "data": None}
        tx_ref = next(ref for ref, t in self.transactions.items() if t is tx)
        data = {
            "id": tx["id"], "tx_ref": tx_ref, "flw_ref": f"FLW-{tx['id']}", "amount": naira_number(tx["amount_kobo"]),
            "charged_amount": naira_number(tx["amount_kobo"]), "currency": tx["currency"], "status": tx["status"],
        }  # fmt: skip
        return 200, {"status": "success", "message": "Transaction fetched successfully", "data": data}

    def _paystack(self, method: str, path: str, body: dict) -> tuple[int, dict]:
        if method == "POST" and path == "/transaction/initialize":
            if not isinstance(body.get("amount"), int):
                return 400, {"status": False, "message": "Invalid Amount Sent"}
            self.transactions[body["reference"]] = {
                "provider": "paystack", "id": None, "status": "initiated", "amount_kobo": body["amount"],
                "currency": body["currency"], "redirect_url": body["callback_url"],
            }  # fmt: skip
            url = f"{self.base}/paystack/checkout/{body['reference']}"
            data = {"authorization_url": url, "access_code": "ac_standin", "reference": body["reference"]}
            return 200, {"status": True, "message": "Authorization URL created", "data": data}
        if method == "GET" and path.startswith("/transaction/verify/"):
            reference = path.removeprefix("/transaction/verify/")
            tx = self.transactions.get(reference)
            if tx is None or tx["id"] is None or tx["provider"] != "paystack":
                return 400, {"status": False, "message": "Transaction reference not found"}
            status = {"successful": "success"}.get(tx["status"], tx["status"])
            data = {"id": tx["id"], "status": status, "reference": reference, "amount": tx["amount_kobo"],
                    "currency": tx["currency"]}  # fmt: skip
            return 200, {"status": True, "message": "Verification successful", "data": data}
        return 404, {"status": False, "message": "no such route"}


def _handler(standin: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _answer(self, method: str) -> None:
            url = urlparse(self.path)
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}") if length else {}
            status, answer = standin.handle(
                method, url.path, parse_qs(url.query), body, self.headers.get("authorization", "")
            )
            raw = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_GET(self):
            self._answer("GET")

        def do_POST(self):
            self._answer("POST")

        def log_message(self, *_args):  # keep test output quiet
            pass

    return Handler


@pytest.fixture
def standin(monkeypatch):
    """Flutterwave and Paystack stand-ins on a local port, with settings pointed at them."""
    provider = StandIn()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(provider))
    provider.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    monkeypatch.setattr(settings, "flutterwave_base_url", f"{provider.base}/flutterwave")
    monkeypatch.setattr(settings, "flutterwave_secret_key", FLW_SECRET)
    monkeypatch.setattr(settings, "flutterwave_webhook_hash", FLW_HASH)
    monkeypatch.setattr(settings, "paystack_base_url", f"{provider.base}/paystack")
    monkeypatch.setattr(settings, "paystack_secret_key", PAYSTACK_SECRET)
    yield provider
    server.shutdown()
    server.server_close()
