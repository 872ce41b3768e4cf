"""studio: course status, uploaded media, the earnings ledger, payout accounts and payouts

Instructors write drafts and publish them; only published courses are in the catalog, and an unpublished course
stays for the learners already enrolled. Every existing course was in the catalog, so it starts published. Lesson
videos and thumbnails arrive as uploads; every paid order line is split into the instructor's share and the
platform fee.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 17:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        "media_uploads",
        sa.Column("id", _text(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", _text(length=20), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=True),
        sa.Column("filename", _text(length=255), nullable=False),
        sa.Column("content_type", _text(length=100), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("storage_key", _text(length=300), nullable=False),
        sa.Column("status", _text(length=20), nullable=False),
        sa.Column("error", _text(length=300), nullable=False),
        sa.Column("duration_seconds", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_media_uploads_user_id"), "media_uploads", ["user_id"], unique=False)
    op.create_index(op.f("ix_media_uploads_section_id"), "media_uploads", ["section_id"], unique=False)
    op.create_table(
        "payouts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.Column("amount_kobo", sa.Integer(), nullable=False),
        sa.Column("status", _text(length=20), nullable=False),
        sa.Column("provider", _text(length=20), nullable=False),
        sa.Column("reference", _text(length=100), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("sent_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["instructor_id"], ["instructors.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_payouts_instructor_id"), "payouts", ["instructor_id"], unique=False)
    op.create_table(
        "payout_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.Column("bank_name", _text(length=100), nullable=False),
        sa.Column("bank_code", _text(length=20), nullable=False),
        sa.Column("account_number", _text(length=10), nullable=False),
        sa.Column("account_name", _text(length=120), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["instructor_id"], ["instructors.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("instructor_id"),
    )
    op.create_table(
        "earning_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("order_line_id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.Column("buyer_user_id", sa.Integer(), nullable=False),
        sa.Column("list_price_kobo", sa.Integer(), nullable=False),
        sa.Column("paid_kobo", sa.Integer(), nullable=False),
        sa.Column("fee_kobo", sa.Integer(), nullable=False),
        sa.Column("net_kobo", sa.Integer(), nullable=False),
        sa.Column("fee_percent", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("payout_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["buyer_user_id"], ["users.id"]),
        sa.ForeignKeyConstraint(["course_id"], ["courses.id"]),
        sa.ForeignKeyConstraint(["instructor_id"], ["instructors.id"]),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"]),
        sa.ForeignKeyConstraint(["order_line_id"], ["order_lines.id"]),
        sa.ForeignKeyConstraint(["payout_id"], ["payouts.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("order_line_id"),
    )
    for column in ("course_id", "created_at", "instructor_id", "order_id", "payout_id"):
        op.create_index(op.f(f"ix_earning_entries_{column}"), "earning_entries", [column], unique=False)

    # Plain ALTERs on courses, not a batch: a batch rebuilds SQLite's table and would lose the expression index of 0010.
    op.add_column(
        "courses",
        sa.Column("status", _text(length=20), server_default="published", nullable=False),
    )
    op.add_column("courses", sa.Column("published_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    op.add_column("courses", sa.Column("price_set", sa.Boolean(), server_default=sa.true(), nullable=False))
    op.add_column("courses", sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    op.create_index(op.f("ix_courses_status"), "courses", ["status"], unique=False)
    op.execute("UPDATE courses SET published_at = created_at, updated_at = created_at")

    with op.batch_alter_table("sections") as batch_op:
        batch_op.add_column(sa.Column("video_upload_id", _text(length=64), nullable=True))
        batch_op.create_foreign_key(
            "fk_sections_video_upload_id", "media_uploads", ["video_upload_id"], ["id"], ondelete="SET NULL"
        )


def downgrade() -> None:
    with op.batch_alter_table("sections") as batch_op:
        batch_op.drop_constraint("fk_sections_video_upload_id", type_="foreignkey")
        batch_op.drop_column("video_upload_id")
    op.drop_index(op.f("ix_courses_status"), table_name="courses")
    for column in ("updated_at", "price_set", "published_at", "status"):
        op.drop_column("courses", column)
    for column in ("payout_id", "order_id", "instructor_id", "created_at", "course_id"):
        op.drop_index(op.f(f"ix_earning_entries_{column}"), table_name="earning_entries")
    op.drop_table("earning_entries")
    op.drop_table("payout_accounts")
    op.drop_index(op.f("ix_payouts_instructor_id"), table_name="payouts")
    op.drop_table("payouts")
    op.drop_index(op.f("ix_media_uploads_section_id"), table_name="media_uploads")
    op.drop_index(op.f("ix_media_uploads_user_id"), table_name="media_uploads")
    op.drop_table("media_uploads")
