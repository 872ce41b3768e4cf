"""Profile pictures: checked by their content, stored as a 256x256 WebP square under the media folder."""

from __future__ import annotations

import logging
import secrets
from pathlib import Path

from PIL import Image, ImageOps

from marketplace.domain.errors import DomainError
from marketplace.domain.pictures import open_picture
from marketplace.settings import settings

log = logging.getLogger(__name__)

AVATAR_SIZE = 256
AVATAR_FOLDER = "avatars"
MEDIA_URL = "/api/media"
ALLOWED_FORMATS = {"PNG", "JPEG", "WEBP", "GIF"}
# More pixels than a phone camera saves by default (12 to 24 MP); larger "images" are decompression bombs or
# would need hundreds of megabytes to decode on a 2 GB server.
MAX_PIXELS = 25_000_000
NOT_AN_IMAGE = "Please choose an image file (PNG, JPEG, WebP or GIF)."
TOO_MANY_PIXELS = f"The picture is too big to use: at most {MAX_PIXELS // 1_000_000} megapixels, please."


def too_large_message() -> str:
    """The message for a picture over the size limit, e.g. "The picture must be 2 MB or smaller."."""
    return f"The picture must be {settings.max_picture_bytes / 1_000_000:g} MB or smaller."


def _open_checked(data: bytes) -> Image.Image:
    """Open ``data`` as an image of an allowed format, whatever the file was named; refuse anything else."""
    return open_picture(
        data,
        formats=ALLOWED_FORMATS,
        max_pixels=MAX_PIXELS,
        decode_box=(AVATAR_SIZE * 2, AVATAR_SIZE * 2),  # a 24 MP JPEG decodes in ~1/16 of the memory
        field="profilePicture",
        not_an_image=NOT_AN_IMAGE,
        too_many_pixels=TOO_MANY_PIXELS,
    )


def _square(image: Image.Image) -> Image.Image:
    image = ImageOps.exif_transpose(image)  # phone photos are often stored sideways with a rotation tag
    image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P", "PA") else "RGB")
    return ImageOps.fit(image, (AVATAR_SIZE, AVATAR_SIZE), Image.Resampling.LANCZOS)


def avatar_path(url: str) -> Path | None:
    """The file behind an avatar URL we stored, or None for anything else (an outside link, empty)."""
    prefix = f"{MEDIA_URL}/{AVATAR_FOLDER}/"
    if not url.startswith(prefix):
        return None
    name = url[len(prefix) :]
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    return settings.media_dir / AVATAR_FOLDER / name


def save_avatar(user_id: int, data: bytes) -> str:
    """Check an uploaded picture and store it as the user's avatar.

    Args:
        user_id: Whose picture it is (part of the file name).
        data: The uploaded bytes.

    Returns:
        The URL to keep in ``User.profile_picture``: ``/api/media/avatars/<user id>-<random>.webp``.

    Raises:
        DomainError: Too large, or not a PNG, JPEG, WebP or GIF image (field ``profilePicture``).
    """
    if len(data) > settings.max_picture_bytes:
        raise DomainError(too_large_message(), field="profilePicture")
    square = _square(_open_checked(data))
    folder = settings.media_dir / AVATAR_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    # A fresh random name per upload: the URL can be cached forever and is not guessable from the user id alone.
    name = f"{user_id}-{secrets.token_hex(8)}.webp"
    square.save(folder / name, "WEBP", quality=85, method=4)
    return f"{MEDIA_URL}/{AVATAR_FOLDER}/{name}"


def delete_avatar(url: str) -> None:
    """Remove a replaced avatar file we stored; outside links and missing files are left alone."""
    path = avatar_path(url)
    if path is None:
        return
    try:
        path.unlink(missing_ok=True)
    except OSError:
        log.warning("Could not delete the old avatar %s", path, exc_info=True)
