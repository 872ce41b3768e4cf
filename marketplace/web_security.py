"""Browser-side defences for every answer of the app (pages, static files, uploads, /api) and the websocket.

* :class:`SecurityHeaders` gives each HTTP answer a Content-Security-Policy, ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: strict-origin-when-cross-origin``.
* :class:`UploadGuard` refuses (400) an upload to Reflex's ``/_upload`` that names an event handler taking no
  files, which Reflex itself answers with a 500.
* :func:`websocket_origin_allowed` decides which pages may open the Reflex websocket: the app's own and the
  ``CORS_ALLOWED_ORIGINS`` ones (Reflex's own check would let any site in, or none at all).

The policy (see :func:`content_security_policy` for why each source is there) allows the app's own origin,
plus what a page truly needs: Google's sign-in script when Google sign-in is configured, YouTube and other
https lesson videos and pages (the player embeds them), https images (course thumbnails may be links).
Payment providers are reached by navigating away, which a policy does not govern.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from marketplace.identity.google import GOOGLE_ISSUERS
from marketplace.settings import Settings, settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DOCS_PATH = "/api/docs"
# Google Identity Services (the "Sign in with Google" button): its documented CSP sources.
GOOGLE_SIGN_IN = "https://accounts.google.com/gsi/"
# FastAPI's Swagger UI page (/api/docs) loads its script and style from this CDN.
SWAGGER_CDN = "https://cdn.jsdelivr.net"
NOT_AN_UPLOAD_HANDLER = "This event handler does not take uploaded files."


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _websocket_origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}".lower()


def google_script_in_use(current: Settings) -> bool:
    """Whether /login and /register load Google's own sign-in script (a client id for Google's issuer)."""
    return bool(current.google_client_id) and current.google_issuer.rstrip("/") in GOOGLE_ISSUERS


def _s3_media_origin(current: Settings) -> list[str]:
    """The S3 endpoint's origin when lesson videos are served from it over plain http (https is allowed anyway)."""
    endpoint = current.s3_endpoint_url if current.media_storage == "s3" else ""
    return [_origin(endpoint)] if endpoint.startswith("http://") else []


def policy_directives(current: Settings, *, docs: bool = False) -> dict[str, list[str]]:
    """The Content-Security-Policy as ``{directive: [sources]}``; ``docs`` for the Swagger UI page."""
    public = _origin(current.public_url)
    google = [GOOGLE_SIGN_IN] if google_script_in_use(current) else []
    swagger = [SWAGGER_CDN] if docs else []
    directives = {
        "default-src": ["'self'"],
        # 'unsafe-inline': the prerendered pages carry React Router's inline hydration scripts (their content
        # changes with every build and page, so no hash or nonce can name them). 'unsafe-eval': Reflex runs
        # rx.call_script with eval() (the player, the chat's scrolling, the checkout's redirect, Google's button).
        "script-src": ["'self'", "'unsafe-inline'", "'unsafe-eval'", *[g + "client" for g in google], *swagger],
        # 'unsafe-inline': emotion writes <style> tags at run time and components set style attributes.
        "style-src": ["'self'", "'unsafe-inline'", *[g + "style" for g in google], *swagger],
        # Course thumbnails may be https links (docs/product.md keeps them); data:/blob: for inline and picked pictures.
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        # A section's video may be an https file anywhere (played in <video>); uploaded lessons on S3 play from
        # presigned links to its endpoint, which may be plain http on a private network (MinIO).
        "media-src": ["'self'", "blob:", "https:", *_s3_media_origin(current)],
        # The Reflex websocket and uploads go to the public URL the build was made for (the same origin when
        # the site is visited there; 'self' covers ws(s) of the page's own origin in current browsers).
        "connect-src": ["'self'", public, _websocket_origin(current.public_url), *google],
        # The player frames YouTube (youtube-nocookie.com) and, sandboxed, any other https lesson page;
        # Google's button is an iframe of accounts.google.com/gsi/.
        "frame-src": ["https:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        # The sandbox payment page posts to itself and redirects to the public URL.
        "form-action": ["'self'", public],
        "frame-ancestors": ["'none'"],
    }
    if current.public_url.startswith("https://"):
        directives["upgrade-insecure-requests"] = []
    return directives


def content_security_policy(current: Settings, *, docs: bool = False) -> str:
    """The Content-Security-Policy header value."""
    return "; ".join(" ".join([name, *sources]) for name, sources in policy_directives(current, docs=docs).items())


def security_headers(current: Settings, *, docs: bool = False) -> list[tuple[bytes, bytes]]:
    """The headers every HTTP answer carries (lower-case names, as ASGI wants them)."""
    return [
        (b"content-security-policy", content_security_policy(current, docs=docs).encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
    ]


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP answer that does not set its own."""

    def __init__(self, app: ASGIApp, current: Settings | None = None) -> None:
        current = current or settings
        self.app = app
        self.headers = security_headers(current)
        self.docs_headers = security_headers(current, docs=True)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.docs_headers if scope["path"] == DOCS_PATH else self.headers

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                message = {**message, "headers": headers + [(n, v) for n, v in extra if n not in present]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _upload_path() -> str:
    from reflex_base.config import get_config
    from reflex_base.constants import Endpoint

    return get_config().prepend_backend_path(str(Endpoint.UPLOAD))


def upload_handler_problem(handler_name: str | None) -> str | None:
    """Why an upload may not go to the event handler ``handler_name``, or None to let Reflex take it.

    Reflex answers a missing or unknown handler with a 400 itself; a known one that takes no files (no
    ``list[rx.UploadFile]`` parameter, nor a background handler's ``rx.UploadChunkIterator``) makes it fail
    with a 500 after reading the whole body.
    """
    from reflex_base.event import resolve_upload_chunk_handler_param, resolve_upload_handler_param
    from reflex_base.registry import RegistrationContext
    from reflex_base.utils.exceptions import UploadTypeError, UploadValueError

    if not handler_name:
        return None
    registered = RegistrationContext.get().event_handlers.get(handler_name)
    if registered is None:
        return None
    handler = registered.handler
    if handler.is_background:
        try:
            resolve_upload_chunk_handler_param(handler)
            return None
        except UploadValueError:
            pass
    try:
        resolve_upload_handler_param(handler)
    except (UploadTypeError, UploadValueError):
        return NOT_AN_UPLOAD_HANDLER
    return None


class UploadGuard:
    """ASGI middleware: an upload to Reflex's endpoint must name a handler that takes files (else 400).

    Reflex's own refusals of a malformed upload (its ``UploadValueError``/``UploadTypeError``, e.g. a ``files``
    part that is not a file) surface as a 500 from inside its endpoint; they are answered 400 here as well.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._path: str | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        if self._path is None:
            self._path = _upload_path()
        if scope["path"] != self._path:
            await self.app(scope, receive, send)
            return
        problem = upload_handler_problem(Headers(scope=scope).get("reflex-event-handler"))
        if problem:
            await JSONResponse({"detail": problem}, status_code=400)(scope, receive, send)
            return
        await self._refusing_upload_errors(scope, receive, send)

    async def _refusing_upload_errors(self, scope: Scope, receive: Receive, send: Send) -> None:
        from reflex_base.utils.exceptions import UploadTypeError, UploadValueError

        held: list[Message] = []  # a server-error answer, kept back until we know what failed
        started = False

        async def hold_server_error(message: Message) -> None:
            nonlocal started
            if held or (message["type"] == "http.response.start" and message["status"] >= 500):
                held.append(message)
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, hold_server_error)
        except (UploadTypeError, UploadValueError) as exc:
            if started:
                raise
            await JSONResponse({"detail": str(exc)}, status_code=400)(scope, receive, send)
            return
        except Exception:
            for message in held:
                await send(message)
            raise
        for message in held:
            await send(message)


def websocket_origin_allowed(origin: str | None, environ: dict[str, Any], current: Settings | None = None) -> bool:
    """Whether a page of ``origin`` may open the Reflex websocket (python-engineio's origin check).

    The app's own pages may (the origin names the host the request came to, or the public URL), and so may
    the ``CORS_ALLOWED_ORIGINS`` sites; any other site may not, so no foreign page can drive a visitor's session.
    """
    if not origin:
        return False
    current = current or settings
    origin = origin.rstrip("/").lower()
    if origin == _origin(current.public_url) or origin in current.cors_origins:
        return True
    netloc = urlsplit(origin).netloc
    hosts = [environ.get("HTTP_HOST", ""), *environ.get("HTTP_X_FORWARDED_HOST", "").split(",")]
    return any(netloc and netloc == host.strip().lower() for host in hosts)


def restrict_websocket_origins(app: Any) -> None:
    """Make the Reflex app's websocket accept only the pages :func:`websocket_origin_allowed` allows.

    Reflex hands its ``cors_allowed_origins`` to python-engineio, where "*" lets every site in and an empty
    list switches the origin check off; a callable is engineio's way to decide per origin.
    """
    if app.sio is None:
        msg = "The Reflex app has no websocket server to restrict."
        raise RuntimeError(msg)
    app.sio.eio.cors_allowed_origins = websocket_origin_allowed


UPLOAD_TOO_LARGE = "The file is too large."
MULTIPART_ALLOWANCE = 64 * 1024  # form fields and part headers around the file itself


class BodyLimit:
    """ASGI middleware: an upload body over the limit is refused from its Content-Length, or while it streams.

    Applies to the upload endpoints (Reflex's ``/_upload`` and the API's profile update, the only requests that
    carry a picture, and the course-image upload with its own MAX_IMAGE_BYTES): the body is refused with 413
    before it is read, not after 200 MB reached the server. Lesson videos arrive in resumable chunks instead.
    """

    def __init__(self, app: ASGIApp, limit: int | None = None) -> None:
        self.app = app
        self.limit = limit if limit is not None else settings.max_picture_bytes + MULTIPART_ALLOWANCE
        self._paths: dict[str, int] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT"):
            await self.app(scope, receive, send)
            return
        if self._paths is None:
            self._paths = {
                _upload_path(): self.limit,
                "/api/profile/update": self.limit,
                "/api/uploads/images": settings.max_image_bytes + MULTIPART_ALLOWANCE,
            }
        limit = self._paths.get(scope["path"])
        if limit is None:
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(scope, receive, send)
            return
        received = 0
        too_large = started = False

        async def counting_receive() -> Message:
            nonlocal received, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    too_large = True  # the app sees the client go; its answer is replaced by ours
                    return {"type": "http.disconnect"}
            return message

        async def noting_send(message: Message) -> None:
            nonlocal started
            if too_large and not started:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, noting_send)
        except Exception:
            if not (too_large and not started):
                raise
        if too_large and not started:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"message": UPLOAD_TOO_LARGE, "detail": UPLOAD_TOO_LARGE}, status_code=413)
        response.headers["connection"] = "close"
        await response(scope, receive, send)
