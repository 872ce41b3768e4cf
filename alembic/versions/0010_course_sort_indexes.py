"""courses: one index per sort of the listing, matching its ORDER BY exactly

relevance (rating * review_count DESC, rating DESC, id), price low to high (price_kobo, id), price high to low
(price_kobo DESC, id) and rating (rating DESC, review_count DESC, id): the first page of any sort reads its rows
in index order and stops, instead of sorting every course (issue 14). They replace the single-column
ix_courses_price and ix_courses_rating, whose filters (price range, "N stars and up") the new ones serve as well.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("courses", schema=None) as batch_op:
        batch_op.drop_index("ix_courses_price")
        batch_op.drop_index("ix_courses_rating")
        batch_op.create_index(
            "ix_courses_relevance", [sa.text("(rating * review_count) DESC"), sa.text("rating DESC"), "id"]
        )
        batch_op.create_index("ix_courses_price_asc", ["price_kobo", "id"])
        batch_op.create_index("ix_courses_price_desc", [sa.text("price_kobo DESC"), "id"])
        batch_op.create_index("ix_courses_rating_sort", [sa.text("rating DESC"), sa.text("review_count DESC"), "id"])


def downgrade() -> None:
    with op.batch_alter_table("courses", schema=None) as batch_op:
        batch_op.drop_index("ix_courses_rating_sort")
        batch_op.drop_index("ix_courses_price_desc")
        batch_op.drop_index("ix_courses_price_asc")
        batch_op.drop_index("ix_courses_relevance")
        batch_op.create_index("ix_courses_rating", ["rating"])
        batch_op.create_index("ix_courses_price", ["price_kobo"])
