"""One saving event figure, round after round against one server: for A/B runs of two versions and for profiles.

Usage:
    python -m bench.event_rounds                                   # add-to-cart on SQLite, 6 rounds of 10 events a tab
    python -m bench.event_rounds --figure review_submit --database postgresql --rounds 8
    python -m bench.event_rounds --profile /tmp/add.txt            # py-spy records rounds 2.. (raw collapsed stacks)

``bench.perf`` takes each figure once per run (medians of three runs, each after a run of the floor): right for the
table, but the machine's speed drifts by a fifth within minutes, so the effect of one change is hidden in it. Here
the server is started once (as ``bench.perf`` starts it, with the same learners, tabs and events) and the figure is
taken ``--rounds`` times, its rows emptied before each; the first round warms the server up and is left out of the
median. To compare two versions, check the other one out beside this one (``git worktree add /tmp/old REV``) and
run each in turn, a few times over: ``python /tmp/old/bench/event_rounds.py`` measures /tmp/old's code (the built
front end, the tools and the caches are this checkout's, ``BENCH_ORIGINAL_ROOT``).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH_DIR))

import perf  # noqa: E402
from live_server import configure_environment  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--figure", choices=["cart_add", "review_submit"], default="cart_add")
    p.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--events", type=int, default=10, help="events per tab in each round (bench.perf's: 10)")
    p.add_argument("--profile", help="py-spy records the server from the second round on into this file")
    args = p.parse_args(argv)

    env = configure_environment(
        Path(tempfile.mkdtemp(prefix="rounds-")), database_url=None, redis_url=None, port=perf.APP_PORT, workers=1
    )
    bench = perf.Bench(perf.parse_args(["--only", "events", "--quick"]), env, perf.Report())
    from marketplace.manage import build

    build(web_dir=perf.WEB_DIR, public_url=env.public_url)
    bench.start_app(args.database, "demo")
    recorder = None
    rates: list[float] = []
    try:
        spec, before, saved = bench.writing_figures(50, args.events)[args.figure]
        for round_ in range(args.rounds):
            before()
            if args.profile and round_ == 1:
                recorder = subprocess.Popen(
                    ["py-spy", "record", "--pid", str(bench.server.pid), "--subprocesses", "--rate", "250", "--gil",
                     "--format", "raw", "--output", args.profile],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )  # fmt: skip
                time.sleep(1)
            got = bench.wsdrive({"url": f"http://127.0.0.1:{perf.APP_PORT}", "server_pid": bench.server.pid, **spec})
            rows = saved()
            print(
                f"round {round_}: {got.get('events_per_s')} events/s, p95 {got.get('p95_ms')} ms, server CPU "
                f"{got.get('server_cpu_pct')} %, errors {got.get('errors')} {got.get('error_kinds') or ''}, "
                f"{rows} rows saved",
                flush=True,
            )
            if round_ and got.get("events_per_s") and rows:
                rates.append(got["events_per_s"])
    finally:
        if recorder is not None:
            recorder.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            recorder.wait(timeout=60)
        bench.stop_app()
    code = os.environ.get("BENCH_CODE") or perf.code_under_test()
    print(f"{args.figure} ({args.database}): median of rounds 1-{args.rounds - 1}: "
          f"{statistics.median(rates) if rates else None} events/s; code: {code}")  # fmt: skip
    return 0 if rates else 1


if __name__ == "__main__":
    sys.exit(main())
