"""listing filters: indexes that count a level, a language or a duration among published courses

The listing's total (domain/listing_totals.py) counts the courses its filters keep. A level, a language or a
duration bucket had no index, so each count read every course row (240 ms for one level at 100,000 courses on
SQLite). Each index below leads with ``status`` (only published courses are counted) and holds what the count
checks, so a count reads one range of one index and no row. The page's rows still come from the sort's index
(0010/0015): on SQLite the listing writes these filters as row checks (domain/listing.py, ``_row_check``) so the
planner, which keeps no statistics on ranges, never trades the sort's order for one of these.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25 18:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES: dict[str, list[str]] = {
    "ix_courses_status_level": ["status", "level", "hours"],
    "ix_courses_status_language": ["status", "lower(language)", "hours"],
    "ix_courses_status_hours": ["status", "hours"],
}


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.create_index(name, "courses", [sa.text(c) if "(" in c else c for c in columns], unique=False)


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="courses")
