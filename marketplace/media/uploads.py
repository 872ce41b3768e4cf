"""Resumable lesson-video uploads (the tus protocol): who may start one, what it must be, and what follows.

The tus server itself (tuspyserver, mounted by :mod:`marketplace.api.uploads`) receives the chunks into
``DATA_DIR/uploads-incoming``; this module holds the rules it calls: a signed-in instructor, a lesson of one of
their courses, an MP4, WebM or MOV file within MAX_VIDEO_BYTES. When the last chunk arrives the upload is queued
for checking (:func:`marketplace.media.videos.process_upload`), after the commit.
"""

from __future__ import annotations

import uuid
from typing import Any

from sqlmodel import Session

from marketplace.db.models import Course, Instructor, MediaUpload, Section
from marketplace.db.models._base import utcnow
from marketplace.domain.catalog_visibility import teaches
from marketplace.domain.errors import Conflict, DomainError, Forbidden, NotFound
from marketplace.domain.studio_access import require_instructor
from marketplace.jobs.queue import enqueue

PROCESS_JOB = "media.process_video"  # the job that checks a finished upload (marketplace/jobs/tasks.py)
EXPIRE_JOB = "media.expire_upload"  # the job that drops an upload never finished
# The tus server forgets an unfinished upload after this many days (it answers 410 and the client starts again);
# its chunks are then removed from the disk by EXPIRE_JOB.
KEEP_UNFINISHED_DAYS = 5
UNFINISHED = "The upload was not finished within 5 days. Please upload the video again."
CANCELLED = "The upload was cancelled."
ALREADY_COMPLETE = "This upload is already complete."
EXTENSIONS = {"mp4", "webm", "mov"}
TYPES = {"video/mp4", "video/webm", "video/quicktime"}
ONLY_INSTRUCTORS = "Only instructors can upload lesson videos."
WRONG_TYPE = "Please choose an MP4, WebM or MOV video file."
NO_LESSON = "Choose the lesson this video is for."
LESSON_NOT_FOUND = "Lesson not found"
NOT_YOUR_LESSON = "You can only upload videos to your own courses."
UPLOAD_NOT_FOUND = "Upload not found"
NOT_YOUR_UPLOAD = "You can only see your own uploads."
EMPTY = "The file is empty."
NEEDS_LENGTH = "The upload must say its size (Upload-Length)."


class WrongType(DomainError):
    """Not a video type we take (415)."""

    status = 415


class TooLarge(DomainError):
    """Over MAX_VIDEO_BYTES (413)."""

    status = 413


def too_large_message(limit: int) -> str:
    """ "The video must be 2 GB or smaller." for the limit in bytes."""
    if limit >= 1024**3:
        return f"The video must be {limit / 1024**3:g} GB or smaller."
    return f"The video must be {limit / 1024**2:g} MB or smaller."


def require_instructor_user(session: Session, user_id: int) -> Instructor:
    """The caller's teaching profile; Forbidden (in this module's words) for anyone else."""
    return require_instructor(session, user_id, ONLY_INSTRUCTORS)


def owned_lesson(session: Session, user_id: int, section_id: int) -> Section:
    """The lesson when it belongs to a course the caller teaches (NotFound / Forbidden otherwise)."""
    section = session.get(Section, section_id)
    if section is None:
        raise NotFound(LESSON_NOT_FOUND, field="sectionId")
    course = session.get(Course, section.course_id)
    if course is None or not teaches(session, user_id, course):
        raise Forbidden(NOT_YOUR_LESSON)
    return section


def check_video_file(filename: str, filetype: str, size: int | None, limit: int) -> str:
    """The extension of an acceptable video upload; WrongType, TooLarge or DomainError otherwise.

    The name and the browser's type are only a first sieve (a clear message before any byte is sent); the content
    is probed when the upload is complete.
    """
    ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if ext not in EXTENSIONS or (filetype and filetype.lower() not in TYPES):
        raise WrongType(WRONG_TYPE, field="file")
    if size is None:
        raise DomainError(NEEDS_LENGTH, field="file")
    if size <= 0:
        raise DomainError(EMPTY, field="file")
    if size > limit:
        raise TooLarge(too_large_message(limit), field="file")
    return ext


def start_video_upload(session: Session, user_id: int, metadata: dict[str, Any], size: int | None, limit: int) -> str:
    """Check a new upload and record it (``uploading``); the caller commits. Returns the new upload id.

    Args:
        session: The request's session.
        user_id: The signed-in caller.
        metadata: The tus Upload-Metadata: ``filename``, ``filetype``, ``sectionId``.
        size: The declared Upload-Length.
        limit: MAX_VIDEO_BYTES.
    """
    require_instructor_user(session, user_id)
    filename = str(metadata.get("filename") or "")
    check_video_file(filename, str(metadata.get("filetype") or ""), size, limit)
    section_text = str(metadata.get("sectionId") or "").strip()
    if not section_text.isdigit() or len(section_text) > 12:
        raise DomainError(NO_LESSON, field="sectionId")
    section = owned_lesson(session, user_id, int(section_text))
    upload = MediaUpload(
        id=uuid.uuid4().hex,
        user_id=user_id,
        kind="video",
        section_id=section.id,
        filename=filename[:255],
        size_bytes=size or 0,
        status="uploading",
    )
    session.add(upload)
    # Chunks of an upload nobody finishes would stay on the disk for ever: a job removes them when it expires.
    enqueue(
        session,
        EXPIRE_JOB,
        {"upload_id": upload.id},
        key=f"{EXPIRE_JOB}:{upload.id}",
        delay_seconds=KEEP_UNFINISHED_DAYS * 86400 + 3600,
    )
    return upload.id


def expire_upload(session: Session, upload_id: str) -> bool:
    """Drop an upload still unfinished when the tus server forgot it; True when it was dropped.

    The row is kept, ``rejected`` with a message for the instructor; the caller removes the chunks after the commit.
    """
    upload = session.get(MediaUpload, upload_id)
    if upload is None or upload.status != "uploading":
        return False
    upload.status = "rejected"
    upload.error = UNFINISHED
    upload.updated_at = utcnow()
    session.add(upload)
    return True


def own_upload(session: Session, user_id: int, upload_id: str) -> MediaUpload:
    """The caller's upload ``upload_id``: NotFound when there is none, Forbidden when it is someone else's."""
    upload = session.get(MediaUpload, upload_id) if len(upload_id) <= 64 else None
    if upload is None:
        raise NotFound(UPLOAD_NOT_FOUND)
    if upload.user_id != user_id:
        raise Forbidden(NOT_YOUR_UPLOAD)
    return upload


def video_upload_finished(session: Session, upload_id: str) -> None:
    """The last chunk arrived: mark the upload ``processing`` and queue its check (runs after the commit)."""
    upload = session.get(MediaUpload, upload_id)
    if upload is None or upload.status != "uploading":
        return
    upload.status = "processing"
    upload.updated_at = utcnow()
    session.add(upload)
    enqueue(session, PROCESS_JOB, {"upload_id": upload_id}, key=f"{PROCESS_JOB}:{upload_id}")


def cancel_video_upload(session: Session, user_id: int, upload_id: str) -> None:
    """The owner stops an unfinished upload (tus termination); the caller commits, then removes its chunks.

    Raises:
        NotFound / Forbidden: Not an upload of the caller's.
        Conflict: All of it arrived already (it is being checked, or was).
    """
    upload = own_upload(session, user_id, upload_id)
    if upload.kind != "video":
        raise NotFound(UPLOAD_NOT_FOUND)
    if upload.status != "uploading":
        raise Conflict(ALREADY_COMPLETE)
    upload.status = "rejected"
    upload.error = CANCELLED
    upload.updated_at = utcnow()
    session.add(upload)
