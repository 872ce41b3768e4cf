"""What is sold: categories, instructors' public profiles, courses and their sections."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Column, Index
from sqlmodel import Field, SQLModel, col, func

from marketplace.db.models._base import utcnow


class Category(SQLModel, table=True):
    """A course category such as Development or Design."""

    __tablename__ = "categories"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=60, unique=True)
    slug: str = Field(max_length=60, unique=True, index=True)
    icon: str = Field(default="book-open", max_length=40)  # a lucide icon name


class Instructor(SQLModel, table=True):
    """The public teaching profile of a user whose role is instructor."""

    __tablename__ = "instructors"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", unique=True, index=True, ondelete="CASCADE")
    title: str = Field(default="", max_length=120)
    profession: str = Field(default="", max_length=120)
    about: str = Field(default="", max_length=4000)
    expertise: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    experience: str = Field(default="", max_length=2000)
    website: str = Field(default="", max_length=300)
    students_count: int = Field(default=0)
    rating: float = Field(default=0.0, index=True)  # average of instructor reviews, 0-5
    review_count: int = Field(default=0)


class CourseCategory(SQLModel, table=True):
    """Many-to-many link between courses and categories."""

    __tablename__ = "course_categories"

    course_id: int = Field(foreign_key="courses.id", primary_key=True, ondelete="CASCADE")
    category_id: int = Field(foreign_key="categories.id", primary_key=True, index=True, ondelete="CASCADE")


class Course(SQLModel, table=True):
    """A course. Prices are whole kobo (1/100 naira) so money stays exact."""

    __tablename__ = "courses"
    # The listing's sorts have an index each that matches their ORDER BY exactly (below the class, as they
    # name columns); price and rating filters use the price and rating ones too.
    __table_args__ = (Index("ix_courses_lectures", "lectures"),)

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=200, index=True)
    search_text: str = Field(default="", max_length=4000)  # lower-cased, accent-free title + description
    description: str = Field(default="", max_length=4000)
    thumbnail: str = Field(default="", max_length=300)
    price_kobo: int = Field(ge=0)
    original_price_kobo: int | None = Field(default=None, ge=0)
    level: str = Field(default="Beginner", max_length=20)
    hours: int = Field(default=0, ge=0)
    lectures: int = Field(default=0, ge=0)  # number of sections, kept in step by the catalog
    instructor_id: int = Field(foreign_key="instructors.id")  # indexed with status: ix_courses_instructor_status
    rating: float = Field(default=0.0)  # average of course reviews, 0-5
    review_count: int = Field(default=0)
    created_at: datetime = Field(default_factory=utcnow)
    # What the course page tells a visitor deciding to buy (docs/product.md, "Course page").
    subtitle: str = Field(default="", max_length=200)
    language: str = Field(default="English", max_length=40, index=True)
    learn: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # what you'll learn
    requirements: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    audience: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # who it is for
    # Learners enrolled, kept in step when an enrollment is made: the "Most popular" sort reads it from an index.
    enrollment_count: int = Field(default=0, ge=0)
    # Studio (docs/product.md, "Instructor studio"): only published courses are in the catalog; a draft is being
    # written, an unpublished course stays for the learners already enrolled.
    # draft | published | unpublished; the sort indexes below lead with it (marketplace.domain.catalog_visibility)
    status: str = Field(default="published", max_length=20)
    published_at: datetime | None = None
    price_set: bool = Field(default=True)  # a new draft has no price until its instructor saves one (0 = free)
    updated_at: datetime | None = None


# One index per sort of marketplace.domain.listing.sort_order, column for column and direction for direction, so the
# first page of any sort reads its few rows in order and stops (migration 0010). Each leads with status: the public
# catalog shows published courses only, and equality on the first column keeps the rest in order (migration 0015).
_STATUS = col(Course.status)
Index(
    "ix_courses_relevance",
    _STATUS,
    (col(Course.rating) * col(Course.review_count)).self_group().desc(),  # parenthesised, as PostgreSQL wants
    col(Course.rating).desc(),
    col(Course.id),
)
Index("ix_courses_price_asc", _STATUS, col(Course.price_kobo), col(Course.id))
Index("ix_courses_price_desc", _STATUS, col(Course.price_kobo).desc(), col(Course.id))
Index("ix_courses_rating_sort", _STATUS, col(Course.rating).desc(), col(Course.review_count).desc(), col(Course.id))
Index("ix_courses_newest", _STATUS, col(Course.created_at).desc(), col(Course.id).desc())
Index("ix_courses_popular", _STATUS, col(Course.enrollment_count).desc(), col(Course.id))
Index("ix_courses_most_reviewed", _STATUS, col(Course.review_count).desc(), col(Course.id))
# What the listing's filters without a sort of their own count on (migration 0016; domain/listing_totals.py).
Index("ix_courses_status_level", _STATUS, col(Course.level), col(Course.hours))
Index("ix_courses_status_language", _STATUS, func.lower(col(Course.language)), col(Course.hours))
Index("ix_courses_status_hours", _STATUS, col(Course.hours))
# A teacher's courses, and how many of them are published, from the index alone (migration 0017).
Index("ix_courses_instructor_status", col(Course.instructor_id), _STATUS)


class Section(SQLModel, table=True):
    """One lesson of a course: a video link or an uploaded file."""

    __tablename__ = "sections"
    __table_args__ = (Index("ix_sections_course_position", "course_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    course_id: int = Field(foreign_key="courses.id", ondelete="CASCADE")
    title: str = Field(max_length=200)
    position: int = Field(default=0)
    is_preview: bool = Field(default=False)
    video_url: str = Field(default="", max_length=500)
    video_file: str = Field(default="", max_length=300)
    duration_seconds: int = Field(default=0, ge=0)
    video_upload_id: str | None = Field(default=None, foreign_key="media_uploads.id", ondelete="SET NULL")
