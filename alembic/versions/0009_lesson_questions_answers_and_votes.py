"""lesson_questions, lesson_answers, question_votes: questions and answers under each lesson of a course

Enrolled learners ask under a lesson, the instructor and other learners answer, and upvotes rank the questions.
The vote and answer counts are kept on the question so a page sorts by them without counting.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 01:45:49.573950
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lesson_questions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("body", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("upvotes", sa.Integer(), nullable=False),
        sa.Column("answer_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["course_id"], ["courses.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["section_id"], ["sections.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("lesson_questions", schema=None) as batch_op:
        batch_op.create_index("ix_lesson_questions_author_new", ["author_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_lesson_questions_course_id"), ["course_id"], unique=False)
        batch_op.create_index("ix_lesson_questions_section_new", ["section_id", "created_at"], unique=False)

    op.create_table(
        "lesson_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("body", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
        sa.Column("by_instructor", sa.Boolean(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["question_id"], ["lesson_questions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("lesson_answers", schema=None) as batch_op:
        batch_op.create_index("ix_lesson_answers_author_new", ["author_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_lesson_answers_question_id"), ["question_id"], unique=False)

    op.create_table(
        "question_votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["question_id"], ["lesson_questions.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("question_id", "user_id", name="uq_question_vote"),
    )
    with op.batch_alter_table("question_votes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_question_votes_question_id"), ["question_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("question_votes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_question_votes_question_id"))

    op.drop_table("question_votes")
    with op.batch_alter_table("lesson_answers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_lesson_answers_question_id"))
        batch_op.drop_index("ix_lesson_answers_author_new")

    op.drop_table("lesson_answers")
    with op.batch_alter_table("lesson_questions", schema=None) as batch_op:
        batch_op.drop_index("ix_lesson_questions_section_new")
        batch_op.drop_index(batch_op.f("ix_lesson_questions_course_id"))
        batch_op.drop_index("ix_lesson_questions_author_new")

    op.drop_table("lesson_questions")
