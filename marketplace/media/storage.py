"""One interface for stored media, whichever place keeps it (docs/product.md, "Media and uploads").

Keys are relative paths such as ``videos/<upload id>.mp4`` or ``images/<upload id>.webp``. The local folder
(``DATA_DIR/media``) is the default; ``MEDIA_STORAGE=s3`` keeps them in an S3-compatible bucket.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

from marketplace.settings import Settings, settings

CHUNK_BYTES = 256 * 1024  # one read while streaming: small enough for many viewers at once, big enough to be cheap
_KEY = re.compile(r"^[A-Za-z0-9_-]+(/[A-Za-z0-9_.-]+)+$")


class MediaNotFound(LookupError):
    """No stored object under that key."""


def check_key(key: str) -> str:
    """``key`` when it is a plain relative path of safe names (no ``..``, no leading slash), else ValueError."""
    if not _KEY.match(key) or any(part in ("", ".", "..") or part.startswith(".") for part in key.split("/")):
        msg = f"Not a media key: {key!r}"
        raise ValueError(msg)
    return key


@runtime_checkable
class MediaStorage(Protocol):
    """Where media lives. Every method takes a key made by our code (checked with :func:`check_key`)."""

    def put_file(self, key: str, path: Path, content_type: str, *, move: bool = False) -> None:
        """Store the local file ``path`` under ``key`` (``move``: the file is ours to take; it is gone after)."""

    def put_bytes(self, key: str, data: bytes, content_type: str) -> None:
        """Store ``data`` under ``key``."""

    def size(self, key: str) -> int:
        """The stored object's length in bytes; MediaNotFound when there is none."""

    def exists(self, key: str) -> bool:
        """Whether something is stored under ``key``."""

    def delete(self, key: str) -> None:
        """Remove the object (nothing happens when it is already gone)."""

    def iter_range(self, key: str, start: int = 0, end: int | None = None) -> Iterator[bytes]:
        """The bytes ``start``..``end`` (inclusive; ``None``: to the end) in chunks, never all at once."""

    def url_for(self, key: str, seconds: int) -> str:
        """A link that fetches the object for ``seconds``: a presigned GET (S3) or our own signed link (local)."""


def read_all(storage: MediaStorage, key: str) -> bytes:
    """The whole object (for small ones only: thumbnails)."""
    return b"".join(storage.iter_range(key))


def build_storage(current: Settings) -> MediaStorage:
    """The storage ``current`` names: the local media folder or the S3 bucket."""
    if current.media_storage == "s3":
        from marketplace.media.s3 import S3Storage

        return S3Storage.from_settings(current)
    from marketplace.media.local import LocalStorage

    return LocalStorage(current.media_dir)


@functools.cache
def _default() -> MediaStorage:
    return build_storage(settings)


_override: list[MediaStorage] = []


def get_storage() -> MediaStorage:
    """The app's media storage (tests may put another in place with :func:`use_storage`)."""
    return _override[-1] if _override else _default()


def use_storage(storage: MediaStorage | None) -> None:
    """Make ``storage`` the app's media storage (``None``: back to the configured one). For tests."""
    _override.clear()
    if storage is not None:
        _override.append(storage)
