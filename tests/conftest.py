"""Shared fixtures: a migrated database per backend, an API client, a live app for browser tests.

Database tests run on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Settings read the environment once; point them at throw-away folders before anything imports them.
_TMP = Path(tempfile.mkdtemp(prefix="marketplace-tests-"))
os.environ.setdefault("DATA_DIR", str(_TMP / "data"))
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_TMP / 'default.db'}")
os.environ.setdefault("MARKETPLACE_ENV", "test")

import pytest  # noqa: E402
from sqlalchemy import make_url, text  # noqa: E402
from sqlmodel import Session, SQLModel  # noqa: E402

from marketplace.api.public_cache import forget_public_answers  # noqa: E402
from marketplace.db.engine import get_engine  # noqa: E402
from marketplace.db.read_cache import forget_every_read_cache  # noqa: E402
from marketplace.manage import migrate  # noqa: E402
from tests.pg_databases import drop_database, new_database  # noqa: E402


def _own_postgres_database() -> bool:
    """With ``pytest -n`` (pytest-xdist, `make test`), each worker process works on its own PostgreSQL database:
    TEST_DATABASE_URL's name plus the worker's, made afresh here and dropped when the worker ends."""
    base, worker = os.environ.get("TEST_DATABASE_URL"), os.environ.get("PYTEST_XDIST_WORKER")
    if not base or not worker:
        return False
    os.environ["TEST_DATABASE_URL"] = new_database(base, f"{make_url(base).database}_{worker}")
    return True


_OWN_POSTGRES = _own_postgres_database()
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])
_migrated: set[str] = set()


def pytest_sessionfinish(session, exitstatus):
    """Drop a worker's own PostgreSQL database (see :func:`_own_postgres_database`)."""
    if _OWN_POSTGRES:
        drop_database(os.environ["TEST_DATABASE_URL"])


def pytest_collection_modifyitems(items):
    """Run the browser tests last, keeping every other test in its collected order.

    Playwright's sync API keeps an event loop running on the main thread for as long as its session-scoped
    browser lives; any test after the first browser test that calls ``asyncio.run()`` would then fail with
    "cannot be called from a running event loop". Fast tests first also means a broken rule fails in seconds.
    """
    items.sort(key=lambda item: "tests/e2e/" in str(item.fspath).replace(os.sep, "/"))


def backend_url(backend: str) -> str:
    """The database URL for a backend, migrated once per test session."""
    url = os.environ["TEST_DATABASE_URL"] if backend == "postgresql" else f"sqlite:///{_TMP / 'unit.db'}"
    if url not in _migrated:
        if backend == "postgresql":
            with get_engine(url).begin() as connection:
                connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        migrate(url)
        _migrated.add(url)
    return url


def wipe(url: str) -> None:
    """Delete every row, children first, so each test starts from an empty database."""
    engine = get_engine(url)
    with engine.begin() as connection:
        if url.startswith("postgresql"):
            names = ", ".join(f'"{t.name}"' for t in SQLModel.metadata.sorted_tables)
            connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(SQLModel.metadata.sorted_tables):
                connection.execute(table.delete())


@pytest.fixture(params=BACKENDS)
def db_url(request) -> str:
    """A migrated, empty database on each backend (and no public API answers kept from the last test's catalog:
    wipe deletes rows outside the app's sessions, which the caches cannot see; the read caches: forget_kept_reads)."""
    url = backend_url(request.param)
    wipe(url)
    forget_public_answers()
    return url


@pytest.fixture(autouse=True)
def forget_kept_reads() -> None:
    """Every test starts with nothing kept by the read caches (listing pages, sidebars, totals, search suggestions):
    one test's catalog, or a fake read it put in place, must not answer the next one."""
    forget_every_read_cache()


@pytest.fixture
def session(db_url):
    """A session on the empty test database; tests commit as the app would.

    On SQLite it reads outside transactions and begins one only before its first write (pysqlite's own way;
    the app's write sessions begin IMMEDIATE): a test that reads through it and then calls the app must
    neither hold the write lock the app is about to take nor keep reading an old snapshot.
    """
    engine = get_engine(db_url)
    bind = engine.execution_options(sqlite_begin="LEGACY") if engine.dialect.name == "sqlite" else engine
    with Session(bind, expire_on_commit=False) as s:
        yield s


@pytest.fixture
def run_jobs(db_url):
    """Run the due background jobs on the test database (what the app's job worker does after a commit)."""
    from marketplace.jobs.worker import run_due

    return lambda: run_due(db_url)


@pytest.fixture
def api_client(db_url, run_jobs):
    """An HTTP client for the /api app, wired to the test database.

    After each request the due background jobs run, as the app's in-process worker runs them right after
    the request's commit: a test sees the mail a sign-up sends, the enrollment a webhook causes.
    """
    from fastapi.testclient import TestClient

    from marketplace.api.app import create_api
    from marketplace.api.deps import database_url

    api = create_api()

    async def _database() -> str:
        return db_url

    api.dependency_overrides[database_url] = _database

    class JobsClient(TestClient):
        def request(self, *args, **kwargs):
            response = super().request(*args, **kwargs)
            run_jobs()
            return response

    with JobsClient(api, raise_server_exceptions=False) as client:
        yield client
