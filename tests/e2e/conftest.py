"""Browser tests: one production build served like `make run`, driven by Playwright in Debian's Chromium.

The live app runs on its own port and web folder (E2E_PORT, E2E_WEB_DIR) so it never clashes with `make run`,
on a fresh SQLite database loaded with the demo catalog, with Redis-backed state and two workers (as production
runs), and with mail going to a real local SMTP server whose inbox tests can read.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from pathlib import Path

import httpx
import pytest
import redis
from aiosmtpd.controller import Controller
from playwright.sync_api import expect

from marketplace.manage import build, migrate, seed, serve_command, serve_env
from marketplace.settings import PROJECT_ROOT, settings
from tests.oidc_helpers import CLIENT_ID as OIDC_CLIENT_ID
from tests.oidc_helpers import oidc_provider

E2E_PORT = int(os.environ.get("E2E_PORT", "3311"))
E2E_WEB_DIR = PROJECT_ROOT / os.environ.get("E2E_WEB_DIR", ".web-test")
# One Redis database per port, so concurrent runs on one machine never flush each other's state.
E2E_REDIS_URL = os.environ.get("E2E_REDIS_URL", f"redis://127.0.0.1:6379/{E2E_PORT % 16}")
ARTIFACTS = PROJECT_ROOT / "test-artifacts"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@dataclass
class Inbox:
    """Messages received by the local SMTP server."""

    messages: list[Message] = field(default_factory=list)

    async def handle_DATA(self, _server, _session, envelope):
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"

    def wait_for(self, to: str, timeout: float = 15) -> Message:
        """The newest message sent to ``to``, waiting for it to arrive."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in reversed(self.messages):
                if to.lower() in str(message["To"]).lower():
                    return message
            time.sleep(0.2)
        raise AssertionError(f"No email to {to} arrived")


def body_text(message: Message) -> str:
    """The plain-text body of an email."""
    if message.is_multipart():
        for part in message.walk():
            if part.get_content_type() == "text/plain":
                return part.get_payload(decode=True).decode()
    return message.get_payload(decode=True).decode()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def inbox():
    """A real SMTP server on localhost collecting every message the app sends."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


@pytest.fixture(scope="session")
def oidc_issuer():
    """A local OpenID provider standing in for Google: the live app's GOOGLE_ISSUER."""
    with oidc_provider() as issuer:
        yield issuer


@dataclass
class LiveApp:
    """The running app: its URL and the database it uses."""

    url: str
    db_url: str
    inbox: Inbox
    oidc_issuer: str = ""
    env: dict[str, str] = field(default_factory=dict)

    def api(self, path: str) -> str:
        """Absolute URL of an API path."""
        return f"{self.url}{path}"


def _port_is_free(port: int) -> None:
    """Stop at once when something already serves ``port``: granian binds it alongside another server (SO_REUSEPORT),
    so a second test run, or a server an interrupted run left behind, would silently answer half of this run's
    requests from its own database."""
    with socket.socket() as probe:
        probe.settimeout(1)
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            pytest.exit(
                f"Port {port} is already served (another browser test run, or a server one left behind): stop it, "
                "or give this run another port with E2E_PORT=...",
                returncode=3,
            )


@pytest.fixture(scope="session")
def live_app(inbox, oidc_issuer, tmp_path_factory) -> LiveApp:
    """Build (when sources changed) and serve the app for the whole browser test session."""
    _port_is_free(E2E_PORT)
    tmp = tmp_path_factory.mktemp("e2e")
    db_url = f"sqlite:///{tmp / 'e2e.db'}"
    migrate(db_url)
    seed(db_url)
    public_url = f"http://localhost:{E2E_PORT}"
    build(web_dir=E2E_WEB_DIR, public_url=public_url)
    try:
        redis.Redis.from_url(E2E_REDIS_URL).flushdb()
    except redis.ConnectionError as error:
        pytest.fail(
            f"The browser tests serve the app as production does, with Redis at {E2E_REDIS_URL} ({error}). "
            "Start it (redis-server --daemonize yes) or point E2E_REDIS_URL at one.",
            pytrace=False,
        )
    env = serve_env(
        E2E_WEB_DIR,
        public_url,
        {
            "DATABASE_URL": db_url,
            "PUBLIC_URL": public_url,
            "REDIS_URL": E2E_REDIS_URL,
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(inbox.port),
            "GOOGLE_CLIENT_ID": OIDC_CLIENT_ID,
            "GOOGLE_ISSUER": oidc_issuer,
            "GOOGLE_CLIENT_SECRET": "e2e-secret",
            "PAYMENT_PROVIDER": "sandbox",
            "SANDBOX_TRANSFER_DELAY": "2",
            "MAIL_RESEND_PAUSE_SECONDS": "0",  # a test asks again at once; the pause has its own unit test
            "MARKETPLACE_ENV": "test",
            "REFLEX_STATES_WORKDIR": str(tmp / "states"),
        },
    )
    # The tests' own writes to the app's database (factories) reach the servers' catalog caches as any other
    # process's commits do: published on Redis (db/write_watch.py).
    previous_redis = settings.redis_url
    settings.redis_url = E2E_REDIS_URL
    try:
        with _serving(E2E_PORT, env, workers=2, log_name="live-app.log"):
            yield LiveApp(url=public_url, db_url=db_url, inbox=inbox, oidc_issuer=oidc_issuer, env=env)
    finally:
        settings.redis_url = previous_redis


@pytest.fixture(scope="session")
def second_server(live_app) -> str:
    """Another server process of the same app on the next port, sharing the live app's Redis and database, as a
    second machine behind a load balancer would. What it changes must reach pages connected to the first."""
    port = E2E_PORT + 1
    with _serving(port, live_app.env, workers=1, log_name="second-server.log"):
        yield f"http://localhost:{port}"


@contextmanager
def _serving(port: int, env: dict[str, str], *, workers: int, log_name: str):
    """Serve the built app on ``port`` until the block ends; the server's output goes to test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / log_name).open("w") as log:
        process = subprocess.Popen(serve_command(port, workers), cwd=PROJECT_ROOT, env=env, stdout=log, stderr=log)
        try:
            _wait_until_up(f"http://localhost:{port}", process, log_name)
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_until_up(url: str, process: subprocess.Popen, log_name: str, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"The app exited with {process.returncode}; see test-artifacts/{log_name}")
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"The app did not start in time; see test-artifacts/{log_name}")


@pytest.fixture(scope="session")
def base_url(live_app) -> str:
    """pytest-playwright's base URL: page.goto('/login') opens the live app."""
    return live_app.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium, never a downloaded browser build."""
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": [
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture
def phone(browser, base_url):
    """A page the size of a phone (390 px wide)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/screens/ for people to look at.

    Blocks below the fold skip their drawing until they near the screen (``content-visibility: auto``,
    styles.OFFSCREEN), and Chromium's full-page capture does not bring them near: they came out as empty boxes. For
    the capture they are drawn as a person scrolling sees them; the page is left as it was.
    """
    folder = ARTIFACTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    path = folder / f"{name}-{width}.png"
    drawn = page.add_style_tag(content="* { content-visibility: visible !important; }")
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        drawn.evaluate("style => style.remove()")
    return path


@pytest.fixture
def patient_expect():
    """Every check waits up to 15 s (for the files that ask for it): on a shared machine each waits on a websocket
    round trip and the page's first paint."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)
