"""The studio's curriculum: lessons added, renamed, reordered and removed, their videos, and the course thumbnail.

Each change keeps the course's figures in step (``lectures`` = the number of lessons, ``hours`` = their total
length rounded up) and its ``updated_at``; positions stay 0, 1, 2... (docs/product.md, "Instructor studio").
Import these through :mod:`marketplace.domain.studio`.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from sqlmodel import Session, select

from marketplace.db.models import Course, MediaUpload, Section
from marketplace.domain.errors import DomainError, Forbidden, NotFound
from marketplace.domain.media_release import DELETED, release, thumbnail_upload
from marketplace.domain.studio_access import (
    READY,
    draft_of,
    owned_course,
    owned_section,
    renumber,
    sections_of,
    touch,
)
from marketplace.shapes.studio import CourseDraft, SectionChanges

MAX_LESSON_TITLE = 200
MAX_DURATION_SECONDS = 86_400
UPLOAD_NOT_FOUND = "Upload not found"
NOT_YOUR_UPLOAD = "You can only use your own uploads."
NOT_YOUTUBE = "Paste a YouTube link: youtube.com/watch?v=..., youtu.be/... or youtube.com/embed/..."
# The form demo sections keep and the player embeds (marketplace.domain.video.youtube_embed_url).
YOUTUBE_WATCH = "https://www.youtube.com/watch?v="
_VIDEO_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_WATCH_HOSTS = {"youtube.com", "www.youtube.com", "m.youtube.com"}
_EMBED_HOSTS = _WATCH_HOSTS | {"youtube-nocookie.com", "www.youtube-nocookie.com"}
_SHORT_HOSTS = {"youtu.be", "www.youtu.be"}


def normalize_youtube(link: str) -> str | None:
    """``https://www.youtube.com/watch?v=ID`` for a watch, youtu.be or embed link (scheme optional); else None."""
    text = link.strip()
    if not re.match(r"^https?://", text, re.IGNORECASE):
        if "://" in text:
            return None
        text = "https://" + text.lstrip("/")
    try:
        parts = urlsplit(text)
    except ValueError:  # e.g. an unclosed "[" where an IPv6 host would be
        return None
    host = (parts.hostname or "").lower()
    path = [p for p in parts.path.split("/") if p]
    if host in _WATCH_HOSTS and path == ["watch"]:
        candidate = parse_qs(parts.query).get("v", [""])[0]
    elif host in _SHORT_HOSTS and len(path) == 1:
        candidate = path[0]
    elif host in _EMBED_HOSTS and len(path) == 2 and path[0] == "embed":
        candidate = path[1]
    else:
        return None
    return YOUTUBE_WATCH + candidate if _VIDEO_ID.match(candidate) else None


def lesson_title(value: str | None) -> str:
    """A trimmed lesson title of 1 to 200 characters."""
    title = " ".join((value or "").split())
    if not title:
        raise DomainError("Give the lesson a title.", field="title")
    if len(title) > MAX_LESSON_TITLE:
        raise DomainError(f"A lesson title can be at most {MAX_LESSON_TITLE} characters.", field="title")
    return title


def _duration(value: int | None) -> int:
    seconds = int(value or 0)
    if not 0 <= seconds <= MAX_DURATION_SECONDS:
        raise DomainError(
            f"A lesson's duration must be 0 to {MAX_DURATION_SECONDS:,} seconds (24 hours).", field="durationSeconds"
        )
    return seconds


def _recount(session: Session, course: Course) -> None:
    """Positions renumbered, the lesson count and hours recounted, the course touched."""
    assert course.id is not None
    session.flush()
    sections = sections_of(session, course.id)
    renumber(session, sections)
    touch(session, course, sections)


def _changed(session: Session, course: Course) -> CourseDraft:
    """:func:`_recount`, then the editor's new view."""
    _recount(session, course)
    return draft_of(session, course)


def add_section(session: Session, user_id: int, course_id: int, title: str) -> CourseDraft:
    """A new lesson at the end of the course, with no video yet."""
    course = owned_course(session, user_id, course_id)
    assert course.id is not None
    position = len(sections_of(session, course.id))
    session.add(Section(course_id=course.id, title=lesson_title(title), position=position))
    return _changed(session, course)


def update_section(session: Session, user_id: int, section_id: int, changes: SectionChanges) -> CourseDraft:
    """Save the fields given: title, preview flag, YouTube link ("" removes it), duration in seconds.

    A YouTube link replaces an uploaded video (a lesson plays one video); an upload replaces a link
    (:func:`attach_video`).
    """
    section, course = owned_section(session, user_id, section_id)
    given = changes.model_fields_set
    if "title" in given:
        section.title = lesson_title(changes.title)
    if "is_preview" in given:
        section.is_preview = bool(changes.is_preview)
    if "video_url" in given:
        link = (changes.video_url or "").strip()
        if link:
            normalized = normalize_youtube(link)
            if normalized is None:
                raise DomainError(NOT_YOUTUBE, field="videoUrl")
            replaced = section.video_upload_id
            section.video_url, section.video_upload_id, section.video_file = normalized, None, ""
            release(session, [replaced, *_forget_uploads(session, section)])
        else:
            section.video_url = ""
    if "duration_seconds" in given:
        section.duration_seconds = _duration(changes.duration_seconds)
    session.add(section)
    return _changed(session, course)


def _forget_uploads(session: Session, section: Section) -> list[str]:
    """The link is the instructor's newest choice: uploads sent for the lesson before it no longer belong to it,
    so one still being checked does not replace the link when it is accepted, nor shows in the editor.
    Returns their ids, to release (one still being checked is released when it is accepted, media/videos.py)."""
    query = select(MediaUpload).where(MediaUpload.section_id == section.id)
    forgotten = []
    for upload in session.exec(query).all():
        upload.section_id = None
        session.add(upload)
        forgotten.append(upload.id)
    return forgotten


def move_section(session: Session, user_id: int, section_id: int, offset: int) -> CourseDraft:
    """Move a lesson ``offset`` places (-1 up, +1 down); past either end it stops there."""
    section, course = owned_section(session, user_id, section_id)
    assert course.id is not None
    sections = sections_of(session, course.id)
    index = sections.index(section)
    target = min(max(index + int(offset), 0), len(sections) - 1)
    sections.insert(target, sections.pop(index))
    renumber(session, sections)
    return _changed(session, course)


def remove_section(session: Session, user_id: int, section_id: int) -> CourseDraft:
    """Delete a lesson (its learners' progress and questions on it go with it); the rest close up."""
    section, course = owned_section(session, user_id, section_id)
    release(session, [section.video_upload_id, *_forget_uploads(session, section)])
    session.delete(section)
    return _changed(session, course)


def _own_upload(session: Session, user_id: int, upload_id: str, kind: str, field: str) -> MediaUpload:
    # Locked until the change commits, so the job removing unused media waits and then sees it used
    # (marketplace.domain.media_release.claim_unused), or has marked it deleted and it is refused here.
    upload = session.get(MediaUpload, upload_id, with_for_update=True, populate_existing=True) if upload_id else None
    if upload is None or upload.status == DELETED:
        raise NotFound(UPLOAD_NOT_FOUND)
    if upload.user_id != user_id:
        raise Forbidden(NOT_YOUR_UPLOAD)
    if upload.kind != kind:
        what = "an image" if kind == "image" else "a video"
        raise DomainError(f"That upload is not {what}.", field=field)
    if upload.status != READY:
        raise DomainError(upload.error or "That upload is not ready yet.", field=field)
    return upload


def set_thumbnail(session: Session, user_id: int, course_id: int, upload_id: str) -> CourseDraft:
    """Make one of the caller's accepted images the course's thumbnail (served as WebP by the media routes)."""
    course = owned_course(session, user_id, course_id)
    upload = _own_upload(session, user_id, upload_id, "image", "thumbnail")
    replaced = thumbnail_upload(course.thumbnail)
    course.thumbnail = f"/api/media/images/{upload.id}.webp"
    if replaced != upload.id:
        release(session, [replaced])
    touch(session, course)
    return draft_of(session, course)


def attach_video(session: Session, user_id: int, section_id: int, upload_id: str) -> None:
    """Make an accepted uploaded video the lesson's video, with its probed length (the upload job calls this)."""
    section, course = owned_section(session, user_id, section_id)
    upload = _own_upload(session, user_id, upload_id, "video", "video")
    if section.video_upload_id != upload.id:
        release(session, [section.video_upload_id])
    section.video_upload_id, section.video_url, section.video_file = upload.id, "", ""
    section.duration_seconds = min(max(upload.duration_seconds, 0), MAX_DURATION_SECONDS)
    session.add(section)
    _recount(session, course)
