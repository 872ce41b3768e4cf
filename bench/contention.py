"""Contention on the production server: websocket events while API clients hammer the cart, and a burst of
duplicate webhooks racing the return checks of one paid order.

Usage:
    python bench/contention.py                        # SQLite, both parts
    python bench/contention.py --duration 30 --webhook-rounds 5 --database-url postgresql+psycopg://... \\
        --redis-url redis://127.0.0.1:6379/9
    python bench/contention.py --snapshot --only b --copies 7     # the last commit; part (b) with 14 requests

(a) Cart contention, ``--duration`` seconds: ``--api-clients`` (8) signed-in learners loop on
    POST /api/cart/add-to-cart and DELETE /api/cart/{id} with no pause, while ``--tabs`` (2) simulated signed-in
    browser tabs on a course page add that course to their carts and take it out again over the websocket,
    one event after the other (Reflex 0.10.1's protocol as /work/shared/bench-tools/wsload.py speaks it:
    Engine.IO v4 / Socket.IO v5 on /_event, the hydrate in the CONNECT packet with the page's state hashes and
    schema, and the browser's local storage -- the login token and user -- in its ``vars``, as a signed-in
    tab sends them). Each event's latency is from sending it to its reply (the first delta). Goal: none over 1 s.
(b) Webhook race, ``--webhook-rounds`` times: a learner pays one order by card on the sandbox page (the ledger
    says successful, the order is still pending); then ``--copies`` (15) copies of the sandbox's signed
    ``charge.completed`` webhook and as many return checks (GET /api/payments/verify) are sent at the same
    moment, while /api/health is probed every 100 ms. Goal: no 5xx, one enrollment, one payment attempt, one
    webhook job, one receipt email, health under 1 s throughout.

The server is started as in load_fault.py (its own port, temp DATA_DIR and database, the built front end in
.web-bench/, a local SMTP server) and its log is kept in the temp folder; the path is printed. Exit status 0
when every goal was met, 1 when one was not, 2 when the harness failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import sys
import tempfile
import time
import traceback
import types
import uuid
from collections import Counter
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
    course_page,
    drop_database,
    free_port,
    log_findings,
    ms,
    own_cpu_seconds,
    pct,
    prepare_app,
    run_from_snapshot,
)

WSLOAD_DIR = Path("/work/shared/bench-tools")
CART_STATE = "reflex___state____state.marketplace___states___cart____cart_state"
SESSION_STATE = "reflex___state____state.marketplace___states___session____session_state"
MAIL_DOMAIN = "contention-bench.example"
BILLING = {"country": "Nigeria", "state": "Lagos"}


def load_wsload():
    """wsload's discovery helpers (parse_frontend, the regexes, the protocol's constants).

    wsload speaks the websocket with aiohttp, which this project does not install; only its pure helpers are
    used here, so a placeholder module stands in for aiohttp when it is missing. The socket itself is spoken
    below with wsproto (a Reflex dependency), frame for frame as wsload sends them.
    """
    sys.path.insert(0, str(WSLOAD_DIR))
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        sys.modules["aiohttp"] = types.ModuleType("aiohttp")
    import wsload

    return wsload


# --------------------------------------------------------------------------------------------------------------
# A signed-in browser tab over the websocket (wsproto on asyncio streams)
# --------------------------------------------------------------------------------------------------------------


class Tab:
    def __init__(self, port: int, ns: str, version: str | None, auth_json: str) -> None:
        self.port = port
        self.ns = ns
        self.version = version
        self.auth_json = auth_json
        self.token = str(uuid.uuid4())
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.latencies: list[float] = []
        self.errors: Counter = Counter()
        self.error_toasts = 0
        self.error_samples: list[str] = []
        self.hydrate_s: float | None = None
        self.state: dict = {}
        self._writer = None
        self._conn = None
        self._reader_task = None

    def _send_text(self, text: str) -> None:
        from wsproto.events import Message

        self._writer.write(self._conn.send(Message(data=text)))

    async def _read(self, reader) -> None:
        from wsproto.events import AcceptConnection, CloseConnection, Ping, RejectConnection, TextMessage

        ev_prefix, ack_prefix, err_prefix = f"42{self.ns},", f"40{self.ns},", f"44{self.ns},"
        parts: list[str] = []
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    self.inbox.put_nowait((time.perf_counter(), "#closed", "eof"))
                    return
                self._conn.receive_data(data)
                for event in self._conn.events():
                    t = time.perf_counter()
                    if isinstance(event, AcceptConnection):
                        self.inbox.put_nowait((t, "#accepted", None))
                    elif isinstance(event, RejectConnection):
                        self.inbox.put_nowait((t, "#closed", f"rejected {event.status_code}"))
                        return
                    elif isinstance(event, Ping):
                        self._writer.write(self._conn.send(event.response()))
                    elif isinstance(event, CloseConnection):
                        self.inbox.put_nowait((t, "#closed", f"close {event.code}"))
                        return
                    elif isinstance(event, TextMessage):
                        parts.append(event.data)
                        if not event.message_finished:
                            continue
                        text, parts = "".join(parts), []
                        if text == "2":  # Engine.IO ping
                            self._send_text("3")
                        elif text.startswith("0{"):
                            self.inbox.put_nowait((t, "#open", json.loads(text[1:])))
                        elif text.startswith(ev_prefix):
                            body = text[len(ev_prefix) :]
                            i = 0
                            while i < len(body) and body[i].isdigit():
                                i += 1
                            arr = json.loads(body[i:])
                            self.inbox.put_nowait((t, arr[0], arr[1] if len(arr) > 1 else None))
                        elif text.startswith(ack_prefix):
                            self.inbox.put_nowait((t, "#connect", None))
                        elif text.startswith(err_prefix):
                            self.inbox.put_nowait((t, "#connect_error", text))
                        elif text == "1" or text.startswith(f"41{self.ns}"):
                            self.inbox.put_nowait((t, "#closed", "server disconnect"))
                            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001
            self.inbox.put_nowait((time.perf_counter(), "#closed", repr(exc)))

    async def _next(self, timeout: float):
        try:
            return await asyncio.wait_for(self.inbox.get(), timeout)
        except TimeoutError:
            return None

    def _apply(self, delta: dict) -> None:
        for substate, values in delta.items():
            self.state.setdefault(substate, {}).update(values)

    async def connect(self, timeout: float = 30) -> bool:
        from wsproto import ConnectionType, WSConnection
        from wsproto.events import Request

        t0 = time.perf_counter()
        reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._conn = WSConnection(ConnectionType.CLIENT)
        target = f"{self.ns}/?token={self.token}&EIO=4&transport=websocket"
        request = Request(
            host=f"localhost:{self.port}",
            target=target,
            subprotocols=[self.version] if self.version else [],
            extra_headers=[(b"origin", f"http://localhost:{self.port}".encode())],
        )
        self._writer.write(self._conn.send(request))
        self._reader_task = asyncio.create_task(self._read(reader))
        deadline = t0 + timeout
        while True:
            item = await self._next(max(0.01, deadline - time.perf_counter()))
            if item is None:
                self.errors["hydrate_timeout"] += 1
                return False
            t, name, arg = item
            if name == "#open":
                self._send_text(f"40{self.ns}," + self.auth_json)
            elif name in ("#closed", "#connect_error"):
                self.errors[f"connect: {arg}"] += 1
                return False
            elif name == "state_mismatch":
                self.errors["state_mismatch"] += 1
            elif name == "event" and isinstance(arg, dict) and arg.get("delta"):
                self._apply(arg["delta"])
                if arg["delta"].get("reflex___state____state", {}).get("is_hydrated_rx_state_") is True:
                    self.hydrate_s = t - t0
                    return True

    async def fire(self, frame: str, timeout: float) -> float | None:
        """Send one event and wait for its reply (the first delta); the latency in seconds, or None."""
        while not self.inbox.empty():
            _t, name, _arg = self.inbox.get_nowait()
            if name == "#closed":
                self.errors["closed"] += 1
                return None
        t_send = time.perf_counter()
        self._send_text(frame)
        while True:
            item = await self._next(max(0.01, t_send + timeout - time.perf_counter()))
            if item is None:
                self.errors["timeout"] += 1
                return None
            t, name, arg = item
            if name == "#closed":
                self.errors["closed"] += 1
                return None
            if name == "event" and isinstance(arg, dict):
                events = json.dumps(arg.get("events") or [])
                if "error" in events.lower() and "toast" in events.lower():
                    self.error_toasts += 1
                    if len(self.error_samples) < 3:
                        self.error_samples.append(events[:300])
                if arg.get("delta"):
                    self._apply(arg["delta"])
                    latency = t - t_send
                    self.latencies.append(latency)
                    return latency

    async def close(self) -> None:
        from wsproto.events import CloseConnection

        try:
            if self._writer is not None:
                self._send_text(f"41{self.ns},")
                self._writer.write(self._conn.send(CloseConnection(code=1000)))
                self._writer.close()
        except Exception:  # noqa: BLE001
            pass
        if self._reader_task is not None:
            self._reader_task.cancel()


# --------------------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------------------


async def new_learner(client: httpx.AsyncClient, base: str, inbox: Inbox, name: str) -> tuple[dict, str]:
    """Sign up, verify by the emailed link, log in: (user, bearer token)."""
    email = f"{name}@{MAIL_DOMAIN}"
    password = f"{name}-secret"
    body = {"firstName": "Bench", "lastName": name, "userName": name, "email": email, "password": password}
    r = await client.post(f"{base}/api/auth/signup", json=body)
    assert r.status_code == 201, f"signup {r.status_code} {r.text}"
    deadline = time.monotonic() + 30
    while (token := inbox.verification_token(email)) is None:
        assert time.monotonic() < deadline, f"no verification mail for {email}"
        await asyncio.sleep(0.1)
    r = await client.post(f"{base}/api/auth/verify-email", json={"token": token})
    assert r.status_code == 200, f"verify {r.status_code} {r.text}"
    r = await client.post(f"{base}/api/auth/login", json={"email": email, "password": password})
    assert r.status_code == 200, f"login {r.status_code} {r.text}"
    return r.json()["user"], r.json()["token"]


async def discover(client: httpx.AsyncClient, base: str, route: str, wsload) -> dict:
    """What ``wsload.py --list-events`` finds: the route's HTML and its modulepreloaded JS, parsed by wsload."""
    html = (await client.get(base + route)).text
    texts = []
    for href in dict.fromkeys(wsload.RE_ASSETS.findall(html)):
        if href.startswith("/") and not href.startswith("//"):
            r = await client.get(base + href)
            if r.status_code == 200:
                texts.append(r.text)
    found = wsload.parse_frontend("\n".join(texts))
    found["assets_read"] = len(texts)
    return found


class HealthProbe:
    def __init__(self, client: httpx.AsyncClient, base: str, every: float) -> None:
        self.client, self.base, self.every = client, base, every
        self.samples: list[tuple[float, float | None, str]] = []
        self._task = None

    async def _loop(self) -> None:
        while True:
            t0 = time.monotonic()
            try:
                r = await self.client.get(f"{self.base}/api/health", timeout=10)
                self.samples.append((t0, time.monotonic() - t0, str(r.status_code)))
            except httpx.HTTPError as exc:
                self.samples.append((t0, None, type(exc).__name__))
            await asyncio.sleep(max(0.0, self.every - (time.monotonic() - t0)))

    def start(self) -> HealthProbe:
        self._task = asyncio.create_task(self._loop())
        return self

    async def stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    def line(self) -> tuple[str, bool]:
        lat = [s[1] for s in self.samples if s[1] is not None and s[2] == "200"]
        fails = [s for s in self.samples if s[2] != "200"]
        worst = max(lat) if lat else None
        ok = not fails and worst is not None and worst < 1.0
        text = (
            f"{len(self.samples)} probes every {self.every * 1000:.0f} ms: p50 {ms(pct(lat, 50))} ms, "
            f"p95 {ms(pct(lat, 95))} ms, max {ms(worst)} ms, failures {len(fails)}"
            + (f" {Counter(s[2] for s in fails)}" if fails else "")
        )
        return text, ok


# --------------------------------------------------------------------------------------------------------------
# (a) cart contention
# --------------------------------------------------------------------------------------------------------------


async def cart_contention(
    args, server: LiveServer, base: str, port: int, inbox: Inbox, course_ids: list[int], wsload
) -> bool:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        route_course = course_ids[0]
        route = f"/courses/{route_course}"
        # The served page's preloaded JS (wsload --list-events) lacks the lazily loaded chunks and the state
        # hashes; the compiled web dir it was built from (wsload --web-dir) has both.
        served = await discover(client, base, route, wsload)
        found = {**served, **{k: v for k, v in wsload.discover_webdir(str(args.web_dir)).items() if v}}
        add_event, remove_event = f"{CART_STATE}.add", f"{CART_STATE}.remove"
        events = found.get("events", [])
        cart_events = [e.rsplit(".", 1)[1] for e in events if "cart_state." in e]
        print(
            f"(a) event names: {len(served.get('events', []))} in {route}'s served JS, {len(events)} in "
            f"{args.web_dir.name}/; CartState's: {cart_events}"
        )
        if add_event not in events:
            print(f"    warning: {add_event} is not among them")
        ns = urlsplit(found.get("event_url") or "ws://x/_event").path.rstrip("/") or "/_event"
        version = found.get("version")
        print(
            f"    event path {ns}, subprotocol {version}, hashes {len(found.get('hashes') or [])}, "
            f"schema {found.get('state_schema')}, assets read {found.get('assets_read')}"
        )

        api_users = [
            await new_learner(client, base, inbox, f"api{uuid.uuid4().hex[:8]}") for _ in range(args.api_clients)
        ]
        tab_users = [await new_learner(client, base, inbox, f"tab{uuid.uuid4().hex[:8]}") for _ in range(args.tabs)]
        router_data = course_page(route_course)
        tabs = []
        for user, token in tab_users:
            payload = {
                "vars": {
                    f"{SESSION_STATE}.token_rx_state_": token,
                    f"{SESSION_STATE}.user_json_rx_state_": json.dumps(user),
                },
            }
            if found.get("hashes"):
                payload["hashes"] = found["hashes"]
            auth = {"event": {"name": wsload.HYDRATE_EVENT, "payload": payload, "router_data": router_data}}
            if found.get("state_schema"):
                auth["state_schema"] = found["state_schema"]
            tabs.append(Tab(port, ns, version, json.dumps(auth, separators=(",", ":"))))
        for tab in tabs:
            if not await tab.connect():
                print(f"    tab failed to hydrate: {dict(tab.errors)}")
                return False
        print("    tabs hydrated in " + ", ".join(f"{tab.hydrate_s * 1000:.0f} ms" for tab in tabs))

        def frame(name: str) -> str:
            event = {"name": name, "payload": {"course_id": route_course}, "router_data": router_data}
            return f"42{ns}," + json.dumps(["event", event], separators=(",", ":"))

        # The tabs are signed in: an add over the websocket lands in the user's server-side cart.
        for tab, (_user, token) in zip(tabs, tab_users, strict=True):
            await tab.fire(frame(add_event), args.event_timeout)
            r = await client.get(f"{base}/api/cart", headers={"Authorization": f"Bearer {token}"})
            in_cart = [item.get("id") or item.get("courseId") or item.get("_id") for item in r.json().get("items", [])]
            await tab.fire(frame(remove_event), args.event_timeout)
            if route_course not in in_cart:
                print(f"    tab not signed in? its add did not reach the server cart: {r.text[:300]}")
                return False
        tabs_checked = [list(t.latencies) for t in tabs]
        for tab in tabs:
            tab.latencies.clear()
        print(
            f"    tabs signed in: an add over the websocket reached each user's server cart "
            f"(warm-up events {', '.join(f'{x * 1000:.0f} ms' for lat in tabs_checked for x in lat)})"
        )

        api_lat: dict[str, list[float]] = {"add": [], "remove": []}
        api_status: Counter = Counter()
        api_errors: list[str] = []
        stop_at = time.monotonic() + args.duration

        async def api_client(i: int) -> None:
            _user, token = api_users[i]
            headers = {"Authorization": f"Bearer {token}"}
            n = 0
            while time.monotonic() < stop_at:
                cid = course_ids[(i + n) % len(course_ids)]
                n += 1
                for op, method, path, kw in (
                    ("add", "POST", "/api/cart/add-to-cart", {"json": {"courseId": cid}}),
                    ("remove", "DELETE", f"/api/cart/{cid}", {}),
                ):
                    t0 = time.monotonic()
                    try:
                        r = await client.request(method, base + path, headers=headers, **kw)
                    except httpx.HTTPError as exc:
                        api_status[f"{op} {type(exc).__name__}"] += 1
                        continue
                    api_lat[op].append(time.monotonic() - t0)
                    api_status[f"{op} {r.status_code}"] += 1
                    if r.status_code >= 500 and len(api_errors) < 10:
                        api_errors.append(f"{op} {r.status_code} {r.text[:200]}")

        async def tab_loop(tab: Tab) -> None:
            while time.monotonic() < stop_at:
                for name in (add_event, remove_event):
                    if await tab.fire(frame(name), args.event_timeout) is None:
                        return

        health = HealthProbe(client, base, 0.25).start()
        t0 = time.monotonic()
        cpu0 = (server.cpu_seconds(), own_cpu_seconds())
        try:
            await asyncio.gather(*(api_client(i) for i in range(args.api_clients)), *(tab_loop(t) for t in tabs))
        finally:
            took = time.monotonic() - t0
            await health.stop()
        cpu = [(b - a) / took * 100 for a, b in zip(cpu0, (server.cpu_seconds(), own_cpu_seconds()), strict=True)]
        for tab in tabs:
            await tab.close()

    ws = [x for tab in tabs for x in tab.latencies]
    over = sum(1 for x in ws if x > 1.0)
    tab_errors = sum((tab.errors for tab in tabs), Counter())
    toasts = sum(tab.error_toasts for tab in tabs)
    api_5xx = sum(n for k, n in api_status.items() if k.split()[1].startswith("5"))
    api_total = sum(len(v) for v in api_lat.values())
    print(f"\n(a) cart contention, {took:.1f} s: {args.api_clients} API clients, {args.tabs} signed-in tabs")
    print(
        f"    websocket add/remove events: {len(ws)} ({len(ws) / took:.1f}/s), p50 {ms(pct(ws, 50))} ms, "
        f"p95 {ms(pct(ws, 95))} ms, p99 {ms(pct(ws, 99))} ms, max {ms(max(ws) if ws else None)} ms, "
        f"over 1 s: {over}, errors {dict(tab_errors) or 0}, error toasts {toasts}"
    )
    for tab in tabs:
        for sample in tab.error_samples:
            print(f"      error toast: {sample}")
    for op, lat in api_lat.items():
        print(
            f"    API cart {op:<6}: {len(lat)} ({len(lat) / took:.1f}/s), p50 {ms(pct(lat, 50))} ms, "
            f"p95 {ms(pct(lat, 95))} ms, max {ms(max(lat) if lat else None)} ms"
        )
    print(f"    API statuses: {dict(sorted(api_status.items()))}")
    for line in api_errors:
        print(f"      {line}")
    hline, _ = health.line()
    print(f"    /api/health: {hline}")
    print(f"    CPU (100% = one core): server {cpu[0]:.0f}%, this load generator {cpu[1]:.0f}%")
    ok = bool(ws) and over == 0 and not tab_errors and api_5xx == 0 and toasts == 0
    print(
        f"    goal (no websocket event over 1 s, no errors, no API 5xx): {'met' if ok else 'NOT met'}"
        f"  [{api_total} API writes]"
    )
    return ok


# --------------------------------------------------------------------------------------------------------------
# (b) the webhook race
# --------------------------------------------------------------------------------------------------------------


def sandbox_webhook(secret_key: str, tx_ref: str, transaction_id: str, amount_naira, email: str) -> tuple[dict, bytes]:
    """The sandbox's signed ``charge.completed`` webhook, as marketplace.payments.sandbox.provider builds it."""
    body = {
        "event": "charge.completed",
        "data": {
            "id": int(transaction_id),
            "tx_ref": tx_ref,
            "amount": amount_naira,
            "currency": "NGN",
            "status": "successful",
            "payment_type": "card",
            "customer": {"email": email},
        },
    }
    signature = hmac.new(secret_key.encode(), b"sandbox-webhook", hashlib.sha256).hexdigest()
    return {"verif-hash": signature, "content-type": "application/json"}, json.dumps(body).encode()


def order_facts(url: str, tx_ref: str) -> dict:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as conn:
        order = conn.execute(text("SELECT id, user_id, status FROM orders WHERE tx_ref = :r"), {"r": tx_ref}).one()
        facts = {
            "status": order.status,
            "enrollments": conn.execute(
                text("SELECT COUNT(*) FROM enrollments WHERE user_id = :u"), {"u": order.user_id}
            ).scalar(),
            "payment_attempts": conn.execute(
                text("SELECT COUNT(*) FROM payment_attempts WHERE order_id = :o"), {"o": order.id}
            ).scalar(),
            "webhook_jobs": conn.execute(
                text("SELECT COUNT(*) FROM jobs WHERE kind = 'payments.webhook' AND payload LIKE :p"),
                {"p": f'%"{tx_ref}"%'},
            ).scalar(),
            "receipt_jobs": conn.execute(
                text("SELECT COUNT(*) FROM jobs WHERE key = :k"), {"k": f"mail:receipt:{tx_ref}"}
            ).scalar(),
            "jobs_open": conn.execute(
                text("SELECT COUNT(*) FROM jobs WHERE status IN ('pending', 'running')")
            ).scalar(),
        }
    engine.dispose()
    return facts


async def webhook_race(args, base: str, env, inbox: Inbox, courses: list[tuple[int, str]]) -> bool:
    all_ok = True
    limits = httpx.Limits(max_connections=4 * args.copies + 20, max_keepalive_connections=4 * args.copies + 20)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        for rnd in range(1, args.webhook_rounds + 1):
            user, token = await new_learner(client, base, inbox, f"buyer{uuid.uuid4().hex[:8]}")
            headers = {"Authorization": f"Bearer {token}"}
            course_id, total = courses[rnd % len(courses)]
            r = await client.post(f"{base}/api/cart/add-to-cart", json={"courseId": course_id}, headers=headers)
            assert r.status_code in (200, 201), r.text
            r = await client.post(
                f"{base}/api/sandbox/initiate",
                headers=headers,
                json={"courses": [course_id], "totalAmount": total, "email": user["email"], **BILLING},
            )
            assert r.status_code == 200, r.text
            tx_ref, link = r.json()["txRef"], r.json()["checkoutLink"]
            r = await client.post(base + urlsplit(link).path, data={"action": "card"})
            assert r.status_code == 303, r.text
            params = dict(parse_qsl(urlsplit(r.headers["location"]).query))
            params["provider"] = "sandbox"
            wh_headers, wh_body = sandbox_webhook(
                env.secret_key, tx_ref, params["transaction_id"], float(total), user["email"]
            )

            async def webhook(body: bytes, signed: dict):
                t0 = time.monotonic()
                resp = await client.post(f"{base}/api/webhooks/sandbox", content=body, headers=signed)
                return "webhook", resp.status_code, time.monotonic() - t0, resp.text[:200]

            async def return_check(query: dict, auth: dict):
                t0 = time.monotonic()
                resp = await client.get(f"{base}/api/payments/verify", params=query, headers=auth)
                status = resp.json().get("status") if resp.status_code == 200 else resp.text[:200]
                return "return", resp.status_code, time.monotonic() - t0, status

            # Open the connections first, so that the burst is the requests themselves, not 30 TCP handshakes.
            await asyncio.gather(*(client.get(f"{base}/api/health") for _ in range(2 * args.copies)))
            health = HealthProbe(client, base, 0.1).start()
            await asyncio.sleep(0.3)
            t0 = time.monotonic()
            results = await asyncio.gather(
                *[webhook(wh_body, wh_headers) for _ in range(args.copies)],
                *[return_check(params, headers) for _ in range(args.copies)],
                return_exceptions=True,
            )
            burst = time.monotonic() - t0
            deadline = time.monotonic() + 60
            while order_facts(env.database_url, tx_ref)["jobs_open"] and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.5)  # the receipt's SMTP conversation
            await health.stop()
            facts = order_facts(env.database_url, tx_ref)
            receipts = sum(1 for m in inbox.all() if tx_ref in m.subject)
            statuses = Counter()
            returns = Counter()
            lat = {"webhook": [], "return": []}
            errors = []
            for res in results:
                if isinstance(res, BaseException):
                    statuses[f"exception {type(res).__name__}"] += 1
                    errors.append(repr(res)[:200])
                    continue
                kind, code, took, detail = res
                statuses[f"{kind} {code}"] += 1
                lat[kind].append(took)
                if kind == "return" and code == 200:
                    returns[detail] += 1
                if code >= 500:
                    errors.append(f"{kind} {code} {detail}")
            hline, hok = health.line()
            ok = (
                not errors
                and all(k.split()[-1] == "200" for k in statuses)
                and facts["status"] == "paid"
                and facts["enrollments"] == 1
                and facts["payment_attempts"] == 1
                and facts["webhook_jobs"] == 1
                and facts["receipt_jobs"] == 1
                and receipts == 1
                and hok
            )
            all_ok &= ok
            print(
                f"\n(b) round {rnd}: {args.copies} webhooks + {args.copies} return checks for {tx_ref} "
                f"in {burst * 1000:.0f} ms -> {'goal met' if ok else 'GOAL NOT MET'}"
            )
            print(f"    answers: {dict(sorted(statuses.items()))}; return checks said {dict(returns)}")
            print(
                f"    webhook answer p50 {ms(pct(lat['webhook'], 50))} / max {ms(max(lat['webhook'], default=None))}"
                f" ms; return check p50 {ms(pct(lat['return'], 50))} / max {ms(max(lat['return'], default=None))} ms"
            )
            print(
                f"    order {facts['status']}, enrollments {facts['enrollments']}, payment attempts "
                f"{facts['payment_attempts']}, webhook jobs {facts['webhook_jobs']}, receipt jobs "
                f"{facts['receipt_jobs']}, receipt emails {receipts}"
            )
            print(f"    /api/health: {hline}")
            for line in errors[:10]:
                print(f"      {line}")
    return all_ok


# --------------------------------------------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--duration", type=float, default=30, help="seconds of part (a)")
    p.add_argument("--api-clients", type=int, default=8)
    p.add_argument("--tabs", type=int, default=2)
    p.add_argument("--event-timeout", type=float, default=10, help="seconds to wait for one event's reply")
    p.add_argument("--webhook-rounds", type=int, default=5, help="orders raced in part (b)")
    p.add_argument("--copies", type=int, default=15, help="webhooks (and as many return checks) per order")
    p.add_argument("--only", choices=["a", "b"], help="run one part only")
    p.add_argument("--database-url", help="default: SQLite in the temp folder; a PostgreSQL URL is created fresh")
    p.add_argument("--redis-url", help="Redis for app state; the server then runs 2 workers")
    p.add_argument("--workers", type=int)
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="used when free, else any free port")
    p.add_argument("--web-dir", type=Path, default=DEFAULT_WEB_DIR)
    p.add_argument("--keep-db", action="store_true")
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
    p.add_argument("--tmp", type=Path)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.snapshot:
        run_from_snapshot(
            Path(__file__).name, sys.argv[1:] if argv is None else argv, Path(tempfile.mkdtemp(prefix="mp-contention-"))
        )
    tmp = args.tmp or Path(tempfile.mkdtemp(prefix="mp-contention-"))
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
    wsload = load_wsload()
    inbox = Inbox().start()
    server = None
    results = {}
    try:
        prepare_app(env, args.web_dir)
        from sqlalchemy import create_engine, text

        from marketplace.domain.pricing import price_kobo

        engine = create_engine(env.database_url)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, price_kobo FROM courses WHERE price_kobo > 0 ORDER BY id")).all()
        engine.dispose()
        courses = [(r.id, str(price_kobo([r.price_kobo]).total)) for r in rows]
        server = LiveServer(env, args.web_dir, inbox.port)
        print(
            f"server up in {server.start():.1f} s (pid {server.pid}, {workers} worker(s), "
            f"{'PostgreSQL' if env.database_url.startswith('postgresql') else 'SQLite'}"
            f"{' + Redis' if env.redis_url else ''}); settings for the load: "
            f"{', '.join(f'{k}={v}' for k, v in {**LOAD_SETTINGS, **env.extra}.items())}",
            flush=True,
        )
        if args.only in (None, "a"):
            results["a"] = asyncio.run(
                cart_contention(args, server, server.url, env.port, inbox, [c for c, _ in courses[:6]], wsload)
            )
        if args.only in (None, "b"):
            results["b"] = asyncio.run(webhook_race(args, server.url, env, inbox, courses))
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
    count, distinct, tracebacks = log_findings(env.log_path)
    print(f"\nserver log {env.log_path}: {count} error/warning lines")
    for line in distinct:
        print(f"  {line}")
    for tb in tracebacks:
        print("  --- traceback ---")
        print("\n".join("  " + x for x in tb.splitlines()))
    ok = all(results.values())
    print(
        "\nresult: "
        + ", ".join(f"({k}) {'met' if v else 'NOT met'}" for k, v in results.items())
        + f" -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
