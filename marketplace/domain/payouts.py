"""Where an instructor's earnings go, and the seam for sending them (docs/product.md, "Earnings and payouts").

Payout details are a Nigerian bank and a NUBAN account number. Sending money goes through a
:class:`PayoutSender`: the providers' transfer APIs (Paystack's and Flutterwave's transfers) plug in there later;
nothing calls :func:`create_payout` yet, and tests drive it with a fake sender.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy import update
from sqlmodel import Session, col, select

from marketplace.db.models import EarningEntry, Payout, PayoutAccount
from marketplace.domain.errors import Conflict, DomainError
from marketplace.domain.shapes import aware
from marketplace.domain.studio_access import require_instructor
from marketplace.shapes.earnings import Bank, PayoutAccountOut, PayoutDetails

log = logging.getLogger(__name__)

# Banks instructors most often use, with the codes the providers' transfer APIs take (the CBN's three-digit
# codes for commercial banks; the providers' own codes for the mobile-money and microfinance banks).
BANKS: tuple[Bank, ...] = tuple(
    Bank(name=name, code=code)
    for name, code in (
        ("Access Bank", "044"),
        ("Ecobank Nigeria", "050"),
        ("Fidelity Bank", "070"),
        ("First Bank of Nigeria", "011"),
        ("First City Monument Bank (FCMB)", "214"),
        ("Guaranty Trust Bank (GTBank)", "058"),
        ("Keystone Bank", "082"),
        ("Kuda Microfinance Bank", "50211"),
        ("Moniepoint Microfinance Bank", "50515"),
        ("OPay", "999992"),
        ("PalmPay", "999991"),
        ("Polaris Bank", "076"),
        ("Stanbic IBTC Bank", "221"),
        ("Sterling Bank", "232"),
        ("Union Bank of Nigeria", "032"),
        ("United Bank for Africa (UBA)", "033"),
        ("Wema Bank", "035"),
        ("Zenith Bank", "057"),
    )
)
_BANK_CODES = {bank.name: bank.code for bank in BANKS}

CHOOSE_BANK = "Choose your bank from the list."
BAD_ACCOUNT_NUMBER = "Enter your 10-digit account number (NUBAN)."
BAD_ACCOUNT_NAME = "Enter the account name as your bank shows it (2 to 120 characters)."
NO_ACCOUNT = "Add your payout details first."
NOTHING_OWED = "Nothing is owed to this instructor."


def mask_account_number(number: str) -> str:
    """``******1234``: enough for its owner to recognise it, too little for anyone else to use."""
    return "******" + number[-4:]


def _account_shape(account: PayoutAccount) -> PayoutAccountOut:
    local = aware(account.updated_at)
    return PayoutAccountOut(
        bank_name=account.bank_name,
        bank_code=account.bank_code,
        account_number_masked=mask_account_number(account.account_number),
        account_name=account.account_name,
        updated_text=f"{local.day} {local.strftime('%b %Y')}",
    )


def _account(session: Session, instructor_id: int) -> PayoutAccount | None:
    return session.exec(select(PayoutAccount).where(PayoutAccount.instructor_id == instructor_id)).first()


def payout_details(session: Session, user_id: int) -> PayoutDetails:
    """The caller's saved payout details (masked; None until saved) and the banks to choose from.

    Raises:
        Forbidden: the caller is not an instructor.
    """
    instructor = require_instructor(session, user_id)
    assert instructor.id is not None
    account = _account(session, instructor.id)
    return PayoutDetails(account=_account_shape(account) if account else None, banks=list(BANKS))


def save_payout_account(
    session: Session, user_id: int, bank_name: str, account_number: str, account_name: str
) -> PayoutDetails:
    """Save (or replace) where the caller's earnings go.

    Spaces and dashes in the account number are ignored (people copy it from an app as ``0123 456 789``).

    Raises:
        Forbidden: the caller is not an instructor.
        DomainError: an unknown bank, an account number that is not ten digits, or a name too short or long;
            ``field`` names the box (bank_name, account_number, account_name).
    """
    instructor = require_instructor(session, user_id)
    assert instructor.id is not None
    bank_name = (bank_name or "").strip()
    number = re.sub(r"[\s-]", "", account_number or "")
    name = " ".join((account_name or "").split())
    if bank_name not in _BANK_CODES:
        raise DomainError(CHOOSE_BANK, field="bank_name")
    if not re.fullmatch(r"[0-9]{10}", number):
        raise DomainError(BAD_ACCOUNT_NUMBER, field="account_number")
    if not 2 <= len(name) <= 120:
        raise DomainError(BAD_ACCOUNT_NAME, field="account_name")
    account = _account(session, instructor.id) or PayoutAccount(
        instructor_id=instructor.id, bank_name="", account_number="", account_name=""
    )
    account.bank_name, account.bank_code = bank_name, _BANK_CODES[bank_name]
    account.account_number, account.account_name = number, name
    account.updated_at = datetime.now(UTC)
    session.add(account)
    session.flush()
    return PayoutDetails(account=_account_shape(account), banks=list(BANKS))


class PayoutSender(Protocol):
    """What sends money to a bank account: a provider's transfer API, or a fake in tests."""

    name: str

    def send(self, amount_kobo: int, account: PayoutAccount, reference: str) -> str:
        """Send ``amount_kobo`` to ``account``; ``reference`` is ours and the same on a retry, so a provider
        that sees it twice sends once. Returns the provider's reference; raises when nothing was sent."""
        ...


def create_payout(session: Session, instructor_id: int, sender: PayoutSender) -> Payout:
    """Pay an instructor everything owed: one Payout for all their entries not yet paid out, sent by ``sender``.

    The entries are claimed for the payout before the money moves (a concurrent payout then finds nothing owed,
    or fails to claim the same entries). If sending fails the payout is kept as ``failed`` and its entries are
    owed again. The caller commits either way. Once wired to a provider, run it as a job after commit, never
    while a person waits on a request.

    Returns:
        The payout: ``sent`` with the provider's reference, or ``failed``.

    Raises:
        DomainError: no payout details, or nothing owed.
        Conflict: another payout claimed some of the entries first.
    """
    account = _account(session, instructor_id)
    if account is None:
        raise DomainError(NO_ACCOUNT)
    owed = session.exec(
        select(EarningEntry.id, EarningEntry.net_kobo).where(
            EarningEntry.instructor_id == instructor_id, col(EarningEntry.payout_id).is_(None)
        )
    ).all()
    amount = sum(net for _, net in owed)
    if amount <= 0:
        raise DomainError(NOTHING_OWED)
    payout = Payout(instructor_id=instructor_id, amount_kobo=amount, status="pending", provider=sender.name)
    session.add(payout)
    session.flush()
    claimed = _set_payout([entry_id for entry_id, _ in owed], payout.id, only_owed=True, session=session)
    if claimed != len(owed):
        raise Conflict("Another payout took some of these earnings; nothing was sent.")
    try:
        reference = sender.send(amount, account, f"NLP-{payout.id}")
    except Exception:
        log.warning("Payout %s of %s kobo to instructor %s failed", payout.id, amount, instructor_id, exc_info=True)
        _set_payout([entry_id for entry_id, _ in owed], None, only_owed=False, session=session)
        payout.status = "failed"
        session.add(payout)
        session.flush()
        return payout
    payout.status, payout.reference, payout.sent_at = "sent", reference[:100], datetime.now(UTC)
    session.add(payout)
    session.flush()
    return payout


def _set_payout(entry_ids: list[int | None], payout_id: int | None, *, only_owed: bool, session: Session) -> int:
    statement = update(EarningEntry).where(col(EarningEntry.id).in_(entry_ids))
    if only_owed:  # the claim: only entries no other payout took meanwhile
        statement = statement.where(col(EarningEntry.payout_id).is_(None))
    result = session.execute(statement.values(payout_id=payout_id).execution_options(synchronize_session=False))
    return int(getattr(result, "rowcount", 0))
