"""The business: plain functions that take a database session. Never imports reflex or fastapi."""

# Registers the Course mapper hook that keeps search_text in step, wherever the domain is used.
from marketplace.domain import search as _search  # noqa: F401
