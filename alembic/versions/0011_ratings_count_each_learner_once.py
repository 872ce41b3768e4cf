"""courses, instructors: stored rating and review_count count each learner once (their latest review)

Until now every review counted, so a learner who reviewed a course five times weighed five times in its average
and its count (issue 16, defect 3). The app now recomputes a target's stored figures from each author's latest
review whenever a review is written, edited or deleted; this brings the figures already stored into line, so the
listing's rating sort and the cards agree with the course page from the first start. Targets without reviews are
left as they are. Nothing to undo: the old figures were wrong.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 02:40:00
"""

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

import sqlalchemy as sa

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Each author's latest review of each target (newest created_at, then highest id), as marketplace.domain.reviews
# counts them; totals per target.
LATEST_TOTALS = sa.text(
    """
    SELECT target_type, target_id, COUNT(*) AS reviews, SUM(rating) AS stars
    FROM (
        SELECT target_type, target_id, rating,
               ROW_NUMBER() OVER (
                   PARTITION BY author_id, target_type, target_id ORDER BY created_at DESC, id DESC
               ) AS newness
        FROM reviews
    ) AS ranked
    WHERE newness = 1
    GROUP BY target_type, target_id
    """
)
TABLES = {"Course": "courses", "Instructor": "instructors"}


def _average(stars: int, reviews: int) -> float:
    """Two decimals, halves up: the domain's rounding."""
    return float((Decimal(stars) / Decimal(reviews)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def upgrade() -> None:
    bind = op.get_bind()
    for target_type, target_id, reviews, stars in bind.execute(LATEST_TOTALS).all():
        table = TABLES.get(target_type)
        if table is None:
            continue
        bind.execute(
            # The table name comes from TABLES above, never from the data.
            sa.text(f"UPDATE {table} SET rating = :rating, review_count = :reviews WHERE id = :id"),  # noqa: S608
            {"rating": _average(int(stars), int(reviews)), "reviews": int(reviews), "id": target_id},
        )


def downgrade() -> None:
    pass
