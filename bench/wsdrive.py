"""wsdrive: wsload (/work/shared/bench-tools/wsload.py) with what the app's events need, run by bench/perf.py.

Usage (a Python with aiohttp; perf.py uses bench/.tools/wsvenv):
    python bench/wsdrive.py SPEC.json

wsload measures one event sent again and again by N tabs, each reply being the first delta. The app's events
need three more things, added here around wsload's own ``Tab`` and ``Run`` (its discovery of the page's state
hashes and schema, its Engine.IO/Socket.IO framing, its connect + hydrate and its summary are used as they are):

* **Signed-in tabs.** Each tab may carry its own browser-storage values (``tab_vars``: the login token, user and
  refresh token in the session state's local-storage vars), sent in the hydrate's ``payload.vars`` exactly as
  the compiled front end sends ``clientStorageVars()``.
* **Different arguments per event.** ``payloads`` (and ``routes``: the router data, i.e. the page an event is
  sent from) are cycled, event k of a tab using entry k mod len: an add-to-cart adds another course each time.
* **When an event is done.** ``mode: "reply"`` waits for the first delta, or with ``until`` (state, var,
  value) for the delta that sets that var to that value (a handler that yields first shows a spinner).
  ``mode: "navigate"`` is a control whose handler answers with the URL to open (a ``_redirect`` or React
  Router's navigate): the browser then moves to that URL and sends ``on_load_internal`` from there (Reflex's
  route-change effect); done when the root state is hydrated again. The latency is the whole of it.
  ``mode: "visit"`` is a control that opens its URL through React Router: each payload's ``path`` is sent as
  that route change's ``on_load_internal``; done when the root state is hydrated again.
  ``mode: "in_page"`` is a control that opens its URL without Reflex's route-change events and sends ``event``
  from there (the listing's sort, filters and pages, assets/js/listing.js): each payload's ``path`` is
  the router data of that one event; done with the first delta to the state named by ``reply_state``.

After hydrating, each tab waits until its socket is quiet (the page's on_load chain may send more deltas); that
wait is part of its connect, so wsload's events/s counts only the time the events take (until 27 Nov 2026 it
counted each tab's 0.3 s quiet wait too, which lowered every event figure of the app against the floor's).

SPEC keys: url, clients, events, route, router_data (the hydrate's; default from route),
tab_vars, mode, reply_state, event, payloads, routes, until, web_dir, server_pid, connect_concurrency, timeout,
max_seconds, token_seed, wsload_dir. Prints wsload's JSON summary line.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import time
import urllib.parse
from typing import Any

SPEC: dict[str, Any] = json.loads(open(sys.argv[1]).read()) if len(sys.argv) > 1 else {}  # noqa: SIM115
sys.path.insert(0, SPEC.get("wsload_dir") or os.environ.get("WSLOAD_DIR") or "/work/shared/bench-tools")
import wsload  # noqa: E402

ON_LOAD_INTERNAL = f"{wsload.ROOT_STATE}.reflex___state____on_load_internal_state.on_load_internal"
SETTLE_QUIET_S = 0.3
SETTLE_MAX_S = 3.0


def router_data_for(path: str, params: dict[str, str] | None = None) -> dict[str, Any]:
    """What the browser's withRouterData puts in an event sent from ``path`` (plus the route's dynamic params)."""
    parts = urllib.parse.urlsplit(path)
    as_path = parts.path + (f"?{parts.query}" if parts.query else "")
    data: dict[str, Any] = {"pathname": parts.path or "/", "asPath": as_path}
    query = {**dict(urllib.parse.parse_qsl(parts.query)), **(params or {})}
    if query:
        data["query"] = query
    return data


class TabRun:
    """The run as one tab sees it: its own hydrate (storage vars, page); everything else is the shared run's."""

    def __init__(self, run: wsload.Run, auth_json: str) -> None:
        self._run = run
        self.auth_json = auth_json

    def __getattr__(self, name: str) -> Any:
        return getattr(self._run, name)


class DriveTab(wsload.Tab):
    def __init__(self, idx: int, run: wsload.Run) -> None:
        super().__init__(idx, run)
        self.location: dict[str, Any] = dict(run.spec_router_data)
        boot = json.loads(run.auth_json)
        tab_vars = run.spec.get("tab_vars") or []
        if tab_vars:
            payload = dict(boot["event"].get("payload") or {})
            payload["vars"] = tab_vars[idx % len(tab_vars)]
            # The browser's order: vars, then hashes (only the first connect of a page carries hashes).
            boot["event"]["payload"] = {"vars": payload["vars"], **{k: v for k, v in payload.items() if k != "vars"}}
        boot["event"]["router_data"] = self.location
        self.run = TabRun(run, json.dumps(boot, separators=wsload.JSON_SEP))

    def _frame(self, name: str, payload: dict | None, router_data: dict) -> str:
        event: dict[str, Any] = {"name": name}
        if payload:
            event["payload"] = payload
        event["router_data"] = router_data
        return f"42{self.run.ns}," + json.dumps(["event", event], separators=wsload.JSON_SEP)

    async def connect(self) -> bool:
        """Connect and hydrate as wsload does, then let the page's on_load chain finish, before the run's clock for
        events starts: the quiet wait is the harness's, not the server's work (the floor's page has no on_load)."""
        if not await super().connect():
            return False
        await self._settle()
        return True

    async def _settle(self) -> None:
        """Let the page's on_load chain finish: wait for SETTLE_QUIET_S without a message (SETTLE_MAX_S at most)."""
        end = time.perf_counter() + SETTLE_MAX_S
        while time.perf_counter() < end:
            item = await self._next(time.perf_counter() + SETTLE_QUIET_S)
            if item is None:
                return
            _t, name, arg = item
            if name == "event" and isinstance(arg, dict) and arg.get("delta"):
                self._apply(arg["delta"])

    async def _wait(self, deadline: float, done) -> tuple[float | None, str | None, Any]:
        """Read messages until ``done(name, arg)`` says so; (time, None, value) or (None, error kind, None)."""
        saw_events = False
        for _ in range(10_000):
            item = await self._next(deadline)
            if item is None:
                if time.perf_counter() >= self.run.deadline:
                    return None, "run_deadline", None
                return None, ("timeout_after_frontend_event_only" if saw_events else "timeout"), None
            t, name, arg = item
            if name == "#closed":
                return None, "closed", None
            if name == "state_mismatch":
                self.state_mismatch += 1
                continue
            if name == "event" and isinstance(arg, dict):
                if arg.get("events"):
                    self.frontend_events += len(arg["events"])
                    saw_events = True
                if arg.get("delta"):
                    self._apply(arg["delta"])
                    self.last_delta = arg["delta"]
                value = done(arg)
                if value is not None:
                    return t, None, value
        return None, "reply_loop_exhausted", None

    async def fire(self) -> None:
        r = self.run
        spec = r.spec
        payloads = spec.get("payloads") or [{}]
        routes = spec.get("routes") or []
        until = spec.get("until")
        mode = spec.get("mode", "reply")
        for k in range(r.args.events):
            while not self.inbox.empty():
                _t, name, _arg = self.inbox.get_nowait()
                if name == "#closed":
                    self.errors["closed"] += 1
                    return
                self.stray += 1
            t_send = time.perf_counter()
            if t_send >= r.deadline:
                self.errors["run_deadline"] += 1
                return
            where = routes[k % len(routes)] if routes else self.location
            payload = payloads[k % len(payloads)]
            if mode == "visit":  # a control that opens its URL in the browser: the route change's on_load only
                self.location = where = router_data_for(payload["path"], spec.get("route_params"))
                frame = self._frame(ON_LOAD_INTERNAL, None, where)
            elif mode == "in_page":  # the URL pushed by the page's script, then one event sent from it
                self.location = where = router_data_for(payload["path"], spec.get("route_params"))
                frame = self._frame(spec["event"], None, where)
            else:
                frame = self._frame(spec["event"], payload, where)
            try:
                await self.ws.send_str(frame)
            except Exception as ex:  # noqa: BLE001
                self.errors[f"send_failed:{type(ex).__name__}"] += 1
                return
            self.sent += 1
            deadline = t_send + r.args.timeout
            if mode == "visit":
                t, error, _ = await self._wait(deadline, _hydrated)
            elif mode == "navigate":
                t, error, path = await self._wait(deadline, _redirect_path)
                if error is None:
                    self.location = router_data_for(path, spec.get("route_params"))
                    await self.ws.send_str(self._frame(ON_LOAD_INTERNAL, None, self.location))
                    t, error, _ = await self._wait(deadline, _hydrated)
            elif mode == "in_page":
                t, error, _ = await self._wait(deadline, lambda arg: _touches(arg, spec["reply_state"]))
            elif until:
                t, error, _ = await self._wait(deadline, lambda arg: _sets(arg, until))
            else:
                t, error, _ = await self._wait(deadline, lambda arg: True if arg.get("delta") else None)
            if error is not None:
                self.errors[error] += 1
                return  # a late reply would be taken for the next event's: stop this tab
            self.latencies.append((t - t_send) * 1000)
            self.ok += 1


# The listing's controls open their URL with React Router's navigate (so the page keeps its scroll), sent as a
# script: ``router.navigate("/categories?page=2", {preventScrollReset: true})``.
_ROUTER_NAVIGATE = re.compile(r'router\.navigate\(("(?:[^"\\]|\\.)*")')


def _redirect_path(arg: dict) -> str | None:
    """The URL a reply sends the browser to: a ``_redirect``, or a script calling React Router's navigate."""
    for event in arg.get("events") or []:
        if not isinstance(event, dict):
            continue
        payload = event.get("payload") or {}
        if event.get("name") == "_redirect":
            return payload.get("path")
        if event.get("name") == "_call_script":
            found = _ROUTER_NAVIGATE.search(str(payload.get("javascript_code") or ""))
            if found:
                return json.loads(found.group(1))
    return None


def _hydrated(arg: dict) -> bool | None:
    return True if (arg.get("delta") or {}).get(wsload.ROOT_STATE, {}).get(wsload.IS_HYDRATED) is True else None


def _touches(arg: dict, state: str) -> bool | None:
    return True if state in (arg.get("delta") or {}) else None


def _sets(arg: dict, until: dict) -> bool | None:
    values = (arg.get("delta") or {}).get(until["state"], {})
    key = f"{until['var']}{wsload.FIELD_MARKER}"
    return True if key in values and values[key] == until["equals"] else None


async def amain() -> int:
    spec = SPEC
    argv = [
        "--url", spec["url"], "--clients", str(spec.get("clients", 50)), "--events", str(spec.get("events", 20)),
        "--state-event", spec.get("event", ON_LOAD_INTERNAL), "--route", spec.get("route", "/"),
        "--connect-concurrency", str(spec.get("connect_concurrency", 50)),
        "--timeout", str(spec.get("timeout", 10)), "--max-seconds", str(spec.get("max_seconds", 180)),
    ]  # fmt: skip
    if spec.get("web_dir"):
        argv += ["--web-dir", spec["web_dir"]]
    if spec.get("server_pid"):
        argv += ["--server-pid", str(spec["server_pid"])]
    if spec.get("token_seed"):
        argv += ["--token-seed", spec["token_seed"]]
    args = wsload.parse_args(argv)
    run = wsload.Run(args)
    run.check_host()
    run.spec = spec
    run.spec_router_data = spec.get("router_data") or router_data_for(spec.get("route", "/"))
    wsload.Tab = DriveTab  # Run.main makes its tabs from the module's Tab
    out = await asyncio.wait_for(run.main(), args.max_seconds + 60)
    out["mode"] = spec.get("mode", "reply")
    print(json.dumps(out), flush=True)
    return 0 if out["hydrated"] else 2


if __name__ == "__main__":
    sys.exit(asyncio.run(amain()))
