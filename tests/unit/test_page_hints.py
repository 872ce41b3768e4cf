"""A listing page's HTML answer names the pictures of its first cards, so the browser fetches them with the
page's scripts instead of after the cards arrive over the websocket (issue 14: /categories' largest paint)."""

from __future__ import annotations

import asyncio

from starlette.testclient import TestClient

from marketplace import page_hints
from marketplace.static_pages import PageFiles
from tests.factories import make_course


def _images(path: str, query: str, db_url: str) -> list[str]:
    return asyncio.run(page_hints.first_images(path, query, url=db_url))


def _catalog(session) -> dict[str, int]:
    """Four published courses with their own pictures, and one whose picture is an outside link."""
    prices = {"a.webp": 900_000, "b.webp": 300_000, "c.webp": 600_000, "d.webp": 100_000}
    for name, kobo in prices.items():
        make_course(session, title=f"Course {name}", thumbnail=f"/images/courses/{name}", price_kobo=kobo)
    make_course(session, title="Linked", thumbnail="https://cdn.example.com/x.webp", price_kobo=200_000)
    return prices


def test_the_first_cards_of_the_sort_asked_for_are_named_in_their_order(session, db_url):
    _catalog(session)
    cheapest = _images("/categories", "sort=price_asc", db_url)
    # The cheapest three are d, the outside link (left out: the page does not load it either), then b.
    assert cheapest == ["/images/courses/d.webp", "/images/courses/b.webp"]
    dearest = _images("/courses/", "sort=price_desc&page=1", db_url)
    assert dearest == ["/images/courses/a.webp", "/images/courses/c.webp", "/images/courses/b.webp"]


def test_pages_that_are_not_listings_get_no_hint(session, db_url):
    _catalog(session)
    for path in ("/", "/login", "/courses/1", "/cart"):
        assert _images(path, "", db_url) == []


def test_a_listing_that_cannot_be_read_is_served_without_a_hint(db_url, monkeypatch):
    def broken(_session, _query):
        raise RuntimeError("database down")

    monkeypatch.setattr(page_hints, "listing_page", broken)
    assert _images("/categories", "", db_url) == []


def test_the_header_asks_for_the_first_picture_first():
    header = page_hints.preload_header(["/images/courses/1.webp", "/images/courses/2.webp"])
    assert header == (
        "</images/courses/1.webp>; rel=preload; as=image; fetchpriority=high, "
        "</images/courses/2.webp>; rel=preload; as=image"
    )


def test_only_html_pages_carry_the_header(tmp_path, monkeypatch):
    (tmp_path / "categories").mkdir()
    (tmp_path / "categories" / "index.html").write_text("<!doctype html><title>Courses</title>")
    (tmp_path / "app.js").write_text("console.log('hi')")
    asked: list[tuple[str, str]] = []

    async def hints(path: str, query: str) -> list[str]:
        asked.append((path, query))
        return ["/images/courses/7.webp"]

    monkeypatch.setattr(page_hints, "first_images", hints)
    client = TestClient(PageFiles(directory=tmp_path, html=True))
    page = client.get("/categories?sort=rating")
    assert page.status_code == 200
    assert page.headers["link"] == "</images/courses/7.webp>; rel=preload; as=image; fetchpriority=high"
    assert asked == [("/categories", "sort=rating")]
    script = client.get("/app.js")
    assert script.status_code == 200 and "link" not in script.headers
