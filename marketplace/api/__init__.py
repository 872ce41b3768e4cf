"""The JSON API under /api, served by FastAPI mounted into the Reflex app."""
