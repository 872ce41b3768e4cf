"""What a listing page's HTML answer carries so that its first cards show without waiting for the websocket (issue 14).

A listing's cards (/categories, /courses, /search) arrive over the websocket: the browser learnt the first card's
picture, the page's largest paint on a phone, only after the page's scripts had run, the socket had connected and
the page's on_load had read the database, and drew the cards only then. The server already keeps that view for
every visitor (:func:`marketplace.states.listing.visitor_view`), so the page's HTML answer carries:

- the first page's cards, drawn in the grid's place (:mod:`marketplace.components.first_cards`): they paint with
  the page's heading, before any script has run;
- the listing as a visitor sees it (the listing state's vars, as Reflex would send them) in a
  ``<script type="application/json" id="first-listing">`` that the page applies to its state when it mounts
  (:mod:`marketplace.components.first_listing`): React's own cards take the drawn ones' place, the same markup, and
  the websocket's answer, the same for a visitor, changes nothing on screen (a signed-in learner's Enrolled marks
  come with it);
- the first card's picture in a ``Link: <...>; rel=preload; as=image; fetchpriority=high`` header. The other cards'
  pictures are in the HTML, lazy: a phone's browser asks for them as it lays them out, after the page's own files.

A hint is only a hint: when it cannot be worked out the page is served without.
"""

from __future__ import annotations

import dataclasses
import logging
from urllib.parse import parse_qsl

from reflex_base.constants.state import FIELD_MARKER
from reflex_base.utils.format import json_dumps

from marketplace.components.first_cards import cards_html, with_cards
from marketplace.db.engine import in_session_thread
from marketplace.domain.listing import ListingQuery
from marketplace.states.listing import LISTING_PATHS, ListingState, read_visitor_view, shown_vars, visitor_view

log = logging.getLogger(__name__)

# The pictures named in the answer's header: the first card's, a phone's largest paint. Naming the first row's
# (three on a desktop) made a phone fetch two pictures below its fold beside the page's own files.
PRELOADED = 1


FIRST_LISTING_ID = "first-listing"


@dataclasses.dataclass(frozen=True)
class ListingHints:
    images: list[str]  # the app's own picture of the first card (PRELOADED), the page's largest paint on a phone
    state: str  # the listing state's vars as a Reflex delta, JSON safe inside a <script> element
    cards: str = ""  # the first page's cards as HTML, for the grid's place (marketplace/components/first_cards.py)


def _address(path: str) -> str:
    return path.rstrip("/") or "/"


def is_listing(path: str) -> bool:
    return _address(path) in LISTING_PATHS


async def listing_hints(path: str, query_string: str, *, url: str | None = None) -> ListingHints | None:
    """What the listing page at ``path?query_string`` carries for a visitor (None elsewhere, or when it cannot be
    read); ``url``: the database (default: the configured one, whose views the process keeps)."""
    if not is_listing(path):
        return None
    query = ListingQuery.from_params(dict(parse_qsl(query_string)))
    try:
        if url is None:
            view = await visitor_view(query)
        else:
            view = await in_session_thread(lambda session: read_visitor_view(session, query), readonly=True, url=url)
    except Exception:  # the page itself reports what went wrong; the hints are left out
        log.warning("No hints for %s?%s", path, query_string, exc_info=True)
        return None
    # Only the app's own files: a course's picture may be an outside link, which the page does not load either.
    images = [card.thumbnail for card in view.result.data[:PRELOADED] if card.thumbnail.startswith("/")]
    values = shown_vars(view, query, _address(path))
    delta = {ListingState.get_full_name(): {name + FIELD_MARKER: value for name, value in values.items()}}
    return ListingHints(
        images=images,
        state=script_safe(json_dumps(delta, separators=(",", ":"))),
        cards=cards_html(values["courses"], values["pages"]),
    )


def script_safe(text: str) -> str:
    """JSON ``text`` that cannot end its ``<script>`` element or open a comment there: ``<``, ``>`` and ``&`` as
    escapes (a course title may hold ``</script>``); JSON.parse reads them back as the same characters."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def with_listing(html: bytes, state: str, cards: str = "") -> bytes:
    """The page ``html`` with the listing ``state`` before its ``</body>`` (unchanged when it has none), and
    ``cards`` in the grid's place (first_cards.with_cards)."""
    html = with_cards(html, cards)
    script = f'<script type="application/json" id="{FIRST_LISTING_ID}">{state}</script>'.encode()
    at = html.rfind(b"</body>")
    return html if at < 0 else html[:at] + script + html[at:]


def preload_header(images: list[str]) -> str:
    """The ``Link`` header value for ``images``, the first one asked for first."""
    return ", ".join(
        f"<{src}>; rel=preload; as=image" + ("; fetchpriority=high" if i == 0 else "") for i, src in enumerate(images)
    )
