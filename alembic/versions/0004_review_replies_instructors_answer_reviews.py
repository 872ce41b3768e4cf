"""review replies: an instructor answers a review of their course or of themselves

The reviewer is told (a "reply" notification) and everybody reading the reviews sees the answer under it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("reviews", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reply", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=True))
        batch_op.add_column(sa.Column("replied_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reviews", schema=None) as batch_op:
        batch_op.drop_column("replied_at")
        batch_op.drop_column("reply")
