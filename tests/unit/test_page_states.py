"""Page states without a browser: the spec's messages when the server side fails, and search failing soft.

Every test runs with the event-loop guard on: a handler that opens a database session on the event loop fails
it, even when the handler turns the refusal into one of the messages tested here.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
import reflex as rx
from reflex.istate.data import ReflexURL

from marketplace import routes
from marketplace.domain import sessions
from marketplace.domain.errors import DomainError, NotFound
from marketplace.shapes.catalog import SearchResult
from marketplace.shapes.commerce import Cart, CartItem
from marketplace.shapes.questions import Question, QuestionPage
from marketplace.shapes.reviews import Review, ReviewPage, ReviewSummary
from marketplace.states import cart as cart_states
from marketplace.states import learning as learning_states
from marketplace.states import lesson_qa as qa_states
from marketplace.states import paging as paging_states
from marketplace.states import reviews as review_states
from marketplace.states import search as search_states
from marketplace.states import session as session_states
from marketplace.states.cart import CartState
from marketplace.states.learning import MyCoursesState
from marketplace.states.lesson_qa import LessonQAState
from marketplace.states.reviews import ReviewFormState, ReviewListState
from marketplace.states.search import SearchState
from marketplace.states.session import SessionState
from tests.unit.test_event_loop_rules import event_loop_guard  # noqa: F401 - used through pytestmark

pytestmark = pytest.mark.usefixtures("event_loop_guard")


def _state(cls, monkeypatch, *, user_id: int | None = 7):
    """A state of ``cls`` in a fresh tree; signed in as ``user_id`` (the server takes its token as theirs) or not."""
    expires = datetime.now(UTC) + timedelta(hours=1)
    caller = sessions.Caller(user_id=user_id or 0, session_id="s", expires_at=expires, seen_due=False)
    monkeypatch.setattr(session_states, "_check_tokens", lambda _s, _token, _refresh: (caller, "") if user_id else None)
    root = rx.State()
    if user_id is not None:
        root.get_substate([rx.State.get_name(), SessionState.get_name()]).token = f"token-of-{user_id}"
    return root.get_substate([rx.State.get_name(), cls.get_name()])


def _raise(error: Exception):
    def fail(*_args, **_kwargs):
        raise error

    return fail


def test_my_courses_signed_out_is_told_to_log_in(monkeypatch):
    state = _state(MyCoursesState, monkeypatch, user_id=None)
    asyncio.run(state.load())
    assert (state.error, state.courses, state.loading) == ("You are not authenticated. Please log in.", [], False)


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (RuntimeError("database down"), "Failed to load courses."),
        (DomainError("Your account is paused."), "Your account is paused."),
    ],
)
def test_my_courses_shows_the_server_message_or_failed_to_load(monkeypatch, error, shown):
    monkeypatch.setattr(learning_states.learning, "enrolled_courses", _raise(error))
    state = _state(MyCoursesState, monkeypatch)
    asyncio.run(state.load())
    assert (state.error, state.courses, state.loading) == (shown, [], False)


@pytest.mark.parametrize(
    ("route", "arg", "target"),
    [
        (routes.COURSE, "7", ("Course", 7)),
        (routes.PLAYER, "7", ("Course", 7)),
        (routes.MENTOR, "3", ("Instructor", 3)),
        (routes.TEACHER, "3", ("Instructor", 3)),
        (routes.COURSE, "seven", ("Course", 0)),  # not an id: nothing to review
        (routes.CHAT, "5", ("Course", 0)),  # another dynamic page: its argument is a user, not a target
        (routes.HOME, "", ("Course", 0)),
    ],
)
def test_the_review_target_is_the_one_the_pages_route_names(route, arg, target):
    """Every dynamic page's argument has the same name (routes.ARG): the route's pattern says what it names."""
    tab = SimpleNamespace(router=SimpleNamespace(route_id=route), **{routes.ARG: arg})
    assert review_states.route_target(tab) == target
    assert review_states.on_player(tab) is (route == routes.PLAYER)


def test_a_review_that_fails_on_the_server_says_so_and_keeps_the_form(monkeypatch):
    monkeypatch.setattr(review_states.review_writing, "add_review", _raise(RuntimeError("database down")))
    monkeypatch.setattr(review_states, "route_target", lambda _state: ("Course", 5))  # the page it is on
    state = _state(ReviewFormState, monkeypatch)

    async def submit():
        return [event async for event in state.submit({"rating": "4", "comment": "Clear lessons"})]

    events = asyncio.run(submit())
    assert state.error == "Failed to submit review. Please try again." and not state.submitting
    assert state.form_version == 0  # the form is not reset: the text the learner wrote stays
    assert "Failed to submit review. Please try again." in str(events[-1])


def _one_session_per_trip(monkeypatch, module=review_states) -> list[object]:
    """Replace the trip to a database thread of ``module``'s states with a direct call; each trip's session is a new
    object, listed."""
    trips: list[object] = []

    async def in_session_thread(work, **_options):
        trips.append(_session())
        return work(trips[-1])

    monkeypatch.setattr(module, "in_session_thread", in_session_thread)
    return trips


def test_a_posted_review_and_the_new_first_page_come_from_one_session(monkeypatch):
    """The review is written and the newest reviews, average and count read in the same session: one trip to a
    database thread per post, and the list shows page 1 with the new review at once."""
    trips = _one_session_per_trip(monkeypatch)
    written_in, read_in = [], []
    monkeypatch.setattr(review_states, "route_target", lambda _state: ("Course", 5))
    monkeypatch.setattr(review_states.review_writing, "add_review", lambda session, **_kw: written_in.append(session))
    newest = Review(id=9, rating=4, comment="Clear lessons", author_name="Ada Obi")

    def reviews_shown(session, target_type, target_id, *, page, per_page, viewer_id, viewer_teaches):
        read_in.append(session)
        assert (target_type, target_id, page, viewer_id, viewer_teaches) == ("Course", 5, 1, 7, False)
        return ReviewPage(data=[newest], total=1, page=1, pages=3), ReviewSummary(total_reviews=1), False

    monkeypatch.setattr(review_states.reviews, "reviews_shown", reviews_shown)
    form = _state(ReviewFormState, monkeypatch)
    listing = form.parent_state.get_substate([ReviewListState.get_name()])
    listing.page, listing.target_type, listing.target_id = 2, "Course", 5  # the learner was on page 2

    async def submit():
        return [event async for event in form.submit({"rating": "4", "comment": "Clear lessons"})]

    asyncio.run(submit())
    assert len(trips) == 1 and written_in == read_in == trips
    assert (listing.page, listing.pages, [r.id for r in listing.reviews]) == (1, 3, [9])
    assert (form.submitting, form.error, form.form_version) == (False, "", 1)


def test_a_refused_review_leaves_the_list_where_it_was(monkeypatch):
    _one_session_per_trip(monkeypatch)
    monkeypatch.setattr(review_states, "route_target", lambda _state: ("Course", 5))
    monkeypatch.setattr(review_states.review_writing, "add_review", _raise(DomainError("Please add a comment!")))
    form = _state(ReviewFormState, monkeypatch)
    listing = form.parent_state.get_substate([ReviewListState.get_name()])
    listing.page, listing.target_type, listing.target_id = 2, "Course", 5

    async def submit():
        return [event async for event in form.submit({"rating": "4", "comment": ""})]

    asyncio.run(submit())
    assert (form.error, listing.page) == ("Please add a comment!", 2)


def _qa_state(monkeypatch) -> LessonQAState:
    """The Q&A of lesson 3 of course 5, for learner 7, showing page 2 of every lesson's questions, top first."""

    async def where(_self):
        return 7, 5, 3

    monkeypatch.setattr(LessonQAState, "_where", where)
    state = _state(LessonQAState, monkeypatch)
    state.scope, state.sort, state.page, state.loaded_for = "course", "top", 2, "5:3"
    return state


def _ask(state: LessonQAState, body: str) -> list:
    async def ask():
        return [event async for event in state.ask({"body": body})]

    return asyncio.run(ask())


def test_an_asked_question_and_the_lessons_newest_page_come_from_one_session(monkeypatch):
    """The question is written and the lesson's newest questions read in the same session: one trip to a database
    thread per question, and the list shows this lesson's page 1, newest first, with the new question."""
    trips = _one_session_per_trip(monkeypatch, qa_states)
    written_in, read_in = [], []
    monkeypatch.setattr(qa_states.lesson_qa, "ask", lambda session, **_kw: written_in.append(session))

    def list_questions(session, *, user_id, course_id, section_id, sort, page):
        read_in.append(session)
        assert (user_id, course_id, section_id, sort, page) == (7, 5, 3, "newest", 1)
        return QuestionPage(data=[Question(id=11, body="Where is the code?")], total=4, page=1, pages=2)

    monkeypatch.setattr(qa_states.lesson_qa, "list_questions", list_questions)
    state = _qa_state(monkeypatch)
    _ask(state, "Where is the code?")
    assert len(trips) == 1 and written_in == read_in == trips
    assert (state.scope, state.sort, state.page, state.pages, state.total) == ("lesson", "newest", 1, 2, 4)
    assert [q.id for q in state.questions] == [11] and (state.asking, state.ask_error) == (False, "")


def test_a_refused_question_leaves_the_list_as_it_was(monkeypatch):
    _one_session_per_trip(monkeypatch, qa_states)
    monkeypatch.setattr(qa_states.lesson_qa, "ask", _raise(DomainError("Please write your question.")))
    state = _qa_state(monkeypatch)
    _ask(state, "  ")
    assert (state.ask_error, state.asking) == ("Please write your question.", False)
    assert (state.scope, state.sort, state.page) == ("course", "top", 2)


def test_a_count_sent_before_a_post_and_arriving_after_it_leaves_the_counter_at_zero(monkeypatch):
    """The counter is debounced: posting right after typing sends the post first and the count of the posted text
    after it. That count is dropped (the box is empty now); the next one counts, even of the same words again."""
    _one_session_per_trip(monkeypatch, qa_states)
    monkeypatch.setattr(qa_states.lesson_qa, "ask", lambda _session, **_kw: None)
    monkeypatch.setattr(qa_states.lesson_qa, "list_questions", lambda _session, **_kw: QuestionPage(data=[]))
    state = _qa_state(monkeypatch)
    state.count_ask("Where is the code")
    _ask(state, " Where is the code? ")
    assert state.ask_length == 0
    state.count_ask("Where is the code?")  # the late count of what was posted
    assert state.ask_length == 0
    state.count_ask("W")
    assert state.ask_length == 1
    state.count_ask("Where is the code?")  # the same words typed again count
    assert state.ask_length == 18


def test_a_late_count_of_a_posted_answer_does_not_reach_the_next_answer_form(monkeypatch):
    monkeypatch.setattr(qa_states, "in_session_thread", _direct_trip)
    monkeypatch.setattr(
        qa_states.lesson_qa, "answer", lambda _session, **_kw: Question(id=11, body="Where is the code?")
    )
    state = _qa_state(monkeypatch)
    state.questions = [Question(id=11, body="Where is the code?"), Question(id=12, body="Which editor?")]
    state.open_answer(11)
    state.count_answer("In the repo")

    async def answer():
        return [event async for event in state.answer({"body": "In the repo."})]

    asyncio.run(answer())
    state.open_answer(12)
    state.count_answer("In the repo.")  # the first form's late count
    assert (state.answering_id, state.answer_length) == (12, 0)
    state.count_answer("VS Code")
    assert state.answer_length == 7


def _session() -> SimpleNamespace:
    """A stand-in for a trip's database session: only its ``info``, where the domain notes whom it notified."""
    return SimpleNamespace(info={})


async def _direct_trip(work, **_options):
    return work(_session())


def _my_reviews(monkeypatch, page: int):
    """My Reviews on ``page`` for learner 7, whose reads (``reviews.user_reviews``) are listed by session."""
    from marketplace.states.reviews import MyReviewsState

    read_in: list[object] = []

    def user_reviews(session, user_id, *, page, per_page):
        read_in.append(session)
        assert user_id == 7
        return ReviewPage(data=[Review(id=20 + page, rating=5, comment="Kept")], total=5, page=page, pages=2)

    monkeypatch.setattr(review_states.reviews, "user_reviews", user_reviews)
    state = _state(MyReviewsState, monkeypatch)
    state.page = page
    return state, read_in


def _run(events) -> list:
    async def run():
        return [event async for event in events]

    return asyncio.run(run())


def test_an_edited_or_deleted_review_and_the_page_shown_again_come_from_one_session(monkeypatch):
    """My Reviews: the edit (or deletion) and the page read again share one session, one trip to a database
    thread, and the page shows what was read."""
    trips = _one_session_per_trip(monkeypatch, paging_states)
    written_in: list[object] = []
    edits = review_states.review_edits
    monkeypatch.setattr(edits, "edit_review", lambda session, **_kw: written_in.append(session))
    monkeypatch.setattr(edits, "delete_review", lambda session, **_kw: written_in.append(session))
    state, read_in = _my_reviews(monkeypatch, page=2)
    state.editing_id = 21
    _run(state.save_edit({"review_id": "21", "rating": "4", "comment": "Better now"}))
    assert len(trips) == 1 and written_in == read_in == trips
    assert ([r.id for r in state.reviews], state.page, state.total, state.editing_id) == ([22], 2, 5, 0)

    state.confirming_id = 22
    _run(state.delete(22))
    assert len(trips) == 2 and written_in == read_in == trips
    assert (state.confirming_id, state.deleting, state.error) == (0, False, "")


def test_a_refused_edit_reads_nothing_and_keeps_the_form_open(monkeypatch):
    _one_session_per_trip(monkeypatch, paging_states)
    monkeypatch.setattr(review_states.review_edits, "edit_review", _raise(DomainError("Please add a comment!")))
    state, read_in = _my_reviews(monkeypatch, page=2)
    state.editing_id = 21
    _run(state.save_edit({"review_id": "21", "rating": "4", "comment": ""}))
    assert read_in == [] and (state.edit_error, state.editing_id, state.saving) == ("Please add a comment!", 21, False)


def test_search_that_fails_shows_an_empty_result_not_an_error(monkeypatch):
    monkeypatch.setattr(search_states, "search_courses", _raise(RuntimeError("database down")))
    state = _state(SearchState, monkeypatch)
    asyncio.run(state.search("python"))
    assert (state.results, state.open) == ([], True)
    asyncio.run(state.search("   "))  # blank input searches nothing and closes the panel
    assert (state.results, state.open) == ([], False)


def _on_page(state, path: str) -> None:
    """The browser shows ``path`` when the state's next event arrives."""
    state.router = dataclasses.replace(state.router, url=ReflexURL(f"http://localhost:3000{path}"))


def test_enter_opens_the_results_page_of_the_text_typed_and_a_highlighted_match_itself(monkeypatch):
    def found(_session, query):
        return [SearchResult(id=len(query), title=query)]

    monkeypatch.setattr(search_states, "search_courses", found)
    state = _state(SearchState, monkeypatch)
    _on_page(state, "/faq/")
    asyncio.run(state.search("pyt", "/faq"))  # the last pause in typing
    assert [r.id for r in state.results] == [3]
    opened = asyncio.run(state.key("Enter", "python "))  # the rest typed, then Enter, within 300 ms
    assert opened.args[0][1].equals(rx.Var.create("/search?q=python"))
    assert state.open is False

    # The debounced search typed on /faq arrives after Enter, whether the browser has moved on yet or not.
    for shown in ("/faq/", "/search/"):
        _on_page(state, shown)
        asyncio.run(state.search("python", "/faq"))
        assert state.open is False

    asyncio.run(state.search("python", "/courses/6"))  # typed again on the course page: searched as usual
    assert (state.open, [r.id for r in state.results]) == (True, [6])
    asyncio.run(state.key("ArrowDown", "python"))
    assert asyncio.run(state.key("Enter", "python")).args[0][1].equals(rx.Var.create("/courses/6"))
    _on_page(state, "/faq")  # back on /faq later: focusing the box and typing there searches again
    state.reopen()
    asyncio.run(state.search("python", "/faq"))
    assert state.open is True


def test_moving_a_saved_course_back_that_fails_alerts_and_changes_nothing(monkeypatch):
    from marketplace.states import cart as cart_states
    from marketplace.states.cart import CartState

    monkeypatch.setattr(cart_states.cart, "add_to_cart", _raise(RuntimeError("database down")))
    state = _state(CartState, monkeypatch)
    session_state = state.parent_state.get_substate([SessionState.get_name()])
    saved = '{"items": [], "savedForLater": [{"id": 4, "title": "Pottery"}]}'
    session_state.cart_json = saved
    event = asyncio.run(state.move_to_cart(4))
    assert "Failed to add course to cart. Please try again." in str(event) and "alert" in str(event).lower()
    assert session_state.cart_json == saved  # nothing moved


def test_the_messages_list_says_failed_to_load_chats(monkeypatch):
    from marketplace.states import chat as chat_states
    from marketplace.states.chat import ChatListState

    monkeypatch.setattr(chat_states.chat, "recent_chats", _raise(RuntimeError("database down")))
    state = _state(ChatListState, monkeypatch)
    asyncio.run(state.load())
    assert (state.error, state.loading) == ("Failed to load chats", False)


def test_the_review_list_says_when_it_failed_and_shows_nothing_for_a_missing_target(monkeypatch):
    monkeypatch.setattr(review_states, "route_target", lambda _state: ("Course", 5))  # the page it is on
    monkeypatch.setattr(review_states.reviews, "reviews_shown", _raise(RuntimeError("database down")))
    state = _state(ReviewListState, monkeypatch)
    asyncio.run(state.load())
    assert (state.error, state.reviews, state.loading) == ("Failed to fetch reviews", [], False)

    monkeypatch.setattr(review_states.reviews, "reviews_shown", _raise(NotFound("Course not found")))
    asyncio.run(state.go_to_page(2))
    assert (state.error, state.reviews, state.summary.total_reviews, state.page, state.loading) == ("", [], 0, 1, False)


def _paged_states():
    from marketplace.states import notifications as notification_states
    from marketplace.states import teachers as teacher_states
    from marketplace.states.notifications import NotificationsState
    from marketplace.states.reviews import MyReviewsState
    from marketplace.states.teachers import TeachersState

    not_authenticated = "You are not authenticated. Please log in."
    return [
        (
            MyReviewsState,
            review_states.reviews,
            "user_reviews",
            "reviews",
            not_authenticated,
            "Failed to fetch user reviews",
        ),
        (TeachersState, teacher_states.teachers, "list_teachers", "teachers", "Failed to fetch mentors.", None),
        (
            NotificationsState,
            notification_states.notifications,
            "list_notifications",
            "items",
            "Failed to load notifications.",
            None,
        ),
    ]


@pytest.mark.parametrize(("cls", "module", "reader", "rows", "signed_out", "failed"), _paged_states())
def test_the_users_own_lists_say_why_they_are_empty(monkeypatch, cls, module, reader, rows, signed_out, failed):
    state = _state(cls, monkeypatch, user_id=None)
    asyncio.run(state.load())
    assert (state.error, getattr(state, rows), state.loading) == (signed_out, [], False)

    monkeypatch.setattr(module, reader, _raise(RuntimeError("database down")))
    state = _state(cls, monkeypatch)
    in_the_url = {"MyReviewsState": "/profile3", "TeachersState": "/profile4"}
    if cls.__name__ in in_the_url:  # its page is in the URL: the pager navigates, on_load reads it
        _on_page(state, f"{in_the_url[cls.__name__]}?page=3")
        asyncio.run(state.load())
    else:
        asyncio.run(state.go_to_page(3))
    assert (state.error, getattr(state, rows), state.loading, state.page) == (failed or signed_out, [], False, 3)


def test_notifications_stay_listed_when_marking_them_read_fails(monkeypatch):
    from marketplace.shapes.social import Notification, NotificationPage
    from marketplace.states import notifications as notification_states
    from marketplace.states.notifications import NotificationsState

    note = Notification(id=1, kind="message", text="New message from Ada", link="/profile5/2", read=False)
    listed = NotificationPage(notifications=[note], page=1, pages=1, total=1)
    monkeypatch.setattr(notification_states.notifications, "list_notifications", lambda *_a, **_k: listed)
    monkeypatch.setattr(notification_states.notifications, "mark_all_read", _raise(RuntimeError("database down")))
    state = _state(NotificationsState, monkeypatch)
    asyncio.run(state.load())
    assert (state.error, len(state.items), state.total, state.loading) == ("", 1, 1, False)


def test_a_chosen_section_plays_once_loaded_but_changing_speed_never_starts_playback(monkeypatch):
    from marketplace.shapes.learning import PlayerSection
    from marketplace.states import player as player_states
    from marketplace.states.player import PlayerState

    state = _state(PlayerState, monkeypatch)
    state.sections = [PlayerSection(id=1, title="One"), PlayerSection(id=2, title="Two")]
    state.current_id = 1

    def script(spec) -> str:
        return str(spec.args[0][1])

    # A visit resumes at its section without starting it.
    assert "play()" not in script(state.video_ready())

    async def save(*_args, **_kwargs):
        return None

    monkeypatch.setattr(player_states.PlayerState, "_save", save)
    asyncio.run(state.select_section(2))
    assert state.current_id == 2 and state.autoplay
    assert "v.play()" in script(state.video_ready())
    assert "play()" not in script(state.set_speed("1.5"))


def test_add_to_cart_sends_the_cart_lists_only_to_a_page_that_shows_them(monkeypatch):
    """Add To Cart on a course page answers with the badge's stored cart and the toast, not the cart's lists
    (three copies of the cart per click before); on the cart page the lists follow, and only when they changed."""
    carts = [Cart(items=[CartItem(id=3, title="Three")], count=1)]
    monkeypatch.setattr(cart_states, "_add_on_server", lambda _s, _user, _course: ("added", carts[-1]))
    state = _state(CartState, monkeypatch)
    stored = state.parent_state.substates[SessionState.get_name()]

    _on_page(state, "/courses/3")
    asyncio.run(state.add(3))
    assert [item["id"] for item in json.loads(stored.cart_json)["items"]] == [3]  # the header badge counts it
    assert state.items == [] and not {"items", "saved", "totals", "checkout_items"} & state.dirty_vars

    _on_page(state, "/cart/")
    asyncio.run(state.add(3))
    assert [i.id for i in state.items] == [3] and [i.id for i in state.checkout_items] == [3]
    state.dirty_vars.clear()
    stored.dirty_vars.clear()
    asyncio.run(state.add(3))  # the same cart again: nothing of it is sent again
    assert not {"items", "saved", "totals", "checkout_items"} & state.dirty_vars
    assert "cart_json" not in stored.dirty_vars


def test_a_page_change_sends_the_new_courses_but_not_the_unchanged_sidebar(monkeypatch):
    """The sidebar's blocks (categories, popular mentors, featured courses, languages, the slider's top) are the
    same from one page of the listing to the next: they are not assigned again, so not sent again (half of each
    reply was), and neither are the unchanged filters and totals; the page's courses and number are."""
    from decimal import Decimal

    from marketplace.shapes.base import Page
    from marketplace.shapes.catalog import Category, CourseCard
    from marketplace.states import listing as listing_states
    from marketplace.states.listing import ListingState

    blocks = listing_states._Blocks.of(
        categories=[Category(id=1, name="Design", slug="design")],
        mentors=[],
        featured=[CourseCard(id=9, title="Featured")],
        top_price=Decimal(20_000),
        languages=["English"],
    )

    def read(_session, query, _user_id):
        cards = [CourseCard(id=query.page * 10 + n, title=f"Course {query.page}.{n}") for n in range(2)]
        return listing_states._Listing.of(Page.of(cards, total=12, page=query.page, per_page=2), blocks)

    monkeypatch.setattr(listing_states, "_read_listing", read)
    state = _state(ListingState, monkeypatch, user_id=None)
    _on_page(state, "/categories")
    asyncio.run(state.load())
    assert [c.slug for c in state.categories] == ["design"] and state.top_price == 20_000
    sidebar = {"categories", "mentors", "featured", "languages", "top_price"}
    assert {"categories", "featured", "languages", "top_price"} <= state.dirty_vars

    state.dirty_vars.clear()
    _on_page(state, "/categories?page=2")
    asyncio.run(state.load())
    assert [c.id for c in state.courses] == [20, 21] and state.page == 2
    assert {"courses", "page"} <= state.dirty_vars and not sidebar & state.dirty_vars
    # Nor the filters, sort, title and totals, which a page change leaves as they were.
    assert not {"title", "total", "pages", "sort", "category", "free", "price_draft", "error"} & state.dirty_vars


def test_a_visitors_page_change_is_shown_from_what_is_kept_without_a_thread(monkeypatch):
    """When the page and the sidebar are kept, a visitor's page change reads them on the event loop (no thread, no
    session); a signed-in learner's still goes to a thread (their Enrolled marks), and so does a page not kept."""
    from decimal import Decimal

    from marketplace.db.engine import database_key, session_scope
    from marketplace.db.read_cache import forget_every_read_cache
    from marketplace.domain import catalog
    from marketplace.shapes.base import Page
    from marketplace.shapes.catalog import CourseCard
    from marketplace.states import listing as listing_states
    from marketplace.states.listing import ListingState

    database = database_key()
    with session_scope(readonly=True) as session:  # the key a worker thread's session keeps them under
        assert str(session.get_bind().url) == database
    blocks = listing_states._Blocks.of(categories=[], mentors=[], featured=[], top_price=Decimal(9_000), languages=[])
    page_two = catalog.ListingQuery.from_params({"page": "2"})
    cards = [CourseCard(id=21, title="Kept 2.1"), CourseCard(id=22, title="Kept 2.2")]
    listing_states._pages.get((database, page_two), lambda: Page.of(cards, total=4, page=2, per_page=2))
    listing_states._blocks.get(database, lambda: blocks)
    threads: list[int | None] = []

    def read(_session, query, user_id):
        threads.append(user_id)
        cards = [CourseCard(id=query.page * 10 + 1, title="Read")]
        return listing_states._Listing.of(Page.of(cards, total=4, page=query.page, per_page=2), blocks)

    monkeypatch.setattr(listing_states, "_read_listing", read)
    try:
        visitor = _state(ListingState, monkeypatch, user_id=None)
        _on_page(visitor, "/categories?page=2")
        asyncio.run(visitor.load())
        assert [c.title for c in visitor.courses] == ["Kept 2.1", "Kept 2.2"] and threads == []
        # The view, its tiles made, is put together once and kept: every other visitor's tab is given that one.
        assert listing_states._kept_listing(page_two, None) is listing_states._kept_listing(page_two, None)

        _on_page(visitor, "/categories?page=1")  # not kept: read on a thread
        asyncio.run(visitor.load())
        assert [c.id for c in visitor.courses] == [11] and threads == [None]

        learner = _state(ListingState, monkeypatch, user_id=7)
        _on_page(learner, "/categories?page=2")
        asyncio.run(learner.load())
        assert [c.id for c in learner.courses] == [21] and threads == [None, 7]

        forget_every_read_cache()  # a catalog write: nothing kept any more, the put-together view included
        _on_page(visitor, "/categories?page=2")
        asyncio.run(visitor.load())
        assert [c.id for c in visitor.courses] == [21] and threads == [None, 7, None]

        other = _state(ListingState, monkeypatch, user_id=None)
        _on_page(visitor, "/categories?page=3")
        _on_page(other, "/categories?page=3")

        async def at_once() -> None:
            await asyncio.gather(visitor.load(), other.load())

        asyncio.run(at_once())  # two visitors open a page nobody has read yet: one read serves both
        assert [c.id for c in other.courses] == [c.id for c in visitor.courses] == [31]
        assert threads == [None, 7, None, None]
    finally:
        forget_every_read_cache()


def test_suggestions_for_a_text_are_looked_up_once_until_a_course_changes(monkeypatch):
    """Two tabs typing the same text: the second is answered from what the first looked up, on the event loop; any
    course write forgets it (here: the caches' forget, which a write calls), so the next tab looks it up again."""
    looked_up: list[str] = []

    def found(_session, query):
        looked_up.append(query)
        return [SearchResult(id=len(looked_up), title=f"{query} {len(looked_up)}")]

    monkeypatch.setattr(search_states, "search_courses", found)
    first, second = _state(SearchState, monkeypatch), _state(SearchState, monkeypatch, user_id=None)
    asyncio.run(first.search(" python "))
    asyncio.run(second.search("python"))
    assert looked_up == ["python"]
    assert [r.title for r in first.results] == [r.title for r in second.results] == ["python 1"]
    assert second.open

    search_states._suggestions.forget()  # what a course write does
    asyncio.run(second.search("python"))
    assert looked_up == ["python", "python"] and [r.title for r in second.results] == ["python 2"]


def test_a_coupon_code_typed_while_checkout_loads_stays_and_another_learners_goes(monkeypatch):
    from marketplace.states.coupon import CouponState

    state = _state(CouponState, monkeypatch, user_id=7)
    state.set_code("NAIJA10")  # typed before the page's on_load has run
    asyncio.run(state.refresh())
    assert state.code == "NAIJA10"
    state._user_id = 8  # the tab was another learner's a moment ago (a shared browser)
    asyncio.run(state.refresh())
    assert (state.code, state._user_id) == ("", 7)
