"""Order history in a real browser: /orders lists every order with its status, courses and total, pages through
them in the URL, and opens each order's printable receipt; nobody reads another learner's receipt."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlmodel import Session

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Order, User
from marketplace.domain import orders
from marketplace.domain.pricing import price_kobo
from marketplace.money import format_naira
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage
from tests.e2e.test_cart import demo_courses, new_learner


def place_order(db_url: str, user: User, courses: list[Course], status: str = "paid") -> Order:
    """An order of these courses, as checkout makes it, then paid, cancelled, failed or left pending."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        order = orders.create_order(
            session,
            user=session.get(User, user.id),
            course_ids=[c.id for c in courses],
            total_amount=price_kobo(c.price_kobo for c in courses).total,
            email=user.email,
            country="Nigeria",
            state="Lagos",
            provider="sandbox",
        )
        if status == "paid":
            orders.mark_paid(session, order=order)
        elif status == "cancelled":
            orders.mark_cancelled(session, order=order)
        elif status == "failed":
            orders.mark_failed(session, order=order)
        session.commit()
        return order


def total_of(courses: list[Course]) -> str:
    return format_naira(price_kobo(c.price_kobo for c in courses).kobo["total_kobo"])


def test_orders_show_status_lines_totals_and_a_printable_receipt(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    first, second, third = demo_courses(live_app.db_url, 3, skip=30)
    paid = place_order(live_app.db_url, learner, [first, second], "paid")
    place_order(live_app.db_url, learner, [third], "cancelled")
    waiting = place_order(live_app.db_url, learner, [third], "pending")
    sign_in_storage(page.context, live_app.db_url, learner.email)

    page.goto("/orders")
    expect(page.get_by_role("heading", name="My orders", level=1)).to_be_visible()
    listed = page.get_by_test_id("order")
    expect(listed).to_have_count(3)
    # Newest first: waiting, cancelled, paid.
    expect(listed.nth(0).get_by_test_id("order-status")).to_have_text("Awaiting payment")
    expect(listed.nth(1).get_by_test_id("order-status")).to_have_text("Cancelled")
    expect(listed.nth(2).get_by_test_id("order-status")).to_have_text("Paid")
    expect(listed.nth(0).get_by_text(waiting.tx_ref, exact=False)).to_be_visible()
    expect(listed.nth(2).get_by_role("link", name=first.title)).to_be_visible()
    expect(listed.nth(2).get_by_role("link", name=second.title)).to_be_visible()
    expect(listed.nth(2).get_by_test_id("order-total")).to_contain_text(total_of([first, second]))
    screenshot(page, "orders")

    listed.nth(2).get_by_role("link", name=f"Receipt of order {paid.tx_ref}").click()
    expect(page).to_have_url(re.compile(rf"/orders/{paid.tx_ref}$"))
    expect(page.get_by_role("heading", name="Receipt", level=1)).to_be_visible()
    receipt = page.locator("article.receipt")
    expect(receipt.get_by_text("Naija Learn", exact=True)).to_be_visible()
    expect(page.get_by_test_id("receipt-ref")).to_have_text(paid.tx_ref)
    expect(page.get_by_test_id("receipt-email")).to_have_text(learner.email)
    expect(page.get_by_test_id("receipt-date")).not_to_be_empty()
    expect(page.get_by_test_id("order-status")).to_have_text("Paid")
    expect(receipt.get_by_role("cell", name=first.title)).to_be_visible()
    expect(receipt.get_by_role("cell", name=second.title)).to_be_visible()
    summary = page.get_by_test_id("receipt-summary")
    for label in ("Subtotal", "Discount", "Tax", "Total"):
        expect(summary.get_by_text(label, exact=True)).to_be_visible()
    expect(page.get_by_test_id("receipt-total")).to_have_text(total_of([first, second]))
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    screenshot(page, "receipt")

    # Print: the receipt alone, without the site's header, footer and buttons.
    page.evaluate("window.print = () => { window.__printed = true; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.__printed === true")
    page.emulate_media(media="print")
    expect(page.locator("header").first).to_be_hidden()
    expect(page.locator("footer").first).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.get_by_test_id("receipt-total")).to_be_visible()
    screenshot(page, "receipt-print")
    page.emulate_media(media="screen")

    page.get_by_role("link", name="All orders").click()
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_test_id("order")).to_have_count(3)


def test_orders_page_through_in_the_url(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    (course,) = demo_courses(live_app.db_url, 1, skip=33)
    for _ in range(12):
        place_order(live_app.db_url, learner, [course], "failed")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/orders")
    expect(page.get_by_test_id("order")).to_have_count(10)
    expect(page.get_by_test_id("order-status").first).to_have_text("Payment failed")
    page.get_by_role("button", name="Next page").click()
    expect(page).to_have_url(re.compile(r"/orders\?page=2$"))
    expect(page.get_by_test_id("order")).to_have_count(2)
    page.reload()
    expect(page.get_by_test_id("order")).to_have_count(2)
    expect(page.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_test_id("order")).to_have_count(10)
    page.goto("/orders?page=9")  # past the last page: the last, with the URL corrected
    expect(page).to_have_url(re.compile(r"/orders\?page=2$"))


def test_no_orders_yet_links_to_the_catalog_and_nobody_reads_anothers_receipt(page: Page, live_app):
    owner, learner = new_learner(live_app.db_url), new_learner(live_app.db_url)
    (course,) = demo_courses(live_app.db_url, 1, skip=34)
    theirs = place_order(live_app.db_url, owner, [course], "paid")
    page.goto("/orders")  # a visitor logs in first
    expect(page).to_have_url(re.compile(r"/login\?next=/orders"))

    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/orders")
    expect(page.get_by_text("No orders yet")).to_be_visible()
    screenshot(page, "orders-empty")
    page.goto(f"/orders/{theirs.tx_ref}")
    expect(page.get_by_text("Order not found")).to_be_visible()
    expect(page.get_by_text(owner.email)).to_have_count(0)
    expect(page.get_by_text(course.title)).to_have_count(0)
    page.goto("/orders")
    page.get_by_role("link", name="Browse courses").click()
    expect(page).to_have_url(re.compile(r"/categories$"))


def test_orders_and_receipt_on_a_phone(phone: Page, live_app):
    learner = new_learner(live_app.db_url)
    first, second, third = demo_courses(live_app.db_url, 3, skip=35)
    paid = place_order(live_app.db_url, learner, [first, second], "paid")
    place_order(live_app.db_url, learner, [third], "cancelled")
    sign_in_storage(phone.context, live_app.db_url, learner.email)
    phone.goto("/orders")
    expect(phone.get_by_test_id("order")).to_have_count(2)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "orders")
    phone.get_by_role("link", name=f"Receipt of order {paid.tx_ref}").click()
    expect(phone.get_by_test_id("receipt-total")).to_have_text(total_of([first, second]))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "receipt")
    phone.emulate_media(media="print")
    expect(phone.get_by_role("button", name="Print")).to_be_hidden()
    screenshot(phone, "receipt-print")
