"""Resumable lesson-video uploads (tus) and course images through the API.

The tus conversation is the one tus-js-client has: POST to create (metadata filename, filetype, sectionId),
PATCH chunks at the offset the server holds, HEAD to learn that offset after a dropped connection.
"""

from __future__ import annotations

import asyncio
import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from marketplace.db.models import Job, MediaUpload, Section
from marketplace.domain.sessions import issue_token
from marketplace.media.storage import read_all
from marketplace.media.videos import NOT_A_VIDEO
from tests import media_fixtures
from tests.factories import make_course, make_instructor, make_user

# Fixtures shared with the other media tests.
local_media = media_fixtures.local_media

CLIP = Path(__file__).resolve().parents[2] / "assets" / "media" / "lesson-clip-1.mp4"
TUS = {"Tus-Resumable": "1.0.0"}
ENDPOINT = "/api/uploads/videos"


def _metadata(**values: str) -> str:
    return ",".join(f"{k} {base64.b64encode(v.encode()).decode()}" for k, v in values.items())


def _bearer(session, user) -> dict[str, str]:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def teacher(session):
    """An instructor with a course, the course's first lesson and their sign-in headers."""
    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, sections=2)
    section = session.exec(Section.__table__.select().where(Section.course_id == course.id)).first()
    user = instructor.user_id
    from marketplace.db.models import User

    return {"headers": _bearer(session, session.get(User, user)), "section_id": section.id, "user_id": user}


def _create(client, headers, *, size, section_id, filename="lesson.mp4", filetype="video/mp4"):
    return client.post(
        ENDPOINT,
        headers={
            **TUS,
            **headers,
            "Upload-Length": str(size),
            "Upload-Metadata": _metadata(filename=filename, filetype=filetype, sectionId=str(section_id)),
        },
    )


def _patch(client, location, headers, offset, data):
    return client.patch(
        location,
        content=data,
        headers={**TUS, **headers, "Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"},
    )


def _offset(client, location, headers) -> int:
    answer = client.head(location, headers={**TUS, **headers})
    assert answer.status_code == 200
    return int(answer.headers["Upload-Offset"])


def _interrupted_patch(app, location: str, headers: dict[str, str], offset: int, sent: bytes, declared: int) -> None:
    """A PATCH whose connection drops after ``sent`` of its ``declared`` bytes (a phone losing signal)."""
    path = "/" + location.split("://", 1)[-1].split("/", 1)[1]
    all_headers = {
        **TUS,
        **headers,
        "Upload-Offset": str(offset),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": str(declared),
        "Host": "testserver",
    }
    messages = [{"type": "http.request", "body": sent, "more_body": True}]

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        return None

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "PATCH",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(k.lower().encode(), v.encode()) for k, v in all_headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))


def test_a_video_uploads_in_chunks_resumes_after_a_drop_and_is_attached(api_client, session, teacher, local_media):
    data = CLIP.read_bytes()
    created = _create(api_client, teacher["headers"], size=len(data), section_id=teacher["section_id"])
    assert created.status_code == 201, created.text
    location = created.headers["Location"]
    upload_id = location.rsplit("/", 1)[-1]
    assert location.endswith(f"{ENDPOINT}/{upload_id}")
    row = session.get(MediaUpload, upload_id)
    assert (row.status, row.kind, row.section_id, row.user_id) == (
        "uploading",
        "video",
        teacher["section_id"],
        teacher["user_id"],
    )

    chunk = 10_000
    first = _patch(api_client, location, teacher["headers"], 0, data[:chunk])
    assert first.status_code == 204
    assert int(first.headers["Upload-Offset"]) == chunk
    # The second chunk's connection drops after 3,000 of its 10,000 bytes.
    _interrupted_patch(api_client.app, location, teacher["headers"], chunk, data[chunk : chunk + 3000], chunk)
    offset = _offset(api_client, location, teacher["headers"])
    assert offset == chunk + 3000  # what arrived is kept: the client resumes from there
    # A stale offset (the client thinks it is further) is refused rather than corrupting the file.
    assert _patch(api_client, location, teacher["headers"], offset + 5, data[offset + 5 :]).status_code == 409
    while offset < len(data):
        answer = _patch(api_client, location, teacher["headers"], offset, data[offset : offset + chunk])
        assert answer.status_code == 204
        offset = int(answer.headers["Upload-Offset"])
    assert offset == len(data)

    status = api_client.get(f"/api/uploads/{upload_id}", headers=teacher["headers"]).json()
    assert status["status"] == "ready", status  # the job ran after the last chunk's commit
    assert status["durationSeconds"] == 14
    assert status["sizeBytes"] == len(data)
    session.expire_all()
    row = session.get(MediaUpload, upload_id)
    assert (row.storage_key, row.content_type) == (f"videos/{upload_id}.mp4", "video/mp4")
    assert read_all(local_media, row.storage_key) == data  # byte for byte what was sent
    lesson = session.get(Section, teacher["section_id"])
    assert lesson.video_upload_id == upload_id
    assert lesson.duration_seconds == 14
    assert not (Path(local_media.root).parent / "uploads-incoming" / upload_id).exists()


def test_a_file_that_is_not_a_video_is_rejected_in_words(api_client, session, teacher, local_media):
    fake = b"just some text pretending to be a video\n" * 50
    created = _create(api_client, teacher["headers"], size=len(fake), section_id=teacher["section_id"])
    location = created.headers["Location"]
    upload_id = location.rsplit("/", 1)[-1]
    assert _patch(api_client, location, teacher["headers"], 0, fake).status_code == 204
    status = api_client.get(f"/api/uploads/{upload_id}", headers=teacher["headers"]).json()
    assert status["status"] == "rejected"
    assert status["error"] == NOT_A_VIDEO
    session.expire_all()
    assert session.get(Section, teacher["section_id"]).video_upload_id is None


@pytest.mark.parametrize(
    ("filename", "filetype"), [("notes.pdf", "application/pdf"), ("song.mp3", "audio/mpeg"), ("clip.mp4", "text/plain")]
)
def test_a_wrong_type_is_refused_before_any_byte_is_sent(api_client, teacher, filename, filetype):
    answer = _create(
        api_client,
        teacher["headers"],
        size=1000,
        section_id=teacher["section_id"],
        filename=filename,
        filetype=filetype,
    )
    assert answer.status_code == 415
    assert answer.json()["message"] == "Please choose an MP4, WebM or MOV video file."


def test_too_large_is_refused_with_the_limit(api_client, teacher, monkeypatch):
    from marketplace.settings import settings

    monkeypatch.setattr(settings, "max_video_bytes", 5 * 1024**2)
    answer = _create(api_client, teacher["headers"], size=5 * 1024**2 + 1, section_id=teacher["section_id"])
    assert answer.status_code == 413
    assert answer.json()["message"] == "The video must be 5 MB or smaller."
    assert (
        _create(api_client, teacher["headers"], size=5 * 1024**2, section_id=teacher["section_id"]).status_code == 201
    )


def test_guests_learners_and_other_instructors_are_refused(api_client, session, teacher):
    size, section = 1000, teacher["section_id"]
    assert _create(api_client, {}, size=size, section_id=section).status_code == 401
    learner = _bearer(session, make_user(session))
    answer = _create(api_client, learner, size=size, section_id=section)
    assert answer.status_code == 403
    other = make_instructor(session)
    from marketplace.db.models import User

    stranger = _bearer(session, session.get(User, other.user_id))
    answer = _create(api_client, stranger, size=size, section_id=section)
    assert answer.status_code == 403
    assert answer.json()["message"] == "You can only upload videos to your own courses."
    assert _create(api_client, teacher["headers"], size=size, section_id=999_999).status_code == 404
    assert session.exec(MediaUpload.__table__.select()).first() is None  # nothing was recorded


def test_only_the_owner_may_send_chunks_or_read_the_status(api_client, session, teacher, local_media):
    created = _create(api_client, teacher["headers"], size=100, section_id=teacher["section_id"])
    location = created.headers["Location"]
    upload_id = location.rsplit("/", 1)[-1]
    other = make_instructor(session)
    from marketplace.db.models import User

    stranger = _bearer(session, session.get(User, other.user_id))
    assert _patch(api_client, location, stranger, 0, b"x" * 100).status_code == 403
    assert _patch(api_client, location, {}, 0, b"x" * 100).status_code == 401
    assert _offset(api_client, location, teacher["headers"]) == 0  # nothing of theirs was written
    assert api_client.head(location, headers={**TUS, **stranger}).status_code == 403
    assert api_client.get(f"/api/uploads/{upload_id}", headers=stranger).status_code == 403
    assert api_client.get(f"/api/uploads/{upload_id}").status_code == 401
    assert api_client.get("/api/uploads/nope", headers=teacher["headers"]).status_code == 404


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (10, 120, 40)).save(out, "PNG")
    return out.getvalue()


def test_a_course_image_is_stored_and_served_publicly(api_client, session, teacher, local_media):
    answer = api_client.post(
        "/api/uploads/images", headers=teacher["headers"], files={"file": ("cover.png", _png(), "image/png")}
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["url"] == f"/api/media/images/{body['id']}.webp"
    assert body["smallUrl"] == f"/api/media/images/{body['id']}-sm.webp"
    for url, size in ((body["url"], (640, 360)), (body["smallUrl"], (128, 72))):
        served = api_client.get(url)  # no sign-in: thumbnails are public
        assert served.status_code == 200
        assert served.headers["content-type"] == "image/webp"
        assert "immutable" in served.headers["cache-control"]
        assert Image.open(io.BytesIO(served.content)).size == size
    assert api_client.get("/api/media/images/" + "0" * 32 + ".webp").status_code == 404


def test_bad_course_images_get_clear_errors(api_client, session, teacher, local_media, monkeypatch):
    text = api_client.post(
        "/api/uploads/images", headers=teacher["headers"], files={"file": ("cover.jpg", b"not an image", "image/jpeg")}
    )
    assert text.status_code == 400
    assert text.json()["message"] == "Please choose an image file (JPEG, PNG, WebP or GIF)."
    from marketplace.settings import settings

    monkeypatch.setattr(settings, "max_image_bytes", 1000)
    big = api_client.post(
        "/api/uploads/images", headers=teacher["headers"], files={"file": ("cover.png", _png(), "image/png")}
    )
    assert big.status_code == 413
    learner = _bearer(session, make_user(session))
    refused = api_client.post("/api/uploads/images", headers=learner, files={"file": ("c.png", _png(), "image/png")})
    assert refused.status_code == 403
    assert api_client.post("/api/uploads/images", files={"file": ("c.png", _png(), "image/png")}).status_code == 401


def test_the_processing_job_is_queued_once_per_upload(api_client, session, teacher, local_media):
    data = CLIP.read_bytes()
    location = _create(api_client, teacher["headers"], size=len(data), section_id=teacher["section_id"]).headers[
        "Location"
    ]
    _patch(api_client, location, teacher["headers"], 0, data)
    jobs = session.exec(Job.__table__.select().where(Job.kind == "media.process_video")).all()
    assert len(jobs) == 1


def test_the_owner_may_cancel_an_unfinished_upload(api_client, session, teacher, local_media):
    from marketplace.db.models import User
    from marketplace.media.uploads import ALREADY_COMPLETE, CANCELLED
    from marketplace.media.videos import incoming_path

    created = _create(api_client, teacher["headers"], size=100, section_id=teacher["section_id"])
    location = created.headers["Location"]
    upload_id = location.rsplit("/", 1)[-1]
    assert _patch(api_client, location, teacher["headers"], 0, b"x" * 40).status_code == 204
    assert incoming_path(upload_id).exists()
    stranger = _bearer(session, session.get(User, make_instructor(session).user_id))
    assert api_client.delete(location, headers={**TUS, **stranger}).status_code == 403
    assert api_client.delete(location, headers={**TUS, **teacher["headers"]}).status_code == 204
    status = api_client.get(f"/api/uploads/{upload_id}", headers=teacher["headers"]).json()
    assert (status["status"], status["error"]) == ("rejected", CANCELLED)
    assert not incoming_path(upload_id).exists()
    assert api_client.head(location, headers={**TUS, **teacher["headers"]}).status_code == 404
    # A complete upload is past cancelling.
    done = _create(api_client, teacher["headers"], size=10, section_id=teacher["section_id"]).headers["Location"]
    _patch(api_client, done, teacher["headers"], 0, b"y" * 10)
    answer = api_client.delete(done, headers={**TUS, **teacher["headers"]})
    assert (answer.status_code, answer.json()["message"]) == (409, ALREADY_COMPLETE)
