"""Logging: one format per environment (JSON lines in production), each request's id on its answer and on every
record logged while answering it, and the set-up that the server's granian processes really run."""

from __future__ import annotations

import json
import logging
import sys
import types
from email.message import EmailMessage
from importlib import import_module

import pytest
from fastapi import FastAPI
from granian.log import LogLevels
from granian.log import configure_logging as granian_configure_logging
from starlette.testclient import TestClient

from marketplace import logs, manage, runtime
from marketplace.logs import JsonFormatter, RequestIdFilter, RequestIds, TextFormatter
from marketplace.mail.delivery import deliver
from marketplace.settings import Settings, settings

log = logging.getLogger("marketplace.test_logs")


@pytest.fixture
def restore_logging():
    """Let a test configure logging for real, and put pytest's own set-up back afterwards."""
    root = logging.getLogger()
    granians = [logging.getLogger(name) for name in ("_granian", "granian.access")]
    saved = {lg.name: (lg.handlers[:], lg.level, lg.propagate) for lg in granians}
    root_handlers, root_level = root.handlers[:], root.level
    yield
    logging.captureWarnings(False)
    root.handlers[:] = root_handlers
    root.setLevel(root_level)
    for name, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:], logger.level, logger.propagate = handlers, level, propagate


class Records(logging.Handler):
    """Keeps the records it handles, stamped by the app's filter as the real handler stamps them."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.addFilter(RequestIdFilter())

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def records():
    handler = Records()
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    yield handler.records
    log.removeHandler(handler)


def _client(hops: int = 0) -> TestClient:
    api = FastAPI()

    @api.get("/api/async")
    async def on_the_loop() -> dict[str, str]:
        log.info("answering on the event loop")
        return {"ok": "yes"}

    @api.get("/api/sync")
    def on_a_thread() -> dict[str, str]:  # FastAPI runs it on a worker thread
        log.warning("answering on a worker thread")
        return {"ok": "yes"}

    return TestClient(RequestIds(api, Settings(_env_file=None, TRUSTED_PROXY_HOPS=hops)))


@pytest.mark.parametrize("path", ["/api/async", "/api/sync"])
def test_each_request_gets_an_id_on_its_answer_and_on_every_record_logged_for_it(records, path):
    client = _client()
    first, second = client.get(path), client.get(path)
    ids = [first.headers["x-request-id"], second.headers["x-request-id"]]
    assert len(ids[0]) == 32 and ids[0] != ids[1]
    assert [r.request_id for r in records] == ids  # type: ignore[attr-defined]


def test_a_record_outside_any_request_has_no_id(records):
    log.info("starting up")
    assert records[0].request_id is None  # type: ignore[attr-defined]


def test_without_a_trusted_proxy_a_client_cannot_choose_its_request_id(records):
    answer = _client(hops=0).get("/api/async", headers={"X-Request-ID": "chosen-by-the-client-0001"})
    assert answer.headers["x-request-id"] != "chosen-by-the-client-0001"
    assert records[0].request_id == answer.headers["x-request-id"]  # type: ignore[attr-defined]


def test_behind_the_trusted_proxy_its_request_id_is_kept(records):
    nginx_id = "0f9c2a7e5b1d4c3a8e6f7a9b0c1d2e3f"
    answer = _client(hops=1).get("/api/sync", headers={"X-Request-ID": nginx_id})
    assert answer.headers["x-request-id"] == nginx_id
    assert records[0].request_id == nginx_id  # type: ignore[attr-defined]


@pytest.mark.parametrize("odd", ["short", "x" * 200, "has space 123456", 'quote"1234567890', "-leading-dash-123"])
def test_an_odd_incoming_request_id_is_replaced_even_from_the_proxy(odd):
    answer = _client(hops=1).get("/api/async", headers={"X-Request-ID": odd})
    assert answer.headers["x-request-id"] != odd and len(answer.headers["x-request-id"]) == 32


def test_the_app_puts_the_request_id_outermost_so_pages_and_api_answers_carry_it():
    """Outermost of the middlewares; the pages-first transformer after it wraps the built pages in them too."""
    from marketplace.marketplace import app

    middlewares = [t for t in app.api_transformer if isinstance(t, type)]
    assert middlewares[-1] is RequestIds


def test_production_logs_one_json_object_per_line_with_the_request_id_and_the_exception(
    restore_logging, monkeypatch, capsys
):
    monkeypatch.setattr(settings, "env", "production")
    logs.configure()
    api = FastAPI()

    @api.get("/api/broken")
    def broken() -> dict[str, str]:
        try:
            raise ValueError("the provider said no")
        except ValueError:
            log.exception("Paying failed for order %s", "NL-1")
        return {}

    answer = TestClient(RequestIds(api)).get("/api/broken")
    [line] = [line for line in capsys.readouterr().err.splitlines() if "Paying failed" in line]
    entry = json.loads(line)
    assert set(entry) == {"time", "level", "logger", "message", "request_id", "exception"}
    assert entry["level"] == "ERROR" and entry["logger"] == "marketplace.test_logs"
    assert entry["message"] == "Paying failed for order NL-1"
    assert entry["request_id"] == answer.headers["x-request-id"]
    assert "ValueError: the provider said no" in entry["exception"]
    assert entry["time"].endswith("+00:00")


def test_development_logs_readable_text_with_the_request_id(restore_logging, capsys):
    assert not settings.is_production
    logs.configure()
    answer = _client().get("/api/async")
    log.info("outside any request")
    err = capsys.readouterr().err
    assert f"INFO marketplace.test_logs [{answer.headers['x-request-id']}]: answering on the event loop" in err
    assert "INFO marketplace.test_logs: outside any request" in err
    assert "{" not in err


def test_configuring_twice_leaves_one_handler(restore_logging):
    logs.configure()
    logs.configure()
    [handler] = logging.getLogger().handlers
    assert isinstance(handler.formatter, TextFormatter)


def test_the_outbox_link_is_logged_at_info(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(settings, "smtp_host", "")
    monkeypatch.setattr(settings, "data_dir", tmp_path)
    message = EmailMessage()
    message["To"] = "chioma@example.com"
    message["Subject"] = "Verify your email"
    message.set_content("Open the link.")
    link = "http://localhost:3000/verify-email?token=abc"
    with caplog.at_level(logging.INFO, logger="marketplace.mail"):
        deliver(message, link=link)
    [record] = [r for r in caplog.records if r.name == "marketplace.mail.delivery"]
    assert record.levelno == logging.INFO
    assert link in record.getMessage() and str(tmp_path / "outbox") in record.getMessage()


# --- what the server processes of `manage.py serve` (and `make run`) run ------------------------------------


def test_serve_starts_granian_with_the_logging_factory_and_the_log_config():
    command = manage.serve_command(3000, workers=2)
    assert command[-1] == manage.SERVER_FACTORY and "--factory" in command
    module, _, name = manage.SERVER_FACTORY.partition(":")
    assert getattr(import_module(module), name) is runtime.create_app
    config = command[command.index("--log-config") + 1]
    assert config == str(logs.GRANIAN_LOG_CONFIG) and logs.GRANIAN_LOG_CONFIG.exists()


def test_each_server_worker_configures_logging_before_it_imports_the_app(restore_logging, monkeypatch):
    """What granian runs in a worker process: ``create_app()``, the factory named on its command line."""
    seen: dict[str, object] = {}

    def fake_app() -> str:
        seen["handlers"] = logging.getLogger().handlers[:]
        return "the asgi app"

    logging.getLogger().handlers[:] = []  # as a fresh process has
    monkeypatch.setitem(sys.modules, "marketplace.marketplace", types.SimpleNamespace(app=fake_app))
    # The collector is settled once the app is built (what the import made is what it freezes).
    monkeypatch.setattr(
        runtime, "settle_collector", lambda: seen.setdefault("settled after the app", "handlers" in seen)
    )
    assert runtime.create_app() == "the asgi app"
    assert seen["settled after the app"] is True
    [handler] = seen["handlers"]  # type: ignore[misc]
    assert isinstance(handler.formatter, TextFormatter)
    assert any(isinstance(f, RequestIdFilter) for f in handler.filters)


@pytest.mark.parametrize("env", ["development", "production"])
def test_granians_own_processes_log_in_the_apps_format(restore_logging, monkeypatch, env):
    """granian applies the --log-config file in its supervising process and in each worker before the app loads."""
    monkeypatch.setattr(settings, "env", env)
    granian_configure_logging(LogLevels.warning, logs.logging_config())
    [handler] = logging.getLogger().handlers
    assert isinstance(handler.formatter, JsonFormatter if env == "production" else TextFormatter)
    granian = logging.getLogger("_granian")
    assert granian.propagate and not granian.handlers and granian.level == logging.WARNING
    logs.configure()  # what create_app does next, in each worker: granian's --log-level still holds
    assert granian.level == logging.WARNING and not logging.getLogger("_granian.serve").isEnabledFor(logging.INFO)
