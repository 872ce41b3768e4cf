"""The learning shapes: what the player and My Courses send, under the names the API has always used."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from marketplace.domain.errors import Forbidden
from marketplace.domain.learning import enrolled_courses, mark_section_complete, player_certificate_url, player_view
from marketplace.domain.progress import progress_summary
from marketplace.shapes.learning import EnrolledCourse, Player, PlayerSection
from tests.factories import enroll, make_course, make_instructor, make_user


def test_progress_is_a_whole_percent_rounded_half_up_and_never_over_100():
    assert progress_summary(1, 8).percent == 13  # 12.5 rounds up, as people read it
    assert progress_summary(2, 3).percent == 67
    assert progress_summary(0, 0).model_dump() == {
        "completed_sections": 0,
        "total_sections": 0,
        "percent": 0,
        "text": "0 of 0 sections",
        "is_completed": False,
    }
    finished = progress_summary(3, 3)
    assert (finished.percent, finished.is_completed) == (100, True)


def test_my_courses_wire_names_and_exact_price(session):
    learner = make_user(session)
    enroll(session, learner, make_course(session, sections=2, price_kobo=999_999))
    page = enrolled_courses(session, learner.id, page=1)
    wire = page.model_dump(mode="json", by_alias=True)
    assert set(wire) == {"courses", "total", "page", "pages", "perPage"}
    (card,) = wire["courses"]
    for key in ("reviewCount", "priceText", "instructorId", "enrolledAt", "lastWatchedAt", "ratingText"):
        assert key in card
    assert card["price"] == 9999.99 and card["priceText"] == "NGN9,999.99"
    assert page.courses[0].price == Decimal("9999.99")  # exact in Python, a JSON number only on the wire
    assert "_" not in "".join(card)  # no snake_case key leaks onto the wire


def test_player_sections_are_numbered_with_a_readable_duration(session):
    learner = make_user(session)
    course = make_course(session, sections=2)
    enroll(session, learner, course)
    view = player_view(session, user_id=learner.id, course_id=course.id)
    assert [s.number for s in view.sections] == [1, 2]
    wire = view.model_dump(mode="json", by_alias=True)
    assert {
        "course",
        "stats",
        "sections",
        "currentSectionId",
        "resumePositionSeconds",
        "progress",
        "certificateUrl",
        "teaching",
    } == set(wire)
    assert {"isPreview", "durationSeconds", "durationText", "kind", "src", "mime"} <= set(wire["sections"][0])
    assert {"avatar", "reviewCount", "ratingText"} <= set(wire["course"]["instructor"])


def test_a_section_without_a_known_length_shows_no_duration():
    assert PlayerSection(id=1).duration_text == "" and PlayerSection(id=1).kind == "none"


def test_shapes_read_back_from_their_wire_form():
    card = EnrolledCourse(
        id=3, title="Soap Making", price=Decimal("1500.50"), enrolled_at=datetime.now(UTC).isoformat()
    )
    assert EnrolledCourse.model_validate(card.model_dump(by_alias=True)) == card
    assert Player.model_validate(Player().model_dump(by_alias=True)) == Player()


def test_finishing_a_course_links_its_certificate_on_my_courses_and_in_the_player(session):
    learner = make_user(session)
    course = make_course(session, sections=1)
    enroll(session, learner, course)
    assert player_view(session, user_id=learner.id, course_id=course.id).certificate_url == ""
    assert enrolled_courses(session, learner.id).courses[0].certificate_url == ""

    section = player_view(session, user_id=learner.id, course_id=course.id).sections[0]
    mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=section.id)
    url = player_view(session, user_id=learner.id, course_id=course.id).certificate_url
    assert url.startswith("/certificates/NLC-")
    assert enrolled_courses(session, learner.id).courses[0].certificate_url == url
    assert player_certificate_url(session, user_id=learner.id, course_id=course.id) == url


def test_the_courses_instructor_opens_its_player_without_progress_and_nobody_else_does(session):
    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher, sections=2)
    view = player_view(session, user_id=teacher.user_id, course_id=course.id)
    assert view.teaching and len(view.sections) == 2 and view.current_section_id == view.sections[0].id
    assert view.progress.completed_sections == 0 and view.certificate_url == ""

    other_teacher = make_instructor(session)
    with pytest.raises(Forbidden):
        player_view(session, user_id=other_teacher.user_id, course_id=course.id)
    learner = make_user(session)
    enroll(session, learner, course)
    assert player_view(session, user_id=learner.id, course_id=course.id).teaching is False
