"""Typed view models for the catalog pages (home, listing, course, teacher and mentor), built from domain dicts.

Builders read the catalog's JSON-ready dicts (marketplace.domain.catalog_shapes) and the review domain's dicts,
and tolerate a missing key: a page never crashes on a half-filled record.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from marketplace.views.cards import PLACEHOLDER_AVATAR

SOCIAL_ICONS = (
    ("website", "Website", "globe"),
    ("linkedin", "LinkedIn", "briefcase"),
    ("x", "X", "at-sign"),
    ("youtube", "YouTube", "circle-play"),
    ("facebook", "Facebook", "users"),
)


@dataclasses.dataclass
class StatView:
    """One figure of the home statistics strip."""

    value: str = ""
    label: str = ""


@dataclasses.dataclass
class CategoryView:
    """A category with its real course count."""

    id: int = 0
    name: str = ""
    slug: str = ""
    icon: str = "book-open"
    course_count: int = 0
    href: str = ""


@dataclasses.dataclass
class ReviewView:
    """One review as a list shows it."""

    id: int = 0
    author: str = ""
    initials: str = ""
    avatar: str = ""
    rating: float = 0.0
    comment: str = ""
    date_text: str = ""
    subject: str = ""
    subject_href: str = ""
    reply: str = ""  # the instructor's answer, if any
    reply_date_text: str = ""


@dataclasses.dataclass
class StarBarView:
    """One bar of the per-star distribution."""

    stars: int = 5
    count: int = 0
    percent: int = 0


@dataclasses.dataclass
class ReviewSummaryView:
    """Average, count and per-star distribution."""

    average: float = 0.0
    average_text: str = "0.0"
    total: int = 0
    bars: list[StarBarView] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class SectionView:
    """One syllabus section, and how its preview plays."""

    id: int = 0
    title: str = ""
    is_preview: bool = False
    label: str = "Video"
    duration_text: str = ""
    kind: str = "none"  # youtube | native | frame | none (only previews carry a playable source)
    src: str = ""
    mime: str = ""


@dataclasses.dataclass
class LinkView:
    """A labelled outbound link with its lucide icon."""

    label: str = ""
    icon: str = ""
    href: str = ""


@dataclasses.dataclass
class InstructorDetailView:
    """Everything a teacher or mentor page shows."""

    id: int = 0
    user_id: int = 0
    name: str = ""
    role: str = "Teacher"
    title: str = ""
    profession: str = ""
    picture: str = PLACEHOLDER_AVATAR
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    students: int = 0
    students_text: str = "0"
    course_count: int = 0
    about: str = ""
    expertise: list[str] = dataclasses.field(default_factory=list)
    experience: str = ""
    links: list[LinkView] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class CourseDetailView:
    """Everything the course page shows about the course itself."""

    id: int = 0
    title: str = ""
    description: str = ""
    thumbnail: str = ""
    price_text: str = ""
    original_price_text: str = ""
    discount_percentage: int = 0
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    lectures: int = 0
    level: str = ""
    hours: int = 0
    categories: list[str] = dataclasses.field(default_factory=list)
    instructor_id: int = 0
    instructor_name: str = ""


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _rating(value: Any) -> float:
    try:
        rating = float(value or 0)
    except (TypeError, ValueError):
        rating = 0.0
    return round(min(max(rating, 0.0), 5.0), 1)


def initials(name: str) -> str:
    """Up to two initials of a name, upper-cased ("?" when there is no name)."""
    parts = [p for p in name.split() if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def compact_count(value: int) -> str:
    """A figure for the statistics strip: ``12``, ``1.2K+``... never rounded up past the truth."""
    if value >= 1_000_000:
        return f"{value // 100_000 / 10:g}M+"
    if value >= 1_000:
        return f"{value // 100 / 10:g}K+"
    return str(value)


def category_view(data: Mapping[str, Any], listing_path: str = "/categories") -> CategoryView:
    """A category card from the catalog's category dict."""
    slug = str(data.get("slug") or "")
    return CategoryView(
        id=_int(data.get("id") or data.get("_id")),
        name=str(data.get("name") or ""),
        slug=slug,
        icon=str(data.get("icon") or "book-open"),
        course_count=_int(data.get("course_count", data.get("courseCount", data.get("courses")))),
        href=f"{listing_path}?category={quote(slug)}" if slug else listing_path,
    )


def date_text(iso_value: Any) -> str:
    """``12 Mar 2025`` from an ISO timestamp; "" when unreadable."""
    try:
        moment = datetime.fromisoformat(str(iso_value))
    except (TypeError, ValueError):
        return ""
    return f"{moment.day} {moment:%b %Y}"


def review_view(data: Mapping[str, Any]) -> ReviewView:
    """A review from the review domain's dict (``authorName``, ``avatar``, ``rating``, ``comment``...)."""
    author = str(data.get("authorName") or data.get("author") or "Learner")
    course_id, target_id = data.get("courseId"), data.get("targetId")
    href = ""
    if course_id:
        href = f"/courses/{course_id}"
    elif target_id:
        href = f"/mentors/{target_id}"
    return ReviewView(
        id=_int(data.get("id")),
        author=author,
        initials=initials(author),
        avatar=str(data.get("avatar") or ""),
        rating=_rating(data.get("rating")),
        comment=str(data.get("comment") or ""),
        date_text=date_text(data.get("created_at") or data.get("date")),
        subject=str(data.get("targetTitle") or data.get("courseTitle") or ""),
        subject_href=href,
        reply=str(data.get("reply") or ""),
        reply_date_text=date_text(data.get("repliedAt")) if data.get("repliedAt") else "",
    )


def summary_view(data: Mapping[str, Any]) -> ReviewSummaryView:
    """The review summary with one bar per star, 5 down to 1."""
    total = _int(data.get("totalReviews"))
    distribution = data.get("distribution") or {}
    bars = []
    for stars in (5, 4, 3, 2, 1):
        count = _int(distribution.get(stars, distribution.get(str(stars), 0)))
        bars.append(StarBarView(stars=stars, count=count, percent=round(100 * count / total) if total else 0))
    average = _rating(data.get("averageRating"))
    return ReviewSummaryView(average=average, average_text=f"{average:.1f}", total=total, bars=bars)


def section_view(data: Mapping[str, Any], duration: str = "") -> SectionView:
    """A syllabus section; only preview sections keep their playable source."""
    is_preview = bool(data.get("isPreview", data.get("is_preview", False)))
    return SectionView(
        id=_int(data.get("id") or data.get("_id")),
        title=str(data.get("title") or ""),
        is_preview=is_preview,
        label="Preview" if is_preview else "Video",
        duration_text=duration or str(data.get("duration") or data.get("duration_text") or ""),
        kind=str(data.get("kind") or "none") if is_preview else "none",
        src=str(data.get("src") or "") if is_preview else "",
        mime=str(data.get("mime") or "") if is_preview else "",
    )


def social_links(socials: Mapping[str, Any]) -> list[LinkView]:
    """Outbound buttons for the http(s) links an instructor has filled in, in a fixed order."""
    links = []
    for key, label, icon in SOCIAL_ICONS:
        href = str(socials.get(key) or "").strip()
        if href.lower().startswith(("http://", "https://")):
            links.append(LinkView(label=label, icon=icon, href=href))
    return links


def instructor_detail(data: Mapping[str, Any]) -> InstructorDetailView:
    """A teacher/mentor page from the catalog's instructor dict."""
    rating = _rating(data.get("rating", data.get("avgRating")))
    expertise = data.get("expertise") or []
    return InstructorDetailView(
        id=_int(data.get("id") or data.get("_id")),
        user_id=_int(data.get("user_id") or data.get("userId")),
        name=str(data.get("name") or ""),
        role=str(data.get("role") or "Teacher"),
        title=str(data.get("title") or data.get("profession") or ""),
        profession=str(data.get("profession") or ""),
        picture=str(data.get("picture") or data.get("profilePicture") or PLACEHOLDER_AVATAR),
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=_int(data.get("review_count", data.get("totalReviews"))),
        students=_int(data.get("students", data.get("studentsCount"))),
        students_text=f"{_int(data.get('students', data.get('studentsCount'))):,}",
        course_count=_int(data.get("course_count")),
        about=str(data.get("about") or data.get("bio") or ""),
        expertise=[str(e) for e in expertise if str(e).strip()] if isinstance(expertise, Iterable) else [],
        experience=str(data.get("experience") or ""),
        links=social_links(data.get("socials") or {"website": data.get("website")}),
    )


def course_detail(data: Mapping[str, Any]) -> CourseDetailView:
    """The course page's own fields from the catalog's course dict."""
    rating = _rating(data.get("rating"))
    instructor = data.get("instructor")
    name = str(data.get("instructor_name") or "")
    if isinstance(instructor, Mapping):
        name = name or str(instructor.get("name") or "")
    return CourseDetailView(
        id=_int(data.get("id") or data.get("_id")),
        title=str(data.get("title") or ""),
        description=str(data.get("description") or ""),
        thumbnail=str(data.get("thumbnail") or ""),
        price_text=str(data.get("price_text") or ""),
        original_price_text=str(data.get("original_price_text") or ""),
        discount_percentage=_int(data.get("discount_percentage")),
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=_int(data.get("review_count", data.get("reviewCount"))),
        lectures=_int(data.get("lectures")),
        level=str(data.get("level") or ""),
        hours=_int(data.get("hours")),
        categories=[str(c) for c in data.get("categories") or []],
        instructor_id=_int(data.get("instructor_id")),
        instructor_name=name,
    )


def share_links(url: str, title: str) -> list[LinkView]:
    """Share buttons for a page: WhatsApp, X, Facebook, LinkedIn (each opens in a new tab)."""
    u, text = quote(url, safe=""), quote(f"{title} {url}", safe="")
    return [
        LinkView("WhatsApp", "message-circle", f"https://wa.me/?text={text}"),
        LinkView("X", "at-sign", f"https://x.com/intent/post?url={u}&text={quote(title, safe='')}"),
        LinkView("Facebook", "users", f"https://www.facebook.com/sharer/sharer.php?u={u}"),
        LinkView("LinkedIn", "briefcase", f"https://www.linkedin.com/sharing/share-offsite/?url={u}"),
    ]
