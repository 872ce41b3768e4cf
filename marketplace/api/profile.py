"""API routes: profile settings, the Teachers list, and uploaded media files."""

from __future__ import annotations

import mimetypes
from typing import Annotated

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import FileResponse

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, OptionalUser, SessionDep, TokenDep
from marketplace.domain import avatars, profile, teachers
from marketplace.domain.errors import NotFound, Unauthorized
from marketplace.domain.shapes import MAX_ID
from marketplace.settings import settings
from marketplace.shapes.accounts import UserPublic
from marketplace.shapes.catalog import TeacherPage

router = APIRouter(tags=["profile"], route_class=CommitOnReturnRoute)

# Only what we store is served, with its own type; nothing the browser could run as a page.
MEDIA_TYPES = {".webp", ".png", ".jpg", ".jpeg", ".gif", ".mp4", ".webm", ".ogg", ".mov"}
FormText = Annotated[str | None, Form()]


@router.put("/profile/update")
def update_profile(
    session: SessionDep,
    token: TokenDep,
    user: OptionalUser,
    first_name: Annotated[str | None, Form(alias="firstName")] = None,
    last_name: Annotated[str | None, Form(alias="lastName")] = None,
    headline: FormText = None,
    description: FormText = None,
    language: FormText = None,
    linkedin: FormText = None,
    youtube: FormText = None,
    facebook: FormText = None,
    website: FormText = None,
    x: FormText = None,
    picture: Annotated[UploadFile | None, File(alias="profilePicture")] = None,
) -> UserPublic:
    """Merge the sent profile fields (multipart) into the caller's account; answers the updated user.

    Errors are ``{message, field}``: 401 without a valid token, 422 for a broken field rule or a picture
    that is too large or not an image (checked by content, not by name).
    """
    if not token:
        raise Unauthorized("No token found. Please log in again")
    if user is None:
        raise Unauthorized("User ID not found. Please log in again")
    values = {
        "firstName": first_name,
        "lastName": last_name,
        "headline": headline,
        "description": description,
        "language": language,
        "linkedin": linkedin,
        "youtube": youtube,
        "facebook": facebook,
        "website": website,
        "x": x,
    }
    data = None
    if picture is not None:
        # One byte over the limit is enough to refuse; never read an arbitrarily large upload into memory.
        data = picture.file.read(settings.max_picture_bytes + 1)
    # The answer is the user alone: the client merges every key of it into its stored user.
    return profile.update_profile(
        session, user_id=user.id or 0, fields={k: v for k, v in values.items() if v is not None}, picture=data
    )


@router.get("/teachers")
def list_teachers(
    session: SessionDep,
    user: CurrentUser,
    query: Annotated[str, Query(max_length=200)] = "",
    page: Annotated[int, Query(ge=1, le=MAX_ID)] = 1,
) -> TeacherPage:
    """The Teachers page: 6 instructors a page filtered by name, the caller's own teachers first (``mine``)."""
    # A signed-in user was read from the database, so it has an id; 0 would name nobody.
    return teachers.list_teachers(session, user_id=user.id or 0, query=query, page=page)


@router.get(
    "/media/{path:path}",
    response_class=FileResponse,
    responses={
        200: {"description": "The stored file, with its own type", "content": {"image/webp": {}, "video/mp4": {}}}
    },
)
def media(path: str) -> FileResponse:
    """A stored upload (avatars, course files) from the media folder; nothing outside it is reachable."""
    root = settings.media_dir.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file() or target.suffix.lower() not in MEDIA_TYPES:
        raise NotFound("File not found")
    if target.is_relative_to(root / "videos"):
        raise NotFound("File not found")  # lesson videos only by signed link (api/media.py)
    media_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
    # Avatar names are random per upload, so an avatar never changes under its URL and can be cached for good;
    # other uploads may be replaced in place, so they are cached for an hour.
    immutable = target.parent == (root / avatars.AVATAR_FOLDER).resolve()
    cache = "public, max-age=31536000, immutable" if immutable else "public, max-age=3600"
    return FileResponse(
        target, media_type=media_type, headers={"Cache-Control": cache, "X-Content-Type-Options": "nosniff"}
    )
