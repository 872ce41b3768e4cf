"""HTTP: chats between a learner and a teacher; a third user gets 403 on their recent list and messages."""

import pytest
from sqlmodel import Session

from marketplace import realtime
from marketplace.db.engine import get_engine
from marketplace.db.models import User
from marketplace.domain import chat
from marketplace.domain.sessions import issue_token
from tests.factories import make_instructor, make_user


def _auth(session, user_id) -> dict:
    token = issue_token(session, session.get(User, user_id))
    session.commit()
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def trio(session):
    """(user id, headers) of a learner, a teacher and a third learner."""
    learner = make_user(session, first_name="Ada", last_name="Obi").id
    teacher = make_instructor(session, first_name="Tunde").user_id
    third = make_user(session).id
    return [(uid, _auth(session, uid)) for uid in (learner, teacher, third)]


def _send(api_client, headers, other, body):
    return api_client.post(f"/api/chats/{other}/messages", json={"body": body}, headers=headers)


def test_learner_and_teacher_exchange_messages(api_client, trio):
    (learner, l_headers), (teacher, t_headers), _ = trio
    sent = _send(api_client, l_headers, teacher, "Hello <b>sir</b>")
    assert sent.status_code == 201
    assert sent.json()["body"] == "Hello <b>sir</b>" and sent.json()["senderId"] == learner
    assert _send(api_client, t_headers, learner, "Hi Ada").status_code == 201
    page = api_client.get(f"/api/chats/{learner}/messages", headers=t_headers).json()
    assert [m["body"] for m in page["messages"]] == ["Hello <b>sir</b>", "Hi Ada"]
    assert page["other"]["name"] == "Ada Obi" and page["hasMore"] is False


def test_recent_chats_with_unread_and_mark_read(api_client, trio):
    (learner, l_headers), (teacher, t_headers), _ = trio
    _send(api_client, l_headers, teacher, "One")
    _send(api_client, l_headers, teacher, "Two")
    recent = api_client.get(f"/api/chats/recent/{teacher}", headers=t_headers)
    assert recent.status_code == 200
    [row] = recent.json()
    assert (row["userId"], row["lastMessage"], row["unread"]) == (learner, "Two", 2)
    assert api_client.get("/api/notifications/unread-count", headers=t_headers).json() == {"unread": 1}
    marked = api_client.post(f"/api/chats/{learner}/read", headers=t_headers).json()
    assert marked == {"marked": 2, "unread": 0}
    assert api_client.get(f"/api/chats/recent/{teacher}", headers=t_headers).json()[0]["unread"] == 0


def test_a_third_user_is_refused(api_client, trio):
    (learner, l_headers), (teacher, _), (_third, x_headers) = trio
    _send(api_client, l_headers, teacher, "Private")
    for path in (f"/api/chats/recent/{learner}", f"/api/chats/recent/{teacher}", f"/api/chats/{learner}/messages"):
        answer = api_client.get(path, headers=x_headers)
        assert answer.status_code == 403, path
        assert "Private" not in answer.text
    assert _send(api_client, x_headers, learner, "Let me in").status_code == 403
    # Talking to the teacher is allowed, but it is the third user's own empty conversation.
    own = api_client.get(f"/api/chats/{teacher}/messages", headers=x_headers).json()
    assert own["messages"] == []


def test_blank_is_ignored_long_is_refused_and_signed_out_is_401(api_client, trio):
    (learner, l_headers), (teacher, _), _ = trio
    assert _send(api_client, l_headers, teacher, "   ").status_code == 204
    too_long = _send(api_client, l_headers, teacher, "x" * 2001)
    assert too_long.status_code == 400
    assert too_long.json() == {"message": "Messages can be at most 2000 characters.", "field": "body"}
    assert api_client.get(f"/api/chats/{teacher}/messages", headers=l_headers).json()["messages"] == []
    assert api_client.get(f"/api/chats/recent/{learner}").status_code == 401
    assert _send(api_client, {}, teacher, "Hi").status_code == 401


def test_paging_back_with_before(api_client, trio):
    (_learner, l_headers), (teacher, _), _ = trio
    for n in range(5):
        _send(api_client, l_headers, teacher, f"m{n}")
    newest = api_client.get(f"/api/chats/{teacher}/messages?limit=2", headers=l_headers).json()
    assert [m["body"] for m in newest["messages"]] == ["m3", "m4"] and newest["hasMore"]
    before = newest["messages"][0]["id"]
    older = api_client.get(f"/api/chats/{teacher}/messages?limit=2&before={before}", headers=l_headers).json()
    assert [m["body"] for m in older["messages"]] == ["m1", "m2"]


def test_a_sent_message_is_delivered_live_once_it_can_be_read_back(api_client, trio, db_url, monkeypatch):
    (learner, l_headers), (teacher, _), _ = trio
    delivered = []

    async def deliver(message):
        # Delivered after the commit: whoever is shown it can read it back through the API already.
        with Session(get_engine(db_url)) as session:
            stored = chat.history(session, user_id=teacher, other_user_id=learner, limit=5).messages
        delivered.append((message.model_dump(mode="json", by_alias=True), [m.body for m in stored]))

    monkeypatch.setattr(realtime, "_deliverers", [deliver])
    sent = _send(api_client, l_headers, teacher, "Are you there?").json()
    assert sent["senderId"] == learner and sent["recipientId"] == teacher
    assert delivered == [(sent, ["Are you there?"])]

    _send(api_client, l_headers, teacher, "   ")  # blank: ignored, nothing delivered
    assert len(delivered) == 1
