"""Media nothing uses any more leaves storage: a job after the commit removes the files of an old thumbnail, a
replaced or removed lesson video, a deleted course's media, and never a file something still uses
(docs/product.md, "Media and uploads")."""

from __future__ import annotations

import io
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from sqlmodel import select

from marketplace.db.engine import session_scope
from marketplace.db.models import Job, MediaUpload, Section
from marketplace.domain import studio
from marketplace.domain.errors import NotFound
from marketplace.domain.media_release import RELEASE_JOB, thumbnail_upload
from marketplace.media.cleanup import remove_if_unused
from marketplace.media.images import store_image
from marketplace.media.videos import incoming_path, process_upload
from marketplace.shapes.studio import SectionChanges
from tests import media_fixtures
from tests.factories import make_instructor

# Fixtures shared with the other media tests.
media_storage = media_fixtures.media_storage
s3_endpoint = media_fixtures.s3_endpoint
local_media = media_fixtures.local_media

CLIP = Path(__file__).resolve().parents[2] / "assets" / "media" / "lesson-clip-1.mp4"
WATCH = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (320, 180), (20, 120, 60)).save(out, "PNG")
    return out.getvalue()


def _image(session, teacher) -> str:
    upload = store_image(session, teacher.user_id, _png(), "cover.png")
    session.commit()
    return upload.id


def _image_keys(upload_id: str) -> list[str]:
    return [f"images/{upload_id}.webp", f"images/{upload_id}-sm.webp"]


def _video(session, storage, teacher) -> str:
    """A ready lesson video stored as videos/<id>.mp4 (as the processing job leaves it)."""
    upload_id = uuid.uuid4().hex
    key = f"videos/{upload_id}.mp4"
    storage.put_bytes(key, b"not really a video", "video/mp4")
    session.add(
        MediaUpload(
            id=upload_id, user_id=teacher.user_id, kind="video", status="ready", storage_key=key, duration_seconds=60
        )
    )
    session.commit()
    return upload_id


def _stored(storage, keys) -> list[bool]:
    return [storage.exists(key) for key in keys]


def _status(session, upload_id: str) -> str:
    session.expire_all()
    return session.get(MediaUpload, upload_id).status


def _factory(db_url):
    @contextmanager
    def make():
        with session_scope(db_url) as session:
            yield session

    return make


@pytest.fixture
def teacher(session):
    return make_instructor(session)


@pytest.fixture
def course_id(session, teacher):
    draft = studio.create_course(session, teacher.user_id, "Yoruba for beginners")
    studio.add_section(session, teacher.user_id, draft.id, "Ekaaro")
    studio.add_section(session, teacher.user_id, draft.id, "Ekaasan")
    session.commit()
    return draft.id


def _lessons(session, course_id) -> list[int]:
    query = select(Section.id).where(Section.course_id == course_id).order_by(Section.position)
    return list(session.exec(query).all())


def test_our_thumbnail_urls_name_their_upload():
    assert thumbnail_upload("/api/media/images/ab12cd.webp") == "ab12cd"
    assert thumbnail_upload("/api/media/images/ab12cd-sm.webp") == "ab12cd"
    assert thumbnail_upload("https://cdn.example.com/a.jpg") is None
    assert thumbnail_upload("/static/courses/python.webp") is None
    assert thumbnail_upload("") is None


def test_a_replaced_thumbnail_leaves_storage_after_the_commit(session, media_storage, teacher, course_id, run_jobs):
    old, new = _image(session, teacher), _image(session, teacher)
    studio.set_thumbnail(session, teacher.user_id, course_id, old)
    session.commit()
    run_jobs()
    assert _stored(media_storage, _image_keys(old)) == [True, True]  # the thumbnail in use stays
    studio.set_thumbnail(session, teacher.user_id, course_id, new)
    assert _stored(media_storage, _image_keys(old)) == [True, True]  # nothing is removed before the commit
    session.commit()
    run_jobs()
    assert _stored(media_storage, _image_keys(old)) == [False, False]
    assert _stored(media_storage, _image_keys(new)) == [True, True]
    assert (_status(session, old), _status(session, new)) == ("deleted", "ready")
    # A deleted upload cannot be chosen again: it is gone, in words.
    with pytest.raises(NotFound):
        studio.set_thumbnail(session, teacher.user_id, course_id, old)
    session.rollback()


def test_a_thumbnail_another_course_shows_is_kept(session, local_media, teacher, course_id, run_jobs):
    shared, other = _image(session, teacher), _image(session, teacher)
    second = studio.create_course(session, teacher.user_id, "Yoruba proverbs").id
    studio.set_thumbnail(session, teacher.user_id, course_id, shared)
    studio.set_thumbnail(session, teacher.user_id, second, shared)
    studio.set_thumbnail(session, teacher.user_id, course_id, other)
    session.commit()
    run_jobs()
    assert _stored(local_media, _image_keys(shared)) == [True, True]
    assert _status(session, shared) == "ready"


def test_the_job_looks_again_when_it_runs_not_only_when_queued(session, local_media, teacher, course_id, run_jobs):
    first, second = _image(session, teacher), _image(session, teacher)
    studio.set_thumbnail(session, teacher.user_id, course_id, first)
    studio.set_thumbnail(session, teacher.user_id, course_id, second)  # first released...
    studio.set_thumbnail(session, teacher.user_id, course_id, first)  # ...and chosen again before the job ran
    session.commit()
    run_jobs()
    assert _stored(local_media, _image_keys(first)) == [True, True]
    assert _stored(local_media, _image_keys(second)) == [False, False]


def test_a_rolled_back_change_queues_nothing(session, local_media, teacher, course_id, run_jobs):
    old, new = _image(session, teacher), _image(session, teacher)
    studio.set_thumbnail(session, teacher.user_id, course_id, old)
    session.commit()
    studio.set_thumbnail(session, teacher.user_id, course_id, new)
    session.rollback()
    assert session.exec(select(Job).where(Job.kind == RELEASE_JOB)).first() is None
    run_jobs()
    assert _stored(local_media, _image_keys(old)) == [True, True]


def test_a_video_replaced_by_a_youtube_link_leaves_storage(session, media_storage, teacher, course_id, run_jobs):
    lesson = _lessons(session, course_id)[0]
    video = _video(session, media_storage, teacher)
    studio.attach_video(session, teacher.user_id, lesson, video)
    session.commit()
    studio.update_section(session, teacher.user_id, lesson, SectionChanges(video_url=WATCH))
    session.commit()
    run_jobs()
    assert not media_storage.exists(f"videos/{video}.mp4")
    assert _status(session, video) == "deleted"


def test_a_video_replaced_by_a_new_upload_leaves_storage(session, db_url, local_media, teacher, course_id, run_jobs):
    lesson = _lessons(session, course_id)[0]
    old = _video(session, local_media, teacher)
    studio.attach_video(session, teacher.user_id, lesson, old)
    session.commit()
    # The new upload goes through the real processing job, which attaches it in place of the old one.
    new = uuid.uuid4().hex
    session.add(MediaUpload(id=new, user_id=teacher.user_id, kind="video", section_id=lesson, status="processing"))
    session.commit()
    incoming_path(new).parent.mkdir(parents=True, exist_ok=True)
    incoming_path(new).write_bytes(CLIP.read_bytes())
    process_upload(_factory(db_url), new)
    run_jobs()
    session.expire_all()
    assert session.get(Section, lesson).video_upload_id == new
    assert not local_media.exists(f"videos/{old}.mp4")
    assert local_media.exists(f"videos/{new}.mp4")


def test_a_video_whose_lesson_went_while_it_was_checked_leaves_storage(
    session, db_url, local_media, teacher, course_id, run_jobs
):
    lesson = _lessons(session, course_id)[0]
    upload = uuid.uuid4().hex
    session.add(MediaUpload(id=upload, user_id=teacher.user_id, kind="video", section_id=lesson, status="processing"))
    session.commit()
    studio.remove_section(session, teacher.user_id, lesson)
    session.commit()
    run_jobs()
    incoming_path(upload).parent.mkdir(parents=True, exist_ok=True)
    incoming_path(upload).write_bytes(CLIP.read_bytes())
    process_upload(_factory(db_url), upload)
    assert local_media.exists(f"videos/{upload}.mp4")  # accepted, stored, but no lesson can play it...
    run_jobs()
    assert not local_media.exists(f"videos/{upload}.mp4")  # ...so it is removed after the commit
    assert _status(session, upload) == "deleted"


def test_a_removed_lesson_takes_its_video_but_not_one_another_lesson_plays(
    session, local_media, teacher, course_id, run_jobs
):
    first, second = _lessons(session, course_id)
    own, shared = _video(session, local_media, teacher), _video(session, local_media, teacher)
    studio.attach_video(session, teacher.user_id, first, own)
    session.commit()
    studio.remove_section(session, teacher.user_id, first)
    session.commit()
    run_jobs()
    assert not local_media.exists(f"videos/{own}.mp4")
    # The same upload playing in two lessons: removing one keeps it.
    third = studio.add_section(session, teacher.user_id, course_id, "Eku irole").sections[-1].id
    studio.attach_video(session, teacher.user_id, second, shared)
    studio.attach_video(session, teacher.user_id, third, shared)
    session.commit()
    studio.remove_section(session, teacher.user_id, second)
    session.commit()
    run_jobs()
    assert local_media.exists(f"videos/{shared}.mp4")
    assert _status(session, shared) == "ready"


def test_a_deleted_course_takes_its_media_and_leaves_others(session, media_storage, teacher, course_id, run_jobs):
    first, second = _lessons(session, course_id)
    thumbnail, video_a, video_b = _image(session, teacher), *(_video(session, media_storage, teacher) for _ in "ab")
    studio.set_thumbnail(session, teacher.user_id, course_id, thumbnail)
    studio.attach_video(session, teacher.user_id, first, video_a)
    studio.attach_video(session, teacher.user_id, second, video_b)
    other = studio.create_course(session, teacher.user_id, "Kept course").id
    studio.add_section(session, teacher.user_id, other, "Kept lesson")
    kept_lesson = _lessons(session, other)[0]
    studio.attach_video(session, teacher.user_id, kept_lesson, video_b)  # also plays in the other course
    session.commit()
    studio.delete_course(session, teacher.user_id, course_id)
    session.commit()
    run_jobs()
    assert _stored(media_storage, _image_keys(thumbnail)) == [False, False]
    assert not media_storage.exists(f"videos/{video_a}.mp4")
    assert media_storage.exists(f"videos/{video_b}.mp4")
    assert [_status(session, u) for u in (thumbnail, video_a, video_b)] == ["deleted", "deleted", "ready"]


def test_the_job_twice_or_with_files_already_gone_is_harmless(session, db_url, local_media, teacher):
    image = _image(session, teacher)
    local_media.delete(_image_keys(image)[1])  # the small size is already gone
    assert remove_if_unused(_factory(db_url), image) is True
    assert remove_if_unused(_factory(db_url), image) is True  # a rerun: marked already, deletes again, no error
    assert _stored(local_media, _image_keys(image)) == [False, False]
    assert _status(session, image) == "deleted"
    assert remove_if_unused(_factory(db_url), "no-such-upload") is False


def test_a_failed_delete_is_finished_by_the_retry(session, db_url, local_media, teacher, monkeypatch):
    image = _image(session, teacher)

    def storage_down(key):
        raise OSError("storage unavailable")

    monkeypatch.setattr(local_media, "delete", storage_down)
    with pytest.raises(OSError):
        remove_if_unused(_factory(db_url), image)
    monkeypatch.undo()
    assert _status(session, image) == "deleted"  # marked before the files went: no one can choose it meanwhile
    assert _stored(local_media, _image_keys(image)) == [True, True]
    remove_if_unused(_factory(db_url), image)
    assert _stored(local_media, _image_keys(image)) == [False, False]


def test_uploads_still_on_their_way_are_left_to_their_own_jobs(session, db_url, local_media, teacher):
    for status in ("uploading", "processing", "rejected"):
        upload = uuid.uuid4().hex
        session.add(MediaUpload(id=upload, user_id=teacher.user_id, kind="video", status=status))
        session.commit()
        assert remove_if_unused(_factory(db_url), upload) is False
        assert _status(session, upload) == status
