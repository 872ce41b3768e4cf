"""Catalog shapes: what the screens read and what the API sends (the spec's names, exact money)."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from marketplace.components import cards
from marketplace.domain.catalog_cards import social_links
from marketplace.domain.catalog_views import compact_count, share_links, stat_figures
from marketplace.shapes.catalog import (
    CatalogStats,
    CourseCard,
    CourseTile,
    InstructorDetail,
    SearchResult,
    Section,
    TeacherPage,
    TeacherRow,
)


def test_instructor_links_out_only_to_web_addresses():
    links = social_links({"website": "https://tunde.dev", "x": "javascript:alert(1)", "linkedin": "https://li.com/t"})
    assert [(link.label, link.href) for link in links] == [
        ("Website", "https://tunde.dev"),
        ("LinkedIn", "https://li.com/t"),
    ]


def test_share_links_carry_the_page_address():
    links = {link.label: link.href for link in share_links("http://localhost:3000/courses/7", "Python & Data")}
    assert parse_qs(urlsplit(links["WhatsApp"]).query)["text"] == ["Python & Data http://localhost:3000/courses/7"]
    assert parse_qs(urlsplit(links["X"]).query)["url"] == ["http://localhost:3000/courses/7"]
    assert parse_qs(urlsplit(links["Facebook"]).query)["u"] == ["http://localhost:3000/courses/7"]
    assert links["LinkedIn"].startswith("https://www.linkedin.com/sharing/share-offsite/?url=http%3A%2F%2F")


def test_statistics_strip_never_rounds_up():
    assert compact_count(48) == "48" and compact_count(1250) == "1.2K+" and compact_count(1_999_999) == "1.9M+"
    figures = stat_figures(CatalogStats(courses=12, instructors=3, learners=1_050, categories=8))
    assert [(f.value, f.label) for f in figures] == [
        ("12", "Courses"),
        ("3", "Expert Instructors"),
        ("1K+", "Enrolled Learners"),
        ("8", "Categories"),
    ]


def test_money_is_exact_in_python_and_a_number_on_the_wire():
    card = CourseCard(id=4, price=Decimal("12345.50"), discounted_price=Decimal("12345.50"))
    assert card.model_dump()["price"] == Decimal("12345.50")  # what Reflex hands the screen: no float
    sent = card.model_dump(by_alias=True, mode="json")
    assert sent["price"] == 12345.5 and sent["discountedPrice"] == 12345.5 and sent["_id"] == sent["id"] == 4
    assert SearchResult(id=1, price=Decimal(25000)).model_dump(by_alias=True, mode="json")["price"] == 25000


def test_wire_names_follow_the_spec():
    section = Section(id=2, is_preview=True, video_url="/v.mp4", duration_text="5:00").model_dump(by_alias=True)
    assert section | {"_id": 2, "isPreview": True, "videoUrl": "/v.mp4", "duration": "5:00"} == section
    person = InstructorDetail(id=3, students=7, review_count=2, about="Hi", website="https://x.dev", picture="/p.png")
    sent = person.model_dump(by_alias=True)
    assert sent["studentsCount"] == sent["students"] == 7 and sent["totalReviews"] == sent["review"] == 2
    assert sent["about"] == sent["bio"] == "Hi" and sent["website"] == sent["portfolio"] == "https://x.dev"
    assert sent["profilePicture"] == sent["image"] == "/p.png" and sent["profile"]["profilePicture"] == "/p.png"
    assert "email" not in sent
    page = TeacherPage(data=[TeacherRow(id=1, user_id=9, course_count=2)], total=1, query="ada").model_dump(
        by_alias=True
    )
    assert page["teachers"][0] | {"userId": 9, "courseCount": 2} == page["teachers"][0] and page["query"] == "ada"


def test_a_course_tile_is_what_the_card_draws_and_much_less_than_the_course():
    card = CourseCard(
        id=7,
        title="Python for Data Analysis",
        description="Clean, analyse and visualise real data with Python, pandas and charts. " * 3,
        thumbnail="/media/7.webp",
        price=Decimal(15_000),
        price_text="NGN15,000",
        original_price=Decimal(20_000),
        original_price_text="NGN20,000",
        rating=4.6,
        rating_text="4.6",
        review_count=12,
        lectures=9,
        level="Beginner",
        categories=["Development", "Data"],
        category_slugs=["development", "data"],
        enrolled=True,
    )
    tile = CourseTile.of(card)
    drawn = set(re.findall(r"\bcourse\.([a-z_]+)", Path(cards.__file__).read_text()))
    assert drawn <= set(CourseTile.model_fields)  # every field the card reads is on the tile
    assert {name: getattr(tile, name) for name in drawn} == {name: getattr(card, name) for name in drawn}
    assert "description" not in tile.model_dump()
    assert len(json.dumps(tile.model_dump(mode="json"))) * 2 < len(json.dumps(card.model_dump(mode="json")))
