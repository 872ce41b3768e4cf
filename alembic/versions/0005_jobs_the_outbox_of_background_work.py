"""jobs: the outbox of background work (mail, webhook processing, sandbox settlements)

A job row is written in the same transaction as the change that caused it and run after commit by a worker,
with retries and backoff. The unique key makes each job idempotent (one receipt per order).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 22:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("run_after", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("locked_until", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("locked_by", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("finished_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key"),
    )
    op.create_index("ix_jobs_due", "jobs", ["status", "run_after"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_jobs_due", table_name="jobs")
    op.drop_table("jobs")
