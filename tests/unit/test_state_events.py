"""Which events a browser may send. Every public method of a Reflex state is an event handler that any browser can
call, with any arguments; helpers that are not meant as events are private (``_name``) or live outside the states.

:data:`EVENTS` is the app's whole event surface, written out: a new public method on a state fails
:func:`test_every_event_a_browser_can_send_is_on_the_list` until it is added here on purpose (or made private).
Reflex's own handlers (``hydrate``, ``on_load_internal``, ``set_is_hydrated``, ``update_vars_internal``, ...) are
left out, and so is the ``setvar`` every state gets: it can only call a method named ``set_<var>``, so
:func:`test_setvar_reaches_only_listed_events` checks that each such method is a listed event.

Events that touch private data re-check who is asking, from the token, on every call:
:func:`test_a_forged_token_sees_and_changes_nothing_private` sends them with a forged token and looks for the
learner's data in the tab and for any change in the database.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import pkgutil

import pytest
import reflex as rx
from sqlalchemy import select
from sqlmodel import SQLModel

from marketplace import states as states_package
from marketplace.states.session import SessionState
from tests.unit.test_event_loop_rules import (  # noqa: F401 - the fixtures are used by name
    _browser_tab,
    _handlers,
    _on,
    _run,
    app_pages,
    event_loop_guard,
    marketplace_data,
    unlinked_shared_states,
    worker_sessions,
)

EVENTS: dict[str, set[str]] = {
    "marketplace.states.auth.LoginState": {
        "edit_email",
        "edit_password",
        "resend_verification",
        "reset_form",
        "submit",
        "toggle_password",
    },
    "marketplace.states.auth_email.ForgotPasswordState": {"edit_email", "reset_form", "submit"},
    "marketplace.states.auth_email.ResetPasswordState": {
        "edit_confirm",
        "edit_password",
        "reset_form",
        "submit",
        "toggle_password",
    },
    "marketplace.states.auth_email.VerifyEmailState": {"edit_email", "resend", "verify"},
    "marketplace.states.auth_google.GoogleState": {"prepare", "sign_in_with_credential", "start_provider_flow"},
    "marketplace.states.auth_register.RegisterState": {"edit", "reset_form", "submit", "toggle_password"},
    "marketplace.states.cart.CartState": {
        "add",
        "buy_now",
        "clear_all",
        "load",
        "load_checkout",
        "move_to_cart",
        "refresh",
        "remove",
        "remove_saved",
        "save_for_later",
    },
    "marketplace.states.certificate.CertificateState": {"load"},
    "marketplace.states.chat.ChatListState": {"load"},
    "marketplace.states.chat.ChatRoom": set(),  # shared by both people of a chat: no events of its own
    "marketplace.states.chat.InboxState": set(),  # shared by one user's Messages lists: no events of its own
    "marketplace.states.chat.ChatState": {"load_earlier", "open", "seen", "send"},
    "marketplace.states.checkout.CheckoutState": {
        "load",
        "set_country",
        "set_email",
        "set_region",
        "settle_return",
        "start_payment",
    },
    "marketplace.states.coupon.CouponState": {"apply", "refresh", "remove", "set_code"},
    "marketplace.states.course.CourseState": {"link_copied", "load", "play_preview"},
    "marketplace.states.devices.DevicesState": {"load", "sign_out_device", "sign_out_others"},
    "marketplace.states.free_enrollment.FreeEnrollState": {"enroll"},
    "marketplace.states.header.HeaderState": {"load_counts", "logout"},
    "marketplace.states.home.HomeState": {"load"},
    "marketplace.states.instructor.InstructorState": {"load"},
    "marketplace.states.learning.MyCoursesState": {"go_to_page", "load"},
    "marketplace.states.lesson_qa.LessonQAState": {
        "answer",
        "ask",
        "close_answer",
        "count_answer",
        "count_ask",
        "go_to_page",
        "load",
        "open_answer",
        "set_scope",
        "set_sort",
        "vote",
    },
    # The sort, the filters and the pages open their URL in the browser (assets/js/listing.js); the price slider
    # asks the server, which knows the slider's top.
    "marketplace.states.listing.ListingState": {"apply_price", "load", "preview_price"},
    "marketplace.states.notifications.BellState": set(),  # shared by one user's tabs: no events of its own
    "marketplace.states.notifications.NotificationsState": {"go_to_page", "load"},
    "marketplace.states.orders.OrdersState": {"go_to_page", "load"},
    "marketplace.states.orders.ReceiptState": {"load"},
    "marketplace.states.order.OrderState": {"load"},
    "marketplace.states.player.PlayerState": {
        "load",
        "next_section",
        "refresh_rating",
        "save_position",
        "section_ended",
        "select_section",
        "set_speed",
        "set_tab",
        "toggle_complete",
        "video_ready",
    },
    "marketplace.states.profile.ProfileState": {"check_field", "load", "picture_rejected", "save", "upload_picture"},
    "marketplace.states.reviews.MyReviewsState": {
        "ask_delete",
        "cancel_delete",
        "cancel_edit",
        "delete",
        "go_to_page",
        "load",
        "save_edit",
        "start_edit",
    },
    "marketplace.states.reviews.ReviewFormState": {"clear_error", "submit"},
    "marketplace.states.reviews.ReviewListState": {"go_to_page", "load", "refresh"},
    "marketplace.states.reviews.ReviewReplyState": {"submit"},
    "marketplace.states.search.SearchState": {"choose", "close", "key", "reopen", "search"},
    "marketplace.states.session.SessionState": {"require_login"},
    "marketplace.states.studio.NewCourseState": {"check", "create"},
    "marketplace.states.studio.StudioCoursesState": {
        "ask_delete",
        "cancel_delete",
        "delete",
        "load",
        "publish",
        "unpublish",
    },
    "marketplace.states.studio_editor.StudioEditorState": {
        "load",
        "publish",
        "save_field",
        "set_thumbnail",
        "toggle_category",
        "unpublish",
    },
    "marketplace.states.studio_sections.StudioSectionsState": {
        "add",
        "ask_remove",
        "cancel_remove",
        "move",
        "recover",
        "remove",
        "rename",
        "restore_unsaved",
        "set_duration",
        "set_preview",
        "set_video_url",
        "video_finished",
    },
    "marketplace.states.studio_earnings.StudioEarningsState": {
        "cancel_payout",
        "download_csv",
        "edit_payout",
        "go_to_page",
        "load",
        "save_payout",
    },
    "marketplace.states.teach.TeachState": {"check_field", "load", "submit"},
    "marketplace.states.teachers.TeachersState": {"go_to_page", "load", "search"},
    "marketplace.states.wishlist.WishlistPageState": {"go_to_page", "load"},
    "marketplace.states.wishlist.WishlistState": {"load", "toggle"},
}
REFLEX_SETVAR = "setvar"


def _app_states() -> dict[str, type[rx.State]]:
    """Every state class of the app, from the registered state tree (pages and every states module imported)."""
    importlib.import_module("marketplace.marketplace")  # registers every page and the states they use
    for module in pkgutil.iter_modules(states_package.__path__):
        importlib.import_module(f"{states_package.__name__}.{module.name}")
    found: dict[str, type[rx.State]] = {}
    pending: list[type[rx.State]] = [rx.State]
    while pending:
        cls = pending.pop()
        pending.extend(cls.get_substates())
        if cls.__module__.startswith("marketplace."):  # not Reflex's own states (hydrate, on_load_internal, ...)
            found[f"{cls.__module__}.{cls.__name__}"] = cls
    return found


def _events(cls: type[rx.State]) -> set[str]:
    return set(cls.event_handlers) - {REFLEX_SETVAR}


def test_every_event_a_browser_can_send_is_on_the_list():
    unexpected = {
        name: sorted(_events(cls) - EVENTS.get(name, set()))
        for name, cls in _app_states().items()
        if _events(cls) - EVENTS.get(name, set())
    }
    assert unexpected == {}, (
        "These public state methods are events any browser can call with any arguments. Make helpers private "
        "(_name); add real events to EVENTS."
    )


def test_the_list_names_only_states_and_events_that_exist():
    states = _app_states()
    assert sorted(set(EVENTS) - set(states)) == []
    missing = {name: sorted(events - _events(states[name])) for name, events in EVENTS.items() if name in states}
    assert {name: events for name, events in missing.items() if events} == {}


def _owner(cls: type, attr: str) -> type:
    return next(base for base in cls.__mro__ if attr in vars(base))


def test_setvar_reaches_only_listed_events():
    """Reflex's ``setvar(name, value)`` calls ``set_<name>`` on the state: only events may carry such a name."""
    reachable = {
        name: sorted(
            attr
            for attr in dir(cls)
            if attr.startswith("set_")
            and attr not in EVENTS.get(name, set())
            and not _owner(cls, attr).__module__.startswith("reflex")  # Reflex's own set_is_hydrated
        )
        for name, cls in _app_states().items()
    }
    assert {name: attrs for name, attrs in reachable.items() if attrs} == {}


def test_the_helpers_a_browser_could_once_call_are_gone():
    states = _app_states()
    for name, helper in [
        ("marketplace.states.cart.CartState", "replace"),
        ("marketplace.states.cart.CartState", "merge_after_login"),
        ("marketplace.states.coupon.CouponState", "clear"),
        ("marketplace.states.course.CourseState", "set_review_pages"),
        ("marketplace.states.chat.ChatRoom", "merge"),
        ("marketplace.states.session.SessionState", "verified_user_id"),
        ("marketplace.states.session.SessionState", "sign_in"),
        ("marketplace.states.session.SessionState", "set_user"),
        ("marketplace.states.session.SessionState", "sign_out"),
    ]:
        assert helper not in states[name].event_handlers and not hasattr(states[name], helper), (name, helper)


# --- a forged token --------------------------------------------------------------------------------------------------

# Sign-in, sign-up and the email pages serve people who are not signed in: they are not about the caller's data.
ANONYMOUS_PAGES = ("marketplace.states.auth",)


def _database(session) -> dict[str, list[tuple]]:
    """Every row of every table (the test database is small)."""
    session.expire_all()
    return {
        table.name: sorted((tuple(map(str, row)) for row in session.execute(select(table)).all()), key=str)
        for table in SQLModel.metadata.sorted_tables
    }


@pytest.mark.usefixtures("app_pages", "worker_sessions", "unlinked_shared_states", "event_loop_guard")
def test_a_forged_token_sees_and_changes_nothing_private(request, session):
    from marketplace.domain import chat, notifications

    data = request.getfixturevalue("marketplace_data")
    learner, teacher = data["learner"], data["instructor"]
    secrets = ["a private message", "a private notice", learner.email]
    chat.send_message(session, sender_id=learner.id, other_user_id=teacher.user_id, body=secrets[0])
    notifications.notify(session, user_id=learner.id, kind="message", text=secrets[1], link="/")
    session.commit()
    real = data["token"]
    forged = real[: real.rindex(".") + 1] + "forged-signature"  # the learner's claims, not signed by the server
    before = _database(session)

    checked = []
    for state_cls, url, params, call in _handlers(data):
        if state_cls.__module__.startswith(ANONYMOUS_PAGES):
            continue
        root = _browser_tab(forged)
        # What a browser claims about itself is not proof either.
        root.get_substate([rx.State.get_name(), SessionState.get_name()]).user_json = json.dumps({"id": learner.id})
        state = _on(root.get_substate([rx.State.get_name(), state_cls.get_name()]), url, **params)
        events = asyncio.run(_run(lambda state=state, call=call: call(state)))
        shown = f"{root.dict()} {events}"
        assert not [s for s in secrets if s in shown], f"{state_cls.__name__} on {url} showed a forged token's data"
        checked.append(state_cls.__name__)

    assert _database(session) == before  # nothing written for (or as) the learner
    assert len(checked) >= 40 and {"ChatState", "ProfileState", "OrderState", "PlayerState"} <= set(checked)
