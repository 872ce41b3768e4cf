"""/studio/earnings in a real browser: an instructor with sales sees totals equal to the ledger, pages through the
sales, downloads the CSV and saves payout details (a wrong account number first); a new instructor sees how to
start; learners go to /teach and guests to log in; the page fits a phone."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import EarningEntry, Instructor, PayoutAccount, User
from marketplace.domain.earnings_report import month_starts
from marketplace.money import format_naira
from tests.e2e.conftest import screenshot
from tests.e2e.test_accessibility import _audit as axe_audit
from tests.e2e.test_chat import new_person, open_as
from tests.factories import make_course
from tests.unit.test_earnings import record_sale

pytestmark = pytest.mark.usefixtures("patient_expect")

EARNINGS = "/studio/earnings"


def seed_sales(db_url: str, teacher: User) -> tuple[int, list[str]]:
    """23 sales of two courses: 21 this month (Lagos time), 2 last month. Returns the instructor id and titles."""
    now = datetime.now(UTC)
    this_month, last_month = month_starts(now)
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        tag = teacher.username[-8:]
        python = make_course(session, instructor=instructor, title=f"Python for Traders {tag}", price_kobo=1_500_000)
        excel = make_course(session, instructor=instructor, title=f"Excel Basics {tag}", price_kobo=750_050)
        buyers = [new_person(db_url, f"Buyer{i:02d}") for i in range(23)]
        # This month: from a minute ago back, a minute apart (the month is at least as old: its first minute
        # is never now in a test run that starts after it).
        for i in range(21):
            when = max(now - timedelta(minutes=i + 1), this_month + timedelta(seconds=21 - i))
            record_sale(session, python if i % 3 else excel, session.get(User, buyers[i].id), when)
        for i in (21, 22):
            record_sale(session, python, session.get(User, buyers[i].id), last_month + timedelta(days=i - 20))
        return instructor.id, [python.title, excel.title]


def ledger(db_url: str, instructor_id: int) -> list[EarningEntry]:
    """The instructor's ledger entries, newest first."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return list(
            session.exec(
                select(EarningEntry)
                .where(EarningEntry.instructor_id == instructor_id)
                .order_by(EarningEntry.created_at.desc(), EarningEntry.id.desc())
            ).all()
        )


def expect_card(page: Page, test_id: str, entries: list[EarningEntry]) -> None:
    card = page.get_by_test_id(test_id)
    expect(card.get_by_test_id("net")).to_have_text(format_naira(sum(e.net_kobo for e in entries)))
    expect(card.get_by_test_id("paid")).to_have_text(format_naira(sum(e.paid_kobo for e in entries)))
    expect(card.get_by_test_id("fee")).to_have_text(format_naira(sum(e.fee_kobo for e in entries)))
    expect(card.get_by_test_id("sales")).to_have_text(str(len(entries)))


def test_an_instructor_sees_pages_downloads_and_sets_up_payouts(browser: Browser, live_app, tmp_path):
    teacher = new_person(live_app.db_url, "Amaka", teacher=True)
    instructor_id, (python, excel) = seed_sales(live_app.db_url, teacher)
    entries = ledger(live_app.db_url, instructor_id)
    this_start, _ = month_starts(datetime.now(UTC))
    this_month = [e for e in entries if e.created_at.astimezone(UTC) >= this_start]
    page = open_as(browser, live_app, teacher, EARNINGS)

    expect(page.get_by_role("heading", level=1)).to_have_text("Earnings")
    expect_card(page, "this-month", this_month)
    expect_card(page, "last-month", [e for e in entries if e not in this_month])
    expect_card(page, "all-time", entries)
    expect(page.get_by_test_id("owed")).to_have_text(format_naira(sum(e.net_kobo for e in entries)))
    by_course = page.get_by_test_id("course-earnings").locator("tbody tr")
    expect(by_course).to_have_count(2)
    python_net = format_naira(sum(e.net_kobo for e in entries if e.list_price_kobo == 1_500_000))
    expect(by_course.first).to_contain_text(python)
    expect(by_course.first).to_contain_text(python_net)
    expect(by_course.nth(1)).to_contain_text(excel)

    # The sales, 20 a page, newest first, with the learner's first name only.
    rows = page.get_by_test_id("sales").locator("tbody tr")
    expect(rows).to_have_count(20)
    newest = entries[0]
    expect(rows.first).to_contain_text("Buyer00")
    expect(rows.first).to_contain_text(format_naira(newest.paid_kobo))
    expect(rows.first).to_contain_text(format_naira(newest.fee_kobo))
    expect(rows.first).not_to_contain_text("Bello")
    screenshot(page, "studio-earnings")
    axe_audit(page, "/studio/earnings at 1280 px")
    page.get_by_role("button", name="Next page").click()
    expect(page).to_have_url(re.compile(r"/studio/earnings/?\?page=2$"))
    expect(rows).to_have_count(3)
    expect(rows.last).to_contain_text("Buyer21")  # the oldest: last month
    page.go_back()
    expect(rows).to_have_count(20)

    # The CSV: the ledger's figures, in naira with two decimals.
    with page.expect_download() as caught:
        page.get_by_role("button", name="Download CSV").click()
    download = caught.value
    assert re.fullmatch(r"naija-learn-earnings-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    header, *lines = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert header == ["Date", "Course", "Learner", "Price paid (NGN)", "Fee (NGN)", "Net (NGN)"]
    assert [[int(x.replace(".", "")) for x in line[3:]] for line in lines] == [
        [e.paid_kobo, e.fee_kobo, e.net_kobo] for e in entries
    ]
    assert lines[0][2] == "Buyer00" and {line[1] for line in lines} == {python, excel}

    # Payout details: a wrong account number is named, a right one is saved and shown masked.
    form = page.get_by_role("form", name="Payout details")
    form.get_by_label("Bank").select_option("Zenith Bank")
    form.get_by_label("Account number").fill("12345")
    form.get_by_label("Account name").fill("Amaka Okafor")
    form.get_by_role("button", name="Save payout details").click()
    expect(form.get_by_role("alert")).to_have_text("Enter your 10-digit account number (NUBAN).")
    form.get_by_label("Account number").fill("0123456789")
    form.get_by_role("button", name="Save payout details").click()
    expect(page.get_by_test_id("masked-account")).to_have_text("******6789")
    expect(page.get_by_text("0123456789")).to_have_count(0)
    with Session(get_engine(live_app.db_url)) as session:
        account = session.exec(select(PayoutAccount).where(PayoutAccount.instructor_id == instructor_id)).one()
        assert (account.bank_name, account.bank_code, account.account_number) == ("Zenith Bank", "057", "0123456789")
    page.reload()
    expect(page.get_by_test_id("masked-account")).to_have_text("******6789")
    page.context.close()


def test_the_page_fits_a_phone(browser: Browser, live_app):
    teacher = new_person(live_app.db_url, "Obinna", teacher=True)
    seed_sales(live_app.db_url, teacher)
    page = open_as(browser, live_app, teacher, EARNINGS, width=390)
    rows = page.get_by_test_id("sales").locator("tbody tr")
    expect(rows).to_have_count(20)
    expect(rows.first.get_by_text("Buyer00")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "studio-earnings")
    axe_audit(page, "/studio/earnings at 390 px")
    page.context.close()


def test_a_new_instructor_is_told_how_to_start(browser: Browser, live_app):
    teacher = new_person(live_app.db_url, "Chidi", teacher=True)
    page = open_as(browser, live_app, teacher, EARNINGS)
    expect(page.get_by_text("No sales yet: publish a course and share its link.")).to_be_visible()
    expect(page.get_by_test_id("all-time").get_by_test_id("net")).to_have_text("₦0")
    expect(page.get_by_role("link", name="Go to my courses")).to_have_attribute("href", "/studio")
    expect(page.get_by_role("form", name="Payout details")).to_be_visible()
    page.context.close()


def test_learners_go_to_teach_and_guests_to_log_in(browser: Browser, live_app, page: Page):
    learner = new_person(live_app.db_url, "Ada")
    as_learner = open_as(browser, live_app, learner, EARNINGS)
    expect(as_learner).to_have_url(re.compile(r"/teach/?$"))
    as_learner.context.close()
    page.goto(EARNINGS)
    expect(page).to_have_url(re.compile(r"/login/?\?"))
