"""What every server process sets up when it starts: logging, the worker-thread pool, the event-loop guard,
and (unless a separate worker process runs them) the background-job threads.

``manage.py serve`` (and so ``make run``) starts granian with :func:`create_app` as its factory: each worker
process configures logging there, before the app module is imported, so everything from the first page the
import builds onwards logs in the one format (:mod:`marketplace.logs`). :func:`server_lifespan` is registered as
a Reflex lifespan task in :mod:`marketplace.marketplace`; ``python -m marketplace.manage worker`` uses
:func:`run_worker` for a worker process of its own.
"""

from __future__ import annotations

import gc
import logging
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.types import ASGIApp

from marketplace import logs
from marketplace.db import engine, write_watch
from marketplace.jobs.worker import Worker
from marketplace.settings import settings

log = logging.getLogger(__name__)

# Python's collector looks at its youngest objects after this many new ones (its default: 700).
YOUNGEST_GENERATION_THRESHOLD = 10_000


def settle_collector() -> None:
    """Keep Python's cyclic garbage collector off what the process built at start, and run it less often.

    Importing the app leaves about 250,000 objects that live as long as the process (modules, the compiled
    pages' components and vars, the API's routes), and every tab adds its tree of fifty states. Each full
    collection walked all of them: with fifty tabs opening /categories at once, 2.6 s of the worker's CPU went
    to collecting over a thousand tabs, in full passes of about 265 ms each that held up every tab of the worker
    (issue 14). :func:`gc.freeze` moves what exists now out of the collector's sight (it is freed by reference
    counting as before, only never searched for cycles), and a youngest generation of 10,000 new objects instead
    of 700 makes the older generations fill, and be walked, less often: 0.6 s for the same tabs.
    """
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNGEST_GENERATION_THRESHOLD, middle, oldest)


def create_app() -> ASGIApp:
    """The ASGI app of one server process (granian's ``--factory`` target): logging first, then the app.

    Importing :mod:`marketplace.marketplace` builds every page and the API, so it is imported here, after
    logging is set up, rather than at the top of this module (which that module imports for its lifespan).
    """
    logs.configure()
    from marketplace.marketplace import app

    asgi: ASGIApp = app()
    settle_collector()
    return asgi


@asynccontextmanager
async def server_lifespan() -> AsyncIterator[None]:
    """Set up this server process, and run the job worker in it when ``JOBS_IN_APP`` is on (the default).

    Logging is set up again here for a server started another way than :func:`create_app` (``reflex run``).
    """
    logs.configure()
    engine.configure_thread_pool()
    # Tests fail loudly on a database session opened on the event loop; production logs it and serves on.
    engine.guard_event_loop("raise" if settings.env == "test" else "log")
    write_watch.start_listening()  # other processes' catalog writes forget this one's caches (REDIS_URL)
    # Starting tidies the job table (a database call): on a worker thread, like every other one.
    worker = await engine.in_thread(Worker().start) if settings.jobs_in_app else None
    try:
        yield
    finally:
        if worker is not None:
            await engine.in_thread(worker.stop)


def run_worker() -> None:
    """Run the job worker in this process until SIGTERM or SIGINT (``manage.py worker``)."""
    logs.configure()
    stopped = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopped.set())
    worker = Worker().start()
    stopped.wait()
    log.info("Stopping the job worker; running jobs finish first")
    worker.stop(timeout=settings.job_lease_seconds)
