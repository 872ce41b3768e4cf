"""Every page path in one place, with builders for the dynamic ones.

REST routes live under /api, so no page path may start with /api (a test checks it).

Every dynamic page names its argument the same (:data:`ARG`): Reflex gives each argument name a computed var on
the root state that it works out again on every change of address, in every tab, whatever page the tab is on (a
listing's page or sort change is one); eight names cost a tenth of such an event's time on the event loop (issue 14).
A state reads the argument as ``self.route_arg``, and tells the pages apart by their pattern (``router.route_id``).
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

HOME = "/"
LOGIN = "/login"
REGISTER = "/register"
VERIFY_EMAIL = "/verify-email"
FORGOT_PASSWORD = "/forgot-password"
RESET_PASSWORD = "/reset-password"
CATEGORIES = "/categories"
COURSES = "/courses"
# The name of every dynamic page's argument (a course or user id, a certificate code, a payment reference).
ARG = "route_arg"
COURSE = f"/courses/[{ARG}]"
TEACHER = f"/teacher/[{ARG}]"
MENTOR = f"/mentors/[{ARG}]"
CART = "/cart"
CHECKOUT = "/checkout"
ORDER_COMPLETE = "/order1"
ORDER_FAILED = "/order2"
ORDERS = "/orders"
WISHLIST = "/profile"
PROFILE_SETTINGS = "/profile1"
MY_COURSES = "/profile2"
MY_REVIEWS = "/profile3"
TEACHERS = "/profile4"
MESSAGES = "/profile5"
CHAT = f"/profile5/[{ARG}]"
PLAYER = f"/order-complete/[{ARG}]"
NOTIFICATIONS = "/notifications"
FAQ = "/faq"
CERTIFICATE = f"/certificates/[{ARG}]"
SEARCH = "/search"
ORDER_RECEIPT = f"/orders/[{ARG}]"
TEACH = "/teach"
STUDIO = "/studio"
STUDIO_EARNINGS = "/studio/earnings"
STUDIO_NEW_COURSE = "/studio/courses/new"
STUDIO_COURSE = f"/studio/courses/[{ARG}]"
BUY_NOW_PARAM = "course"  # /checkout?course=ID checks out that course only

# Pages that need a signed-in user; the others are public. The cart is not among them: a visitor fills one in
# the browser and sees it; checkout asks them to log in.
GUARDED = (
    CHECKOUT,
    ORDER_COMPLETE,
    ORDER_FAILED,
    ORDERS,
    ORDER_RECEIPT,
    WISHLIST,
    PROFILE_SETTINGS,
    MY_COURSES,
    MY_REVIEWS,
    TEACHERS,
    MESSAGES,
    CHAT,
    PLAYER,
    NOTIFICATIONS,
    STUDIO,
    STUDIO_EARNINGS,
    STUDIO_NEW_COURSE,
    # Not STUDIO_COURSE: the course editor runs require_login first itself (pages/studio.py) and stays drawn
    # through a reconnect, which the guard's is_hydrated switch would redraw, wiping what is being typed.
)


def search(text: str) -> str:
    """The search results page for ``text``."""
    return f"{SEARCH}?{urlencode({'q': text})}"


def course(course_id: int | str) -> str:
    """Path of a course page."""
    return f"/courses/{course_id}"


def teacher(instructor_id: int | str) -> str:
    """Path of a teacher page."""
    return f"/teacher/{instructor_id}"


def mentor(instructor_id: int | str) -> str:
    """Path of a mentor page."""
    return f"/mentors/{instructor_id}"


def buy_now(course_id: int | str) -> str:
    """The checkout of one course alone (Buy Now): the cart stays as it is."""
    return f"{CHECKOUT}?{BUY_NOW_PARAM}={course_id}"


def studio_course(course_id: int | str) -> str:
    """Path of a course's editor in the studio."""
    return f"/studio/courses/{course_id}"


def chat(user_id: int | str) -> str:
    """Path of the chat with another user."""
    return f"/profile5/{user_id}"


def order(tx_ref: str) -> str:
    """Path of a learner's completed order."""
    return f"{ORDER_COMPLETE}?ref={quote(tx_ref, safe='')}"


def player(course_id: int | str) -> str:
    """Path of the course player."""
    return f"/order-complete/{course_id}"


def safe_next(path: str | None) -> str:
    """A same-site path to return to after login; anything else goes home."""
    if not path or not path.startswith("/") or path.startswith("//") or "://" in path or "\\" in path:
        return HOME
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in path):
        return HOME  # browsers drop tabs and newlines in URLs: "/\t/evil.com" would become "//evil.com"
    return path


def login_path(path: str | None, query: str = "") -> str:
    """/login, coming back afterwards to ``path`` with its ``query`` (a payment provider's return keeps its
    status and transaction id, so a session that ended mid-payment still settles the payment after login)."""
    target = safe_next(f"{path}?{query}" if path and query else path)
    return f"{LOGIN}?next={quote(target, safe='/')}"


def certificate(code: str) -> str:
    """Path of a certificate's public page."""
    return f"/certificates/{quote(code, safe='')}"
