"""Uploaded lesson videos play from short-lived signed links, with range requests, for who may watch them only.

The course's instructor and its enrolled learners get a link for every lesson; anyone gets one for a preview
lesson; nobody else gets one, and a forged or expired link is refused (403).
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import httpx
import pytest

from marketplace.db.models import MediaUpload, Section, User
from marketplace.domain.sessions import issue_token
from marketplace.media.serving import video_key
from marketplace.media.storage import get_storage
from tests import media_fixtures
from tests.factories import enroll, make_course, make_instructor, make_user

# Fixtures shared with the other media tests.
local_media = media_fixtures.local_media
media_storage = media_fixtures.media_storage
s3_endpoint = media_fixtures.s3_endpoint

CLIP = Path(__file__).resolve().parents[2] / "assets" / "media" / "lesson-clip-1.mp4"
DATA = CLIP.read_bytes()


def _bearer(session, user) -> dict[str, str]:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _ready_video(session, owner_id: int, section: Section) -> str:
    """An accepted upload stored in the media storage and attached to ``section`` (what the job leaves)."""
    upload_id = uuid.uuid4().hex
    key = video_key(upload_id, "mp4")
    get_storage().put_bytes(key, DATA, "video/mp4")
    session.add(
        MediaUpload(
            id=upload_id,
            user_id=owner_id,
            kind="video",
            section_id=section.id,
            content_type="video/mp4",
            size_bytes=len(DATA),
            storage_key=key,
            status="ready",
            duration_seconds=14,
        )
    )
    session.flush()
    section.video_upload_id = upload_id
    section.video_url = ""
    section.video_file = ""
    session.add(section)
    session.commit()
    return upload_id


@pytest.fixture
def course_with_videos(session):
    """A course whose preview lesson and paid lesson both play uploaded videos (request the storage first)."""
    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, sections=2)
    preview, paid = session.exec(
        Section.__table__.select().where(Section.course_id == course.id).order_by(Section.position)
    ).all()
    preview, paid = session.get(Section, preview.id), session.get(Section, paid.id)
    assert preview.is_preview and not paid.is_preview
    owner = session.get(User, instructor.user_id)
    return {
        "course": course,
        "owner": owner,
        "preview": _ready_video(session, owner.id, preview),
        "paid": _ready_video(session, owner.id, paid),
    }


def _fetch(client, url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    if url.startswith("/"):
        return client.get(url, headers=headers or {})
    return httpx.get(url, headers=headers or {}, timeout=10)


def _player_sources(client, course_id, headers) -> list[str]:
    answer = client.get(f"/api/player/{course_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    return [section["src"] for section in answer.json()["sections"]]


def test_the_owner_and_an_enrolled_learner_watch_with_range_requests(
    api_client, session, local_media, course_with_videos
):
    course = course_with_videos["course"]
    learner = make_user(session)
    enroll(session, learner, course)
    for headers in (_bearer(session, course_with_videos["owner"]), _bearer(session, learner)):
        sources = _player_sources(api_client, course.id, headers)
        assert all(src.startswith("/api/media/videos/") and "sig=" in src for src in sources)
        whole = api_client.get(sources[1])
        assert whole.status_code == 200
        assert whole.content == DATA
        assert whole.headers["accept-ranges"] == "bytes"
        assert whole.headers["content-type"] == "video/mp4"
        part = api_client.get(sources[1], headers={"Range": "bytes=100-1099"})
        assert part.status_code == 206
        assert part.content == DATA[100:1100]
        assert part.headers["content-range"] == f"bytes 100-1099/{len(DATA)}"
        assert part.headers["content-length"] == "1000"
        tail = api_client.get(sources[1], headers={"Range": "bytes=-500"})
        assert (tail.status_code, tail.content) == (206, DATA[-500:])
        beyond = api_client.get(sources[1], headers={"Range": f"bytes={len(DATA)}-"})
        assert beyond.status_code == 416
        assert beyond.headers["content-range"] == f"bytes */{len(DATA)}"


def test_the_course_page_gives_links_to_previews_only_unless_enrolled(
    api_client, session, local_media, course_with_videos
):
    course = course_with_videos["course"]
    other = _bearer(session, make_user(session))
    for headers in ({}, other):
        sections = api_client.get(f"/api/courses/{course.id}", headers=headers).json()["sections"]
        preview, paid = sections
        assert preview["kind"] == "native" and preview["src"].startswith("/api/media/videos/")
        assert _fetch(api_client, preview["src"]).content == DATA
        assert (paid["kind"], paid["src"], paid["locked"]) == ("none", "", True)
    assert api_client.get(f"/api/player/{course.id}", headers=other).status_code == 403
    learner = make_user(session)
    enroll(session, learner, course)
    sections = api_client.get(f"/api/courses/{course.id}", headers=_bearer(session, learner)).json()["sections"]
    assert sections[1]["src"].startswith("/api/media/videos/")


def test_a_forged_or_expired_link_is_refused(api_client, session, local_media, course_with_videos, monkeypatch):
    course = course_with_videos["course"]
    owner = _bearer(session, course_with_videos["owner"])
    preview_src, paid_src = _player_sources(api_client, course.id, owner)
    # The preview's signature does not open the paid lesson.
    preview_name = preview_src.split("?")[0].rsplit("/", 1)[-1]
    paid_name = paid_src.split("?")[0].rsplit("/", 1)[-1]
    assert api_client.get(preview_src.replace(preview_name, paid_name)).status_code == 403
    assert api_client.get(paid_src.split("?")[0]).status_code == 403  # no signature at all
    assert api_client.get(paid_src.replace("sig=", "sig=A")).status_code == 403
    later = time.time() + 5 * 3600  # past MEDIA_URL_SECONDS (4 hours)
    monkeypatch.setattr(time, "time", lambda: later)
    answer = api_client.get(paid_src)
    assert answer.status_code == 403
    assert "expired" in answer.json()["message"]


def test_a_video_is_never_served_by_the_plain_media_route(api_client, session, local_media, course_with_videos):
    from marketplace.settings import settings

    # The avatars' route serves DATA_DIR/media; a video stored there must not leak through it unsigned.
    folder = settings.media_dir / "videos"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "leak.mp4").write_bytes(b"\0" * 10)
    assert api_client.get("/api/media/videos//leak.mp4").status_code in (403, 404)
    assert api_client.get("/api/media/videos/leak.mp4").status_code == 404


def test_on_s3_the_player_gets_a_presigned_link_to_the_bucket(
    api_client, session, media_storage, s3_endpoint, course_with_videos
):
    # media_storage runs this twice; the videos were stored in the storage of each run.
    course = course_with_videos["course"]
    sources = _player_sources(api_client, course.id, _bearer(session, course_with_videos["owner"]))
    if media_storage.__class__.__name__ == "S3Storage":
        assert sources[1].startswith(s3_endpoint)
        assert "X-Amz-Signature=" in sources[1]
    part = _fetch(api_client, sources[1], {"Range": "bytes=0-99"})
    assert part.status_code == 206
    assert part.content == DATA[:100]
