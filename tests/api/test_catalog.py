"""The catalog JSON API: every endpoint, unknown ids (404), malformed ids and bad query values (422)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from marketplace.api.app import create_api
from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Review
from marketplace.domain.search import forget_corrections
from marketplace.domain.shapes import MAX_ID
from marketplace.domain.text import search_text
from tests.factories import enroll, make_category, make_course, make_instructor, make_user

COURSE_FIELDS = {
    "_id",
    "title",
    "description",
    "instructor",
    "rating",
    "thumbnail",
    "price",
    "discountedPrice",
    "discountPercentage",
    "originalPrice",
    "lectures",
    "level",
    "hours",
    "categories",
    "category",
}


@pytest.fixture(autouse=True)
def _fresh_corrections():
    """Each test builds its own catalog: no correction remembered from another one's words."""
    forget_corrections()


@pytest.fixture
def catalog_db(db_url):
    """Two categories, two teachers, five courses and one review, committed."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        design, dev = make_category(session, "Design"), make_category(session, "Development")
        ada = make_instructor(session, first_name="Ada", expertise=["Figma"], students_count=50)
        bayo = make_instructor(session, first_name="Bayo", students_count=5)
        courses = {}
        for title, naira, rating, lectures, cats, who in [
            ("Figma Basics", 5_000, 4.5, 8, [design], ada),
            ("Logo Craft", 20_000, 3.0, 12, [design], ada),
            ("Python Start", 15_000, 4.9, 18, [dev], bayo),
            ("Django Pro", 45_000, 2.0, 24, [dev], bayo),
            ("Café Design", 30_000, 5.0, 10, [design, dev], ada),
        ]:
            course = make_course(
                session,
                instructor=who,
                title=title,
                description=f"All about {title.lower()}",
                search_text=search_text(title, f"All about {title.lower()}"),
                price_kobo=naira * 100,
                categories=cats,
                sections=2,
                rating=rating,
                review_count=1,
            )
            course.lectures = lectures
            courses[title] = course
        learner = make_user(session)
        session.add(
            Review(
                author_id=learner.id,
                target_type="Course",
                target_id=courses["Figma Basics"].id,
                rating=5,
                comment="Great",
            )
        )
        session.commit()
        return {"courses": courses, "ada": ada, "bayo": bayo}


def titles(body) -> list[str]:
    return [c["title"] for c in (body["data"] if isinstance(body, dict) else body)]


def test_courses_list_pages_with_spec_fields(api_client, catalog_db):
    response = api_client.get("/api/courses")
    assert response.status_code == 200
    body = response.json()
    assert body["total"] == 5 and body["page"] == 1 and body["pages"] == 1 and len(body["data"]) == 5
    assert set(body["data"][0]) >= COURSE_FIELDS
    small = api_client.get("/api/courses", params={"perPage": 2, "page": 3, "sort": "price_asc"}).json()
    assert small["pages"] == 3 and titles(small) == ["Django Pro"]


def test_courses_filters_and_sort_on_the_server(api_client, catalog_db):
    def listed(**params) -> list[str]:
        response = api_client.get("/api/courses", params=params)
        assert response.status_code == 200, response.text
        return titles(response.json())

    assert listed(category="design", sort="price_asc") == ["Figma Basics", "Logo Craft", "Café Design"]
    assert listed(category="Development", sort="price_desc") == ["Django Pro", "Café Design", "Python Start"]
    assert listed(rating=4, sort="rating") == ["Café Design", "Python Start", "Figma Basics"]
    assert listed(chapters="10-15", sort="price_asc") == ["Logo Craft"]
    assert listed(chapters="1-10", sort="price_asc") == ["Figma Basics", "Café Design"]
    assert listed(min_price="15000", max_price="30000", sort="price_asc") == [
        "Python Start",
        "Logo Craft",
        "Café Design",
    ]
    assert listed(category="nothing-here") == []


def test_course_prices_are_naira(api_client, catalog_db):
    body = api_client.get("/api/courses", params={"sort": "price_asc"}).json()
    first = body["data"][0]
    assert first["price"] == 5000 and first["discountedPrice"] == 5000 and first["priceText"] == "NGN5,000"
    assert first["instructor"]["name"].startswith("Ada ")


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"page": 0}, "page"),
        ({"rating": 9}, "rating"),
        ({"rating": "many"}, "rating"),
        ({"sort": "bogus"}, "sort"),
        ({"chapters": "3-4"}, "chapters"),
        ({"min_price": "abc"}, "min_price"),
        ({"max_price": "-5"}, "max_price"),
        ({"min_price": "NaN"}, "min_price"),
        ({"min_price": "500", "max_price": "100"}, "min_price"),
        ({"perPage": 1000}, "perPage"),
        ({"level": "Expert"}, "level"),
        ({"duration": "1-2"}, "duration"),
        ({"free": "maybe"}, "free"),
        ({"q": "x" * 201}, "q"),
    ],
)
def test_bad_listing_values_answer_422_with_a_message(api_client, params, field):
    response = api_client.get("/api/courses", params=params)
    assert response.status_code == 422
    assert field in response.json()["message"]


def test_course_detail_has_sections_instructor_and_reviews(api_client, catalog_db):
    course = catalog_db["courses"]["Figma Basics"]
    response = api_client.get(f"/api/courses/{course.id}")
    assert response.status_code == 200
    body = response.json()
    assert body["_id"] == course.id and set(body) >= COURSE_FIELDS
    assert [s["isPreview"] for s in body["sections"]] == [True, False]
    assert body["sections"][0]["videoUrl"] and body["sections"][1]["videoUrl"] == ""
    assert body["instructor"]["id"] == catalog_db["ada"].id and body["instructor"]["expertise"] == ["Figma"]
    assert body["reviewSummary"]["totalReviews"] == 1 and body["reviewSummary"]["averageRating"] == 5
    assert [r["comment"] for r in body["reviews"]] == ["Great"]


def test_unknown_or_bad_course_ids(api_client, catalog_db):
    missing = api_client.get("/api/courses/999999")
    assert missing.status_code == 404 and missing.json() == {"message": "Course not found"}
    assert api_client.get("/api/courses/abc").status_code == 422
    assert api_client.get("/api/courses/99999999999").status_code == 422
    assert api_client.get("/api/courses/999999/related").status_code == 404


def test_related_courses(api_client, catalog_db):
    course = catalog_db["courses"]["Figma Basics"]
    related = api_client.get(f"/api/courses/{course.id}/related").json()
    assert set(titles(related)) == {"Logo Craft", "Café Design"}


def test_categories_with_counts(api_client, catalog_db):
    body = api_client.get("/api/categories").json()
    assert [(c["name"], c["courseCount"]) for c in body] == [("Design", 3), ("Development", 3)]
    assert body[0]["_id"] == body[0]["id"] and body[0]["slug"] == "design"


def test_instructors_list_and_search(api_client, catalog_db):
    response = api_client.get("/api/instructors")
    assert response.status_code == 200 and response.headers["X-Total-Count"] == "2"
    body = response.json()
    assert isinstance(body, list) and [i["id"] for i in body] == [catalog_db["ada"].id, catalog_db["bayo"].id]
    assert all(i["_id"] == i["id"] for i in body)
    found = api_client.get("/api/instructors", params={"query": "bayo"}).json()
    assert [i["id"] for i in found] == [catalog_db["bayo"].id]
    assert api_client.get("/api/instructors", params={"page": 0}).status_code == 422


@pytest.mark.parametrize(
    ("path", "name"),
    [("/api/instructors", "query"), ("/api/courses", "q"), ("/api/courses", "language"), ("/api/search", "query")],
)
def test_a_nul_character_in_a_query_value_is_refused_with_a_message(api_client, catalog_db, path, name):
    """PostgreSQL cannot compare text holding NUL: it answered 500 for /api/instructors?query=%00 (schemathesis)."""
    response = api_client.get(path, params={name: "ba\x00yo"})
    assert response.status_code == 422
    assert response.json() == {"message": f"{name}: must not contain NUL characters"}
    assert api_client.get(path, params={name: "bayo"}).status_code == 200


def test_instructor_detail_courses_and_mentor_page(api_client, catalog_db):
    ada = catalog_db["ada"]
    profile = api_client.get(f"/api/instructors/{ada.id}").json()
    assert profile["_id"] == profile["id"] == ada.id and profile["role"] == "Instructor"
    assert profile["students"] == 50 and profile["courseCount"] == 3
    courses = api_client.get(f"/api/instructors/{ada.id}/courses").json()
    assert sorted(titles(courses)) == ["Café Design", "Figma Basics", "Logo Craft"]
    mentor = api_client.get(f"/api/mentors/{ada.id}").json()
    assert mentor["id"] == ada.id and mentor["name"] == profile["name"]
    assert sorted(titles(mentor["courses"])) == sorted(titles(courses))
    assert mentor["reviews"] == [] and mentor["reviewSummary"]["totalReviews"] == 0


@pytest.mark.parametrize("path", ["/api/instructors/{}", "/api/instructors/{}/courses", "/api/mentors/{}"])
def test_unknown_instructor_is_404(api_client, catalog_db, path):
    response = api_client.get(path.format(999999))
    assert response.status_code == 404 and response.json() == {"message": "Instructor not found"}


def test_search(api_client, catalog_db):
    body = api_client.get("/api/search", params={"query": "cafe"}).json()
    assert titles(body) == ["Café Design"]
    assert set(body[0]) >= {"_id", "title", "description", "price", "thumbnail"}
    assert titles(api_client.get("/api/search", params={"query": "DESIGN"}).json())[0] == "Café Design"
    assert api_client.get("/api/search", params={"query": "   "}).json() == []
    assert api_client.get("/api/search").json() == []


def test_search_forgives_typos_and_finds_teachers(api_client, catalog_db):
    def searched(query: str) -> list[str]:
        response = api_client.get("/api/search", params={"query": query})
        assert response.status_code == 200, response.text
        return titles(response.json())

    assert searched("pyhton") == ["Python Start"]
    assert searched("djnago pro") == ["Django Pro"]
    assert set(searched("bayo")) == {"Python Start", "Django Pro"}
    assert searched("fig") == ["Figma Basics"]  # the last word may be unfinished


def test_search_results_page_is_the_listing_with_q(api_client, catalog_db):
    def listed(**params) -> dict:
        response = api_client.get("/api/courses", params=params)
        assert response.status_code == 200, response.text
        return response.json()

    body = listed(q="desgin", perPage=1)
    # Titles first: "Café Design" holds the word in its title; Logo Craft and Figma only in their category.
    assert body["total"] == 1 and titles(body) == ["Café Design"]
    assert titles(listed(q="ada", sort="price_asc")) == ["Figma Basics", "Logo Craft", "Café Design"]
    assert titles(listed(q="ada", max_price="10000")) == ["Figma Basics"]
    assert listed(q="ada", perPage=2, page=2)["pages"] == 2
    assert listed(q="nothing like this")["total"] == 0


def test_new_filters_and_sorts_on_the_server(api_client, catalog_db, db_url):
    with Session(get_engine(db_url)) as session:
        django = session.get(Course, catalog_db["courses"]["Django Pro"].id)
        django.price_kobo, django.level, django.hours, django.language = 0, "Advanced", 24, "Hausa"
        session.add(django)
        for _ in range(2):
            enroll(session, make_user(session), django)

    def listed(**params) -> list[str]:
        response = api_client.get("/api/courses", params=params)
        assert response.status_code == 200, response.text
        return titles(response.json())

    assert listed(free="true") == ["Django Pro"]
    assert listed(level="Advanced") == ["Django Pro"]
    assert listed(language="hausa") == ["Django Pro"]
    assert listed(duration="20-plus") == ["Django Pro"]
    assert listed(duration="0-5", sort="price_asc")[0] == "Figma Basics"
    assert listed(sort="popular")[0] == "Django Pro"
    assert listed(sort="newest")[0] == "Café Design"
    assert len(listed(sort="most_reviewed")) == 5


INSTRUCTOR_PATHS = ["/api/instructors/{}", "/api/instructors/{}/courses", "/api/mentors/{}"]


@pytest.mark.parametrize("path", INSTRUCTOR_PATHS)
@pytest.mark.parametrize(
    ("bad_id", "says"),
    [
        ("abc", "valid integer"),
        ("1.5", "valid integer"),
        ("1e3", "valid integer"),
        ("%20", "valid integer"),
        ("-1", "greater than or equal to 1"),
        ("0", "greater than or equal to 1"),
        # Past the id columns' range (PostgreSQL would fail on it): refused, never a 500.
        (str(MAX_ID + 1), f"less than or equal to {MAX_ID}"),
        ("99999999999999999999", f"less than or equal to {MAX_ID}"),
    ],
)
def test_malformed_instructor_id_is_422_naming_the_id(api_client, catalog_db, path, bad_id, says):
    response = api_client.get(path.format(bad_id))
    assert response.status_code == 422, response.text
    message = response.json()["message"]
    assert message.startswith("instructor_id: ") and says in message


@pytest.mark.parametrize("path", INSTRUCTOR_PATHS)
def test_the_largest_instructor_id_is_looked_up_and_not_found(api_client, catalog_db, path):
    response = api_client.get(path.format(MAX_ID))
    assert response.status_code == 404 and response.json() == {"message": "Instructor not found"}


def test_every_catalog_route_documents_its_answer():
    document = create_api().openapi()
    expected = {
        "/api/courses": "Page_CourseCard_",
        "/api/courses/{course_id}": "CourseDetail",
        "/api/courses/{course_id}/related": "CourseCard",
        "/api/categories": "Category",
        "/api/instructors": "InstructorCard",
        "/api/instructors/{instructor_id}": "InstructorDetail",
        "/api/instructors/{instructor_id}/courses": "CourseCard",
        "/api/mentors/{instructor_id}": "MentorPage",
        "/api/search": "SearchResult",
        "/api/teachers": "TeacherPage",
    }
    for path, model in expected.items():
        schema = document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        ref = schema.get("$ref") or schema["items"]["$ref"]
        assert ref == f"#/components/schemas/{model}", path
    detail = document["components"]["schemas"]["CourseDetail"]["properties"]
    assert {"_id", "discountedPrice", "originalPrice", "reviewSummary", "sections"} <= set(detail)
