"""Opening an uploaded picture safely: by what the bytes are, not what the file is called, within a pixel budget.

Profile pictures (:mod:`marketplace.domain.avatars`) and course images (:mod:`marketplace.media.images`) both
come from people's devices; each passes its own formats, limits and words, and this one check refuses the rest.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Collection

from PIL import Image, UnidentifiedImageError

from marketplace.domain.errors import DomainError


def open_picture(
    data: bytes,
    *,
    formats: Collection[str],
    max_pixels: int,
    decode_box: tuple[int, int],
    field: str,
    not_an_image: str,
    too_many_pixels: str,
) -> Image.Image:
    """The first frame of ``data``, decoded; DomainError(``field``) with the given words for anything else.

    Args:
        data: The uploaded bytes.
        formats: Pillow's names of the formats taken (``{"PNG", "JPEG"}``).
        max_pixels: More pixels than this is a decompression bomb, not a picture (checked before decoding).
        decode_box: A JPEG is decoded straight at the smallest scale still covering this box (far less memory).
        field: The form field the message belongs to.
        not_an_image: The words for a file that is not one of ``formats`` or is broken.
        too_many_pixels: The words for a picture over ``max_pixels``.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            probe = Image.open(io.BytesIO(data))
            if probe.format not in formats:
                raise DomainError(not_an_image, field=field)
            if probe.width * probe.height > max_pixels:
                raise DomainError(too_many_pixels, field=field)
            probe.verify()  # the structure, without decoding; the object is spent afterwards
            image = Image.open(io.BytesIO(data))
            image.draft("RGB", decode_box)
            image.seek(0)  # a GIF or a multi-page TIFF: its first frame
            image.load()
    except DomainError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning, OSError) as exc:
        raise DomainError(not_an_image, field=field) from exc
    except (ValueError, SyntaxError, EOFError) as exc:  # Pillow reports some broken files this way
        raise DomainError(not_an_image, field=field) from exc
    return image
