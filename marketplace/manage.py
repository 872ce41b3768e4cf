"""Command line for running the marketplace: migrate, seed, build, serve, run, worker, jobs.

``python -m marketplace.manage run`` is what ``make run`` calls: it applies the migrations, loads the demo
catalog into an empty database, builds the front end when its sources changed, and serves pages, websocket
and ``/api`` on one port.

Production runs those steps apart (``deploy/`` has the systemd units, README "Deploying"): ``build`` once per
release with the public URL, ``migrate`` and ``seed`` before the app starts, then ``serve``, which only serves
the prebuilt front end with ``WORKERS`` processes and never touches the database's schema or content.
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

from marketplace import logs
from marketplace.logs import GRANIAN_LOG_CONFIG
from marketplace.settings import PROJECT_ROOT, child_environment, settings

log = logging.getLogger("marketplace")

# What each granian worker calls to build its app (logging first); see marketplace.runtime.
SERVER_FACTORY = "marketplace.runtime:create_app"
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
    """Give an empty database what it needs. Returns whether the demo catalog loaded.

    Outside production: the demo catalog when the database has no courses, and the demo discount codes when it
    has no coupons. In production (``MARKETPLACE_ENV=production``) only the catalog's structure, its categories:
    never the demo accounts (their passwords are in the README), their courses, or a working 10% code.
    """
    from marketplace.db.engine import session_scope
    from marketplace.demo.coupons import load_demo_coupons
    from marketplace.demo.seed import load_catalog_structure, load_demo_catalog

    with session_scope(url) as session:
        if settings.is_production:
            added = load_catalog_structure(session)
            log.info("Catalog structure: %s categories added (production loads no demo accounts or courses)", added)
            return False
        loaded = load_demo_catalog(session)
        load_demo_coupons(session)
    if loaded:
        _analyze(url)
    return loaded


def _analyze(url: str | None) -> None:
    """Give PostgreSQL's planner the statistics of the tables just filled (its autovacuum takes up to a minute or
    more): without them it guesses one row per table, and a course page or a cart's add and read join in the worst
    order (2 ms instead of 0.7 ms an add on the demo catalog, issue 14). SQLite keeps no statistics unless asked, and
    its plans here are chosen by the indexes alone."""
    from marketplace.db.engine import get_engine

    engine = get_engine(url or settings.database_url)
    if engine.dialect.name != "postgresql":
        return
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")


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


def build_problem(web_dir: Path, public_url: str) -> str | None:
    """Why the front end in ``web_dir`` cannot be served for ``public_url`` (None when it can).

    The build names the public URL its pages call back to (the websocket, uploads): served under another URL,
    every page would talk to the wrong host. A build of older sources is only warned about.
    """
    stamp = web_dir / "marketplace.build-stamp"
    if not (web_dir / "build/client").exists() or not stamp.exists():
        return (
            f"No front end is built in {web_dir}: run `PUBLIC_URL={public_url} python -m marketplace.manage build` "
            "(once per release) before serving."
        )
    digest, _, built_for = stamp.read_text().partition(" ")
    if built_for != public_url:
        return (
            f"The front end in {web_dir} was built for {built_for}, but PUBLIC_URL is {public_url}: "
            "build again with the public URL people use."
        )
    if digest != _sources_digest():
        log.warning("The front end in %s was built from other sources than these; build again after an update", web_dir)
    return None


def serve_command(port: int, workers: int = 1, host: str = "0.0.0.0") -> list[str]:  # noqa: S104
    """The server command line: granian serving the Reflex app, the built pages and /api on one port.

    Each worker process builds its app with :func:`marketplace.runtime.create_app`, which sets up logging
    before anything else; ``--log-config`` gives granian's own processes the same set-up from their first line
    (the logging configured in this process does not survive the exec into granian).
    ``host`` 0.0.0.0 makes the server reachable on the network; behind a proxy on the same machine, 127.0.0.1
    keeps anyone from going around it (and writing their own X-Forwarded-For).
    """
    granian = shutil.which("granian", path=str(Path(sys.executable).parent)) or "granian"
    return [
        granian,
        "--interface",
        "asgi",
        "--factory",
        "--host",
        host,
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--log-level",
        "warning",
        "--log-config",
        str(GRANIAN_LOG_CONFIG),
        SERVER_FACTORY,
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


def serve(port: int, host: str = "0.0.0.0", web_dir: Path | None = None) -> None:  # noqa: S104
    """Serve the prebuilt front end, the websocket and /api with ``WORKERS`` processes, in the foreground.

    Production's start command: it neither migrates, seeds nor builds (``migrate``, ``seed`` and ``build`` are
    steps of their own), so starting or restarting any number of servers never changes the database.
    """
    web_dir = web_dir or PROJECT_ROOT / ".web"
    public_url = settings.public_url
    problem = build_problem(web_dir, public_url)
    if problem:
        log.error(problem)
        raise SystemExit(1)
    command = serve_command(port, settings.server_workers, host)  # several workers need Redis to share state
    os.execvpe(command[0], command, serve_env(web_dir, public_url))  # noqa: S606 - become the server


def run(port: int) -> None:
    """Migrate, seed, build if needed, then serve in the foreground (``make run``)."""
    migrate()
    if seed():
        log.info("Loaded the demo catalog")
    public_url = settings.public_url
    build(public_url=public_url)
    # What the person who typed `make run` needs: where to go and how to sign in.
    log.info("\n  Naija Learn is running at %s\n", public_url)
    if not settings.is_production:
        log.info("  Demo learner:    ada@example.com / learner123\n  Demo instructor: tunde@example.com / teacher123\n")
    serve(port)


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
    parser = argparse.ArgumentParser(prog="python -m marketplace.manage")
    parser.add_argument("command", choices=["migrate", "seed", "build", "serve", "run", "worker", "jobs"])
    parser.add_argument("--port", type=int, default=settings.port)
    parser.add_argument("--host", default="0.0.0.0", help="serve: address to listen on (127.0.0.1 behind a proxy)")  # noqa: S104
    parser.add_argument("--web-dir", type=Path, help="build, serve: the front end's folder (default: .web)")
    parser.add_argument("--retry", type=int, nargs="+", metavar="ID", help="jobs: run these failed jobs again")
    parser.add_argument("--retry-failed", action="store_true", help="jobs: run every failed job again")
    parser.add_argument("--run", action="store_true", help="jobs: run the due jobs now, in this process")
    args = parser.parse_args(argv)
    args.web_dir = args.web_dir.resolve() if args.web_dir else None
    if args.command == "jobs":
        logging.basicConfig(level=logging.INFO, format="%(message)s")  # a table for the person who asked
    else:
        logs.configure()  # the app's one format (JSON lines in production), as the server processes log
    if args.command == "migrate":
        migrate()
    elif args.command == "seed":
        seed()
    elif args.command == "build":
        build(web_dir=args.web_dir, force=True)
    elif args.command == "serve":
        serve(args.port, args.host, args.web_dir)
    elif args.command == "worker":
        from marketplace.runtime import run_worker

        run_worker()
    elif args.command == "jobs":
        jobs(retry_ids=args.retry, retry_failed=args.retry_failed, run_now=args.run)
    else:
        run(args.port)


if __name__ == "__main__":
    main()
