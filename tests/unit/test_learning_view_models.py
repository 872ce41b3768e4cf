"""View models of My Courses and the player, built from the learning domain's dicts."""

from marketplace.views.learning import (
    PLACEHOLDER_THUMBNAIL,
    duration_text,
    enrolled_course_view,
    player_course_view,
    player_section_view,
    progress_view,
)


def test_durations_read_like_a_video_player():
    assert duration_text(307) == "5:07"
    assert duration_text(3723) == "1:02:03"
    assert duration_text(0) == "" and duration_text(None) == "" and duration_text("x") == ""


def test_progress_keeps_the_domain_text_and_clamps_the_percent():
    view = progress_view({"completedSections": 3, "totalSections": 3, "percent": 140, "isCompleted": True})
    assert (view.percent, view.text, view.is_completed) == (100, "3 of 3 sections", True)
    assert progress_view(None).text == "0 of 0 sections"


def test_enrolled_card_flattens_progress_and_falls_back_to_a_placeholder():
    card = enrolled_course_view(
        {
            "id": 7,
            "title": "Soap Making",
            "thumbnail": "",
            "instructor": "Tunde Bello",
            "rating": 7.5,
            "progress": {"completedSections": 1, "totalSections": 4, "percent": 25, "text": "1 of 4 sections"},
        }
    )
    assert card.thumbnail == PLACEHOLDER_THUMBNAIL
    assert (card.rating, card.rating_text) == (5.0, "5.0")
    assert (card.percent, card.progress_text, card.completed) == (25, "1 of 4 sections", False)


def test_player_sections_are_numbered_and_keep_how_they_play():
    section = player_section_view(
        {
            "id": 3,
            "title": "Intro",
            "kind": "youtube",
            "src": "https://www.youtube-nocookie.com/embed/abc",
            "completed": 1,
        },
        2,
    )
    assert (section.number, section.kind, section.completed) == (2, "youtube", True)
    assert player_section_view({"id": 4}, 5).title == "Section 5"
    assert player_section_view({"id": 4}, 5).kind == "none"


def test_player_course_takes_stats_and_instructor_card():
    course = player_course_view(
        {"id": 1, "title": "T", "rating": 4.26, "instructor": {"id": 9, "name": "Ada Obi", "rating": 4.0}},
        {"hours": 10, "lessons": 24, "level": "Intermediate"},
    )
    assert (course.hours, course.lessons, course.level) == (10, 24, "Intermediate")
    assert (course.rating_text, course.instructor_id, course.instructor_name) == ("4.3", 9, "Ada Obi")
    assert course.instructor_avatar  # the placeholder when the instructor has no picture
