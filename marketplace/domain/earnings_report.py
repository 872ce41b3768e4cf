"""What the earnings ledger says to an instructor: totals by month (Lagos time), what is owed, each course, each
sale, and the same sales as CSV (docs/product.md, "Earnings and payouts").

Every figure is a sum of ledger entries in kobo, never recomputed from prices, so the page, the API and the CSV
agree with the ledger to the kobo. Each query names the caller's instructor id: nobody reads another's sales.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course, EarningEntry, User
from marketplace.domain.shapes import aware
from marketplace.domain.studio_access import require_instructor
from marketplace.money import format_naira, to_naira
from marketplace.settings import settings
from marketplace.shapes.base import clamp_page, naira, page_count
from marketplace.shapes.earnings import CourseEarnings, EarningsSummary, EarningsTotals, Sale, SalesPage

T = TypeVar("T", bound=EarningsTotals)
PER_PAGE = 20
CSV_COLUMNS = ("Date", "Course", "Learner", "Price paid (NGN)", "Fee (NGN)", "Net (NGN)")
# A cell a spreadsheet would run as a formula; learners choose their own names.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _lagos() -> tzinfo:
    """Nigeria's time zone; a fixed UTC+1 where the system has no zone database (Nigeria keeps no summer time)."""
    try:
        return ZoneInfo("Africa/Lagos")
    except ZoneInfoNotFoundError:
        return timezone(timedelta(hours=1), "WAT")


LAGOS = _lagos()


def month_starts(now: datetime) -> tuple[datetime, datetime]:
    """The first instants (in UTC) of this month and of last month, where months begin at midnight in Lagos."""
    local = now.astimezone(LAGOS)
    this_month = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    last_month = (this_month - timedelta(days=1)).replace(day=1)
    return this_month.astimezone(UTC), last_month.astimezone(UTC)


def _local(moment: datetime) -> datetime:
    return aware(moment).astimezone(LAGOS)


def _totals(session: Session, instructor_id: int, label: str, *where: ColumnElement[bool]) -> EarningsTotals:
    row = session.exec(
        select(
            func.count(col(EarningEntry.id)),
            func.coalesce(func.sum(EarningEntry.paid_kobo), 0),
            func.coalesce(func.sum(EarningEntry.fee_kobo), 0),
            func.coalesce(func.sum(EarningEntry.net_kobo), 0),
        ).where(EarningEntry.instructor_id == instructor_id, *where)
    ).one()
    return _amounts(EarningsTotals, label, *row)


def _amounts(kind: type[T], label: str, sales: int, paid: int, fee: int, net: int, **extra: Any) -> T:
    paid, fee, net = int(paid), int(fee), int(net)
    return kind(
        label=label,
        sales=int(sales),
        paid=naira(paid),
        fee=naira(fee),
        net=naira(net),
        paid_text=format_naira(paid),
        fee_text=format_naira(fee),
        net_text=format_naira(net),
        **extra,
    )


def _per_course(session: Session, instructor_id: int) -> list[CourseEarnings]:
    rows = session.execute(
        sql_select(
            col(Course.id),
            col(Course.title),
            func.count(col(EarningEntry.id)),
            func.sum(EarningEntry.paid_kobo),
            func.sum(EarningEntry.fee_kobo),
            func.sum(EarningEntry.net_kobo),
        )
        .join(Course, col(Course.id) == EarningEntry.course_id)
        .where(col(EarningEntry.instructor_id) == instructor_id)
        .group_by(col(Course.id), col(Course.title))
        .order_by(func.sum(EarningEntry.net_kobo).desc(), col(Course.id))
    ).all()
    return [
        _amounts(CourseEarnings, "", sales, paid, fee, net, course_id=course_id, title=title)
        for course_id, title, sales, paid, fee, net in rows
    ]


def earnings_summary(session: Session, user_id: int, now: datetime | None = None) -> EarningsSummary:
    """The caller's totals this month, last month and all time, what is owed to them and each course's sales.

    Raises:
        Forbidden: the caller is not an instructor.
    """
    instructor_id = require_instructor(session, user_id).id
    assert instructor_id is not None
    this_start, last_start = month_starts(now or datetime.now(UTC))
    created = col(EarningEntry.created_at)
    owed = _totals(session, instructor_id, "Owed", col(EarningEntry.payout_id).is_(None))
    return EarningsSummary(
        this_month=_totals(session, instructor_id, _local(this_start).strftime("%B %Y"), created >= this_start),
        last_month=_totals(
            session, instructor_id, _local(last_start).strftime("%B %Y"), created >= last_start, created < this_start
        ),
        all_time=_totals(session, instructor_id, "All time"),
        owed=owed.net,
        owed_text=owed.net_text,
        owed_sales=owed.sales,
        fee_percent=settings.platform_fee_percent,
        courses=_per_course(session, instructor_id),
    )


def _sales_query(instructor_id: int) -> Any:
    return (
        select(EarningEntry, Course.title, User.first_name)
        .join(Course, col(Course.id) == EarningEntry.course_id)
        .join(User, col(User.id) == EarningEntry.buyer_user_id)
        .where(EarningEntry.instructor_id == instructor_id)
        .order_by(col(EarningEntry.created_at).desc(), col(EarningEntry.id).desc())
    )


def _sale(entry: EarningEntry, title: str, first_name: str) -> Sale:
    local = _local(entry.created_at)
    return Sale(
        id=entry.id or 0,
        sold_at=local.astimezone(UTC).isoformat(),
        date_text=f"{local.day} {local.strftime('%b %Y, %H:%M')}",
        course_id=entry.course_id,
        course_title=title,
        learner=first_name,
        list_price=naira(entry.list_price_kobo),
        paid=naira(entry.paid_kobo),
        fee=naira(entry.fee_kobo),
        net=naira(entry.net_kobo),
        list_price_text=format_naira(entry.list_price_kobo),
        paid_text=format_naira(entry.paid_kobo),
        fee_text=format_naira(entry.fee_kobo),
        net_text=format_naira(entry.net_kobo),
        paid_out=entry.payout_id is not None,
    )


def earnings_sales(session: Session, user_id: int, page: int = 1, per_page: int = PER_PAGE) -> SalesPage:
    """One page of the caller's sales, newest first; past the last page, the last.

    Raises:
        Forbidden: the caller is not an instructor.
    """
    instructor_id = require_instructor(session, user_id).id
    total = session.exec(
        select(func.count(col(EarningEntry.id))).where(EarningEntry.instructor_id == instructor_id)
    ).one()
    pages = page_count(total, per_page)
    page = clamp_page(page, pages)
    assert instructor_id is not None
    rows = session.exec(_sales_query(instructor_id).offset(SalesPage.offset(page, per_page)).limit(per_page)).all()
    return SalesPage.of([_sale(*row) for row in rows], total=total, page=page, per_page=per_page)


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _naira_text(kobo: int) -> str:
    return f"{to_naira(kobo):.2f}"


def earnings_csv_lines(session: Session, user_id: int) -> Iterator[str]:
    """The caller's sales as CSV lines (a header first), newest first, amounts in naira with two decimals.

    The rows are read here, at once; the lines are written as they are asked for (the route streams them after
    its session has ended).

    Raises:
        Forbidden: the caller is not an instructor (before any line).
    """
    instructor_id = require_instructor(session, user_id).id
    assert instructor_id is not None
    rows = [
        (
            _local(entry.created_at).strftime("%Y-%m-%d %H:%M"),
            _cell(title),
            _cell(first_name),
            _naira_text(entry.paid_kobo),
            _naira_text(entry.fee_kobo),
            _naira_text(entry.net_kobo),
        )
        for entry, title, first_name in session.exec(_sales_query(instructor_id)).all()
    ]
    return _csv_lines(rows)


def _csv_lines(rows: Sequence[Sequence[str]]) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for values in (CSV_COLUMNS, *rows):
        writer.writerow(values)
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def earnings_csv(session: Session, user_id: int) -> str:
    """The caller's sales as one CSV text (see :func:`earnings_csv_lines`)."""
    return "".join(earnings_csv_lines(session, user_id))


def csv_filename(now: datetime | None = None) -> str:
    """The download's name: ``naija-learn-earnings-2026-11-25.csv`` (today in Lagos)."""
    return f"naija-learn-earnings-{(now or datetime.now(UTC)).astimezone(LAGOS):%Y-%m-%d}.csv"
