"""Learning: My Courses ordering and progress, the player's rules, resume and completion."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import Enrollment, Section, SectionProgress
from marketplace.domain.errors import Forbidden, NotFound, Unauthorized
from marketplace.domain.learning import (
    classify_video,
    course_progress,
    enrolled_courses,
    is_enrolled,
    mark_section_complete,
    player_view,
    record_position,
)
from marketplace.shapes.learning import EnrolledCoursePage, PlayerStats
from tests.factories import enroll, make_category, make_course, make_user

NOCOOKIE = "https://www.youtube-nocookie.com/embed/"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        (
            "http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
            ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", ""),
        ),
        ("https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("https://youtu.be/dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("https://youtu.be/dQw4w9WgXcQ?t=42", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1&start=42", "")),
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s",
            ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1&start=90", ""),
        ),
        ("https://www.youtube.com/embed/dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("https://www.youtube.com/shorts/dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("youtube.com/watch?v=dQw4w9WgXcQ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("  https://youtu.be/dQw4w9WgXcQ  ", ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", "")),
        ("https://cdn.example.com/v/intro.mp4", ("native", "https://cdn.example.com/v/intro.mp4", "video/mp4")),
        (
            "https://cdn.example.com/intro.MP4?sig=abc#t=3",
            ("native", "https://cdn.example.com/intro.MP4?sig=abc#t=3", "video/mp4"),
        ),
        ("/media/demo/lesson.webm", ("native", "/media/demo/lesson.webm", "video/webm")),
        ("https://cdn.example.com/a.ogg", ("native", "https://cdn.example.com/a.ogg", "video/ogg")),
        ("https://cdn.example.com/a.mov", ("native", "https://cdn.example.com/a.mov", "video/mp4")),
        ("lesson-3.mov", ("native", "/media/lesson-3.mov", "video/mp4")),
        ("https://vimeo.com/123456", ("frame", "https://vimeo.com/123456", "")),
        ("https://www.youtube.com/channel/UC123", ("frame", "https://www.youtube.com/channel/UC123", "")),
        ("https://www.youtube.com/watch?v=short", ("frame", "https://www.youtube.com/watch?v=short", "")),
        ("https://example.com/video.mp4.html", ("frame", "https://example.com/video.mp4.html", "")),
        ("javascript:alert(1)", ("none", "", "")),
        ("JavaScript:alert(document.cookie)//.mp4", ("none", "", "")),
        ("data:text/html,<script>alert(1)</script>", ("none", "", "")),
        ("//evil.example.com/x", ("none", "", "")),
        ("", ("none", "", "")),
        (None, ("none", "", "")),
    ],
)
def test_classify_video_recognises_each_link_shape(given, expected):
    assert classify_video(given) == expected


def _watched(session, enrollment, minutes_ago):
    enrollment.last_watched_at = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    session.add(enrollment)
    session.commit()


def test_enrolled_courses_most_recently_watched_first_then_newest_enrollment(session):
    learner = make_user(session)
    first, second, third, fourth = (make_course(session, title=f"C{i}") for i in range(4))
    e1 = enroll(session, learner, first)
    enroll(session, learner, second)
    e3 = enroll(session, learner, third)
    enroll(session, learner, fourth)
    _watched(session, e1, minutes_ago=5)
    _watched(session, e3, minutes_ago=60)
    titles = [c.title for c in enrolled_courses(session, learner.id, page=1).courses]
    # Watched ones by recency, then the never-watched by enrollment, newest first.
    assert titles[:2] == ["C0", "C2"]
    assert set(titles[2:]) == {"C1", "C3"}


def test_opening_the_player_moves_the_course_to_the_top_of_my_courses(session):
    learner = make_user(session)
    older, newer = make_course(session, title="Older", sections=2), make_course(session, title="Newer", sections=2)
    _watched(session, enroll(session, learner, older), minutes_ago=90)
    _watched(session, enroll(session, learner, newer), minutes_ago=5)
    assert [c.title for c in enrolled_courses(session, learner.id, page=1).courses] == ["Newer", "Older"]
    player_view(session, user_id=learner.id, course_id=older.id)  # nothing played yet: a YouTube section, say
    session.commit()
    assert [c.title for c in enrolled_courses(session, learner.id, page=1).courses] == ["Older", "Newer"]


def test_enrolled_courses_pages_by_six_and_only_mine(session):
    learner, other = make_user(session), make_user(session)
    for _ in range(7):
        enroll(session, learner, make_course(session, sections=1))
    enroll(session, other, make_course(session))
    first = enrolled_courses(session, learner.id, page=1)
    second = enrolled_courses(session, learner.id, page=2)
    assert (first.total, first.pages, len(first.courses)) == (7, 2, 6)
    assert (second.page, len(second.courses)) == (2, 1)
    ids = {c.id for c in first.courses} | {c.id for c in second.courses}
    assert len(ids) == 7
    assert all(c.enrolled for c in first.courses)


def test_enrolled_courses_empty(session):
    learner = make_user(session)
    assert enrolled_courses(session, learner.id, page=1) == EnrolledCoursePage(courses=[], total=0, page=1, pages=1)


def test_enrolled_course_card_shows_progress(session):
    learner = make_user(session)
    course = make_course(session, sections=4, price_kobo=1_500_050)
    enroll(session, learner, course)
    section_ids = [s.id for s in player_view(session, user_id=learner.id, course_id=course.id).sections]
    mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=section_ids[0])
    card = enrolled_courses(session, learner.id, page=1).courses[0]
    # On the wire, the progress keeps the names the API has always sent.
    assert card.progress.model_dump(by_alias=True) == {
        "completedSections": 1,
        "totalSections": 4,
        "percent": 25,
        "text": "1 of 4 sections",
        "isCompleted": False,
    }
    # Money stays exact: kobo to Decimal naira, formatted once in the domain.
    assert card.price == Decimal("15000.50") and card.price_text == "NGN15,000.50"
    assert card.model_dump(mode="json", by_alias=True)["price"] == 15000.5
    assert card.instructor.startswith("Tunde")


def test_player_refuses_signed_out_unknown_and_not_enrolled(session):
    learner = make_user(session)
    course = make_course(session)
    with pytest.raises(Unauthorized) as signed_out:
        player_view(session, user_id=None, course_id=course.id)
    with pytest.raises(NotFound) as unknown:
        player_view(session, user_id=learner.id, course_id=999_999)
    with pytest.raises(Forbidden) as not_enrolled:
        player_view(session, user_id=learner.id, course_id=course.id)
    assert signed_out.value.message == "Please log in to access this course"
    assert unknown.value.message == "Course not found"
    assert not_enrolled.value.message == "You are not enrolled in this course"
    assert not is_enrolled(session, learner.id, course.id)
    assert not is_enrolled(session, None, course.id)


def test_player_view_for_an_enrolled_learner(session):
    learner = make_user(session)
    design = make_category(session, "Design")
    course = make_course(session, sections=3, categories=[design], hours=7, level="Advanced")
    enroll(session, learner, course)
    sections = list(session.exec(select(Section).where(Section.course_id == course.id).order_by(Section.position)))
    sections[1].video_url = "https://youtu.be/dQw4w9WgXcQ"
    sections[2].video_url = "https://vimeo.com/1"
    sections[2].video_file = "uploaded.webm"
    session.add_all(sections)
    session.commit()
    view = player_view(session, user_id=learner.id, course_id=course.id)
    assert is_enrolled(session, learner.id, course.id)
    assert view.course.title == course.title
    assert view.course.categories == ["Design"]
    assert view.stats == PlayerStats(hours=7, lessons=3, level="Advanced")
    assert [(s.kind, s.src, s.mime) for s in view.sections] == [
        ("native", "/media/demo/lesson.mp4", "video/mp4"),
        ("youtube", NOCOOKIE + "dQw4w9WgXcQ?enablejsapi=1", ""),
        ("native", "/media/uploaded.webm", "video/webm"),
    ]
    # No progress yet: the first section is selected, from the start.
    assert view.current_section_id == sections[0].id
    assert view.resume_position_seconds == 0
    assert view.progress.text == "0 of 3 sections"


def test_player_stats_fall_back_to_spec_defaults_only_when_missing(session):
    learner = make_user(session)
    bare = make_course(session, sections=0, hours=0, level="")
    some = make_course(session, sections=2, hours=0, level="")
    enroll(session, learner, bare)
    enroll(session, learner, some)
    assert player_view(session, user_id=learner.id, course_id=bare.id).stats == PlayerStats(
        hours=10, lessons=24, level="Intermediate"
    )
    assert player_view(session, user_id=learner.id, course_id=some.id).stats.lessons == 2
    assert player_view(session, user_id=learner.id, course_id=bare.id).current_section_id is None


def test_player_resumes_at_last_section_and_position(session):
    learner = make_user(session)
    course = make_course(session, sections=3)
    enroll(session, learner, course)
    ids = [s.id for s in player_view(session, user_id=learner.id, course_id=course.id).sections]
    saved = record_position(session, user_id=learner.id, course_id=course.id, section_id=ids[2], position_seconds=125)
    session.commit()
    assert (saved.section_id, saved.position_seconds) == (ids[2], 125)
    view = player_view(session, user_id=learner.id, course_id=course.id)
    assert (view.current_section_id, view.resume_position_seconds) == (ids[2], 125)
    assert enrolled_courses(session, learner.id, page=1).courses[0].last_watched_at is not None


def test_record_position_checks_enrollment_and_section(session):
    learner = make_user(session)
    course, other = make_course(session), make_course(session)
    enroll(session, learner, course)
    foreign = session.exec(select(Section).where(Section.course_id == other.id)).first()
    with pytest.raises(NotFound, match="Section not found"):
        record_position(session, user_id=learner.id, course_id=course.id, section_id=foreign.id, position_seconds=1)
    with pytest.raises(Forbidden, match="You are not enrolled in this course"):
        record_position(session, user_id=learner.id, course_id=other.id, section_id=foreign.id, position_seconds=1)
    first = session.exec(select(Section).where(Section.course_id == course.id)).first()
    saved = record_position(session, user_id=learner.id, course_id=course.id, section_id=first.id, position_seconds=-9)
    assert saved.position_seconds == 0


def test_marking_every_section_completes_the_course_and_unmarking_reopens_it(session):
    learner = make_user(session)
    course = make_course(session, sections=2)
    enrollment = enroll(session, learner, course)
    a, b = (s.id for s in player_view(session, user_id=learner.id, course_id=course.id).sections)
    once = mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=a)
    twice = mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=a)
    assert once == twice
    assert twice.completed_sections == 1 and twice.completed_section_ids == [a]
    assert len(session.exec(select(SectionProgress).where(SectionProgress.user_id == learner.id)).all()) == 1
    done = mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=b)
    session.commit()
    assert done.is_completed and done.percent == 100 and done.completed_at is not None
    assert session.get(Enrollment, enrollment.id).completed_at is not None
    assert enrolled_courses(session, learner.id, page=1).courses[0].progress.is_completed
    view = player_view(session, user_id=learner.id, course_id=course.id)
    assert [s.completed for s in view.sections] == [True, True]
    reopened = mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=b, complete=False)
    again = mark_section_complete(session, user_id=learner.id, course_id=course.id, section_id=b, complete=False)
    session.commit()
    assert reopened == again
    assert not reopened.is_completed and reopened.completed_at is None
    assert session.get(Enrollment, enrollment.id).completed_at is None
    assert course_progress(session, user_id=learner.id, course_id=course.id).text == "1 of 2 sections"


def test_progress_is_per_learner(session):
    one, two = make_user(session), make_user(session)
    course = make_course(session, sections=2)
    enroll(session, one, course)
    enroll(session, two, course)
    first = player_view(session, user_id=one.id, course_id=course.id).sections[0].id
    mark_section_complete(session, user_id=one.id, course_id=course.id, section_id=first)
    assert course_progress(session, user_id=two.id, course_id=course.id).completed_sections == 0


def test_my_courses_and_the_player_serve_a_bare_thumbnail_name_from_the_app(session):
    learner = make_user(session)
    course = make_course(session)
    course.thumbnail = "figma.webp"  # a bare file name, as the spec allows: served under /images/
    session.add(course)
    session.commit()
    enroll(session, learner, course)
    assert enrolled_courses(session, learner.id, page=1).courses[0].thumbnail == "/images/figma.webp"
    assert player_view(session, user_id=learner.id, course_id=course.id).course.thumbnail == "/images/figma.webp"
