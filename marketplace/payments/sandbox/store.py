"""The sandbox's own ledger: one JSON file per transaction under the data folder.

Files (not process memory) because production runs several workers: the page, the verify call and the
delayed bank-transfer settlement may each land in a different process. A file lock serialises changes.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from marketplace.settings import settings

# initiated: page shown, nothing paid yet; the rest mirror Flutterwave's transaction statuses.
STATUSES = ("initiated", "pending", "successful", "failed", "cancelled")
_TX_REF = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass
class SandboxTransaction:
    """What the sandbox knows about one payment."""

    tx_ref: str
    amount_kobo: int
    currency: str
    email: str
    redirect_url: str
    status: str = "initiated"
    transaction_id: str = ""


def _folder() -> Path:
    folder = settings.data_dir / "sandbox-payments"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def _locked() -> Iterator[None]:
    with open(_folder() / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _path(tx_ref: str) -> Path | None:
    # Only our own reference format reaches the file system: no "../" tricks from a URL.
    return _folder() / f"tx-{tx_ref}.json" if _TX_REF.match(tx_ref or "") else None


def _write(tx: SandboxTransaction) -> None:
    path = _path(tx.tx_ref)
    assert path is not None
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(asdict(tx)))
    os.replace(temp, path)  # atomic: a reader never sees half a file


def load(tx_ref: str) -> SandboxTransaction | None:
    """The transaction with our reference ``tx_ref``, or None."""
    path = _path(tx_ref)
    if path is None or not path.exists():
        return None
    return SandboxTransaction(**json.loads(path.read_text()))


def load_by_id(transaction_id: str) -> SandboxTransaction | None:
    """The transaction with the sandbox's id ``transaction_id``, or None (made-up ids find nothing)."""
    if not str(transaction_id).isdigit():
        return None
    index = _folder() / f"id-{transaction_id}"
    return load(index.read_text().strip()) if index.exists() else None


def create(tx: SandboxTransaction) -> None:
    """Record a new transaction (or replace one not yet acted on)."""
    with _locked():
        _write(tx)


def transition(tx_ref: str, status: str, *, only_from: tuple[str, ...] = ("initiated",)) -> SandboxTransaction | None:
    """Move a transaction to ``status`` when it is in one of ``only_from``; give it an id on first move.

    Returns the transaction as it is afterwards (unchanged when it had already moved on), or None if unknown.
    """
    with _locked():
        tx = load(tx_ref)
        if tx is None or tx.status not in only_from:
            return tx
        if not tx.transaction_id and status != "cancelled":
            tx.transaction_id = str(secrets.randbelow(9 * 10**11) + 10**11)  # 12 digits, like a real id
            (_folder() / f"id-{tx.transaction_id}").write_text(tx.tx_ref)
        tx.status = status
        _write(tx)
        return tx
