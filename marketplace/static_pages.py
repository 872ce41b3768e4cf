"""The built pages and their assets, served straight from the build folder instead of through the API's stack.

Reflex serves the production front end from a static mount inside its own backend app, and the app's
``api_transformer`` wraps that app: every page or script request went through FastAPI's routing and exception
handling, Reflex's own router and middlewares, then the app's middlewares, in the process that runs the events.
:func:`serve_pages_directly` adds one more transformer, the outermost, that answers a ``GET``/``HEAD`` for
anything but a backend path (``/api``, Reflex's ``/_event``, ``/_upload``, ...) from the same static files,
wrapped in the app's own middlewares only (the security headers, the request id; the upload checks let a
``GET`` straight through), not in the FastAPI app nor Reflex's: the same bytes and headers, less work. Reflex's
own endpoints (the websocket at ``/_event``, ``/_upload``, ``/ping``, ...) go to Reflex's app inside the same
middlewares, not through the API's: FastAPI's routing tried every API route before handing a new tab's websocket
on, and each message the server sent passed its middlewares' wrappers.

:class:`PageFiles` also serves a prerendered page at its own address: ``/categories`` is answered with
``categories/index.html`` directly, where Starlette's static files first answer ``307 → /categories/``, and an
address of a dynamic route (``/courses/8``) with the page :mod:`marketplace.route_pages` wrote for the route.

In development (``reflex run`` without the compiled front end mounted) nothing changes: Vite serves the pages.
"""

from __future__ import annotations

import gzip
import os
import stat
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import anyio.to_thread
from reflex.utils.precompressed_staticfiles import PrecompressedStaticFiles, _parse_accept_encoding
from reflex_base.config import get_config
from reflex_base.constants import Endpoint
from reflex_base.environment import environment
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount
from starlette.types import ASGIApp, Receive, Scope, Send

from marketplace import page_hints
from marketplace.route_pages import route_page_name

API_PREFIX = "/api"
PAGE_METHODS = ("GET", "HEAD")


class PageFiles(PrecompressedStaticFiles):
    """Reflex's static files, answering a folder's address without a trailing slash with its ``index.html``, and
    naming in a page's answer the pictures it will draw first (:mod:`marketplace.page_hints`)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """Serve ``path``; where Starlette would redirect ``/x`` to ``/x/`` for ``x/index.html``, serve that file;
        an address of a dynamic route (``/courses/8``) gets the route's own page (marketplace.route_pages); a
        listing's page carries its first cards (marketplace.page_hints)."""
        if self.html and page_hints.is_listing(scope["path"]):
            listing = await self._listing_page(path, scope)
            if listing is not None:
                return listing
        return await self._page_or_file(path, scope)

    async def _listing_page(self, path: str, scope: Scope) -> Response | None:
        """The listing page with the view its address names, as a visitor sees it, and its first pictures' preload
        header; made for each request, so never answered "not modified" from the file's date. None: serve the file
        as it is (no page there, or the view could not be read)."""
        full_path, found = await anyio.to_thread.run_sync(self.lookup_path, os.path.join(path, "index.html"))
        if found is None or not stat.S_ISREG(found.st_mode):
            return None
        hints = await page_hints.listing_hints(scope["path"], scope.get("query_string", b"").decode("latin-1"))
        if hints is None:
            return None
        html = page_hints.with_listing(await _page_bytes(full_path, found.st_mtime_ns), hints.state, hints.cards)
        headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        if hints.images:
            headers["Link"] = page_hints.preload_header(hints.images)
        if _parse_accept_encoding(Headers(scope=scope).get("accept-encoding")).get("gzip", 0.0) > 0:
            html = await anyio.to_thread.run_sync(lambda: gzip.compress(html, compresslevel=6))
            headers["Content-Encoding"] = "gzip"
        return Response(html, media_type="text/html; charset=utf-8", headers=headers)

    async def _page_or_file(self, path: str, scope: Scope) -> Response:
        route_page = await self._route_page(path, scope)
        if route_page is not None:
            return route_page
        response = await super().get_response(path, scope)
        if self.html and isinstance(response, RedirectResponse):
            full_path, found = await anyio.to_thread.run_sync(self.lookup_path, os.path.join(path, "index.html"))
            if found is not None and stat.S_ISREG(found.st_mode):
                return self.file_response(full_path, found, scope)
        return response

    async def _route_page(self, path: str, scope: Scope) -> Response | None:
        router = getattr(self, "_router", None)
        if not self.html or router is None:
            return None
        route = router("/" + path.replace(os.sep, "/"))
        if not route or "[" not in route:
            return None
        _, existing = await anyio.to_thread.run_sync(self.lookup_path, path)
        if existing is not None and stat.S_ISREG(existing.st_mode):
            return None  # a real file at that address (a route such as /[slug] matches /favicon.ico too)
        full_path, found = await anyio.to_thread.run_sync(self.lookup_path, route_page_name(route))
        if found is None or not stat.S_ISREG(found.st_mode):
            return None  # a build without the plugin: the SPA fallback as before
        return self.file_response(full_path, found, scope)

    @classmethod
    def like(cls, files: PrecompressedStaticFiles) -> PageFiles:
        """A :class:`PageFiles` over the same folder, encodings and page router as Reflex's ``files``."""
        page_files = cls(directory=files.directory, html=files.html, router=getattr(files, "_router", None))
        page_files._encodings = files._encodings
        return page_files


_pages: dict[str, tuple[int, bytes]] = {}


async def _page_bytes(full_path: str, mtime_ns: int) -> bytes:
    """A built page's bytes, kept per file until the file changes (a new build)."""
    kept = _pages.get(full_path)
    if kept is None or kept[0] != mtime_ns:
        kept = _pages[full_path] = (mtime_ns, await anyio.Path(full_path).read_bytes())
    return kept[1]


def _is_backend_path(path: str, prefixes: Iterable[str]) -> bool:
    return any(path == prefix or path.startswith(prefix.rstrip("/") + "/") for prefix in prefixes)


class PagesFirst:
    """ASGI app: page and asset requests to ``pages``; Reflex's own endpoints (the websocket, uploads, ...) to
    ``reflex_own``; the API and anything else (any non-``GET`` of a page's address) to ``backend``, the app with all
    its middlewares."""

    def __init__(
        self, backend: ASGIApp, pages: ASGIApp, backend_prefixes: Iterable[str], reflex_own: ASGIApp | None = None
    ) -> None:
        self.backend = backend
        self.pages = pages
        self.backend_prefixes = tuple(sorted(set(backend_prefixes)))
        self.reflex_prefixes = tuple(p for p in self.backend_prefixes if not _is_backend_path(p, (API_PREFIX,)))
        self.reflex_own = reflex_own or backend

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.backend(scope, receive, send)
        elif _is_backend_path(scope["path"], self.reflex_prefixes):
            await self.reflex_own(scope, receive, send)
        elif (
            scope["type"] == "http"
            and scope["method"] in PAGE_METHODS
            and not _is_backend_path(scope["path"], self.backend_prefixes)
        ):
            await self.pages(scope, receive, send)
        else:
            await self.backend(scope, receive, send)


def _route_prefix(path: str) -> str:
    """A route's fixed leading part: ``/_upload/{path:path}`` → ``/_upload``."""
    return path.split("{", 1)[0].rstrip("/") or "/"


def backend_prefixes(routes: Sequence[Any]) -> set[str]:
    """The paths the backend answers itself: the API, Reflex's endpoints, and every route but the pages' mount."""
    config = get_config()
    prefixes = {API_PREFIX, *(config.prepend_backend_path(str(endpoint)) for endpoint in Endpoint)}
    prefixes |= {_route_prefix(route.path) for route in routes if getattr(route, "name", None) != "frontend"}
    prefixes.discard("/")
    return prefixes


def _middlewares(transformers: Sequence[Any]) -> list[Callable[[ASGIApp], ASGIApp]]:
    """The transformers that wrap (middlewares), not those that mount the app inside another (FastAPI)."""
    return [t for t in transformers if callable(t) and not isinstance(t, Starlette)]


def pages_first_transformer(app: Any) -> Callable[[ASGIApp], ASGIApp]:
    """The transformer :func:`serve_pages_directly` adds: ``backend`` unchanged when Reflex mounts no compiled
    front end (development) or serves it under a sub-path; else :class:`PagesFirst` over it, its pages wrapped
    in the middlewares of ``app.api_transformer`` that come before it, in the same order."""

    def transform(backend: ASGIApp) -> ASGIApp:
        if not environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.get() or get_config().frontend_path.strip("/"):
            return backend
        routes = list(app._api.routes)
        mount = next((r for r in routes if isinstance(r, Mount) and r.name == "frontend"), None)
        if mount is None or not isinstance(mount.app, PrecompressedStaticFiles):
            return backend
        files = PageFiles.like(mount.app)
        mount.app = files  # the same answers for a request that does go the long way (none should)
        # Reflex's own endpoints need none of the API's stack (its middlewares, and its routing, which tried every
        # API route before handing a websocket on): they too go straight to Reflex's app, inside ours.
        pages: ASGIApp = files
        reflex_own: ASGIApp = app._api
        for wrap in _middlewares(app.api_transformer[: app.api_transformer.index(transform)]):
            pages, reflex_own = wrap(pages), wrap(reflex_own)
        return PagesFirst(backend, pages, backend_prefixes(routes), reflex_own)

    return transform


def serve_pages_directly(app: Any) -> None:
    """Serve ``app``'s built pages and assets around its FastAPI app and Reflex's, inside its own middlewares.

    Call it after the app is made: it appends the outermost transformer to ``app.api_transformer``.
    """
    current = app.api_transformer
    transformers = list(current) if isinstance(current, Sequence) else ([current] if current is not None else [])
    app.api_transformer = [*transformers, pages_first_transformer(app)]
