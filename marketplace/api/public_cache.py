"""Anonymous answers of the public catalog API, kept a few seconds per process (issue 14).

The catalog's JSON routes (the listing, a course, its related courses, search, categories, teachers and mentors)
answer every visitor the same way, and most of their cost is Python: building queries, loading rows, checking
and writing the reply. An anonymous ``GET`` of one of them is therefore kept, as the bytes that were sent, for
``PUBLIC_CACHE_SECONDS`` (5 s), keyed by path and query string, so the next visitor asking the same thing gets it
without touching the route.

Correctness:

* Only requests without an ``Authorization`` header are kept or served from here: a signed-in caller (who may
  teach the course, own it, or have just reviewed it) always gets a fresh answer.
* Only ``200`` answers are kept.
* Any write to a table these answers are read from forgets all of them at once, made by this process or (through
  Redis) another one (:mod:`marketplace.db.write_watch`); an answer computed while such a write happened is not
  kept (docs/product.md, "Catalog visibility").
* Memory is bounded: at most :data:`MAX_ENTRIES` answers and :data:`MAX_BYTES` bytes, oldest dropped first.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketplace.db.write_watch import on_write
from marketplace.settings import settings

MAX_ENTRIES = 4_000
MAX_BYTES = 32 * 1024 * 1024
ROUTES = re.compile(r"^/api/(courses(/\d+(/related)?)?|search|categories|instructors(/\d+(/courses)?)?|mentors/\d+)$")
# What these answers are read from: a write to any of them forgets every kept answer.
TABLES = (
    "courses",
    "course_categories",
    "categories",
    "sections",
    "media_uploads",
    "reviews",
    "instructors",
    "users",
    "enrollments",
)


@dataclass(frozen=True)
class Kept:
    expires: float
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


class _Store:
    """The kept answers of this process, with a generation that every write moves on."""

    def __init__(self) -> None:
        self.entries: OrderedDict[tuple[str, bytes], Kept] = OrderedDict()
        self.size = 0
        self.generation = 0
        self.lock = threading.Lock()

    def get(self, key: tuple[str, bytes], now: float) -> Kept | None:
        kept = self.entries.get(key)
        return kept if kept is not None and kept.expires > now else None

    def put(self, key: tuple[str, bytes], kept: Kept, generation: int) -> None:
        with self.lock:
            if generation != self.generation:  # the catalog changed while this answer was made
                return
            old = self.entries.pop(key, None)
            if old is not None:
                self.size -= len(old.body)
            self.entries[key] = kept
            self.size += len(kept.body)
            while self.entries and (len(self.entries) > MAX_ENTRIES or self.size > MAX_BYTES):
                _, dropped = self.entries.popitem(last=False)
                self.size -= len(dropped.body)

    def forget(self) -> None:
        with self.lock:
            self.generation += 1
            self.entries.clear()
            self.size = 0


store = _Store()
on_write(TABLES, store.forget)


def forget_public_answers() -> None:
    """Drop every kept answer (tests that rebuild the catalog by other means than this process's sessions)."""
    store.forget()


def _anonymous(scope: Scope) -> bool:
    return not any(name == b"authorization" for name, _ in scope.get("headers") or ())


class PublicResponseCache:
    """ASGI middleware serving kept anonymous answers of the public catalog routes (see the module's text)."""

    def __init__(self, app: ASGIApp, seconds: float | None = None) -> None:
        self.app = app
        self.seconds = settings.public_cache_seconds if seconds is None else seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            self.seconds <= 0
            or scope["type"] != "http"
            or scope["method"] != "GET"
            or not ROUTES.match(scope["path"])
            or not _anonymous(scope)
        ):
            await self.app(scope, receive, send)
            return
        key = (scope["path"], scope.get("query_string", b""))
        now = time.monotonic()
        kept = store.get(key, now)
        if kept is not None:
            await send({"type": "http.response.start", "status": kept.status, "headers": kept.headers})
            await send({"type": "http.response.body", "body": kept.body})
            return
        generation = store.generation
        start: Message = {}
        chunks: list[bytes] = []

        async def keep(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body" and start.get("status") == 200:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    headers = list(start.get("headers") or [])
                    store.put(key, Kept(now + self.seconds, 200, headers, b"".join(chunks)), generation)
            await send(message)

        await self.app(scope, receive, keep)
