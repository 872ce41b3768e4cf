"""Load with a crash in the middle: N simulated learners buy courses through the JSON API while the server is
SIGKILLed and restarted; then the database, the sandbox's ledger and the mail inbox are checked against each other.

Usage:
    python bench/load_fault.py                                   # 100 learners, 120 s, SQLite, one kill
    python bench/load_fault.py --learners 5 --duration 20        # a quick try
    python bench/load_fault.py --learners 300 --duration 120 \\
        --database-url postgresql+psycopg://postgres@127.0.0.1:5432/mp_bench_c --redis-url redis://127.0.0.1:6379/9
    python bench/load_fault.py --no-kill                          # the same load without the crash
    python bench/load_fault.py --snapshot                         # serve the last commit, not the work tree
    python bench/load_fault.py --server-env DB_THREADS=40         # an extra setting for the server

What it does:
* Starts the app's production server (granian, as ``make run`` and the browser tests serve it) on its own port
  with its own DATA_DIR and database in a temp folder (migrated, demo catalog seeded; the front end is built into
  .web-bench/ once and reused while its sources do not change). A PostgreSQL ``--database-url`` is created fresh
  and dropped at the end (``--keep-db`` keeps it); with ``--redis-url`` the server runs 2 workers sharing state
  there (that Redis database is flushed first). Mail goes to an SMTP server this script runs (aiosmtpd).
* Each learner loops: sign up, read the verification email and verify with its link's token, log in, add a
  course to the cart, pay for it in the sandbox (initiate, the sandbox page's "Pay by card" form, the return
  check GET /api/payments/verify), then review the course. ``--transfer-share`` makes that share of payments
  bank transfers (settled by a background job and the sandbox's signed webhook) instead of card payments.
* Halfway through (``--kill-at``) the server's whole process group is SIGKILLed and started again the same way.
  Requests that fail while it is down count as "refused during restart"; the learner retries its step after a
  short wait. Learners start no new round after ``--duration`` and finish the one they are in.
* At the end it waits for the job queue to drain and checks, straight in the database: every payment the
  sandbox's ledger (DATA_DIR/sandbox-payments) holds as successful is a paid order, enrolled exactly once; no
  enrollment without a paid order; one receipt email per paid order and no Message-ID twice in the inbox; no
  mail job pending or failed; every user got a verification mail; nothing a reply acknowledged is missing.
* Prints per-step p50/p95 latencies, HTTP status counts, the /api/health probe (every second), restart times,
  the job table, the checks and the server log's errors (its path too), and exits 1 when anything was lost or
  duplicated or any request got an HTTP 5xx, 2 when the harness itself failed.

Server settings it sets (environment variables, see the README): LOGIN_MAX_FAILURES_PER_IP=100000,
LOGIN_MAX_FAILURES=1000 and SIGNUP_MAX_PER_IP=100000 (every learner comes from 127.0.0.1),
ACCESS_TOKEN_MINUTES=1440 (learners keep one token), MAIL_RESEND_PAUSE_SECONDS=0, SANDBOX_TRANSFER_DELAY=2,
MARKETPLACE_ENV=development.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import (
    DEFAULT_PORT,
    DEFAULT_WEB_DIR,
    LOAD_SETTINGS,
    Inbox,
    LiveServer,
    code_under_test,
    configure_environment,
    drop_database,
    free_port,
    log_findings,
    ms,
    own_cpu_seconds,
    pct,
    prepare_app,
    run_from_snapshot,
)

STEPS = (
    "signup",
    "mail_wait",
    "verify_email",
    "login",
    "add_to_cart",
    "initiate",
    "sandbox_pay",
    "payment_verify",
    "review",
)
MAIL_DOMAIN = "lf-bench.example"
BILLING = {"country": "Nigeria", "state": "Lagos"}


class Abandon(Exception):
    """The learner gives up this round (the reason is counted)."""


# --------------------------------------------------------------------------------------------------------------
# Recording
# --------------------------------------------------------------------------------------------------------------


@dataclass
class Restart:
    killed_at: float | None = None
    up_at: float | None = None
    processes_killed: int = 0
    start_seconds: float | None = None

    def covers(self, t0: float, t1: float) -> bool:
        """Whether a request that ran from t0 to t1 overlapped the outage (plus a second of grace)."""
        if self.killed_at is None or t1 < self.killed_at:
            return False
        return self.up_at is None or t0 <= self.up_at + 1.0


@dataclass
class Stats:
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    status: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    refused_in_restart: Counter = field(default_factory=Counter)
    transport_outside: Counter = field(default_factory=Counter)
    transport_samples: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    unexpected: Counter = field(default_factory=Counter)
    unexpected_samples: dict[str, str] = field(default_factory=dict)
    rounds_done: int = 0
    rounds_started: int = 0
    abandoned: Counter = field(default_factory=Counter)
    # What replies acknowledged, to find in the database afterwards.
    acked_signups: set[str] = field(default_factory=set)
    acked_verified: set[str] = field(default_factory=set)
    acked_paid: set[str] = field(default_factory=set)
    acked_reviews: set[int] = field(default_factory=set)
    return_answered: set[str] = field(default_factory=set)  # tx_refs whose return check got any answer
    health: list[tuple[float, float | None, str]] = field(default_factory=list)  # (t, latency, outcome)

    def note_unexpected(self, key: str, sample: str) -> None:
        self.unexpected[key] += 1
        self.unexpected_samples.setdefault(key, sample[:300])


# --------------------------------------------------------------------------------------------------------------
# The learners
# --------------------------------------------------------------------------------------------------------------


class Run:
    def __init__(self, args, server: LiveServer, inbox: Inbox, courses: list[tuple[int, str]]) -> None:
        self.args = args
        self.server = server
        self.inbox = inbox
        self.courses = courses  # (id, total the browser shows, naira text)
        self.stats = Stats()
        self.restart = Restart()
        self.t_start = 0.0
        self.stop_new_at = 0.0
        self.hard_stop_at = 0.0
        self.tag = f"{int(time.time()) % 100000:05d}"
        self.client: httpx.AsyncClient | None = None
        self.learners_done = asyncio.Event()

    def url(self, path: str) -> str:
        return f"{self.server.url}{path}"

    async def call(self, step: str, method: str, path: str, **kwargs) -> tuple[httpx.Response, bool]:
        """One request, retried while the server is unreachable (or after a 5xx, three times at most).

        Returns the response and whether an earlier attempt of it failed in transit (so the server may have
        done it already).
        """
        st = self.stats
        transport_failures = 0
        server_failures = 0
        while True:
            if time.monotonic() > self.hard_stop_at:
                raise Abandon(f"{step}: run's hard stop")
            t0 = time.monotonic()
            try:
                response = await self.client.request(method, self.url(path), **kwargs)
            except httpx.TransportError as exc:
                t1 = time.monotonic()
                transport_failures += 1
                if self.restart.covers(t0, t1):
                    st.refused_in_restart[step] += 1
                else:
                    kind = f"{step}: {type(exc).__name__}"
                    st.transport_outside[kind] += 1
                    if len(st.transport_samples) < 20:
                        st.transport_samples.append(
                            f"t+{t1 - self.t_start:.1f}s {kind} after {t1 - t0:.2f}s: {exc!r}"[:300]
                        )
                    if transport_failures > 20:
                        raise Abandon(f"{step}: unreachable outside the restart") from exc
                await asyncio.sleep(0.5 + random.random() * 0.5)
                continue
            t1 = time.monotonic()
            st.latency[step].append(t1 - t0)
            st.status[step][response.status_code] += 1
            if response.status_code >= 500:
                server_failures += 1
                st.server_errors.append(
                    f"t+{t1 - self.t_start:.1f}s {step} {method} {path} -> {response.status_code}: "
                    f"{response.text[:200]!r}"
                )
                if server_failures >= 3:
                    raise Abandon(f"{step}: HTTP {response.status_code}")
                await asyncio.sleep(1)
                continue
            return response, transport_failures > 0

    def expect(self, step: str, response: httpx.Response, ok: tuple[int, ...]) -> dict:
        if response.status_code not in ok:
            self.stats.note_unexpected(f"{step} -> {response.status_code}", response.text)
            raise Abandon(f"{step}: HTTP {response.status_code}")
        try:
            return response.json() if response.content else {}
        except ValueError:
            return {}

    async def wait_for_mail(self, address: str) -> str:
        t0 = time.monotonic()
        deadline = t0 + self.args.mail_timeout
        while time.monotonic() < min(deadline, self.hard_stop_at):
            token = self.inbox.verification_token(address)
            if token:
                self.stats.latency["mail_wait"].append(time.monotonic() - t0)
                return token
            await asyncio.sleep(0.1)
        raise Abandon(f"mail_wait: no verification mail within {self.args.mail_timeout:.0f} s")

    async def one_round(self, learner: int, n: int) -> None:
        st = self.stats
        email = f"l{self.tag}-{learner}-{n}@{MAIL_DOMAIN}"
        password = f"pw-{learner}-{n}-secret"
        signup = {
            "firstName": "Ada",
            "lastName": f"Learner{learner}",
            "userName": f"l{self.tag}x{learner}x{n}",
            "email": email,
            "password": password,
        }
        response, retried = await self.call("signup", "POST", "/api/auth/signup", json=signup)
        if not (retried and response.status_code == 409):  # 409 after a lost reply: it was saved the first time
            self.expect("signup", response, (201,))
        st.acked_signups.add(email)

        token = await self.wait_for_mail(email)
        response, retried = await self.call("verify_email", "POST", "/api/auth/verify-email", json={"token": token})
        if not (retried and response.status_code == 400):  # 400 after a lost reply: the token was used then
            self.expect("verify_email", response, (200,))
        st.acked_verified.add(email)

        response, _ = await self.call("login", "POST", "/api/auth/login", json={"email": email, "password": password})
        body = self.expect("login", response, (200,))
        headers = {"Authorization": f"Bearer {body['token']}"}
        user_id = body["user"]["id"]

        course_id, total = random.choice(self.courses)
        response, _ = await self.call(
            "add_to_cart", "POST", "/api/cart/add-to-cart", json={"courseId": course_id}, headers=headers
        )
        self.expect("add_to_cart", response, (200, 201))

        payment = {"courses": [course_id], "totalAmount": total, "email": email, **BILLING}
        response, _ = await self.call("initiate", "POST", "/api/sandbox/initiate", json=payment, headers=headers)
        started = self.expect("initiate", response, (200,))
        link = started["checkoutLink"]
        action = "transfer" if random.random() < self.args.transfer_share else "card"
        response, _ = await self.call("sandbox_pay", "POST", urlsplit(link).path, data={"action": action})
        if response.status_code != 303:
            self.expect("sandbox_pay", response, (303,))
        params = dict(parse_qsl(urlsplit(response.headers["location"]).query))
        params["provider"] = "sandbox"

        deadline = time.monotonic() + 60
        while True:
            response, _ = await self.call(
                "payment_verify", "GET", "/api/payments/verify", params=params, headers=headers
            )
            outcome = self.expect("payment_verify", response, (200,))
            st.return_answered.add(started["txRef"])
            if outcome.get("status") == "paid":
                st.acked_paid.add(started["txRef"])
                break
            if outcome.get("status") != "pending" or time.monotonic() > deadline:
                st.note_unexpected(f"payment_verify status {outcome.get('status')} ({action})", response.text)
                raise Abandon(f"payment_verify: {outcome.get('status')}")
            await asyncio.sleep(1)

        review = {"rating": random.randint(3, 5), "comment": f"Bench review by learner {learner}, round {n}."}
        response, _ = await self.call(
            "review", "POST", f"/api/review/addReview/{user_id}/{course_id}", json=review, headers=headers
        )
        created = self.expect("review", response, (201,))
        if isinstance(created.get("id"), int):
            st.acked_reviews.add(created["id"])

    async def learner(self, i: int) -> None:
        await asyncio.sleep(i / self.args.learners * self.args.ramp)  # learners arrive over --ramp seconds
        n = 0
        while time.monotonic() < self.stop_new_at:
            n += 1
            self.stats.rounds_started += 1
            try:
                await self.one_round(i, n)
                self.stats.rounds_done += 1
            except Abandon as exc:
                self.stats.abandoned[str(exc)] += 1
                await asyncio.sleep(1)
            except Exception as exc:  # noqa: BLE001 - a bug here, or a reply of the wrong shape
                self.stats.abandoned[f"client error: {type(exc).__name__}: {exc}"[:200]] += 1
                await asyncio.sleep(1)

    async def health_probe(self) -> None:
        async with httpx.AsyncClient(timeout=10) as probe:
            while not self.learners_done.is_set():
                t0 = time.monotonic()
                try:
                    r = await probe.get(self.url("/api/health"))
                    outcome = str(r.status_code)
                    latency = time.monotonic() - t0
                except httpx.HTTPError as exc:
                    outcome, latency = type(exc).__name__, None
                self.stats.health.append((t0, latency, outcome))
                await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - t0)))

    async def killer(self) -> None:
        if self.args.no_kill:
            return
        await asyncio.sleep(max(0.0, self.t_start + self.args.kill_at - time.monotonic()))
        print(f"[t+{time.monotonic() - self.t_start:.1f}s] SIGKILL to the server's process group", flush=True)
        self.restart.killed_at = time.monotonic()
        self.server_cpu += self.server.cpu_seconds() - self.server_cpu_base
        self.restart.processes_killed = await asyncio.to_thread(self.server.kill)
        self.restart.start_seconds = await asyncio.to_thread(self.server.start)
        self.restart.up_at = time.monotonic()
        self.server_cpu_base = self.server.cpu_seconds()
        print(
            f"[t+{self.restart.up_at - self.t_start:.1f}s] server up again "
            f"(down {self.restart.up_at - self.restart.killed_at:.1f} s)",
            flush=True,
        )

    async def progress(self) -> None:
        while not self.learners_done.is_set():
            await asyncio.sleep(10)
            st = self.stats
            print(
                f"[t+{time.monotonic() - self.t_start:.0f}s] rounds done {st.rounds_done}, abandoned "
                f"{sum(st.abandoned.values())}, 5xx {len(st.server_errors)}, mails {len(self.inbox.all())}",
                flush=True,
            )

    async def main(self) -> None:
        a = self.args
        limits = httpx.Limits(max_connections=a.learners + 20, max_keepalive_connections=a.learners + 20)
        timeout = httpx.Timeout(a.request_timeout, connect=5)
        async with httpx.AsyncClient(limits=limits, timeout=timeout) as client:
            self.client = client
            self.t_start = time.monotonic()
            self.server_cpu, self.server_cpu_base, own0 = 0.0, self.server.cpu_seconds(), own_cpu_seconds()
            self.stop_new_at = self.t_start + a.duration
            self.hard_stop_at = self.stop_new_at + a.grace
            aux = [asyncio.create_task(c) for c in (self.health_probe(), self.progress())]
            killer = asyncio.create_task(self.killer())
            await asyncio.gather(*(self.learner(i) for i in range(a.learners)))
            self.learners_done.set()
            await killer
            await asyncio.gather(*aux)
        self.t_end = time.monotonic()
        self.server_cpu += self.server.cpu_seconds() - self.server_cpu_base
        self.own_cpu = own_cpu_seconds() - own0


# --------------------------------------------------------------------------------------------------------------
# After the load: the queue, the database, the ledger and the inbox
# --------------------------------------------------------------------------------------------------------------


def wait_for_jobs(url: str, timeout: float) -> tuple[float, dict[str, int]]:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    started = time.monotonic()
    try:
        while True:
            with engine.connect() as conn:
                left = dict(
                    conn.execute(
                        text("SELECT status, COUNT(*) FROM jobs WHERE status IN ('pending', 'running') GROUP BY status")
                    ).all()
                )
            if not left or time.monotonic() - started > timeout:
                return time.monotonic() - started, left
            time.sleep(0.5)
    finally:
        engine.dispose()


def check_everything(run: Run, env) -> list[tuple[str, str, bool]]:
    """The integrity checks: (what, figure, passed)."""
    from sqlalchemy import create_engine, text

    checks: list[tuple[str, str, bool]] = []

    def check(what: str, bad: list | int, total: int | None = None, *, show: int = 5) -> None:
        n = bad if isinstance(bad, int) else len(bad)
        figure = f"{n}" + (f" of {total}" if total is not None else "")
        if not isinstance(bad, int) and bad:
            figure += f"  e.g. {bad[:show]}"
        checks.append((what, figure, n == 0))

    engine = create_engine(env.database_url)
    like = f"%@{MAIL_DOMAIN}"
    with engine.connect() as conn:
        users = {
            r.email: r
            for r in conn.execute(text("SELECT id, email, email_verified FROM users WHERE email LIKE :d"), {"d": like})
        }
        user_ids = {r.id for r in users.values()}
        orders = {
            r.tx_ref: r
            for r in conn.execute(text("SELECT id, user_id, tx_ref, status FROM orders"))
            if r.user_id in user_ids
        }
        order_by_id = {r.id: r for r in orders.values()}
        lines = defaultdict(list)
        for r in conn.execute(text("SELECT order_id, course_id FROM order_lines")):
            if r.order_id in order_by_id:
                lines[r.order_id].append(r.course_id)
        enrollments = [
            r
            for r in conn.execute(text("SELECT id, user_id, course_id, order_id FROM enrollments"))
            if r.user_id in user_ids
        ]
        review_ids = {r.id for r in conn.execute(text("SELECT id FROM reviews"))}
        jobs = conn.execute(text("SELECT kind, status, key, attempts, last_error FROM jobs")).all()
    engine.dispose()

    ledger = {}
    for path in sorted((env.data_dir / "sandbox-payments").glob("tx-*.json")):
        tx = json.loads(path.read_text())
        ledger[tx["tx_ref"]] = tx["status"]
    successful = [ref for ref, status in ledger.items() if status == "successful"]
    paid = [o for o in orders.values() if o.status == "paid"]

    unpaid = [r for r in successful if getattr(orders.get(r), "status", None) != "paid"]
    check("ledger successful -> order not paid", unpaid, len(successful))
    if unpaid:
        never = [r for r in unpaid if r not in run.stats.return_answered]
        checks.append(
            (
                "  of which the learner never got an answer to the return check (stopped by the run's hard stop or a "
                "timeout; the sandbox sends no webhook for card payments, so only the return check settles them)",
                f"{len(never)}",
                True,
            )
        )
    check(
        "paid order without a successful payment in the ledger",
        [o.tx_ref for o in paid if ledger.get(o.tx_ref) != "successful"],
        len(paid),
    )
    per_pair = Counter((e.user_id, e.course_id) for e in enrollments)
    check("duplicate enrollments (user, course)", [p for p, n in per_pair.items() if n > 1], len(enrollments))
    missing = []
    wrong_count = []
    have_pairs = {(e.user_id, e.course_id) for e in enrollments}
    by_order = Counter(e.order_id for e in enrollments)
    for o in paid:
        want = lines[o.id]
        if any((o.user_id, c) not in have_pairs for c in want):
            missing.append(o.tx_ref)
        if by_order[o.id] != len(want):
            wrong_count.append(f"{o.tx_ref}: {by_order[o.id]} enrollments for {len(want)} lines")
    check("paid order not enrolled", missing, len(paid))
    check("paid order with enrollment count != its lines", wrong_count, len(paid))
    paid_ids = {o.id for o in paid}
    check(
        "enrollment without a paid order", [e.id for e in enrollments if e.order_id not in paid_ids], len(enrollments)
    )

    inbox = run.inbox.all()
    receipts = Counter()
    for mail in inbox:
        if "order" in mail.subject and "confirmed" in mail.subject:
            ref = next((w for w in mail.subject.split() if w.startswith("NL-")), "")
            receipts[ref] += 1
    check("paid order without a receipt email", [o.tx_ref for o in paid if receipts[o.tx_ref] == 0], len(paid))
    check("paid order with more than one receipt email", [f"{r} x{n}" for r, n in receipts.items() if n > 1], len(paid))
    check("receipt for an order that is not paid", [r for r in receipts if r not in {o.tx_ref for o in paid}])
    ids = Counter(m.message_id for m in inbox)
    check("Message-ID received more than once", [f"{i} x{n}" for i, n in ids.items() if n > 1], len(inbox))
    check("messages without a Message-ID", sum(1 for m in inbox if not m.message_id), len(inbox))

    mail_jobs = [j for j in jobs if j.kind == "mail.send"]
    check(
        "mail.send jobs not done",
        [f"{j.key} {j.status} x{j.attempts} {j.last_error}" for j in mail_jobs if j.status != "done"],
        len(mail_jobs),
    )
    check(
        "other jobs not done",
        [f"{j.kind} {j.key} {j.status} {j.last_error}" for j in jobs if j.kind != "mail.send" and j.status != "done"],
        len(jobs) - len(mail_jobs),
    )
    no_verify = [e for e in users if not any("Verify your email" in m.subject for m in run.inbox.to(e))]
    check("user without a verification email", no_verify, len(users))
    many_verify = [e for e in users if sum("Verify your email" in m.subject for m in run.inbox.to(e)) > 1]
    check("user with more than one verification email", many_verify, len(users))

    st = run.stats
    check("acknowledged sign-up missing", [e for e in st.acked_signups if e not in users], len(st.acked_signups))
    check(
        "acknowledged verification not saved",
        [e for e in st.acked_verified if not getattr(users.get(e), "email_verified", False)],
        len(st.acked_verified),
    )
    check(
        "acknowledged payment not paid",
        [r for r in st.acked_paid if getattr(orders.get(r), "status", None) != "paid"],
        len(st.acked_paid),
    )
    check("acknowledged review missing", [r for r in st.acked_reviews if r not in review_ids], len(st.acked_reviews))
    check("HTTP 5xx answers", st.server_errors, sum(sum(c.values()) for c in st.status.values()), show=3)
    run.summary_tables = {
        "ledger": Counter(ledger.values()),
        "orders": Counter(o.status for o in orders.values()),
        "jobs": Counter((j.kind, j.status) for j in jobs),
        "users": len(users),
        "enrollments": len(enrollments),
        "inbox": len(inbox),
        "receipts": sum(receipts.values()),
    }
    return checks


# --------------------------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------------------------


def report(run: Run, env, args, checks, drained: tuple[float, dict], started_in: float) -> bool:
    st = run.stats
    elapsed = run.t_end - run.t_start
    print("\n" + "=" * 100)
    db_kind = "PostgreSQL" if env.database_url.startswith("postgresql") else "SQLite"
    print(
        f"load_fault: {args.learners} learners, {args.duration:.0f} s of new rounds (+ finishing: {elapsed:.0f} s "
        f"in all), arriving over {args.ramp:.0f} s, {db_kind}{' + Redis' if env.redis_url else ''}, "
        f"{env.workers} server worker(s), "
        f"{'no kill' if args.no_kill else f'SIGKILL at t+{args.kill_at:.0f}s'}"
    )
    print(f"server log: {env.log_path}")
    print(f"code under test: {code_under_test()}")
    print(f"temp folder: {env.tmp}   database: {env.database_url}")
    print(
        f"server settings set for the load: {', '.join(f'{k}={v}' for k, v in {**LOAD_SETTINGS, **env.extra}.items())} "
        "(only failed logins are throttled; sign-up has no throttle)"
    )
    print(
        f"first start: {started_in:.1f} s to healthy; load average now {os.getloadavg()[0]:.2f} (1 min), "
        f"{os.getloadavg()[1]:.2f} (5 min) -- other work on the machine shares the 2 cores"
    )
    if run.restart.killed_at is not None:
        down = (run.restart.up_at or run.t_end) - run.restart.killed_at
        print(
            f"restart: SIGKILL to {run.restart.processes_killed} processes at "
            f"t+{run.restart.killed_at - run.t_start:.1f}s; healthy again after {down:.1f} s "
            f"(server start {run.restart.start_seconds or 0:.1f} s)"
        )
    print(
        f"CPU over the load (100% = one core; 2 cores): server {run.server_cpu / elapsed * 100:.0f}%, "
        f"this load generator + SMTP server {run.own_cpu / elapsed * 100:.0f}%"
    )
    print(
        f"rounds: {st.rounds_done} completed of {st.rounds_started} started "
        f"({st.rounds_done / max(elapsed, 1e-9):.2f}/s)"
    )
    if st.abandoned:
        print("abandoned rounds:")
        for reason, n in st.abandoned.most_common(15):
            print(f"  {n:>5}  {reason}")

    print("\nstep               count   p50 ms   p95 ms   max ms   statuses")
    for step in STEPS:
        lat = st.latency.get(step, [])
        statuses = " ".join(f"{code}:{n}" for code, n in sorted(st.status.get(step, Counter()).items()))
        print(
            f"  {step:<16} {len(lat):>6} {ms(pct(lat, 50)):>8} {ms(pct(lat, 95)):>8} "
            f"{ms(max(lat) if lat else None):>8}   {statuses}"
        )
    print("  (mail_wait: from the sign-up's reply to the verification mail in the inbox)")

    total_refused = sum(st.refused_in_restart.values())
    print(
        f"\nrefused during restart (retried): {total_refused}  "
        + " ".join(f"{k}:{v}" for k, v in st.refused_in_restart.most_common())
    )
    outside = sum(st.transport_outside.values())
    print(
        f"transport errors outside the restart: {outside}  "
        + " ".join(f"[{k}]:{v}" for k, v in st.transport_outside.most_common())
    )
    for sample in st.transport_samples[:8]:
        print(f"    {sample}")
    if st.unexpected:
        print("unexpected answers:")
        for key, n in st.unexpected.most_common(15):
            print(f"  {n:>5}  {key}   e.g. {st.unexpected_samples[key]!r}")
    if st.server_errors:
        print(f"HTTP 5xx ({len(st.server_errors)}):")
        for line in st.server_errors[:15]:
            print(f"    {line}")

    probes = st.health
    in_restart = [p for p in probes if run.restart.covers(p[0], p[0] + (p[1] or 0))]
    normal = [p for p in probes if p not in in_restart]
    lat = [p[1] for p in normal if p[1] is not None and p[2] == "200"]
    fails = [p for p in normal if p[2] != "200"]
    print(
        f"\n/api/health every 1 s: {len(probes)} probes; outside the restart {len(normal)}: p50 {ms(pct(lat, 50))} ms, "
        f"p95 {ms(pct(lat, 95))} ms, max {ms(max(lat) if lat else None)} ms, failures {len(fails)}"
        + (f" {Counter(p[2] for p in fails)}" if fails else "")
        + f"; during the restart {len(in_restart)} probes, {sum(p[2] != '200' for p in in_restart)} failed"
    )
    slow = sorted(normal, key=lambda p: -(p[1] or 0))[:3]
    if slow:
        print("  slowest: " + ", ".join(f"t+{p[0] - run.t_start:.0f}s {ms(p[1])} ms" for p in slow))

    took, left = drained
    print(f"\njob queue: {'drained' if not left else f'NOT drained, left {left}'} {took:.1f} s after the load")
    tables = getattr(run, "summary_tables", {})
    if tables:
        print("jobs by kind/status: " + ", ".join(f"{k}/{s}: {n}" for (k, s), n in sorted(tables["jobs"].items())))
        print(
            "orders: "
            + ", ".join(f"{k}: {n}" for k, n in sorted(tables["orders"].items()))
            + "   sandbox ledger: "
            + ", ".join(f"{k}: {n}" for k, n in sorted(tables["ledger"].items()))
        )
        print(
            f"users {tables['users']}, enrollments {tables['enrollments']}, emails received {tables['inbox']} "
            f"(receipts {tables['receipts']})"
        )

    print("\nchecks:")
    ok = True
    for what, figure, passed in checks:
        ok &= passed
        print(f"  {'ok  ' if passed else 'FAIL'}  {what}: {figure}")

    count, distinct, tracebacks = log_findings(env.log_path)
    print(f"\nserver log {env.log_path}: {count} error/warning lines")
    for line in distinct:
        print(f"  {line}")
    for tb in tracebacks:
        print("  --- traceback ---")
        print("\n".join("  " + x for x in tb.splitlines()))
    print("\nresult: " + ("PASS" if ok else "FAIL (something lost, duplicated, or an HTTP 5xx)"))
    return ok


# --------------------------------------------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--learners", type=int, default=100)
    p.add_argument("--duration", type=float, default=120, help="seconds during which learners start new rounds")
    p.add_argument("--database-url", help="default: SQLite in the temp folder; a PostgreSQL URL is created fresh")
    p.add_argument("--redis-url", help="Redis for app state; the server then runs --workers (default 2) workers")
    p.add_argument("--workers", type=int, help="server processes (default: 2 with Redis, else 1)")
    p.add_argument("--no-kill", action="store_true", help="no SIGKILL and restart in the middle")
    p.add_argument("--kill-at", type=float, help="seconds after the start to kill the server (default: half way)")
    p.add_argument("--transfer-share", type=float, default=0.0, help="share of payments made by bank transfer")
    p.add_argument("--grace", type=float, default=90, help="longest time to finish rounds after --duration")
    p.add_argument("--mail-timeout", type=float, default=90, help="longest wait for a verification mail")
    p.add_argument("--ramp", type=float, default=10, help="seconds over which the learners arrive")
    p.add_argument(
        "--request-timeout",
        type=float,
        default=120,
        help="seconds a learner waits for an answer before trying again (a browser waits long)",
    )
    p.add_argument("--drain-timeout", type=float, default=180, help="longest wait for the job queue to drain")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="used when free, else any free port")
    p.add_argument("--web-dir", type=Path, default=DEFAULT_WEB_DIR)
    p.add_argument("--no-build", action="store_true", help="serve an empty front end (API only; no build)")
    p.add_argument("--keep-db", action="store_true", help="keep the PostgreSQL database afterwards")
    p.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an extra setting for the server (repeatable), e.g. DB_THREADS=40",
    )
    p.add_argument(
        "--snapshot",
        action="store_true",
        help="serve the last commit (git archive HEAD into the temp folder), not the work tree others are editing",
    )
    p.add_argument("--tmp", type=Path, help="temp folder (default: a new one under /tmp)")
    a = p.parse_args(argv)
    if a.kill_at is None:
        a.kill_at = a.duration / 2
    return a


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.snapshot:
        run_from_snapshot(
            Path(__file__).name, sys.argv[1:] if argv is None else argv, Path(tempfile.mkdtemp(prefix="mp-load-fault-"))
        )
    tmp = args.tmp or Path(tempfile.mkdtemp(prefix="mp-load-fault-"))
    tmp.mkdir(parents=True, exist_ok=True)
    workers = args.workers or (2 if args.redis_url else 1)
    env = configure_environment(
        tmp,
        database_url=args.database_url,
        redis_url=args.redis_url,
        port=free_port(args.port),
        workers=workers,
        extra=dict(item.split("=", 1) for item in args.server_env),
    )
    print(
        f"temp folder {tmp}; server log {env.log_path}; port {env.port}; "
        f"load average {os.getloadavg()[0]:.2f} (other work on this machine moves the figures)",
        flush=True,
    )
    print(f"code under test: {code_under_test()}", flush=True)
    inbox = Inbox().start()
    server = None
    try:
        prepare_app(env, args.web_dir, build_frontend=not args.no_build)
        from sqlalchemy import create_engine, text

        from marketplace.domain.pricing import price_kobo

        engine = create_engine(env.database_url)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, price_kobo FROM courses WHERE price_kobo > 0 ORDER BY id")).all()
        engine.dispose()
        courses = [(r.id, str(price_kobo([r.price_kobo]).total)) for r in rows]
        print(f"{len(courses)} paid courses in the catalog", flush=True)
        server = LiveServer(env, args.web_dir, inbox.port)
        started_in = server.start()
        print(f"server up in {started_in:.1f} s (pid {server.pid}); load starts", flush=True)
        run = Run(args, server, inbox, courses)
        asyncio.run(run.main())
        print(f"load over after {run.t_end - run.t_start:.1f} s; waiting for the job queue", flush=True)
        drained = wait_for_jobs(env.database_url, args.drain_timeout)
        time.sleep(1.0)  # the last SMTP conversations
        checks = check_everything(run, env)
        ok = report(run, env, args, checks, drained, started_in)
    except Exception:  # noqa: BLE001 - report any failure of the harness, with the server log's path
        traceback.print_exc()
        print(f"harness failed; server log: {env.log_path}")
        return 2
    finally:
        if server is not None:
            server.stop()
        inbox.stop()
        if not args.keep_db:
            try:
                drop_database(env.database_url)
            except Exception as exc:  # noqa: BLE001
                print(f"could not drop the database: {exc}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
