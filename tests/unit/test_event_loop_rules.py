"""Nothing blocks the event loop: every database session of a Reflex handler opens on a worker thread.

Reflex runs every event handler of a worker, ``def`` handlers included, on that worker's one event loop, shared by
all of its users: a handler that waits for the database there stalls everybody. The work goes through
:func:`marketplace.db.engine.in_session_thread` (or :func:`~marketplace.db.engine.in_thread`) instead. Three
checks keep it so:

* the guard itself: with ``guard_event_loop("raise")`` a session opened on a running loop is refused;
* a static rule over the source of ``marketplace/states`` and ``marketplace/api``: no ``async def`` and no method
  of a state opens a session (``session_scope``, ``Session(``, ``get_engine``), directly or through a plain
  function that does, except inside the work handed to a worker thread;
* the handlers themselves, run with the guard on (here against a real database, and in the other state tests
  through :func:`event_loop_guard`): a session opened on the loop fails the test even when the handler caught
  the error and showed a friendly message instead.
"""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import inspect
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import reflex as rx
from reflex.istate.data import PageData, ReflexURL
from sqlalchemy import text

import marketplace
from marketplace import routes
from marketplace.db import engine
from marketplace.states.session import SessionState

PACKAGE = Path(marketplace.__file__).parent
CHECKED_PACKAGES = ("states", "api")
# What opens a database session or connection.
OPENERS = {"session_scope", "Session", "get_engine"}
# Calls whose callable arguments run on a worker thread, not on the loop.
HAND_OFFS = {"in_session_thread", "in_thread", "to_thread", "run_sync", "run_in_executor"}
STATE_BASES = {"State", "SharedState", "ComponentState"}


# --- the guard -------------------------------------------------------------------------------------------------------


@contextmanager
def sessions_opened_on_the_loop() -> Iterator[list[str]]:
    """Turn the guard on ("raise") and record every session opened on a running event loop.

    Recorded, not only raised: most handlers catch every error and show a message instead, which would hide
    the refusal from a test that only looks at the page.
    """
    opened: list[str] = []
    check = engine._check_not_on_loop

    def check_and_record() -> None:
        try:
            check()
        except engine.BlockingCallOnEventLoop as refused:
            opened.append(str(refused))
            raise

    engine._check_not_on_loop = check_and_record
    engine.guard_event_loop("raise")
    try:
        yield opened
    finally:
        engine.guard_event_loop("off")
        engine._check_not_on_loop = check


@pytest.fixture
def event_loop_guard() -> Iterator[list[str]]:
    """Fail the test if anything it runs opens a database session on the event loop (see the module docstring)."""
    with sessions_opened_on_the_loop() as opened:
        yield opened
    assert not opened, "A database session was opened on the event loop:\n" + "\n".join(opened)


def _select_one(session) -> int:
    return session.exec(text("SELECT 1")).one()[0]


def test_a_session_on_the_event_loop_is_refused_and_one_on_a_worker_thread_is_not():
    async def on_the_loop() -> int:
        with pytest.raises(engine.BlockingCallOnEventLoop), engine.session_scope(readonly=True):
            pass
        return await engine.in_session_thread(_select_one, readonly=True)

    with sessions_opened_on_the_loop() as opened:
        assert asyncio.run(on_the_loop()) == 1
        assert len(opened) == 1  # the refused one, and only it
        with engine.session_scope(readonly=True) as session:  # no loop running here (a script, a job): fine
            assert _select_one(session) == 1
    assert engine._loop_guard["mode"] == "off"


def test_the_guard_sees_a_session_a_handler_opened_and_then_hid_behind_a_message():
    async def handler_that_swallows_errors() -> str:
        try:
            with engine.session_scope(readonly=True) as session:
                _select_one(session)
        except Exception:  # noqa: BLE001 - as the page handlers do: a message instead of an error
            return "Failed to load."
        return ""

    with sessions_opened_on_the_loop() as opened:
        assert asyncio.run(handler_that_swallows_errors()) == "Failed to load."
    assert len(opened) == 1 and "handler_that_swallows_errors" in opened[0]


# --- the static rule ---------------------------------------------------------------------------------------------


def _called(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _imports(tree: ast.Module, module: str) -> dict[str, str]:
    """Local name -> qualified name, for the names a module imports."""
    names: dict[str, str] = {}
    package = module.rsplit(".", 1)[0]
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                source = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], source]).strip(".")
            for alias in node.names:
                names[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
    return names


def _qualified(call: ast.Call, module: str, imports: dict[str, str], local: set[str]) -> str:
    """The qualified name of a plain function call (``f()``, ``module.f()``), or ``""``."""
    func = call.func
    if isinstance(func, ast.Name):
        if func.id in local:
            return f"{module}.{func.id}"
        return imports.get(func.id, "")
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in imports:
        return f"{imports[func.value.id]}.{func.attr}"
    return ""


@dataclasses.dataclass
class _Module:
    name: str
    tree: ast.Module
    imports: dict[str, str]
    functions: dict[str, ast.FunctionDef]  # module-level plain functions


def _load(sources: dict[str, str]) -> list[_Module]:
    modules = []
    for name, source in sources.items():
        tree = ast.parse(source)
        functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        modules.append(_Module(name, tree, _imports(tree, name), functions))
    return modules


def _opens_directly(call: ast.Call) -> bool:
    return _called(call.func) in OPENERS


def _blocking_functions(modules: list[_Module]) -> set[str]:
    """Qualified names of plain module-level functions that open a session, themselves or through another one."""
    blocking: set[str] = set()
    changed = True
    while changed:
        changed = False
        for module in modules:
            local = set(module.functions)
            for name, function in module.functions.items():
                qualified = f"{module.name}.{name}"
                if qualified in blocking:
                    continue
                calls = [n for n in ast.walk(function) if isinstance(n, ast.Call)]
                if any(
                    _opens_directly(c) or _qualified(c, module.name, module.imports, local) in blocking for c in calls
                ):
                    blocking.add(qualified)
                    changed = True
    return blocking


def _calls_on_the_loop(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Call]:
    """The calls ``function`` makes itself, leaving out the work it hands to a worker thread.

    A lambda or a nested function passed to a hand-off (``in_session_thread(lambda session: ...)``) runs on the
    thread; a nested ``async def`` is checked on its own; any other nested function is taken as run in place.
    """
    handed_off: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and _called(node.func) in HAND_OFFS:
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Name):
                    handed_off.add(arg.id)
                elif isinstance(arg, ast.Call) and _called(arg.func) == "partial" and arg.args:
                    handed_off.add(_called(arg.args[0]))
    stack: list[ast.AST] = [*function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.AsyncFunctionDef) or (isinstance(node, ast.FunctionDef) and node.name in handed_off):
            continue
        if isinstance(node, ast.Call):
            yield node
            if _called(node.func) in HAND_OFFS:
                stack.append(node.func)
                stack.extend(
                    a for a in [*node.args, *(k.value for k in node.keywords)] if not isinstance(a, ast.Lambda)
                )
                continue
        stack.extend(ast.iter_child_nodes(node))


def _state_classes(modules: list[_Module]) -> set[str]:
    known: set[str] = set()
    for _ in range(4):  # states that derive from other states (mixins included)
        for module in modules:
            for node in ast.walk(module.tree):
                if isinstance(node, ast.ClassDef) and any(_called(b) in STATE_BASES | known for b in node.bases):
                    known.add(node.name)
    return known


def blocking_calls_on_the_loop(sources: dict[str, str], checked: Callable[[str], bool]) -> list[str]:
    """Where an ``async def`` or a state's method of a ``checked`` module opens a session on the event loop.

    Args:
        sources: Module name -> source, for every module whose functions may open a session.
        checked: Which of those modules the rule applies to.
    """
    modules = _load(sources)
    blocking = _blocking_functions(modules)
    states = _state_classes(modules)
    found = []
    for module in modules:
        if not checked(module.name):
            continue
        on_loop: list[ast.FunctionDef | ast.AsyncFunctionDef] = [
            n for n in ast.walk(module.tree) if isinstance(n, ast.AsyncFunctionDef)
        ]
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef) and node.name in states:
                on_loop += [f for f in node.body if isinstance(f, ast.FunctionDef)]
        local = set(module.functions)
        for function in on_loop:
            for call in _calls_on_the_loop(function):
                target = _qualified(call, module.name, module.imports, local)
                if _opens_directly(call) or target in blocking:
                    found.append(f"{module.name}:{call.lineno} {function.name} calls {target or _called(call.func)}")
    return sorted(set(found))


def _package_sources() -> dict[str, str]:
    sources = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        sources[name] = path.read_text(encoding="utf-8")
    return sources


def _in_checked_package(module: str) -> bool:
    return any(module.startswith(f"marketplace.{package}.") for package in CHECKED_PACKAGES)


def test_no_handler_of_a_state_or_the_api_opens_a_session_on_the_event_loop():
    assert blocking_calls_on_the_loop(_package_sources(), _in_checked_package) == []


RULE_EXAMPLE = """
import reflex as rx
from functools import partial
from marketplace.db.engine import in_session_thread, in_thread, session_scope

def count(token):
    with session_scope() as session:
        return session.exec(token)

def count_twice(token):
    return count(token) + count(token)

class CounterState(rx.State):
    @rx.event
    async def opens_a_session(self):
        with session_scope() as session:
            return session

    def _helper(self):
        with session_scope() as session:
            return session

    @rx.event
    def sync_handler(self):
        return count_twice("t")

    @rx.event
    async def runs_it_in_place(self):
        def work():
            return count("t")
        return work()

    @rx.event
    async def hands_it_off(self):
        def work(session):
            return count("t")
        await in_session_thread(work)
        await in_session_thread(lambda session: count_twice("t"), readonly=True)
        await in_thread(partial(count, "t"))
        return await in_thread(lambda: count("t"))

async def route():
    return count_twice("t")
"""


def test_the_static_rule_finds_a_session_opened_on_the_loop_and_allows_work_handed_to_a_thread():
    found = blocking_calls_on_the_loop({"marketplace.states.example": RULE_EXAMPLE}, _in_checked_package)
    assert [line.split(" ", 2)[1] for line in found] == [
        "opens_a_session",
        "_helper",
        "sync_handler",
        "runs_it_in_place",
        "route",
    ]
    # The real code's own first offender, put back the way it was, is found too.
    source = _package_sources()["marketplace.states.order"]
    indent = " " * 16
    back_on_the_loop = source.replace(
        "order = await in_session_thread(\n",
        f"with session_scope() as session:\n{indent}    pass\n{indent}order = await in_session_thread(\n",
    )
    assert back_on_the_loop != source
    found = blocking_calls_on_the_loop({"marketplace.states.order": back_on_the_loop}, _in_checked_package)
    assert [line.split(" ", 2)[1] for line in found] == ["load"]


# --- the handlers, run with the guard on -----------------------------------------------------------------------------


@pytest.fixture
def app_pages():
    """The app's pages registered, and their route var (``route_arg``) set up as the app does."""
    from reflex.route import get_route_args
    from reflex_base.registry import RegistrationContext

    import marketplace.marketplace  # noqa: F401 - registers every page

    for _page, page_args in RegistrationContext.get().decorated_pages:
        rx.State.setup_dynamic_args(get_route_args(page_args["route"]))


@pytest.fixture
def worker_sessions(monkeypatch, db_url) -> list[str]:
    """Handlers' sessions (opened by ``in_session_thread``) on this test's database; lists the threads they ran on."""
    threads: list[str] = []
    scope = engine.session_scope

    @contextmanager
    def on_test_db(url: str | None = None, *, readonly: bool = False, snapshot: bool = False):
        threads.append(threading.current_thread().name)
        with scope(db_url, readonly=readonly, snapshot=snapshot) as session:
            yield session

    monkeypatch.setattr(engine, "session_scope", on_test_db)
    return threads


@pytest.fixture
def unlinked_shared_states(monkeypatch):
    """Shared states (the bell, a chat room) as the tab's own copies: linking them needs the running app."""
    from marketplace.states import notifications
    from marketplace.states.chat import ChatRoom

    async def own_bell(state: rx.State, _user_id: int):
        return await state.get_state(notifications.BellState)

    async def stay(self: ChatRoom, _token: str) -> ChatRoom:
        return self

    monkeypatch.setattr(notifications, "link_bell", own_bell)
    monkeypatch.setattr(ChatRoom, "_link_to", stay)


def _browser_tab(token: str) -> rx.State:
    """A fresh state tree of one browser tab holding ``token``, its page loaded (forms answer at once)."""
    root = rx.State()
    root.is_hydrated = True
    root.get_substate([rx.State.get_name(), SessionState.get_name()]).token = token
    return root


def _on(state: rx.State, url: str, pattern: str = "", **params: str) -> rx.State:
    """``state`` as seen from the page at ``url`` (path and query), with the route's dynamic ``params``; a dynamic
    page's ``pattern`` (routes.COURSE, say) is what Reflex gives as its route_id."""
    query = dict(part.split("=", 1) for part in urlsplit(url).query.split("&") if part)
    route = pattern or urlsplit(url).path
    state.router = dataclasses.replace(state.router, url=ReflexURL(f"http://localhost:3000{url}"), route_id=route)
    state.rx_router_page = PageData(path=route, params={**query, **params})
    return state


def _dynamic(pattern: str, value: str) -> dict[str, str]:
    """What :func:`_on` needs for a dynamic page: its route's pattern and argument."""
    return {"pattern": pattern, routes.ARG: value}


async def _loaded_then(state: rx.State, call: Callable[[rx.State], object], first: str = "load") -> object:
    """Send the page's on_load (``first``) before ``call``: the player and the chat act on what it loaded."""
    await _run(getattr(state, first))
    return await _run(lambda: call(state))


async def _in_player(state: rx.State, call: Callable[[rx.State], object]) -> object:
    """Load the player first: the Q&A tab asks about the lesson it shows."""
    from marketplace.states.player import PlayerState

    await _run((await state.get_state(PlayerState)).load)
    return await _run(lambda: call(state))


async def _run(handler) -> list:
    """Call an event handler as Reflex would and collect what it returns or yields."""
    result = handler()
    if inspect.isasyncgen(result):
        return [event async for event in result]
    if inspect.isawaitable(result):
        result = await result
    return [result]


@pytest.fixture
def marketplace_data(session):
    """A signed-in learner enrolled in a course of an instructor, and what each page needs to show something."""
    from marketplace.domain import chat, notifications, review_writing, reviews, sessions
    from tests.factories import enroll, make_category, make_course, make_instructor, make_user

    learner = make_user(session)
    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, categories=[make_category(session)])
    other = make_course(session, instructor=instructor)
    enroll(session, learner, course)
    token = sessions.issue_token(session, learner)
    review = review_writing.add_review(
        session, author_id=learner.id, target_type=reviews.COURSE, target_id=course.id, rating=5, comment="Clear"
    )
    chat.send_message(session, sender_id=learner.id, other_user_id=instructor.user_id, body="Hello")
    notifications.notify(session, user_id=learner.id, kind="message", text="Hi", link="/")
    session.commit()
    return {
        "token": token,
        "course": course,
        "other": other,
        "instructor": instructor,
        "learner": learner,
        "review_id": review.id,
    }


def _handlers(data: dict) -> list[tuple[type[rx.State], str, dict[str, str], Callable[[rx.State], object]]]:
    """(state, url, call) for every handler that reads or writes, as a signed-in learner would send them."""
    from marketplace.states import (
        auth,
        auth_email,
        auth_register,
        cart,
        chat,
        coupon,
        course,
        devices,
        free_enrollment,
        header,
        home,
        instructor,
        learning,
        lesson_qa,
        listing,
        notifications,
        order,
        orders,
        player,
        profile,
        reviews,
        search,
        session,
        studio,
        studio_earnings,
        studio_editor,
        teach,
        teachers,
        wishlist,
    )

    course_id, other_id = str(data["course"].id), data["other"].id
    mentor_id, teacher_user = str(data["instructor"].id), str(data["instructor"].user_id)
    course_page = _dynamic(routes.COURSE, course_id)
    player_url, player_page = f"/order-complete/{course_id}", _dynamic(routes.PLAYER, course_id)
    chat_url, chat_page = f"/profile5/{teacher_user}", _dynamic(routes.CHAT, teacher_user)
    mentor_page = _dynamic(routes.MENTOR, mentor_id)
    email = data["learner"].email
    new_account = {
        "firstName": "Bola",
        "lastName": "Ade",
        "userName": "bola",
        "email": "bola@example.com",
        "password": "secret123",
        "confirmPassword": "secret123",
    }
    return [
        (session.SessionState, "/profile1", {}, lambda s: s.require_login()),
        (header.HeaderState, "/", {}, lambda s: s.load_counts()),
        (home.HomeState, "/", {}, lambda s: s.load()),
        (listing.ListingState, "/courses?sort=rating", {}, lambda s: s.load()),
        (search.SearchState, "/", {}, lambda s: s.search("test")),
        # (Enter in the search box opens /search?q=: the results page's load reads the database.)
        (course.CourseState, f"/courses/{course_id}", course_page, lambda s: s.load()),
        (wishlist.WishlistState, f"/courses/{course_id}", course_page, lambda s: s.load()),
        (wishlist.WishlistState, f"/courses/{course_id}", course_page, lambda s: s.toggle(other_id)),
        (wishlist.WishlistPageState, "/profile", {}, lambda s: s.load()),
        (wishlist.WishlistPageState, "/profile", {}, lambda s: s.go_to_page(1)),
        (reviews.ReviewListState, f"/courses/{course_id}", course_page, lambda s: s.load()),
        (reviews.ReviewListState, f"/courses/{course_id}", course_page, lambda s: s.go_to_page(1)),
        (reviews.ReviewListState, f"/mentors/{mentor_id}", mentor_page, lambda s: s.load()),
        (reviews.ReviewListState, f"/mentors/{mentor_id}", mentor_page, lambda s: s.refresh()),
        (instructor.InstructorState, f"/mentors/{mentor_id}", mentor_page, lambda s: s.load()),
        (cart.CartState, "/cart", {}, lambda s: s.load()),
        (cart.CartState, "/cart", {}, lambda s: s.refresh()),
        (cart.CartState, "/cart", {}, lambda s: s.add(other_id)),
        (cart.CartState, "/cart", {}, lambda s: s.save_for_later(other_id)),
        (cart.CartState, "/cart", {}, lambda s: s.move_to_cart(other_id)),
        (cart.CartState, "/cart", {}, lambda s: s.remove(other_id)),
        (cart.CartState, "/cart", {}, lambda s: s.buy_now(other_id)),
        (cart.CartState, f"/checkout?course={other_id}", {}, lambda s: s.load_checkout()),
        (cart.CartState, "/cart", {}, lambda s: s.remove_saved(other_id)),
        (cart.CartState, "/cart", {}, lambda s: s.clear_all()),
        (coupon.CouponState, "/checkout", {}, lambda s: s.apply({"coupon": "NOPE"})),
        (coupon.CouponState, "/checkout", {}, lambda s: s.refresh()),
        (order.OrderState, "/order1?ref=none", {}, lambda s: s.load()),
        (orders.OrdersState, "/orders?page=1", {}, lambda s: s.load()),
        (orders.ReceiptState, "/orders/NL-none", _dynamic(routes.ORDER_RECEIPT, "NL-none"), lambda s: s.load()),
        (learning.MyCoursesState, "/profile2", {}, lambda s: s.load()),
        (learning.MyCoursesState, "/profile2?page=2", {}, lambda s: s.load()),
        (reviews.MyReviewsState, "/profile3", {}, lambda s: s.load()),
        (
            reviews.MyReviewsState,
            "/profile3",
            {},
            lambda s: s.save_edit({"review_id": str(data["review_id"]), "rating": "4", "comment": "Edited"}),
        ),
        (reviews.MyReviewsState, "/profile3?page=2", {}, lambda s: s.delete(data["review_id"])),
        (teachers.TeachersState, "/profile4", {}, lambda s: s.load()),
        (teachers.TeachersState, "/profile4", {}, lambda s: s.search("Tunde")),
        (notifications.NotificationsState, "/notifications", {}, lambda s: s.load()),
        (chat.ChatListState, "/profile5", {}, lambda s: s.load()),
        (chat.ChatState, chat_url, chat_page, lambda s: s.open()),
        (chat.ChatState, chat_url, chat_page, lambda s: _loaded_then(s, lambda s: s.send({"body": "Again"}), "open")),
        (chat.ChatState, chat_url, chat_page, lambda s: _loaded_then(s, lambda s: s.load_earlier(), "open")),
        (chat.ChatState, chat_url, chat_page, lambda s: _loaded_then(s, lambda s: s.seen(), "open")),
        (profile.ProfileState, "/profile1", {}, lambda s: s.load()),
        (devices.DevicesState, "/profile1", {}, lambda s: s.load()),
        (devices.DevicesState, "/profile1", {}, lambda s: s.sign_out_device("another-device")),
        (devices.DevicesState, "/profile1", {}, lambda s: s.sign_out_others()),
        (
            profile.ProfileState,
            "/profile1",
            {},
            lambda s: s.save({"firstName": "Ada", "lastName": "Obi", "language": "english"}),
        ),
        (player.PlayerState, player_url, player_page, lambda s: s.load()),
        (player.PlayerState, player_url, player_page, lambda s: _loaded_then(s, lambda s: s.save_position(12))),
        (player.PlayerState, player_url, player_page, lambda s: _loaded_then(s, lambda s: s.section_ended())),
        (player.PlayerState, player_url, player_page, lambda s: _loaded_then(s, lambda s: s.next_section())),
        (player.PlayerState, player_url, player_page, lambda s: s.refresh_rating()),
        (lesson_qa.LessonQAState, player_url, player_page, lambda s: _in_player(s, lambda s: s.load())),
        (lesson_qa.LessonQAState, player_url, player_page, lambda s: _in_player(s, lambda s: s.set_sort("top"))),
        (lesson_qa.LessonQAState, player_url, player_page, lambda s: _in_player(s, lambda s: s.ask({"body": "Why?"}))),
        (lesson_qa.LessonQAState, player_url, player_page, lambda s: s.vote(1, True)),
        (reviews.ReviewListState, player_url, player_page, lambda s: s.load()),
        (reviews.ReviewListState, player_url, player_page, lambda s: s.go_to_page(2)),
        (
            reviews.ReviewFormState,
            f"/courses/{course_id}",
            course_page,
            lambda s: s.submit({"rating": "4", "comment": "Good again"}),
        ),
        (reviews.ReviewReplyState, f"/courses/{course_id}", course_page, lambda s: s.submit({"review_id": "1"})),
        (auth_email.VerifyEmailState, "/verify-email?token=stale", {}, lambda s: s.verify()),
        (auth_email.VerifyEmailState, "/verify-email", {}, lambda s: s.resend({"email": email})),
        (auth_email.ForgotPasswordState, "/forgot-password", {}, lambda s: s.submit({"email": email})),
        (auth_email.ResetPasswordState, "/reset-password?token=stale", {}, lambda s: s.submit(new_account)),
        (auth.LoginState, "/login", {}, lambda s: s.submit({"email": email, "password": "wrong-password"})),
        (auth_register.RegisterState, "/register", {}, lambda s: s.submit(new_account)),
        (teach.TeachState, "/teach", {}, lambda s: s.load()),
        (
            teach.TeachState,
            "/teach",
            {},
            lambda s: s.submit(
                {"title": "Chef", "about": "Twelve years in Lagos kitchens, teaching.", "expertise": "Baking"}
            ),
        ),
        (
            free_enrollment.FreeEnrollState,
            f"/courses/{other_id}",
            _dynamic(routes.COURSE, str(other_id)),
            lambda s: s.enroll(other_id),
        ),
        (studio.StudioCoursesState, "/studio", {}, lambda s: s.load()),
        (studio.StudioCoursesState, "/studio", {}, lambda s: s.publish(course_id)),
        (studio.StudioCoursesState, "/studio", {}, lambda s: s.unpublish(course_id)),
        (studio.StudioCoursesState, "/studio", {}, lambda s: s.delete(course_id)),
        (studio.NewCourseState, "/studio/courses/new", {}, lambda s: s.check()),
        (studio.NewCourseState, "/studio/courses/new", {}, lambda s: s.create({"title": "Mine now"})),
        (
            studio_editor.StudioEditorState,
            f"/studio/courses/{course_id}",
            _dynamic(routes.STUDIO_COURSE, course_id),
            lambda s: s.load(),
        ),
        (studio_earnings.StudioEarningsState, "/studio/earnings?page=2", {}, lambda s: s.load()),
        (studio_earnings.StudioEarningsState, "/studio/earnings", {}, lambda s: s.download_csv()),
        (
            studio_earnings.StudioEarningsState,
            "/studio/earnings",
            {},
            lambda s: s.save_payout(
                {"bank_name": "Zenith Bank", "account_number": "0123456789", "account_name": "Ada Obi"}
            ),
        ),
        (header.HeaderState, "/", {}, lambda s: s.logout()),
    ]


def test_every_handler_that_uses_the_database_does_it_on_a_worker_thread(
    app_pages, worker_sessions, unlinked_shared_states, marketplace_data, event_loop_guard
):
    main = threading.current_thread().name
    for state_cls, url, params, call in _handlers(marketplace_data):
        root = _browser_tab(marketplace_data["token"])
        state = _on(root.get_substate([rx.State.get_name(), state_cls.get_name()]), url, **params)
        before = len(worker_sessions)
        asyncio.run(_run(lambda state=state, call=call: call(state)))
        where = f"{state_cls.__name__} on {url}"
        assert not event_loop_guard, where
        assert len(worker_sessions) > before, f"{where} used no database: the sweep no longer reaches its work"
        assert main not in worker_sessions[before:], where
