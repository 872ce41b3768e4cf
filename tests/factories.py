"""Factories for test data: one place that knows how to make a valid row of each kind."""

from __future__ import annotations

import itertools

from sqlmodel import Session

from marketplace.db.models import Category, Course, CourseCategory, Enrollment, Instructor, Section, User

_seq = itertools.count(1)


def make_user(session: Session, *, password: str | None = None, verified: bool = True, **fields) -> User:
    """A user with unique email and username; ``password`` is hashed when the accounts module is present."""
    n = next(_seq)
    values = {
        "first_name": "Test",
        "last_name": f"User{n}",
        "username": f"user{n}",
        "email": f"user{n}@example.com",
        "email_verified": verified,
    }
    values.update(fields)
    values.setdefault("username_key", values["username"].lower())
    if password is not None:
        from marketplace.domain.passwords import hash_password

        values["password_hash"] = hash_password(password)
    user = User(**values)
    session.add(user)
    session.commit()
    return user


def make_instructor(session: Session, **fields) -> Instructor:
    """An instructor profile with its user."""
    user = make_user(session, role="instructor", first_name=fields.pop("first_name", "Tunde"))
    instructor = Instructor(user_id=user.id, title=fields.pop("title", "Senior Engineer"), **fields)
    session.add(instructor)
    session.commit()
    return instructor


def make_category(session: Session, name: str | None = None) -> Category:
    """A category with a unique name and slug."""
    name = name or f"Category {next(_seq)}"
    category = Category(name=name, slug=name.lower().replace(" ", "-").replace("&", "and"))
    session.add(category)
    session.commit()
    return category


def make_course(
    session: Session,
    *,
    instructor: Instructor | None = None,
    categories: list[Category] | None = None,
    sections: int = 3,
    price_kobo: int = 1_500_000,
    **fields,
) -> Course:
    """A course with ``sections`` sections (the first one a preview)."""
    instructor = instructor or make_instructor(session)
    n = next(_seq)
    values = {"title": f"Course {n}", "description": f"About course {n}", "level": "Beginner", "hours": 5}
    values.update(fields)
    values.setdefault("search_text", f"{values['title']} {values['description']}".lower())
    course = Course(instructor_id=instructor.id, price_kobo=price_kobo, lectures=sections, **values)
    session.add(course)
    session.flush()
    for position in range(sections):
        session.add(
            Section(
                course_id=course.id,
                title=f"Lesson {position + 1}",
                position=position,
                is_preview=position == 0,
                video_url="/media/demo/lesson.mp4",
                duration_seconds=300,
            )
        )
    for category in categories or []:
        session.add(CourseCategory(course_id=course.id, category_id=category.id))
    session.commit()
    return course


def enroll(session: Session, user: User, course: Course) -> Enrollment:
    """Give ``user`` access to ``course`` directly (as a paid order would)."""
    enrollment = Enrollment(user_id=user.id, course_id=course.id)
    session.add(enrollment)
    session.commit()
    return enrollment


def make_upload(session: Session, user: User | int, *, kind: str = "image", status: str = "ready", **fields):
    """A MediaUpload of ``user`` (an image or a video), ready unless told otherwise."""
    import uuid

    from marketplace.db.models import MediaUpload

    user_id = user if isinstance(user, int) else user.id
    upload = MediaUpload(id=str(uuid.uuid4()), user_id=user_id, kind=kind, status=status, **fields)
    session.add(upload)
    session.commit()
    return upload
