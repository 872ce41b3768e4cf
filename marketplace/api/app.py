"""Assemble the FastAPI app: routers, error handlers, docs at /api/docs."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import text

from marketplace.api import auth, cart, catalog, chats, learning, notifications, payments, profile, reviews
from marketplace.db.engine import get_engine
from marketplace.domain.errors import DomainError

log = logging.getLogger(__name__)

ROUTERS = (catalog, auth, cart, payments, learning, reviews, profile, chats, notifications)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path"))
        parts.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
    return "; ".join(parts) or "Invalid request."


def create_api() -> FastAPI:
    """Build the API application with every router mounted under /api."""
    api = FastAPI(
        title="Naija Learn API",
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    for module in ROUTERS:
        api.include_router(module.router, prefix="/api")

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

    @api.get("/api/health", tags=["health"])
    def health() -> JSONResponse:
        try:
            with get_engine().connect() as connection:
                connection.execute(text("SELECT 1"))
            return JSONResponse({"status": "ok", "database": "ok"})
        except Exception:
            log.exception("Database health check failed")
            return JSONResponse({"status": "degraded", "database": "unreachable"}, status_code=503)

    return api
