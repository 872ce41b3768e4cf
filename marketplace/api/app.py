"""Assemble the FastAPI app: routers, error handlers, docs at /api/docs (off in production unless asked for)."""

from __future__ import annotations

import logging

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from marketplace.api import (
    auth,
    cart,
    catalog,
    certificates,
    chats,
    earnings,
    learning,
    media,
    notifications,
    order_history,
    payments,
    profile,
    questions,
    reviews,
    studio,
    teach,
    uploads,
    wishlist,
)
from marketplace.api.errors import error_responses
from marketplace.api.public_cache import PublicResponseCache
from marketplace.db.engine import ping
from marketplace.domain.errors import DomainError
from marketplace.settings import Settings, settings

log = logging.getLogger(__name__)

# Each router with the error statuses its routes answer (body ``{message, field?}``), declared in the OpenAPI
# document. 422 is every route's answer to a malformed or out-of-range value.
ROUTERS = (
    (catalog, (404, 422)),
    (auth, (400, 401, 403, 409, 422, 429)),
    (cart, (401, 403, 404, 409, 422)),
    (payments, (400, 401, 404, 409, 422, 502)),
    (learning, (401, 403, 404, 422)),
    (reviews, (400, 401, 403, 404, 422)),
    # Before profile: its /media/{path} would otherwise answer the thumbnails' and videos' paths.
    (media, (403, 404, 422)),
    (uploads, (400, 401, 403, 404, 409, 413, 415, 422)),
    (profile, (401, 404, 422)),
    (chats, (401, 403, 404, 422)),
    (notifications, (401, 404, 422)),
    (certificates, (401, 404, 422)),
    (wishlist, (400, 401, 404, 422)),
    (questions, (400, 401, 403, 404, 422, 429)),
    (order_history, (401, 422)),
    (earnings, (400, 401, 403, 422)),
    (studio, (400, 401, 403, 404, 409, 422)),
    (teach, (400, 401, 403, 404, 409, 422)),
)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        loc = tuple(error.get("loc", ()))
        # The first part says where the value was sent; a field may itself be called "query" (/api/search).
        where = ".".join(str(p) for p in (loc[1:] if loc[:1] in (("body",), ("query",), ("path",)) else loc))
        parts.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
    return "; ".join(parts) or "Invalid request."


async def _no_nul_characters(request: Request) -> None:
    """Refuse (422) a query value holding a NUL character before any route reads it: no field of this API means one,
    and PostgreSQL cannot store or compare such text (``/api/instructors?query=%00`` answered 500 there).

    ``async`` although it waits for nothing: FastAPI runs a plain ``def`` dependency on a worker thread, and this one
    runs for every request (a hand-over of the interpreter lock each way, 16 % of a course page's handling)."""
    for name, value in request.query_params.multi_items():
        if "\x00" in name or "\x00" in value:
            raise RequestValidationError(
                [{"loc": ("query", name), "msg": "must not contain NUL characters", "type": "value_error"}]
            )


def create_api(current: Settings | None = None) -> FastAPI:
    """Build the API application with every router mounted under /api.

    The interactive docs and the OpenAPI document map every route for whoever looks; production serves them
    only with API_DOCS_IN_PRODUCTION=true.
    """
    docs = (current or settings).api_docs_enabled
    api = FastAPI(
        title="Naija Learn API",
        docs_url="/api/docs" if docs else None,
        openapi_url="/api/openapi.json" if docs else None,
        redoc_url=None,
        dependencies=[Depends(_no_nul_characters)],
    )
    for module, statuses in ROUTERS:
        api.include_router(module.router, prefix="/api", responses=error_responses(*statuses))
    api.add_middleware(PublicResponseCache)
    # The tus protocol's routes (resumable video uploads) are documented at tus.io, not in our OpenAPI document.
    api.include_router(uploads.tus_router, prefix="/api", include_in_schema=False)

    @api.exception_handler(DomainError)
    async def domain_error(_request: Request, exc: DomainError) -> JSONResponse:
        body = {"message": exc.message}
        if exc.field:
            body["field"] = exc.field
        return JSONResponse(body, status_code=exc.status)

    @api.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"message": _validation_message(exc)}, status_code=422)

    @api.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        # Never a stack trace to the caller; the log keeps it.
        log.exception("Unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"message": "Something went wrong. Please try again."}, status_code=500)

    @api.get("/api/health", tags=["health"], responses=error_responses(503))
    async def health() -> JSONResponse:
        try:
            await ping()  # on its own thread: answers even while every request thread waits on the database
            return JSONResponse({"status": "ok", "database": "ok"})
        except Exception:
            log.exception("Database health check failed")
            return JSONResponse({"status": "degraded", "database": "unreachable"}, status_code=503)

    return api
