"""The toasts handlers return, each built once per message.

``toasts.success(message)`` builds the same JavaScript call out of a dozen Vars every time it is called; on
the add-to-cart event that was about a tenth of the server's time per click. An :class:`EventSpec` is
immutable, so one per (level, message) serves every tab; the messages are the product's fixed texts and the
domain's error messages, a small set, and the cache is bounded all the same.
"""

from __future__ import annotations

import functools

import reflex as rx
from reflex.event import EventSpec


@functools.lru_cache(maxsize=1024)
def _toast(level: str, message: str) -> EventSpec:
    return getattr(rx.toast, level)(message)


def success(message: str) -> EventSpec:
    """A green toast."""
    return _toast("success", message)


def error(message: str) -> EventSpec:
    """A red toast."""
    return _toast("error", message)


def info(message: str) -> EventSpec:
    """A neutral toast."""
    return _toast("info", message)
