"""course search: a full-text index kept by triggers, its word list for typos, and enrollment_count kept in step

Search runs on the database's own machinery (issue 16): on SQLite an FTS5 table ``course_search`` (title,
description, teacher) with an ``fts5vocab`` view of its words; on PostgreSQL a ``course_search`` table holding a
weighted tsvector per course (title A, teacher B, description D) under a GIN index, and ``search_words``, every
word ever indexed, under a pg_trgm index so a misspelt word finds its neighbours. Triggers keep both in step with
every insert, edit and delete of a course and every rename of a teacher, however the row was written (the app, the
demo seed, a bulk load). The title and description are read from ``courses.search_text``, already lower-cased and
accent-free (its first len(title) characters are the title).

``courses.enrollment_count`` (0012) is kept by a trigger on enrollments too, so every path that enrolls (a paid
order, the demo seed, tests, bulk loads) counts, and a deleted enrollment uncounts.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 02:40:00
"""

# ruff: noqa: S608
# (the SQL below is built from this file's own constants, never from input)

from collections.abc import Sequence

from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The teacher's name of a course row (NEW or OLD), as the index stores it.
_TEACHER = (
    "(SELECT u.first_name || ' ' || u.last_name FROM instructors i JOIN users u ON u.id = i.user_id "
    "WHERE i.id = {row}.instructor_id)"
)
# search_text is "folded title, padded to len(title)" + " " + folded description; an empty one (a raw insert that
# skipped it) falls back to the lower-cased columns.
_TITLE = "CASE WHEN {row}.search_text = '' THEN lower({row}.title) ELSE substr({row}.search_text, 1, length({row}.title)) END"
_DESCRIPTION = (
    "CASE WHEN {row}.search_text = '' THEN lower({row}.description) "
    "ELSE substr({row}.search_text, length({row}.title) + 2) END"
)

SQLITE_UP = [
    "CREATE VIRTUAL TABLE course_search USING fts5(title, description, teacher, "
    "tokenize = 'unicode61 remove_diacritics 2')",
    "CREATE VIRTUAL TABLE course_search_vocab USING fts5vocab(course_search, 'row')",
    f"""CREATE TRIGGER course_search_insert AFTER INSERT ON courses BEGIN
        INSERT INTO course_search (rowid, title, description, teacher)
        VALUES (NEW.id, {_TITLE.format(row="NEW")}, {_DESCRIPTION.format(row="NEW")}, {_TEACHER.format(row="NEW")});
    END""",
    f"""CREATE TRIGGER course_search_update AFTER UPDATE OF title, description, search_text, instructor_id
        ON courses BEGIN
        DELETE FROM course_search WHERE rowid = OLD.id;
        INSERT INTO course_search (rowid, title, description, teacher)
        VALUES (NEW.id, {_TITLE.format(row="NEW")}, {_DESCRIPTION.format(row="NEW")}, {_TEACHER.format(row="NEW")});
    END""",
    "CREATE TRIGGER course_search_delete AFTER DELETE ON courses BEGIN "
    "DELETE FROM course_search WHERE rowid = OLD.id; END",
    # A renamed teacher: touching search_text re-indexes their courses through course_search_update.
    """CREATE TRIGGER course_search_teacher AFTER UPDATE OF first_name, last_name ON users BEGIN
        UPDATE courses SET search_text = search_text
        WHERE instructor_id IN (SELECT id FROM instructors WHERE user_id = NEW.id);
    END""",
    f"""INSERT INTO course_search (rowid, title, description, teacher)
        SELECT c.id, {_TITLE.format(row="c")}, {_DESCRIPTION.format(row="c")}, {_TEACHER.format(row="c")}
        FROM courses c""",
    """CREATE TRIGGER enrollment_count_up AFTER INSERT ON enrollments BEGIN
        UPDATE courses SET enrollment_count = enrollment_count + 1 WHERE id = NEW.course_id;
    END""",
    """CREATE TRIGGER enrollment_count_down AFTER DELETE ON enrollments BEGIN
        UPDATE courses SET enrollment_count = max(enrollment_count - 1, 0) WHERE id = OLD.course_id;
    END""",
]

SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS enrollment_count_down",
    "DROP TRIGGER IF EXISTS enrollment_count_up",
    "DROP TRIGGER IF EXISTS course_search_teacher",
    "DROP TRIGGER IF EXISTS course_search_delete",
    "DROP TRIGGER IF EXISTS course_search_update",
    "DROP TRIGGER IF EXISTS course_search_insert",
    "DROP TABLE IF EXISTS course_search_vocab",
    "DROP TABLE IF EXISTS course_search",
]

_DOCUMENT = (
    "setweight(to_tsvector('simple', {title}), 'A') || "
    "setweight(to_tsvector('simple', unaccent(lower(coalesce({teacher}, '')))), 'B') || "
    "setweight(to_tsvector('simple', {description}), 'D')"
)


def _document(row: str) -> str:
    return _DOCUMENT.format(
        title=_TITLE.format(row=row), teacher=_TEACHER.format(row=row), description=_DESCRIPTION.format(row=row)
    )


_NEW_DOCUMENT = _document("NEW")
_ROW_DOCUMENT = _document("c")

POSTGRESQL_UP = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE TABLE course_search (course_id INTEGER PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE, "
    "document tsvector NOT NULL)",
    "CREATE INDEX ix_course_search_document ON course_search USING gin (document)",
    "CREATE TABLE search_words (word TEXT PRIMARY KEY)",
    "CREATE INDEX ix_search_words_trgm ON search_words USING gin (word gin_trgm_ops)",
    f"""CREATE FUNCTION course_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        doc tsvector := {_NEW_DOCUMENT};
    BEGIN
        INSERT INTO course_search (course_id, document) VALUES (NEW.id, doc)
        ON CONFLICT (course_id) DO UPDATE SET document = EXCLUDED.document;
        INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(doc)) ON CONFLICT DO NOTHING;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER course_search_insert AFTER INSERT ON courses FOR EACH ROW EXECUTE FUNCTION course_search_index()",
    "CREATE TRIGGER course_search_update AFTER UPDATE OF title, description, search_text, instructor_id ON courses "
    "FOR EACH ROW EXECUTE FUNCTION course_search_index()",
    """CREATE FUNCTION course_search_teacher() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE courses SET search_text = search_text
        WHERE instructor_id IN (SELECT id FROM instructors WHERE user_id = NEW.id);
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER course_search_teacher AFTER UPDATE OF first_name, last_name ON users "
    "FOR EACH ROW EXECUTE FUNCTION course_search_teacher()",
    f"""INSERT INTO course_search (course_id, document)
        SELECT c.id, {_ROW_DOCUMENT} FROM courses c""",
    "INSERT INTO search_words (word) SELECT DISTINCT unnest(tsvector_to_array(document)) FROM course_search "
    "ON CONFLICT DO NOTHING",
    """CREATE FUNCTION enrollment_count_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            UPDATE courses SET enrollment_count = enrollment_count + 1 WHERE id = NEW.course_id;
        ELSE
            UPDATE courses SET enrollment_count = greatest(enrollment_count - 1, 0) WHERE id = OLD.course_id;
        END IF;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER enrollment_count_keep AFTER INSERT OR DELETE ON enrollments "
    "FOR EACH ROW EXECUTE FUNCTION enrollment_count_keep()",
]

POSTGRESQL_DOWN = [
    "DROP TRIGGER IF EXISTS enrollment_count_keep ON enrollments",
    "DROP FUNCTION IF EXISTS enrollment_count_keep()",
    "DROP TRIGGER IF EXISTS course_search_teacher ON users",
    "DROP FUNCTION IF EXISTS course_search_teacher()",
    "DROP TRIGGER IF EXISTS course_search_update ON courses",
    "DROP TRIGGER IF EXISTS course_search_insert ON courses",
    "DROP FUNCTION IF EXISTS course_search_index()",
    "DROP TABLE IF EXISTS search_words",
    "DROP TABLE IF EXISTS course_search",
]


def upgrade() -> None:
    for statement in POSTGRESQL_UP if op.get_bind().dialect.name == "postgresql" else SQLITE_UP:
        op.execute(statement)


def downgrade() -> None:
    for statement in POSTGRESQL_DOWN if op.get_bind().dialect.name == "postgresql" else SQLITE_DOWN:
        op.execute(statement)
