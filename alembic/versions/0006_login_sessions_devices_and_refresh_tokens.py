"""login_sessions: the device, address and last-seen time of each session, and its refresh token's hash

Signed-in devices are listed on the profile (device from the User-Agent, the address, last seen) and can be
signed out one by one. Access tokens now live minutes and are renewed with a refresh token whose hash is kept
here. Sessions opened before this revision have neither a refresh token nor a short-lived access token, so
they are ended: everybody signs in once more.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 10:00:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("login_sessions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("user_agent", sqlmodel.sql.sqltypes.AutoString(length=300), server_default="", nullable=False)
        )
        batch_op.add_column(
            sa.Column("ip", sqlmodel.sql.sqltypes.AutoString(length=64), server_default="", nullable=False)
        )
        batch_op.add_column(sa.Column("last_seen_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column("refresh_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    sessions = sa.table("login_sessions", sa.column("revoked_at", sqlmodel.sql.sqltypes.UTCDateTime()))
    op.execute(sessions.update().where(sessions.c.revoked_at.is_(None)).values(revoked_at=datetime.now(UTC)))


def downgrade() -> None:
    with op.batch_alter_table("login_sessions", schema=None) as batch_op:
        batch_op.drop_column("refresh_hash")
        batch_op.drop_column("last_seen_at")
        batch_op.drop_column("ip")
        batch_op.drop_column("user_agent")
