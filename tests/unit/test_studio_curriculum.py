"""The studio's curriculum: lessons added, edited, moved and removed with the course's figures in step, YouTube links
normalised to what the player plays, uploaded videos and thumbnails (docs/product.md, "Instructor studio").
"""

from __future__ import annotations

import pytest
from sqlmodel import select

from marketplace.db.models import Course, Enrollment, Section, SectionProgress
from marketplace.domain import studio
from marketplace.domain.errors import Forbidden, NotFound
from marketplace.domain.video import classify_video
from marketplace.shapes.studio import SectionChanges
from tests.factories import make_instructor, make_upload, make_user
from tests.studio_helpers import refused

WATCH = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"


@pytest.fixture
def teacher(session):
    return make_instructor(session)


@pytest.fixture
def course_id(session, teacher):
    draft = studio.create_course(session, teacher.user_id, "Hausa greetings")
    session.commit()
    return draft.id


def _lessons(session, teacher, course_id, *titles):
    draft = None
    for title in titles:
        draft = studio.add_section(session, teacher.user_id, course_id, title)
    session.commit()
    return draft


def _edit(session, teacher, section_id, **fields):
    return studio.update_section(session, teacher.user_id, section_id, SectionChanges(**fields))


def test_lessons_are_added_at_the_end_and_counted(session, teacher, course_id):
    draft = _lessons(session, teacher, course_id, "Sannu", "  Yaya  aiki ", "Nagode")
    assert [(s.title, s.position) for s in draft.sections] == [("Sannu", 0), ("Yaya aiki", 1), ("Nagode", 2)]
    course = session.get(Course, course_id)
    assert (course.lectures, course.hours) == (3, 0)  # no video yet: no hours
    assert all(s.video_status == "" and s.video_url == "" and not s.is_preview for s in draft.sections)


def test_lesson_titles_are_one_to_two_hundred_characters(session, teacher, course_id):
    refused(lambda: studio.add_section(session, teacher.user_id, course_id, " "), "title", "Give the lesson a title.")
    refused(
        lambda: studio.add_section(session, teacher.user_id, course_id, "t" * 201),
        "title",
        "A lesson title can be at most 200 characters.",
    )
    draft = _lessons(session, teacher, course_id, "t" * 200)
    renamed = _edit(session, teacher, draft.sections[0].id, title=" Renamed ")
    assert renamed.sections[0].title == "Renamed"
    refused(lambda: _edit(session, teacher, draft.sections[0].id, title=""), "title", "Give the lesson a title.")


def test_hours_follow_the_lessons_rounded_up_and_at_least_one_with_a_video(session, teacher, course_id):
    draft = _lessons(session, teacher, course_id, "One", "Two")
    first, second = (s.id for s in draft.sections)
    _edit(session, teacher, first, video_url=WATCH)
    assert session.get(Course, course_id).hours == 1  # a video of unknown length still counts an hour
    _edit(session, teacher, first, duration_seconds=3600)
    assert session.get(Course, course_id).hours == 1
    _edit(session, teacher, second, duration_seconds=1)
    assert session.get(Course, course_id).hours == 2
    studio.remove_section(session, teacher.user_id, second)
    assert (session.get(Course, course_id).hours, session.get(Course, course_id).lectures) == (1, 1)


@pytest.mark.parametrize(
    "link",
    [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "http://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
        "m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
        "https://youtu.be/dQw4w9WgXcQ",
        "youtu.be/dQw4w9WgXcQ?si=abc",
        "https://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3",
        "  HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ",
    ],
)
def test_youtube_links_are_kept_in_the_form_the_player_embeds(session, teacher, course_id, link):
    section_id = _lessons(session, teacher, course_id, "Clip").sections[0].id
    saved = _edit(session, teacher, section_id, video_url=link).sections[0]
    assert saved.video_url == WATCH
    assert classify_video(saved.video_url)[0] == "youtube"


@pytest.mark.parametrize(
    "link",
    [
        "https://vimeo.com/123456",
        "https://www.youtube.com/shorts/dQw4w9WgXcQ",
        "https://www.youtube.com/watch?v=short",
        "https://www.youtube.com/channel/UC123",
        "https://youtu.be/",
        "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
        "ftp://youtu.be/dQw4w9WgXcQ",
        "https://evil.example/youtu.be/dQw4w9WgXcQ",
        "/media/lesson.mp4",
        "http://[youtu.be/dQw4w9WgXcQ",
    ],
)
def test_anything_but_a_youtube_link_isrefused(session, teacher, course_id, link):
    section_id = _lessons(session, teacher, course_id, "Clip").sections[0].id
    refused(
        lambda: _edit(session, teacher, section_id, video_url=link),
        "videoUrl",
        "Paste a YouTube link: youtube.com/watch?v=..., youtu.be/... or youtube.com/embed/...",
    )


def test_a_blank_link_removes_the_video_and_preview_and_duration_are_saved(session, teacher, course_id):
    section_id = _lessons(session, teacher, course_id, "Clip").sections[0].id
    _edit(session, teacher, section_id, video_url=WATCH, is_preview=True, duration_seconds=86_400)
    cleared = _edit(session, teacher, section_id, video_url="  ").sections[0]
    assert (cleared.video_url, cleared.is_preview, cleared.duration_seconds) == ("", True, 86_400)
    message = "A lesson's duration must be 0 to 86,400 seconds (24 hours)."
    refused(lambda: _edit(session, teacher, section_id, duration_seconds=86_401), "durationSeconds", message)
    refused(lambda: _edit(session, teacher, section_id, duration_seconds=-1), "durationSeconds", message)


def test_moving_keeps_positions_contiguous_and_stops_at_the_ends(session, teacher, course_id):
    draft = _lessons(session, teacher, course_id, "A", "B", "C")
    a, b, c = (s.id for s in draft.sections)

    def order(d):
        return [(s.title, s.position) for s in d.sections]

    assert order(studio.move_section(session, teacher.user_id, c, -1)) == [("A", 0), ("C", 1), ("B", 2)]
    assert order(studio.move_section(session, teacher.user_id, a, 1)) == [("C", 0), ("A", 1), ("B", 2)]
    assert order(studio.move_section(session, teacher.user_id, c, -1)) == [("C", 0), ("A", 1), ("B", 2)]
    assert order(studio.move_section(session, teacher.user_id, b, 5)) == [("C", 0), ("A", 1), ("B", 2)]
    session.commit()
    stored = session.exec(select(Section.title).where(Section.course_id == course_id).order_by(Section.position))
    assert list(stored) == ["C", "A", "B"]


def test_removing_closes_the_gap_and_takes_the_learners_progress_on_it(session, teacher, course_id):
    draft = _lessons(session, teacher, course_id, "A", "B", "C")
    b = draft.sections[1].id
    learner = make_user(session)
    session.add(Enrollment(user_id=learner.id, course_id=course_id, last_section_id=b))
    session.add(SectionProgress(user_id=learner.id, course_id=course_id, section_id=b))
    session.commit()
    after = studio.remove_section(session, teacher.user_id, b)
    session.commit()
    assert [(s.title, s.position) for s in after.sections] == [("A", 0), ("C", 1)]
    assert session.get(Course, course_id).lectures == 2
    assert session.exec(select(SectionProgress).where(SectionProgress.section_id == b)).all() == []
    session.expire_all()
    assert session.exec(select(Enrollment.last_section_id)).one() is None


def test_the_thumbnail_is_one_of_my_ready_images(session, teacher, course_id):
    image = make_upload(session, teacher.user_id, kind="image")
    draft = studio.set_thumbnail(session, teacher.user_id, course_id, image.id)
    assert draft.thumbnail == f"/api/media/images/{image.id}.webp"
    others = make_upload(session, make_instructor(session).user_id, kind="image")
    with pytest.raises(Forbidden, match="your own uploads"):
        studio.set_thumbnail(session, teacher.user_id, course_id, others.id)
    with pytest.raises(NotFound, match="Upload not found"):
        studio.set_thumbnail(session, teacher.user_id, course_id, "")
    video = make_upload(session, teacher.user_id, kind="video")
    refused(
        lambda: studio.set_thumbnail(session, teacher.user_id, course_id, video.id),
        "thumbnail",
        "That upload is not an image.",
    )
    waiting = make_upload(session, teacher.user_id, kind="image", status="processing")
    refused(
        lambda: studio.set_thumbnail(session, teacher.user_id, course_id, waiting.id),
        "thumbnail",
        "That upload is not ready yet.",
    )
    assert studio.course_draft(session, teacher.user_id, course_id).thumbnail.endswith(f"{image.id}.webp")


def test_an_accepted_video_replaces_the_link_and_brings_its_length(session, teacher, course_id):
    section_id = _lessons(session, teacher, course_id, "Clip").sections[0].id
    _edit(session, teacher, section_id, video_url=WATCH, duration_seconds=10)
    video = make_upload(session, teacher.user_id, kind="video", section_id=section_id, duration_seconds=7_300)
    studio.attach_video(session, teacher.user_id, section_id, video.id)
    session.commit()
    lesson = studio.course_draft(session, teacher.user_id, course_id).sections[0]
    assert (lesson.video_upload_id, lesson.video_url, lesson.video_status, lesson.duration_seconds) == (
        video.id,
        "",
        "ready",
        7_300,
    )
    assert session.get(Course, course_id).hours == 3
    # Pasting a link afterwards replaces the upload: a lesson plays one video.
    pending = make_upload(session, teacher.user_id, kind="video", status="processing", section_id=section_id)
    relinked = _edit(session, teacher, section_id, video_url=WATCH).sections[0]
    assert (relinked.video_upload_id, relinked.video_url, relinked.video_status) == (None, WATCH, "")
    # An upload still being checked no longer belongs to the lesson, so it cannot replace the newer link.
    session.refresh(pending)
    assert pending.section_id is None


def test_a_video_is_attached_only_when_it_is_the_callers_and_ready(session, teacher, course_id):
    section_id = _lessons(session, teacher, course_id, "Clip").sections[0].id
    theirs = make_upload(session, make_user(session), kind="video", section_id=section_id)
    with pytest.raises(Forbidden):
        studio.attach_video(session, teacher.user_id, section_id, theirs.id)
    image = make_upload(session, teacher.user_id, kind="image")
    refused(
        lambda: studio.attach_video(session, teacher.user_id, section_id, image.id),
        "video",
        "That upload is not a video.",
    )
    rejected = make_upload(session, teacher.user_id, kind="video", status="rejected", error="This is not a video.")
    refused(
        lambda: studio.attach_video(session, teacher.user_id, section_id, rejected.id), "video", "This is not a video."
    )


def test_the_editor_reports_the_newest_upload_for_each_lesson(session, teacher, course_id):
    draft = _lessons(session, teacher, course_id, "One", "Two")
    one, two = (s.id for s in draft.sections)
    first = make_upload(session, teacher.user_id, kind="video", section_id=one, duration_seconds=60)
    studio.attach_video(session, teacher.user_id, one, first.id)
    session.commit()
    # A replacement still being checked shows as processing while the accepted video keeps playing.
    make_upload(session, teacher.user_id, kind="video", status="processing", section_id=one)
    failed = make_upload(
        session, teacher.user_id, kind="video", status="rejected", section_id=two, error="This file is not a video."
    )
    lessons = studio.course_draft(session, teacher.user_id, course_id).sections
    assert (lessons[0].video_status, lessons[0].video_upload_id) == ("processing", first.id)
    assert (lessons[1].video_status, lessons[1].video_error, lessons[1].video_upload_id) == (
        "rejected",
        failed.error,
        None,
    )
    assert "Add at least one lesson with a playable video" not in studio.publish_problems(
        session, teacher.user_id, course_id
    )
