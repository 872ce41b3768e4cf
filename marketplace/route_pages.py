"""A page per dynamic route that names its own scripts, written after the production build (issue 14).

React Router prerenders the pages whose address is fixed (``/categories``); a page with a parameter
(``/courses/8``) is served the app's one SPA fallback page, which names only the root's scripts. The browser
learnt of the course page's own script (and the scripts that one imports) only once the root's had downloaded and
run: a round trip on a phone's connection spent before the page could draw anything of the course.

:class:`RoutePagesPlugin` (in ``rxconfig.py``) writes, for each such route, a copy of the fallback page with
``<link rel="modulepreload">`` for that route's module and its imports, as ``__routes/<route>.html`` (e.g.
``__routes/courses/[course_id].html``); ``marketplace.static_pages`` serves it for the route's addresses. The page
is otherwise the same fallback page: React Router still renders it, it only finds the scripts already there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from reflex.plugins import Plugin

ROUTES_DIR = "__routes"
SPA_FALLBACK = "__spa-fallback.html"
_MANIFEST_PREFIX = "window.__reactRouterManifest="
_PARAM = re.compile(r"^:(\w+)$")


def route_page_name(route: str) -> str:
    """The file (under the build folder) of the page for a Reflex route such as ``courses/[course_id]``."""
    return f"{ROUTES_DIR}/{route.strip('/')}.html"


def _reflex_route(path: str) -> str | None:
    """``courses/:course_id`` → ``courses/[course_id]``; None for a route with no parameter or with a splat."""
    parts = path.strip("/").split("/")
    if "*" in path or not any(_PARAM.match(p) for p in parts):
        return None
    return "/".join(f"[{m.group(1)}]" if (m := _PARAM.match(p)) else p for p in parts)


def read_manifest(static_dir: Path) -> dict:
    """React Router's manifest of the build (``assets/manifest-<hash>.js``)."""
    for path in sorted((static_dir / "assets").glob("manifest-*.js")):
        text = path.read_text().strip()
        if text.startswith(_MANIFEST_PREFIX):
            return json.loads(text[len(_MANIFEST_PREFIX) :].rstrip(";"))
    msg = f"no React Router manifest in {static_dir / 'assets'}"
    raise FileNotFoundError(msg)


def write_route_pages(static_dir: Path) -> list[Path]:
    """Write the page of every dynamic route of the build in ``static_dir``; returns the files written."""
    fallback_path = static_dir / SPA_FALLBACK
    if not fallback_path.exists():
        return []
    fallback = fallback_path.read_text()
    head_end = fallback.index("</head>")
    # Before the stylesheet link when there is one, so the scripts are asked for in the order the page needs them.
    insert_at = fallback.find('<link href="/assets/', 0, head_end)
    insert_at = head_end if insert_at < 0 else insert_at
    written = []
    for route in read_manifest(static_dir)["routes"].values():
        reflex_route = _reflex_route(route.get("path") or "")
        if reflex_route is None or not route.get("module"):
            continue
        scripts = [route["module"], *route.get("imports", [])]
        links = "".join(
            f'<link rel="modulepreload" href="{src}"/>' for src in dict.fromkeys(scripts) if f'"{src}"' not in fallback
        )
        target = static_dir / route_page_name(reflex_route)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(fallback[:insert_at] + links + fallback[insert_at:])
        written.append(target)
    return written


class RoutePagesPlugin(Plugin):
    """Writes the dynamic routes' pages (:func:`write_route_pages`) after each production build."""

    def post_build(self, **context) -> None:
        """Called by Reflex once ``npm run export`` has written ``static_dir`` (before it compresses the files)."""
        write_route_pages(Path(context["static_dir"]))
