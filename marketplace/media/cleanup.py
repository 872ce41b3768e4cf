"""Removing an upload's files from media storage once nothing uses it (the ``media.release`` job).

Which uploads are unused is the domain's rule (:mod:`marketplace.domain.media_release`); this module knows where
each kind keeps its files: an image at ``images/<id>.webp`` and ``images/<id>-sm.webp``, a video at its
``storage_key`` (``videos/<id>.<ext>``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from sqlmodel import Session

from marketplace.db.models import MediaUpload
from marketplace.domain.media_release import claim_unused
from marketplace.media.images import SIZES
from marketplace.media.storage import check_key, get_storage


def stored_keys(upload: MediaUpload) -> list[str]:
    """Every key the upload's files may be stored under."""
    keys = {upload.storage_key} if upload.storage_key else set()
    if upload.kind == "image":
        keys |= {f"images/{upload.id}{suffix}.webp" for suffix in SIZES}
    return sorted(check_key(key) for key in keys)


def remove_if_unused(session_factory: Callable[[], AbstractContextManager[Session]], upload_id: str) -> bool:
    """The job: when nothing uses the upload, mark it ``deleted`` (committed first), then delete its files.

    Idempotent: a rerun finds the row marked and deletes again, and deleting a missing file does nothing. A
    storage error raises after the mark is committed, so the job's retry finishes the removal.

    Returns:
        Whether the upload's files were removed.
    """
    with session_factory() as session:
        upload = claim_unused(session, upload_id)
        keys = stored_keys(upload) if upload is not None else []
    storage = get_storage()
    for key in keys:
        storage.delete(key)
    return upload is not None
