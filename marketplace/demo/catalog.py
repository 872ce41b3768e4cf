"""The demo catalog in one place: every course, the people, and where their images and videos live.

The seed and the image generator both read from here, so ``/images/courses/7.webp`` is always the
thumbnail of the seventh course below, on disk and in the database alike.
"""

from __future__ import annotations

from marketplace.demo.courses_business import BUSINESS_COURSES
from marketplace.demo.courses_creative import CREATIVE_COURSES
from marketplace.demo.courses_science import SCIENCE_COURSES
from marketplace.demo.courses_tech import TECH_COURSES
from marketplace.demo.people import CATEGORIES, INSTRUCTORS, LEARNERS
from marketplace.demo.records import DemoCategory, DemoCourse

COURSES: tuple[DemoCourse, ...] = TECH_COURSES + BUSINESS_COURSES + CREATIVE_COURSES + SCIENCE_COURSES

# Short clips served from assets/ by the app (made once by bench/make_lesson_clips.py), each with its real length
# in seconds, which is what a lesson playing it says: they work with no internet, so every preview plays offline.
LOCAL_CLIPS: tuple[tuple[str, int], ...] = (
    ("/media/lesson-clip-1.mp4", 14),
    ("/media/lesson-clip-2.mp4", 21),
    ("/media/lesson-clip-3.mp4", 28),
    ("/media/lesson-clip-4.mp4", 35),
)
CLIP_SECONDS: dict[str, int] = dict(LOCAL_CLIPS)
LOCAL_VIDEO = LOCAL_CLIPS[0][0]  # every course's first preview

# Well-known free lessons on YouTube, used for some non-preview sections of courses in these categories.
YOUTUBE_LESSONS: dict[str, tuple[str, ...]] = {
    "Development": (
        "rfscVS0vtbw",  # freeCodeCamp: Learn Python, full course
        "PkZNo7MFNFg",  # freeCodeCamp: Learn JavaScript, full course
        "pQN-pnXPaVg",  # freeCodeCamp: HTML full course
        "1Rs2ND1ryYc",  # freeCodeCamp: CSS tutorial
        "HXV3zeQKqGY",  # freeCodeCamp: SQL full database course
        "RGOj5yH7evk",  # freeCodeCamp: Git and GitHub for beginners
        "3c-iBn73dDE",  # TechWorld with Nana: Docker tutorial
    ),
    "Data Science": (
        "ua-CiDNNj30",  # freeCodeCamp: data science tutorial
        "aircAruvnKk",  # 3Blue1Brown: what is a neural network?
        "IHZwWFHWa-w",  # 3Blue1Brown: gradient descent
        "HXV3zeQKqGY",  # freeCodeCamp: SQL full database course
    ),
    "Physics": (
        "ZM8ECpBuQYE",  # Crash Course Physics: motion in a straight line
        "WUvTyaaNkzM",  # 3Blue1Brown: the essence of calculus
        "fNk_zzaMoSs",  # 3Blue1Brown: vectors
    ),
    "Business": ("u4ZoJKF_VuA",),  # Simon Sinek: how great leaders inspire action
    "Marketing": ("u4ZoJKF_VuA",),
}

CATEGORY_BY_NAME: dict[str, DemoCategory] = {category.name: category for category in CATEGORIES}


def thumbnail_path(number: int) -> str:
    """The public path of course ``number``'s thumbnail (1-based, in ``COURSES`` order)."""
    return f"/images/courses/{number}.webp"


def avatar_path(number: int) -> str:
    """The public path of person ``number``'s avatar (1-based, in ``people()`` order)."""
    return f"/images/avatars/{number}.webp"


def people() -> list[tuple[str, str]]:
    """First and last names of everyone with an avatar: the instructors, then the learners."""
    return [(p.first_name, p.last_name) for p in INSTRUCTORS] + [(p.first_name, p.last_name) for p in LEARNERS]


def course_colors(course: DemoCourse) -> tuple[str, str]:
    """The gradient of a course's thumbnail: its first category's colours."""
    return CATEGORY_BY_NAME[course.categories[0]].colors


def section_video(course_number: int, course: DemoCourse, position: int, previews: int) -> str:
    """The video link of one section.

    Previews always use a local clip so a visitor can watch one with no internet; about two in
    three later lessons link to a related YouTube lesson when the course's categories have any.
    """
    local = LOCAL_CLIPS[position % len(LOCAL_CLIPS)][0]  # neighbouring local lessons play different clips
    if position < previews or position % 3 == 0:
        return local
    pool = next((YOUTUBE_LESSONS[name] for name in course.categories if name in YOUTUBE_LESSONS), ())
    if not pool:
        return local
    video_id = pool[(course_number + position) % len(pool)]
    return f"https://www.youtube.com/watch?v={video_id}"
