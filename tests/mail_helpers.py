"""A real SMTP server on localhost (aiosmtpd) that keeps what it receives, for mail tests."""

from __future__ import annotations

import re
import socket
import time
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class _Keep:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd calls this hook by name
        self.messages.append(message_from_bytes(envelope.original_content or envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SmtpInbox:
    """Start with :meth:`start`, read :attr:`messages`, end with :meth:`stop`."""

    def __init__(self, drain=None) -> None:
        # Mail leaves through the job queue: ``drain`` runs the due jobs (the app's worker does it after commit).
        self._drain = drain
        self._handler = _Keep()
        self.port = free_port()
        self._controller = Controller(self._handler, hostname="127.0.0.1", port=self.port)

    @property
    def messages(self) -> list[EmailMessage]:
        """Messages received so far, oldest first."""
        return self._handler.messages

    def start(self) -> SmtpInbox:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    def wait_for(self, count: int, timeout: float = 5.0) -> list[EmailMessage]:
        """The messages, once at least ``count`` have arrived."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            if self._drain is not None:
                self._drain()
            time.sleep(0.02)
        assert len(self.messages) >= count, f"expected {count} messages, got {len(self.messages)}"
        return self.messages


def body_text(message: EmailMessage) -> str:
    """The plain-text body of a message."""
    return message.get_body(preferencelist=("plain",)).get_content()


def body_html(message: EmailMessage) -> str:
    """The HTML body of a message."""
    return message.get_body(preferencelist=("html",)).get_content()


def link_token(message: EmailMessage, path: str) -> str:
    """The ``token`` of the first link to ``path`` in the message's text."""
    found = re.search(re.escape(path) + r"\?token=([A-Za-z0-9_\-]+)", body_text(message))
    assert found, f"no {path} link in: {body_text(message)}"
    return found.group(1)
