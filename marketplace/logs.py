"""Logging for every process of the app: one format, the request's id on each record, JSON lines in production.

* :func:`configure` sets up the root logger (and granian's own loggers) with one handler: readable text in
  development and tests, one JSON object per line in production (``time``, ``level``, ``logger``, ``message``,
  ``request_id``, plus ``exception`` when there is one), which a log collector reads without a parser of its own.
* :data:`GRANIAN_LOG_CONFIG` is the same set-up as a file that ``manage.py serve`` hands to granian
  (``--log-config``), so the server's supervising process and its workers log in this format from their first
  line, before the app is even imported.
* :class:`RequestIds` gives each HTTP request (pages, uploads, /api) and websocket an id: the one nginx sent in
  ``X-Request-ID`` when a trusted proxy is in front (``TRUSTED_PROXY_HOPS``), otherwise a new one. It is sent
  back in the ``X-Request-ID`` header and stamped on every record logged while the request is handled, so a
  learner's "something went wrong" can be matched to nginx's access log line and the app's traceback.

Only the standard library: a formatter of 30 lines does what a JSON-logging package would.
"""

from __future__ import annotations

import json
import logging
import logging.config
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketplace.settings import Settings, settings

REQUEST_ID_HEADER = "X-Request-ID"
GRANIAN_LOG_CONFIG = Path(__file__).with_name("logging.json")
# An id a proxy may hand on: nginx's $request_id is 32 hex digits, other proxies send UUIDs. Anything else
# (too long, spaces, quotes, line breaks) could forge log lines, so it is replaced by an id of our own.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{7,127}")

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being handled in this context, or None outside any request."""
    return _request_id.get()


def new_request_id() -> str:
    """A fresh request id, shaped like nginx's ``$request_id`` (32 hex digits)."""
    return uuid.uuid4().hex


class RequestIdFilter(logging.Filter):
    """Stamps each record with ``request_id``: the id of the request it was logged in (None outside one).

    It sits on the handler, so records of every logger (the app's, SQLAlchemy's, FastAPI's) get it. Threads
    started for a request (``anyio.to_thread``, as FastAPI and ``in_session_thread`` use) copy the context, so
    their records carry the id too.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = _request_id.get()
        return True


class TextFormatter(logging.Formatter):
    """``time LEVEL logger [request id]: message``, for a person reading a terminal."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s%(request_tag)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        request_id = getattr(record, "request_id", None)
        values = {**record.__dict__, "request_tag": f" [{request_id}]" if request_id else ""}
        return self._fmt % values if self._fmt else record.getMessage()


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, request_id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def formatter(current: Settings | None = None) -> logging.Formatter:
    """The formatter for this environment: JSON lines in production, text elsewhere.

    Named as a factory in :data:`GRANIAN_LOG_CONFIG`, so granian's processes choose the same way.
    """
    return JsonFormatter() if (current or settings).is_production else TextFormatter()


def logging_config() -> dict[str, Any]:
    """The ``logging.config.dictConfig`` set-up that :func:`configure` applies (and granian, from its file)."""
    config: dict[str, Any] = json.loads(GRANIAN_LOG_CONFIG.read_text())
    return config


def configure() -> None:
    """Set up logging for this process: one handler on the root logger, in this environment's format.

    Safe to call again (each server process calls it when it loads the app and when it starts): it replaces
    the handlers it set up before rather than adding more. Python's warnings are logged too.
    """
    logging.config.dictConfig(logging_config())
    logging.captureWarnings(True)


class RequestIds:
    """ASGI middleware: an id for each HTTP request and websocket, on the response and on every log record.

    The incoming ``X-Request-ID`` is kept only when a trusted proxy sets it (``TRUSTED_PROXY_HOPS`` > 0; nginx
    overwrites whatever the client sent) and it looks like an id; otherwise the request gets a new one.
    """

    def __init__(self, app: ASGIApp, current: Settings | None = None) -> None:
        self.app = app
        self.trust_incoming = (current or settings).trusted_proxy_hops > 0

    def _request_id(self, scope: Scope) -> str:
        if self.trust_incoming:
            incoming = Headers(scope=scope).get(REQUEST_ID_HEADER, "")
            if SANE_REQUEST_ID.fullmatch(incoming):
                return incoming
        return new_request_id()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = self._request_id(scope)
        header = (REQUEST_ID_HEADER.lower().encode(), request_id.encode())

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != header[0]]
                message = {**message, "headers": [*headers, header]}
            await send(message)

        token = _request_id.set(request_id)
        try:
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            _request_id.reset(token)
