"""Benchmark the catalog listing and search with 10,000 courses.

Usage:
    python bench/catalog_bench.py                      # a throw-away SQLite database
    python bench/catalog_bench.py --url postgresql+psycopg://postgres@127.0.0.1:5432/mp_bench

The database is migrated, then filled with courses, instructors and categories through bulk inserts; a
``--url`` database must hold no courses yet (the script refuses to mix its rows with real ones). Each case
runs ``--repeat`` times in a fresh session and the median is reported in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import func, insert, select
from sqlmodel import Session

from marketplace.db.engine import get_engine
from marketplace.db.models import Category, Course, CourseCategory, Instructor, Section, User
from marketplace.domain import catalog
from marketplace.domain.text import search_text, slugify
from marketplace.manage import migrate

CATEGORIES = [
    "Design",
    "Development",
    "Marketing",
    "Business",
    "Photography",
    "Music",
    "Finance",
    "Health",
    "Languages",
    "Data Science",
    "Art & Design",
    "Physics",
]
SUBJECTS = [
    "Python",
    "Figma",
    "Excel",
    "Django",
    "React",
    "Yorùbá",
    "Igbo",
    "Hausa",
    "Café Management",
    "Branding",
    "Accounting",
    "Guitar",
    "Photoshop",
    "SQL",
    "Statistics",
    "Public Speaking",
    "Copywriting",
    "Agribusiness",
]
KINDS = ["Basics", "Masterclass", "for Beginners", "Bootcamp", "in Practice", "Pro", "Crash Course", "Deep Dive"]
PROFILE_TEXT_FIELDS = ("headline", "description", "linkedin", "youtube", "facebook", "website", "x", "profile_picture")
LEVELS = ["Beginner", "Intermediate", "Advanced"]


def _insert(session: Session, table, rows: list[dict]) -> None:
    session.execute(insert(table), rows)


def load(url: str, courses: int, seed: int = 7) -> None:
    """Fill an empty, migrated database with ``courses`` courses through bulk inserts."""
    rng = random.Random(seed)
    teachers = max(1, courses // 50)
    with Session(get_engine(url)) as session:
        _insert(session, Category.__table__, [{"name": n, "slug": slugify(n), "icon": "book"} for n in CATEGORIES])
        _insert(
            session,
            User.__table__,
            [
                {
                    "first_name": f"Teacher{n}",
                    "last_name": rng.choice(["Okafor", "Adeyemi", "Bello", "Eze", "Ọlá"]),
                    "username": f"bench{n}",
                    "username_key": f"bench{n}",
                    "email": f"bench{n}@example.com",
                    "role": "instructor",
                    "language": "english",
                    "email_verified": True,
                    **dict.fromkeys(
                        (
                            "headline",
                            "description",
                            "linkedin",
                            "youtube",
                            "facebook",
                            "website",
                            "x",
                            "profile_picture",
                        ),
                        "",
                    ),
                }
                for n in range(teachers)
            ],
        )
        user_ids = session.execute(select(User.id).order_by(User.id)).scalars().all()
        _insert(
            session,
            Instructor.__table__,
            [
                {
                    "user_id": uid,
                    "title": "Instructor",
                    "profession": "",
                    "about": "",
                    "expertise": [],
                    "experience": "",
                    "website": "",
                    "students_count": rng.randint(0, 5000),
                    "rating": round(rng.uniform(2, 5), 2),
                    "review_count": rng.randint(0, 300),
                }
                for uid in user_ids
            ],
        )
        instructor_ids = session.execute(select(Instructor.id)).scalars().all()
        category_ids = session.execute(select(Category.id)).scalars().all()
        rows = []
        for n in range(courses):
            title = f"{rng.choice(SUBJECTS)} {rng.choice(KINDS)} {n}"
            description = f"Learn {rng.choice(SUBJECTS).lower()} step by step with projects from Lagos to Kano. " * 3
            price = rng.randint(10, 500) * 100_00
            rows.append(
                {
                    "title": title,
                    "search_text": search_text(title, description),
                    "description": description,
                    "thumbnail": "",
                    "price_kobo": price,
                    "original_price_kobo": price * 2 if n % 5 == 0 else None,
                    "level": rng.choice(LEVELS),
                    "hours": rng.randint(1, 40),
                    "lectures": rng.randint(1, 30),
                    "instructor_id": rng.choice(instructor_ids),
                    "rating": round(rng.uniform(0, 5), 2),
                    "review_count": rng.randint(0, 500),
                }
            )
        _insert(session, Course.__table__, rows)
        course_ids = session.execute(select(Course.id)).scalars().all()
        links = {(cid, cat) for cid in course_ids for cat in rng.sample(category_ids, rng.randint(1, 2))}
        _insert(session, CourseCategory.__table__, [{"course_id": c, "category_id": k} for c, k in links])
        sections = [
            {"course_id": cid, "title": f"Lesson {p}", "position": p, "is_preview": p == 0, "duration_seconds": 300}
            for cid in course_ids[:200]
            for p in range(10)
        ]
        _insert(session, Section.__table__, [{"video_url": "", "video_file": "", **s} for s in sections])
        session.commit()


def cases(some_course: int) -> list[tuple[str, Callable[[Session], object]]]:
    """What is timed: the listing's filters, sorts and pages, search, and the other catalog reads."""
    return [
        ("list: relevance, page 1", lambda s: catalog.list_courses(s)),
        ("list: relevance, page 1000", lambda s: catalog.list_courses(s, page=1000)),
        ("list: price low-high, page 1", lambda s: catalog.list_courses(s, sort="price_asc")),
        ("list: price high-low, page 50", lambda s: catalog.list_courses(s, sort="price_desc", page=50)),
        ("list: rating, page 1", lambda s: catalog.list_courses(s, sort="rating")),
        ("list: category=design", lambda s: catalog.list_courses(s, category="design")),
        ("list: 4 stars and up", lambda s: catalog.list_courses(s, min_rating=4)),
        ("list: chapters 15-20", lambda s: catalog.list_courses(s, chapters="15-20")),
        (
            "list: price 10k-20k, price asc",
            lambda s: catalog.list_courses(s, min_price=Decimal(10000), max_price=Decimal(20000), sort="price_asc"),
        ),
        (
            "list: all filters, rating sort",
            lambda s: catalog.list_courses(
                s,
                category="Development",
                min_rating=3,
                chapters="10-15",
                min_price=Decimal(5000),
                max_price=Decimal(40000),
                sort="rating",
            ),
        ),
        ("search: 'python' (common)", lambda s: catalog.search_courses(s, "python")),
        ("search: 'YORUBA' (accents)", lambda s: catalog.search_courses(s, "YORUBA")),
        ("search: 'excel bootcamp'", lambda s: catalog.search_courses(s, "excel bootcamp")),
        ("search: 'zzzz' (no match)", lambda s: catalog.search_courses(s, "zzzz")),
        ("course page", lambda s: catalog.get_course_detail(s, some_course)),
        ("related courses", lambda s: catalog.related_courses(s, some_course)),
        ("categories with counts", lambda s: catalog.list_categories(s)),
        ("stats strip", lambda s: catalog.catalog_stats(s)),
        ("top courses", lambda s: catalog.top_courses(s)),
        ("popular mentors", lambda s: catalog.popular_mentors(s)),
        ("instructors, name search", lambda s: catalog.list_instructors(s, query="teacher12")),
        ("max price", lambda s: catalog.max_course_price(s)),
    ]


def measure(url: str, repeat: int) -> list[tuple[str, float, float]]:
    """(case, median ms, max ms) for every case."""
    engine = get_engine(url)
    with Session(engine) as session:
        some_course = session.execute(select(func.min(Course.id))).scalar_one()
    results = []
    for name, run in cases(some_course):
        timings = []
        for _ in range(repeat + 1):
            with Session(engine) as session:
                start = time.perf_counter()
                run(session)
                timings.append((time.perf_counter() - start) * 1000)
        timings = timings[1:]  # the first run warms caches and the connection pool
        results.append((name, statistics.median(timings), max(timings)))
    return results


def time_demo_catalog() -> float:
    """Seconds to migrate a fresh SQLite database and load the demo catalog, as a first `make run` does."""
    from marketplace.db.engine import session_scope
    from marketplace.demo.seed import load_demo_catalog

    url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='demo-bench-')) / 'demo.db'}"
    migrate(url)
    started = time.perf_counter()
    with session_scope(url) as session:
        load_demo_catalog(session)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--courses", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"Demo catalog loaded into a fresh SQLite database in {time_demo_catalog():.1f} s")
    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp(prefix='catalog-bench-')) / 'bench.db'}"
    migrate(url)
    with Session(get_engine(url)) as session:
        if session.execute(select(func.count(Course.id))).scalar_one():
            sys.exit(f"{url} already has courses; give the benchmark an empty database.")
    started = time.perf_counter()
    load(url, args.courses)
    print(f"Loaded {args.courses:,} courses into {url.split('://')[0]} in {time.perf_counter() - started:.1f} s")
    print(f"{'case':<34} {'median ms':>10} {'max ms':>8}")
    print("-" * 54)
    for name, median, worst in measure(url, args.repeat):
        print(f"{name:<34} {median:>10.2f} {worst:>8.2f}")


if __name__ == "__main__":
    main()
