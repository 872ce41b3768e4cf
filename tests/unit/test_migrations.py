"""Migrations upgrade an empty database to the models' schema and downgrade it again."""

import os
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlmodel import SQLModel

import marketplace.db.models  # noqa: F401
from alembic import command
from marketplace.settings import PROJECT_ROOT
from tests.pg_databases import drop_database, new_database


def _config(url: str) -> Config:
    cfg = Config(str(PROJECT_ROOT / "alembic.ini"))
    cfg.attributes["url"] = url
    return cfg


def _fresh_databases(tmp_path):
    yield f"sqlite:///{tmp_path / 'migrations.db'}"
    if os.environ.get("TEST_DATABASE_URL"):
        url = new_database(os.environ["TEST_DATABASE_URL"], f"mig_{uuid.uuid4().hex[:8]}")
        try:
            yield url
        finally:
            drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"] if os.environ.get("TEST_DATABASE_URL") else ["sqlite"])
def empty_db(request, tmp_path):
    urls = _fresh_databases(tmp_path)
    url = next(urls)
    if request.param == "postgresql":
        url = next(urls)
    yield url
    for _ in urls:  # run the generator's cleanup
        pass


def test_upgrade_matches_models_and_downgrade_empties(empty_db):
    from marketplace.db.engine import get_engine

    command.upgrade(_config(empty_db), "head")
    engine = get_engine(empty_db)
    tables = set(inspect(engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    # The search index (migration 0013) lives outside the models: FTS5 on SQLite, tsvector and words on PostgreSQL.
    search = ("course_search", "search_words")
    diff = [d for d in diff if not (d[0] == "remove_table" and d[1].name.startswith(search))]
    diff = [d for d in diff if not (d[0] == "remove_index" and d[1].table.name.startswith(search))]
    assert diff == [], f"models and migrations disagree: {diff}"

    command.downgrade(_config(empty_db), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()
    get_engine.cache_clear()
