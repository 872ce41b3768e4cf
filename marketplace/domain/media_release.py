"""Uploaded media that nothing uses any more leaves the media storage (docs/product.md, "Media and uploads").

A change that stops using an upload (a lesson or a course deleted, a lesson's video replaced by another upload or
a YouTube link, a course's thumbnail replaced) calls :func:`release` inside its own transaction, so the job is
saved if and only if the change is, and runs after the commit. The job looks again before removing anything
(:func:`claim_unused`): by then the same upload may be used elsewhere, or again. The row stays, marked
``deleted``, so the instructor's history of uploads stays whole (nothing else points at uploads).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from sqlmodel import Session, col, select

from marketplace.db.models import Course, MediaUpload, Section
from marketplace.db.models._base import utcnow
from marketplace.jobs.queue import enqueue

RELEASE_JOB = "media.release"  # run by marketplace/jobs/tasks.py: marketplace.media.cleanup.remove_if_unused
READY = "ready"
DELETED = "deleted"
# A course thumbnail we serve: /api/media/images/<upload id>.webp (marketplace.media.images.image_url).
_OUR_IMAGE = re.compile(r"/api/media/images/([A-Za-z0-9-]{1,64}?)(?:-sm)?\.webp$")


def thumbnail_upload(url: str | None) -> str | None:
    """The upload id of one of our thumbnail URLs; None for any other picture (a link, a seeded file, none)."""
    found = _OUR_IMAGE.search((url or "").strip())
    return found.group(1) if found else None


def release(session: Session, upload_ids: Iterable[str | None]) -> None:
    """Queue, in the caller's transaction, a check of each upload that the change stopped using.

    A fresh job each time (no fixed key): an upload used again after an earlier release may be released again.
    """
    for upload_id in sorted({u for u in upload_ids if u}):
        enqueue(session, RELEASE_JOB, {"upload_id": upload_id})


def in_use(session: Session, upload_id: str) -> bool:
    """Whether a lesson plays the upload or a course shows it as its thumbnail (either size of it)."""
    lesson = select(Section.id).where(Section.video_upload_id == upload_id).limit(1)
    if session.exec(lesson).first() is not None:
        return True
    course = select(Course.id).where(col(Course.thumbnail).contains(upload_id, autoescape=True)).limit(1)
    return session.exec(course).first() is not None


def claim_unused(session: Session, upload_id: str) -> MediaUpload | None:
    """Mark the upload ``deleted`` when nothing uses it; the row whose files must go, or None to keep them.

    The row is locked first (``FOR UPDATE`` on PostgreSQL; SQLite's write transaction holds the whole database),
    and the studio locks it too before using an upload, so an upload is never both used again and deleted.
    A row marked by an earlier run is returned again (its files may not all have gone then). Uploads still
    uploading or being checked are left to their own jobs, and rejected ones have nothing stored.
    """
    upload = session.get(MediaUpload, upload_id, with_for_update=True, populate_existing=True)
    if upload is None:
        return None
    if upload.status == DELETED:
        return upload
    if upload.status != READY or in_use(session, upload_id):
        return None
    upload.status = DELETED
    upload.section_id = None  # no longer reported as the lesson's newest upload
    upload.updated_at = utcnow()
    session.add(upload)
    return upload
