"""API routes: course media. Thumbnails are public; lesson videos need a short-lived signed link.

Registered before the profile router, whose ``/media/{path}`` serves avatars from the same folder: these
paths are answered here first (and that route refuses the videos folder outright).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response, StreamingResponse

from marketplace.api.deps import CommitOnReturnRoute
from marketplace.api.errors import ErrorBody
from marketplace.domain.errors import Forbidden, NotFound
from marketplace.media.local import LocalStorage
from marketplace.media.serving import VIDEO_TYPES, RangeNotSatisfiable, parse_range, stream
from marketplace.media.signing import check_signature
from marketplace.media.storage import MediaNotFound, get_storage

router = APIRouter(tags=["media"], route_class=CommitOnReturnRoute)

_IMAGE_NAME = re.compile(r"^[0-9a-f]{32}(-sm)?\.webp$")
_VIDEO_NAME = re.compile(r"^[0-9a-f]{32}\.(mp4|webm|mov)$")
BAD_LINK = "This video link has expired or is not valid. Reload the page to watch."
NOT_FOUND = "File not found"
_RANGE_ERROR: dict[int | str, dict[str, Any]] = {
    416: {"model": ErrorBody, "description": "The Range header asks for bytes the file does not have."}
}


@router.get(
    "/media/images/{name}",
    response_class=StreamingResponse,
    responses={200: {"description": "The WebP image", "content": {"image/webp": {}}}},
)
def image(name: Annotated[str, Path(max_length=60)]) -> StreamingResponse:
    """A course image (``<id>.webp`` 640x360 or ``<id>-sm.webp`` 128x72), from the local folder or the bucket.

    Streamed through the app on S3 too, rather than redirected to a presigned link: the URL stays the same, so
    browsers and any CDN in front cache it for a year (a new upload gets a new id), and a thumbnail is a few KB.
    """
    if not _IMAGE_NAME.match(name):
        raise NotFound(NOT_FOUND)
    key = f"images/{name}"
    storage = get_storage()
    try:
        size = storage.size(key)
        body = storage.iter_range(key)
    except MediaNotFound as exc:
        raise NotFound(NOT_FOUND) from exc
    return StreamingResponse(
        body,
        media_type="image/webp",
        headers={
            "Content-Length": str(size),
            "Cache-Control": "public, max-age=31536000, immutable",
            "X-Content-Type-Options": "nosniff",
        },
    )


@router.get(
    "/media/videos/{name}",
    response_class=StreamingResponse,
    responses={
        200: {"description": "The whole video", "content": {"video/mp4": {}, "video/webm": {}}},
        206: {"description": "The asked byte range of the video", "content": {"video/mp4": {}, "video/webm": {}}},
        302: {"description": "On S3 storage: the presigned link to the bucket"},
        **_RANGE_ERROR,
    },
)
def video(
    name: Annotated[str, Path(max_length=60)],
    request: Request,
    exp: Annotated[str, Query(max_length=20)] = "",
    sig: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    """A lesson video by signed link (``?exp=…&sig=…`` from the player), with HTTP range requests for seeking.

    403 for a forged or expired link; 206 with ``Content-Range`` for a range, 416 for one past the end.
    """
    if not _VIDEO_NAME.match(name):
        raise NotFound(NOT_FOUND)
    key = f"videos/{name}"
    left = check_signature(key, exp, sig)
    if left is None:
        raise Forbidden(BAD_LINK)
    storage = get_storage()
    if not isinstance(storage, LocalStorage):
        # The bucket serves ranges itself: the viewer fetches from it directly for the rest of the link's life.
        return RedirectResponse(storage.url_for(key, left), status_code=302)
    try:
        size = storage.size(key)
    except MediaNotFound as exc:
        raise NotFound(NOT_FOUND) from exc
    content_type = VIDEO_TYPES[name.rsplit(".", 1)[-1]]
    headers = {
        "Accept-Ranges": "bytes",
        # Private: the link is personal; the browser may keep what it fetched while the link lasts.
        "Cache-Control": f"private, max-age={left}",
        "X-Content-Type-Options": "nosniff",
    }
    try:
        byte_range = parse_range(request.headers.get("range"), size)
    except RangeNotSatisfiable:
        return JSONResponse(
            {"message": "The requested range is not in this video."},
            status_code=416,
            headers={**headers, "Content-Range": f"bytes */{size}"},
        )
    if byte_range is None:
        return StreamingResponse(
            stream(key, None), media_type=content_type, headers={**headers, "Content-Length": str(size)}
        )
    return StreamingResponse(
        stream(key, byte_range),
        status_code=206,
        media_type=content_type,
        headers={**headers, "Content-Length": str(byte_range.length), "Content-Range": byte_range.content_range},
    )
