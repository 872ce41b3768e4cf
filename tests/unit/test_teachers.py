"""The Teachers page: 6 a page, search by name in any case, the learner's own teachers first and marked."""

from marketplace.domain.teachers import list_teachers
from tests.factories import enroll, make_course, make_instructor, make_user


def test_own_teachers_come_first_and_are_marked(session):
    learner = make_user(session)
    others = [make_instructor(session, first_name=f"Aaron{n}") for n in range(3)]
    mine = make_instructor(session, first_name="Zainab", title="Designer")
    enroll(session, learner, make_course(session, instructor=mine))
    make_course(session, instructor=mine)
    make_course(session, instructor=others[0])
    result = list_teachers(session, user_id=learner.id, query="")
    first = result.data[0]
    assert (first.id, first.user_id, first.mine) == (mine.id, mine.user_id, True)
    assert first.name.startswith("Zainab") and first.title == "Designer" and first.course_count == 2
    assert first.initials.startswith("Z")
    assert [t.mine for t in result.data[1:]] == [False, False, False]
    assert [t.course_count for t in result.data[1:]] == [1, 0, 0]
    assert result.total == 4 and result.pages == 1
    sent = result.model_dump(by_alias=True, mode="json")
    assert sent["teachers"][0]["userId"] == mine.user_id and sent["teachers"][0]["courseCount"] == 2


def test_search_filters_by_name_in_any_case(session):
    learner = make_user(session)
    make_instructor(session, first_name="Chiamaka")
    make_instructor(session, first_name="Tunde")
    names = [t.name for t in list_teachers(session, user_id=learner.id, query="  CHIA ").data]
    assert len(names) == 1 and names[0].startswith("Chiamaka ")
    assert list_teachers(session, user_id=learner.id, query="%").data == []
    full = list_teachers(session, user_id=learner.id, query=names[0].lower()).data
    assert [t.name for t in full] == names


def test_six_per_page_and_the_caller_is_not_listed(session):
    me = make_instructor(session, first_name="Self")
    for n in range(8):
        make_instructor(session, first_name=f"Teacher{n}")
    first = list_teachers(session, user_id=me.user_id, query="", page=1)
    second = list_teachers(session, user_id=me.user_id, query="", page=2)
    assert len(first.data) == 6 and len(second.data) == 2 and first.pages == 2
    ids = {t.id for t in first.data + second.data}
    assert len(ids) == 8 and me.id not in ids
    assert list_teachers(session, user_id=me.user_id, query="", page=9).page == 2


# The page's state: the search and the page number live in the address (/profile4?q=...&page=N).


def _teachers_state(monkeypatch, db_url, user_id: int, path: str):
    """The Teachers page state signed in as ``user_id``, on ``path``, reading this test's database."""
    import dataclasses
    import functools
    from datetime import UTC, datetime, timedelta

    import reflex as rx
    from reflex.istate.data import ReflexURL

    from marketplace.db import engine
    from marketplace.domain import sessions
    from marketplace.states import session as session_states
    from marketplace.states.session import SessionState
    from marketplace.states.teachers import TeachersState

    caller = sessions.Caller(
        user_id=user_id, session_id="s", expires_at=datetime.now(UTC) + timedelta(hours=1), seen_due=False
    )
    monkeypatch.setattr(session_states, "_check_tokens", lambda _s, _token, _refresh: (caller, ""))
    monkeypatch.setattr(engine, "session_scope", functools.partial(engine.session_scope, db_url))
    root = rx.State()
    root.get_substate([rx.State.get_name(), SessionState.get_name()]).token = f"token-of-{user_id}"
    state = root.get_substate([rx.State.get_name(), TeachersState.get_name()])
    state.router = dataclasses.replace(state.router, url=ReflexURL(f"http://localhost:3000{path}"))
    return state


def _script(event) -> str:
    """The JavaScript of an rx.call_script event ("" for anything else)."""
    scripts = (value for name, value in getattr(event, "args", ()) if "javascript" in str(name))
    return str(getattr(next(scripts, None), "_var_value", ""))


def _redirect(event) -> str | None:
    args = {str(name): value for name, value in getattr(event, "args", ())}
    path = args.get("path")
    return getattr(path, "_var_value", None)


def _eight_teachers(session, prefix: str):
    learner = make_user(session)
    for n in range(8):
        make_instructor(session, first_name=f"{prefix}{n}")
    make_instructor(session, first_name="Someone")
    return learner


def test_the_address_names_the_search_and_the_page(session, db_url, monkeypatch):
    import asyncio

    learner = _eight_teachers(session, "Ngozi")
    state = _teachers_state(monkeypatch, db_url, learner.id, "/profile4?q=ngozi&page=2")
    assert asyncio.run(state.load()) is None  # the address already says what is shown: left as it is
    assert (state.query, state.page, state.pages, state.total) == ("ngozi", 2, 2, 8)
    assert [t.name.split()[0] for t in state.teachers] == ["Ngozi6", "Ngozi7"]


def test_an_address_past_the_last_page_is_corrected_in_place(session, db_url, monkeypatch):
    import asyncio

    learner = _eight_teachers(session, "Emeka")
    state = _teachers_state(monkeypatch, db_url, learner.id, "/profile4?q=%20%20emeka%20&page=9")
    script = _script(asyncio.run(state.load()))
    assert (state.query, state.page) == ("emeka", 2)
    # replaceState, not a navigation: no new history entry, and only while the browser is still on /profile4.
    assert "history.replaceState(window.history.state, ''," in script and '"/profile4?q=emeka&page=2"' in script
    assert "window.location.pathname" in script


def test_typing_a_search_shows_its_first_page_and_rewrites_the_address(session, db_url, monkeypatch):
    import asyncio

    learner = _eight_teachers(session, "Bola")
    state = _teachers_state(monkeypatch, db_url, learner.id, "/profile4?page=2")
    asyncio.run(state.load())
    assert state.page == 2
    script = _script(asyncio.run(state.search("bola ade")))
    assert (state.query, state.page, state.teachers) == ("bola ade", 1, [])
    assert '"/profile4?q=bola%20ade"' in script and "replaceState" in script
    asyncio.run(state.search("BOLA"))
    assert (state.page, state.total) == (1, 8)


def test_the_pager_navigates_to_the_next_address(session, db_url, monkeypatch):
    import asyncio

    learner = _eight_teachers(session, "Tobi")
    state = _teachers_state(monkeypatch, db_url, learner.id, "/profile4?q=tobi")
    asyncio.run(state.load())
    assert _redirect(state.go_to_page(2)) == "/profile4?q=tobi&page=2"  # a new history entry; its on_load shows it
    assert state.page == 1  # nothing read yet: the navigation's on_load does that
    state.query = ""
    assert _redirect(state.go_to_page(1)) == "/profile4"


def test_teachers_url_encodes_the_search():
    from marketplace.states.teachers import teachers_url

    assert teachers_url("", 1) == "/profile4"
    assert teachers_url("", 3) == "/profile4?page=3"
    assert teachers_url("a&b=c d", 2) == "/profile4?q=a%26b%3Dc%20d&page=2"
