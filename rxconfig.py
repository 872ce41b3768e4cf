"""Reflex configuration: values come from marketplace.settings, the one reader of the environment."""

import reflex as rx
from reflex.plugins.sitemap import SitemapPlugin

from marketplace.route_pages import RoutePagesPlugin
from marketplace.settings import settings

config = rx.Config(
    app_name="marketplace",
    db_url=settings.database_url,
    redis_url=settings.redis_url or None,
    telemetry_enabled=False,
    # The same rule as marketplace.login_throttle.client_address, for the websocket's client address.
    trusted_proxy_hops=settings.trusted_proxy_hops,
    # Other sites allowed to call with credentials: only those named in CORS_ALLOWED_ORIGINS (Reflex's default,
    # "*" with credentials, would echo any site's Origin). The websocket's check is marketplace.web_security's.
    cors_allowed_origins=settings.cors_origins,
    show_built_with_reflex=False,
    frontend_compression_formats=["gzip"],
    # RoutePagesPlugin: a page per dynamic route naming its own scripts (marketplace.route_pages, issue 14).
    plugins=[rx.plugins.TailwindV4Plugin(), RoutePagesPlugin()],
    disable_plugins=[SitemapPlugin],
)
