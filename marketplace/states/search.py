"""Search state: live suggestions for non-blank trimmed input (a failure shows an empty result); Enter opens the
highlighted suggestion, or the search results page /search?q= for what was typed."""

from __future__ import annotations

import logging

import reflex as rx

from marketplace import routes
from marketplace.db.read_cache import ReadCache, kept_or_read
from marketplace.domain.search import MAX_QUERY_LENGTH, search_courses
from marketplace.shapes.catalog import SearchResult

log = logging.getLogger(__name__)

# The suggestions for a text are the same for everybody: each process keeps them this long, so the prefixes many
# people type ("pyt", "pyth", "excel") are looked up once, not by every tab. They come from the courses' columns
# and the search index that migrations keep in step with the courses (triggers): any course write forgets them all.
SUGGESTION_SECONDS = 10.0
_suggestions: ReadCache[list[SearchResult]] = ReadCache(("courses",), seconds=SUGGESTION_SECONDS)


def _page(path: str) -> str:
    """A path as the router and the browser may each write it (``/faq`` and ``/faq/`` are one page)."""
    return path.rstrip("/") or "/"


class SearchState(rx.State):
    """The header search: query, results, open panel, keyboard highlight."""

    results: list[SearchResult] = []
    open: bool = False
    highlighted: int = -1
    _query: str = ""
    # The page a choice just navigated away from: a debounced search typed there may still be on its way.
    _left: str = ""

    @rx.event
    async def search(self, value: str, typed_on: str = ""):
        """Look courses up for the typed text (called 300 ms after typing stops).

        ``typed_on`` is the page the text was typed on. A search typed on the page that Enter or a click has
        just left belongs to a box that is gone: it must not open a panel on the course page.
        """
        if self._left and _page(typed_on) == self._left:
            return
        self._left = ""
        await self._look_up(value)

    async def _look_up(self, value: str) -> None:
        query = self._query = value.strip()
        self.highlighted = -1
        if not query:
            self.results, self.open = [], False
            return
        try:
            found = await kept_or_read(_suggestions, query, lambda session: search_courses(session, query))
        except Exception:  # a failure shows an empty result, never an error overlay
            log.exception("Search failed")
            found = []
        self.results = list(found)  # the kept list is shared; the state gets a list of its own
        self.open = True

    @rx.event
    async def key(self, key: str, value: str = ""):
        """Arrow keys move the highlight, Enter opens it (or the results page), Escape closes the panel.

        ``value`` is the box's text as the key went down: Enter with no suggestion highlighted opens the results
        page for exactly that text, even before the 300 ms pause.
        """
        if key == "Escape":
            self.open = False
        elif key == "ArrowDown" and self.results:
            self.open = True
            self.highlighted = min(self.highlighted + 1, len(self.results) - 1)
        elif key == "ArrowUp" and self.results:
            self.highlighted = max(self.highlighted - 1, 0)
        elif key == "Enter":
            typed = value.strip() or self._query
            if self.open and self.results and self.highlighted >= 0 and typed == self._query:
                return self.choose(str(self.results[self.highlighted].id))
            if typed:
                return self._leave(routes.search(typed[:MAX_QUERY_LENGTH]))
        return None

    @rx.event
    def choose(self, course_id: str):
        """Open the chosen course and close the panel."""
        return self._leave(routes.course(course_id))

    def _leave(self, path: str):
        """Close the panel and open ``path`` (a debounced search typed here must not reopen it there)."""
        self._left = _page(self.router.url.path)
        self.open = False
        self.highlighted = -1
        return rx.redirect(path)

    @rx.event
    def close(self):
        """Close the panel (the input lost focus: an outside click)."""
        self.open = False

    @rx.event
    def reopen(self):
        """Show the last results again when the input regains focus (typing there again is wanted)."""
        self._left = ""
        self.open = bool(self._query)
