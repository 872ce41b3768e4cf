"""Serving media: lesson videos by short-lived signed link with HTTP range requests, thumbnails publicly.

Who may watch is decided when the link is made (docs/product.md, "Media and uploads"): the course page and the
player hand a signed link only to the course's instructor, its enrolled learners, or anyone for a preview
lesson. The link itself works for ``MEDIA_URL_SECONDS``; a forged or expired one is refused (403).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sqlmodel import Session, col, select

from marketplace.db.engine import AnyRow
from marketplace.db.models import MediaUpload, Section
from marketplace.domain.video import VideoKind
from marketplace.media.storage import get_storage
from marketplace.settings import settings

READY = "ready"
VIDEO_TYPES = {"mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime"}
# What the player's <source type> announces: browsers that skip "video/quicktime" play the H.264 inside a .mov.
PLAYER_TYPES = {"mp4": "video/mp4", "webm": "video/webm", "mov": "video/mp4"}
_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


class RangeNotSatisfiable(ValueError):
    """The Range header asks for bytes the file does not have (answered 416)."""


@dataclass(frozen=True)
class ByteRange:
    """Inclusive ``start``..``end`` of a ``size``-byte file."""

    start: int
    end: int
    size: int

    @property
    def length(self) -> int:
        """How many bytes the range holds."""
        return self.end - self.start + 1

    @property
    def content_range(self) -> str:
        """The ``Content-Range`` header of a 206 answer."""
        return f"bytes {self.start}-{self.end}/{self.size}"


def parse_range(header: str | None, size: int) -> ByteRange | None:
    """The one byte range ``header`` asks for, or None for the whole file (no header).

    ``bytes=a-b``, ``bytes=a-`` and ``bytes=-n`` (the last n bytes) are understood; an end past the file is cut
    to it. Several ranges, another unit, a start past the end or a start after the end raise RangeNotSatisfiable
    (browsers' video players only ever ask for one range).
    """
    if header is None or not header.strip():
        return None
    match = _RANGE.match(header.strip().replace(" ", ""))
    if not match or not (match.group(1) or match.group(2)):
        raise RangeNotSatisfiable(header)
    first, last = match.groups()
    if not first:  # a suffix: the last n bytes
        count = int(last)
        if count == 0 or size == 0:
            raise RangeNotSatisfiable(header)
        return ByteRange(max(size - count, 0), size - 1, size)
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or (last and int(last) < start):
        raise RangeNotSatisfiable(header)
    return ByteRange(start, end, size)


def video_key(upload_id: str, ext: str) -> str:
    """Where an accepted lesson video is stored: ``videos/<upload id>.<ext>``."""
    return f"videos/{upload_id}.{ext}"


def video_url(upload_id: str, storage_key: str = "", seconds: int | None = None) -> str:
    """A short-lived link that plays an accepted upload.

    Args:
        upload_id: The MediaUpload's id.
        storage_key: Its ``storage_key`` (``videos/<id>.<ext>``); the mp4 default when not given.
        seconds: How long the link works; MEDIA_URL_SECONDS by default.

    Returns:
        Locally ``/api/media/videos/<id>.<ext>?exp=…&sig=…`` (our range-serving route); on S3 a presigned GET
        link straight to the bucket.
    """
    key = storage_key or video_key(upload_id, "mp4")
    return get_storage().url_for(key, seconds or settings.media_url_seconds)


def ready_videos(session: Session, sections: Iterable[Section | AnyRow]) -> dict[str, MediaUpload]:
    """The accepted uploads the given sections point at, by upload id (one query)."""
    ids = {s.video_upload_id for s in sections if s.video_upload_id}
    if not ids:
        return {}
    rows = session.exec(select(MediaUpload).where(col(MediaUpload.id).in_(ids), MediaUpload.status == READY))
    return {row.id: row for row in rows.all()}


def uploaded_source(section: Section | AnyRow, ready: dict[str, MediaUpload]) -> tuple[VideoKind, str, str] | None:
    """``("native", signed link, mime)`` when the section has an accepted uploaded video, else None.

    Call it only for a viewer who may watch the section (its instructor, an enrolled learner, or anyone for a
    preview): the link is the permission.
    """
    upload = ready.get(section.video_upload_id or "")
    if upload is None or not upload.storage_key:
        return None
    ext = upload.storage_key.rsplit(".", 1)[-1]
    return ("native", video_url(upload.id, upload.storage_key), PLAYER_TYPES.get(ext, "video/mp4"))


def stream(key: str, byte_range: ByteRange | None) -> Iterator[bytes]:
    """The stored bytes of ``key`` (the range, or all of it), read a chunk at a time."""
    storage = get_storage()
    if byte_range is None:
        return storage.iter_range(key)
    return storage.iter_range(key, byte_range.start, byte_range.end)
