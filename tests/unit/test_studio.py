"""The studio's course rules: who may touch a course, and each field's limits and messages (docs/product.md,
"Instructor studio"). Publishing, the list and deleting: test_studio_publish.py; lessons: test_studio_curriculum.py.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import (
    Course,
    CourseCategory,
)
from marketplace.domain import studio
from marketplace.domain.errors import Forbidden, NotFound
from marketplace.shapes.studio import CourseChanges, SectionChanges
from tests.factories import make_category, make_instructor, make_upload, make_user
from tests.studio_helpers import refused


def _changes(**fields) -> CourseChanges:
    return CourseChanges(**fields)


# --- who may use the studio ---------------------------------------------------------------------------------------


def test_only_instructors_with_a_profile_use_the_studio(session, teacher):
    learner = make_user(session)
    role_only = make_user(session, role="instructor")  # the role without a teaching profile
    for user_id in (learner.id, role_only.id, None):
        with pytest.raises(Forbidden, match=r"Only instructors can use the studio\."):
            studio.require_instructor(session, user_id)
    assert studio.require_instructor(session, teacher.user_id).id == teacher.id


def test_a_course_is_found_only_by_its_own_instructor(session, teacher, draft):
    other = make_instructor(session)
    learner = make_user(session)
    assert studio.owned_course(session, teacher.user_id, draft.id).id == draft.id
    with pytest.raises(Forbidden, match=r"You can only change your own courses\."):
        studio.owned_course(session, other.user_id, draft.id)
    with pytest.raises(Forbidden, match="Only instructors"):
        studio.owned_course(session, learner.id, draft.id)
    with pytest.raises(NotFound, match="Course not found"):
        studio.owned_course(session, teacher.user_id, draft.id + 1000)


def _every_call(course_id: int, section_id: int, upload_id: str):
    return {
        "course_draft": lambda s, u: studio.course_draft(s, u, course_id),
        "update_course": lambda s, u: studio.update_course(s, u, course_id, _changes(title="Mine now")),
        "add_section": lambda s, u: studio.add_section(s, u, course_id, "Extra"),
        "update_section": lambda s, u: studio.update_section(s, u, section_id, SectionChanges(title="Mine")),
        "move_section": lambda s, u: studio.move_section(s, u, section_id, 1),
        "remove_section": lambda s, u: studio.remove_section(s, u, section_id),
        "set_thumbnail": lambda s, u: studio.set_thumbnail(s, u, course_id, upload_id),
        "attach_video": lambda s, u: studio.attach_video(s, u, section_id, upload_id),
        "publish_problems": lambda s, u: studio.publish_problems(s, u, course_id),
        "publish": lambda s, u: studio.publish(s, u, course_id),
        "unpublish": lambda s, u: studio.unpublish(s, u, course_id),
        "delete_course": lambda s, u: studio.delete_course(s, u, course_id),
    }


def test_every_call_refuses_another_instructor_and_a_learner_and_changes_nothing(session, teacher, draft):
    with_section = studio.add_section(session, teacher.user_id, draft.id, "Lesson one")
    session.commit()
    section_id = with_section.sections[0].id
    other = make_instructor(session)
    learner = make_user(session)
    upload = make_upload(session, other.user_id, kind="image")
    for call in _every_call(draft.id, section_id, upload.id).values():
        for intruder, message in ((other.user_id, "your own courses"), (learner.id, "Only instructors")):
            with pytest.raises(Forbidden, match=message):
                call(session, intruder)
            session.rollback()
        with pytest.raises(Forbidden):
            studio.my_courses(session, learner.id)
    kept = studio.course_draft(session, teacher.user_id, draft.id)
    assert (kept.title, len(kept.sections), kept.sections[0].title) == ("Jollof for beginners", 1, "Lesson one")


def test_unknown_courses_and_lessons_are_not_found(session, teacher):
    with pytest.raises(NotFound, match="Course not found"):
        studio.course_draft(session, teacher.user_id, 999_999)
    with pytest.raises(NotFound, match="Lesson not found"):
        studio.update_section(session, teacher.user_id, 999_999, SectionChanges(title="x"))
    with pytest.raises(NotFound, match="Upload not found"):
        draft = studio.create_course(session, teacher.user_id, "A")
        studio.set_thumbnail(session, teacher.user_id, draft.id, "no-such-upload")


# --- creating and editing ------------------------------------------------------------------------------------------


def test_a_new_course_is_a_draft_with_no_price(session, teacher):
    created = studio.create_course(session, teacher.user_id, "   Yoruba    for  everyone  ")
    session.commit()
    assert (created.title, created.status, created.price, created.sections) == (
        "Yoruba for everyone",
        "draft",
        None,
        [],
    )
    course = session.get(Course, created.id)
    assert (course.price_set, course.price_kobo, course.instructor_id, course.lectures) == (False, 0, teacher.id, 0)
    assert course.updated_at is not None and created.updated_at


def test_titles_must_be_one_to_two_hundred_characters(session, teacher, draft):
    refused(lambda: studio.create_course(session, teacher.user_id, "   "), "title", "Add a title for the course.")
    refused(
        lambda: studio.create_course(session, teacher.user_id, "x" * 201),
        "title",
        "The title can be at most 200 characters.",
    )
    assert studio.create_course(session, teacher.user_id, "x" * 200).title == "x" * 200
    refused(
        lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(title="")),
        "title",
        "Add a title for the course.",
    )


def test_only_the_fields_sent_change(session, teacher, draft):
    studio.update_course(session, teacher.user_id, draft.id, _changes(subtitle="Smoky party rice", level="advanced"))
    after = studio.update_course(session, teacher.user_id, draft.id, _changes(description="  All about rice  "))
    assert (after.title, after.subtitle, after.level, after.description) == (
        "Jollof for beginners",
        "Smoky party rice",
        "Advanced",
        "All about rice",
    )


def test_text_limits_name_their_field(session, teacher, draft):
    def update(**fields):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(**fields))

    refused(update(subtitle="s" * 201), "subtitle", "The subtitle can be at most 200 characters.")
    refused(update(description="d" * 4001), "description", "The description can be at most 4,000 characters.")
    assert update(subtitle="s" * 200, description="d" * 4000)().description == "d" * 4000


def test_point_lists_drop_blanks_and_keep_ten_short_points(session, teacher, draft):
    def update(**fields):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(**fields))

    saved = update(learn=["  Parboil the rice ", "", "   ", "Fry the  base"], audience=[], requirements=["A pot"])()
    assert (saved.learn, saved.audience, saved.requirements) == (["Parboil the rice", "Fry the base"], [], ["A pot"])
    refused(update(learn=[f"Point {n}" for n in range(11)]), "learn", "What you'll learn can have at most 10 points.")
    refused(
        update(requirements=["r" * 161]),
        "requirements",
        "Each point of Requirements can be at most 160 characters.",
    )
    refused(update(audience=["a"] * 11), "audience", "Who this course is for can have at most 10 points.")
    assert update(learn=["p" * 160] * 10)().learn == ["p" * 160] * 10


def test_level_and_language_come_from_the_catalogs_lists(session, teacher, draft):
    def update(**fields):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(**fields))

    saved = update(level="intermediate", language="nigerian pidgin")()
    assert (saved.level, saved.language) == ("Intermediate", "Nigerian Pidgin")
    refused(update(level="Expert"), "level", "Choose a level: Beginner, Intermediate or Advanced.")
    refused(
        update(language="Klingon"),
        "language",
        "Choose a language: English, Nigerian Pidgin, Yoruba, Hausa, Igbo, French.",
    )


def test_one_to_three_existing_categories(session, teacher, draft):
    cats = [make_category(session) for _ in range(4)]

    def update(ids):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(category_ids=ids))

    assert update([cats[1].id, cats[0].id, cats[1].id])().category_ids == sorted([cats[0].id, cats[1].id])
    assert update([cats[2].id])().category_ids == [cats[2].id]
    links = session.exec(select(CourseCategory.category_id).where(CourseCategory.course_id == draft.id)).all()
    assert links == [cats[2].id]
    refused(update([]), "categoryIds", "Choose at least one category.")
    refused(update([c.id for c in cats]), "categoryIds", "Choose at most 3 categories.")
    refused(update([cats[0].id, 987_654]), "categoryIds", "Choose categories from the list.")
    refused(update([2**40]), "categoryIds", "Choose categories from the list.")


def test_prices_are_exact_kobo_from_zero_to_five_million_naira(session, teacher, draft):
    def update(**fields):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(**fields))

    assert update(price=Decimal("15000.50"))().price == Decimal("15000.50")
    assert session.get(Course, draft.id).price_kobo == 1_500_050
    # A JSON number such as 19.99 arrives as a float; it must become 1999 kobo, not 1998.
    assert CourseChanges.model_validate({"price": 19.99}).price == Decimal("19.99")
    update(price=CourseChanges.model_validate({"price": 19.99}).price)()
    assert session.get(Course, draft.id).price_kobo == 1999
    assert update(price=Decimal("5000000"))().price == Decimal("5000000.00")
    free = update(price=Decimal("0"))()
    assert free.price == Decimal("0.00") and session.get(Course, draft.id).price_set
    refused(update(price=Decimal("-1")), "price", "The price cannot be negative.")
    refused(update(price=Decimal("5000000.01")), "price", "The price can be at most ₦5,000,000.")
    refused(update(price=Decimal("1E+400")), "price", "The price can be at most ₦5,000,000.")
    refused(update(price=Decimal("10.005")), "price", "The price can have at most 2 decimal places (kobo).")
    nan = CourseChanges.model_construct(price=Decimal("NaN"))  # pydantic refuses NaN; the domain does too
    refused(
        lambda: studio.update_course(session, teacher.user_id, draft.id, nan),
        "price",
        "The price must be an amount in naira.",
    )


def test_the_original_price_is_optional_and_above_the_price(session, teacher, draft):
    def update(**fields):
        return lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(**fields))

    saved = update(price=Decimal("10000"), original_price=Decimal("25000"))()
    assert (saved.price, saved.original_price) == (Decimal("10000.00"), Decimal("25000.00"))
    refused(
        update(original_price=Decimal("10000")), "originalPrice", "The original price must be higher than the price."
    )
    refused(update(price=Decimal("30000")), "price", "The original price must be higher than the price.")
    refused(update(original_price=Decimal("-5")), "originalPrice", "The original price cannot be negative.")
    session.rollback()
    assert update(original_price=None)().original_price is None
    assert session.get(Course, draft.id).original_price_kobo is None


def test_parse_price_reads_what_people_type(session):
    assert studio.parse_price("15,000.50") == Decimal("15000.50")
    assert studio.parse_price("₦ 2,500") == Decimal("2500")
    assert studio.parse_price("  ") is None
    refused(
        lambda: studio.parse_price("ten naira"), "price", "Enter the price in naira, for example 15000 or 15000.50."
    )
    refused(
        lambda: studio.parse_price("1.2.3", "originalPrice"),
        "originalPrice",
        "Enter the original price in naira, for example 15000 or 15000.50.",
    )


def test_every_change_moves_updated_at(session, teacher, draft):
    course = session.get(Course, draft.id)
    course.updated_at = course.created_at.replace(year=2020)
    session.add(course)
    session.commit()
    after = studio.update_course(session, teacher.user_id, draft.id, _changes(subtitle="New"))
    assert after.updated_at > "2021"
