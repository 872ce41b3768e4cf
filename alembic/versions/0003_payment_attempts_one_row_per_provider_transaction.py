"""payment attempts: one row per provider transaction, enforced by the database

Two identical webhooks arriving at the same instant could each record the transaction; a partial unique
index (only rows that carry a provider transaction id) makes the second one update the first instead.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHERE = sa.text("provider_transaction_id <> ''")


def upgrade() -> None:
    # Keep the newest row of any transaction recorded twice before the index existed.
    op.execute(
        "DELETE FROM payment_attempts WHERE provider_transaction_id <> '' AND id NOT IN ("
        "SELECT MAX(id) FROM payment_attempts WHERE provider_transaction_id <> '' "
        "GROUP BY order_id, provider_transaction_id)"
    )
    op.create_index(
        "uq_payment_attempt_order_transaction",
        "payment_attempts",
        ["order_id", "provider_transaction_id"],
        unique=True,
        sqlite_where=WHERE,
        postgresql_where=WHERE,
    )


def downgrade() -> None:
    op.drop_index("uq_payment_attempt_order_transaction", table_name="payment_attempts")
