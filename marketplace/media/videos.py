"""Lesson videos: checked by probing their content (PyAV), then moved into media storage and attached.

A name or a browser's MIME type proves nothing: the file must open as an MP4/MOV or WebM container with a video
stream and a readable duration (docs/product.md, "Media and uploads"). The check runs in a background job after
the last chunk arrived, never in the request.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from pathlib import Path

import av
from sqlmodel import Session

from marketplace.db.models import MediaUpload
from marketplace.db.models._base import utcnow
from marketplace.domain.errors import DomainError
from marketplace.media.serving import VIDEO_TYPES, video_key
from marketplace.media.storage import get_storage
from marketplace.settings import settings

log = logging.getLogger(__name__)

NOT_A_VIDEO = "This file is not a playable video."
LOST = "The upload did not arrive whole. Please upload the video again."
# FFmpeg's demuxer names for the containers we accept.
_MP4_FAMILY = "mov,mp4,m4a,3gp,3g2,mj2"
_MATROSKA = "matroska,webm"
_WEBM_CODECS = {"vp8", "vp9", "av1"}


class NotAVideo(DomainError):
    """The file is not a video we can play."""

    status = 415

    def __init__(self, message: str = NOT_A_VIDEO) -> None:
        super().__init__(message, field="file")


@dataclass(frozen=True)
class VideoProbe:
    """What probing found: the container's extension, its type and the duration in seconds."""

    ext: str
    content_type: str
    duration_seconds: float


def probe(path: Path) -> VideoProbe:
    """Open ``path`` as a video and read its container and duration.

    Raises:
        NotAVideo: Not an MP4, MOV or WebM container, no video stream, or no readable duration.
    """
    try:
        container = av.open(str(path), mode="r")
    except (av.error.FFmpegError, OSError, ValueError) as exc:
        raise NotAVideo from exc
    try:
        video = next((s for s in container.streams if s.type == "video"), None)
        if video is None:
            raise NotAVideo
        duration = _duration(container, video)
        if not duration or not math.isfinite(duration) or duration <= 0:
            raise NotAVideo
        ext = _extension(container, video.codec_context.name)
    finally:
        container.close()
    return VideoProbe(ext=ext, content_type=VIDEO_TYPES[ext], duration_seconds=duration)


def _duration(container: av.container.InputContainer, video: av.stream.Stream) -> float | None:
    if container.duration is not None and container.duration > 0:
        return float(container.duration / av.time_base)
    if video.duration is not None and video.time_base is not None:
        return float(video.duration * video.time_base)
    return None


def _extension(container: av.container.InputContainer, codec: str) -> str:
    name = container.format.name
    if name == _MP4_FAMILY:
        # QuickTime files say so in their brand; everything else of the family plays as MP4.
        return "mov" if container.metadata.get("major_brand", "").strip() == "qt" else "mp4"
    if name == _MATROSKA and codec in _WEBM_CODECS:
        return "webm"
    raise NotAVideo


def incoming_path(upload_id: str) -> Path:
    """Where the resumable upload ``upload_id`` collects its chunks."""
    return settings.uploads_incoming_dir / upload_id


def forget_incoming(upload_id: str) -> None:
    """Remove what the upload server kept of ``upload_id`` (its data, its .info record, its lock)."""
    base = settings.uploads_incoming_dir
    for path in (base / upload_id, base / f"{upload_id}.info", base / ".locks" / f"{upload_id}.lock"):
        path.unlink(missing_ok=True)


def _reject(session: Session, upload: MediaUpload, message: str) -> None:
    upload.status = "rejected"
    upload.error = message
    upload.updated_at = utcnow()
    session.add(upload)


def process_upload(session_factory, upload_id: str) -> None:  # type: ignore[no-untyped-def]
    """The job: probe a finished upload, store it as ``videos/<id>.<ext>``, mark it ready and attach it.

    Idempotent: an upload that is no longer ``processing`` is left alone, and a file already moved into storage
    by an earlier attempt is not probed again.

    Args:
        session_factory: ``ctx.session`` of the job: a context manager giving a committed session.
        upload_id: The MediaUpload (and tus upload) id.
    """
    with session_factory() as session:
        upload = session.get(MediaUpload, upload_id)
        if upload is None or upload.status != "processing":
            return
    source = incoming_path(upload_id)
    storage = get_storage()
    if source.is_file():
        try:
            found = probe(source)
        except NotAVideo as exc:
            with session_factory() as session:
                row = session.get(MediaUpload, upload_id)
                if row is not None and row.status == "processing":
                    _reject(session, row, exc.message)
            forget_incoming(upload_id)
            return
        # What the probe found is saved before the move, so a rerun after a crash mid-way needs no new probe.
        with session_factory() as session:
            row = session.get(MediaUpload, upload_id)
            if row is None or row.status != "processing":
                return
            row.storage_key = video_key(upload_id, found.ext)
            row.content_type = found.content_type
            row.duration_seconds = max(1, round(found.duration_seconds))
            session.add(row)
        storage.put_file(video_key(upload_id, found.ext), source, found.content_type, move=True)
    with session_factory() as session:
        row = session.get(MediaUpload, upload_id)
        if row is None or row.status != "processing":
            return
        if not row.storage_key or not storage.exists(row.storage_key):
            _reject(session, row, LOST)
            return
        row.size_bytes = storage.size(row.storage_key)
        row.status = "ready"
        row.error = ""
        row.updated_at = utcnow()
        session.add(row)
        session.flush()
        _attach(session, row)
    forget_incoming(upload_id)


def _attach(session: Session, upload: MediaUpload) -> None:
    """Make the lesson play the accepted video (the studio's rule: only the lesson's own instructor's upload).

    A video nothing can play (its lesson took a YouTube link, was removed or changed hands while it uploaded) is
    released at once: removed from storage after the commit (marketplace.domain.media_release).
    """
    from marketplace.domain import studio  # the studio sits above media: imported when a job needs it
    from marketplace.domain.media_release import release

    if upload.section_id is None:
        release(session, [upload.id])
        return
    try:
        studio.attach_video(session, upload.user_id, upload.section_id, upload.id)
    except DomainError as exc:
        log.info("Upload %s is ready but not attached, so released: %s", upload.id, exc.message)
        release(session, [upload.id])
