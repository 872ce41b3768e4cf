"""Command line for running the marketplace: migrate, seed, build, serve, run.

``python -m marketplace.manage run`` is what ``make run`` calls: it applies the migrations, loads the demo
catalog into an empty database, builds the front end when its sources changed, and serves pages, websocket
and ``/api`` on one port.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from marketplace.settings import PROJECT_ROOT, child_environment, settings

log = logging.getLogger("marketplace")

# What the front-end build depends on; a change to any of these triggers a rebuild.
BUILD_INPUTS = ("marketplace", "assets", "rxconfig.py", "requirements.txt")


def migrate(url: str | None = None) -> None:
    """Apply every Alembic migration to the database at ``url`` (default: the configured one)."""
    from alembic.config import Config

    from alembic import command

    cfg = Config(str(PROJECT_ROOT / "alembic.ini"))
    cfg.attributes["url"] = url or settings.database_url
    command.upgrade(cfg, "head")


def seed(url: str | None = None) -> bool:
    """Load the demo catalog when the database has no courses, and the demo discount codes when it has no
    coupons. Returns whether the catalog loaded.

    In production the codes come only with a freshly loaded demo catalog: a real shop's database without
    codes of its own must not start handing out a working 10% code.
    """
    from marketplace.db.engine import session_scope
    from marketplace.demo.coupons import load_demo_coupons
    from marketplace.demo.seed import load_demo_catalog

    with session_scope(url) as session:
        loaded = load_demo_catalog(session)
        if loaded or not settings.is_production:
            load_demo_coupons(session)
        return loaded


def _sources_digest() -> str:
    digest = hashlib.sha256()
    for name in BUILD_INPUTS:
        root = PROJECT_ROOT / name
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts:
                continue
            digest.update(str(path.relative_to(PROJECT_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _npm_registry() -> str:
    # Reflex probes two public registries for latency unless told which one to use; one is unreachable here.
    try:
        found = subprocess.run(["npm", "config", "get", "registry"], capture_output=True, text=True, timeout=20)  # noqa: S607
        return found.stdout.strip() or "https://registry.npmjs.org/"
    except (OSError, subprocess.SubprocessError):
        return "https://registry.npmjs.org/"


def reflex_env(web_dir: Path, public_url: str) -> dict[str, str]:
    """Environment for the Reflex CLI and server: where the build lives and the URL it calls back to."""
    env = child_environment()
    return child_environment(
        NPM_CONFIG_REGISTRY=env.get("NPM_CONFIG_REGISTRY") or _npm_registry(),
        REFLEX_WEB_WORKDIR=str(web_dir),
        REFLEX_API_URL=public_url,
        REFLEX_DEPLOY_URL=public_url,
        REFLEX_USE_NPM="1",
        REFLEX_CHECK_LATEST_VERSION="false",
        REFLEX_TELEMETRY_ENABLED="false",
    )


def build(web_dir: Path | None = None, public_url: str | None = None, force: bool = False) -> bool:
    """Build the production front end unless the same sources were already built. Returns whether it built."""
    web_dir = web_dir or PROJECT_ROOT / ".web"
    public_url = public_url or settings.public_url
    stamp = web_dir / "marketplace.build-stamp"
    wanted = f"{_sources_digest()} {public_url}"
    if not force and stamp.exists() and stamp.read_text() == wanted and (web_dir / "build/client").exists():
        log.info("Front end is up to date (%s)", web_dir)
        return False
    log.info("Building the front end into %s (this takes a minute the first time)", web_dir)
    subprocess.run(
        [sys.executable, "-m", "reflex", "export", "--frontend-only", "--no-zip", "--env", "prod"],
        cwd=PROJECT_ROOT,
        env=reflex_env(web_dir, public_url),
        check=True,
    )
    stamp.write_text(wanted)
    return True


def serve_command(port: int, workers: int = 1) -> list[str]:
    """The server command line: granian serving the Reflex app, the built pages and /api on one port."""
    granian = shutil.which("granian", path=str(Path(sys.executable).parent)) or "granian"
    return [
        granian,
        "--interface",
        "asgi",
        "--factory",
        "--host",
        "0.0.0.0",  # noqa: S104 - the server is meant to be reachable on the network
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--log-level",
        "warning",
        "marketplace.marketplace:app",
    ]


def serve_env(web_dir: Path, public_url: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """Environment that makes the app serve the prebuilt front end instead of compiling it again."""
    env = reflex_env(web_dir, public_url)
    env.update(
        {
            "REFLEX_ENV_MODE": "prod",
            "__REFLEX_SKIP_COMPILE": "true",
            "__REFLEX_MOUNT_FRONTEND_COMPILED_APP": "true",
        }
    )
    env.update(extra or {})
    return env


def run(port: int) -> None:
    """Migrate, seed, build if needed, then serve in the foreground."""
    migrate()
    if seed():
        log.info("Loaded the demo catalog")
    public_url = settings.public_url
    build(public_url=public_url)
    workers = settings.server_workers  # several workers need Redis to share state
    # What the person who typed `make run` needs: where to go and how to sign in (logging prints it as is).
    log.info(
        "\n  Naija Learn is running at %s\n"
        "  Demo learner:    ada@example.com / learner123\n"
        "  Demo instructor: tunde@example.com / teacher123\n",
        public_url,
    )
    os.execvpe(  # noqa: S606 - replace this process with the server
        serve_command(port, workers)[0], serve_command(port, workers), serve_env(PROJECT_ROOT / ".web", public_url)
    )


def jobs(*, retry_ids: list[int] | None, retry_failed: bool, run_now: bool) -> None:
    """Show the job outbox (pending, running and failed jobs, with the last error); retry or run them."""
    from marketplace.jobs import admin, worker

    if retry_ids or retry_failed:
        again = admin.retry(ids=None if retry_failed else retry_ids)
        log.info("%s failed job(s) will run again", again)
    if run_now:
        log.info("Ran %s due job(s)", worker.run_due())
    summary = admin.counts()
    log.info("Jobs: %s", ", ".join(f"{n} {status}" for status, n in sorted(summary.items())) or "none")
    for job in admin.list_jobs():
        error = f"  last error: {job.last_error}" if job.last_error else ""
        log.info(
            "#%s %-8s %-24s attempts %s, due %s  %s%s",
            job.id, job.status, job.kind, job.attempts, job.run_after.isoformat(timespec="seconds"), job.key, error,
        )  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run one command."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m marketplace.manage")
    parser.add_argument("command", choices=["migrate", "seed", "build", "run", "worker", "jobs"])
    parser.add_argument("--port", type=int, default=settings.port)
    parser.add_argument("--retry", type=int, nargs="+", metavar="ID", help="jobs: run these failed jobs again")
    parser.add_argument("--retry-failed", action="store_true", help="jobs: run every failed job again")
    parser.add_argument("--run", action="store_true", help="jobs: run the due jobs now, in this process")
    args = parser.parse_args(argv)
    if args.command == "migrate":
        migrate()
    elif args.command == "seed":
        seed()
    elif args.command == "build":
        build(force=True)
    elif args.command == "worker":
        from marketplace.runtime import run_worker

        run_worker()
    elif args.command == "jobs":
        jobs(retry_ids=args.retry, retry_failed=args.retry_failed, run_now=args.run)
    else:
        run(args.port)


if __name__ == "__main__":
    main()
