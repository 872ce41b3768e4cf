"""Catalog shapes: a course as a card, the teacher named on it, and an instructor (mentor) as a card.

Wire names follow docs/product.md (``_id``, ``discountedPrice``, ``reviewCount``...). The snake_case attributes
are what components read (``card.price_text``); the ``*_text`` fields are formatted once, here in the domain's
builders, from exact kobo, so a screen never formats or parses money.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field, computed_field

from marketplace.shapes.base import Naira, Page, Shape
from marketplace.shapes.reviews import Review, ReviewSummary


class WithUnderscoreId(Shape):
    """``id`` in Python, sent as both ``id`` and ``_id``: the product's records name themselves ``_id``."""

    id: int = 0

    @computed_field(alias="_id")  # type: ignore[prop-decorator]
    @property
    def underscore_id(self) -> int:
        """The same id under the product's ``_id`` name."""
        return self.id


class TeacherRef(WithUnderscoreId):
    """The instructor named on a course card: ``{id, _id, name}``."""

    name: str = ""


class CardFields(Shape):
    """What a course card draws (components/cards.py), besides its id and teacher: the fields every course answer
    and :class:`CourseTile` share."""

    title: str = ""
    thumbnail: str = ""  # resolved: an http(s) link, an app path, or the placeholder
    price_text: str = ""  # NGN15,000
    original_price_text: str = ""  # "" unless discounted
    rating: float = 0.0  # 0-5, one decimal
    rating_text: str = "0.0"
    review_count: int = 0
    lectures: int = 0
    level: str = ""
    enrolled: bool = False  # the viewer owns it (set per viewer, never cached across users)
    free: bool = False  # costs nothing: "Enroll for free" instead of the cart (price_text is "Free")


class CourseFields(CardFields, WithUnderscoreId):
    """What a course card and the course page share (everything but the instructor)."""

    description: str = ""
    price: Naira = Decimal(0)
    discounted_price: Naira = Decimal(0)
    original_price: Naira = Decimal(0)
    discount_percentage: int = 0
    hours: int = 0
    categories: list[str] = Field(default_factory=list)
    category: str = ""  # the first category's name
    category_slugs: list[str] = Field(default_factory=list)


class CourseCard(CourseFields):
    """A course as every list shows it (listing, home, related, search page, a mentor's courses)."""

    instructor: TeacherRef = Field(default_factory=TeacherRef)


class CourseTile(CardFields):
    """What a course card draws (components/cards.py) and nothing more: the listing's state holds these, so a page
    change sends six of them (about 1.6 KB on the demo catalog), not six whole :class:`CourseCard` answers (4.5 KB
    with their descriptions, category lists and prices as numbers)."""

    id: int = 0
    instructor: TeacherRef = Field(default_factory=TeacherRef)

    @classmethod
    def of(cls, card: CourseCard) -> CourseTile:
        """The card's drawn fields (taken as they are: the card was validated when it was made)."""
        return cls.model_construct(**{name: getattr(card, name) for name in cls.model_fields})


class InstructorCard(WithUnderscoreId):
    """An instructor (mentor) as the teacher and mentor lists show them."""

    user_id: int = 0
    first_name: str = ""
    last_name: str = ""
    name: str = ""
    role: str = "Teacher"
    title: str = ""
    profession: str = ""
    headline: str = ""
    picture: str = ""  # "" when none; the component draws the placeholder avatar
    rating: float = Field(default=0.0, alias="avgRating")
    rating_text: str = "0.0"
    review_count: int = Field(default=0, alias="totalReviews")
    students: int = Field(default=0, alias="studentsCount")
    course_count: int = 0
    mine: bool = False  # the viewer is this instructor


class Category(WithUnderscoreId):
    """A category with its real number of courses: ``{id, _id, name, slug, icon, courseCount}``."""

    name: str = ""
    slug: str = ""
    icon: str = "book-open"  # a lucide icon name
    course_count: int = 0
    href: str = ""  # the listing filtered to this category


class CatalogStats(Shape):
    """What the home page's statistics strip counts: courses, instructors, distinct enrolled learners, categories."""

    courses: int = 0
    instructors: int = 0
    learners: int = 0
    categories: int = 0


class StatFigure(Shape):
    """One figure of the statistics strip as shown: ``1.2K+`` over ``Courses``."""

    value: str = ""
    label: str = ""


class Section(WithUnderscoreId):
    """One section of a course's syllabus; only those the viewer may watch carry their video."""

    title: str = ""
    position: int = 0
    is_preview: bool = False
    label: str = "Video"  # Preview | Video
    video_url: str = ""  # "" unless playable by this viewer
    video_file: str = ""
    locked: bool = True
    kind: str = "none"  # youtube | native | frame | none
    src: str = ""
    mime: str = ""
    duration_seconds: int = 0
    duration_text: str = Field(default="", alias="duration")  # "5:07"; "" when unknown


class SocialLink(Shape):
    """A labelled outbound link with its lucide icon (an instructor's website, a share button)."""

    label: str = ""
    icon: str = ""
    href: str = ""


class InstructorDetail(InstructorCard):
    """An instructor with every field of docs/product.md's detail view (the email address stays private).

    docs/product.md names some fields twice (``studentsCount`` and ``students``, ``totalReviews`` and ``review``,
    ``about`` and ``bio``, ``website`` and ``portfolio``, ``picture``/``profilePicture``/``image``): the copies
    are computed here so Python code reads one name.
    """

    about: str = ""
    expertise: list[str] = Field(default_factory=list)
    experience: str = ""
    website: str = ""
    socials: dict[str, str] = Field(default_factory=dict)  # only the filled-in ones
    links: list[SocialLink] = Field(default_factory=list)  # the http(s) socials as buttons, in a fixed order
    students_text: str = "0"  # 1,234

    @computed_field(alias="students")  # type: ignore[prop-decorator]
    @property
    def students_total(self) -> int:
        """``studentsCount`` under the detail view's ``students`` name."""
        return self.students

    @computed_field(alias="review")  # type: ignore[prop-decorator]
    @property
    def review_total(self) -> int:
        """``totalReviews`` under the detail view's ``review`` name."""
        return self.review_count

    @computed_field(alias="bio")  # type: ignore[prop-decorator]
    @property
    def bio(self) -> str:
        """``about`` under docs/product.md's ``bio`` name."""
        return self.about

    @computed_field(alias="portfolio")  # type: ignore[prop-decorator]
    @property
    def portfolio(self) -> str:
        """``website`` under docs/product.md's ``portfolio`` name."""
        return self.website

    @computed_field(alias="profilePicture")  # type: ignore[prop-decorator]
    @property
    def profile_picture(self) -> str:
        """The picture under docs/product.md's ``profilePicture`` name."""
        return self.picture

    @computed_field(alias="image")  # type: ignore[prop-decorator]
    @property
    def image(self) -> str:
        """The picture under docs/product.md's ``image`` name."""
        return self.picture

    @computed_field(alias="profile")  # type: ignore[prop-decorator]
    @property
    def profile(self) -> dict[str, str]:
        """docs/product.md's ``profile: {headline, profilePicture}``."""
        return {"headline": self.headline, "profilePicture": self.picture}


class CourseDetail(CourseFields):
    """Everything the course page shows: the card's fields, the syllabus, the full instructor and the reviews."""

    subtitle: str = ""
    language: str = "English"
    learn: list[str] = Field(default_factory=list)  # What you'll learn
    requirements: list[str] = Field(default_factory=list)
    audience: list[str] = Field(default_factory=list)  # who the course is for
    instructor: InstructorDetail = Field(default_factory=InstructorDetail)
    sections: list[Section] = Field(default_factory=list)
    reviews: list[Review] = Field(default_factory=list)
    review_summary: ReviewSummary = Field(default_factory=ReviewSummary)
    teaches: bool = False  # the viewer is its instructor: "You teach this course", no cart, no review form
    # draft | published | unpublished: only its instructor (and, unpublished, its learners) see the last two
    status: str = "published"


class MentorPage(InstructorDetail):
    """The mentor page: the instructor's fields plus their ``courses``, newest ``reviews`` and ``reviewSummary``."""

    courses: list[CourseCard] = Field(default_factory=list)
    reviews: list[Review] = Field(default_factory=list)
    review_summary: ReviewSummary = Field(default_factory=ReviewSummary)


class SearchResult(WithUnderscoreId):
    """docs/product.md's search result (``_id, title, description, price, thumbnail``) with ``priceText``."""

    title: str = ""
    description: str = ""  # at most 100 characters
    price: Naira = Decimal(0)
    price_text: str = ""
    thumbnail: str = ""


class Testimonial(Shape):
    """A real four- or five-star course review worth showing on the home page."""

    id: int = 0
    rating: int = 0
    comment: str = ""
    created_at: str | None = Field(default=None, alias="created_at")
    date_text: str = ""
    author_name: str = ""
    initials: str = "?"
    avatar: str = ""
    course_id: int = 0
    course_title: str = ""
    course_href: str = ""


class TeacherRow(Shape):
    """One card of the Teachers page (/profile4): ``id`` is the instructor id of /mentors/{id}."""

    id: int = 0
    user_id: int = 0
    name: str = ""
    initials: str = "?"
    title: str = ""
    picture: str = ""  # "" when none: the card shows the initials
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    course_count: int = 0
    students: int = 0
    mine: bool = False  # the learner is enrolled in one of their courses


class TeacherPage(Page[TeacherRow]):
    """A page of the Teachers list: ``{teachers, total, page, pages, perPage, query}``."""

    data: list[TeacherRow] = Field(default_factory=list, alias="teachers")
    query: str = ""  # the name searched, as it was applied (trimmed)
