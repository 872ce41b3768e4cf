"""Giving a buyer what they paid for: enrollments, student counts, the cart, a notification and the receipt.

Called once per order, by :func:`marketplace.domain.orders.mark_paid` right after the order became paid.
"""

from __future__ import annotations

import logging

from sqlalchemy import update
from sqlmodel import Session, col

from marketplace import mail, routes
from marketplace.db.models import Course, Enrollment, Instructor, Notification, Order, OrderLine, User
from marketplace.domain import cart
from marketplace.money import format_naira

log = logging.getLogger(__name__)


def deliver(session: Session, order: Order, lines: list[OrderLine]) -> None:
    """Enroll the buyer in each course of a just-paid order, clear them from the cart, notify and email."""
    course_ids = [line.course_id for line in lines]
    owned = cart.owned_course_ids(session, order.user_id, course_ids)
    for line in lines:
        if line.course_id in owned:
            continue
        session.add(Enrollment(user_id=order.user_id, course_id=line.course_id, order_id=order.id))
        course = session.get(Course, line.course_id)
        if course is None:  # an order line's course is never deleted (the key refuses it)
            continue
        session.execute(
            update(Instructor)
            .where(col(Instructor.id) == course.instructor_id)
            .values(students_count=Instructor.students_count + 1)
            .execution_options(synchronize_session=False)
        )
    cart.remove_courses(session, user_id=order.user_id, course_ids=course_ids)
    session.add(
        Notification(
            user_id=order.user_id,
            kind="payment",
            text=payment_note([line.title for line in lines]),
            link=routes.order(order.tx_ref),
        )
    )
    session.flush()
    send_confirmation(session, order, lines)


NOTE_TITLE_CHARS = 120  # two titles and the words around them stay within a notification's 300 characters


def payment_note(titles: list[str]) -> str:
    """A payment notification that names what was bought: ``Payment successful: Python Basics``, or for several
    ``Payment successful for 3 courses: Python Basics, Excel and 1 more``.

    A reference such as ``NL-3f...`` means nothing to a learner; the courses do. Past two, the rest are counted.
    """
    names = [title if len(title) <= NOTE_TITLE_CHARS else title[: NOTE_TITLE_CHARS - 1] + "…" for title in titles]
    if len(names) <= 1:
        return f"Payment successful: {names[0]}" if names else "Payment successful"
    shown = ", ".join(names[:2]) + (f" and {len(names) - 2} more" if len(names) > 2 else "")
    return f"Payment successful for {len(names)} courses: {shown}"


def receipt_rows(order: Order) -> list[tuple[str, str]]:
    """How the prices become the total, as ``(label, amount text)`` rows: subtotal, the discounts taken off
    (only those that apply), and tax. The order page and the emailed receipt both show these, so the figures
    a learner reads always add up to what they paid."""
    rows = [("Subtotal", format_naira(order.subtotal_kobo))]
    if order.discount_kobo:
        rows.append(("Discount", "-" + format_naira(order.discount_kobo)))
    if order.coupon_code:
        rows.append((f"Discount code {order.coupon_code}", "-" + format_naira(order.coupon_discount_kobo)))
    rows.append(("Tax", format_naira(order.tax_kobo)))
    return rows


def send_confirmation(session: Session, order: Order, lines: list[OrderLine]) -> None:
    """Queue the order-confirmation email (lines, how they become the total, and the total), once per order.

    It is written to the job outbox in the transaction that paid the order and sent after commit, so a mail
    outage can never undo or delay a payment, and a receipt is never lost once the payment is saved.
    """
    user = session.get(User, order.user_id)
    shown = [(line.title, format_naira(line.price_kobo)) for line in lines] + receipt_rows(order)
    mail.send_order_confirmation(
        session,
        to=order.email,
        name=user.first_name if user else "",
        lines=shown,
        total_text=format_naira(order.total_kobo),
        order_ref=order.tx_ref,
    )
