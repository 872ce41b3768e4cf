"""Load the demo catalog into an empty database, so a fresh install feels like a real marketplace.

``load_demo_catalog`` is called by ``python -m marketplace.manage seed`` (and ``make run``) and by tests.
The content is fixed (a seeded random generator spreads reviews and dates), so every fresh install
gets the same catalog.

In production ``seed`` loads only :func:`load_catalog_structure`: the categories courses are filed under (the
site's fixed structure, which no page can create). The demo people, whose passwords the README prints, and
their courses, reviews and enrollments never reach a production database.
"""

from __future__ import annotations

import logging
import random
from collections import defaultdict
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from marketplace.db.models import Category, Course, CourseCategory, Enrollment, Instructor, Review, Section, User
from marketplace.db.models._base import utcnow
from marketplace.demo import comments
from marketplace.demo.catalog import CLIP_SECONDS, COURSES, avatar_path, section_video, thumbnail_path
from marketplace.demo.course_pages import COURSE_PAGES
from marketplace.demo.people import (
    CATEGORIES,
    DEMO_INSTRUCTOR_PASSWORD,
    DEMO_LEARNER_PASSWORD,
    INSTRUCTORS,
    LEARNERS,
)
from marketplace.demo.records import DemoCourse
from marketplace.domain.passwords import hash_password
from marketplace.domain.text import search_text, slugify

log = logging.getLogger(__name__)

RANDOM_SEED = 2024
EMAIL_DOMAIN = "example.com"
# The demo learner's two courses; she reviews the second.
DEMO_LEARNER_COURSES = ("Python for Data Analysis with Pandas", "SQL for Data Analysts")
DEMO_LEARNER_REVIEW = (
    "I use SQL every day at my new job now. Funmilayo's case studies on customer retention were exactly "
    "what my manager asked me to do."
)


def load_demo_catalog(session: Session) -> bool:
    """Load the whole demo catalog when the database has no course yet.

    Adds categories, instructors (the demo instructor ``tunde@example.com`` / ``teacher123`` among them),
    learners (the demo learner ``ada@example.com`` / ``learner123``, enrolled in two courses), courses with
    their sections, enrollments and reviews, and sets every rating aggregate from the reviews.
    Flushes; the caller commits.

    Args:
        session: An open session on a migrated database.

    Returns:
        True when the catalog was loaded; False, changing nothing, when any course already exists
        (or a demo account's email is already taken).
    """
    if session.exec(select(Course.id).limit(1)).first() is not None:
        return False
    emails = [f"{p.username}@{EMAIL_DOMAIN}" for p in (*INSTRUCTORS, *LEARNERS)]
    if session.exec(select(User.id).where(col(User.email).in_(emails)).limit(1)).first() is not None:
        log.warning("Not loading the demo catalog: a demo account's email is already registered")
        return False

    rng = random.Random(RANDOM_SEED)
    now = utcnow()
    categories = _add_categories(session)
    instructors = _add_instructors(session, rng, now)
    learners = _add_learners(session, rng, now)
    courses = _add_courses(session, rng, now, categories, instructors)
    reviews = _add_enrollments_and_course_reviews(session, rng, now, courses, learners)
    reviews += _add_instructor_reviews(session, rng, now, courses, learners, instructors)
    _set_aggregates(courses, instructors, reviews, session)
    session.flush()
    log.info("Loaded the demo catalog: %d courses, %d reviews", len(courses), len(reviews))
    return True


def load_catalog_structure(session: Session) -> int:
    """Add the catalog's categories that are missing (by name or slug); what a production database starts with.

    Instructors file their courses under these categories and the home page and listing browse by them;
    nothing in the app creates one. Idempotent. Flushes; the caller commits.

    Returns:
        How many categories were added.
    """
    before = len(session.exec(select(Category.id)).all())
    _add_categories(session)
    return len(session.exec(select(Category.id)).all()) - before


def _add_categories(session: Session) -> dict[str, Category]:
    """The demo categories by name: the existing rows, plus new ones for any that are missing."""
    existing = session.exec(select(Category)).all()
    by_name = {c.name: c for c in existing}
    taken_slugs = {c.slug for c in existing}
    added = {
        c.name: Category(name=c.name, slug=slugify(c.name), icon=c.icon)
        for c in CATEGORIES
        if c.name not in by_name and slugify(c.name) not in taken_slugs
    }
    session.add_all(added.values())
    session.flush()
    by_slug = {c.slug: c for c in existing}
    return {c.name: by_name.get(c.name) or added.get(c.name) or by_slug[slugify(c.name)] for c in CATEGORIES}


def _user(username: str, first: str, last: str, password_hash: str, avatar: int, created: datetime) -> User:
    return User(
        first_name=first,
        last_name=last,
        username=username,
        username_key=username.lower(),
        email=f"{username}@{EMAIL_DOMAIN}",
        password_hash=password_hash,
        profile_picture=avatar_path(avatar),
        email_verified=True,
        created_at=created,
    )


def _add_instructors(session: Session, rng: random.Random, now: datetime) -> dict[str, Instructor]:
    """Instructor profiles by username. One password hash serves them all: Argon2 is slow on purpose."""
    password_hash = hash_password(DEMO_INSTRUCTOR_PASSWORD)
    users = []
    for number, person in enumerate(INSTRUCTORS, start=1):
        user = _user(
            person.username,
            person.first_name,
            person.last_name,
            password_hash,
            number,
            now - timedelta(days=rng.randint(750, 1100)),
        )
        user.role = "instructor"
        user.headline = person.headline
        user.description = person.about
        user.website = person.website
        user.linkedin = f"https://www.linkedin.com/in/{person.handle}"
        user.x = f"https://x.com/{person.handle}"
        user.youtube = f"https://www.youtube.com/@{person.handle}"
        user.facebook = f"https://www.facebook.com/{person.handle}"
        users.append(user)
    session.add_all(users)
    session.flush()
    profiles = {
        person.username: Instructor(
            user_id=user.id,
            title=person.title,
            profession=person.profession,
            about=person.about,
            expertise=list(person.expertise),
            experience=person.experience,
            website=person.website,
        )
        for person, user in zip(INSTRUCTORS, users, strict=True)
    }
    session.add_all(profiles.values())
    session.flush()
    return profiles


def _add_learners(session: Session, rng: random.Random, now: datetime) -> list[User]:
    """Learner accounts in ``LEARNERS`` order (the demo learner first), sharing one password hash."""
    password_hash = hash_password(DEMO_LEARNER_PASSWORD)
    users = []
    for number, person in enumerate(LEARNERS, start=len(INSTRUCTORS) + 1):
        created = now - timedelta(days=rng.randint(300, 700))
        user = _user(person.username, person.first_name, person.last_name, password_hash, number, created)
        user.headline = person.headline
        users.append(user)
    session.add_all(users)
    session.flush()
    return users


def _add_courses(
    session: Session,
    rng: random.Random,
    now: datetime,
    categories: dict[str, Category],
    instructors: dict[str, Instructor],
) -> list[tuple[Course, DemoCourse]]:
    courses = [
        Course(
            title=demo.title,
            description=demo.description,
            search_text=search_text(demo.title, demo.description),
            thumbnail=thumbnail_path(number),
            price_kobo=demo.price * 100,
            original_price_kobo=demo.original_price * 100 if demo.original_price else None,
            level=demo.level,
            hours=demo.hours,
            lectures=len(demo.lesson_titles),
            instructor_id=instructors[demo.instructor].id,
            created_at=now - timedelta(days=rng.randint(300, 720)),
            subtitle=COURSE_PAGES[demo.title].subtitle,
            language=COURSE_PAGES[demo.title].language,
            learn=list(COURSE_PAGES[demo.title].learn),
            requirements=list(COURSE_PAGES[demo.title].requirements),
            audience=list(COURSE_PAGES[demo.title].audience),
        )
        for number, demo in enumerate(COURSES, start=1)
    ]
    session.add_all(courses)
    session.flush()
    rows: list[Section | CourseCategory] = []
    for number, (course, demo) in enumerate(zip(courses, COURSES, strict=True), start=1):
        rows += [CourseCategory(course_id=course.id, category_id=categories[name].id) for name in demo.categories]
        rows += _sections(rng, number, course, demo)
    session.add_all(rows)
    session.flush()
    return list(zip(courses, COURSES, strict=True))


def _sections(rng: random.Random, number: int, course: Course, demo: DemoCourse) -> list[Section]:
    """The course's lessons: one or two free previews first, durations adding up to about its hours."""
    titles = demo.lesson_titles
    previews = 2 if len(titles) >= 12 else 1
    average = demo.hours * 3600 / len(titles)
    return [
        Section(
            course_id=course.id,
            title=title,
            position=position,
            is_preview=position < previews,
            video_url=video,
            # A local clip's real length; a linked lesson's made-up one (drawn either way: the seed stays the same).
            duration_seconds=CLIP_SECONDS.get(video, max(60, round(average * rng.uniform(0.6, 1.4) / 5) * 5)),
        )
        for position, title in enumerate(titles)
        for video in (section_video(number, demo, position, previews),)
    ]


def _add_enrollments_and_course_reviews(
    session: Session,
    rng: random.Random,
    now: datetime,
    courses: list[tuple[Course, DemoCourse]],
    learners: list[User],
) -> list[Review]:
    """Enroll learners and let most of them review; the demo learner gets exactly her two courses."""
    ada, others = learners[0], learners[1:]
    first_names = {p.username: p.first_name for p in INSTRUCTORS}
    rows: list[Enrollment | Review] = []
    reviews: list[Review] = []
    for course, demo in courses:
        reviewers = rng.sample(others, rng.randint(2, 6))
        silent = rng.sample([u for u in others if u not in reviewers], rng.randint(0, 3))
        for learner in reviewers:
            reviewed_at = now - timedelta(days=rng.randint(2, 240), hours=rng.randint(0, 23))
            rows.append(_enrollment(rng, learner, course, reviewed_at))
            rating = comments.pick_rating(rng)
            comment = comments.course_comment(rng, rating, first_names[demo.instructor], demo.lesson_titles)
            reviews.append(_review(learner, "Course", course.id, rating, comment, reviewed_at))
        rows += [_enrollment(rng, learner, course, now - timedelta(days=rng.randint(2, 200))) for learner in silent]
        if demo.title in DEMO_LEARNER_COURSES:
            enrolled_at = now - timedelta(days=40 if demo.title == DEMO_LEARNER_COURSES[0] else 25)
            rows.append(Enrollment(user_id=ada.id, course_id=course.id, created_at=enrolled_at))
        if demo.title == DEMO_LEARNER_COURSES[1]:
            reviews.append(_review(ada, "Course", course.id, 5, DEMO_LEARNER_REVIEW, now - timedelta(days=6)))
    session.add_all(rows + reviews)
    return reviews


def _enrollment(rng: random.Random, learner: User, course: Course, before: datetime) -> Enrollment:
    enrolled_at = before - timedelta(days=rng.randint(3, 45))
    return Enrollment(user_id=learner.id, course_id=course.id, created_at=enrolled_at)


def _review(author: User, target_type: str, target_id: int, rating: int, comment: str, at: datetime) -> Review:
    return Review(
        author_id=author.id, target_type=target_type, target_id=target_id, rating=rating, comment=comment, created_at=at
    )


def _add_instructor_reviews(
    session: Session,
    rng: random.Random,
    now: datetime,
    courses: list[tuple[Course, DemoCourse]],
    learners: list[User],
    instructors: dict[str, Instructor],
) -> list[Review]:
    """Two to four reviews of every instructor, from learners other than the demo learner."""
    others = learners[1:]
    reviews = []
    for person in INSTRUCTORS:
        for learner in rng.sample(others, rng.randint(2, 4)):
            rating = comments.pick_rating(rng, lowest=3)
            comment = comments.instructor_comment(rng, rating, person.first_name)
            at = now - timedelta(days=rng.randint(2, 240), hours=rng.randint(0, 23))
            reviews.append(_review(learner, "Instructor", instructors[person.username].id, rating, comment, at))
    session.add_all(reviews)
    return reviews


def _set_aggregates(
    courses: list[tuple[Course, DemoCourse]],
    instructors: dict[str, Instructor],
    reviews: list[Review],
    session: Session,
) -> None:
    """Course and instructor ratings from their reviews; student counts from enrollments."""
    ratings: dict[tuple[str, int], list[int]] = defaultdict(list)
    for review in reviews:
        ratings[(review.target_type, review.target_id)].append(review.rating)
    for course, _demo in courses:
        course.rating, course.review_count = _average(ratings[("Course", course.id)])
    for instructor in instructors.values():
        instructor.rating, instructor.review_count = _average(ratings[("Instructor", instructor.id)])
    session.flush()
    students: dict[int, set[int]] = defaultdict(set)
    enrolled = session.exec(
        select(Course.instructor_id, Enrollment.user_id).join(Enrollment, col(Enrollment.course_id) == Course.id)
    )
    for instructor_id, user_id in enrolled:
        students[instructor_id].add(user_id)
    for person in INSTRUCTORS:
        # Students from before they taught here, plus the learners enrolled in their courses now.
        instructor = instructors[person.username]
        instructor.students_count = person.students_before + len(students[instructor.id])


def _average(values: list[int]) -> tuple[float, int]:
    return (round(sum(values) / len(values), 2) if values else 0.0, len(values))
