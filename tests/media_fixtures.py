"""Fixtures for media tests: the two storages (a temporary folder, and a bucket on a local S3 server).

The S3 server is moto's server mode on a free local port, started once per test session: the S3 storage talks
to it over HTTP exactly as to a real S3-compatible service, presigned links included.
"""

from __future__ import annotations

import socket
import uuid
from collections.abc import Iterator

import boto3
import pytest

from marketplace.media.local import LocalStorage
from marketplace.media.s3 import S3Storage
from marketplace.media.storage import MediaStorage, use_storage


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """A local S3-compatible server (moto) for the whole session."""
    from moto.server import ThreadedMotoServer

    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


def make_s3_storage(endpoint: str) -> S3Storage:
    """A fresh bucket on the local server, with the client the app would build for it."""
    from marketplace.settings import Settings

    bucket = f"media-{uuid.uuid4().hex[:12]}"
    current = Settings(
        MEDIA_STORAGE="s3",
        S3_BUCKET=bucket,
        S3_ENDPOINT_URL=endpoint,
        S3_REGION="us-east-1",
        S3_ACCESS_KEY_ID="test",
        S3_SECRET_ACCESS_KEY="test",
    )
    storage = S3Storage.from_settings(current)
    boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test"
    ).create_bucket(Bucket=bucket)
    return storage


@pytest.fixture(params=["local", "s3"])
def media_storage(request, tmp_path) -> Iterator[MediaStorage]:
    """Each storage in turn, made the app's media storage for the test."""
    if request.param == "local":
        storage: MediaStorage = LocalStorage(tmp_path / "media")
    else:
        storage = make_s3_storage(request.getfixturevalue("s3_endpoint"))
    use_storage(storage)
    try:
        yield storage
    finally:
        use_storage(None)


@pytest.fixture
def local_media(tmp_path) -> Iterator[LocalStorage]:
    """The local storage in a temporary folder, made the app's media storage for the test."""
    storage = LocalStorage(tmp_path / "media")
    use_storage(storage)
    try:
        yield storage
    finally:
        use_storage(None)
