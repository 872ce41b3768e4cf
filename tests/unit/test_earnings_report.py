"""What the ledger tells an instructor: months in Lagos time, what is owed, each course, each sale, the CSV; and
payout details with the seam that will send the money (docs/product.md, "Earnings and payouts")."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import EarningEntry, Payout, PayoutAccount
from marketplace.domain import earnings_report, payouts
from marketplace.domain.earnings_report import earnings_csv, earnings_sales, earnings_summary, month_starts
from marketplace.domain.errors import Conflict, DomainError, Forbidden
from tests.factories import make_course, make_instructor, make_user
from tests.unit.test_earnings import record_sale

NOW = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)


def _user_id(instructor) -> int:
    return instructor.user_id


def test_months_begin_at_midnight_in_lagos():
    this_month, last_month = month_starts(NOW)
    assert this_month == datetime(2026, 10, 31, 23, 0, tzinfo=UTC)  # 1 Nov 00:00 WAT (UTC+1)
    assert last_month == datetime(2026, 9, 30, 23, 0, tzinfo=UTC)
    # Just after midnight in Lagos on 1 January is already the new month there, though not yet in UTC.
    assert month_starts(datetime(2026, 12, 31, 23, 30, tzinfo=UTC)) == (
        datetime(2026, 12, 31, 23, 0, tzinfo=UTC),
        datetime(2026, 11, 30, 23, 0, tzinfo=UTC),
    )


def test_the_summary_counts_each_sale_in_its_lagos_month(session):
    teacher = make_instructor(session)
    python, excel = make_course(session, instructor=teacher), make_course(session, instructor=teacher)
    buyer = make_user(session, first_name="Ngozi")
    record_sale(session, python, buyer, datetime(2026, 10, 31, 23, 30, tzinfo=UTC), 1_000_000)  # 1 Nov in Lagos
    record_sale(session, excel, buyer, datetime(2026, 10, 31, 22, 59, tzinfo=UTC), 500_001)  # 31 Oct in Lagos
    record_sale(session, python, make_user(session), datetime(2026, 10, 1, 9, 0, tzinfo=UTC), 200_000)
    record_sale(session, python, buyer, datetime(2026, 9, 30, 22, 0, tzinfo=UTC), 300_000)  # 30 Sep in Lagos
    record_sale(session, make_course(session), buyer, NOW, 9_999_999)  # another instructor's sale
    summary = earnings_summary(session, _user_id(teacher), now=NOW)
    month, last, ever = summary.this_month, summary.last_month, summary.all_time
    assert (month.label, month.sales, month.paid_text, month.fee_text, month.net_text) == (
        "November 2026",
        1,
        "₦10,000",
        "₦3,000",
        "₦7,000",
    )
    # October: 5,000.01 (fee 1,500.003 -> 1,500.00) and 2,000 (fee 600).
    assert (last.label, last.sales, last.paid_text, last.fee_text, last.net_text) == (
        "October 2026",
        2,
        "₦7,000.01",
        "₦2,100",
        "₦4,900.01",
    )
    assert (ever.sales, ever.paid_text, ever.fee_text, ever.net_text) == (4, "₦20,000.01", "₦6,000", "₦14,000.01")
    assert (summary.owed_text, summary.owed_sales, summary.fee_percent) == ("₦14,000.01", 4, 30)
    assert [(c.title, c.sales, c.paid_text, c.net_text) for c in summary.courses] == [
        (python.title, 3, "₦15,000", "₦10,500"),
        (excel.title, 1, "₦5,000.01", "₦3,500.01"),
    ]


def test_the_totals_are_the_ledgers_sums_to_the_kobo(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    for i, price in enumerate((1, 2, 3, 333_333, 99)):
        record_sale(session, course, make_user(session), NOW - timedelta(minutes=i), price)
    entries = session.exec(select(EarningEntry).where(EarningEntry.instructor_id == teacher.id)).all()
    ever = earnings_summary(session, _user_id(teacher), now=NOW).all_time
    assert ever.paid == Decimal(sum(e.paid_kobo for e in entries)) / 100
    assert int(ever.fee * 100) == sum(e.fee_kobo for e in entries)
    assert int(ever.net * 100) == sum(e.net_kobo for e in entries)
    assert int(ever.fee * 100) + int(ever.net * 100) == int(ever.paid * 100)


def test_a_new_instructor_has_nothing_yet(session):
    teacher = make_instructor(session)
    summary = earnings_summary(session, _user_id(teacher), now=NOW)
    assert (summary.all_time.sales, summary.owed_text, summary.courses) == (0, "₦0", [])
    page = earnings_sales(session, _user_id(teacher))
    assert (page.data, page.total, page.page, page.pages) == ([], 0, 1, 1)
    assert earnings_csv(session, _user_id(teacher)) == "Date,Course,Learner,Price paid (NGN),Fee (NGN),Net (NGN)\r\n"


def test_learners_see_no_earnings(session):
    learner = make_user(session)
    for read in (earnings_summary, earnings_sales, earnings_csv, payouts.payout_details):
        with pytest.raises(Forbidden, match="Only instructors"):
            read(session, learner.id)
    with pytest.raises(Forbidden):
        payouts.save_payout_account(session, learner.id, "Access Bank", "0123456789", "Ada Obi")


def test_sales_come_newest_first_with_only_the_learners_first_name(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, title="Excel for Business")
    buyers = [make_user(session, first_name=f"Learner{i}", last_name="Secretname") for i in range(25)]
    for i, buyer in enumerate(buyers):
        record_sale(session, course, buyer, NOW - timedelta(hours=25 - i), 1_000_000 + i)
    record_sale(session, make_course(session), make_user(session), NOW, 5)  # not this instructor's
    first = earnings_sales(session, _user_id(teacher), page=1)
    assert (first.total, first.pages, first.per_page, len(first.data)) == (25, 2, 20, 20)
    newest = first.data[0]
    assert (newest.learner, newest.course_title, newest.paid_text, newest.fee_text, newest.net_text) == (
        "Learner24",
        "Excel for Business",
        "₦10,000.24",
        "₦3,000.07",
        "₦7,000.17",
    )
    assert newest.date_text == "15 Nov 2026, 12:00"  # 11:00 UTC is noon in Lagos
    assert "Secretname" not in first.model_dump_json()
    second = earnings_sales(session, _user_id(teacher), page=2)
    assert [s.learner for s in second.data] == [f"Learner{i}" for i in range(4, -1, -1)]
    assert earnings_sales(session, _user_id(teacher), page=99).page == 2  # past the end: the last page


def test_the_csv_has_the_ledgers_figures_in_naira(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, title='Design, "Bold" & Brand')
    record_sale(session, course, make_user(session, first_name="=HYPERLINK(1)"), NOW, 1_000_001)
    record_sale(session, course, make_user(session, first_name="Ada"), NOW - timedelta(days=40), 99)
    rows = list(csv.reader(io.StringIO(earnings_csv(session, _user_id(teacher)))))
    assert rows == [
        ["Date", "Course", "Learner", "Price paid (NGN)", "Fee (NGN)", "Net (NGN)"],
        ["2026-11-15 13:00", 'Design, "Bold" & Brand', "'=HYPERLINK(1)", "10000.01", "3000.00", "7000.01"],
        ["2026-10-06 13:00", 'Design, "Bold" & Brand', "Ada", "0.99", "0.30", "0.69"],
    ]
    entries = session.exec(
        select(EarningEntry).where(EarningEntry.instructor_id == teacher.id).order_by(EarningEntry.created_at.desc())
    ).all()
    for row, entry in zip(rows[1:], entries, strict=True):
        assert [round(float(x) * 100) for x in row[3:]] == [entry.paid_kobo, entry.fee_kobo, entry.net_kobo]
    assert earnings_report.csv_filename(NOW) == "naija-learn-earnings-2026-11-15.csv"


# --- payout details ---------------------------------------------------------------------------------------------


def test_payout_details_are_checked_saved_and_shown_masked(session):
    teacher = make_instructor(session)
    user_id = _user_id(teacher)
    assert payouts.payout_details(session, user_id).account is None
    assert "Guaranty Trust Bank (GTBank)" in [b.name for b in payouts.payout_details(session, user_id).banks]
    cases = [
        (("Bank of Nowhere", "0123456789", "Tunde Bakare"), "bank_name", "Choose your bank from the list."),
        (("Zenith Bank", "012345678", "Tunde Bakare"), "account_number", "Enter your 10-digit account number (NUBAN)."),
        (("Zenith Bank", "01234567890", "Tunde Bakare"), "account_number", "Enter your 10-digit"),
        (("Zenith Bank", "01234S6789", "Tunde Bakare"), "account_number", "Enter your 10-digit"),
        (("Zenith Bank", "0123456789", " T "), "account_name", "Enter the account name as your bank shows it"),
        (("Zenith Bank", "0123456789", "T" * 121), "account_name", "2 to 120 characters"),
    ]
    for args, field, message in cases:
        with pytest.raises(DomainError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
            payouts.save_payout_account(session, user_id, *args)
        assert caught.value.field == field
    assert session.exec(select(PayoutAccount)).all() == []
    saved = payouts.save_payout_account(session, user_id, "Zenith Bank", "0123 456-789", "  Tunde   Bakare ")
    assert saved.account is not None
    assert (saved.account.bank_name, saved.account.bank_code) == ("Zenith Bank", "057")
    assert (saved.account.account_number_masked, saved.account.account_name) == ("******6789", "Tunde Bakare")
    assert "0123456789" not in saved.model_dump_json()
    payouts.save_payout_account(session, user_id, "OPay", "8012345678", "Tunde Bakare")  # replaced, not added
    session.commit()
    (account,) = session.exec(select(PayoutAccount)).all()
    assert (account.bank_name, account.bank_code, account.account_number) == ("OPay", "999992", "8012345678")
    assert payouts.payout_details(session, user_id).account.account_number_masked == "******5678"


class FakeSender:
    """Stands in for a provider's transfer API."""

    name = "fake"

    def __init__(self, fail: bool = False) -> None:
        self.fail, self.sent = fail, []

    def send(self, amount_kobo, account, reference):
        if self.fail:
            raise RuntimeError("the provider is down")
        self.sent.append((amount_kobo, account.account_number, reference))
        return f"TRF-{len(self.sent)}"


def test_a_payout_takes_everything_owed_once(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    with pytest.raises(DomainError, match=r"Add your payout details first\."):
        payouts.create_payout(session, teacher.id, FakeSender())
    payouts.save_payout_account(session, _user_id(teacher), "Kuda Microfinance Bank", "2012345678", "Tunde Bakare")
    with pytest.raises(DomainError, match="Nothing is owed"):
        payouts.create_payout(session, teacher.id, FakeSender())
    record_sale(session, course, make_user(session), NOW, 1_000_000)  # net 7,000.00
    record_sale(session, course, make_user(session), NOW, 333)  # net 233
    record_sale(session, make_course(session), make_user(session), NOW, 500_000)  # another instructor's
    sender = FakeSender()
    payout = payouts.create_payout(session, teacher.id, sender)
    session.commit()
    assert (payout.status, payout.amount_kobo, payout.reference, payout.provider) == ("sent", 700_233, "TRF-1", "fake")
    assert sender.sent == [(700_233, "2012345678", f"NLP-{payout.id}")]
    mine = session.exec(select(EarningEntry).where(EarningEntry.instructor_id == teacher.id)).all()
    assert {e.payout_id for e in mine} == {payout.id}
    assert earnings_summary(session, _user_id(teacher), now=NOW).owed_text == "₦0"
    assert [s.paid_out for s in earnings_sales(session, _user_id(teacher)).data] == [True, True]
    with pytest.raises(DomainError, match="Nothing is owed"):
        payouts.create_payout(session, teacher.id, sender)
    record_sale(session, course, make_user(session), NOW, 100)  # a new sale is owed again
    assert earnings_summary(session, _user_id(teacher), now=NOW).owed_text == "₦0.70"


def test_a_failed_payout_leaves_everything_owed(session):
    teacher = make_instructor(session)
    record_sale(session, make_course(session, instructor=teacher), make_user(session), NOW, 1_000_000)
    payouts.save_payout_account(session, _user_id(teacher), "Access Bank", "0123456789", "Tunde Bakare")
    payout = payouts.create_payout(session, teacher.id, FakeSender(fail=True))
    session.commit()
    assert payout.status == "failed" and payout.reference == ""
    assert session.exec(select(EarningEntry.payout_id)).all() == [None]
    assert earnings_summary(session, _user_id(teacher), now=NOW).owed_text == "₦7,000"
    again = payouts.create_payout(session, teacher.id, FakeSender())
    session.commit()
    assert again.status == "sent"
    assert [p.status for p in session.exec(select(Payout).order_by(Payout.id)).all()] == ["failed", "sent"]


def test_a_payout_that_loses_its_entries_to_another_sends_nothing(session, monkeypatch):
    teacher = make_instructor(session)
    entry = record_sale(session, make_course(session, instructor=teacher), make_user(session), NOW, 1_000_000)
    payouts.save_payout_account(session, _user_id(teacher), "Access Bank", "0123456789", "Tunde Bakare")
    real_set = payouts._set_payout

    def another_payout_first(entry_ids, payout_id, **kwargs):
        # Between reading what is owed and claiming it, another payout claims the same entry.
        rival = Payout(instructor_id=teacher.id, amount_kobo=entry.net_kobo)
        session.add(rival)
        session.flush()
        real_set(entry_ids, rival.id, only_owed=True, session=kwargs["session"])
        return real_set(entry_ids, payout_id, **kwargs)

    monkeypatch.setattr(payouts, "_set_payout", another_payout_first)
    sender = FakeSender()
    with pytest.raises(Conflict):
        payouts.create_payout(session, teacher.id, sender)
    assert sender.sent == []
