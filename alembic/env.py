"""Alembic environment: metadata from the SQLModel tables, URL from settings (or the caller)."""

from sqlmodel import SQLModel

import marketplace.db.models  # noqa: F401  (registers every table on SQLModel.metadata)
from alembic import context
from marketplace.db.engine import get_engine
from marketplace.settings import settings

config = context.config
target_metadata = SQLModel.metadata


def _url() -> str:
    # Tests and scripts pass a URL through the config; otherwise the configured database.
    return config.attributes.get("url") or settings.database_url


def run_migrations_offline() -> None:
    """Emit SQL without a database connection."""
    url = _url()
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        compare_type=True,
        render_as_batch=url.startswith("sqlite"),
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run migrations on a live connection."""
    url = _url()
    with get_engine(url).connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            compare_type=True,
            render_as_batch=url.startswith("sqlite"),
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
