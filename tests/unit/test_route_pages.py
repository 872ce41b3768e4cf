"""A dynamic route's page names its own scripts (marketplace.route_pages) and is served at the route's addresses
(marketplace.static_pages), without hiding a real file or changing a build that has no such page."""

from __future__ import annotations

import gzip
import json

import pytest
from reflex.utils.precompressed_staticfiles import PrecompressedStaticFiles
from starlette.testclient import TestClient

from marketplace.route_pages import route_page_name, write_route_pages
from marketplace.static_pages import PageFiles

FALLBACK = (
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/root-1.js"/>'
    '<link rel="modulepreload" href="/assets/shared-1.js"/>'
    '<link href="/assets/styles-1.css" rel="stylesheet" type="text/css"/></head><body>shell</body></html>'
)
MANIFEST = {
    "entry": {"module": "/assets/entry-1.js", "imports": []},
    "routes": {
        "root": {"id": "root", "path": "", "module": "/assets/root-1.js", "imports": ["/assets/shared-1.js"]},
        "routes/[categories]._index": {"path": "categories", "module": "/assets/categories-1.js", "imports": []},
        "routes/[courses].$[course_id]._index": {
            "path": "courses/:course_id",
            "module": "/assets/course-1.js",
            "imports": ["/assets/shared-1.js", "/assets/course-parts-1.js"],
        },
        "routes/$": {"path": "*", "module": "/assets/splat-1.js", "imports": []},
    },
}


@pytest.fixture
def build(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "manifest-abc.js").write_text("window.__reactRouterManifest=" + json.dumps(MANIFEST) + ";")
    (tmp_path / "__spa-fallback.html").write_text(FALLBACK)
    (tmp_path / "404.html").write_text(FALLBACK)
    (tmp_path / "favicon.ico").write_bytes(b"icon")
    return tmp_path


def test_each_dynamic_route_gets_a_page_naming_its_scripts(build):
    written = write_route_pages(build)
    assert [p.relative_to(build).as_posix() for p in written] == ["__routes/courses/[course_id].html"]
    page = (build / route_page_name("courses/[course_id]")).read_text()
    # The route's module and the import the shell did not name yet, before the stylesheet; nothing else changes.
    added = (
        '<link rel="modulepreload" href="/assets/course-1.js"/>'
        '<link rel="modulepreload" href="/assets/course-parts-1.js"/>'
    )
    assert page == FALLBACK.replace('<link href="/assets/styles-1.css"', added + '<link href="/assets/styles-1.css"')
    assert page.count("shared-1.js") == 1


def test_a_build_without_a_fallback_page_is_left_alone(build):
    (build / "__spa-fallback.html").unlink()
    assert write_route_pages(build) == []
    assert not (build / "__routes").exists()


def _files(build, router) -> PageFiles:
    return PageFiles.like(PrecompressedStaticFiles(directory=build, html=True, encodings=["gzip"], router=router))


def test_the_route_page_is_served_at_the_routes_addresses(build):
    write_route_pages(build)
    page = (build / route_page_name("courses/[course_id]")).read_text()
    (build / "__routes/courses/[course_id].html.gz").write_bytes(gzip.compress(page.encode()))
    client = TestClient(_files(build, lambda path: "courses/[course_id]" if path.startswith("/courses/") else None))
    for path in ("/courses/7", "/courses/7/"):
        response = client.get(path, headers={"Accept-Encoding": "identity"})
        assert response.status_code == 200 and response.text == page, path
    zipped = client.get("/courses/7", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and zipped.text == page


def test_a_real_file_and_a_build_without_route_pages_answer_as_before(build):
    client = TestClient(_files(build, lambda path: "[slug]"))  # a route that matches every address
    write_route_pages(build)
    (build / "__routes" / "[slug].html").write_text("route page")
    assert client.get("/favicon.ico").content == b"icon"
    assert client.get("/anything").text == "route page"
    (build / "__routes" / "[slug].html").unlink()
    assert client.get("/anything").text == FALLBACK  # the SPA fallback, as Reflex serves it
