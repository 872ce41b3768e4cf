"""The course listing at /categories and /courses: filters, sort and page all live in the URL query."""

import reflex as rx

from marketplace import routes
from marketplace.components.catalog_listing import listing
from marketplace.layouts import container, page
from marketplace.states.listing import ListingState


def _listing_page() -> rx.Component:
    return container(listing(), class_name="py-8 sm:py-10")


@page(routes.CATEGORIES, "Courses", on_load=ListingState.load)
def categories() -> rx.Component:
    """Courses by category (the header's Categories link)."""
    return _listing_page()


@page(routes.COURSES, "All Courses", on_load=ListingState.load)
def courses() -> rx.Component:
    """Every course (the See All links)."""
    return _listing_page()
