"""Notifications: newest first, unread counts, marking read, only the owner, bursts collapsed when asked."""

import pytest

from marketplace.domain import notifications
from marketplace.domain.errors import NotFound
from tests.factories import make_user


def test_notifications_list_newest_first_with_unread_count(session):
    user = make_user(session)
    for n in range(3):
        notifications.notify(session, user_id=user.id, kind="payment", text=f"Payment {n}", link="/profile2")
    session.commit()
    listed = notifications.list_notifications(session, user.id)
    assert [n.text for n in listed.notifications] == ["Payment 2", "Payment 1", "Payment 0"]
    assert listed.total == 3 and listed.unread == 3 and listed.pages == 1
    first = listed.notifications[0]
    assert first.kind == "payment" and first.link == "/profile2" and first.read is False
    assert first.created_at.endswith("+00:00")


def test_paging_and_page_clamping(session):
    user = make_user(session)
    for n in range(5):
        notifications.notify(session, user_id=user.id, kind="review", text=f"Review {n}")
    session.commit()
    second = notifications.list_notifications(session, user.id, page=2, per_page=2)
    assert [n.text for n in second.notifications] == ["Review 2", "Review 1"]
    assert second.pages == 3
    assert notifications.list_notifications(session, user.id, page=99, per_page=2).page == 3


def test_unread_count_and_mark_all_read_only_touch_the_owner(session):
    user, other = make_user(session), make_user(session)
    notifications.notify(session, user_id=user.id, kind="payment", text="Paid")
    notifications.notify(session, user_id=user.id, kind="message", text="Hi")
    notifications.notify(session, user_id=other.id, kind="message", text="Hello")
    session.commit()
    assert notifications.unread_count(session, user.id) == 2
    assert notifications.mark_all_read(session, user.id) == 2
    session.commit()
    assert notifications.unread_count(session, user.id) == 0
    assert notifications.unread_count(session, other.id) == 1
    assert all(n.read for n in notifications.list_notifications(session, user.id).notifications)


def test_mark_read_is_for_the_owner_only(session):
    user, other = make_user(session), make_user(session)
    note = notifications.notify(session, user_id=user.id, kind="payment", text="Paid")
    session.commit()
    with pytest.raises(NotFound):
        notifications.mark_read(session, user_id=other.id, notification_id=note.id)
    with pytest.raises(NotFound):
        notifications.mark_read(session, user_id=user.id, notification_id=note.id + 100)
    assert notifications.unread_count(session, user.id) == 1
    assert notifications.mark_read(session, user_id=user.id, notification_id=note.id).read is True
    assert notifications.unread_count(session, user.id) == 0


def test_long_text_is_cut_to_fit(session):
    user = make_user(session)
    note = notifications.notify(session, user_id=user.id, kind="message", text="a" * 500)
    assert len(note.text) == 300 and note.text.endswith("...")


def test_collapse_refreshes_the_unread_notification_for_the_same_link(session):
    user = make_user(session)
    chat = {"user_id": user.id, "kind": "message", "link": "/profile5/9", "collapse": True}
    first = notifications.notify(session, text="One", **chat)
    second = notifications.notify(session, text="Two", **chat)
    session.commit()
    assert first.id == second.id and notifications.unread_count(session, user.id) == 1
    assert notifications.list_notifications(session, user.id).notifications[0].text == "Two"
    notifications.mark_all_read(session, user.id)
    notifications.notify(session, text="Three", **chat)
    session.commit()
    assert notifications.list_notifications(session, user.id).total == 2
    assert notifications.unread_count(session, user.id) == 1


def test_a_session_knows_whom_it_notified_so_their_bells_can_ring_after_the_commit(session):
    asker, teacher = make_user(session), make_user(session)
    assert notifications.notified_in(session) == set()
    notifications.notify(session, user_id=teacher.id, kind="question", text="Why?", link="/order-complete/1#qa")
    notifications.notify(session, user_id=asker.id, kind="answer", text="Because.", link="/order-complete/1#qa")
    assert notifications.notified_in(session) == {teacher.id, asker.id}
    shown = notifications.list_notifications(session, teacher.id).notifications[0]
    assert (shown.kind, shown.icon) == ("question", "circle-help")
    assert notifications.list_notifications(session, asker.id).notifications[0].icon == "message-square-reply"


@pytest.mark.parametrize(("linked", "counted"), [(set(), False), ({"tab-1"}, True)])
def test_a_bell_nobody_has_open_is_not_recounted(monkeypatch, linked, counted):
    # A teacher reviewed while away: no tab shows their bell, and the header counts it afresh on their next page,
    # so the ring reads nothing (each read is a trip to a database thread) and sends nobody anything.
    import asyncio
    import contextlib
    from types import SimpleNamespace

    from marketplace.states import notifications as bell_states

    bell = SimpleNamespace(_linked_from=linked, unread=0)

    class App:
        @contextlib.asynccontextmanager
        async def modify_state(self, _token):
            async def get_state(_cls):
                return bell

            yield SimpleNamespace(get_state=get_state)

    read: list[int] = []

    async def unread_count(user_id: int) -> int:
        read.append(user_id)
        return 3

    monkeypatch.setattr(bell_states, "running_app", App)
    monkeypatch.setattr(bell_states, "unread_count", unread_count)
    asyncio.run(bell_states._refresh_bell(7))
    assert (read, bell.unread) == (([7], 3) if counted else ([], 0))
