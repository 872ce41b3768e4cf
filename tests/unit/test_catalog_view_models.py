"""View models of the catalog pages: what the pages show from the domain's dicts."""

from urllib.parse import parse_qs, urlsplit

from marketplace.views.catalog import (
    category_view,
    compact_count,
    course_detail,
    instructor_detail,
    review_view,
    section_view,
    share_links,
    summary_view,
)


def test_summary_has_one_bar_per_star_with_percentages():
    summary = summary_view({"averageRating": 3.75, "totalReviews": 4, "distribution": {5: 2, 4: 1, 3: 0, 2: 0, 1: 1}})
    assert summary.average == 3.8 and summary.average_text == "3.8"
    assert summary.total == 4
    assert [(b.stars, b.count, b.percent) for b in summary.bars] == [
        (5, 2, 50),
        (4, 1, 25),
        (3, 0, 0),
        (2, 0, 0),
        (1, 1, 25),
    ]


def test_summary_without_reviews_is_zero_not_a_division_error():
    summary = summary_view({"averageRating": 0, "totalReviews": 0, "distribution": {}})
    assert summary.average_text == "0.0" and all(b.percent == 0 for b in summary.bars)


def test_only_preview_sections_keep_a_playable_source():
    preview = section_view(
        {
            "id": 1,
            "title": "Intro",
            "isPreview": True,
            "kind": "native",
            "src": "/m.mp4",
            "mime": "video/mp4",
            "duration": "5:00",
        }
    )
    paid = section_view({"id": 2, "title": "Deep", "isPreview": False, "kind": "youtube", "src": "https://x"})
    assert (preview.label, preview.kind, preview.src, preview.duration_text) == ("Preview", "native", "/m.mp4", "5:00")
    assert (paid.label, paid.kind, paid.src) == ("Video", "none", "")


def test_instructor_links_out_only_to_web_addresses():
    view = instructor_detail(
        {
            "id": 3,
            "user_id": 9,
            "name": "Tunde Bakare",
            "rating": 7,
            "expertise": ["Python", " "],
            "socials": {
                "website": "https://tunde.dev",
                "x": "javascript:alert(1)",
                "linkedin": "https://linkedin.com/in/t",
            },
        }
    )
    assert view.rating == 5.0 and view.user_id == 9
    assert view.expertise == ["Python"]
    assert [(link.label, link.href) for link in view.links] == [
        ("Website", "https://tunde.dev"),
        ("LinkedIn", "https://linkedin.com/in/t"),
    ]


def test_share_links_carry_the_page_address():
    links = {link.label: link.href for link in share_links("http://localhost:3000/courses/7", "Python & Data")}
    assert parse_qs(urlsplit(links["WhatsApp"]).query)["text"] == ["Python & Data http://localhost:3000/courses/7"]
    assert parse_qs(urlsplit(links["X"]).query)["url"] == ["http://localhost:3000/courses/7"]
    assert parse_qs(urlsplit(links["Facebook"]).query)["u"] == ["http://localhost:3000/courses/7"]
    assert links["LinkedIn"].startswith("https://www.linkedin.com/sharing/share-offsite/?url=http%3A%2F%2F")


def test_small_shapes():
    assert compact_count(48) == "48" and compact_count(1250) == "1.2K+"
    assert category_view({"id": 1, "name": "Art & Design", "slug": "art-and-design", "course_count": 3}).href == (
        "/categories?category=art-and-design"
    )
    review = review_view(
        {
            "id": 1,
            "authorName": "Ada Obi",
            "rating": 5,
            "comment": "Good",
            "courseId": 4,
            "created_at": "2025-03-12T10:00:00+00:00",
        }
    )
    assert (review.initials, review.date_text, review.subject_href) == ("AO", "12 Mar 2025", "/courses/4")
    detail = course_detail(
        {
            "id": 2,
            "title": "T",
            "price": "15000.00",
            "price_text": "NGN15,000",
            "instructor": {"id": 1, "name": "Tunde"},
        }
    )
    assert detail.instructor_name == "Tunde" and detail.price_text == "NGN15,000"
