"""What every server process sets up when it starts: logging, the worker-thread pool, the event-loop guard,
and (unless a separate worker process runs them) the background-job threads.

Registered as a Reflex lifespan task in :mod:`marketplace.marketplace`; ``python -m marketplace.manage worker``
uses :func:`run_worker` for a worker process of its own.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from marketplace.db import engine
from marketplace.jobs.worker import Worker
from marketplace.settings import settings

log = logging.getLogger(__name__)


def configure_logging() -> None:
    """One log format for the app's own messages (granian configures only its own loggers)."""
    app_logger = logging.getLogger("marketplace")
    if app_logger.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    app_logger.addHandler(handler)
    app_logger.setLevel(logging.INFO)
    app_logger.propagate = False


@asynccontextmanager
async def server_lifespan() -> AsyncIterator[None]:
    """Set up this server process, and run the job worker in it when ``JOBS_IN_APP`` is on (the default)."""
    configure_logging()
    engine.configure_thread_pool()
    # Tests fail loudly on a database session opened on the event loop; production logs it and serves on.
    engine.guard_event_loop("raise" if settings.env == "test" else "log")
    # Starting tidies the job table (a database call): on a worker thread, like every other one.
    worker = await engine.in_thread(Worker().start) if settings.jobs_in_app else None
    try:
        yield
    finally:
        if worker is not None:
            await engine.in_thread(worker.stop)


def run_worker() -> None:
    """Run the job worker in this process until SIGTERM or SIGINT (``manage.py worker``)."""
    configure_logging()
    stopped = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopped.set())
    worker = Worker().start()
    stopped.wait()
    log.info("Stopping the job worker; running jobs finish first")
    worker.stop(timeout=settings.job_lease_seconds)
