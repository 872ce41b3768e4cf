"""Media kept in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces): production's choice.

boto3 does the work: multipart upload for big videos, ranged GETs for streaming, presigned GET links so the
viewer's browser fetches a lesson straight from the bucket (seeking included) without passing through the app.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError

from marketplace.media.storage import CHUNK_BYTES, MediaNotFound, check_key
from marketplace.settings import Settings

# 16 MB parts: a 2 GB video is 128 parts, well under S3's 10,000, and a failed part costs little to send again.
_TRANSFER = TransferConfig(multipart_threshold=16 * 1024**2, multipart_chunksize=16 * 1024**2)


def _missing(error: ClientError) -> bool:
    code = str(error.response.get("Error", {}).get("Code", ""))
    return code in ("404", "NoSuchKey", "NotFound")


class S3Storage:
    """A :class:`~marketplace.media.storage.MediaStorage` in one bucket."""

    def __init__(self, bucket: str, client: Any) -> None:
        self.bucket = bucket
        self.client = client

    @classmethod
    def from_settings(cls, current: Settings) -> S3Storage:
        """The bucket and credentials of S3_BUCKET, S3_ENDPOINT_URL, S3_REGION and the two keys."""
        if not current.s3_bucket:
            msg = "MEDIA_STORAGE is 's3' but S3_BUCKET is not set."
            raise RuntimeError(msg)
        client = boto3.client(
            "s3",
            endpoint_url=current.s3_endpoint_url or None,
            region_name=current.s3_region or None,
            aws_access_key_id=current.s3_access_key_id or None,
            aws_secret_access_key=current.s3_secret_access_key or None,
            # Signature v4 everywhere (R2 and MinIO need it); path-style addressing for custom endpoints, whose
            # host names rarely have a wildcard certificate for bucket sub-domains.
            config=Config(
                signature_version="s3v4",
                s3={"addressing_style": "path" if current.s3_endpoint_url else "auto"},
                retries={"max_attempts": 5, "mode": "standard"},
            ),
        )
        return cls(current.s3_bucket, client)

    def put_file(self, key: str, path: Path, content_type: str, *, move: bool = False) -> None:
        self.client.upload_file(
            str(path), self.bucket, check_key(key), ExtraArgs={"ContentType": content_type}, Config=_TRANSFER
        )
        if move:
            Path(path).unlink(missing_ok=True)

    def put_bytes(self, key: str, data: bytes, content_type: str) -> None:
        self.client.put_object(Bucket=self.bucket, Key=check_key(key), Body=data, ContentType=content_type)

    def size(self, key: str) -> int:
        try:
            head = self.client.head_object(Bucket=self.bucket, Key=check_key(key))
        except ClientError as exc:
            if _missing(exc):
                raise MediaNotFound(key) from exc
            raise
        return int(head["ContentLength"])

    def exists(self, key: str) -> bool:
        try:
            self.size(key)
        except MediaNotFound:
            return False
        return True

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=check_key(key))  # S3 answers 204 for a missing key too

    def iter_range(self, key: str, start: int = 0, end: int | None = None) -> Iterator[bytes]:
        extra = {"Range": f"bytes={start}-{'' if end is None else end}"} if start or end is not None else {}
        try:
            body = self.client.get_object(Bucket=self.bucket, Key=check_key(key), **extra)["Body"]
        except ClientError as exc:
            if _missing(exc):
                raise MediaNotFound(key) from exc
            raise
        return _chunks(body)

    def url_for(self, key: str, seconds: int) -> str:
        return str(
            self.client.generate_presigned_url(
                "get_object", Params={"Bucket": self.bucket, "Key": check_key(key)}, ExpiresIn=seconds
            )
        )


def _chunks(body: Any) -> Iterator[bytes]:
    try:
        yield from body.iter_chunks(CHUNK_BYTES)
    finally:
        body.close()
