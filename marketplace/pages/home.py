"""The home page: continue learning (signed-in learners), hero, statistics, top categories, courses and
instructors, testimonials, calls to action."""

import reflex as rx

from marketplace import routes
from marketplace.components.catalog_home import (
    calls_to_action,
    continue_learning,
    hero,
    stats_strip,
    top_categories,
    top_courses,
    top_instructors,
)
from marketplace.components.home_testimonials import testimonials
from marketplace.layouts import page
from marketplace.states.home import HomeState


@page(routes.HOME, "Home", on_load=HomeState.load)
def home() -> rx.Component:
    """Home."""
    return rx.fragment(
        continue_learning(),
        hero(),
        stats_strip(),
        top_categories(),
        top_courses(),
        top_instructors(),
        testimonials(),
        calls_to_action(),
    )
