"""What demo learners say in their reviews, by rating. ``{first}`` is the instructor's first name and
``{lesson}`` a lesson title of the course."""

from __future__ import annotations

import random

# Mostly fours and fives, as on any marketplace where people choose courses by their reviews.
RATING_WEIGHTS: dict[int, int] = {5: 55, 4: 33, 3: 8, 2: 2, 1: 2}

COURSE_COMMENTS: dict[int, tuple[str, ...]] = {
    5: (
        "{first} explains everything so clearly. I finally understand things I struggled with for years.",
        'Worth every kobo. The lesson "{lesson}" alone was worth the price.',
        "Very practical course. I used what I learnt at work the same week.",
        "I have bought many online courses and this is one of the few I actually finished. Well structured "
        "and never boring.",
        "The examples are Nigerian and relatable, which made a big difference for me.",
        "Excellent teacher: clear voice, good pace, and the exercises make you think.",
        "I watched most of it on my phone in traffic and still followed everything. Highly recommended.",
        "Straight to the point, no long stories. Exactly what I needed.",
        'I was stuck until "{lesson}". After that everything clicked. Thank you {first}!',
        "My confidence has grown so much. I already recommended this course to two friends.",
    ),
    4: (
        "Very good course. Some videos are a bit long, but the content is solid.",
        "Clear and practical. I would love a few more exercises at the end of each section.",
        'Good value for the price. "{lesson}" was my favourite part.',
        "{first} knows the subject well. The audio in one or two lessons could be better, but overall great.",
        "Helpful and well organised. I will take the next course in this series.",
        "I learnt a lot. The beginning is slow if you already know the basics, but it picks up.",
        "Solid course. A downloadable summary of each section would make it perfect.",
    ),
    3: (
        "Decent introduction, but I expected more depth for the price.",
        'Some sections are excellent, others feel rushed. "{lesson}" needed more time.',
        "Good content, but the pace was too fast for me as a complete beginner.",
    ),
    2: (
        "Too basic for me. The title made me expect more advanced material.",
        "Some lessons felt incomplete and I had to look for answers elsewhere.",
    ),
    1: ("Not what I expected. Most of this is available free elsewhere.",),
}

INSTRUCTOR_COMMENTS: dict[int, tuple[str, ...]] = {
    5: (
        "{first} is patient and answers questions quickly.",
        "One of the best teachers on this platform. You can tell {first} really cares about students.",
        "{first} explains hard topics in simple language. I have taken more than one of these courses.",
        "Very professional and encouraging. {first}'s feedback on my project helped me get my first client.",
        "Calm, clear and well prepared. Learning from {first} feels like having a good older sibling explain things.",
    ),
    4: (
        "Knowledgeable and friendly. I wish there were live sessions sometimes.",
        "Great teacher with clear explanations, although replies can take a day or two.",
    ),
    3: ("Good teacher, but the courses could use more up-to-date examples.",),
}


def pick_rating(rng: random.Random, lowest: int = 1) -> int:
    """A rating drawn from ``RATING_WEIGHTS``, never below ``lowest``."""
    ratings = [r for r in RATING_WEIGHTS if r >= lowest]
    return rng.choices(ratings, weights=[RATING_WEIGHTS[r] for r in ratings])[0]


def course_comment(rng: random.Random, rating: int, first: str, lessons: list[str]) -> str:
    """A course review's comment for ``rating``, naming a lesson from the middle of the course."""
    lesson = rng.choice(lessons[1:-1] or lessons)
    return rng.choice(COURSE_COMMENTS[rating]).format(first=first, lesson=lesson)


def instructor_comment(rng: random.Random, rating: int, first: str) -> str:
    """An instructor review's comment for ``rating`` (3 to 5)."""
    return rng.choice(INSTRUCTOR_COMMENTS[max(3, rating)]).format(first=first)
