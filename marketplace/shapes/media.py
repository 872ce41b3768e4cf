"""What the upload and media routes answer (docs/product.md, "Media and uploads")."""

from __future__ import annotations

from marketplace.shapes.base import Shape


class UploadStatus(Shape):
    """Where a lesson-video upload stands: uploading, processing (being checked), ready, rejected (``error``) or
    deleted (nothing used it any more: its files were removed)."""

    id: str
    status: str
    error: str = ""
    duration_seconds: int = 0
    size_bytes: int = 0


class ImageUploaded(Shape):
    """A stored course image: its upload id and its two public URLs (640x360 and 128x72 WebP)."""

    id: str
    url: str
    small_url: str
    size_bytes: int = 0
