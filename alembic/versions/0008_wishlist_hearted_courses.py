"""wishlist_entries: the courses a signed-in learner hearts, kept on the server

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 02:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wishlist_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["course_id"], ["courses.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "course_id", name="uq_wishlist_user_course"),
    )
    with op.batch_alter_table("wishlist_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wishlist_entries_course_id"), ["course_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wishlist_entries_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("wishlist_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wishlist_entries_user_id"))
        batch_op.drop_index(batch_op.f("ix_wishlist_entries_course_id"))
    op.drop_table("wishlist_entries")
