"""What `manage.py seed` gives an empty database: the demo catalog outside production, only the catalog's
structure (its categories) in production, never the demo accounts whose passwords the README prints."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from marketplace import manage
from marketplace.db.engine import get_engine
from marketplace.db.models import Category, Coupon, Course, Enrollment, Instructor, Review, User
from marketplace.demo.people import CATEGORIES
from marketplace.demo.seed import load_catalog_structure, load_demo_catalog
from marketplace.settings import settings
from tests.factories import make_category

DEMO_EMAILS = ("ada@example.com", "tunde@example.com")


def _count(db_url: str, model) -> int:
    with Session(get_engine(db_url)) as session:
        return session.exec(select(func.count()).select_from(model)).one()


def _categories(db_url: str) -> dict[str, tuple[str, str]]:
    with Session(get_engine(db_url)) as session:
        return {c.name: (c.slug, c.icon) for c in session.exec(select(Category)).all()}


def test_production_seed_adds_the_categories_and_nothing_of_the_demo(db_url, monkeypatch):
    monkeypatch.setattr(settings, "env", "production")
    assert manage.seed(db_url) is False  # no demo catalog loaded
    assert set(_categories(db_url)) == {c.name for c in CATEGORIES}
    assert all(slug and icon for slug, icon in _categories(db_url).values())
    with Session(get_engine(db_url)) as session:
        assert session.exec(select(User).where(User.email.in_(DEMO_EMAILS))).first() is None
    for model in (User, Instructor, Course, Enrollment, Review, Coupon):
        assert _count(db_url, model) == 0, model.__name__

    # The migrate unit runs seed before every start: again changes nothing.
    assert manage.seed(db_url) is False
    assert _count(db_url, Category) == len(CATEGORIES)


def test_production_seed_keeps_a_shops_own_categories_and_adds_only_missing_ones(db_url, session, monkeypatch):
    make_category(session, "Development")  # already there (the shop's own row): not added twice
    make_category(session, "Agriculture")  # the shop's own: kept
    monkeypatch.setattr(settings, "env", "production")
    manage.seed(db_url)
    names = set(_categories(db_url))
    assert names == {c.name for c in CATEGORIES} | {"Agriculture"}
    assert _count(db_url, Category) == len(CATEGORIES) + 1


def test_outside_production_seed_loads_the_demo_catalog_and_its_codes(db_url, monkeypatch):
    monkeypatch.setattr(settings, "env", "development")
    assert manage.seed(db_url) is True
    with Session(get_engine(db_url)) as session:
        assert session.exec(select(User).where(User.email.in_(DEMO_EMAILS))).all()
    assert _count(db_url, Course) > 0
    assert _count(db_url, Coupon) > 0


def test_the_demo_catalog_loads_onto_the_production_structure(session):
    """A database that started with the structure alone still takes the demo catalog (same category rows)."""
    assert load_catalog_structure(session) == len(CATEGORIES)
    session.commit()
    ids = {c.name: c.id for c in session.exec(select(Category)).all()}
    assert load_demo_catalog(session) is True
    session.commit()
    assert {c.name: c.id for c in session.exec(select(Category)).all()} == ids
    assert load_catalog_structure(session) == 0


def test_a_seeded_postgresql_has_its_planner_statistics_at_once(db_url, monkeypatch):
    """The demo catalog is analyzed as soon as it is loaded: PostgreSQL's planner without statistics guesses a row
    per table and joins a cart's read in the worst order until autovacuum comes round."""
    from sqlalchemy import text

    monkeypatch.setattr(settings, "env", "development")
    engine = get_engine(db_url)
    with engine.connect() as connection:
        started = (
            connection.execute(text("SELECT CURRENT_TIMESTAMP")).scalar() if db_url.startswith("postgresql") else 0
        )
    assert manage.seed(db_url) is True
    if not db_url.startswith("postgresql"):  # SQLite keeps no statistics unless asked: none are made
        with engine.connect() as connection:
            assert (
                connection.execute(text("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'")).first() is None
            )
        return
    with engine.connect() as connection:
        analyzed = connection.execute(
            text("SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'courses'")
        ).scalar()
    assert analyzed is not None and analyzed >= started
