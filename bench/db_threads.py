"""A cart change's database work beside other threads: what the interpreter lock costs it (issue 14).

Usage:
    python -m bench.db_threads                      # SQLite, a demo catalog seeded in a temp folder
    python -m bench.db_threads --database postgresql  # a fresh database mp_db_threads on the local server

In process, no server: ``--learners`` learners each put ten courses into their carts, every add with its cart read
again in a committed session of its own, the work ``CartState.add`` hands to a database thread
(``marketplace.states.cart._add_on_server``). Three ways, the carts emptied before each:

* **one thread**: the adds one after another; the reference.
* **eight threads**: the same adds shared among eight threads, as a busy worker's database threads share them.
* **beside a busy thread**: one thread adding while another runs Python without pause, as a worker's event loop
  does under load.

Each prints the wall time and the adding threads' CPU time per add, and their ratios to one thread's. The third shows
the interpreter lock: the database driver lets go of it around every statement and every row it steps through,
and the adding thread then waits for the busy thread to give it back (Python's switch interval, 5 ms, at most).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH_DIR.parent))
sys.path.insert(0, str(BENCH_DIR))

COURSES_PER_CART = 10
PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/mp_db_threads"


def _learners(url: str, count: int) -> list[int]:
    """``count`` new learners (no password needed: nobody signs in)."""
    from sqlalchemy import insert

    from marketplace.db.engine import get_engine
    from marketplace.db.models import User

    tag = f"threads{int(time.time()) % 100000}"
    rows = [
        {"first_name": f"Thread{n}", "last_name": "Learner", "username": f"{tag}x{n}", "username_key": f"{tag}x{n}",
         "email": f"{tag}x{n}@bench.example", "password_hash": "-", "role": "learner", "email_verified": True}
        for n in range(count)
    ]  # fmt: skip
    with get_engine(url).begin() as connection:
        connection.execute(insert(User.__table__), rows)
        found = connection.execute(User.__table__.select().where(User.__table__.c.username.like(f"{tag}x%")))
        return [row.id for row in found]


def _for_sale(url: str) -> list[int]:
    """The first paid, published courses: what the learners add."""
    from sqlalchemy import text

    from marketplace.db.engine import get_engine

    with get_engine(url).connect() as connection:
        query = text("SELECT id FROM courses WHERE status = 'published' AND price_kobo > 0 ORDER BY id LIMIT :n")
        return [row.id for row in connection.execute(query, {"n": COURSES_PER_CART})]


def _run(url: str, learners: list[int], courses: list[int], threads: int, busy: bool) -> tuple[float, float]:
    """(wall ms, CPU ms) per add for the learners' carts filled by ``threads`` threads (beside a busy one)."""
    from sqlalchemy import text

    from marketplace.db.engine import session_scope
    from marketplace.states.cart import _add_on_server

    with session_scope(url) as session:
        ids = ",".join(map(str, learners))
        session.execute(text(f"DELETE FROM cart_entries WHERE user_id IN ({ids})"))

    spent: list[float] = []

    def fill(share: list[int]) -> None:
        started = time.thread_time()
        for course_id in courses:
            for user_id in share:
                with session_scope(url) as session:
                    _add_on_server(session, user_id, course_id)
        spent.append(time.thread_time() - started)

    stop = threading.Event()

    def spin() -> None:  # pure Python, like an event loop that always has work
        values = {"items": list(range(40)), "text": "x" * 200}
        while not stop.is_set():
            repr(values)

    spinner = threading.Thread(target=spin) if busy else None
    workers = [threading.Thread(target=fill, args=(learners[k::threads],)) for k in range(threads)]
    if spinner:
        spinner.start()
    wall = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    wall = time.perf_counter() - wall
    stop.set()
    if spinner:
        spinner.join()
    adds = len(learners) * len(courses)
    return 1000 * wall / adds, 1000 * sum(spent) / adds


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--learners", type=int, default=30, help="learners, ten adds each (default 30)")
    p.add_argument(
        "--database",
        choices=["sqlite", "postgresql"],
        default="sqlite",
        help="a SQLite file in a temp folder (default), or a fresh PostgreSQL database (mp_db_threads)",
    )
    p.add_argument("--repeats", type=int, default=3, help="runs of each way; the median is printed (default 3)")
    args = p.parse_args(argv)

    from live_server import create_database

    from marketplace.manage import migrate, seed

    folder = tempfile.mkdtemp(prefix="db-threads-")
    url = PG_URL if args.database == "postgresql" else f"sqlite:///{folder}/demo.db"
    create_database(url)
    os.environ.setdefault("DATA_DIR", folder)
    migrate(url)
    seed(url)
    learners, courses = _learners(url, args.learners), _for_sale(url)
    _run(url, learners[:2], courses, 1, False)  # warm: statement caches, pool

    ways: list[tuple[str, Callable[[], tuple[float, float]]]] = [
        ("one thread", lambda: _run(url, learners, courses, 1, False)),
        ("eight threads", lambda: _run(url, learners, courses, 8, False)),
        ("beside a busy thread", lambda: _run(url, learners, courses, 1, True)),
    ]
    results: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in ways}
    for _ in range(args.repeats):  # alternating, so the machine's drift falls on every way alike
        for name, way in ways:
            results[name].append(way())

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    base_wall = median([w for w, _ in results["one thread"]])
    base_cpu = median([c for _, c in results["one thread"]])
    print(f"{len(learners)} learners x {len(courses)} adds with the cart read again, {url.split(':')[0]}, "
          f"medians of {args.repeats}")  # fmt: skip
    print(f"{'':24}{'wall/add':>10}{'ratio':>8}{'CPU/add':>10}{'ratio':>8}")
    for name, _ in ways:
        wall, cpu = median([w for w, _ in results[name]]), median([c for _, c in results[name]])
        print(f"{name:24}{wall:>8.2f} ms{wall / base_wall:>7.2f}x{cpu:>8.2f} ms{cpu / base_cpu:>7.2f}x")
    print("(CPU: the adding threads' own, not the busy thread's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
