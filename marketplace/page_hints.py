"""The pictures a listing page draws first, named in its HTML answer so the browser fetches them at once (issue 14).

A listing's cards (/categories, /courses, /search) arrive over the websocket: the browser learnt the first card's
picture, the page's largest paint on a phone, only after the page's scripts had run, the socket had connected and
the page's on_load had read the database. The server already keeps that page of courses for every visitor
(:func:`marketplace.states.listing.listing_page`), so the page's HTML answer names the first cards' pictures in
a ``Link: <...>; rel=preload; as=image`` header: they download beside the scripts, and the cards draw with their
pictures as soon as they arrive. A hint is only a hint: when it cannot be worked out the page is served without.
"""

from __future__ import annotations

import logging
from urllib.parse import parse_qsl

from marketplace.db.engine import in_session_thread
from marketplace.domain.listing import ListingQuery
from marketplace.states.listing import LISTING_PATHS, listing_page

log = logging.getLogger(__name__)

# The first row of cards on a desktop (three columns); a phone shows the first, which gets the high priority.
FIRST_CARDS = 3


async def first_images(path: str, query_string: str, *, url: str | None = None) -> list[str]:
    """The app's own pictures of the first cards of the listing page at ``path?query_string`` ([] elsewhere);
    ``url``: the database (default: the configured one)."""
    if (path.rstrip("/") or "/") not in LISTING_PATHS:
        return []
    query = ListingQuery.from_params(dict(parse_qsl(query_string)))
    try:
        page = await in_session_thread(lambda session: listing_page(session, query), readonly=True, url=url)
    except Exception:  # the page itself reports what went wrong; the hint is left out
        log.warning("No preload hint for %s?%s", path, query_string, exc_info=True)
        return []
    # Only the app's own files: a course's picture may be an outside link, which the page does not load either.
    return [card.thumbnail for card in page.data[:FIRST_CARDS] if card.thumbnail.startswith("/")]


def preload_header(images: list[str]) -> str:
    """The ``Link`` header value for ``images``, the first one asked for first."""
    return ", ".join(
        f"<{src}>; rel=preload; as=image" + ("; fetchpriority=high" if i == 0 else "") for i, src in enumerate(images)
    )
