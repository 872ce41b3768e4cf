"""App assembly only: the Reflex app, its pages, and the JSON API mounted under /api."""

import reflex as rx

from marketplace.api.app import create_api
from marketplace.hydrate_snapshot import use_fast_hydrate
from marketplace.layouts import head_components, toaster
from marketplace.logs import RequestIds
from marketplace.one_reply import answer_in_one_message
from marketplace.pages import (  # noqa: F401  (importing a page module registers its routes)
    auth,
    catalog,
    certificates,
    chat,
    commerce,
    course,
    faq,
    home,
    learning,
    notifications,
    orders,
    profile,
    reviews,
    search,
    studio,
    studio_earnings,
    teach,
    teachers,
)
from marketplace.pages.not_found import not_found
from marketplace.runtime import server_lifespan
from marketplace.state_manager import use_our_state_manager
from marketplace.static_pages import serve_pages_directly
from marketplace.web_security import BodyLimit, SecurityHeaders, UploadGuard, restrict_websocket_origins

app = rx.App(
    # Applied in order: the API wraps Reflex's own endpoints and pages, then the upload check, then the
    # size limit, then the security headers, so every answer (the upload check's too) carries them; the
    # request id outermost, so every answer carries it and every record logged while answering names it.
    api_transformer=[create_api(), UploadGuard, BodyLimit, SecurityHeaders, RequestIds],
    toaster=toaster(),
    head_components=head_components(),
)
app.add_page(not_found, route="404", title="Page not found | Naija Learn")
app.register_lifespan_task(server_lifespan)
restrict_websocket_origins(app)
# Pages and assets straight from the build, inside the middlewares above but not the API's (issue 14).
serve_pages_directly(app)
# Reflex's disk manager stats every state file every 2 s; its Redis one can leave a lock held (state_manager.py).
use_our_state_manager(app)
# A page load's snapshot leaves out the vars still at their compiled defaults without making them (issue 14).
use_fast_hydrate()
# An event's delta and its toast or redirect go to the browser in one message, not two (issue 14).
answer_in_one_message(app)
