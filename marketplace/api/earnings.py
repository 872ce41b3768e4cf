"""API routes: an instructor's earnings, their sales (also as CSV) and their payout details.

Every route asks who is calling: a guest gets 401, a learner 403, and an instructor only ever their own figures
(the domain reads by the caller's instructor id, never by an id in the request).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain import earnings_report, payouts
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.earnings import EarningsSummary, PayoutAccountIn, PayoutDetails, SalesPage

router = APIRouter(tags=["studio earnings"], route_class=CommitOnReturnRoute)


def _user_id(user: CurrentUser) -> int:
    assert user.id is not None
    return user.id


@router.get("/studio/earnings")
def earnings_summary(session: SessionDep, user: CurrentUser) -> EarningsSummary:
    """Totals this month, last month (Lagos time) and all time; what is owed; each course's sales."""
    return earnings_report.earnings_summary(session, _user_id(user))


@router.get("/studio/earnings/sales")
def earnings_sales(
    session: SessionDep, user: CurrentUser, page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1
) -> SalesPage:
    """The caller's sales, newest first, 20 a page: date, course, learner's first name, paid, fee, net."""
    return earnings_report.earnings_sales(session, _user_id(user), page)


@router.get(
    "/studio/earnings.csv",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/csv": {}}, "description": "Every sale as CSV, amounts in naira"}},
)
def earnings_csv(session: SessionDep, user: CurrentUser) -> StreamingResponse:
    """Every sale of the caller as a CSV download (the sales table's columns; naira with two decimals)."""
    lines = earnings_report.earnings_csv_lines(session, _user_id(user))  # refuses before any byte is sent
    return StreamingResponse(
        lines,
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{earnings_report.csv_filename()}"',
            "Cache-Control": "private, no-store",
        },
    )


@router.get("/studio/payout-account")
def payout_account(session: SessionDep, user: CurrentUser) -> PayoutDetails:
    """The caller's payout details (account number masked; null until saved) and the banks to choose from."""
    return payouts.payout_details(session, _user_id(user))


@router.put("/studio/payout-account")
def save_payout_account(session: SessionDep, user: CurrentUser, body: PayoutAccountIn) -> PayoutDetails:
    """Save where the caller's earnings go: a bank from the list, a 10-digit NUBAN and the account's name."""
    return payouts.save_payout_account(session, _user_id(user), body.bank_name, body.account_number, body.account_name)
