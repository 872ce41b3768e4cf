"""How a section's video is played: embedded YouTube, a native <video> file, or a framed page.

docs/product.md's rule: YouTube links are embedded; mp4, webm, ogg and mov files play natively; any other
link opens in a frame. Anything that is not an http(s) link or a site path (``javascript:``, ``data:``
...) is never framed, because putting it in an iframe ``src`` would run it.
"""

from __future__ import annotations

import re
from typing import Literal
from urllib.parse import parse_qs, urlsplit

VideoKind = Literal["youtube", "native", "frame", "none"]

YOUTUBE_EMBED = "https://www.youtube-nocookie.com/embed/"
MEDIA_PREFIX = "/media/"  # where uploaded section files are served from

# Types for <source type=...>. A .mov is announced as mp4: browsers that would skip "video/quicktime"
# play the H.264 inside most .mov files fine.
NATIVE_TYPES = {
    "mp4": "video/mp4",
    "m4v": "video/mp4",
    "webm": "video/webm",
    "ogg": "video/ogg",
    "ogv": "video/ogg",
    "mov": "video/mp4",
}

_YOUTUBE_HOSTS = {
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "music.youtube.com",
    "youtube-nocookie.com",
    "www.youtube-nocookie.com",
}
_SHORT_HOSTS = {"youtu.be", "www.youtu.be"}
_VIDEO_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_PATH_PREFIXES = ("embed", "shorts", "live", "v", "e")
_TIME = re.compile(r"^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$")


def _start_seconds(value: str) -> int:
    """``90``, ``90s`` or ``1m30s`` as seconds; 0 when unreadable."""
    match = _TIME.match(value.strip().lower())
    if not match or not any(match.groups()):
        return 0
    hours, minutes, seconds = (int(part or 0) for part in match.groups())
    return hours * 3600 + minutes * 60 + seconds


def _youtube_id(host: str, path: str, query: dict[str, list[str]]) -> str | None:
    parts = [p for p in path.split("/") if p]
    if host in _SHORT_HOSTS:
        candidate = parts[0] if parts else ""
    elif parts[:1] == ["watch"] or (not parts and "v" in query):
        candidate = query.get("v", [""])[0]
    elif len(parts) >= 2 and parts[0] in _PATH_PREFIXES:
        candidate = parts[1]
    else:
        return None
    return candidate if _VIDEO_ID.match(candidate) else None


def youtube_embed_url(url: str) -> str | None:
    """The privacy-friendly embed URL for a YouTube link, or None when it is not one.

    Handles ``watch?v=``, ``youtu.be/``, ``/embed/``, ``/shorts/``, ``/live/`` and ``/v/`` links,
    with or without a scheme, and keeps a start time (``t=`` or ``start=``).
    """
    text = url.strip()
    if not re.match(r"^[a-z][a-z0-9+.-]*://", text, re.IGNORECASE):
        text = "https://" + text.lstrip("/")
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        return None
    host = (parts.hostname or "").lower()
    if host not in _YOUTUBE_HOSTS and host not in _SHORT_HOSTS:
        return None
    query = parse_qs(parts.query)
    video_id = _youtube_id(host, parts.path, query)
    if video_id is None:
        return None
    start = _start_seconds((query.get("t") or query.get("start") or [""])[0])
    if not start and parts.fragment.startswith("t="):
        start = _start_seconds(parts.fragment[2:])
    # enablejsapi: the player tells the page (postMessage) when the video ends, so the section completes.
    return f"{YOUTUBE_EMBED}{video_id}?enablejsapi=1" + (f"&start={start}" if start else "")


def _extension(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _is_safe_link(url: str) -> bool:
    """An http(s) link or a path on this site (but not a protocol-relative ``//host``)."""
    if url.startswith("/"):
        return not url.startswith("//") and "\\" not in url
    return urlsplit(url).scheme.lower() in ("http", "https")


def classify_video(url_or_file: str | None) -> tuple[VideoKind, str, str]:
    """Decide how to play a section's video.

    Args:
        url_or_file: A video link (YouTube, a file URL, any page) or the name of an uploaded file.
            Bare file names (no scheme, no leading slash) are served from ``/media/``.

    Returns:
        ``(kind, src, mime)``: ``("youtube", embed_url, "")``, ``("native", url, "video/mp4")``,
        ``("frame", url, "")``, or ``("none", "", "")`` when there is nothing safe to play.
    """
    text = (url_or_file or "").strip()
    if not text:
        return ("none", "", "")
    embed = youtube_embed_url(text)
    if embed:
        return ("youtube", embed, "")
    has_scheme = bool(re.match(r"^[a-z][a-z0-9+.-]*:", text, re.IGNORECASE))
    if not has_scheme and not text.startswith("/"):
        if "/" in text.split("?", 1)[0] and "." in text.split("/", 1)[0]:
            text = "https://" + text  # "example.com/video.mp4": a link typed without its scheme
        else:
            text = MEDIA_PREFIX + text  # an uploaded file name
    if not _is_safe_link(text):
        return ("none", "", "")
    mime = NATIVE_TYPES.get(_extension(urlsplit(text).path))
    if mime:
        return ("native", text, mime)
    return ("frame", text, "")


def section_video(video_url: str, video_file: str) -> tuple[VideoKind, str, str]:
    """Classify a section's video: an uploaded file, when there is one, wins over a link."""
    return classify_video(video_file or video_url)
