"""Messages between a learner and a teacher in a real browser: two people in two browser contexts see each
other's messages live (the live app runs two workers sharing Redis, so this also crosses workers), the bell
counts a new message (either way) and its notification leads to the chat, the Messages list shows unread counts
and times, a message reaches an open chat within a second, and a third user cannot open the conversation."""

from __future__ import annotations

import re
import statistics
import uuid
from datetime import UTC, datetime, timedelta, timezone
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, col, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Instructor, Message, User
from marketplace.domain import chat
from marketplace.domain.sessions import issue_token
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage
from tests.factories import make_user

# ms: the spec's "a message reaches the other person's open chat within a second", plus one second for the
# browser's rendering and a busy 2-core machine. Measured here, 10 messages a path, with a load average of 7-14:
# page to page median 55-180 ms (slowest 773), page on a second server process 95-164 ms (slowest 1020), JSON API
# of a second process 133-457 ms (slowest 1275). The median is held to the second itself by a test below.
LIVE = 2000


def new_person(db_url: str, first: str, *, teacher: bool = False) -> User:
    """A fresh verified user of the live app; a teacher also gets an instructor profile."""
    name = f"{first.lower()}{uuid.uuid4().hex[:8]}"
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        user = make_user(
            session,
            email=f"{name}@example.com",
            username=name,
            first_name=first,
            last_name="Okafor" if teacher else "Bello",
            role="instructor" if teacher else "learner",
        )
        if teacher:
            session.add(Instructor(user_id=user.id, title="Data Scientist"))
            session.commit()
        return user


def open_as(browser: Browser, live_app, user: User, path: str, width: int = 1280) -> Page:
    """A new browser context signed in as ``user``, on ``path``."""
    context = browser.new_context(base_url=live_app.url, viewport={"width": width, "height": 900})
    sign_in_storage(context, live_app.db_url, user.email)
    page = context.new_page()
    page.goto(path)
    return page


def send(page: Page, text: str) -> None:
    """Type a message and press Enter, as a person does."""
    box = page.get_by_label("Your message")
    box.fill(text)
    box.press("Enter")


def messages_between(db_url: str, a: User, b: User) -> list[str]:
    """The stored bodies of the conversation of two users, oldest first."""
    with Session(get_engine(db_url)) as session:
        conversation = chat._between(session, a.id, b.id)
        if conversation is None:
            return []
        rows = session.exec(
            select(Message).where(Message.conversation_id == conversation.id).order_by(col(Message.id))
        ).all()
        return [m.body for m in rows]


def test_learner_and_teacher_talk_live_and_the_bell_leads_to_the_chat(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Amaka")
    teacher = new_person(live_app.db_url, "Chidi", teacher=True)
    teacher_page = open_as(browser, live_app, teacher, "/profile5")
    expect(teacher_page.get_by_text("No conversations yet")).to_be_visible()
    bell = teacher_page.get_by_test_id("bell-count")
    expect(bell).to_have_count(0)

    learner_page = open_as(browser, live_app, learner, f"/profile5/{teacher.id}")
    expect(learner_page.get_by_role("heading", name="Chidi Okafor")).to_be_visible()
    expect(learner_page.get_by_text("No messages yet")).to_be_visible()
    send(learner_page, "   ")  # blank: ignored
    send(learner_page, "Good morning, is the data course for beginners?")
    expect(learner_page.get_by_test_id("message-mine")).to_have_text(re.compile("is the data course for beginners"))

    # The teacher, on another page, sees the bell count the message at once.
    expect(bell).to_have_text("1", timeout=LIVE)
    assert messages_between(live_app.db_url, learner, teacher) == ["Good morning, is the data course for beginners?"]

    teacher_page.get_by_role("link", name="Notifications").click()
    note = teacher_page.get_by_test_id("notification").first
    expect(note).to_contain_text("New message from Amaka Bello")
    screenshot(teacher_page, "notifications")
    note.get_by_role("link").click()
    expect(teacher_page).to_have_url(re.compile(rf"/profile5/{learner.id}$"))
    expect(teacher_page.get_by_test_id("message-theirs")).to_have_text(re.compile("for beginners"))
    expect(bell).to_have_count(0)

    # Both chats are open: every message appears on the other side without a reload.
    send(teacher_page, "Yes! Start with <b>lesson one</b>.\nIt needs no maths.")
    expect(learner_page.get_by_test_id("message-theirs")).to_contain_text("<b>lesson one</b>", timeout=LIVE)
    expect(learner_page.locator("#chat-scroll b")).to_have_count(0)  # text, never HTML
    # Shown in an open chat means read: the learner's bell does not count it.
    expect(learner_page.get_by_test_id("bell-count")).to_have_count(0)
    send(learner_page, "Thank you, I will enrol today.")
    expect(teacher_page.get_by_test_id("message-theirs").last).to_have_text(
        re.compile("I will enrol today"), timeout=LIVE
    )
    assert len(messages_between(live_app.db_url, learner, teacher)) == 3
    with Session(get_engine(live_app.db_url)) as session:  # the reply was marked read where it was shown
        reply = session.exec(select(Message).where(Message.sender_id == teacher.id)).one()
        assert reply.read_at is not None
    screenshot(learner_page, "chat")

    teacher_page.goto("/profile5")
    row = teacher_page.get_by_test_id("conversation").first
    expect(row).to_contain_text("Amaka Bello")
    expect(row).to_contain_text("I will enrol today")
    screenshot(teacher_page, "messages")
    learner_page.context.close()
    teacher_page.context.close()


def test_a_teachers_reply_rings_the_learners_bell_and_leads_to_the_chat(browser: Browser, live_app):
    """The other direction: the teacher answers in the browser while the learner is elsewhere on the site."""
    learner = new_person(live_app.db_url, "Funke")
    teacher = new_person(live_app.db_url, "Segun", teacher=True)
    other_teacher = new_person(live_app.db_url, "Kelechi", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="Do you teach in the evenings?")
        chat.send_message(session, sender_id=learner.id, other_user_id=other_teacher.id, body="Hello Kelechi")
        chat.send_message(session, sender_id=other_teacher.id, other_user_id=learner.id, body="Hello Funke, welcome.")
        session.commit()
    learner_page = open_as(browser, live_app, learner, "/profile2")
    expect(learner_page.get_by_role("heading", name="My Courses")).to_be_visible()
    bell = learner_page.get_by_test_id("bell-count")
    expect(bell).to_have_text("1")  # the other teacher's answer, unread: the bell is live on this page

    teacher_page = open_as(browser, live_app, teacher, "/profile5")
    teacher_page.get_by_test_id("conversation").filter(has_text="Funke Bello").get_by_role("link").click()
    expect(teacher_page.get_by_test_id("message-theirs")).to_have_text(re.compile("teach in the evenings"))
    send(teacher_page, "Yes, on Tuesdays and Thursdays at 7 pm.")
    expect(teacher_page.get_by_test_id("message-mine")).to_have_text(re.compile("Tuesdays and Thursdays"))

    # The learner is not in the chat: the bell counts the reply at once.
    expect(bell).to_have_text("2", timeout=LIVE)
    learner_page.get_by_role("link", name="Notifications").click()
    lines = learner_page.get_by_test_id("notification")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("New message from Segun Okafor: Yes, on Tuesdays and Thursdays at 7 pm.")
    expect(lines.nth(1)).to_contain_text("New message from Kelechi Okafor: Hello Funke, welcome.")
    expect(bell).to_have_count(0)
    lines.nth(0).get_by_role("link").click()
    expect(learner_page).to_have_url(re.compile(rf"/profile5/{teacher.id}$"))
    expect(learner_page.get_by_role("heading", name="Segun Okafor")).to_be_visible()
    expect(learner_page.get_by_test_id("message-mine")).to_have_text(re.compile("teach in the evenings"))
    expect(learner_page.get_by_test_id("message-theirs")).to_have_text(re.compile("Tuesdays and Thursdays at 7 pm"))
    learner_page.context.close()
    teacher_page.context.close()


WAT = timezone(timedelta(hours=1))  # Nigerian time (UTC+1 all year), in which the site shows every time


def listed_time(sent: datetime) -> str:
    """How the Messages list writes when ``sent`` (UTC) happened: "14:05" today in Nigeria, "3 Mar, 14:05" before."""
    local = (sent if sent.tzinfo else sent.replace(tzinfo=UTC)).astimezone(WAT)
    if local.date() == datetime.now(WAT).date():
        return local.strftime("%H:%M")
    return f"{local.day} {local.strftime('%b, %H:%M')}"


def test_the_messages_list_shows_unread_messages_and_their_time_until_the_chat_is_opened(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Halima")
    teacher = new_person(live_app.db_url, "Yemi", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="When does the class start?")
        chat.send_message(session, sender_id=teacher.id, other_user_id=learner.id, body="Welcome, Halima!")
        last = chat.send_message(
            session, sender_id=teacher.id, other_user_id=learner.id, body="Class starts on Monday at 6 pm."
        )
        session.commit()
    with Session(get_engine(live_app.db_url)) as session:
        sent = session.get(Message, last.id).created_at  # the time as stored

    page = open_as(browser, live_app, learner, "/profile5")
    row = page.get_by_test_id("conversation")
    expect(row).to_have_count(1)
    expect(row.get_by_role("heading", name="Yemi Okafor")).to_be_visible()
    expect(row).to_contain_text("Class starts on Monday at 6 pm.")
    expect(row.get_by_test_id("chat-unread")).to_have_text("2 unread")  # both of the teacher's, not the learner's
    expect(row.get_by_text(listed_time(sent), exact=True)).to_be_visible()
    screenshot(page, "messages-unread")

    row.get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/profile5/{teacher.id}$"))
    expect(page.get_by_test_id("message-theirs")).to_have_count(2)
    page.get_by_role("link", name="Back to messages").click()
    expect(page).to_have_url(re.compile(r"/profile5/?$"))
    expect(row).to_contain_text("Class starts on Monday at 6 pm.")
    expect(row.get_by_test_id("chat-unread")).to_have_count(0)
    expect(row.get_by_text(listed_time(sent), exact=True)).to_be_visible()
    with Session(get_engine(live_app.db_url)) as session:
        assert chat.recent_chats(session, learner.id)[0].unread == 0
    page.context.close()


def test_the_messages_list_is_live_its_preview_and_unread_count_follow_new_messages(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Zainab")
    teacher = new_person(live_app.db_url, "Kunle", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="Is there homework?")
        session.commit()

    # The learner looks at the list (on a phone); the teacher answers from the chat page in another browser.
    inbox = open_as(browser, live_app, learner, "/profile5", width=390)
    row = inbox.get_by_test_id("conversation")
    expect(row).to_contain_text("You: Is there homework?")
    expect(row.get_by_test_id("chat-unread")).to_have_count(0)
    teacher_page = open_as(browser, live_app, teacher, f"/profile5/{learner.id}")
    expect(teacher_page.get_by_label("Your message")).to_be_visible()
    send(teacher_page, "Yes: chapter two, due Friday.")
    expect(row).to_contain_text("Yes: chapter two, due Friday.", timeout=LIVE + 3000)  # no reload
    expect(row.get_by_test_id("chat-unread")).to_have_text("1 unread")
    send(teacher_page, "And bring a calculator.")
    expect(row.get_by_test_id("chat-unread")).to_have_text("2 unread", timeout=LIVE + 3000)
    screenshot(inbox, "messages-live")

    # Reading the chat in another tab of the learner's clears the count on this list too.
    reader = inbox.context.new_page()
    reader.goto(f"/profile5/{teacher.id}")
    expect(reader.get_by_test_id("message-theirs")).to_have_count(2)
    expect(row.get_by_test_id("chat-unread")).to_have_count(0, timeout=LIVE + 3000)
    inbox.context.close()
    teacher_page.context.close()


def test_a_message_sent_through_the_api_of_another_server_process_appears_live(
    browser: Browser, live_app, second_server
):
    """The chat page is connected to the first server; the teacher writes through the JSON API of a second
    server process. Only Redis joins the two, so the message showing up proves delivery across workers."""
    learner = new_person(live_app.db_url, "Tolu")
    teacher = new_person(live_app.db_url, "Ngozi", teacher=True)
    learner_page = open_as(browser, live_app, learner, f"/profile5/{teacher.id}")
    send(learner_page, "Is my certificate ready?")  # a teacher answers; only a learner starts a conversation
    expect(learner_page.get_by_test_id("message-mine")).to_have_text(re.compile("certificate ready"))
    with Session(get_engine(live_app.db_url)) as session:
        teacher_token = issue_token(session, session.get(User, teacher.id))
        session.commit()

    answer = httpx.post(
        f"{second_server}/api/chats/{learner.id}/messages",
        json={"body": "Your certificate is ready."},
        headers={"Authorization": f"Bearer {teacher_token}"},
    )
    assert answer.status_code == 201, answer.text
    expect(learner_page.get_by_test_id("message-theirs")).to_have_text(
        re.compile("Your certificate is ready"), timeout=LIVE
    )
    assert messages_between(live_app.db_url, learner, teacher) == [
        "Is my certificate ready?",
        "Your certificate is ready.",
    ]
    learner_page.context.close()


# When each of the other person's messages first shows in this chat (by text), and when Enter sent each one.
NOTE_ARRIVALS = """() => {
  window.arrivals = {};
  const note = () => {
    for (const body of document.querySelectorAll('[data-testid="message-theirs"] p')) {
      if (!(body.textContent in window.arrivals)) window.arrivals[body.textContent] = Date.now();
    }
  };
  new MutationObserver(note).observe(document.body, {childList: true, subtree: true, characterData: true});
  note();
}"""
NOTE_SENDING = """() => {
  window.sentAt = {};
  document.addEventListener('keydown', (e) => {
    const box = e.target;
    if (e.key === 'Enter' && !e.shiftKey && box.id === 'chat-body') window.sentAt[box.value.trim()] = Date.now();
  }, true);
}"""


def open_on_second_server(browser: Browser, live_app, second_server: str, user: User, path: str) -> Page:
    """A page signed in as ``user`` whose pages and websocket the second server process serves.

    The built front end names the live app's address for its websocket; behind a load balancer that address
    leads to either machine, so the test points this page at the other one (and checks that it went there).
    """
    context = browser.new_context(base_url=second_server, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, user.email)
    here, there = urlsplit(live_app.url).netloc, urlsplit(second_server).netloc

    def to_second_server(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace(here, there))

    context.route(re.compile(r"/assets/reflex-env-[^/]*\.js$"), to_second_server)
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(path)
    expect(page.get_by_label("Your message")).to_be_visible()
    assert sockets and all(urlsplit(url).netloc == there for url in sockets), sockets
    return page


def test_messages_reach_the_other_persons_open_chat_within_a_second(browser: Browser, live_app, second_server):
    """The spec's promise, timed: the teacher types on a page of another server process (only Redis joins it to
    the live app) while the learner's chat is open on the live app. From the Enter key to the message showing in
    the learner's chat, the median of ten messages is under a second."""
    learner = new_person(live_app.db_url, "Timi")
    teacher = new_person(live_app.db_url, "Dayo", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="Are you online now?")
        session.commit()
    learner_page = open_as(browser, live_app, learner, f"/profile5/{teacher.id}")
    expect(learner_page.get_by_test_id("message-mine")).to_have_text(re.compile("Are you online now"))
    teacher_page = open_on_second_server(browser, live_app, second_server, teacher, f"/profile5/{learner.id}")
    expect(teacher_page.get_by_test_id("message-theirs")).to_have_text(re.compile("Are you online now"))
    learner_page.evaluate(NOTE_ARRIVALS)
    teacher_page.evaluate(NOTE_SENDING)

    texts = [f"Yes, message {n} of 10." for n in range(1, 11)]
    delays = []
    for text in texts:
        send(teacher_page, text)
        # One slow message on a busy machine is allowed; the median below is the check.
        expect(learner_page.get_by_test_id("message-theirs").last).to_have_text(re.compile(re.escape(text)))
        shown = learner_page.evaluate("(text) => window.arrivals[text]", text)
        sent = teacher_page.evaluate("(text) => window.sentAt[text]", text)
        delays.append(shown - sent)
    assert statistics.median(delays) < 1000, f"delivery times (ms): {delays}"
    assert messages_between(live_app.db_url, learner, teacher) == ["Are you online now?", *texts]
    learner_page.context.close()
    teacher_page.context.close()


def test_after_logout_the_tab_no_longer_receives_the_persons_messages(browser: Browser, live_app):
    """A shared computer: once the learner logs out, their new messages must not reach that tab at all."""
    learner = new_person(live_app.db_url, "Sade")
    teacher = new_person(live_app.db_url, "Bayo", teacher=True)
    learner_page = open_as(browser, live_app, learner, f"/profile5/{teacher.id}")
    frames: list[str] = []
    learner_page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    learner_page.reload()  # listen to the socket from its start
    send(learner_page, "Thank you for the class")
    teacher_page = open_as(browser, live_app, teacher, f"/profile5/{learner.id}")
    expect(teacher_page.get_by_test_id("message-theirs")).to_have_text(re.compile("Thank you for the class"))

    send(teacher_page, "Before logout: you are welcome")
    expect(learner_page.get_by_test_id("message-theirs")).to_have_text(re.compile("Before logout"), timeout=LIVE)
    assert any("Before logout" in frame for frame in frames)  # the listener hears the live room

    learner_page.get_by_label("Account menu").click()
    learner_page.get_by_role("button", name="Logout").click()
    expect(learner_page.get_by_role("link", name="Log In").first).to_be_visible()
    learner_page.wait_for_timeout(1000)  # the logout's own answers arrive
    send(teacher_page, "After logout: private reply")
    expect(teacher_page.get_by_test_id("message-mine").last).to_have_text(re.compile("After logout"))
    learner_page.wait_for_timeout(LIVE)
    assert not any("After logout" in frame for frame in frames)
    learner_page.context.close()
    teacher_page.context.close()


def test_a_third_user_cannot_open_the_conversation(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Bisi")
    teacher = new_person(live_app.db_url, "Emeka", teacher=True)
    outsider = new_person(live_app.db_url, "Femi")
    with Session(get_engine(live_app.db_url)) as session:
        chat.send_message(session, sender_id=learner.id, other_user_id=teacher.id, body="Private question")
        outsider_token = issue_token(session, session.get(User, outsider.id))
        session.commit()

    page = open_as(browser, live_app, outsider, f"/profile5/{learner.id}")
    expect(page.get_by_role("heading", name="You cannot open this conversation")).to_be_visible()
    expect(page.get_by_text("Private question")).to_have_count(0)
    expect(page.get_by_label("Your message")).to_have_count(0)

    headers = {"Authorization": f"Bearer {outsider_token}"}
    assert httpx.get(live_app.api(f"/api/chats/{learner.id}/messages"), headers=headers).status_code == 403
    assert httpx.get(live_app.api(f"/api/chats/recent/{learner.id}"), headers=headers).status_code == 403
    page.context.close()

    # Another teacher: refused because the conversation is not theirs (not only because learners cannot
    # talk to each other), and they cannot write into it either.
    other_teacher = new_person(live_app.db_url, "Kunle", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        teacher_headers = {"Authorization": f"Bearer {issue_token(session, session.get(User, other_teacher.id))}"}
        session.commit()
    page = open_as(browser, live_app, other_teacher, f"/profile5/{learner.id}")
    expect(page.get_by_role("heading", name="You cannot open this conversation")).to_be_visible()
    expect(page.get_by_text("Private question")).to_have_count(0)
    sent = httpx.post(
        live_app.api(f"/api/chats/{learner.id}/messages"), json={"body": "Hello"}, headers=teacher_headers
    )
    assert sent.status_code == 403
    read = httpx.get(live_app.api(f"/api/chats/{learner.id}/messages"), headers=teacher_headers)
    assert read.status_code == 403
    assert messages_between(live_app.db_url, learner, teacher) == ["Private question"]
    page.context.close()


def test_messages_pages_fit_a_phone(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Kemi")
    teacher = new_person(live_app.db_url, "Obinna", teacher=True)
    with Session(get_engine(live_app.db_url)) as session:
        for n in range(35):
            sender, other = (learner, teacher) if n % 2 == 0 else (teacher, learner)
            chat.send_message(session, sender_id=sender.id, other_user_id=other.id, body=f"Message number {n}")
        session.commit()
    page = open_as(browser, live_app, learner, "/profile5", width=390)
    expect(page.get_by_test_id("conversation")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "messages")
    page.get_by_test_id("conversation").click()
    expect(page.get_by_text("Message number 34")).to_be_visible()
    expect(page.get_by_text("Message number 4", exact=True)).to_have_count(0)  # older than the newest page
    expect(page.get_by_role("button", name="Load earlier messages")).to_be_attached()
    page.wait_for_function("document.getElementById('chat-scroll').scrollTop > 0")  # opened at the newest
    page.locator("#chat-scroll").hover()
    page.mouse.wheel(0, -20000)  # scrolling up to the top asks for the earlier page
    expect(page.get_by_text("Message number 0", exact=True)).to_be_attached()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "chat")
    page.context.close()
