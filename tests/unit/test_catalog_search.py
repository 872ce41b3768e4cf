"""The header search: blank input, title-first ranking, case and accents, the result shape."""

from __future__ import annotations

from decimal import Decimal

from marketplace.domain import catalog
from marketplace.domain.text import search_text
from tests.factories import make_course, make_instructor


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
    # Same rank and popularity: the older course first.
    assert found(session, "excel") == ["Excel for Accountants", "Excel Charts"]


def test_like_wildcards_are_plain_characters(session):
    teacher = make_instructor(session)
    course(session, teacher, "Marketing 101", "Grow your shop")
    course(session, teacher, "Discounts: 50% off pricing", "Sales psychology")
    assert found(session, "%") == ["Discounts: 50% off pricing"]
    assert found(session, "_") == []


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
