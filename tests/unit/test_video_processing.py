"""The video-processing job: probe, move into storage, ready, attach; safe to run again after a crash."""

from __future__ import annotations

import shutil
import uuid
from contextlib import contextmanager, suppress
from pathlib import Path

from marketplace.db.engine import session_scope
from marketplace.db.models import MediaUpload, Section
from marketplace.media.videos import LOST, NOT_A_VIDEO, incoming_path, process_upload
from tests import media_fixtures
from tests.factories import make_course, make_instructor

# Fixtures shared with the other media tests.
local_media = media_fixtures.local_media

CLIP = Path(__file__).resolve().parents[2] / "assets" / "media" / "lesson-clip-1.mp4"


def _processing_upload(session, *, data: bytes | None) -> tuple[str, int]:
    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, sections=1)
    section = session.exec(Section.__table__.select().where(Section.course_id == course.id)).first()
    upload_id = uuid.uuid4().hex
    session.add(
        MediaUpload(id=upload_id, user_id=instructor.user_id, kind="video", section_id=section.id, status="processing")
    )
    session.commit()
    if data is not None:
        incoming_path(upload_id).parent.mkdir(parents=True, exist_ok=True)
        incoming_path(upload_id).write_bytes(data)
    return upload_id, section.id


def _factory(db_url):
    @contextmanager
    def make():
        with session_scope(db_url) as session:
            yield session

    return make


def test_an_accepted_video_is_stored_ready_and_attached(session, db_url, local_media):
    upload_id, section_id = _processing_upload(session, data=CLIP.read_bytes())
    process_upload(_factory(db_url), upload_id)
    session.expire_all()
    upload = session.get(MediaUpload, upload_id)
    assert (upload.status, upload.storage_key, upload.duration_seconds) == ("ready", f"videos/{upload_id}.mp4", 14)
    assert local_media.size(upload.storage_key) == CLIP.stat().st_size
    assert session.get(Section, section_id).video_upload_id == upload_id
    assert not incoming_path(upload_id).exists()


def test_a_rerun_after_the_move_finishes_without_probing_again(session, db_url, local_media, monkeypatch):
    upload_id, section_id = _processing_upload(session, data=CLIP.read_bytes())
    # The first run dies right after moving the file into storage (before marking the upload ready).
    from marketplace.media import videos

    real_put = local_media.put_file

    def put_then_crash(*args, **kwargs):
        real_put(*args, **kwargs)
        raise SystemExit("worker killed")

    monkeypatch.setattr(local_media, "put_file", put_then_crash)
    with suppress(SystemExit):
        process_upload(_factory(db_url), upload_id)
    monkeypatch.setattr(local_media, "put_file", real_put)
    session.expire_all()
    assert session.get(MediaUpload, upload_id).status == "processing"
    monkeypatch.setattr(videos, "probe", lambda path: (_ for _ in ()).throw(AssertionError("probed again")))
    process_upload(_factory(db_url), upload_id)  # the job's retry
    session.expire_all()
    assert session.get(MediaUpload, upload_id).status == "ready"
    assert session.get(Section, section_id).video_upload_id == upload_id
    process_upload(_factory(db_url), upload_id)  # and once more: nothing changes
    assert session.get(MediaUpload, upload_id).status == "ready"


def test_a_fake_video_is_rejected_and_its_bytes_dropped(session, db_url, local_media):
    upload_id, section_id = _processing_upload(session, data=b"text, not video " * 100)
    process_upload(_factory(db_url), upload_id)
    session.expire_all()
    upload = session.get(MediaUpload, upload_id)
    assert (upload.status, upload.error) == ("rejected", NOT_A_VIDEO)
    assert session.get(Section, section_id).video_upload_id is None
    assert not incoming_path(upload_id).exists()


def test_an_upload_whose_file_is_gone_is_rejected_in_words(session, db_url, local_media):
    upload_id, _ = _processing_upload(session, data=None)
    process_upload(_factory(db_url), upload_id)
    session.expire_all()
    upload = session.get(MediaUpload, upload_id)
    assert (upload.status, upload.error) == ("rejected", LOST)


def test_a_webm_copy_named_mp4_is_stored_as_what_it_is(session, db_url, local_media, tmp_path):
    import av

    webm = tmp_path / "clip.webm"
    with av.open(str(webm), mode="w", format="webm") as out:
        stream = out.add_stream("libvpx-vp9" if "libvpx-vp9" in av.codecs_available else "libvpx", rate=10)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for i in range(20):
            frame = av.VideoFrame(64, 48, "yuv420p")
            for plane in frame.planes:
                plane.update(bytes([i * 10 % 256]) * plane.buffer_size)
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    upload_id, _ = _processing_upload(session, data=webm.read_bytes())
    process_upload(_factory(db_url), upload_id)
    session.expire_all()
    upload = session.get(MediaUpload, upload_id)
    assert (upload.status, upload.storage_key, upload.content_type) == (
        "ready",
        f"videos/{upload_id}.webm",
        "video/webm",
    )
    assert upload.duration_seconds == 2
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_an_upload_never_finished_is_dropped_when_it_expires(session, db_url, local_media):
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from marketplace.db.models import Job
    from marketplace.jobs.worker import run_due
    from marketplace.media.uploads import EXPIRE_JOB, UNFINISHED, start_video_upload

    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, sections=1)
    section = session.exec(Section.__table__.select().where(Section.course_id == course.id)).first()
    metadata = {"filename": "a.mp4", "filetype": "video/mp4", "sectionId": str(section.id)}
    unfinished = start_video_upload(session, instructor.user_id, metadata, 1000, 10_000)
    finished = start_video_upload(session, instructor.user_id, metadata, 1000, 10_000)
    session.get(MediaUpload, finished).status = "ready"
    session.commit()
    incoming_path(unfinished).parent.mkdir(parents=True, exist_ok=True)
    incoming_path(unfinished).write_bytes(b"half a video")
    assert run_due(db_url) == 0  # not due for five days
    session.execute(update(Job).where(Job.kind == EXPIRE_JOB).values(run_after=datetime.now(UTC) - timedelta(1)))
    session.commit()
    assert run_due(db_url) == 2
    session.expire_all()
    assert (session.get(MediaUpload, unfinished).status, session.get(MediaUpload, unfinished).error) == (
        "rejected",
        UNFINISHED,
    )
    assert session.get(MediaUpload, finished).status == "ready"  # a finished upload is left alone
    assert not incoming_path(unfinished).exists()
