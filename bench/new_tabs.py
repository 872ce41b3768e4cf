"""What new tabs cost the server: rounds of 50 tabs opening /categories at once, each with a new token, each
changing page once (the lab behind issue 14's hydrate work).

Usage (from the project root, Node 22 on PATH as for bench.perf):
    python -m bench.new_tabs                      # 12 rounds on the demo catalog, SQLite
    python -m bench.new_tabs --rounds 20 --profile /tmp/tabs.txt   # py-spy records the worker the whole time
                                                  # (the program from PATH or BENCH_PYSPY)

Each round prints the server's CPU per tab (the process tree's CPU time over the round, divided by 50) and the
round's hydrate p95; the last line gives their medians. Every round's tabs are new, and the earlier rounds' states
stay in the worker's memory as real visitors' do for an hour, so a cost that grows with them (the garbage
collector walking them) shows. Rounds move with the machine (two cores shared with the load generator): compare
two versions in alternating runs, not one run each. The server, build and database are bench.perf's own
(``--tmp`` keeps them).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import perf

TABS = 50


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--tmp", help="work folder (default: a new temp folder)")
    p.add_argument("--profile", help="record the server with py-spy (raw collapsed stacks) into this file")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    tmp = Path(args.tmp or tempfile.mkdtemp(prefix="new-tabs-"))
    tmp.mkdir(parents=True, exist_ok=True)
    env = perf.configure_environment(tmp, database_url=None, redis_url=None, port=perf.APP_PORT, workers=1)
    bench = perf.Bench(perf.parse_args(["--only", "events", "--quick", "--tmp", str(tmp)]), env, perf.Report())
    perf.ensure_tools(["events"])
    from marketplace.manage import build

    build(web_dir=perf.WEB_DIR, public_url=env.public_url)
    bench.start_app("sqlite", "demo")
    server = bench.server
    assert server is not None and server.pid
    spec = {
        "url": f"http://127.0.0.1:{perf.APP_PORT}", "clients": TABS, "events": 1, "route": "/categories",
        "mode": "in_page", "timeout": 60, "event": bench.names["listing_show"], "reply_state": bench.states["listing"],
        "payloads": [{"path": "/categories?page=2"}], "server_pid": server.pid,
    }  # fmt: skip
    spy = None
    try:
        bench.wsdrive({**spec, "token_seed": "warm-up"})
        if args.profile:
            pyspy = os.environ.get("BENCH_PYSPY") or "py-spy"
            spy = subprocess.Popen(
                [pyspy, "record", "--pid", str(server.pid), "--subprocesses", "--rate", "500", "--nonblocking",
                 "--format", "raw", "--output", args.profile],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(1)
        per_tab, hydrate = [], []
        for n in range(1, args.rounds + 1):
            before = server.cpu_seconds()
            out = bench.wsdrive({**spec, "token_seed": f"round-{n}-{random.random()}"})
            per_tab.append((server.cpu_seconds() - before) / TABS * 1000)
            hydrate.append(out.get("hydrate_p95_ms") or float("nan"))
            print(
                f"round {n}: {per_tab[-1]:.1f} ms of server CPU per tab, hydrate p95 {hydrate[-1]:.0f} ms", flush=True
            )
        print(f"medians: {statistics.median(per_tab):.1f} ms per tab, hydrate p95 {statistics.median(hydrate):.0f} ms")
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            spy.wait(timeout=60)
        bench.stop_app()
    return 0


if __name__ == "__main__":
    sys.exit(main())
