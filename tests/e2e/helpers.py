"""Helpers for browser tests: signing in a user by putting a real token in local storage."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Instructor, User
from marketplace.domain.review_writing import add_review
from marketplace.domain.sessions import open_session
from tests.factories import enroll, make_course

DEMO_LEARNER = ("ada@example.com", "learner123")
DEMO_INSTRUCTOR = ("tunde@example.com", "teacher123")


def app_db(live_app) -> Session:
    """A session on the live app's database, for a test to set up or check what the pages show."""
    return Session(get_engine(live_app.db_url), expire_on_commit=False)


def wait_for(condition: Callable[[], bool], timeout: float = 10) -> None:
    """Poll ``condition`` (a database read, say) until it holds: the server may still be busy after the page moved."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("The condition did not hold in time")
        time.sleep(0.2)


def wait_hydrated(page, selector: str) -> None:
    """Wait until React has taken over the server-rendered element at ``selector`` (its props are attached), so
    key presses reach the app's handlers. Playwright can type into the prerendered box sooner than any person."""
    page.wait_for_function(
        "(selector) => { const box = document.querySelector(selector);"
        " return !!box && Object.keys(box).some((key) => key.startsWith('__reactProps')); }",
        arg=selector,
    )


def user_by_email(db_url: str, email: str) -> User:
    """A user of the live app's database."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return session.exec(select(User).where(User.email == email.lower())).one()


def sign_in_storage(context, db_url: str, email: str, *, stored_fields: dict[str, str] | None = None) -> User:
    """Sign ``email`` in for every page of ``context`` (a real server-side session, stored as the app stores it).

    ``stored_fields`` replace fields of the user the browser keeps (a record an older login left behind, say).
    """
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        user = session.exec(select(User).where(User.email == email.lower())).one()
        tokens = open_session(session, user, user_agent="Playwright test set-up")
        session.commit()
        stored = {
            "id": user.id,
            "_id": user.id,
            "firstName": user.first_name,
            "lastName": user.last_name,
            "userName": user.username,
            "email": user.email,
            "profilePicture": user.profile_picture,
            "role": user.role,
            **(stored_fields or {}),
        }
    context.add_init_script(
        f"window.localStorage.setItem('token', {json.dumps(tokens.access)});"
        f"window.localStorage.setItem('refresh', {json.dumps(tokens.refresh)});"
        f"window.localStorage.setItem('user', {json.dumps(json.dumps(stored))});"
    )
    return user


def reviewed_course(db_url: str, teacher: User, learner: User, *, rating: int = 5, comment: str = "Fun"):
    """A new course taught by ``teacher`` (an instructor user), with ``learner`` enrolled and their review of it."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        course = make_course(session, instructor=instructor, title=f"Pottery {teacher.id}")
        enroll(session, session.get(User, learner.id), course)
        add_review(
            session, author_id=learner.id, target_type="Course", target_id=course.id, rating=rating, comment=comment
        )
        session.commit()
        return course


def log_in(page, email: str, password: str) -> None:
    """Fill the login form on the page shown and press Log In, as a person does."""
    page.get_by_label("Email", exact=True).fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log In", exact=True).click()


# Every look of a button from now on: its text, whether it can be pressed, and how many toasts showed then. A
# busy look lasts only as long as the server works, too short to catch by polling, so the page notes each one
# (in sessionStorage, which outlives a navigation to another page of this site).
_WATCH_BUTTON = """(button) => {
  const looks = [];
  const note = () => {
    const look = {
      text: button.textContent,
      disabled: button.disabled,
      toasts: document.querySelectorAll('[data-sonner-toast]').length,
    };
    if (JSON.stringify(looks[looks.length - 1]) !== JSON.stringify(look)) {
      looks.push(look);
      sessionStorage.setItem('buttonLooks', JSON.stringify(looks));
    }
  };
  note();
  const everything = {childList: true, subtree: true, characterData: true, attributes: true};
  new MutationObserver(note).observe(document.body, everything);
}"""


def watch_button(button) -> None:
    """Start noting every look of ``button`` (a Playwright locator); read them with :func:`button_looks`."""
    button.evaluate(_WATCH_BUTTON)


def button_looks(page) -> list[dict]:
    """The looks noted since :func:`watch_button`: ``{text, disabled, toasts}`` each, oldest first."""
    return page.evaluate("JSON.parse(sessionStorage.getItem('buttonLooks') || '[]')")


class HeldSocket:
    """The page's event websocket, with the events the page sends held back in order until :meth:`release`, as a
    slow network would deliver them late. ``hold`` says which frames to hold (by their text); socket.io's own
    handshake frames are never events, so they go through unless asked for."""

    def __init__(self, page, hold: Callable[[str], bool]) -> None:
        self.holding = True
        self.held: list[str | bytes] = []
        # Every frame as it went through, in order: ("page", text) sent to the server, ("server", text) to the page.
        self.passed: list[tuple[str, str]] = []
        self._hold = hold
        self._server = None
        page.route_web_socket(re.compile(r"/_event"), self._connect)

    def _connect(self, ws) -> None:
        server = self._server = ws.connect_to_server()
        ws.on_message(self._from_page)

        def to_page(message) -> None:
            self.passed.append(("server", str(message)))
            ws.send(message)

        server.on_message(to_page)

    def _from_page(self, message) -> None:
        if self.holding and self._hold(str(message)):
            self.held.append(message)
        else:
            self._send(message)

    def _send(self, message) -> None:
        self.passed.append(("page", str(message)))
        self._server.send(message)

    def names(self) -> list[str]:
        """The event names in the held frames, in order."""
        return [found for message in self.held for found in re.findall(r'"name":"([^"]+)"', str(message))]

    def wait_until_held(self, page, what: Callable[[str], bool], timeout_ms: int = 15_000) -> None:
        """Wait (letting the page run) until a held frame's text satisfies ``what``."""
        for _ in range(timeout_ms // 100):
            if any(what(str(message)) for message in self.held):
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"no such frame was held: {self.names()}")

    def release(self) -> None:
        """Let the held frames through in the order they came, and stop holding."""
        self.holding = False
        held, self.held = self.held, []
        for message in held:
            self._send(message)
