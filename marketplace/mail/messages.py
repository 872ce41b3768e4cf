"""Message building: each email as plain text with a simple HTML alternative."""

from __future__ import annotations

from collections.abc import Sequence
from email.message import EmailMessage
from html import escape

from marketplace.settings import settings

SITE_NAME = "Naija Learn"


def _html_page(title: str, body_html: str) -> str:
    return (
        '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f2937;">'
        f'<h2 style="color: #1d4ed8;">{escape(title)}</h2>{body_html}'
        f'<p style="color: #6b7280; font-size: 12px;">{escape(SITE_NAME)}</p></body></html>'
    )


def _button(link: str, label: str) -> str:
    href = escape(link, quote=True)
    return (
        f'<p><a href="{href}" style="background: #1d4ed8; color: #ffffff; padding: 10px 16px; '
        f'border-radius: 6px; text-decoration: none;">{escape(label)}</a></p>'
        f'<p style="font-size: 12px;">Or paste this address into your browser: {escape(link)}</p>'
    )


def build_message(*, to: str, subject: str, text: str, html: str) -> EmailMessage:
    """A message with a plain-text body and an HTML alternative."""
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message


def verification_message(*, to: str, name: str, link: str, valid_hours: int) -> EmailMessage:
    """The email that asks a new user to confirm their address."""
    greeting = f"Hello {name}," if name else "Hello,"
    text = (
        f"{greeting}\n\nWelcome to {SITE_NAME}! Please verify your email address by opening this link:\n\n"
        f"{link}\n\nThe link works once and expires in {valid_hours} hours. "
        "If you did not create an account, you can ignore this email.\n"
    )
    html = _html_page(
        "Verify your email",
        f"<p>{escape(greeting)}</p><p>Welcome to {escape(SITE_NAME)}! Please verify your email address.</p>"
        f"{_button(link, 'Verify email')}"
        f"<p>The link works once and expires in {valid_hours} hours. "
        "If you did not create an account, you can ignore this email.</p>",
    )
    return build_message(to=to, subject=f"Verify your email for {SITE_NAME}", text=text, html=html)


def password_reset_message(*, to: str, name: str, link: str, valid_minutes: int) -> EmailMessage:
    """The email with a link to choose a new password."""
    greeting = f"Hello {name}," if name else "Hello,"
    text = (
        f"{greeting}\n\nSomebody asked to reset the password of your {SITE_NAME} account. "
        f"To choose a new password, open this link:\n\n{link}\n\n"
        f"The link works once and expires in {valid_minutes} minutes. "
        "If you did not ask for this, ignore this email: your password stays the same.\n"
    )
    html = _html_page(
        "Reset your password",
        f"<p>{escape(greeting)}</p><p>Somebody asked to reset the password of your {escape(SITE_NAME)} account.</p>"
        f"{_button(link, 'Choose a new password')}"
        f"<p>The link works once and expires in {valid_minutes} minutes. "
        "If you did not ask for this, ignore this email: your password stays the same.</p>",
    )
    return build_message(to=to, subject=f"Reset your {SITE_NAME} password", text=text, html=html)


def order_confirmation_message(
    *, to: str, name: str, lines: Sequence[tuple[str, str]], total_text: str, order_ref: str
) -> EmailMessage:
    """The receipt sent after a paid order: one line per course and the total, all as display text."""
    greeting = f"Hello {name}," if name else "Hello,"
    text_lines = "\n".join(f"- {title}: {price}" for title, price in lines)
    text = (
        f"{greeting}\n\nThank you for your order {order_ref}. Your courses are ready in My Courses.\n\n"
        f"{text_lines}\n\nTotal: {total_text}\n"
    )
    rows = "".join(
        f'<tr><td style="padding: 4px 12px 4px 0;">{escape(title)}</td>'
        f'<td style="padding: 4px 0; text-align: right;">{escape(price)}</td></tr>'
        for title, price in lines
    )
    html = _html_page(
        "Order confirmed",
        f"<p>{escape(greeting)}</p><p>Thank you for your order {escape(order_ref)}. "
        "Your courses are ready in My Courses.</p>"
        f'<table style="border-collapse: collapse;">{rows}'
        f'<tr><td style="padding: 8px 12px 0 0; font-weight: bold;">Total</td>'
        f'<td style="padding: 8px 0 0; text-align: right; font-weight: bold;">{escape(total_text)}</td></tr></table>',
    )
    return build_message(to=to, subject=f"Your {SITE_NAME} order {order_ref} is confirmed", text=text, html=html)
