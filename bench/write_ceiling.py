"""The ceiling of a Reflex event that saves a row: the leanest app's counter next to the same app's event that
commits one row before it answers, each way a Reflex 0.10 handler can reach a database.

Issue 14 asks signed-in add-to-cart and review submit to run at 0.5 x the floor's counter event (events/s at 50
tabs). Both must commit before they answer, and no database work may run on the event loop. This bench measures
what that costs the leanest Reflex app there is, before any of the marketplace's own work: the floor app
(../shared/bench-tools/floor-app) with a few more events on its one state, each doing the least an event that
saves can do (one INSERT and its COMMIT, then a COUNT of the tab's rows, which becomes the counter), served by
``reflex run --env prod`` exactly as the floor is. Each event's runs alternate with runs of the same server's
counter (``inc``, the floor's own event), and each figure is the median of its runs against the median of its
counter runs.

The events (each counts the tab's rows after saving one, and that count is the counter the load generator checks):

* ``inc``: the floor's counter (the reference).
* ``sqlite_thread``: the row written with the standard ``sqlite3`` module on anyio's worker threads (what Reflex
  handlers and FastAPI's ``def`` routes share), one connection per thread, the writers of the process taking
  turns on a lock (as the app does, so no writer sleeps in SQLite's busy handler); WAL, ``synchronous=NORMAL``.
* ``sqlite_one_thread``: the same on one worker thread (a limiter of 1): fewer threads taking the interpreter
  lock in turn.
* ``sqlite_sqlalchemy``: the same through SQLAlchemy Core (a pooled engine, ``engine.begin()``), on the threads.
* ``sqlite_group``: the least a group commit can be: one thread saves every row waiting when it wakes in one
  transaction (``executemany``), counts them in one query and answers all their events with one call into the loop.
* ``sqlite_app_group``: the marketplace's own group committer (``marketplace.db.group_commit``: a session, a
  savepoint per event, the statements through SQLAlchemy), as the app's writes use it.
* ``sqlite_loop``: the work of ``sqlite_thread`` on the event loop itself. Not a design (it breaks the rule that no
  database work runs on the loop: a lock wait or a slow disk would stall every tab): it shows what the trips to
  and from a thread cost.
* ``pg_thread``: PostgreSQL through psycopg on the worker threads, one connection per thread.
* ``pg_async``: PostgreSQL through psycopg's asyncio connections on the loop (no thread), eight shared.
* ``pg_group`` and ``pg_app_group``: the two group commits on PostgreSQL.

Usage:
    python -m bench.write_ceiling                     # medians of 3 runs of each event, 50 tabs
    python -m bench.write_ceiling --repeats 1 --events 40 --only sqlite_thread --only sqlite_loop
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:
    sys.path.insert(0, str(BENCH_DIR))

from live_server import PROJECT_ROOT, group_cpu_seconds  # noqa: E402
from perf import CACHE, WS_PYTHON, WSLOAD_DIR, ensure_tools, reflex_tool_env  # noqa: E402

PORT = int(os.environ.get("BENCH_CEILING_PORT", "3473"))
PG_DB = os.environ.get("BENCH_CEILING_PG_DB", "mp_ceiling")
PG_URL = f"postgresql://postgres@127.0.0.1:5432/{PG_DB}"
STATE = "reflex___state____state.lean___lean____state"
EVENTS = (
    "sqlite_thread",
    "sqlite_one_thread",
    "sqlite_sqlalchemy",
    "sqlite_group",
    "sqlite_app_group",
    "sqlite_loop",
    "pg_thread",
    "pg_async",
    "pg_group",
    "pg_app_group",
)

# The floor's page and counter as ../shared/bench-tools/floor-app has them, plus the saving events.
APP = """
import asyncio
import os
import queue
import sqlite3
import sys
import threading

import anyio.to_thread
import psycopg
import reflex as rx
import sqlalchemy as sa

SQLITE_PATH = __SQLITE_PATH__
PG_URL = __PG_URL__
sys.path.insert(0, __PROJECT_ROOT__)  # the marketplace's own group committer, for the *_app_group events
os.environ.setdefault("DATABASE_URL", "sqlite:///" + SQLITE_PATH)
from marketplace.db import group_commit  # noqa: E402

APP_URLS = {"sqlite": "sqlite:///" + SQLITE_PATH, "pg": PG_URL.replace("postgresql://", "postgresql+psycopg://")}
_local = threading.local()
_write_turn = threading.Lock()
_loop_connection = None
_one_thread = None
_engine = sa.create_engine(
    "sqlite:///" + SQLITE_PATH, pool_size=48, max_overflow=0,
    connect_args={"check_same_thread": False, "isolation_level": None},
)
_ROWS = sa.table("saved", sa.column("tab"), sa.column("n"))
_INSERT = sa.insert(_ROWS).values(tab=sa.bindparam("tab"), n=sa.bindparam("n"))
_COUNT = sa.select(sa.func.count()).select_from(_ROWS).where(_ROWS.c.tab == sa.bindparam("tab"))


@sa.event.listens_for(_engine, "connect")
def _pragmas(connection, _record):
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute("PRAGMA busy_timeout=10000")


@sa.event.listens_for(_engine, "begin")
def _begin(connection):
    _write_turn.acquire()
    connection.exec_driver_sql("BEGIN IMMEDIATE")


@sa.event.listens_for(_engine, "commit")
@sa.event.listens_for(_engine, "rollback")
def _end(connection):
    if _write_turn.locked():
        _write_turn.release()


def _sqlite():
    connection = sqlite3.connect(SQLITE_PATH, isolation_level=None, check_same_thread=False, timeout=10)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    return connection


def _save_sqlite(connection, tab):
    with _write_turn:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO saved (tab, n) VALUES (?, 1)", (tab,))
        connection.execute("COMMIT")
    return connection.execute("SELECT count(*) FROM saved WHERE tab = ?", (tab,)).fetchone()[0]


def _save_sqlite_here(tab):
    connection = getattr(_local, "sqlite", None)
    if connection is None:
        connection = _local.sqlite = _sqlite()
    return _save_sqlite(connection, tab)


def _save_sqlalchemy(tab):
    with _engine.begin() as connection:
        connection.execute(_INSERT, {"tab": tab, "n": 1})
    with _engine.connect() as connection:
        return connection.execute(_COUNT, {"tab": tab}).scalar_one()


def _save_pg_here(tab):
    connection = getattr(_local, "pg", None)
    if connection is None:
        connection = _local.pg = psycopg.connect(PG_URL, autocommit=True)
    with connection.transaction():
        connection.execute("INSERT INTO saved (tab, n) VALUES (%s, 1)", (tab,))
    return connection.execute("SELECT count(*) FROM saved WHERE tab = %s", (tab,)).fetchone()[0]


def _save_in_session(tab):
    # What an app job does: its statements through the session it is given (here the group committer's).
    def work(session):
        session.execute(_INSERT, {"tab": tab, "n": 1})
        return session.execute(_COUNT, {"tab": tab}).scalar_one()

    return work


class _GroupCommit:
    # The least a group commit can be: one thread saves every row waiting when it wakes in one transaction
    # (executemany), counts the tabs' rows in one query, and answers them all with one call into the loop.

    def __init__(self, postgresql):
        self.postgresql = postgresql
        self.waiting = queue.SimpleQueue()
        self.thread = None

    def submit(self, tab):
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self.waiting.put((tab, future, loop))
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, daemon=True)
            self.thread.start()
        return future

    def _run(self):
        connection = psycopg.connect(PG_URL, autocommit=True) if self.postgresql else _sqlite()
        while True:
            batch = [self.waiting.get()]
            while True:
                try:
                    batch.append(self.waiting.get_nowait())
                except queue.Empty:
                    break
            tabs = [(tab,) for tab, _future, _loop in batch]
            distinct = sorted({tab for (tab,) in tabs})
            if self.postgresql:
                with connection.transaction():
                    connection.cursor().executemany("INSERT INTO saved (tab, n) VALUES (%s, 1)", tabs)
                counted = "SELECT tab, count(*) FROM saved WHERE tab = ANY(%s) GROUP BY tab"
                counts = dict(connection.execute(counted, (distinct,)).fetchall())
            else:
                with _write_turn:
                    connection.execute("BEGIN IMMEDIATE")
                    connection.executemany("INSERT INTO saved (tab, n) VALUES (?, 1)", tabs)
                    connection.execute("COMMIT")
                marks = ",".join("?" * len(distinct))
                counted = f"SELECT tab, count(*) FROM saved WHERE tab IN ({marks}) GROUP BY tab"
                counts = dict(connection.execute(counted, distinct).fetchall())
            batch[0][2].call_soon_threadsafe(_answer, [(future, counts[tab]) for tab, future, _loop in batch])


def _answer(answers):
    for future, value in answers:
        if not future.done():
            future.set_result(value)


_sqlite_group = _GroupCommit(postgresql=False)
_pg_group = _GroupCommit(postgresql=True)
_pg_pool = None
_pg_pool_lock = asyncio.Lock()


async def _pg_connection_pool():
    global _pg_pool
    async with _pg_pool_lock:
        if _pg_pool is None:
            pool = asyncio.Queue()
            for _ in range(8):
                pool.put_nowait(await psycopg.AsyncConnection.connect(PG_URL, autocommit=True))
            _pg_pool = pool
    return _pg_pool


class State(rx.State):
    count: int = 0

    @rx.event
    def inc(self):
        self.count += 1

    @rx.event
    async def sqlite_thread(self):
        self.count = await anyio.to_thread.run_sync(_save_sqlite_here, self.router.session.client_token)

    @rx.event
    async def sqlite_one_thread(self):
        global _one_thread
        _one_thread = _one_thread or anyio.CapacityLimiter(1)
        tab = self.router.session.client_token
        self.count = await anyio.to_thread.run_sync(_save_sqlite_here, tab, limiter=_one_thread)

    @rx.event
    async def sqlite_sqlalchemy(self):
        self.count = await anyio.to_thread.run_sync(_save_sqlalchemy, self.router.session.client_token)

    @rx.event
    async def sqlite_group(self):
        self.count = await _sqlite_group.submit(self.router.session.client_token)

    @rx.event
    async def sqlite_app_group(self):
        work = _save_in_session(self.router.session.client_token)
        self.count = await group_commit.run(work, APP_URLS["sqlite"])

    @rx.event
    def sqlite_loop(self):
        global _loop_connection
        if _loop_connection is None:
            _loop_connection = _sqlite()
        self.count = _save_sqlite(_loop_connection, self.router.session.client_token)

    @rx.event
    async def pg_thread(self):
        self.count = await anyio.to_thread.run_sync(_save_pg_here, self.router.session.client_token)

    @rx.event
    async def pg_async(self):
        tab = self.router.session.client_token
        pool = await _pg_connection_pool()
        connection = await pool.get()
        try:
            async with connection.transaction():
                await connection.execute("INSERT INTO saved (tab, n) VALUES (%s, 1)", (tab,))
            cursor = await connection.execute("SELECT count(*) FROM saved WHERE tab = %s", (tab,))
            self.count = (await cursor.fetchone())[0]
        finally:
            pool.put_nowait(connection)

    @rx.event
    async def pg_group(self):
        self.count = await _pg_group.submit(self.router.session.client_token)

    @rx.event
    async def pg_app_group(self):
        self.count = await group_commit.run(_save_in_session(self.router.session.client_token), APP_URLS["pg"])


def index() -> rx.Component:
    return rx.el.main(
        rx.el.h1("Welcome to Reflex!", class_name="text-4xl font-bold"),
        rx.el.p("Get started by editing lean/lean.py", class_name="text-lg text-gray-600"),
        rx.el.button(
            "Clicked ", State.count, on_click=State.inc, class_name="px-4 py-2 rounded bg-blue-600 text-white"
        ),
        class_name="min-h-[85vh] flex flex-col items-center justify-center gap-5",
    )


app = rx.App()
app.add_page(index)
"""


def prepare(folder: Path) -> None:
    """A copy of the floor's cached project (bench.perf builds it) with the saving events in its one state."""
    floor = CACHE / "floor"
    if not (floor / "rxconfig.py").exists():
        raise SystemExit("run python -m bench.perf --only events once first: it builds the floor app in bench/.cache")
    if not folder.exists():
        shutil.copytree(floor, folder, symlinks=True, ignore=shutil.ignore_patterns(".states"))
    data = folder / "data"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir()
    sqlite_path = data / "saved.db"
    import sqlite3

    with sqlite3.connect(sqlite_path) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE saved (id INTEGER PRIMARY KEY, tab TEXT NOT NULL, n INTEGER NOT NULL)")
        connection.execute("CREATE INDEX saved_tab ON saved (tab)")
    app = (
        APP.replace("__SQLITE_PATH__", repr(str(sqlite_path)))
        .replace("__PG_URL__", repr(PG_URL))
        .replace("__PROJECT_ROOT__", repr(str(PROJECT_ROOT)))
    )
    target = folder / "lean/lean.py"
    if not target.exists() or target.read_text() != app:
        target.write_text(app)


def prepare_postgresql() -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {PG_DB}")
        connection.execute(f"CREATE DATABASE {PG_DB}")
    with psycopg.connect(PG_URL, autocommit=True) as connection:
        connection.execute("CREATE TABLE saved (id serial PRIMARY KEY, tab text NOT NULL, n integer NOT NULL)")
        connection.execute("CREATE INDEX saved_tab ON saved (tab)")


def serve(folder: Path, log: Path) -> subprocess.Popen:
    env = {**reflex_tool_env(), "REFLEX_STATES_WORKDIR": str(folder / ".states")}
    shutil.rmtree(folder / ".states", ignore_errors=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "reflex", "run", "--env", "prod", "--frontend-port", str(PORT),
         "--backend-port", str(PORT), "--loglevel", "warning"],
        cwd=folder, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    import httpx

    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the app exited; see {log}")
        try:
            if httpx.get(f"http://127.0.0.1:{PORT}/ping", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"the app did not come up; see {log}")


def run(event: str, events: int, server: subprocess.Popen) -> dict:
    """One wsload run of ``event`` at 50 tabs: its result, with the server's CPU (% of a core) while it ran."""
    cpu0, t0 = group_cpu_seconds(server.pid), time.monotonic()
    out = subprocess.run(
        [str(WS_PYTHON), str(WSLOAD_DIR / "wsload.py"), "--url", f"http://127.0.0.1:{PORT}", "--clients", "50",
         "--events", str(events), "--state-event", f"{STATE}.{event}", "--counter", "count"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    cpu = 100 * (group_cpu_seconds(server.pid) - cpu0) / (time.monotonic() - t0)
    for line in reversed(out.stdout.splitlines()):
        if line.startswith("{"):
            result = json.loads(line)
            result["server_cpu"] = cpu
            return result
    raise RuntimeError(f"wsload printed no result: {out.stderr[-1500:]}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--events", type=int, default=60, help="events per tab and run")
    p.add_argument("--only", action="append", choices=EVENTS)
    args = p.parse_args(argv)
    ensure_tools(["events"])
    folder = CACHE / "floor-writes"
    prepare(folder)
    prepare_postgresql()
    server = serve(folder, CACHE / "floor-writes.log")
    try:
        print(f"bench.write_ceiling: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
              f"50 tabs, {args.events} events a tab, medians of {args.repeats}", flush=True)  # fmt: skip
        run("inc", 20, server)  # warm up
        print(f"{'event':<20}{'ev/s':>9}{'counter':>10}{'ratio':>8}{'p95 ms':>9}{'CPU %':>7}{'errors':>8}")
        for event in args.only or EVENTS:
            ours, ref = [], []
            for _ in range(args.repeats):
                ref.append(run("inc", args.events, server))
                ours.append(run(event, args.events, server))
            if any(r.get("events_per_s") is None for r in ours):
                print(f"{event:<20} failed: {ours[-1]}", flush=True)
                continue
            eps = statistics.median(r["events_per_s"] for r in ours)
            ref_eps = statistics.median(r["events_per_s"] for r in ref)
            p95 = statistics.median(r["p95_ms"] for r in ours)
            cpu = statistics.median(r["server_cpu"] for r in ours)
            errors = sum(r.get("errors", 0) for r in ours)
            print(f"{event:<20}{eps:>9,.0f}{ref_eps:>10,.0f}{eps / ref_eps:>7.2f}x{p95:>9.1f}{cpu:>7.0f}{errors:>8}",
                  flush=True)  # fmt: skip
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
