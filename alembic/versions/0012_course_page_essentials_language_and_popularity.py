"""courses: subtitle, language, what you'll learn, requirements, audience, and a kept enrollment count

The course page tells a visitor what they will learn, what they need and who the course is for; the listing
filters by language and sorts by Newest, Most popular (enrollments) and Most reviewed, each from an index that
matches its ORDER BY. The enrollment count is filled from the enrollments that exist.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 02:25:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTERs, not a batch: a batch rebuilds SQLite's table and would lose the expression index of 0010.
    op.add_column(
        "courses",
        sa.Column("subtitle", sqlmodel.sql.sqltypes.AutoString(length=200), server_default="", nullable=False),
    )
    op.add_column(
        "courses",
        sa.Column("language", sqlmodel.sql.sqltypes.AutoString(length=40), server_default="English", nullable=False),
    )
    op.add_column("courses", sa.Column("learn", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("courses", sa.Column("requirements", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("courses", sa.Column("audience", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("courses", sa.Column("enrollment_count", sa.Integer(), server_default="0", nullable=False))
    op.create_index("ix_courses_language", "courses", ["language"], unique=False)
    op.create_index("ix_courses_most_reviewed", "courses", [sa.text("review_count DESC"), "id"], unique=False)
    op.create_index("ix_courses_newest", "courses", [sa.text("created_at DESC"), sa.text("id DESC")], unique=False)
    op.create_index("ix_courses_popular", "courses", [sa.text("enrollment_count DESC"), "id"], unique=False)
    op.execute(
        "UPDATE courses SET enrollment_count = "
        "(SELECT COUNT(*) FROM enrollments WHERE enrollments.course_id = courses.id)"
    )


def downgrade() -> None:
    for name in ("ix_courses_popular", "ix_courses_newest", "ix_courses_most_reviewed", "ix_courses_language"):
        op.drop_index(name, table_name="courses")
    for column in ("enrollment_count", "audience", "requirements", "learn", "language", "subtitle"):
        op.drop_column("courses", column)  # SQLite >= 3.35 drops a column in place
