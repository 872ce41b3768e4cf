"""Chat: who may talk, only the two people read or write, unread counts, paging back, notifications."""

import pytest

from marketplace.domain import chat, notifications
from marketplace.domain.errors import DomainError, Forbidden, NotFound
from tests.factories import make_instructor, make_user


@pytest.fixture
def people(session):
    """A learner, a teacher (user with an instructor row) and a third learner."""
    learner = make_user(session, first_name="Ada", last_name="Obi")
    instructor = make_instructor(session, first_name="Tunde")
    teacher = instructor.user_id
    third = make_user(session, first_name="Eve", last_name="Outsider")
    return learner.id, teacher, third.id, instructor.id


def test_a_learner_writes_to_a_teacher_and_the_teacher_replies(session, people):
    learner, teacher, _third, _ = people
    sent = chat.send_message(session, sender_id=learner, other_user_id=teacher, body="  Hello, sir  ")
    session.commit()
    assert sent.body == "Hello, sir" and sent.sender_id == learner and sent.recipient_id == teacher
    reply = chat.send_message(session, sender_id=teacher, other_user_id=learner, body="Welcome!")
    session.commit()
    assert reply.conversation_id == sent.conversation_id
    page = chat.history(session, user_id=teacher, other_user_id=learner)
    assert [m.body for m in page.messages] == ["Hello, sir", "Welcome!"]
    assert page.other.name == "Ada Obi" and page.other.role == "learner"
    assert chat.history(session, user_id=learner, other_user_id=teacher).other.role == "teacher"


def test_a_teacher_cannot_write_first_and_learners_cannot_talk_to_each_other(session, people):
    learner, teacher, third, _ = people
    with pytest.raises(Forbidden):
        chat.send_message(session, sender_id=teacher, other_user_id=learner, body="Buy my course")
    with pytest.raises(Forbidden):
        chat.send_message(session, sender_id=third, other_user_id=learner, body="Hi")
    with pytest.raises(Forbidden):
        chat.open_conversation(session, user_id=learner, other_user_id=third)
    with pytest.raises(DomainError):
        chat.open_conversation(session, user_id=learner, other_user_id=learner)
    with pytest.raises(NotFound):
        chat.open_conversation(session, user_id=learner, other_user_id=learner + 1000)


def test_open_conversation_creates_it_once(session, people):
    learner, teacher, _third, _ = people
    first = chat.open_conversation(session, user_id=learner, other_user_id=teacher)
    again = chat.open_conversation(session, user_id=teacher, other_user_id=learner)
    assert first.id == again.id and (first.learner_id, first.teacher_id) == (learner, teacher)


def test_a_third_user_cannot_read_or_write_the_conversation(session, people):
    learner, teacher, third, _ = people
    sent = chat.send_message(session, sender_id=learner, other_user_id=teacher, body="Private")
    session.commit()
    with pytest.raises(Forbidden):
        chat.history(session, user_id=third, conversation_id=sent.conversation_id)
    with pytest.raises(Forbidden):
        chat.mark_read(session, user_id=third, conversation_id=sent.conversation_id)
    with pytest.raises(Forbidden):
        chat.history(session, user_id=third, other_user_id=learner)
    # The third learner may talk to the teacher, but that is their own, separate (empty) conversation.
    own = chat.history(session, user_id=third, other_user_id=teacher)
    assert own.messages == [] and own.conversation_id is None


def test_blank_messages_are_ignored_and_long_ones_refused(session, people):
    learner, teacher, _third, _ = people
    assert chat.send_message(session, sender_id=learner, other_user_id=teacher, body="   \n\t ") is None
    assert chat.send_message(session, sender_id=learner, other_user_id=teacher, body=None) is None
    with pytest.raises(DomainError) as refused:
        chat.send_message(session, sender_id=learner, other_user_id=teacher, body="x" * 2001)
    assert refused.value.message == "Messages can be at most 2000 characters."
    assert chat.send_message(session, sender_id=learner, other_user_id=teacher, body="x" * 2000).body == "x" * 2000
    session.commit()
    assert len(chat.history(session, user_id=learner, other_user_id=teacher).messages) == 1


def test_markup_is_stored_as_plain_text(session, people):
    learner, teacher, _third, _ = people
    sent = chat.send_message(session, sender_id=learner, other_user_id=teacher, body="<b>hi</b>\x00<script>x</script>")
    assert sent.body == "<b>hi</b><script>x</script>"


def test_unread_counts_in_recent_chats_and_mark_read(session, people):
    learner, teacher, _third, _ = people
    for text in ("One", "Two", "Three"):
        chat.send_message(session, sender_id=learner, other_user_id=teacher, body=text)
    session.commit()
    teacher_view = chat.recent_chats(session, teacher)
    assert len(teacher_view) == 1
    row = teacher_view[0]
    assert (row.user_id, row.name, row.last_message, row.unread) == (learner, "Ada Obi", "Three", 3)
    assert row.link == f"/profile5/{learner}" and row.last_message_at
    assert chat.recent_chats(session, learner)[0].unread == 0  # your own messages are never unread
    assert chat.mark_read(session, user_id=teacher, other_user_id=learner) == 3
    session.commit()
    assert chat.recent_chats(session, teacher)[0].unread == 0
    assert all(m.read_at for m in chat.history(session, user_id=learner, other_user_id=teacher).messages)


def test_recent_chats_most_recent_first(session, people):
    learner, teacher, _third, _ = people
    other_teacher = make_instructor(session, first_name="Bisi").user_id
    chat.send_message(session, sender_id=learner, other_user_id=teacher, body="First")
    chat.send_message(session, sender_id=learner, other_user_id=other_teacher, body="Second")
    session.commit()
    assert [c.user_id for c in chat.recent_chats(session, learner)] == [other_teacher, teacher]
    chat.send_message(session, sender_id=teacher, other_user_id=learner, body="Reply")
    session.commit()
    chats = chat.recent_chats(session, learner)
    assert [c.user_id for c in chats] == [teacher, other_teacher]
    assert chats[0].last_message == "Reply" and chats[0].unread == 1


def test_a_teacher_only_sees_conversations_with_messages(session, people):
    learner, teacher, _third, _ = people
    chat.open_conversation(session, user_id=learner, other_user_id=teacher)
    session.commit()
    assert chat.recent_chats(session, teacher) == []
    assert [c.last_message for c in chat.recent_chats(session, learner)] == [""]


def test_history_pages_go_back_in_time(session, people):
    learner, teacher, _third, _ = people
    for n in range(7):
        chat.send_message(session, sender_id=learner, other_user_id=teacher, body=f"m{n}")
    session.commit()
    newest = chat.history(session, user_id=learner, other_user_id=teacher, limit=3)
    assert [m.body for m in newest.messages] == ["m4", "m5", "m6"] and newest.has_more is True
    older = chat.history(session, user_id=learner, other_user_id=teacher, before_id=newest.messages[0].id, limit=3)
    assert [m.body for m in older.messages] == ["m1", "m2", "m3"] and older.has_more is True
    oldest = chat.history(session, user_id=teacher, other_user_id=learner, before_id=older.messages[0].id, limit=3)
    assert [m.body for m in oldest.messages] == ["m0"] and oldest.has_more is False


def test_a_message_notifies_the_recipient_with_a_link_to_the_chat(session, people):
    learner, teacher, _third, _ = people
    chat.send_message(session, sender_id=learner, other_user_id=teacher, body="Can you help?")
    chat.send_message(session, sender_id=learner, other_user_id=teacher, body="With lesson 2")
    session.commit()
    listed = notifications.list_notifications(session, teacher).notifications
    assert len(listed) == 1  # a burst from one person is one unread line, refreshed
    assert listed[0].kind == "message" and listed[0].link == f"/profile5/{learner}"
    assert listed[0].text == "New message from Ada Obi: With lesson 2"
    assert notifications.unread_count(session, learner) == 0
    chat.mark_read(session, user_id=teacher, other_user_id=learner)
    session.commit()
    assert notifications.unread_count(session, teacher) == 0


def test_mentor_links_resolve_to_the_instructors_user(session, people):
    learner, teacher, _third, instructor_id = people
    assert chat.user_id_for_instructor(session, instructor_id) == teacher
    with pytest.raises(NotFound):
        chat.user_id_for_instructor(session, instructor_id + 1000)
    partner = chat.chat_partner(session, user_id=learner, other_user_id=teacher)
    assert partner.instructor_id == instructor_id and partner.role == "teacher"
