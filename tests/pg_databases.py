"""Throw-away PostgreSQL databases for tests: made empty on a server, dropped after (the per-worker databases of
``pytest -n``, the migration tests' fresh databases, the production test's own)."""

from __future__ import annotations

from sqlalchemy import create_engine, make_url, text


def _run(base: str, *statements: str) -> None:
    """Run ``statements`` on ``base``'s server, connected to its maintenance database, outside any transaction."""
    admin = create_engine(make_url(base).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        admin.dispose()


def new_database(base: str, name: str) -> str:
    """An empty database ``name`` on ``base``'s server (one left by an earlier run is dropped first); its URL."""
    _run(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')
    return make_url(base).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database ``url`` names; FORCE closes the connections still open to it (the app's pools)."""
    _run(url, f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')
