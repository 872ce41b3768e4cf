"""The media storage: the same tests pass on the local folder and on an S3-compatible server (moto)."""

from __future__ import annotations

import time
import uuid

import httpx
import pytest
from fastapi.testclient import TestClient

from marketplace.api.app import create_api
from marketplace.media.local import LocalStorage
from marketplace.media.storage import MediaNotFound, check_key, read_all
from tests import media_fixtures

# Fixtures shared with the other media tests.
media_storage = media_fixtures.media_storage
s3_endpoint = media_fixtures.s3_endpoint

DATA = bytes(range(256)) * 4000  # 1,024,000 bytes: several read chunks, every byte value


def _key() -> str:
    return f"videos/{uuid.uuid4().hex}.mp4"


def _fetch(url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    """GET a link as a browser would: our own route for a local link, the S3 server for a presigned one."""
    if url.startswith("/"):
        with TestClient(create_api()) as client:
            return client.get(url, headers=headers or {})
    return httpx.get(url, headers=headers or {}, timeout=10)


def test_a_stored_file_has_its_size_and_its_bytes(media_storage, tmp_path):
    source = tmp_path / "clip.mp4"
    source.write_bytes(DATA)
    key = _key()
    assert not media_storage.exists(key)
    media_storage.put_file(key, source, "video/mp4")
    assert media_storage.exists(key)
    assert media_storage.size(key) == len(DATA)
    assert read_all(media_storage, key) == DATA
    assert source.exists()  # copied, not taken


def test_moving_a_file_in_takes_it(media_storage, tmp_path):
    source = tmp_path / "clip.mp4"
    source.write_bytes(DATA)
    key = _key()
    media_storage.put_file(key, source, "video/mp4", move=True)
    assert not source.exists()
    assert read_all(media_storage, key) == DATA


@pytest.mark.parametrize(("start", "end"), [(0, 0), (10, 99), (300_000, 700_001), (1_023_990, None)])
def test_a_byte_range_reads_exactly_those_bytes(media_storage, start, end):
    key = _key()
    media_storage.put_bytes(key, DATA, "video/mp4")
    got = b"".join(media_storage.iter_range(key, start, end))
    assert got == DATA[start : (None if end is None else end + 1)]


def test_a_missing_key_is_not_found(media_storage):
    key = _key()
    with pytest.raises(MediaNotFound):
        media_storage.size(key)
    with pytest.raises(MediaNotFound):
        media_storage.iter_range(key)


def test_delete_removes_it_and_deleting_twice_is_harmless(media_storage):
    key = _key()
    media_storage.put_bytes(key, b"abc", "video/mp4")
    media_storage.delete(key)
    assert not media_storage.exists(key)
    media_storage.delete(key)


def test_the_signed_link_fetches_the_file_and_a_range_of_it(media_storage):
    key = _key()
    media_storage.put_bytes(key, DATA, "video/mp4")
    url = media_storage.url_for(key, 60)
    whole = _fetch(url)
    assert whole.status_code == 200
    assert whole.content == DATA
    part = _fetch(url, {"Range": "bytes=1000-1999"})
    assert part.status_code == 206
    assert part.content == DATA[1000:2000]
    assert part.headers["content-range"] == f"bytes 1000-1999/{len(DATA)}"


def test_the_link_is_short_lived_and_bound_to_its_file(media_storage):
    key = _key()
    media_storage.put_bytes(key, DATA, "video/mp4")
    url = media_storage.url_for(key, 60)
    if isinstance(media_storage, LocalStorage):
        other = _key()
        media_storage.put_bytes(other, b"secret", "video/mp4")
        forged = url.replace(key.split("/")[-1], other.split("/")[-1])
        assert _fetch(forged).status_code == 403
        assert _fetch(url.replace("sig=", "sig=x")).status_code == 403
    else:
        # The bucket checks its own presigned links (moto does not, so only their form is checked here).
        assert "X-Amz-Expires=60" in url
        assert "X-Amz-Signature=" in url


def test_keys_must_be_plain_relative_paths():
    for bad in ("../etc/passwd", "/abs/path", "videos/../x", "videos/.hidden", "videos", "a//b", ""):
        with pytest.raises(ValueError):
            check_key(bad)
    assert check_key("images/abc-sm.webp") == "images/abc-sm.webp"


def test_an_expired_local_link_is_refused(tmp_path, monkeypatch):
    storage = LocalStorage(tmp_path)
    from marketplace.media.storage import use_storage

    use_storage(storage)
    try:
        key = _key()
        storage.put_bytes(key, DATA, "video/mp4")
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() - 3600)
        url = storage.url_for(key, 60)  # made an hour ago, good for a minute
        monkeypatch.setattr(time, "time", real)
        assert _fetch(url).status_code == 403
    finally:
        use_storage(None)


def test_s3_storage_without_a_bucket_is_refused_at_start():
    from pydantic import ValidationError

    from marketplace.media.storage import build_storage
    from marketplace.settings import Settings

    with pytest.raises(ValidationError, match="S3_BUCKET is not set"):
        Settings(MEDIA_STORAGE="s3")
    assert isinstance(build_storage(Settings()), LocalStorage)
