"""Becoming an instructor (/teach; docs/product.md, "Becoming an instructor").

A signed-in learner fills in what their public teacher page shows (title, about, expertise, experience, website
and social links; the picture is the profile's own, uploaded through domain/avatars.py); the account's role becomes
``instructor`` and an Instructor row gives them a teacher page (/teacher/{id}) and the studio (/studio).
"""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from marketplace import routes
from marketplace.db.models import Instructor, User
from marketplace.domain import profile
from marketplace.domain.accounts import public_user
from marketplace.domain.errors import Conflict, NotFound, Unauthorized
from marketplace.domain.studio_access import instructor_of
from marketplace.domain.validation import InvalidInput
from marketplace.settings import settings
from marketplace.shapes.teach import BecameInstructor, InstructorApplication, TeachTerms

INSTRUCTOR = "instructor"
LOGIN_FIRST = "Log in or create an account to teach on Naija Learn."
ALREADY_INSTRUCTOR = "You are already an instructor. Go to your studio."
USER_NOT_FOUND = "User ID not found. Please log in again"
MAX_TITLE = 120
MAX_ABOUT = 4000
MIN_ABOUT = 30
MAX_EXPERIENCE = 2000
MAX_EXPERTISE = 12
MAX_SKILL = 40
# The form's link fields and where they are stored: the website on the teacher page, the socials on the user.
LINKS = ("website", "linkedin", "x", "youtube", "facebook")


def terms() -> TeachTerms:
    """The revenue share, from ``PLATFORM_FEE_PERCENT``."""
    fee = settings.platform_fee_percent
    return TeachTerms(platform_fee_percent=fee, instructor_share_percent=100 - fee)


def expertise_list(value: list[str] | str) -> list[str]:
    """Skills from a list or one comma-separated text: trimmed, blanks and repeats (any case) dropped."""
    raw = value.split(",") if isinstance(value, str) else [str(v) for v in value]
    skills: list[str] = []
    seen: set[str] = set()
    for item in raw:
        skill = " ".join(item.split())
        if skill and skill.lower() not in seen:
            seen.add(skill.lower())
            skills.append(skill)
    return skills


def application_errors(form: InstructorApplication) -> dict[str, str]:
    """``{field: message}`` for every rule the form breaks (empty when it may be saved). Forms re-check on edit."""
    errors: dict[str, str] = {}
    title, about, experience = form.title.strip(), form.about.strip(), form.experience.strip()
    if not title:
        errors["title"] = "Please add a title, like Senior Data Analyst."
    elif len(title) > MAX_TITLE:
        errors["title"] = f"Title must be at most {MAX_TITLE} characters."
    if len(about) < MIN_ABOUT:
        errors["about"] = f"Please tell learners about yourself in at least {MIN_ABOUT} characters."
    elif len(about) > MAX_ABOUT:
        errors["about"] = f"About must be at most {MAX_ABOUT} characters."
    skills = expertise_list(form.expertise)
    if not skills:
        errors["expertise"] = "Please name at least one area of expertise, like Python, Excel."
    elif len(skills) > MAX_EXPERTISE:
        errors["expertise"] = f"Please name at most {MAX_EXPERTISE} areas of expertise."
    elif any(len(skill) > MAX_SKILL for skill in skills):
        errors["expertise"] = f"Each area of expertise must be at most {MAX_SKILL} characters."
    if len(experience) > MAX_EXPERIENCE:
        errors["experience"] = f"Experience must be at most {MAX_EXPERIENCE} characters."
    for field in LINKS:
        message = profile.link_error(field, str(getattr(form, field)).strip())
        if message:
            errors[field] = message
    return errors


def become_instructor(session: Session, user_id: int | None, form: InstructorApplication) -> BecameInstructor:
    """Turn a learner's account into an instructor's, with a public teacher page (flushed, not committed).

    Raises:
        Unauthorized: nobody is signed in.
        NotFound: no such user.
        Conflict: already an instructor ("You are already an instructor. Go to your studio.").
        InvalidInput: the form broke rules; ``errors`` maps each field to its message.
    """
    if user_id is None:
        raise Unauthorized(LOGIN_FIRST)
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    if user.role == INSTRUCTOR and instructor_of(session, user_id) is not None:
        raise Conflict(ALREADY_INSTRUCTOR)
    errors = application_errors(form)
    if errors:
        raise InvalidInput(errors)
    instructor = instructor_of(session, user_id) or Instructor(user_id=user_id)
    instructor.title = form.title.strip()
    instructor.profession = instructor.profession or instructor.title
    instructor.about = form.about.strip()
    instructor.expertise = expertise_list(form.expertise)
    instructor.experience = form.experience.strip()
    instructor.website = form.website.strip()
    for field in LINKS:
        setattr(user, field, str(getattr(form, field)).strip())
    user.headline = user.headline or instructor.title[:120]
    user.role = INSTRUCTOR
    try:
        with session.begin_nested():  # two submits at once: the unique user_id keeps one teaching profile
            session.add(instructor)
            session.add(user)
    except IntegrityError as exc:
        raise Conflict(ALREADY_INSTRUCTOR) from exc
    session.flush()
    instructor_id = instructor.id or 0
    return BecameInstructor(
        instructor_id=instructor_id,
        teacher_url=routes.teacher(instructor_id),
        studio_url=routes.STUDIO,
        user=public_user(session, user),
    )
