"""The production topology on this machine, put together from the shipped files in deploy/.

* **nginx** (Debian's package) terminates TLS with a throw-away self-signed certificate and proxies to the app,
  its site rendered from ``deploy/nginx/naija-learn.conf``. The site is rendered twice, as two front doors of
  one site: on 127.0.0.2 it passes to app process A, on 127.0.0.3 to app process B (the same public name and
  port, ``https://learn.naija.test:<port>``). A browser whose resolver maps the name to 127.0.0.2 is served, pages
  and websocket, by A only; one mapped to 127.0.0.3 by B only. So a chat message between them has to cross
  processes, through Redis.
* **Two app processes** (``manage.py serve``, 1 worker each) and **a job worker** (``manage.py worker``), started
  with the command lines of the shipped systemd units and the environment of the shipped env template,
  with this machine's values on top (database, Redis, ports, secrets, the provider stand-in's address).
* **PostgreSQL**: a throw-away database, migrated and seeded by the migrate unit's commands.
* **Redis**: its own database number (the other browser tests use E2E_PORT % 16).
* **The payment provider**: the local Flutterwave stand-in the API tests use (tests/payment_standins.py), with
  a hosted checkout page added: Pay marks the charge paid, posts Flutterwave's webhook to the site through
  nginx, and sends the browser back to the shop the way Flutterwave does.

The front end is built once for the https URL of the proxy into its own web dir (``.web-prod-test``).
"""

from __future__ import annotations

import html
import os
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode, urlparse

import httpx
import pytest
import redis
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from marketplace.db.engine import get_engine
from marketplace.manage import build
from marketplace.settings import PROJECT_ROOT
from tests.deploy_files import env_file, render_site, unit, unit_environment
from tests.e2e.conftest import ARTIFACTS, E2E_REDIS_URL, Inbox
from tests.payment_standins import FLW_HASH, FLW_SECRET, StandIn, _handler
from tests.pg_databases import drop_database, new_database

HOST = "learn.naija.test"
# nginx's TLS port: part of the public URL, which the build bakes in, so fixed (a new port means a new build).
PROD_PORT = int(os.environ.get("PROD_E2E_PORT", "3443"))
PUBLIC_URL = f"https://{HOST}:{PROD_PORT}"
WEB_DIR = PROJECT_ROOT / os.environ.get("PROD_E2E_WEB_DIR", ".web-prod-test")
REDIS_URL = os.environ.get("PROD_E2E_REDIS_URL", "redis://127.0.0.1:6379/13")
DOORS = ("127.0.0.2", "127.0.0.3")  # nginx's two listening addresses: door A → app A, door B → app B
# Throttle the per-address login limit low, so the test needs a few failures, not fifty.
LOGIN_MAX_FAILURES_PER_IP = 4


def in_ci() -> bool:
    """Whether this run is CI's (which must run the production test, never skip it)."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def unavailable(reason: str) -> None:
    """Skip outside CI with ``reason``; in CI, fail (a production test that never ran proves nothing)."""
    if in_ci():
        pytest.fail(f"{reason} CI must run the production test.", pytrace=False)
    pytest.skip(reason)


def free_port(address: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((address, 0))
        return s.getsockname()[1]


# --- the provider's hosted checkout ----------------------------------------------------------------------------


class HostedStandIn(StandIn):
    """The Flutterwave stand-in, plus the page a customer pays on.

    ``webhook_to`` is where Flutterwave would post its webhook: the site's /api/webhooks/flutterwave through
    nginx (its address, and the Host header naming the site).
    """

    def __init__(self) -> None:
        super().__init__()
        self.webhook_to: tuple[str, dict[str, str]] = ("", {})
        self.webhook_answers: list[tuple[int, str]] = []

    def page(self, tx_ref: str) -> str:
        tx = self.transactions.get(tx_ref)
        if tx is None:
            return "<h1>Unknown payment</h1>"
        naira = f"₦{tx['amount_kobo'] / 100:,.0f}"
        return (
            "<!doctype html><html><head><meta charset=utf-8><title>Flutterwave stand-in</title></head><body>"
            f"<h1>Flutterwave checkout (local stand-in)</h1><p>Pay {html.escape(naira)} to Naija Learn</p>"
            f'<form method="post" action="/flutterwave/hosted/{html.escape(tx_ref)}/pay">'
            "<button>Pay now</button></form></body></html>"
        )

    def complete(self, tx_ref: str) -> str:
        """The customer pays: mark the charge paid, post the webhook, answer where the browser goes next."""
        transaction_id = self.pay(tx_ref)
        headers, body = self.flutterwave_webhook(tx_ref)
        url, extra = self.webhook_to
        answer = httpx.post(url, content=body, headers={**headers, **extra}, verify=False, timeout=30)
        self.webhook_answers.append((answer.status_code, answer.text))
        query = urlencode({"status": "successful", "tx_ref": tx_ref, "transaction_id": transaction_id})
        return f"{self.transactions[tx_ref]['redirect_url']}?{query}"


def _hosted_handler(standin: HostedStandIn):
    base = _handler(standin)

    class Handler(base):
        def do_GET(self):
            path = urlparse(self.path).path
            if path.startswith("/flutterwave/hosted/"):
                raw = standin.page(path.rsplit("/", 1)[1]).encode()
                self.send_response(200)
                self.send_header("content-type", "text/html; charset=utf-8")
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)
                return
            super().do_GET()

        def do_POST(self):
            path = urlparse(self.path).path
            if path.startswith("/flutterwave/hosted/") and path.endswith("/pay"):
                self.rfile.read(int(self.headers.get("content-length") or 0))
                location = standin.complete(path.split("/")[3])
                self.send_response(303)
                self.send_header("location", location)
                self.send_header("content-length", "0")
                self.end_headers()
                return
            super().do_POST()

    return Handler


@contextmanager
def provider_standin() -> Iterator[HostedStandIn]:
    standin = HostedStandIn()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _hosted_handler(standin))
    standin.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield standin
    finally:
        server.shutdown()
        server.server_close()


# --- PostgreSQL and Redis -----------------------------------------------------------------------------------


@contextmanager
def throwaway_database() -> Iterator[str]:
    """A new, empty PostgreSQL database on TEST_DATABASE_URL's server (else the local one), dropped after."""
    base = os.environ.get("TEST_DATABASE_URL") or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    try:
        url = new_database(base, f"naija_prod_e2e_{os.getpid()}")
    except OperationalError as error:
        unavailable(f"PostgreSQL at {make_url(base).render_as_string()} is unreachable ({error.orig}).")
    try:
        yield url
    finally:
        get_engine(url).dispose()
        drop_database(url)


def fresh_redis() -> str:
    assert REDIS_URL != E2E_REDIS_URL, "the production test needs a Redis database of its own"
    try:
        redis.Redis.from_url(REDIS_URL).flushdb()
    except redis.ConnectionError as error:
        unavailable(f"Redis at {REDIS_URL} is unreachable ({error}).")
    return REDIS_URL


# --- TLS and nginx ------------------------------------------------------------------------------------------


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A throw-away certificate for HOST (openssl's command line), valid for a day."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={HOST}",
         "-addext", f"subjectAltName=DNS:{HOST}", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


@dataclass
class Door:
    """One nginx front door: its listening address, and the one app process behind it."""

    address: str
    app_port: int
    http_port: int
    log_dir: Path

    @property
    def url(self) -> str:
        """The site through this door (a client connects here and names HOST)."""
        return f"https://{self.address}:{PROD_PORT}"

    def access_log(self) -> str:
        path = self.log_dir / "naija-learn.access.log"
        return path.read_text() if path.exists() else ""


def nginx_config(folder: Path, doors: list[Door], cert: Path, key: Path) -> Path:
    """nginx's main config (the test's stand-in for /etc/nginx/nginx.conf) including the shipped site, rendered
    once per door. Everything nginx writes stays in ``folder``."""
    sites = folder / "sites"
    sites.mkdir()
    for door in doors:
        door.log_dir.mkdir()
        site = render_site(
            {
                "DOMAIN": HOST,
                "PUBLIC_URL": PUBLIC_URL,
                "HTTP_LISTEN": f"{door.address}:{door.http_port}",
                "HTTPS_LISTEN": f"{door.address}:{PROD_PORT}",
                "CERTIFICATE": str(cert),
                "CERTIFICATE_KEY": str(key),
                "APP": f"127.0.0.1:{door.app_port}",
                "LOG_DIR": str(door.log_dir),
            }
        )
        (sites / f"naija-learn-{door.address}.conf").write_text(site)
    temp = folder / "temp"
    temp.mkdir()
    main = folder / "nginx.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")  # workers read and write the (root-owned) temp dir
        + f"worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} info;\n"
        "events { worker_connections 512; }\n"
        "http {\n"
        f"    access_log {folder / 'access.log'};\n"
        + "".join(
            f"    {kind}_temp_path {temp / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"    include {sites}/*.conf;\n"
        "}\n"
    )
    return main


# --- the app's processes ------------------------------------------------------------------------------------


@dataclass
class Topology:
    """The running production site: how to reach it, its database, its provider and its mail."""

    public_url: str
    db_url: str
    doors: list[Door]
    standin: HostedStandIn
    inbox: Inbox
    env: dict[str, str]
    folder: Path
    seeded: dict = field(default_factory=dict)  # what migrate + seed left in the empty database

    def client(self, door: int = 0, source: str | None = None, **kwargs) -> httpx.Client:
        """An HTTP client of the site through a door, connecting from ``source`` (a loopback address of its
        own, so it is a client of its own to nginx)."""
        transport = httpx.HTTPTransport(verify=False, local_address=source)
        return httpx.Client(
            base_url=self.doors[door].url, transport=transport, headers={"Host": f"{HOST}:{PROD_PORT}"}, **kwargs
        )


def production_env(db_url: str, redis_url: str, data_dir: Path, standin: HostedStandIn, inbox: Inbox) -> dict[str, str]:
    """The shipped env template with this machine's values on top. Everything not listed here (production mode,
    one trusted proxy, jobs in the worker, Flutterwave, the limits) is the template's own."""
    template = env_file()
    assert template["MARKETPLACE_ENV"] == "production"
    assert template["TRUSTED_PROXY_HOPS"] == "1"
    assert template["JOBS_IN_APP"] == "false"
    assert template["PAYMENT_PROVIDER"] == "flutterwave"
    machine = {
        "DATA_DIR": str(data_dir),
        "DATABASE_URL": db_url,
        "REDIS_URL": redis_url,
        "PUBLIC_URL": PUBLIC_URL,
        "SECRET_KEY": secrets.token_urlsafe(48),
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(inbox.port),
        "SMTP_STARTTLS": "false",
        "FLUTTERWAVE_SECRET_KEY": FLW_SECRET,
        "FLUTTERWAVE_WEBHOOK_HASH": FLW_HASH,
        "FLUTTERWAVE_BASE_URL": f"{standin.base}/flutterwave",
        "LOGIN_MAX_FAILURES_PER_IP": str(LOGIN_MAX_FAILURES_PER_IP),
    }
    assert set(machine) <= set(template), "the template must name every setting production needs"
    return {**template, **machine}


def unit_process_env(unit_name: str, values: dict[str, str]) -> dict[str, str]:
    """The environment systemd would give the unit's process: ours (PATH and the like), the unit's
    Environment=, the env file (``values``), and nothing of the test session's own settings."""
    env = {k: v for k, v in os.environ.items() if k not in values}
    env.pop("PYTEST_CURRENT_TEST", None)
    return {**env, **unit_environment(unit(unit_name), values)}


def unit_commands(unit_name: str) -> list[list[str]]:
    return unit(unit_name).commands(sys.executable, PROJECT_ROOT)


@contextmanager
def process(command: list[str], env: dict[str, str], log_name: str) -> Iterator[subprocess.Popen]:
    """Run ``command`` until the block ends (SIGTERM, then SIGKILL); its output goes to test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / log_name).open("w") as log:
        proc = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def wait_until(check, what: str, procs: list[subprocess.Popen], logs: list[str], timeout: float = 240) -> None:
    """Poll ``check`` until it holds; fail early when one of ``procs`` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc, log_name in zip(procs, logs, strict=True):
            if proc.poll() is not None:
                raise RuntimeError(f"{what}: a process exited with {proc.returncode}; see test-artifacts/{log_name}")
        try:
            if check():
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"{what} did not happen in {timeout:.0f} s; see test-artifacts/{', '.join(logs)}")


def health(url: str, **kwargs) -> bool:
    return httpx.get(f"{url}/api/health", timeout=3, **kwargs).status_code == 200


def _seeded_snapshot(db_url: str) -> dict:
    from sqlalchemy import func
    from sqlmodel import Session, select

    from marketplace.db.models import Category, Coupon, Course, User

    with Session(get_engine(db_url)) as session:
        return {
            "categories": sorted(session.exec(select(Category.name)).all()),
            "users": session.exec(select(func.count()).select_from(User)).one(),
            "courses": session.exec(select(func.count()).select_from(Course)).one(),
            "coupons": session.exec(select(func.count()).select_from(Coupon)).one(),
        }


@contextmanager
def production_topology(inbox: Inbox, folder: Path) -> Iterator[Topology]:
    """Build, migrate, and serve the site as deploy/ describes; yield it running; stop everything."""
    nginx_binary = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if nginx_binary is None or shutil.which("openssl") is None:
        unavailable("nginx or openssl is not installed (`make test` installs nginx: apt-get install nginx).")
    with ExitStack() as stack:
        db_url = stack.enter_context(throwaway_database())
        redis_url = fresh_redis()
        standin = stack.enter_context(provider_standin())
        values = production_env(db_url, redis_url, folder / "data", standin, inbox)

        # The release: the front end built for the public URL (manage.py build does this in production).
        build(web_dir=WEB_DIR, public_url=PUBLIC_URL)

        # naija-learn-migrate.service: migrate, then seed, on the empty database; seed twice, as every start
        # of the app runs it again.
        migrate_env = unit_process_env("naija-learn-migrate.service", values)
        for command in unit_commands("naija-learn-migrate.service"):
            done = subprocess.run(command, cwd=PROJECT_ROOT, env=migrate_env, capture_output=True, text=True,
                                  timeout=180)  # fmt: skip
            assert done.returncode == 0, done.stdout + done.stderr
        seeded = _seeded_snapshot(db_url)
        (seed,) = [c for c in unit_commands("naija-learn-migrate.service") if c[-1] == "seed"]
        subprocess.run(seed, cwd=PROJECT_ROOT, env=migrate_env, check=True, capture_output=True, timeout=180)
        assert _seeded_snapshot(db_url) == seeded

        doors = [Door(address, free_port(), free_port(address), folder / f"logs-{address}") for address in DOORS]
        cert, key = self_signed_certificate(folder)
        conf = nginx_config(folder, doors, cert, key)
        nginx = [nginx_binary, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")]
        checked = subprocess.run([*nginx, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr

        # naija-learn.service twice (one process each, on its own port, as two machines would run it), and
        # naija-learn-worker.service once.
        procs, logs = [], []
        (serve,) = unit_commands("naija-learn.service")
        for door, label in zip(doors, "ab", strict=True):
            env = unit_process_env("naija-learn.service", {**values, "PORT": str(door.app_port), "WORKERS": "1"})
            logs.append(f"production-app-{label}.log")
            procs.append(stack.enter_context(process([*serve, "--web-dir", str(WEB_DIR)], env, logs[-1])))
        (work,) = unit_commands("naija-learn-worker.service")
        logs.append("production-worker.log")
        procs.append(stack.enter_context(process(work, unit_process_env("naija-learn-worker.service", values),
                                                 logs[-1])))  # fmt: skip
        logs.append("production-nginx.log")
        procs.append(stack.enter_context(process([*nginx, "-g", "daemon off;"], os.environ.copy(), logs[-1])))

        for door in doors:
            wait_until(lambda door=door: health(f"http://127.0.0.1:{door.app_port}"), "App start", procs, logs)
        topology = Topology(PUBLIC_URL, db_url, doors, standin, inbox, values, folder, seeded)
        for index in range(len(doors)):

            def through_nginx(index=index) -> bool:
                with topology.client(index, timeout=3) as client:
                    return client.get("/api/health").status_code == 200

            wait_until(through_nginx, "nginx start", procs, logs, timeout=30)
        standin.webhook_to = (f"{doors[0].url}/api/webhooks/flutterwave", {"Host": f"{HOST}:{PROD_PORT}"})
        yield topology
