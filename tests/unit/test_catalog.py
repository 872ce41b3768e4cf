"""The catalog domain: listing filters, sort and pages, cards, course pages, related courses, stats, search."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import event
from sqlmodel import select

from marketplace.db.models import Category, Review
from marketplace.domain import catalog
from marketplace.domain.errors import NotFound
from tests.factories import enroll, make_category, make_course, make_instructor, make_user


def titles(page) -> list[str]:
    return [item.title for item in (page.data if hasattr(page, "data") else page)]


def wire(shape) -> dict:
    """What the API sends for a shape: the spec's names, money as JSON numbers."""
    return shape.model_dump(by_alias=True, mode="json")


@pytest.fixture
def shop(session):
    """Six courses across two categories with known prices, ratings and lecture counts."""
    design = make_category(session, "Design")
    dev = make_category(session, "Development")
    teacher = make_instructor(session)
    spec = [
        # title, naira, rating, reviews, lectures, categories
        ("Figma Basics", 5_000, 4.6, 10, 8, [design]),
        ("Logo Craft", 20_000, 3.2, 50, 12, [design]),
        ("Python Start", 15_000, 4.9, 40, 18, [dev]),
        ("Django Pro", 45_000, 2.1, 5, 24, [dev]),
        ("UI for Devs", 30_000, 5.0, 2, 10, [design, dev]),
        ("No Category", 1_000, 1.0, 1, 30, []),
    ]
    courses = {}
    for title, naira, rating, count, lectures, cats in spec:
        course = make_course(
            session,
            instructor=teacher,
            title=title,
            price_kobo=naira * 100,
            categories=cats,
            sections=2,
            rating=rating,
            review_count=count,
        )
        course.lectures = lectures
        courses[title] = course
    session.commit()
    return courses


def test_category_filter_matches_slug_or_name_in_any_case(session, shop):
    by_slug = catalog.list_courses(session, category="design", sort="price_asc")
    by_name = catalog.list_courses(session, category="DEVELOPMENT", sort="price_asc")
    assert titles(by_slug) == ["Figma Basics", "Logo Craft", "UI for Devs"]
    assert titles(by_name) == ["Python Start", "UI for Devs", "Django Pro"]
    assert by_slug.total == 3


def test_unknown_category_lists_nothing(session, shop):
    page = catalog.list_courses(session, category="Astrology")
    assert page.data == [] and page.total == 0 and page.pages == 1


def test_rating_means_that_many_stars_and_up(session, shop):
    page = catalog.list_courses(session, min_rating=4, sort="rating")
    assert titles(page) == ["UI for Devs", "Python Start", "Figma Basics"]


def test_chapter_buckets_do_not_overlap(session, shop):
    assert titles(catalog.list_courses(session, chapters="1-10", sort="price_asc")) == ["Figma Basics", "UI for Devs"]
    assert titles(catalog.list_courses(session, chapters="10-15")) == ["Logo Craft"]
    assert titles(catalog.list_courses(session, chapters="15-20")) == ["Python Start"]
    assert titles(catalog.list_courses(session, chapters="20-25")) == ["Django Pro"]


def test_price_range_is_inclusive_naira(session, shop):
    page = catalog.list_courses(session, min_price=Decimal("15000"), max_price=Decimal("30000"), sort="price_asc")
    assert titles(page) == ["Python Start", "Logo Craft", "UI for Devs"]
    assert [item.price for item in page.data] == [Decimal(15000), Decimal(20000), Decimal(30000)]


def test_filters_combine(session, shop):
    page = catalog.list_courses(session, category="design", min_rating=4, max_price=Decimal("10000"))
    assert titles(page) == ["Figma Basics"]


def test_sorts(session, shop):
    assert titles(catalog.list_courses(session, sort="price_asc"))[:3] == [
        "No Category",
        "Figma Basics",
        "Python Start",
    ]
    assert titles(catalog.list_courses(session, sort="price_desc"))[:2] == ["Django Pro", "UI for Devs"]
    assert titles(catalog.list_courses(session, sort="rating"))[:2] == ["UI for Devs", "Python Start"]
    # Relevance: rating x reviews (Python 196, Logo 160, Figma 46, UI 10, Django 10.5, No Category 1).
    assert titles(catalog.list_courses(session)) == [
        "Python Start",
        "Logo Craft",
        "Figma Basics",
        "Django Pro",
        "UI for Devs",
        "No Category",
    ]


def test_pagination_six_per_page_without_overlap(session):
    teacher = make_instructor(session)
    for n in range(13):
        make_course(session, instructor=teacher, title=f"Course {n:02d}", price_kobo=(n + 1) * 100, sections=1)
    pages = [catalog.list_courses(session, sort="price_asc", page=p) for p in (1, 2, 3)]
    assert [len(p.data) for p in pages] == [6, 6, 1]
    assert {p.total for p in pages} == {13} and {p.pages for p in pages} == {3}
    seen = [t for p in pages for t in titles(p)]
    assert seen == [f"Course {n:02d}" for n in range(13)]
    past_end = catalog.list_courses(session, sort="price_asc", page=99)
    assert past_end.page == 3 and titles(past_end) == ["Course 12"]


@pytest.mark.parametrize(
    "bad",
    [
        {"min_rating": 9},
        {"min_rating": 0},
        {"chapters": "3-4"},
        {"sort": "bogus"},
        {"min_price": Decimal("-1")},
        {"min_price": Decimal("500"), "max_price": Decimal("100")},
    ],
)
def test_bad_filters_are_refused_with_a_message(session, bad):
    with pytest.raises(catalog.InvalidFilter) as caught:
        catalog.list_courses(session, **bad)
    assert caught.value.status == 422 and caught.value.message


def test_listing_query_from_url_drops_nonsense_and_round_trips(session):
    query = catalog.ListingQuery.from_params(
        {"category": "design", "rating": "9", "chapters": "15-20", "min_price": "abc", "sort": "nope", "page": "2"}
    )
    assert query == catalog.ListingQuery(category="design", chapters="15-20", page=2)
    assert query.to_params() == {"category": "design", "chapters": "15-20", "page": "2"}
    assert catalog.ListingQuery.from_params(query.to_params()) == query
    assert catalog.ListingQuery.from_params({}).to_params() == {}


def test_course_card_shape(session):
    design = make_category(session, "Design")
    teacher = make_instructor(session, first_name="Ada")
    course = make_course(
        session,
        instructor=teacher,
        categories=[design],
        price_kobo=1_500_000,
        original_price_kobo=2_000_000,
        rating=7.0,
        review_count=3,
        thumbnail="figma.webp",
    )
    card = catalog.get_course(session, course.id)
    assert card.price == card.discounted_price == Decimal("15000.00") and card.original_price == Decimal(20000)
    assert card.price_text == "NGN15,000" and card.original_price_text == "NGN20,000"
    assert card.discount_percentage == 25
    assert card.rating == 5.0 and card.rating_text == "5.0"  # clamped
    assert card.instructor.id == teacher.id and card.instructor.name.startswith("Ada ")
    assert card.categories == ["Design"] and card.category == "Design"
    assert card.thumbnail == "/images/figma.webp"
    sent = wire(card)
    assert sent["_id"] == sent["id"] == course.id
    assert sent["price"] == sent["discountedPrice"] == 15000 and sent["originalPrice"] == 20000
    assert sent["priceText"] == "NGN15,000" and sent["discountPercentage"] == 25 and sent["reviewCount"] == 3
    assert sent["instructor"] == {"id": teacher.id, "_id": teacher.id, "name": card.instructor.name}


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("https://cdn.example.com/a.png", "https://cdn.example.com/a.png"),
        ("/images/courses/a.svg", "/images/courses/a.svg"),
        ("a.png", "/images/a.png"),
        ("", catalog.PLACEHOLDER_THUMBNAIL),
    ],
)
def test_thumbnail_rule(raw, shown):
    assert catalog.thumbnail_url(raw) == shown


def test_card_without_discount_has_no_original_price(session):
    card = catalog.get_course(session, make_course(session, price_kobo=1_234_550, rating=3.46).id)
    assert card.original_price_text == "" and card.discount_percentage == 0
    # Exact to the kobo: never a float on the way to the screen.
    assert card.original_price == card.price == Decimal("12345.50")
    assert card.price_text == "NGN12,345.50" and card.rating == 3.5
    assert wire(card)["price"] == wire(card)["originalPrice"] == 12345.5


def test_course_detail_shows_real_instructor_sections_and_reviews(session):
    teacher = make_instructor(session, first_name="Bisi", expertise=["Figma"], about="Designer")
    course = make_course(session, instructor=teacher, sections=3)
    learner = make_user(session)
    session.add(Review(author_id=learner.id, target_type="Course", target_id=course.id, rating=4, comment="Good"))
    session.commit()
    detail = catalog.get_course_detail(session, course.id)
    assert detail.instructor.name.startswith("Bisi ") and detail.instructor.id == teacher.id
    assert detail.instructor.expertise == ["Figma"] and detail.instructor.about == "Designer"
    assert [s.label for s in detail.sections] == ["Preview", "Video", "Video"]
    preview, locked = detail.sections[0], detail.sections[1]
    assert preview.video_url == "/media/demo/lesson.mp4" and preview.kind == "native" and not preview.locked
    assert locked.video_url == "" and locked.locked and locked.duration_text == "5:00"
    assert detail.review_summary.total_reviews == 1 and detail.review_summary.average_rating == 4
    assert [r.comment for r in detail.reviews] == ["Good"]
    assert detail.enrolled is False
    sent = wire(detail)
    assert sent["instructor"]["expertise"] == ["Figma"] and sent["instructor"]["bio"] == "Designer"
    assert sent["sections"][1] | {"isPreview": False, "videoUrl": "", "duration": "5:00"} == sent["sections"][1]
    assert sent["reviewSummary"]["totalReviews"] == 1 and [r["comment"] for r in sent["reviews"]] == ["Good"]
    bare = catalog.get_course_detail(session, course.id, reviews_shown=0)
    assert bare.reviews == [] and bare.review_summary.total_reviews == 0


def test_course_detail_names_its_categories_by_name_in_the_same_statement_as_the_course(session, shop):
    """The course page's categories come with the course's own row (one statement fewer per page), sorted by name
    like a card's, with their slugs; a course in none has none. Read on SQLite and on PostgreSQL alike."""
    both, none = shop["UI for Devs"], shop["No Category"]
    statements: list[str] = []
    engine = session.get_bind()
    count = lambda *args: statements.append(args[2])  # noqa: E731 - (conn, cursor, statement, ...)
    event.listen(engine, "before_cursor_execute", count)
    try:
        detail = catalog.get_course_detail(session, both.id, reviews_shown=0)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    # The course with its teacher and categories, then its sections: nothing reads the categories on its own.
    assert len(statements) == 2 and not any("course_categories" in s for s in statements[1:])
    assert (detail.categories, detail.category) == (["Design", "Development"], "Design")
    assert detail.category_slugs == ["design", "development"]
    assert catalog.get_course_detail(session, none.id).categories == []
    # The same names and order as the course's card in the listing.
    card = next(c for c in catalog.list_courses(session, per_page=12).data if c.id == both.id)
    assert card.categories == detail.categories and card.category_slugs == detail.category_slugs


def test_enrolled_viewer_gets_every_video(session):
    course = make_course(session, sections=2)
    learner = make_user(session)
    enroll(session, learner, course)
    detail = catalog.get_course_detail(session, course.id, viewer_id=learner.id)
    assert detail.enrolled is True
    assert all(s.video_url and not s.locked for s in detail.sections)


def test_unknown_course_is_not_found(session):
    with pytest.raises(NotFound, match="Course not found"):
        catalog.get_course_detail(session, 999)
    with pytest.raises(NotFound):
        catalog.related_courses(session, 999)


def test_related_courses_share_a_category_and_exclude_itself(session, shop):
    related = catalog.related_courses(session, shop["Figma Basics"].id)
    assert set(titles(related)) == {"Logo Craft", "UI for Devs"}
    design = session.exec(select(Category).where(Category.slug == "design")).one()
    teacher = make_instructor(session)
    for n in range(5):
        make_course(session, instructor=teacher, title=f"More design {n}", categories=[design])
    around_ui = catalog.related_courses(session, shop["UI for Devs"].id)
    assert len(around_ui) == 4
    assert shop["UI for Devs"].id not in [c.id for c in around_ui]
    assert catalog.related_courses(session, shop["No Category"].id) == []


def test_categories_with_real_counts(session, shop):
    make_category(session, "Astrology")
    listed = {c.name: c.course_count for c in catalog.list_categories(session)}
    assert listed == {"Astrology": 0, "Design": 3, "Development": 3}
    top = catalog.top_categories(session, limit=4)
    assert [c.name for c in top] == ["Design", "Development"]  # empty ones are left out
    assert top[0].href == "/categories?category=design"
    sent = wire(top[0])
    assert sent["slug"] == "design" and sent["courseCount"] == 3 and sent["_id"] == sent["id"]


def test_stats_count_the_database(session, shop):
    learner, other = make_user(session), make_user(session)
    enroll(session, learner, shop["Figma Basics"])
    enroll(session, learner, shop["Logo Craft"])
    enroll(session, other, shop["Logo Craft"])
    stats = catalog.catalog_stats(session)
    assert (stats.courses, stats.instructors, stats.learners, stats.categories) == (6, 1, 2, 2)


def test_home_and_sidebar_blocks(session, shop):
    assert titles(catalog.top_courses(session)) == ["Python Start", "Logo Craft", "Figma Basics", "Django Pro"]
    assert titles(catalog.featured_courses(session)) == ["No Category", "UI for Devs", "Django Pro"]
    assert catalog.max_course_price(session) == Decimal("45000.00")


def test_max_price_of_an_empty_catalog_is_zero(session):
    assert catalog.max_course_price(session) == Decimal("0")
