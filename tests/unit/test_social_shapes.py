"""How chats and notifications read: Nigerian local times, avatar initials, site-only links, wire names."""

from datetime import UTC, datetime

from marketplace.domain import chat, notifications
from marketplace.domain.social_text import initials, site_link, time_text
from tests.factories import make_instructor, make_user

NOW = datetime(2026, 3, 12, 20, 0, tzinfo=UTC)


def test_times_read_in_west_africa_time():
    assert time_text(datetime(2026, 3, 12, 13, 5, tzinfo=UTC), NOW) == "14:05"  # today, UTC+1
    assert time_text(datetime(2026, 3, 12, 23, 30), NOW) == "13 Mar, 00:30"  # naive is UTC: tomorrow in Lagos
    assert time_text(datetime(2026, 1, 2, 9, 0, tzinfo=UTC), NOW) == "2 Jan, 10:00"
    assert time_text(datetime(2024, 3, 12, 9, 0, tzinfo=UTC), NOW) == "12 Mar 2024"
    assert time_text(None, NOW) == ""


def test_initials_for_an_avatar_without_a_picture():
    assert (initials("Ada Obi"), initials("tunde"), initials("  ")) == ("AO", "T", "?")


def test_only_links_inside_the_site_are_followed():
    assert site_link("/profile5/3") == "/profile5/3"
    for outside in ("https://evil.example", "//evil.example", "javascript:alert(1)", "/\\evil.example", ""):
        assert site_link(outside) == ""


def test_a_notification_keeps_its_wire_names_and_drops_a_foreign_link(session):
    user = make_user(session)
    notifications.notify(session, user_id=user.id, kind="payment", text="Paid", link="https://evil.example")
    notifications.notify(session, user_id=user.id, kind="message", text="Hi", link="/profile5/9")
    session.commit()
    page = notifications.list_notifications(session, user.id)
    assert [(n.icon, n.link) for n in page.notifications] == [("message-circle", "/profile5/9"), ("credit-card", "")]
    wire = page.model_dump(mode="json", by_alias=True)
    assert set(wire) == {"notifications", "total", "page", "pages", "perPage", "unread"}
    assert {"id", "kind", "text", "link", "createdAt", "read", "timeText", "icon"} == set(wire["notifications"][0])


def test_chat_rows_say_who_wrote_last_and_keep_their_wire_names(session):
    learner = make_user(session, first_name="Ada", last_name="Obi")
    teacher = make_instructor(session, first_name="Tunde")
    chat.send_message(session, sender_id=learner.id, other_user_id=teacher.user_id, body="Hello")
    session.commit()
    (mine,) = chat.recent_chats(session, learner.id)
    (theirs,) = chat.recent_chats(session, teacher.user_id)
    assert (mine.last_mine, mine.role_text, theirs.last_mine, theirs.initials) == (True, "Teacher", False, "AO")
    wire = theirs.model_dump(by_alias=True)
    for key in ("conversationId", "userId", "lastMessage", "lastSenderId", "lastMessageAt", "unread", "link"):
        assert key in wire
    partner = chat.chat_partner(session, user_id=learner.id, other_user_id=teacher.user_id)
    assert partner.mentor_link == f"/mentors/{teacher.id}"
    history = chat.history(session, user_id=learner.id, other_user_id=teacher.user_id)
    assert {"conversationId", "other", "messages", "hasMore"} == set(history.model_dump(by_alias=True))
    assert {"senderId", "recipientId", "createdAt", "readAt"} <= set(history.messages[0].model_dump(by_alias=True))
