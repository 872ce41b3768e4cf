"""Outgoing mail: build a message, then deliver it (SMTP, or the local outbox of the embedded default).

Callers use the ``send_*`` functions with plain values; they raise :class:`MailError` when SMTP fails.
"""

from __future__ import annotations

from collections.abc import Sequence

from marketplace.mail import links, messages
from marketplace.mail.delivery import MailError, deliver

__all__ = ["MailError", "send_order_confirmation", "send_password_reset", "send_verification"]


def send_verification(*, to: str, name: str, token: str, valid_hours: int) -> None:
    """Send the verify-your-email message whose link carries ``token``."""
    link = links.verification_link(token)
    deliver(messages.verification_message(to=to, name=name, link=link, valid_hours=valid_hours), link=link)


def send_password_reset(*, to: str, name: str, token: str, valid_minutes: int) -> None:
    """Send the reset-your-password message whose link carries ``token``."""
    link = links.password_reset_link(token)
    deliver(messages.password_reset_message(to=to, name=name, link=link, valid_minutes=valid_minutes), link=link)


def send_order_confirmation(
    *, to: str, name: str, lines: Sequence[tuple[str, str]], total_text: str, order_ref: str
) -> None:
    """Send the order receipt.

    Args:
        to: The buyer's email address.
        name: The buyer's first name (or full name) for the greeting.
        lines: ``(course title, price text)`` per ordered course, e.g. ``("Python 101", "₦15,000.00")``.
        total_text: The order total as shown to people, e.g. ``"₦16,500.00"``.
        order_ref: The order reference shown to the buyer.

    Raises:
        MailError: SMTP is configured and the message could not be sent.
    """
    message = messages.order_confirmation_message(
        to=to, name=name, lines=lines, total_text=total_text, order_ref=order_ref
    )
    deliver(message)
