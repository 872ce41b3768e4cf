"""Search on the database's index (both databases): blank input, title-first ranking, case and accents, typos,
teachers' names, the index following every edit, the result shape."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import Course, User
from marketplace.domain import catalog
from marketplace.domain.listing import list_courses
from marketplace.domain.search import correct_word, edit_distance, forget_corrections
from marketplace.domain.text import search_text
from tests.factories import enroll, make_course, make_instructor, make_user


@pytest.fixture(autouse=True)
def _fresh_corrections():
    """Each test builds its own catalog: no correction remembered from another one's words."""
    forget_corrections()


def course(session, teacher, title: str, description: str = "", **fields):
    return make_course(
        session,
        instructor=teacher,
        title=title,
        description=description,
        search_text=search_text(title, description),
        sections=1,
        **fields,
    )


def found(session, query: str) -> list[str]:
    return [r.title for r in catalog.search_courses(session, query)]


def test_blank_input_searches_nothing(session):
    course(session, make_instructor(session), "Python for Everyone")
    assert catalog.search_courses(session, "") == []
    assert catalog.search_courses(session, "   ") == []
    assert catalog.search_courses(session, None) == []


def test_title_matches_rank_above_description_matches(session):
    teacher = make_instructor(session)
    # The description match is the more popular course, so only the rank can put the title first.
    course(session, teacher, "Cooking Basics", "Learn python-style recipes", rating=5.0, review_count=100)
    course(session, teacher, "Data with Python", "Pandas and charts")
    course(session, teacher, "Python Start", "From zero")
    course(session, teacher, "Knitting", "Nothing to see")
    assert found(session, "python") == ["Python Start", "Data with Python", "Cooking Basics"]


def test_case_and_accents_do_not_matter(session):
    teacher = make_instructor(session)
    course(session, teacher, "Ọ̀rọ̀ Yorùbá for Beginners", "Speak with your grandparents")
    course(session, teacher, "Café Business", "Run a café in Lagos")
    assert found(session, "YORUBA") == ["Ọ̀rọ̀ Yorùbá for Beginners"]
    assert found(session, "yorùbá") == ["Ọ̀rọ̀ Yorùbá for Beginners"]
    assert found(session, "  cafe ") == ["Café Business"]


def test_every_word_must_appear(session):
    teacher = make_instructor(session)
    course(session, teacher, "Excel for Accountants", "Spreadsheets and ledgers")
    course(session, teacher, "Excel Charts", "Pretty graphs")
    assert found(session, "excel ledgers") == ["Excel for Accountants"]
    assert sorted(found(session, "excel")) == ["Excel Charts", "Excel for Accountants"]


def test_punctuation_is_not_a_word_and_never_a_wildcard(session):
    # Was: "%" found the title holding a "%" (a LIKE search); the index searches words, so punctuation alone
    # searches nothing, and never matches everything.
    teacher = make_instructor(session)
    course(session, teacher, "Marketing 101", "Grow your shop")
    course(session, teacher, "Discounts: 50% off pricing", "Sales psychology")
    assert found(session, "%") == []
    assert found(session, "_") == []
    assert found(session, '"*') == []
    assert found(session, "50%") == ["Discounts: 50% off pricing"]
    assert found(session, "marketing AND OR NOT") == []  # index operators are plain words


def test_a_typo_finds_the_word_meant(session):
    teacher = make_instructor(session)
    course(session, teacher, "Python for Everyone", "Programming from zero")
    course(session, teacher, "Photography Basics", "Light and lenses")
    assert found(session, "pyhton") == ["Python for Everyone"]
    assert found(session, "pythn") == ["Python for Everyone"]
    assert found(session, "photograpy basics") == ["Photography Basics"]
    assert found(session, "programing") == ["Python for Everyone"]
    # Too far from any word, or too short to guess: nothing, rather than a wild guess.
    assert found(session, "zzyzx") == []
    assert found(session, "pyt x") == []


def test_the_unfinished_last_word_matches_as_a_prefix(session):
    teacher = make_instructor(session)
    course(session, teacher, "Guitar for Beginners", "Chords")
    course(session, teacher, "Guided Meditation", "Calm")
    assert sorted(found(session, "gui")) == ["Guided Meditation", "Guitar for Beginners"]
    assert found(session, "guita") == ["Guitar for Beginners"]
    assert found(session, "guitar begi") == ["Guitar for Beginners"]


def test_a_teachers_name_finds_their_courses_and_follows_a_rename(session):
    ngozi = make_instructor(session, first_name="Ngozi")
    other = make_instructor(session, first_name="Emeka")
    course(session, ngozi, "Tailoring at Home", "Sew your own clothes")
    course(session, other, "Kotlin Apps", "Android from scratch")
    assert found(session, "ngozi") == ["Tailoring at Home"]
    assert found(session, "ngzoi") == ["Tailoring at Home"]  # a typo in a name too
    user = session.get(User, ngozi.user_id)
    user.first_name = "Chiamaka"
    session.add(user)
    session.commit()
    assert found(session, "chiamaka") == ["Tailoring at Home"] and found(session, "ngozi") == []


def test_a_title_match_outranks_a_teacher_and_a_description_match(session):
    python_teacher = make_instructor(session, first_name="Python")
    teacher = make_instructor(session)
    course(session, python_teacher, "Cooking", "Stews", rating=5.0, review_count=500)
    course(session, teacher, "Baking", "Python-shaped bread", rating=5.0, review_count=900)
    course(session, teacher, "Learn Python", "Zero to hero")
    assert found(session, "python") == ["Learn Python", "Cooking", "Baking"]


def test_a_deleted_course_leaves_the_index(session):
    teacher = make_instructor(session)
    gone = make_course(session, instructor=teacher, title="Beadwork", description="Coral", sections=0)
    assert found(session, "beadwork") == ["Beadwork"]
    session.delete(gone)
    session.commit()
    assert found(session, "beadwork") == []


def test_edit_distance_counts_a_swap_as_one_edit():
    assert edit_distance("pyhton", "python") == 1
    assert edit_distance("pythn", "python") == 1
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("", "abc") == 3


def test_correct_word_keeps_known_words_and_the_prefix_of_the_last(session):
    course(session, make_instructor(session), "Accounting Basics", "Ledgers")
    assert correct_word(session, "accounting") == ("accounting", False)
    assert (
        correct_word(session, "acount", prefix=True) == ("accounting", False)
        or correct_word(session, "acount", prefix=True)[0] == "acount"
    )
    assert correct_word(session, "accoun", prefix=True) == ("accoun", True)
    assert correct_word(session, "acounting") == ("accounting", False)


def test_search_results_page_filters_pages_and_ranks_on_the_index(session):
    teacher = make_instructor(session)
    for n in range(8):
        course(session, teacher, f"Python Project {n}", "Build it", level="Beginner" if n % 2 else "Advanced")
    course(session, teacher, "Cooking", "Python-style recipes", level="Beginner", rating=5.0, review_count=99)
    first = list_courses(session, q="pyhton", per_page=6)
    assert first.total == 9 and first.pages == 2
    assert all(card.title.startswith("Python Project") for card in first.data)
    last = list_courses(session, q="pyhton", per_page=6, page=2)
    assert last.data[-1].title == "Cooking"
    beginners = list_courses(session, q="python", level="Beginner", per_page=10)
    assert beginners.total == 5 and {c.title for c in beginners.data} >= {"Cooking"}
    assert list_courses(session, q="python", sort="most_reviewed", per_page=1).data[0].title == "Cooking"
    assert list_courses(session, q="nothing like it").total == 0


def test_new_filters_and_sorts(session):
    teacher = make_instructor(session)
    free = course(session, teacher, "Free Intro", "x", price_kobo=0, hours=2, language="Yoruba")
    long = course(session, teacher, "Long Haul", "x", hours=30, level="Advanced", review_count=3)
    mid = course(session, teacher, "Middle", "x", hours=8, level="Intermediate", review_count=7)
    for _ in range(3):
        enroll(session, make_user(session), long)
    enroll(session, make_user(session), mid)
    assert [c.title for c in list_courses(session, free=True).data] == ["Free Intro"]
    assert [c.title for c in list_courses(session, language="yoruba").data] == ["Free Intro"]
    assert [c.title for c in list_courses(session, duration="20-plus").data] == ["Long Haul"]
    assert [c.title for c in list_courses(session, duration="5-10").data] == ["Middle"]
    assert [c.title for c in list_courses(session, level="Intermediate").data] == ["Middle"]
    assert [c.title for c in list_courses(session, sort="popular").data] == ["Long Haul", "Middle", "Free Intro"]
    assert [c.title for c in list_courses(session, sort="most_reviewed").data] == ["Middle", "Long Haul", "Free Intro"]
    assert list_courses(session, sort="newest").data[0].title == "Middle"
    assert free.id is not None


def test_enrollment_count_follows_every_enrollment(session):
    taught = course(session, make_instructor(session), "Counted", "x")
    learner = make_user(session)
    enrollment = enroll(session, learner, taught)
    enroll(session, make_user(session), taught)
    session.expire_all()
    assert session.exec(select(Course.enrollment_count).where(Course.id == taught.id)).one() == 2
    session.delete(enrollment)
    session.commit()
    session.expire_all()
    assert session.exec(select(Course.enrollment_count).where(Course.id == taught.id)).one() == 1


def test_result_shape_cuts_description_and_prices_in_ngn(session):
    teacher = make_instructor(session)
    long_text = "word " * 60
    course(session, teacher, "Long One", long_text, price_kobo=2_500_000, thumbnail="https://cdn.example.com/x.png")
    (result,) = catalog.search_courses(session, "long one")
    sent = result.model_dump(by_alias=True, mode="json")
    assert set(sent) >= {"_id", "id", "title", "description", "price", "priceText", "thumbnail"}
    assert len(result.description) <= 100 and result.description.endswith("...")
    assert long_text.startswith(result.description[:-3])
    assert result.price == Decimal(25000) and result.price_text == "NGN25,000" and sent["price"] == 25000
    assert result.thumbnail == "https://cdn.example.com/x.png"


def test_results_are_limited(session):
    teacher = make_instructor(session)
    for n in range(12):
        course(session, teacher, f"Guitar lesson {n}")
    assert len(catalog.search_courses(session, "guitar")) == 8
    assert len(catalog.search_courses(session, "guitar", limit=3)) == 3


def test_a_course_saved_without_search_text_is_found_and_follows_its_edits(session):
    teacher = make_instructor(session)
    added = make_course(session, instructor=teacher, title="Bead Making", description="Coral necklaces", sections=1)
    added.search_text = ""  # however a course is saved, its search text is kept by the model
    session.add(added)
    session.commit()
    assert found(session, "coral") == ["Bead Making"]
    added.title = "Jewellery Making"
    session.add(added)
    session.commit()
    assert found(session, "jewellery") == ["Jewellery Making"] and found(session, "bead") == []


def test_an_accented_title_does_not_lend_its_place_to_the_description(session):
    teacher = make_instructor(session)
    # Folding drops the title's accents, so without padding "python" (the description's first word) would
    # sit inside the title's first len(title) characters and rank as a title match.
    course(session, teacher, "Ọ̀rọ̀ Yorùbá", "python lessons in Yoruba", rating=5.0, review_count=100)
    course(session, teacher, "Python Now", "Start here")
    assert found(session, "python") == ["Python Now", "Ọ̀rọ̀ Yorùbá"]
    assert found(session, "oro yoruba") == ["Ọ̀rọ̀ Yorùbá"]
