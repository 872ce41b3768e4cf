"""Review shapes: one review, one page of them, and a target's summary (average, count, per-star bars).

Wire names follow docs/product.md and today's API: ``id, userId, targetId, type, courseId, rating, comment,
created_at, authorName, avatar, reply, repliedAt`` for a review (plus ``targetTitle`` and ``link`` on a
learner's own list, and ``counted``), ``{reviews, total, page, pages}`` for a page, and ``{averageRating, totalReviews,
distribution}`` for a summary. The UI fields (``initials``, ``date_text``, ``bars``...) are worked out once, in
the domain's builders, so a component only reads them.
"""

from __future__ import annotations

from pydantic import Field

from marketplace.shapes.base import Page, Shape


class Review(Shape):
    """A review of a course or an instructor (mentor), with its author and the instructor's reply."""

    id: int = 0
    user_id: int = 0
    target_id: int = 0
    target_type: str = Field(default="Course", alias="type")  # Course | Instructor
    course_id: int | None = None  # the target id when the target is a course
    rating: int = 0  # 1-5
    comment: str = ""  # plain text: render as text, never as HTML
    created_at: str | None = Field(default=None, alias="created_at")  # ISO 8601, UTC
    author_name: str = ""
    avatar: str = ""  # the author's picture; "" when none
    reply: str = ""  # the instructor's answer, "" when none (plain text)
    replied_at: str | None = None  # ISO 8601, UTC
    target_title: str = ""  # the course's title or the mentor's name ("" where the list is of one target)
    # Whether this is the review the author's rating of the target counts by (their latest of it). Public lists
    # hold only those; a learner's own list (My Reviews) marks which of theirs it is.
    counted: bool = True
    link: str = ""  # the target's page: /courses/{id} or /mentors/{id}
    # For the screen only.
    initials: str = "?"  # of the author's name, for an avatar without a picture
    date_text: str = ""  # "12 Mar 2025"
    reply_date_text: str = ""  # "" when there is no reply


class ReviewPage(Page[Review]):
    """One page of reviews, newest first: ``{reviews, total, page, pages, perPage}`` (the rows are ``reviews``)."""

    data: list[Review] = Field(default_factory=list, alias="reviews")

    @property
    def reviews(self) -> list[Review]:
        """The page's reviews (``data``, under the name the API has always used)."""
        return self.data


class StarBar(Shape):
    """One bar of the per-star distribution: how many reviews gave ``stars``, and their share in percent."""

    stars: int = 5
    count: int = 0
    percent: int = 0


class RatingTotals(Shape):
    """A target's average rating (two decimals, 0 when none) and how many reviews it has."""

    average_rating: float = 0.0
    total_reviews: int = 0


class ReviewSummary(RatingTotals):
    """Average, count, ``distribution`` ({5: n, 4: n, 3: n, 2: n, 1: n}) and, for the screen, the bars."""

    distribution: dict[int, int] = Field(default_factory=lambda: {stars: 0 for stars in (5, 4, 3, 2, 1)})
    # For the screen only.
    average_text: str = "0.0"  # one decimal
    bars: list[StarBar] = Field(default_factory=list)  # 5 stars down to 1


class CourseAverage(Shape):
    """A course's summary in the envelope of docs/product.md: ``{status: "success", data: {averageRating, ...}}``."""

    status: str = "success"
    data: RatingTotals = Field(default_factory=RatingTotals)


class ReviewRemoved(RatingTotals):
    """What deleting a review answers: which review went, from which target, and that target's new
    ``averageRating`` and ``totalReviews``."""

    id: int = 0
    target_id: int = 0
    target_type: str = Field(default="Course", alias="type")
