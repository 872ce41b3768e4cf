"""Migration 0011 brings stored ratings in line: each learner counted once, by their latest review."""

from sqlalchemy import create_engine, text
from sqlmodel import Session

from alembic import command
from marketplace.db.models import Review
from tests.factories import enroll, make_course, make_instructor, make_user
from tests.unit.test_migrations import _config, empty_db  # noqa: F401 - the fixture is used by name


def test_0011_recounts_each_learner_once_and_leaves_unreviewed_targets_alone(empty_db):  # noqa: F811
    config = _config(empty_db)
    command.upgrade(config, "head")
    engine = create_engine(empty_db)
    with Session(engine, expire_on_commit=False) as session:
        teacher = make_instructor(session)
        course = make_course(session, instructor=teacher)
        untouched = make_course(session, instructor=teacher, rating=4.2, review_count=9)  # no review rows
        ada, bayo = make_user(session), make_user(session)
        for learner in (ada, bayo):
            enroll(session, learner, course)
        # As the old code stored them: all six course reviews counted, Ada five times.
        for rating in (1, 1, 1, 1, 4):
            session.add(Review(author_id=ada.id, target_type="Course", target_id=course.id, rating=rating, comment="x"))
            session.flush()
        session.add(Review(author_id=bayo.id, target_type="Course", target_id=course.id, rating=5, comment="y"))
        session.add(Review(author_id=ada.id, target_type="Instructor", target_id=teacher.id, rating=3, comment="z"))
        session.add(Review(author_id=ada.id, target_type="Instructor", target_id=teacher.id, rating=5, comment="w"))
        course.rating, course.review_count = 2.17, 6
        teacher.rating, teacher.review_count = 4.0, 2
        session.add_all([course, teacher])
        session.commit()

    command.downgrade(config, "0010")  # nothing to undo
    command.upgrade(config, "0011")

    with engine.connect() as connection:  # plain SQL: the models may hold columns of later migrations

        def stored(table: str, row_id: int) -> tuple[float, int]:
            query = text(f"SELECT rating, review_count FROM {table} WHERE id = :id")
            rating, count = connection.execute(query, {"id": row_id}).one()
            return float(rating), count

        assert stored("courses", course.id) == (4.5, 2)  # Ada's latest (4) and Bayo's 5
        assert stored("instructors", teacher.id) == (5.0, 1)
        assert stored("courses", untouched.id) == (4.2, 9)
    command.upgrade(config, "head")
    engine.dispose()
