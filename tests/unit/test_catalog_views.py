"""Home page testimonials: real, good course reviews with something to say, one per author."""

from marketplace.db.models import Review
from marketplace.domain.catalog_views import testimonials
from tests.factories import make_course, make_user


def _review(session, author, course, rating, comment):
    session.add(Review(author_id=author.id, target_type="Course", target_id=course.id, rating=rating, comment=comment))
    session.commit()


def test_testimonials_are_good_reviews_with_a_real_comment_one_per_author(session):
    course = make_course(session, title="Python for Data Analysis")
    ada, bola, chidi = (make_user(session, first_name=n, last_name="Test") for n in ("Ada", "Bola", "Chidi"))
    _review(session, ada, course, 4, "First review by Ada, later replaced by her newer one.")
    _review(session, ada, course, 5, "Clear lessons, I got my first analyst job after this course.")
    _review(session, bola, course, 2, "Too fast for me, I could not follow the later sections.")
    _review(session, chidi, course, 5, "Great!")

    shown = testimonials(session)

    assert [t.author_name for t in shown] == ["Ada Test"]
    assert shown[0].rating == 5 and shown[0].initials == "AT" and shown[0].date_text
    assert shown[0].course_title == "Python for Data Analysis"
    assert shown[0].course_id == course.id and shown[0].course_href == f"/courses/{course.id}"
    assert shown[0].comment.startswith("Clear lessons")


def test_testimonials_best_rated_first_and_limited(session):
    course = make_course(session)
    for n in range(5):
        author = make_user(session)
        _review(session, author, course, 4 + (n % 2), f"Review number {n} with enough words to be shown.")

    shown = testimonials(session, limit=3)

    assert len(shown) == 3
    assert [t.rating for t in shown] == [5, 5, 4]


def test_no_reviews_no_testimonials(session):
    make_course(session)
    assert testimonials(session) == []


def test_a_review_its_author_replaced_is_never_quoted(session):
    course = make_course(session)
    ada = make_user(session, first_name="Ada", last_name="Test")
    _review(session, ada, course, 5, "Loved it at first, the opening lessons are excellent.")
    _review(session, ada, course, 2, "Changed my mind: the later sections are out of date.")

    assert testimonials(session) == []  # her rating that counts is the 2, so the old 5 is not shown
