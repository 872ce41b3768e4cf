"""Course thumbnails: any common image, checked by decoding it, cover-cropped to 16:9 and stored as WebP.

Two sizes are kept (docs/product.md, "Media and uploads"): 640x360 for the course page and cards, 128x72
(``-sm``) for the search suggestions and other small slots. Both are public at ``/api/media/images/...``.
"""

from __future__ import annotations

import io
import uuid

from PIL import Image, ImageOps
from sqlmodel import Session

from marketplace.db.models import MediaUpload
from marketplace.domain.errors import DomainError
from marketplace.domain.pictures import open_picture
from marketplace.domain.studio_access import require_instructor
from marketplace.media.storage import get_storage
from marketplace.settings import settings

SIZES = {"": (640, 360), "-sm": (128, 72)}
IMAGE_ROUTE = "/api/media/images/"
# What phones, cameras and editors save. HEIC is not among them (Pillow cannot read it without a plug-in);
# iPhones hand browsers a JPEG when a picture is chosen in a file input.
FORMATS = {"JPEG", "MPO", "PNG", "WEBP", "GIF", "BMP", "TIFF"}
MAX_PIXELS = 50_000_000  # past a 48 MP phone photo: larger ones are decompression bombs, not thumbnails
NOT_AN_IMAGE = "Please choose an image file (JPEG, PNG, WebP or GIF)."
TOO_MANY_PIXELS = f"The image is too big to use: at most {MAX_PIXELS // 1_000_000} megapixels, please."
ONLY_INSTRUCTORS = "Only instructors can upload course images."


class ImageTooLarge(DomainError):
    """Over MAX_IMAGE_BYTES."""

    status = 413


def too_large_message() -> str:
    """ "The image must be 10 MB or smaller." (with MAX_IMAGE_BYTES)."""
    return f"The image must be {settings.max_image_bytes / 1_000_000:g} MB or smaller."


def image_url(upload_id: str, *, small: bool = False) -> str:
    """The public URL of a stored thumbnail: ``/api/media/images/<id>.webp`` (or ``<id>-sm.webp``)."""
    return f"{IMAGE_ROUTE}{upload_id}{'-sm' if small else ''}.webp"


def small_url(url: str) -> str:
    """The 128x72 variant of one of our thumbnail URLs; any other URL as it is."""
    if url.startswith(IMAGE_ROUTE) and url.endswith(".webp") and not url.endswith("-sm.webp"):
        return url[: -len(".webp")] + "-sm.webp"
    return url


def _decode(data: bytes) -> Image.Image:
    """The first frame of ``data`` as an image, whatever the file was called; DomainError for anything else."""
    return open_picture(
        data,
        formats=FORMATS,
        max_pixels=MAX_PIXELS,
        decode_box=(SIZES[""][0] * 2, SIZES[""][1] * 2),  # a big JPEG decodes at a fraction of its size
        field="file",
        not_an_image=NOT_AN_IMAGE,
        too_many_pixels=TOO_MANY_PIXELS,
    )


def _webp(image: Image.Image, size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    ImageOps.fit(image, size, Image.Resampling.LANCZOS, centering=(0.5, 0.5)).save(out, "WEBP", quality=82, method=4)
    return out.getvalue()


def store_image(session: Session, user_id: int, data: bytes, filename: str) -> MediaUpload:
    """Check an uploaded course image and store it, cover-cropped to 16:9, as two WebP files.

    Args:
        session: The caller's session (the row is added; the caller commits).
        user_id: The instructor uploading it.
        data: The uploaded bytes (the caller reads at most MAX_IMAGE_BYTES + 1).
        filename: As the device named it (kept for the instructor only).

    Returns:
        The ``ready`` MediaUpload (kind ``image``); its URLs are :func:`image_url` of its id.

    Raises:
        Forbidden: The caller is not an instructor.
        ImageTooLarge: Over MAX_IMAGE_BYTES (413).
        DomainError: Not an image we can read, or too many pixels (field ``file``).
    """
    require_instructor(session, user_id, ONLY_INSTRUCTORS)
    if len(data) > settings.max_image_bytes:
        raise ImageTooLarge(too_large_message(), field="file")
    if not data:
        raise DomainError(NOT_AN_IMAGE, field="file")
    image = _decode(data)
    image = ImageOps.exif_transpose(image)  # phone photos are often stored sideways with a rotation tag
    image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P", "PA") else "RGB")
    upload_id = uuid.uuid4().hex
    storage = get_storage()
    for suffix, size in SIZES.items():
        storage.put_bytes(f"images/{upload_id}{suffix}.webp", _webp(image, size), "image/webp")
    upload = MediaUpload(
        id=upload_id,
        user_id=user_id,
        kind="image",
        filename=filename[:255],
        content_type="image/webp",
        size_bytes=len(data),
        storage_key=f"images/{upload_id}.webp",
        status="ready",
    )
    session.add(upload)
    return upload
