"""Course listing state (/categories, /courses and the search results page /search): the URL names the view.

Filters, sort and page live in the query string, so a link reproduces the view, reload shows it again and Back
works. The sort, the filters and the pages work out their URL in the browser (assets/js/listing.js, components/
catalog_filters.py): a control opens it inside the page (React Router, a new history entry, its scroll reset
turned off: ``rx.redirect`` scrolled every change to the top, so on a phone the results ended two screens below the
open filter panel, issue 16 defect 4) and sends one event, :meth:`ListingState.load`, which reads the query; a
route change would have cost three (issue 14). The price slider asks the server, which knows the slider's top.
A visitor's view is usually shown from what the process keeps, on the event loop (:func:`_kept_listing`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import database_key, in_session_thread
from marketplace.db.read_cache import ReadCache, kept_or_read
from marketplace.domain import catalog
from marketplace.domain.errors import DomainError
from marketplace.shapes.base import Page
from marketplace.shapes.catalog import Category, CourseCard, CourseTile, InstructorCard
from marketplace.states.catalog import mark_owned, viewer_id
from marketplace.states.changes import assign_changed

log = logging.getLogger(__name__)

POPULAR_MENTORS = 4
FEATURED_COURSES = 3
# The addresses that show a listing (the sidebar's links keep to the one they are on).
LISTING_PATHS = frozenset({routes.CATEGORIES, routes.COURSES, routes.SEARCH})
FILTER_KEYS = ("category", "rating", "chapters", "max_price", "free", "level", "language", "duration", "sort")
RESULTS_ID = "results"  # the results column: a page change and "Show N courses" bring it into view
SHOW_VIEW_ID = "listing-show"  # the hidden button assets/js/listing.js clicks once the view's URL is in place
PRICE_STEP = 500  # naira per step of the price slider
# A page of the listing and its sidebar (categories with counts, mentors, featured courses, the price slider's top,
# languages) are the same for every visitor: each process keeps what it read this long instead of reading it on
# every page, sort or filter change (issue 14: the sidebar alone was 38 % of a page change). Any catalog write
# forgets them at once, so a course published a moment ago is listed on the next page change.
LISTING_SECONDS = 10.0


def _naira(value: int) -> str:
    return f"NGN{value:,}"


def slider_top(top_price: Decimal | int) -> int:
    """The price slider's top: the dearest course's price rounded up to a whole step, so the thumb reaches it."""
    return math.ceil(Decimal(top_price) / PRICE_STEP) * PRICE_STEP


@dataclasses.dataclass(frozen=True)
class _Blocks:
    categories: list[Category]
    # The categories with their links to each listing address (a link keeps to the listing it is on), made once
    # per read instead of on every page change (by :meth:`of`).
    category_links: dict[str, list[Category]]
    mentors: list[InstructorCard]
    featured: list[CourseCard]
    top_price: Decimal
    languages: list[str]

    @classmethod
    def of(cls, categories: list[Category], **blocks) -> _Blocks:
        links = {
            path: [c.model_copy(update={"href": catalog.category_href(c.slug, path)}) for c in categories]
            for path in LISTING_PATHS
        }
        return cls(categories=categories, category_links=links, **blocks)


@dataclasses.dataclass(frozen=True)
class _Listing:
    result: Page[CourseCard]
    blocks: _Blocks
    # What the cards draw, made once per view: a visitor's kept view serves every tab without making them again.
    courses: list[CourseTile]
    featured: list[CourseTile]

    @classmethod
    def of(cls, result: Page[CourseCard], blocks: _Blocks) -> _Listing:
        tiles = [CourseTile.of(card) for card in result.data]
        return cls(result, blocks, courses=tiles, featured=[CourseTile.of(card) for card in blocks.featured])


# What the listing's pages and sidebar are read from: a write to any of them, in any server process, forgets every
# kept page and sidebar at once (db/read_cache.py).
LISTING_TABLES = ("courses", "course_categories", "categories", "instructors", "users")
_pages: ReadCache[Page[CourseCard]] = ReadCache(LISTING_TABLES, seconds=LISTING_SECONDS)
_blocks: ReadCache[_Blocks] = ReadCache(LISTING_TABLES, seconds=LISTING_SECONDS, max_entries=20)
# A visitor's whole view (page, sidebar and tiles) for each listing query, put together from the two above.
_views: ReadCache[_Listing] = ReadCache(LISTING_TABLES, seconds=LISTING_SECONDS)


def _read_blocks(session: Session) -> _Blocks:
    return _Blocks.of(
        categories=catalog.list_categories(session),
        mentors=catalog.popular_mentors(session, limit=POPULAR_MENTORS),
        featured=catalog.featured_courses(session, limit=FEATURED_COURSES),
        top_price=catalog.max_course_price(session),
        languages=catalog.languages(session),
    )


def listing_page(session: Session, query: catalog.ListingQuery) -> Page[CourseCard]:
    """The page of courses ``query`` names, as every visitor sees it (kept for :data:`LISTING_SECONDS`).

    Shared: copy a card before changing it.
    """
    return _pages.get((str(session.get_bind().url), query), lambda: catalog.list_courses_for(session, query))


def _kept_listing(query: catalog.ListingQuery, user_id: int | None) -> _Listing | None:
    """The view as this process keeps it, read on the event loop without a thread or a session: for a visitor (no
    Enrolled marks to add, so the shared cards are not copied) when both the page and the sidebar are kept, which
    is most page, sort and filter changes. None: read it (:func:`_read_listing`)."""
    if user_id is not None:
        return None
    database = database_key()  # the key _read_listing's session gives (its reader has the same URL)
    view = _views.kept((database, query))
    if view is not None:
        return view
    result, blocks = _pages.kept((database, query)), _blocks.kept(database)
    if result is None or blocks is None:
        return None
    return _views.get((database, query), lambda: _Listing.of(result, blocks))


async def _read_view(query: catalog.ListingQuery, user_id: int | None) -> _Listing:
    """The view read on a thread (:func:`_read_listing`): a visitor's kept, and shared by the visitors who ask for it
    at once; a signed-in viewer's their own."""
    if user_id is None:
        return await kept_or_read(_views, query, lambda session: _read_listing(session, query, None))
    return await in_session_thread(lambda session: _read_listing(session, query, user_id), readonly=True)


def _read_listing(session: Session, query: catalog.ListingQuery, user_id: int | None) -> _Listing:
    """The page of courses, the sidebar's lists and the slider's top; the viewer's own courses marked Enrolled."""
    result = listing_page(session, query)
    blocks = _blocks.get(str(session.get_bind().url), lambda: _read_blocks(session))
    if user_id is None:  # nothing to mark: the shared cards are shown as they are
        return _Listing.of(result, blocks)
    # The shared cards are copied before this viewer's Enrolled marks go on them.
    result = result.model_copy(update={"data": [card.model_copy() for card in result.data]})
    blocks = dataclasses.replace(blocks, featured=[card.model_copy() for card in blocks.featured])
    mark_owned(session, user_id, result.data, blocks.featured)
    return _Listing.of(result, blocks)


def view_vars(listing: _Listing, query: catalog.ListingQuery, base: str) -> dict[str, Any]:
    """The listing state's vars showing ``listing``, the view of ``query`` at the listing address ``base``: what
    :meth:`ListingState.load` shows, and what a visitor's page carries in its HTML (marketplace/page_hints.py)."""
    result, blocks = listing.result, listing.blocks
    top = slider_top(blocks.top_price)
    chosen = math.ceil(query.max_price) if query.max_price is not None else top
    categories = list(blocks.category_links[base])
    return {
        "categories": categories,
        "mentors": list(blocks.mentors),
        "featured": list(listing.featured),  # the kept view's lists are shared: the state gets lists of its own
        "languages": list(blocks.languages),
        "top_price": top,
        "title": _title(query, categories),
        "courses": list(listing.courses),
        "total": result.total,
        "page": result.page,
        "pages": result.pages,
        "category": query.category or "",
        "rating": str(query.rating or ""),
        "chapters": query.chapters or "",
        "max_price": _plain_number(query.max_price) if query.max_price is not None else "",
        "sort": query.sort,
        "q": query.q or "",
        "level": query.level or "",
        "language": query.language or "",
        "duration": query.duration or "",
        "free": query.free,
        "price_draft": min(chosen, top),
        "error": "",
        "loading": False,
    }


def _plain_number(number: Decimal) -> str:
    """``number`` without trailing zeros after its point: 4000, 4000.5 (a bare strip made 4000 into "4")."""
    text = f"{number:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _title(query: catalog.ListingQuery, categories: list[Category]) -> str:
    if query.q:
        return f'Results for "{query.q}"'
    category = query.category
    if not category:
        return "All Courses"
    wanted = category.strip().lower()
    for item in categories:
        if wanted in (item.slug, item.name.lower()):
            return f"{item.name} Courses"
    return f"{category.strip().title()} Courses"


# The choices that narrow the list (the URL's choices but the sort): with any of them, Clear filters is offered
# (ListingState.any_filter, which names them itself so that Reflex sees what it depends on).
FILTER_VARS = tuple(key for key in FILTER_KEYS if key != "sort")


def shown_vars(listing: _Listing, query: catalog.ListingQuery, base: str) -> dict[str, Any]:
    """:func:`view_vars` with the computed vars they give (``price_label``, ``any_filter``): the whole listing state
    as a browser holds it, for a page's HTML to carry."""
    values = view_vars(listing, query, base)
    return {
        **values,
        "price_label": _price_label(values["price_draft"]),
        "any_filter": any(values[name] for name in FILTER_VARS),
    }


def _price_label(price: int) -> str:
    return f"Up to {_naira(price)}"


async def visitor_view(query: catalog.ListingQuery) -> _Listing:
    """A visitor's view of ``query``: kept, or read once for all who ask at once."""
    return _kept_listing(query, None) or await _read_view(query, None)


def read_visitor_view(session: Session, query: catalog.ListingQuery) -> _Listing:
    """A visitor's view of ``query`` read with ``session`` (its pages and sidebar kept per database)."""
    return _read_listing(session, query, None)


def _open_with(changes: dict[str, str]) -> str:
    """Script that opens the current view with ``changes`` the way the listing's other controls do, in the browser
    (assets/js/listing.js: filters back to page 1, the scroll kept)."""
    return f"window.naijaLearnListing?.go({json.dumps(changes)});"


class ListingState(rx.State):
    """One page of the filtered, sorted listing, with the sidebar's choices as read from the URL."""

    loading: bool = True
    error: str = ""
    title: str = "All Courses"
    courses: list[CourseTile] = []  # what the cards draw, not whole course answers
    total: int = 0
    page: int = 1
    pages: int = 1
    categories: list[Category] = []
    mentors: list[InstructorCard] = []
    featured: list[CourseTile] = []
    top_price: int = 0
    # The choices as they stand in the URL ("" when not chosen).
    category: str = ""
    rating: str = ""
    chapters: str = ""
    max_price: str = ""
    sort: str = "relevance"
    price_draft: int = 0
    q: str = ""
    level: str = ""
    language: str = ""
    duration: str = ""
    free: bool = False
    languages: list[str] = []

    @rx.var
    def price_label(self) -> str:
        """The slider's value in naira, as the label shows it."""
        return _price_label(self.price_draft)

    @rx.var
    def any_filter(self) -> bool:
        """Whether a filter narrows the list (Clear filters is offered)."""
        return bool(
            self.category
            or self.rating
            or self.chapters
            or self.max_price
            or self.level
            or self.language
            or self.duration
            or self.free
        )

    def _address(self) -> tuple[catalog.ListingQuery, str]:
        """The view the URL names and the listing address it is on. Each read of ``self.router`` builds it afresh
        from the tab's router data, so an event reads it once."""
        url = self.router.url
        path = url.path.rstrip("/")
        base = path if path in LISTING_PATHS else routes.CATEGORIES
        return catalog.ListingQuery.from_params(dict(url.query_parameters)), base

    @rx.event(supersedes=True)
    async def load(self):
        """Read the URL's filters, sort and page and show that page of courses: the page's on_load, and the one event
        the listing's controls send once they have put the chosen view's URL in the address bar (listing.js).

        The newest view wins. A control's load cancels an earlier control's unfinished read (``supersedes``: a newer
        chain's invocation cancels an older chain's, and an older chain's that comes later is dropped, but only
        while the newer one is unfinished). So a view chosen while the page's first load is on its way is asked for
        only once that load has answered (the show button waits for ``is_hydrated``, listing.js): the websocket's
        hydrate queues the page's load, with the address the page opened at, behind whatever the tab sent while it
        ran, and a quick newer view would have finished before it and been drawn over."""
        query, base = self._address()
        if not await self._show(query, base):
            return None
        if self.page != query.page:  # past the last page (an old link): the URL names the page shown
            params = dataclasses.replace(query, page=self.page).to_params()
            return rx.redirect(base + (f"?{urlencode(params)}" if params else ""), replace=True)
        return None

    async def _show(self, query: catalog.ListingQuery, base: str) -> bool:
        """Show the view ``query`` names at the listing address ``base``; False (and the error shown) when it could
        not be read."""
        user_id = await viewer_id(self)
        try:
            listing = _kept_listing(query, user_id) or await _read_view(query, user_id)
        except DomainError as error:
            self.error, self.loading = error.message, False
            return False
        except Exception:
            log.exception("Listing failed")
            self.error, self.loading = "Failed to fetch courses.", False
            return False
        # A var that did not change is not assigned again, so it is not sent again: the sidebar's blocks were half
        # of each reply, and a page change leaves the filters, the title and the totals as they were.
        assign_changed(self, **view_vars(listing, query, base))
        return True

    def _clamp_price(self, value: float | str) -> int:
        try:
            return max(0, min(int(float(value)), self.top_price))
        except (TypeError, ValueError):
            return self.price_draft

    @rx.event
    def preview_price(self, value: float):
        """Follow the slider while it moves (the label shows the value)."""
        self.price_draft = self._clamp_price(value)

    @rx.event
    def apply_price(self, value: float):
        """Show courses up to the slider's price (the slider at its top means no price limit)."""
        self.price_draft = self._clamp_price(value)
        chosen = "" if self.price_draft >= self.top_price else str(self.price_draft)
        return rx.call_script(_open_with({"max_price": chosen}))
