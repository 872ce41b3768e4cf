"""Short-lived signed links to our own media routes: an HMAC of the key and the expiry with the app's secret."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from urllib.parse import urlencode

from marketplace.settings import settings

MEDIA_ROUTE = "/api/media/"


def _signature(key: str, expires: int) -> str:
    # A purpose prefix, so no other signature made with the same secret can be replayed as a media link.
    message = f"media-link\n{key}\n{expires}".encode()
    digest = hmac.new(settings.secret_key.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def signed_path(key: str, seconds: int, *, now: float | None = None) -> str:
    """``/api/media/<key>?exp=<unix time>&sig=<hmac>``, good for ``seconds`` from ``now``."""
    expires = int((now if now is not None else time.time()) + seconds)
    return f"{MEDIA_ROUTE}{key}?{urlencode({'exp': expires, 'sig': _signature(key, expires)})}"


def check_signature(key: str, exp: str, sig: str, *, now: float | None = None) -> int | None:
    """The seconds the link still works when ``sig`` signs ``key`` until ``exp`` and that is not past, else None."""
    if not exp.isdigit() or len(exp) > 12 or not sig:
        return None
    expires = int(exp)
    if not hmac.compare_digest(_signature(key, expires), sig):
        return None
    left = expires - int(now if now is not None else time.time())
    return left if left > 0 else None
