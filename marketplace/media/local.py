"""Media kept in a local folder (``DATA_DIR/media`` by default): the embedded, zero-setup default."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from marketplace.media.signing import signed_path
from marketplace.media.storage import CHUNK_BYTES, MediaNotFound, check_key


class LocalStorage:
    """A :class:`~marketplace.media.storage.MediaStorage` on the file system under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, key: str) -> Path:
        """Where ``key`` lives on disk."""
        return self.root / check_key(key)

    def _write_atomically(self, target: Path, fill: object) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside the target and renamed into place: a reader never sees half a file.
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".part-")
        try:
            with os.fdopen(fd, "wb") as out:
                fill(out)  # type: ignore[operator]
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    def put_file(self, key: str, path: Path, content_type: str, *, move: bool = False) -> None:
        target = self.path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        if move:
            try:
                os.replace(path, target)  # same file system: instant, whatever the size
                return
            except OSError:
                pass  # another file system: copy, then remove
        with open(path, "rb") as source:
            self._write_atomically(target, lambda out: shutil.copyfileobj(source, out, CHUNK_BYTES))
        if move:
            Path(path).unlink(missing_ok=True)

    def put_bytes(self, key: str, data: bytes, content_type: str) -> None:
        self._write_atomically(self.path(key), lambda out: out.write(data))

    def size(self, key: str) -> int:
        try:
            return self.path(key).stat().st_size
        except FileNotFoundError as exc:
            raise MediaNotFound(key) from exc

    def exists(self, key: str) -> bool:
        return self.path(key).is_file()

    def delete(self, key: str) -> None:
        self.path(key).unlink(missing_ok=True)

    def iter_range(self, key: str, start: int = 0, end: int | None = None) -> Iterator[bytes]:
        path = self.path(key)
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed by the generator below, however it ends
        except FileNotFoundError as exc:
            raise MediaNotFound(key) from exc
        return _read_range(handle, start, end)

    def url_for(self, key: str, seconds: int) -> str:
        return signed_path(check_key(key), seconds)


def _read_range(handle, start: int, end: int | None) -> Iterator[bytes]:  # type: ignore[no-untyped-def]
    with handle:
        handle.seek(start)
        left = None if end is None else end - start + 1
        while left is None or left > 0:
            chunk = handle.read(CHUNK_BYTES if left is None else min(CHUNK_BYTES, left))
            if not chunk:
                return
            if left is not None:
                left -= len(chunk)
            yield chunk
