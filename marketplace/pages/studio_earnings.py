"""Page: an instructor's earnings (/studio/earnings). Guests log in first (routes.GUARDED); learners are sent to
/teach by the state's on_load."""

import reflex as rx

from marketplace import routes
from marketplace.components.studio_earnings import earnings_view
from marketplace.components.studio_shell import studio_page
from marketplace.layouts import page
from marketplace.states.studio_earnings import StudioEarningsState


@page(routes.STUDIO_EARNINGS, "Earnings", on_load=StudioEarningsState.load)
def studio_earnings() -> rx.Component:
    """Totals, what is owed, each course, each sale, the CSV and payout details."""
    return studio_page("Earnings", earnings_view(), active=routes.STUDIO_EARNINGS)
