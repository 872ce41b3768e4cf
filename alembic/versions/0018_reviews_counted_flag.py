"""reviews: a ``counted`` flag on each author's latest review of a target, kept by triggers, and an index of them

A target's average, count, star bars and public list count each author once: their latest review of it. Until
now every read worked that out again with a window over all of the target's reviews (``ROW_NUMBER() OVER
(PARTITION BY author_id ...)``), and the course page's list summed the stars over the same window: each course
page and each review post read every review of the course, however many there were (issue 14). The flag is now
stored: triggers set it on the author's latest review of the target and clear it on their older ones after every
insert, delete, and change of author, target or date, however the row was written (the app, the demo seed, tests,
bulk loads). The partial index ``ix_reviews_counted`` holds only counted reviews, in a target's newest-first order
with their stars (and the flag itself, which SQLite needs to read a partial index alone): a page is read from its first entries and the per-star counts from the index alone.
``ix_reviews_author_target`` finds an author's reviews of one target for the triggers. ``ix_reviews_target`` is
dropped: every read of a target's reviews now asks for the counted ones.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-01 20:00:00
"""

# ruff: noqa: S608
# (the SQL below is built from this file's own constants, never from input)

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The latest review of an author's reviews of one target (newest created_at, then highest id), as
# marketplace.domain.reviews has always counted them. {a}, {t}, {g}: the author, target type and target id.
_LATEST = (
    "(SELECT r.id FROM reviews r WHERE r.author_id = {a} AND r.target_type = {t} AND r.target_id = {g} "
    "ORDER BY r.created_at DESC, r.id DESC LIMIT 1)"
)
# Mark the latest one counted and the others not, changing only rows whose flag is wrong ({differs}: SQLite's
# IS NOT, PostgreSQL's IS DISTINCT FROM).
_MARK = (
    "UPDATE reviews SET counted = (id = {latest}) "
    "WHERE author_id = {a} AND target_type = {t} AND target_id = {g} AND counted {differs} (id = {latest})"
)


def _mark(a: str, t: str, g: str, *, differs: str = "IS NOT") -> str:
    return _MARK.format(latest=_LATEST.format(a=a, t=t, g=g), a=a, t=t, g=g, differs=differs)


SQLITE_UP = [
    f"CREATE TRIGGER reviews_counted_insert AFTER INSERT ON reviews BEGIN "
    f"{_mark('NEW.author_id', 'NEW.target_type', 'NEW.target_id')}; END",
    f"CREATE TRIGGER reviews_counted_delete AFTER DELETE ON reviews BEGIN "
    f"{_mark('OLD.author_id', 'OLD.target_type', 'OLD.target_id')}; END",
    f"CREATE TRIGGER reviews_counted_update AFTER UPDATE OF author_id, target_type, target_id, created_at ON reviews "
    f"BEGIN {_mark('OLD.author_id', 'OLD.target_type', 'OLD.target_id')}; "
    f"{_mark('NEW.author_id', 'NEW.target_type', 'NEW.target_id')}; END",
]
SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS reviews_counted_update",
    "DROP TRIGGER IF EXISTS reviews_counted_delete",
    "DROP TRIGGER IF EXISTS reviews_counted_insert",
]

POSTGRESQL_UP = [
    f"""CREATE FUNCTION reviews_mark_counted(a integer, t varchar, g integer) RETURNS void LANGUAGE sql AS $$
        {_mark("a", "t", "g", differs="IS DISTINCT FROM")}
    $$""",
    """CREATE FUNCTION reviews_counted_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            PERFORM reviews_mark_counted(OLD.author_id, OLD.target_type, OLD.target_id);
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
            PERFORM reviews_mark_counted(NEW.author_id, NEW.target_type, NEW.target_id);
        END IF;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER reviews_counted_keep AFTER INSERT OR DELETE OR UPDATE OF author_id, target_type, target_id, "
    "created_at ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_counted_keep()",
]
POSTGRESQL_DOWN = [
    "DROP TRIGGER IF EXISTS reviews_counted_keep ON reviews",
    "DROP FUNCTION IF EXISTS reviews_counted_keep()",
    "DROP FUNCTION IF EXISTS reviews_mark_counted(integer, varchar, integer)",
]

# Every review that counts today: each author's latest of each target.
_BACKFILL = """
    UPDATE reviews SET counted = {true} WHERE id IN (
        SELECT id FROM (
            SELECT id, ROW_NUMBER() OVER (
                PARTITION BY author_id, target_type, target_id ORDER BY created_at DESC, id DESC
            ) AS newness
            FROM reviews
        ) AS ranked
        WHERE newness = 1
    )
"""


def _counted_where() -> sa.TextClause:
    return sa.text("counted = 1" if op.get_bind().dialect.name == "sqlite" else "counted")


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    with op.batch_alter_table("reviews") as batch:
        batch.add_column(sa.Column("counted", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(_BACKFILL.format(true="true" if postgresql else "1"))
    for statement in POSTGRESQL_UP if postgresql else SQLITE_UP:
        op.execute(statement)
    where = _counted_where()
    op.create_index(
        "ix_reviews_counted",
        "reviews",
        ["target_type", "target_id", "created_at", "id", "rating", "counted"],
        sqlite_where=where,
        postgresql_where=where,
    )
    op.create_index(
        "ix_reviews_author_target", "reviews", ["author_id", "target_type", "target_id", "created_at", "id"]
    )
    op.drop_index("ix_reviews_target", table_name="reviews")


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.create_index("ix_reviews_target", "reviews", ["target_type", "target_id", "created_at"])
    op.drop_index("ix_reviews_author_target", table_name="reviews")
    op.drop_index("ix_reviews_counted", table_name="reviews")
    for statement in POSTGRESQL_DOWN if postgresql else SQLITE_DOWN:
        op.execute(statement)
    with op.batch_alter_table("reviews") as batch:
        batch.drop_column("counted")
