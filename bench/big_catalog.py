"""A 100,000-course catalog for the benchmarks: the demo catalog plus generated courses, loaded in bulk.

Usage:
    python -m bench.big_catalog                                   # the cached SQLite file (built once)
    python -m bench.big_catalog --url postgresql+psycopg://postgres@127.0.0.1:5432/mp_h7_big
    python -m bench.big_catalog --courses 20000 --rebuild

The database is migrated with the app's own migrations (``marketplace.manage.migrate``) and seeded with the demo
catalog (``marketplace.manage.seed``: categories, demo accounts and their 48 courses), then filled up to
``--courses`` courses through the DB-API in bulk: ``executemany`` on SQLite, ``COPY`` on PostgreSQL. Next to each
course go what the pages read: 1-2 category links, its sections (``lectures`` of them, one a preview), reviews
(about one per course, by 5,000 generated learners who are enrolled in what they review) and instructors (one per
50 courses, each a user with a profile); ``rating`` and ``review_count`` of courses and instructors are
consistent with the review rows. Prices are whole kobo, as the app stores them.

The SQLite file is cached as ``bench/.cache/catalog-<N>.db`` and reused while it holds N courses (migrations
added since are applied on top). A PostgreSQL database that already holds N courses is only migrated.
Generated accounts have no password (they cannot sign in); the demo logins of the README still work.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy

PROJECT_ROOT = Path(__file__).resolve().parent.parent
if str(PROJECT_ROOT) not in sys.path:
    sys.path.insert(0, str(PROJECT_ROOT))
# A snapshot run (bench/perf.py --snapshot) runs from a copy of the tree: the cache stays in the original one.
CACHE_DIR = Path(os.environ.get("BENCH_ORIGINAL_ROOT") or PROJECT_ROOT) / "bench/.cache"
DEFAULT_COURSES = 100_000
SEED = 14

SUBJECTS = [
    "Python", "Figma", "Excel", "Django", "React", "Yorùbá", "Igbo", "Hausa", "Café Management", "Branding",
    "Accounting", "Guitar", "Photoshop", "SQL", "Statistics", "Public Speaking", "Copywriting", "Agribusiness",
    "Poultry Farming", "Fashion Design", "Video Editing", "Kotlin", "Flutter", "Data Analysis", "Tailoring",
    "Solar Installation", "Digital Marketing", "Bookkeeping", "UI Design", "Cybersecurity", "Nollywood Acting",
    "Afrobeats Production", "Catering", "Real Estate", "Logistics", "Machine Learning", "Forex Basics", "Ankara Prints",
]  # fmt: skip
KINDS = [
    "Basics", "Masterclass", "for Beginners", "Bootcamp", "in Practice", "Pro", "Crash Course", "Deep Dive",
    "from Zero", "for Small Businesses", "Made Simple", "Complete Guide",
]  # fmt: skip
CITIES = ["Lagos", "Abuja", "Kano", "Ibadan", "Enugu", "Port Harcourt", "Benin City", "Jos", "Kaduna", "Owerri"]
FIRST = ["Ada", "Tunde", "Chioma", "Emeka", "Ngozi", "Bola", "Ifeoma", "Musa", "Zainab", "Segun", "Kemi", "Obinna"]
LAST = ["Okafor", "Adeyemi", "Bello", "Eze", "Ọlá", "Nwosu", "Abubakar", "Ogunleye", "Okonkwo", "Ibrahim"]
LEVELS = ["Beginner", "Intermediate", "Advanced"]
COMMENTS = [
    "Clear and practical, I used it at work the next week.",
    "Good course, the projects helped a lot.",
    "Some lessons were too fast for me.",
    "Excellent teacher, very patient explanations.",
    "Worth every naira.",
    "Audio could be better but the content is solid.",
]
LEARNERS = 5_000
PER_INSTRUCTOR = 50


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def cached_sqlite(courses: int = DEFAULT_COURSES) -> Path:
    return CACHE_DIR / f"catalog-{courses}.db"


# --------------------------------------------------------------------------------------------------------------
# Bulk writing through the DB-API
# --------------------------------------------------------------------------------------------------------------


def _column_defaults(table) -> dict[str, object]:
    """What the app's model would put in each column nobody names (its Python-side scalar defaults)."""
    values: dict[str, object] = {}
    for column in table.columns:
        default = column.default
        if default is not None and getattr(default, "is_scalar", False):
            values[column.name] = default.arg
        elif default is not None and getattr(default, "is_callable", False):
            try:  # e.g. utcnow, list: SQLAlchemy wraps the model's factory to take an (unused) context
                values[column.name] = default.arg(None)
            except TypeError:
                values[column.name] = None
        elif column.nullable:
            values[column.name] = None
    return values


class Writer:
    """Appends rows to the app's tables in bulk: ``COPY`` on PostgreSQL, ``executemany`` on SQLite."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.pg = engine.dialect.name == "postgresql"
        self.raw = engine.raw_connection()
        if not self.pg:  # a cache being built: no fsync per statement (a crash leaves a .building file behind)
            cursor = self.raw.cursor()
            cursor.execute("PRAGMA synchronous = OFF")
            cursor.execute("PRAGMA cache_size = -200000")
            cursor.close()

    def rows(self, table, columns: list[str], rows: list[tuple]) -> None:
        if not rows:
            return
        # Every NOT NULL column the rows do not name gets the model's default (or "" / 0 / [] by its type).
        defaults = _column_defaults(table)
        extra = [c.name for c in table.columns if c.name not in columns and not c.primary_key]
        fill: list[object] = []
        for name in extra:
            column = table.columns[name]
            value = defaults.get(name)
            if value is None and not column.nullable and isinstance(column.type, sqlalchemy.JSON):
                value = []  # a list column (learn, requirements, audience...): empty, as the model's default
            if value is None and not column.nullable:
                python_type = _python_type(column)
                value = {str: "", int: 0, float: 0.0, bool: False, list: "[]", datetime: _now()}.get(python_type, "")
            if isinstance(value, (list, dict)):
                value = json.dumps(value)
            fill.append(value)
        all_columns = columns + extra
        # Datetimes as the ORM writes them (SQLite: naive UTC text; PostgreSQL: aware), so the app reads them back.
        tail = tuple(self._value(v) for v in fill)
        convert = [i for i, v in enumerate(rows[0]) if isinstance(v, datetime)]
        if convert:
            rows = [_convert(row, convert, self._value) for row in rows]
        cursor = self.raw.cursor()
        try:
            if self.pg:
                names = ", ".join(f'"{c}"' for c in all_columns)
                with cursor.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
                    for row in rows:
                        copy.write_row(row + tail)
            else:
                names = ", ".join(f'"{c}"' for c in all_columns)
                marks = ", ".join("?" for _ in all_columns)
                cursor.executemany(
                    f'INSERT INTO "{table.name}" ({names}) VALUES ({marks})', [row + tail for row in rows]
                )
        finally:
            cursor.close()

    def _value(self, value: object) -> object:
        if isinstance(value, datetime):
            utc = value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
            return utc if self.pg else utc.replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")
        return value

    def scalar(self, sql: str):
        cursor = self.raw.cursor()
        try:
            cursor.execute(sql)
            row = cursor.fetchone()
            return row[0] if row else None
        finally:
            cursor.close()

    def column(self, sql: str) -> list:
        cursor = self.raw.cursor()
        try:
            cursor.execute(sql)
            return [r[0] for r in cursor.fetchall()]
        finally:
            cursor.close()

    def execute(self, sql: str) -> None:
        cursor = self.raw.cursor()
        try:
            cursor.execute(sql)
        finally:
            cursor.close()

    def commit(self) -> None:
        self.raw.commit()

    def close(self) -> None:
        self.raw.close()


def _convert(row: tuple, convert: list[int], value) -> tuple:
    values = list(row)
    for i in convert:
        values[i] = value(values[i])
    return tuple(values)


def _python_type(column) -> type:
    try:
        return column.type.python_type
    except NotImplementedError:
        return str


# --------------------------------------------------------------------------------------------------------------
# The generator
# --------------------------------------------------------------------------------------------------------------


def generate(url: str, courses: int, *, quiet: bool = False) -> dict[str, float]:
    """Fill a migrated and seeded database up to ``courses`` courses. Returns timings in seconds."""
    from marketplace.db.engine import get_engine
    from marketplace.db.models import (
        Course,
        CourseCategory,
        Enrollment,
        Instructor,
        Review,
        Section,
        User,
    )
    from marketplace.domain.text import search_text

    say = (lambda *a: None) if quiet else (lambda *a: print("big_catalog:", *a, flush=True))
    rng = random.Random(SEED)
    engine = get_engine(url)
    w = Writer(engine)
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    try:
        have = w.scalar("SELECT COUNT(*) FROM courses") or 0
        todo = courses - have
        if todo <= 0:
            return timings
        now = _now()
        category_ids = w.column("SELECT id FROM categories ORDER BY id")
        if not category_ids:
            raise SystemExit("No categories: seed the database first")
        # Instructors: one per PER_INSTRUCTOR generated courses, each a user with a teaching profile.
        teachers = max(1, todo // PER_INSTRUCTOR)
        tag = f"b{courses // 1000}k"
        first_user = (w.scalar("SELECT MAX(id) FROM users") or 0) + 1
        user_rows = []
        for n in range(teachers):
            first, last = rng.choice(FIRST), rng.choice(LAST)
            name = f"{tag}t{n}"
            user_rows.append(
                (first_user + n, first, last, name, name, f"{name}@bench.example", "instructor", True,
                 f"{rng.choice(SUBJECTS)} teacher in {rng.choice(CITIES)}", now - timedelta(days=rng.randint(30, 900)))
            )  # fmt: skip
        for n in range(LEARNERS):
            first, last = rng.choice(FIRST), rng.choice(LAST)
            name = f"{tag}l{n}"
            user_rows.append(
                (first_user + teachers + n, first, last, name, name, f"{name}@bench.example", "learner", True, "",
                 now - timedelta(days=rng.randint(1, 900)))
            )  # fmt: skip
        user_cols = ["id", "first_name", "last_name", "username", "username_key", "email", "role", "email_verified",
                     "headline", "created_at"]  # fmt: skip
        w.rows(User.__table__, user_cols, user_rows)
        learner_ids = [first_user + teachers + n for n in range(LEARNERS)]
        first_instructor = (w.scalar("SELECT MAX(id) FROM instructors") or 0) + 1
        instructor_rows = [
            (first_instructor + n, first_user + n, "Instructor", rng.choice(SUBJECTS) + " specialist",
             f"Teaching since {rng.randint(2005, 2022)} in {rng.choice(CITIES)}.", '["teaching"]', "", "")
            for n in range(teachers)
        ]  # fmt: skip
        w.rows(
            Instructor.__table__,
            ["id", "user_id", "title", "profession", "about", "expertise", "experience", "website"],
            instructor_rows,
        )
        instructor_ids = [first_instructor + n for n in range(teachers)]
        timings["users"] = time.perf_counter() - t0
        say(f"{teachers:,} instructors and {LEARNERS:,} learners in {timings['users']:.1f} s")

        # Courses, their category links and sections.
        t1 = time.perf_counter()
        first_course = (w.scalar("SELECT MAX(id) FROM courses") or 0) + 1
        first_section = (w.scalar("SELECT MAX(id) FROM sections") or 0) + 1
        course_rows, link_rows, section_rows = [], [], []
        lectures_of: dict[int, int] = {}
        section_id = first_section
        for n in range(todo):
            cid = first_course + n
            subject, kind, city = rng.choice(SUBJECTS), rng.choice(KINDS), rng.choice(CITIES)
            title = f"{subject} {kind} {n + 1}"
            description = (
                f"Learn {subject.lower()} step by step with projects from {city}. "
                f"{rng.choice(COMMENTS)} Includes exercises, quizzes and a certificate of completion."
            )
            price = rng.randint(20, 600) * 500_00  # NGN 10,000 .. 300,000 in steps of NGN 500, in kobo
            lectures = rng.randint(3, 15)
            lectures_of[cid] = lectures
            created = now - timedelta(minutes=rng.randint(0, 3 * 365 * 24 * 60))
            course_rows.append(
                (cid, title, search_text(title, description), description, f"/images/bench/{cid % 97}.webp", price,
                 price * 2 if n % 5 == 0 else None, rng.choice(LEVELS), rng.randint(1, 40), lectures,
                 rng.choice(instructor_ids), 0.0, 0, created)
            )  # fmt: skip
            for category_id in rng.sample(category_ids, rng.choice((1, 1, 1, 2))):
                link_rows.append((cid, category_id))
            for p in range(lectures):
                section_rows.append(
                    (section_id, cid, f"{subject}: lesson {p + 1}", p, p == 0, "https://www.youtube.com/watch?v=bench",
                     "", rng.randint(120, 1800))
                )  # fmt: skip
                section_id += 1
        w.rows(
            Course.__table__,
            ["id", "title", "search_text", "description", "thumbnail", "price_kobo", "original_price_kobo", "level",
             "hours", "lectures", "instructor_id", "rating", "review_count", "created_at"],
            course_rows,
        )  # fmt: skip
        w.rows(CourseCategory.__table__, ["course_id", "category_id"], link_rows)
        w.rows(
            Section.__table__,
            ["id", "course_id", "title", "position", "is_preview", "video_url", "video_file", "duration_seconds"],
            section_rows,
        )
        timings["courses"] = time.perf_counter() - t1
        say(
            f"{todo:,} courses, {len(link_rows):,} category links, {len(section_rows):,} sections "
            f"in {timings['courses']:.1f} s"
        )

        # Reviews by enrolled learners (about one per course, skewed: some courses are popular), then the
        # aggregates the listing sorts by.
        t2 = time.perf_counter()
        first_enrollment = (w.scalar("SELECT MAX(id) FROM enrollments") or 0) + 1
        first_review = (w.scalar("SELECT MAX(id) FROM reviews") or 0) + 1
        enrollment_rows, review_rows = [], []
        ratings: dict[int, list[int]] = {}
        seen: set[tuple[int, int]] = set()
        course_ids = list(range(first_course, first_course + todo))
        for _ in range(todo):
            cid = course_ids[int(todo * rng.random() ** 2)]  # low ids are the popular ones
            learner = rng.choice(learner_ids)
            if (learner, cid) in seen:
                continue
            seen.add((learner, cid))
            when = now - timedelta(minutes=rng.randint(0, 365 * 24 * 60))
            enrollment_rows.append((first_enrollment + len(enrollment_rows), learner, cid, when, 0))
            rating = rng.choices((5, 4, 3, 2, 1), weights=(50, 30, 12, 5, 3))[0]
            ratings.setdefault(cid, []).append(rating)
            review_rows.append(
                (first_review + len(review_rows), learner, "Course", cid, rating, rng.choice(COMMENTS), when)
            )
        w.rows(
            Enrollment.__table__,
            ["id", "user_id", "course_id", "created_at", "last_position_seconds"],
            enrollment_rows,
        )
        w.rows(
            Review.__table__,
            ["id", "author_id", "target_type", "target_id", "rating", "comment", "created_at"],
            review_rows,
        )
        # Aggregates through a scratch table, one UPDATE (row-by-row updates of 100k courses would be slow).
        w.execute("CREATE TEMPORARY TABLE bench_agg (course_id INTEGER PRIMARY KEY, rating FLOAT, n INTEGER)")
        agg_rows = [(cid, round(sum(v) / len(v), 2), len(v)) for cid, v in ratings.items()]
        if w.pg:
            cursor = w.raw.cursor()
            with cursor.copy("COPY bench_agg (course_id, rating, n) FROM STDIN") as copy:
                for row in agg_rows:
                    copy.write_row(row)
            cursor.close()
        else:
            cursor = w.raw.cursor()
            cursor.executemany("INSERT INTO bench_agg VALUES (?, ?, ?)", agg_rows)
            cursor.close()
        w.execute(
            "UPDATE courses SET rating = (SELECT rating FROM bench_agg WHERE course_id = courses.id), "
            "review_count = (SELECT n FROM bench_agg WHERE course_id = courses.id) "
            "WHERE id IN (SELECT course_id FROM bench_agg)"
        )
        w.execute("DROP TABLE bench_agg")
        w.execute(
            f"UPDATE instructors SET "
            f"rating = COALESCE((SELECT ROUND(CAST(AVG(c.rating) AS NUMERIC), 2) FROM courses c "
            f"  WHERE c.instructor_id = instructors.id AND c.review_count > 0), 0), "
            f"review_count = (SELECT COALESCE(SUM(c.review_count), 0) FROM courses c "
            f"  WHERE c.instructor_id = instructors.id), "
            f"students_count = (SELECT COUNT(*) FROM enrollments e JOIN courses c ON c.id = e.course_id "
            f"  WHERE c.instructor_id = instructors.id) "
            f"WHERE id >= {first_instructor}"
        )
        if w.pg:  # COPY with explicit ids leaves the sequences behind
            for table in ("users", "instructors", "courses", "sections", "enrollments", "reviews"):
                w.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")
        w.commit()
        timings["reviews"] = time.perf_counter() - t2
        say(f"{len(enrollment_rows):,} enrollments and reviews, aggregates in {timings['reviews']:.1f} s")
        t3 = time.perf_counter()
        w.execute("ANALYZE")
        w.commit()
        timings["analyze"] = time.perf_counter() - t3
    finally:
        w.close()
    timings["total"] = time.perf_counter() - t0
    say(f"done in {timings['total']:.1f} s")
    return timings


def ensure(url: str, courses: int = DEFAULT_COURSES, *, quiet: bool = False) -> tuple[str, float]:
    """Make ``url`` a migrated database of the demo catalog plus generated courses, ``courses`` in all.

    Returns (what was done, seconds). SQLite databases are built once at :func:`cached_sqlite` and copied.
    """
    from marketplace.manage import migrate, seed

    started = time.perf_counter()
    migrate(url)
    from sqlalchemy import text

    from marketplace.db.engine import get_engine

    with get_engine(url).connect() as conn:
        have = conn.execute(text("SELECT COUNT(*) FROM courses")).scalar_one()
    if have >= courses:
        what = f"reused ({have:,} courses)"
    else:
        if have == 0:
            seed(url)
        generate(url, courses, quiet=quiet)
        what = f"generated {courses:,} courses"
    if url.startswith("postgresql"):
        # As autovacuum leaves a live database: a table just filled (or an index just made by a migration) has no
        # visibility map yet, so an index-only scan would still read every row's page.
        with get_engine(url).connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))
    return what, time.perf_counter() - started


def sqlite_copy(target: Path, courses: int = DEFAULT_COURSES, *, quiet: bool = False) -> tuple[str, float]:
    """Copy the cached SQLite catalog (building it first when missing) to ``target``, migrated."""
    started = time.perf_counter()
    cache = cached_sqlite(courses)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    what = "cached file"
    if not cache.exists():
        building = cache.with_suffix(".building")
        building.unlink(missing_ok=True)
        what, _ = ensure(f"sqlite:///{building}", courses, quiet=quiet)
        building.rename(cache)
    shutil.copyfile(cache, target)
    from marketplace.manage import migrate

    migrate(f"sqlite:///{target}")
    return what, time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a PostgreSQL (or SQLite) URL; default: the cached SQLite file")
    parser.add_argument("--courses", type=int, default=DEFAULT_COURSES)
    parser.add_argument("--rebuild", action="store_true", help="drop the cache (or the database's rows) first")
    args = parser.parse_args(argv)
    if args.url:
        if args.rebuild and args.url.startswith("postgresql"):
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from live_server import create_database

            create_database(args.url)
        what, seconds = ensure(args.url, args.courses)
    else:
        if args.rebuild:
            cached_sqlite(args.courses).unlink(missing_ok=True)
        cache = cached_sqlite(args.courses)
        if cache.exists():
            what, seconds = "cached", 0.0
        else:
            building = cache.with_suffix(".building")
            building.unlink(missing_ok=True)
            CACHE_DIR.mkdir(parents=True, exist_ok=True)
            what, seconds = ensure(f"sqlite:///{building}", args.courses)
            building.rename(cache)
        print(f"big_catalog: {cache} ({cache.stat().st_size / 1e6:.0f} MB)")
    print(f"big_catalog: {what} in {seconds:.1f} s")


if __name__ == "__main__":
    main()
