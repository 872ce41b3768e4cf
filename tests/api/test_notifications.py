"""HTTP: the bell's count, the notifications list newest first, marking read; each user sees only their own."""

from marketplace.domain import notifications
from marketplace.domain.sessions import issue_token
from tests.factories import make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def test_list_count_and_read_all(api_client, session):
    user, other = make_user(session), make_user(session)
    notifications.notify(session, user_id=user.id, kind="payment", text="Payment successful", link="/profile2")
    notifications.notify(session, user_id=user.id, kind="review", text="New review", link="/courses/1")
    notifications.notify(session, user_id=other.id, kind="payment", text="Not yours")
    session.commit()
    headers = _auth(session, user)
    assert api_client.get("/api/notifications/unread-count", headers=headers).json() == {"unread": 2}
    listed = api_client.get("/api/notifications", headers=headers).json()
    assert [n["text"] for n in listed["notifications"]] == ["New review", "Payment successful"]
    assert listed["notifications"][0]["link"] == "/courses/1" and listed["unread"] == 2
    assert api_client.post("/api/notifications/read-all", headers=headers).json() == {"marked": 2, "unread": 0}
    assert api_client.get("/api/notifications/unread-count", headers=headers).json() == {"unread": 0}
    assert api_client.get("/api/notifications/unread-count", headers=_auth(session, other)).json() == {"unread": 1}


def test_mark_one_read_only_for_its_owner(api_client, session):
    user, other = make_user(session), make_user(session)
    note = notifications.notify(session, user_id=user.id, kind="message", text="Hi", link="/profile5/3")
    session.commit()
    assert api_client.post(f"/api/notifications/{note.id}/read", headers=_auth(session, other)).status_code == 404
    answer = api_client.post(f"/api/notifications/{note.id}/read", headers=_auth(session, user))
    assert answer.status_code == 200 and answer.json()["read"] is True


def test_paging_and_sign_in_required(api_client, session):
    user = make_user(session)
    for n in range(3):
        notifications.notify(session, user_id=user.id, kind="payment", text=f"P{n}")
    session.commit()
    page = api_client.get("/api/notifications?page=2&perPage=2", headers=_auth(session, user)).json()
    assert [n["text"] for n in page["notifications"]] == ["P0"] and page["pages"] == 2
    assert api_client.get("/api/notifications").status_code == 401
    assert api_client.post("/api/notifications/read-all").status_code == 401
