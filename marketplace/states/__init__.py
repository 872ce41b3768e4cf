"""Reflex states: thin, they call the domain and set vars, toasts and redirects."""
