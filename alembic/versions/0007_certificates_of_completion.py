"""certificates: one certificate of completion per learner and course, with a public code

Finishing every section of a course issues a certificate that anyone can check by its code at
/certificates/{code}. Learners who had already finished a course before this revision get theirs here.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 02:00:00
"""

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _code() -> str:
    body = "".join(secrets.choice(_ALPHABET) for _ in range(10))
    return f"NLC-{body[:5]}-{body[5:]}"


def upgrade() -> None:
    op.create_table(
        "certificates",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("learner_name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("course_title", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("instructor_name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("hours", sa.Integer(), nullable=False),
        sa.Column("issued_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["course_id"], ["courses.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "course_id", name="uq_certificate_user_course"),
    )
    with op.batch_alter_table("certificates", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_certificates_code"), ["code"], unique=True)
        batch_op.create_index(batch_op.f("ix_certificates_course_id"), ["course_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_certificates_user_id"), ["user_id"], unique=False)

    # Learners who finished a course before certificates existed get theirs now.
    bind = op.get_bind()
    finished = bind.execute(
        sa.text(
            "SELECT e.user_id, e.course_id, e.completed_at, u.first_name, u.last_name, u.email, c.title, c.hours,"
            " iu.first_name, iu.last_name"
            " FROM enrollments e JOIN users u ON u.id = e.user_id JOIN courses c ON c.id = e.course_id"
            " LEFT JOIN instructors i ON i.id = c.instructor_id LEFT JOIN users iu ON iu.id = i.user_id"
            " WHERE e.completed_at IS NOT NULL"
        )
    ).all()
    table = sa.table(
        "certificates",
        *(sa.column(name) for name in ("code", "user_id", "course_id", "learner_name", "course_title")),
        *(sa.column(name) for name in ("instructor_name", "hours", "issued_at")),
    )
    rows = [
        {
            "code": _code(),
            "user_id": user_id,
            "course_id": course_id,
            "learner_name": f"{first or ''} {last or ''}".strip() or (email or "").split("@", 1)[0],
            "course_title": title,
            "instructor_name": f"{ifirst or ''} {ilast or ''}".strip(),
            "hours": max(hours or 0, 0),
            "issued_at": completed_at or datetime.now(UTC),
        }
        for user_id, course_id, completed_at, first, last, email, title, hours, ifirst, ilast in finished
    ]
    if rows:
        op.bulk_insert(table, rows)


def downgrade() -> None:
    with op.batch_alter_table("certificates", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_certificates_user_id"))
        batch_op.drop_index(batch_op.f("ix_certificates_course_id"))
        batch_op.drop_index(batch_op.f("ix_certificates_code"))
    op.drop_table("certificates")
