"""The listing a page's HTML carries, put into the listing state as the page mounts (issue 14).

A listing page's answer carries the view its address names, as a visitor sees it, in a
``<script type="application/json" id="first-listing">`` (marketplace/page_hints.py). This component's hook applies
it to the browser's copy of the listing state once, as the page mounts, before the websocket has connected: the
cards, the count and the sidebar draw with the page instead of a round trip or two later, which on a phone's slow
network is most of the wait for the first picture. The element is removed once read, so a later visit to a listing
inside the app waits for the websocket as every other page does; the websocket's answer, the same view for a
visitor, then changes nothing on screen.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.utils.imports import ImportDict, ImportVar

from marketplace.page_hints import FIRST_LISTING_ID

_APPLY = f"""
const firstListingDispatch = useContext(DispatchContext);
useLayoutEffect(() => {{
  const carried = document.getElementById("{FIRST_LISTING_ID}");
  if (!carried) return;
  carried.remove();
  let delta;
  try {{
    delta = JSON.parse(carried.textContent);
  }} catch (error) {{
    return;
  }}
  for (const [name, vars] of Object.entries(delta)) firstListingDispatch[name]?.(vars);
}}, []);
"""


class FirstListing(rx.Fragment):
    """Renders nothing; its hook applies the carried listing."""

    def add_imports(self) -> ImportDict:
        return {
            "react": [ImportVar(tag="useContext"), ImportVar(tag="useLayoutEffect")],
            "$/utils/context-registry": [ImportVar(tag="DispatchContext")],
        }

    def add_hooks(self) -> list[str | rx.Var]:
        return [_APPLY]


first_listing = FirstListing.create
