"""catalog: only published courses; the sort indexes lead with status, the search index holds published courses only

Every public course query now says ``status = 'published'`` (docs/product.md, "Catalog visibility"). With the
sort indexes of 0010/0012 that filter made SQLite pick ``ix_courses_status`` and sort every course; each sort index
now starts with ``status``, so the first page of a sort still reads its few rows in index order (equality on the
leading column, then the sort's columns), and price and rating ranges stay one range of their index. The lone
``ix_courses_status`` is redundant with them and goes.

The search index (0013) indexes published courses only: a draft's or an unpublished course's words are neither
found nor offered as corrections, and a search still ranks inside the index without reading course rows. Its
triggers follow ``status`` too, so publishing adds a course to search at once and unpublishing removes it.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25 18:00:00
"""

# ruff: noqa: S608
# (the SQL below is built from this file's own constants, never from input)

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# name: the sort's columns (0010, 0012), in ORDER BY order.
SORT_INDEXES: dict[str, list[str]] = {
    "ix_courses_relevance": ["(rating * review_count) DESC", "rating DESC", "id"],
    "ix_courses_price_asc": ["price_kobo", "id"],
    "ix_courses_price_desc": ["price_kobo DESC", "id"],
    "ix_courses_rating_sort": ["rating DESC", "review_count DESC", "id"],
    "ix_courses_newest": ["created_at DESC", "id DESC"],
    "ix_courses_popular": ["enrollment_count DESC", "id"],
    "ix_courses_most_reviewed": ["review_count DESC", "id"],
}

# The same expressions as 0013 (the teacher's name, the folded title and description of a course row).
_TEACHER = (
    "(SELECT u.first_name || ' ' || u.last_name FROM instructors i JOIN users u ON u.id = i.user_id "
    "WHERE i.id = {row}.instructor_id)"
)
_TITLE = "CASE WHEN {row}.search_text = '' THEN lower({row}.title) ELSE substr({row}.search_text, 1, length({row}.title)) END"
_DESCRIPTION = (
    "CASE WHEN {row}.search_text = '' THEN lower({row}.description) "
    "ELSE substr({row}.search_text, length({row}.title) + 2) END"
)
_VALUES = f"NEW.id, {_TITLE.format(row='NEW')}, {_DESCRIPTION.format(row='NEW')}, {_TEACHER.format(row='NEW')}"
_COLUMNS = "title, description, search_text, instructor_id"


def _sqlite_triggers(only_published: bool) -> list[str]:
    when = " WHEN NEW.status = 'published'" if only_published else ""
    keep = " WHERE NEW.status = 'published'" if only_published else ""
    columns = _COLUMNS + (", status" if only_published else "")
    return [
        "DROP TRIGGER IF EXISTS course_search_insert",
        "DROP TRIGGER IF EXISTS course_search_update",
        f"""CREATE TRIGGER course_search_insert AFTER INSERT ON courses{when} BEGIN
            INSERT INTO course_search (rowid, title, description, teacher) VALUES ({_VALUES});
        END""",
        f"""CREATE TRIGGER course_search_update AFTER UPDATE OF {columns} ON courses BEGIN
            DELETE FROM course_search WHERE rowid = OLD.id;
            INSERT INTO course_search (rowid, title, description, teacher) SELECT {_VALUES}{keep};
        END""",
    ]


_PG_DOCUMENT = (
    "setweight(to_tsvector('simple', {title}), 'A') || "
    "setweight(to_tsvector('simple', unaccent(lower(coalesce({teacher}, '')))), 'B') || "
    "setweight(to_tsvector('simple', {description}), 'D')"
).format(title=_TITLE.format(row="NEW"), teacher=_TEACHER.format(row="NEW"), description=_DESCRIPTION.format(row="NEW"))


def _pg_function(only_published: bool) -> str:
    skip = (
        """IF NEW.status IS DISTINCT FROM 'published' THEN
            DELETE FROM course_search WHERE course_id = NEW.id;
            RETURN NULL;
        END IF;"""
        if only_published
        else ""
    )
    return f"""CREATE OR REPLACE FUNCTION course_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        doc tsvector;
    BEGIN
        {skip}
        doc := {_PG_DOCUMENT};
        INSERT INTO course_search (course_id, document) VALUES (NEW.id, doc)
        ON CONFLICT (course_id) DO UPDATE SET document = EXCLUDED.document;
        INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(doc)) ON CONFLICT DO NOTHING;
        RETURN NULL;
    END $$"""


def _pg_triggers(only_published: bool) -> list[str]:
    columns = _COLUMNS + (", status" if only_published else "")
    return [
        _pg_function(only_published),
        "DROP TRIGGER IF EXISTS course_search_update ON courses",
        f"CREATE TRIGGER course_search_update AFTER UPDATE OF {columns} ON courses "
        "FOR EACH ROW EXECUTE FUNCTION course_search_index()",
    ]


def _sort_indexes(with_status: bool) -> None:
    for name, columns in SORT_INDEXES.items():
        op.drop_index(name, table_name="courses")
        terms = (["status"] if with_status else []) + columns
        op.create_index(name, "courses", [sa.text(term) if " " in term else term for term in terms], unique=False)


def upgrade() -> None:
    _sort_indexes(with_status=True)
    op.drop_index("ix_courses_status", table_name="courses")
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in _pg_triggers(True) if postgresql else _sqlite_triggers(True):
        op.execute(statement)
    if postgresql:
        op.execute("DELETE FROM course_search WHERE course_id IN (SELECT id FROM courses WHERE status <> 'published')")
    else:
        op.execute("DELETE FROM course_search WHERE rowid IN (SELECT id FROM courses WHERE status <> 'published')")


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in _pg_triggers(False) if postgresql else _sqlite_triggers(False):
        op.execute(statement)
    # Every course back in the index, as 0013 keeps it: touching search_text re-indexes through the trigger.
    op.execute("UPDATE courses SET search_text = search_text WHERE status <> 'published'")
    op.create_index("ix_courses_status", "courses", ["status"], unique=False)
    _sort_indexes(with_status=False)
