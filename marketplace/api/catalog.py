"""API routes: the catalog (courses, categories, instructors and mentors, search), all public.

Query values are checked here so a bad one answers 422 with a message naming it; unknown ids answer
404 ``{message}`` from the domain. Each route makes its read in one trip to a worker thread (:class:`PublicRead`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Response

from marketplace.api.deps import CommitOnReturnRoute, PublicReadDep
from marketplace.db.models import User
from marketplace.domain import catalog
from marketplace.domain.listing import MAX_PER_PAGE, MAX_PRICE_NAIRA
from marketplace.domain.shapes import MAX_ID
from marketplace.shapes.base import Page
from marketplace.shapes.catalog import (
    Category,
    CourseCard,
    CourseDetail,
    InstructorCard,
    InstructorDetail,
    MentorPage,
    SearchResult,
)

router = APIRouter(tags=["catalog"], route_class=CommitOnReturnRoute)

Id = Annotated[int, Path(ge=1, le=MAX_ID)]
PageNumber = Annotated[int, Query(ge=1, le=MAX_ID)]
PerPage = Annotated[int, Query(alias="perPage", ge=1, le=MAX_PER_PAGE)]
Price = Annotated[Decimal | None, Query(ge=0, le=MAX_PRICE_NAIRA, allow_inf_nan=False)]
Chapters = Literal["1-10", "10-15", "15-20", "20-25"]
Sort = Literal["relevance", "price_asc", "price_desc", "rating", "newest", "popular", "most_reviewed"]
Level = Literal["Beginner", "Intermediate", "Advanced"]
Duration = Literal["0-5", "5-10", "10-20", "20-plus"]
SearchText = Annotated[str | None, Query(max_length=200, description="search text: every word, typos forgiven")]


def _id(viewer: User | None) -> int | None:
    return viewer.id if viewer else None


@router.get("/courses")
async def list_courses(
    read: PublicReadDep,
    category: Annotated[str | None, Query(max_length=100)] = None,
    rating: Annotated[int | None, Query(ge=1, le=5, description="N stars and up")] = None,
    chapters: Chapters | None = None,
    min_price: Price = None,
    max_price: Price = None,
    sort: Sort = "relevance",
    page: PageNumber = 1,
    per_page: PerPage = catalog.PER_PAGE,
    q: SearchText = None,
    level: Level | None = None,
    language: Annotated[str | None, Query(max_length=40)] = None,
    duration: Annotated[Duration | None, Query(description="hours: 0-5, 6-10, 11-20, over 20")] = None,
    free: Annotated[bool, Query(description="free courses only")] = False,
) -> Page[CourseCard]:
    """The course listing, filtered, sorted and paginated by the server: ``{data, total, page, pages, perPage}``.

    With ``q`` it is the search results page: courses holding every word (typos forgiven, teachers' names too),
    ``relevance`` ranking titles first.
    """
    return await read(
        lambda session, _viewer: catalog.list_courses(
            session,
            category=category,
            min_rating=rating,
            chapters=chapters,
            min_price=min_price,
            max_price=max_price,
            sort=sort,
            page=page,
            per_page=per_page,
            q=q,
            level=level,
            language=language,
            duration=duration,
            free=free,
        )
    )


@router.get("/courses/{course_id}")
async def get_course(read: PublicReadDep, course_id: Id) -> CourseDetail:
    """One course with its sections, real instructor, review summary and newest reviews."""
    return await read(lambda session, viewer: catalog.get_course_detail(session, course_id, viewer_id=_id(viewer)))


@router.get("/courses/{course_id}/related")
async def related_courses(read: PublicReadDep, course_id: Id) -> list[CourseCard]:
    """Up to 4 other courses sharing a category with this one."""
    return await read(lambda session, viewer: catalog.related_courses(session, course_id, viewer_id=_id(viewer)))


@router.get("/categories")
async def list_categories(read: PublicReadDep) -> list[Category]:
    """Every category with its number of courses."""
    return await read(lambda session, _viewer: catalog.list_categories(session))


@router.get("/instructors")
async def list_instructors(
    read: PublicReadDep,
    response: Response,
    query: Annotated[str | None, Query(max_length=100)] = None,
    page: PageNumber = 1,
    per_page: PerPage = MAX_PER_PAGE,
) -> list[InstructorCard]:
    """Instructors as a list (most students first), optionally searched by name; X-Total-Count gives the total."""
    result = await read(
        lambda session, _viewer: catalog.list_instructors(session, page=page, per_page=per_page, query=query)
    )
    response.headers["X-Total-Count"] = str(result.total)
    return result.data


@router.get("/instructors/{instructor_id}")
async def get_instructor(read: PublicReadDep, instructor_id: Id) -> InstructorDetail:
    """One instructor with every profile field."""
    return await read(lambda session, _viewer: catalog.get_instructor(session, instructor_id))


@router.get("/instructors/{instructor_id}/courses")
async def instructor_courses(read: PublicReadDep, instructor_id: Id) -> list[CourseCard]:
    """The courses an instructor teaches."""
    return await read(lambda session, _viewer: catalog.instructor_courses(session, instructor_id))


@router.get("/mentors/{instructor_id}")
async def mentor_page(read: PublicReadDep, instructor_id: Id) -> MentorPage:
    """The mentor page: the instructor's fields plus ``courses``, ``reviews`` and ``reviewSummary``."""
    return await read(lambda session, _viewer: catalog.mentor_page(session, instructor_id))


@router.get("/search")
async def search(read: PublicReadDep, query: Annotated[str, Query(max_length=200)] = "") -> list[SearchResult]:
    """Up to 8 courses matching ``query`` (typos forgiven, titles first); an empty list for blank input."""
    return await read(lambda session, _viewer: catalog.search_courses(session, query))
