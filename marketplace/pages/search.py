"""The search results page /search?q=: the listing's filters, sort and pager over the courses matching ``q``."""

import reflex as rx

from marketplace import routes
from marketplace.components.catalog_listing import listing
from marketplace.layouts import container, page
from marketplace.states.listing import ListingState


@page(routes.SEARCH, "Search courses", on_load=ListingState.load)
def search_results() -> rx.Component:
    """Courses matching what was typed in the header's search box (Enter), ranked titles first."""
    return container(listing(), class_name="py-8 sm:py-10")
