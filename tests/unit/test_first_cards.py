"""The listing's first cards as the server draws them into the page (marketplace/components/first_cards.py). That
they are React's cards, element by element, is checked in the browser (tests/e2e/test_listing_first_paint.py)."""

from __future__ import annotations

import re

from marketplace.components import first_cards
from marketplace.shapes.catalog import CourseTile, TeacherRef


def _tile(**fields) -> CourseTile:
    base = {
        "id": 7,
        "title": "Intro to Yoruba",
        "thumbnail": "/images/courses/7.webp",
        "price_text": "NGN5,000",
        "rating": 4.5,
        "rating_text": "4.5",
        "review_count": 12,
        "lectures": 9,
        "level": "Beginner",
        "instructor": TeacherRef(id=3, name="Ada Obi"),
    }
    return CourseTile(**{**base, **fields})


def _stars(html: str) -> list[tuple[str, str]]:
    return re.findall(r'class="lucide lucide-(star(?:-half)?) ([^"]*)"', html)


def test_a_card_shows_what_the_listing_card_shows():
    html = first_cards.cards_html([_tile(original_price_text="NGN8,000")])
    assert 'href="/courses/7"' in html and ">Intro to Yoruba</a></h3>" in html
    assert ">By Ada Obi</p>" in html and ">(12 reviews)</span>" in html and ">9 lectures · Beginner</p>" in html
    assert ">NGN5,000</span>" in html and ">NGN8,000</del>" in html
    assert 'aria-label="Rated 4.5 out of 5"' in html
    assert 'aria-label="Add Intro to Yoruba to wishlist"' in html and " disabled=" in html


FULL, HALF = ("star", "fill-amber-500 text-amber-500"), ("star-half", "fill-amber-500 text-amber-500")
EMPTY = ("star", "text-gray-300")


def test_whole_half_and_empty_stars_follow_the_rating():
    assert _stars(first_cards.cards_html([_tile(rating=4.5)])) == [FULL] * 4 + [HALF]
    assert _stars(first_cards.cards_html([_tile(rating=4.4)])) == [FULL] * 4 + [EMPTY]
    assert _stars(first_cards.cards_html([_tile(rating=0.0)])) == [EMPTY] * 5
    assert _stars(first_cards.cards_html([_tile(rating=5.0)])) == [FULL] * 5


def test_only_the_first_card_brings_its_picture_and_it_comes_first():
    html = first_cards.cards_html([_tile(id=1, thumbnail="/a.webp"), _tile(id=2, thumbnail="/b.webp"), _tile(id=3)])
    assert re.findall(r'<img src="([^"]*)"', html) == ["/a.webp"]
    assert 'fetchpriority="high"' in html and 'loading="eager"' in html
    assert html.count(first_cards.PICTURE_PLACE_CLASS) == 2
    # From the third card on, a card is laid out only as it nears the screen, as React's listing cards are.
    articles = re.findall(r'<article class="([^"]*)"', html)
    assert ["content-visibility" in classes for classes in articles] == [False, False, True]


def test_text_from_the_catalog_is_escaped():
    html = first_cards.cards_html([_tile(title='<b>"Bold"</b> & co', price_text="NGN1<2")])
    assert "<b>" not in html and "&lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; co</a>" in html
    assert 'aria-label="Add &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; co to wishlist"' in html
    assert "NGN1&lt;2" in html


def test_an_enrolled_learners_card_offers_to_watch():
    html = first_cards.cards_html([_tile(enrolled=True)])
    assert ">Enrolled</span>" in html and 'href="/order-complete/7"' in html and ">Watch Now</a>" in html
    assert "NGN5,000" not in html


def test_no_courses_draw_nothing_and_the_skeleton_stays():
    assert first_cards.cards_html([]) == ""
    page = f"<div>{first_cards.SKELETON_HTML}</div>".encode()
    assert first_cards.with_cards(page, "") == page
    assert first_cards.with_cards(page, "<p>cards</p>") == b"<div><p>cards</p></div>"


def test_the_pagers_place_follows_the_cards_of_a_listing_with_more_pages():
    # ui.pager shows only for more than one page; its place keeps what follows the grid still when it comes.
    one_page, more_pages = first_cards.cards_html([_tile()], pages=1), first_cards.cards_html([_tile()], pages=3)
    assert first_cards.PAGER_PLACE not in one_page
    assert more_pages == one_page + first_cards.PAGER_PLACE
    assert first_cards.SKELETON_HTML.endswith(first_cards.PAGER_PLACE + "</div>")  # the skeleton expects pages
