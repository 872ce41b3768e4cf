"""Edits made in the course editor while the connection is down are saved once it is back.

What cuts the page's socket.io connection here: Playwright routes the page's websocket (/_event) through the test
(``page.route_web_socket``), which can make it die silently, close it, and hold new ones. (Chromium's offline mode,
``context.set_offline``, does not close an open websocket: it holds its frames and delivers them when back online,
so it proves nothing about a lost connection.)

Two losses, two safety nets:
* The connection dies silently (a phone changing masts): the page still thinks it is connected, so Reflex sends
  the edits into it and they are lost. The editor keeps every typed value in localStorage until the server has
  answered for it (assets/js/studio_autosave.js) and saves the kept values when it loads again: on the reconnect,
  or on a reload.
* The page knows it is disconnected: Reflex 0.10's client keeps the events in its queue (state.js: processEvent
  returns early without a connected socket) and sends them from the socket's "connect" handler.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Instructor
from tests.e2e.helpers import sign_in_storage, wait_for
from tests.e2e.test_chat import new_person
from tests.e2e.test_studio import course_in_db, section_titles
from tests.factories import make_course

pytestmark = pytest.mark.usefixtures("patient_expect")

EVENT_SOCKET = re.compile(r"/_event")
KEPT = "Object.keys(localStorage).filter((key) => key.startsWith('naija-learn-studio-unsaved-'))"


class Line:
    """The page's websocket to the server, through a switch: up, dead (frames vanish both ways, nobody notices),
    or cut (closed, and new connections held until it is up again)."""

    def __init__(self, page: Page) -> None:
        self.state = "up"
        self.opened = 0
        self.lost = 0  # frames that vanished while dead
        self.lost_events = 0  # of which events the page sent (saves, ...)
        self._open: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        self._held: list[WebSocketRoute] = []
        page.route_web_socket(EVENT_SOCKET, self._connect)

    def _connect(self, ws: WebSocketRoute) -> None:
        self.opened += 1
        if self.state == "cut":
            self._held.append(ws)  # the page waits for the server's first frame, as on a dead network
            return
        self._join(ws)

    def _join(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda message: self._pass(server, message))
        server.on_message(lambda message: self._pass(ws, message))
        self._open.append((ws, server))

    def _pass(self, to: WebSocketRoute, message) -> None:
        if self.state == "up":
            to.send(message)
        else:
            self.lost += 1
            self.lost_events += '"event"' in str(message) and '"name":' in str(message)

    def _close_all(self) -> None:
        sockets, self._open = self._open, []
        for page_side, server_side in sockets:
            page_side.close(code=1011, reason="connection lost")
            server_side.close(code=1011, reason="connection lost")

    def die(self) -> None:
        """The connection dies silently: both sides think it is open."""
        self.state = "dead"

    def cut(self) -> None:
        """The connection closes and no new one gets through."""
        self.state = "cut"
        self._close_all()

    def back(self) -> None:
        """The network is back: a dead connection finally closes; held connections go through."""
        was = self.state
        self.state = "up"
        if was == "dead":
            self._close_all()
        held, self._held = self._held, []
        for ws in held[-1:]:  # earlier held ones were given up by the page (socket.io's connect timeout)
            self._join(ws)


def open_editor(page: Page, live_app, title: str) -> tuple[int, Line]:
    """An instructor's draft with two sections, open in the editor behind a :class:`Line`."""
    teacher = new_person(live_app.db_url, "Chidi", teacher=True)
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        course = make_course(session, instructor=instructor, title=title, status="draft", sections=2)
    sign_in_storage(page.context, live_app.db_url, teacher.email)
    line = Line(page)
    page.goto(f"/studio/courses/{course.id}")
    expect(page.get_by_label("Title", exact=True)).to_have_value(title)
    expect(page.get_by_test_id("save-status")).to_have_text("Changes save as you type")
    page.wait_for_function("window.naijaLearnStudio !== undefined")  # the page's keeping script has run
    return course.id, line


def edit_three_boxes(page: Page) -> None:
    """Title (left), description (typing pause only), first section's title (left)."""
    title = page.get_by_label("Title", exact=True)
    title.fill("Tailoring from your first stitch")
    title.blur()
    description = page.get_by_label("Description")
    description.fill("")
    description.press_sequentially("Measure, cut and sew a simple dress.")
    page.wait_for_timeout(1500)  # longer than the typing pause: its save has been sent (or queued)
    first = page.get_by_test_id("studio-section").nth(0).get_by_label("Section title")
    first.fill("Threading the machine")
    first.blur()
    page.wait_for_timeout(1000)


def nothing_saved(db_url: str, course_id: int) -> None:
    stored = course_in_db(db_url, course_id)
    assert stored.title == "Tailoring for beginners"
    assert stored.description.startswith("About course")
    assert section_titles(db_url, course_id)[0] == "Lesson 1"


def all_saved(page: Page, db_url: str, course_id: int) -> None:
    expect(page.get_by_test_id("save-status")).to_have_text("All changes saved", timeout=30_000)
    wait_for(lambda: course_in_db(db_url, course_id).title == "Tailoring from your first stitch")
    wait_for(lambda: course_in_db(db_url, course_id).description == "Measure, cut and sew a simple dress.")
    wait_for(lambda: section_titles(db_url, course_id)[0] == "Threading the machine")
    # The boxes show what was typed, not the older values a reload of the draft would bring back.
    expect(page.get_by_label("Title", exact=True)).to_have_value("Tailoring from your first stitch")
    expect(page.get_by_label("Description")).to_have_value("Measure, cut and sew a simple dress.")
    expect(page.get_by_test_id("studio-section").nth(0).get_by_label("Section title")).to_have_value(
        "Threading the machine"
    )


def test_the_editor_keeps_edits_without_waiting_for_its_connection(page: Page, live_app):
    """The keeping script comes with the page, not with an answer on the socket: a connection that dies before
    the editor's first answers arrive still leaves every later keystroke kept."""
    teacher = new_person(live_app.db_url, "Chidi", teacher=True)
    sign_in_storage(page.context, live_app.db_url, teacher.email)
    line = Line(page)
    line.cut()  # no socket ever gets through
    page.goto("/studio/courses/1")
    page.wait_for_function("window.naijaLearnStudio !== undefined")
    assert line.opened >= 1 and line.lost_events == 0


def test_edits_sent_into_a_dead_connection_are_saved_after_it_comes_back(page: Page, live_app):
    course_id, line = open_editor(page, live_app, "Tailoring for beginners")
    line.die()
    edit_three_boxes(page)
    assert line.lost_events >= 3  # Reflex sent the saves into the dead connection: they are gone from its queue
    nothing_saved(live_app.db_url, course_id)
    assert page.evaluate(KEPT) == [f"naija-learn-studio-unsaved-{course_id}"]

    line.back()
    all_saved(page, live_app.db_url, course_id)
    assert line.opened == 2  # the page reconnected once
    wait_for(lambda: page.evaluate(KEPT) == [])  # the server answered for every kept value
    page.reload()
    expect(page.get_by_label("Title", exact=True)).to_have_value("Tailoring from your first stitch")
    expect(page.get_by_label("Description")).to_have_value("Measure, cut and sew a simple dress.")


def test_edits_typed_before_a_reload_on_a_dead_connection_are_saved(page: Page, live_app):
    course_id, line = open_editor(page, live_app, "Tailoring for beginners")
    line.die()
    edit_three_boxes(page)
    nothing_saved(live_app.db_url, course_id)
    line.back()
    page.reload()  # the tab was closed and opened again: only the browser's kept copy remains
    all_saved(page, live_app.db_url, course_id)
    wait_for(lambda: page.evaluate(KEPT) == [])


def test_reflex_queues_edits_while_it_knows_it_is_disconnected(page: Page, live_app):
    course_id, line = open_editor(page, live_app, "Tailoring for beginners")
    # Only Reflex's own queue here: the editor's kept copies are hidden from it.
    page.evaluate("window.naijaLearnStudio.unsaved = () => ({})")
    line.cut()
    expect(page.get_by_test_id("save-status")).to_contain_text(
        "Offline: your changes will be saved when the connection is back", timeout=30_000
    )
    edit_three_boxes(page)
    nothing_saved(live_app.db_url, course_id)
    assert line.lost_events == 0  # no event was sent: the page knew it had no connection

    line.back()
    all_saved(page, live_app.db_url, course_id)
