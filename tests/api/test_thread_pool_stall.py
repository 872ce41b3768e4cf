"""More requests than worker threads, all writing: none stalls holding the database while it waits for a thread.

FastAPI runs a route's dependencies, the route and its session's ending as separate steps on the shared thread
pool. If a request's transaction stayed open between steps, it would hold SQLite's write lock (or a PostgreSQL
connection) while waiting for a thread that requests waiting for that lock occupy: a stall until the lock
timeout, then errors. Here two threads serve sixteen concurrent signed-in writers.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anyio.to_thread
from sqlmodel import func, select

from marketplace.db.models import CartEntry
from marketplace.domain.sessions import issue_token
from tests.factories import make_course, make_user

WRITERS = 16


def test_sixteen_signed_in_writers_on_two_threads_all_succeed_promptly(api_client, session):
    course = make_course(session)
    tokens = [issue_token(session, make_user(session)) for _ in range(WRITERS)]
    session.commit()

    def two_threads() -> None:
        anyio.to_thread.current_default_thread_limiter().total_tokens = 2

    api_client.portal.call(two_threads)
    start = threading.Barrier(WRITERS)

    def add(token: str) -> int:
        start.wait()
        headers = {"Authorization": f"Bearer {token}"}
        return api_client.post("/api/cart/add-to-cart", json={"courseId": course.id}, headers=headers).status_code

    began = time.perf_counter()
    with ThreadPoolExecutor(WRITERS) as pool:
        statuses = list(pool.map(add, tokens))
    took = time.perf_counter() - began

    assert statuses == [201] * WRITERS
    assert session.exec(select(func.count()).select_from(CartEntry)).one() == WRITERS
    assert took < 8, f"{WRITERS} small writes took {took:.1f} s on two threads: something waited out a lock"
