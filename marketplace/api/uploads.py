"""API routes: resumable lesson-video uploads (tus at /api/uploads/videos), their status, and course images.

The tus protocol (https://tus.io) is served by tuspyserver; tus-js-client talks to it from the studio. Every
tus request carries ``Authorization: Bearer <token>`` and must come from a signed-in instructor; a request about
an existing upload must come from its owner. The rules themselves live in :mod:`marketplace.media.uploads`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Depends, File, Path, Request, Response, UploadFile
from tuspyserver import create_tus_router

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.domain.errors import DomainError, NotFound
from marketplace.media import images
from marketplace.media import uploads as rules
from marketplace.media.videos import forget_incoming
from marketplace.settings import settings
from marketplace.shapes.media import ImageUploaded, UploadStatus

router = APIRouter(tags=["uploads"], route_class=CommitOnReturnRoute)
NO_CREATION_DATA = "Send the video's bytes in PATCH requests after creating the upload."
NO_CONCATENATION = "Uploads in parallel parts are not supported."


def _tus_caller(request: Request, user: CurrentUser, session: SessionDep) -> int:
    """The signed-in instructor behind a tus request; for an existing upload, its owner only.

    It runs before any chunk is written: tuspyserver writes a PATCH body while resolving its dependencies, and
    ``file_dep`` (which depends on this) comes first among them.
    """
    user_id = user.id or 0
    try:
        rules.require_instructor_user(session, user_id)
        upload_id = request.path_params.get("uuid")
        if upload_id is not None:
            upload = rules.own_upload(session, user_id, str(upload_id))
            if upload.kind != "video":
                raise NotFound(rules.UPLOAD_NOT_FOUND)
    finally:
        session.commit()  # end the read now: a chunk may take minutes to arrive, and holds no transaction
    return user_id


TusCaller = Annotated[int, Depends(_tus_caller)]


def _new_upload() -> dict[str, str]:
    """Per request: the id of the upload a creation request has just recorded (shared by the hooks below)."""
    return {}


NewUpload = Annotated[dict[str, str], Depends(_new_upload)]


def _pre_create(
    request: Request, user_id: TusCaller, session: SessionDep, new: NewUpload
) -> Callable[[dict[str, Any], dict[str, Any]], Awaitable[None]]:
    """tuspyserver's pre-create hook: check the upload and record it before any file is made."""

    async def check(metadata: dict[str, Any], info: dict[str, Any]) -> None:
        if request.headers.get("upload-concat"):
            raise DomainError(NO_CONCATENATION)
        if int(request.headers.get("content-length") or 0) > 0:
            raise DomainError(NO_CREATION_DATA)  # tuspyserver would read such a body whole into memory

        def record() -> str:
            try:
                upload_id = rules.start_video_upload(
                    session, user_id, metadata, info.get("size"), settings.max_video_bytes
                )
                session.commit()
                return upload_id
            except BaseException:
                session.rollback()
                raise

        new["id"] = await anyio.to_thread.run_sync(record)

    return check


def _file_dep(user_id: TusCaller, new: NewUpload) -> Callable[[dict[str, Any]], dict[str, str]]:
    """tuspyserver's file hook: a new upload takes the id recorded by the pre-create hook."""
    return lambda metadata: {"uid": new["id"]} if "id" in new else {}


def _on_complete(session: SessionDep, user_id: TusCaller) -> Callable[[str, dict[str, Any]], Awaitable[None]]:
    """tuspyserver's completion hook: the last chunk arrived; queue the check (after this commit)."""

    async def finished(file_path: str, metadata: dict[str, Any]) -> None:
        upload_id = file_path.replace("\\", "/").rsplit("/", 1)[-1]

        def mark() -> None:
            try:
                rules.video_upload_finished(session, upload_id)
                session.commit()
            except BaseException:
                session.rollback()
                raise

        await anyio.to_thread.run_sync(mark)

    return finished


@router.delete("/uploads/videos/{uuid}", status_code=204, response_class=Response)
def cancel_video_upload(uuid: Annotated[str, Path(max_length=64)], session: SessionDep, user: CurrentUser) -> Response:
    """tus termination: the owner stops an unfinished upload; it is marked cancelled and its chunks removed.

    Answered here, before the tus router's own DELETE (which would remove the chunks but leave the upload's record
    saying "uploading"). 409 once all of it arrived.
    """
    rules.cancel_video_upload(session, user.id or 0, uuid)
    session.commit()  # the record first: chunks removed without it would leave an upload nobody can finish
    forget_incoming(uuid)
    return Response(status_code=204, headers={"Tus-Resumable": "1.0.0"})


# tuspyserver annotates its hooks narrower than the FastAPI dependencies (and async callables) it takes.
tus_router = create_tus_router(
    prefix="uploads/videos",
    files_dir=str(settings.uploads_incoming_dir),
    max_size=settings.max_video_bytes,
    auth=_tus_caller,  # type: ignore[arg-type]
    days_to_keep=5,
    pre_create_dep=_pre_create,  # type: ignore[arg-type]
    file_dep=_file_dep,  # type: ignore[arg-type]
    upload_complete_dep=_on_complete,  # type: ignore[arg-type]
    tags=["uploads"],
)


@router.get("/uploads/{upload_id}", response_model=UploadStatus)
def upload_status(
    upload_id: Annotated[str, Path(max_length=64)], session: SessionDep, user: CurrentUser
) -> UploadStatus:
    """Where the caller's upload stands: ``uploading``, ``processing``, ``ready`` or ``rejected`` (with ``error``)."""
    upload = rules.own_upload(session, user.id or 0, upload_id)
    return UploadStatus(
        id=upload.id,
        status=upload.status,
        error=upload.error,
        duration_seconds=upload.duration_seconds,
        size_bytes=upload.size_bytes,
    )


@router.post("/uploads/images", status_code=201, response_model=ImageUploaded)
def upload_image(
    session: SessionDep, user: CurrentUser, file: Annotated[UploadFile, File(description="The image")]
) -> ImageUploaded:
    """Store a course image (multipart ``file``): checked by decoding, cropped to 16:9, kept as WebP in two sizes.

    413 over MAX_IMAGE_BYTES, 400 for anything that is not a JPEG, PNG, WebP, GIF, BMP or TIFF image, 403 for
    a learner.
    """
    # One byte over the limit is enough to refuse; an upload is never read whole into memory past it.
    data = file.file.read(settings.max_image_bytes + 1)
    upload = images.store_image(session, user.id or 0, data, file.filename or "")
    return ImageUploaded(
        id=upload.id,
        url=images.image_url(upload.id),
        small_url=images.image_url(upload.id, small=True),
        size_bytes=upload.size_bytes,
    )
