"""Built pages through the app's ASGI stack, in process: pages-first (marketplace.static_pages) against the long way.

Needs a built front end (``python -m marketplace.manage build`` or an e2e run's web folder). For each way it
builds the production ASGI app as ``manage.py serve`` does (``REFLEX_ENV_MODE=prod``, compiled front end
mounted, no compile), then asks for a few pages and an asset over httpx's ASGI transport, one request at a
time (a redirect followed, as a browser would), and prints requests per second and what ``/categories``
answers (status, bytes, the security headers). The long way is the app without its last transformer (the page
server), i.e. FastAPI and Reflex's app in front of the static files, as before.

    .venv/bin/python -m bench.page_serving [--web-dir .web] [--requests 400]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

PATHS = ("/", "/categories", "/login", "/favicon.ico")


async def _measure(requests: int) -> dict[str, object]:
    import httpx

    from marketplace.marketplace import app

    if os.environ.get("BENCH_LONG_WAY") == "1":
        app.api_transformer = app.api_transformer[:-1]
    asgi = app()
    transport = httpx.ASGITransport(app=asgi)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver", follow_redirects=True) as client:
        first = await client.get("/categories", headers={"Accept-Encoding": "gzip"}, follow_redirects=False)
        for path in PATHS:  # warm up
            await client.get(path, headers={"Accept-Encoding": "gzip"})
        started = time.perf_counter()
        for n in range(requests):
            response = await client.get(PATHS[n % len(PATHS)], headers={"Accept-Encoding": "gzip"})
            response.raise_for_status()
        per_second = requests / (time.perf_counter() - started)
    return {
        "per_second": per_second,
        "status": first.status_code,
        "bytes": len(first.content),
        "headers": sorted(
            h for h in first.headers if h in ("content-security-policy", "x-frame-options", "x-request-id")
        ),
    }


def _child(requests: int) -> None:
    print(json.dumps(asyncio.run(_measure(requests))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web-dir", default=".web")
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.requests)
        return
    from marketplace.manage import serve_env
    from marketplace.settings import settings

    web_dir = Path(args.web_dir).resolve()
    print(f"{args.requests} requests over {', '.join(PATHS)}, one at a time, in process (ASGI)")
    for label, long_way in (("long way (FastAPI + Reflex app)", "1"), ("pages first", "0")):
        env = {**serve_env(web_dir, settings.public_url), "BENCH_LONG_WAY": long_way, "LOG_LEVEL": "WARNING"}
        command = [sys.executable, "-m", "bench.page_serving", "--child", "--requests", str(args.requests)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"  {label:<32} {result['per_second']:8.0f} requests/s   /categories: {result['status']}, "
            f"{result['bytes']} bytes, {', '.join(result['headers'])}"
        )


if __name__ == "__main__":
    main()
