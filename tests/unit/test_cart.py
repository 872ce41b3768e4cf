"""The server-side cart: once per course, never an owned course, save for later and back, local merge."""

import re
from decimal import Decimal
from types import SimpleNamespace

import pytest

from marketplace.domain import cart
from marketplace.domain.catalog_cards import CARD_COLUMNS, course_fields
from marketplace.domain.errors import Conflict, NotFound
from tests.factories import enroll, make_course, make_instructor, make_user


@pytest.fixture
def learner(session):
    return make_user(session)


def test_added_course_has_the_cart_item_shape(session, learner):
    instructor = make_instructor(session, first_name="Ngozi")
    course = make_course(
        session, instructor=instructor, price_kobo=1_500_050, title="Python", thumbnail="https://x/p.png"
    )
    assert cart.add_to_cart(session, user_id=learner.id, course_id=course.id) == "added"
    item = cart.get_cart(session, user_id=learner.id).items[0]
    assert item.price == Decimal("15000.50")  # exact naira, never a float
    assert item.model_dump(mode="json", by_alias=True) == {
        "id": course.id,
        "title": "Python",
        "price": 15000.5,
        "priceText": "NGN15,000.50",
        "quantity": 1,
        "image": "https://x/p.png",
        "instructor": f"Ngozi {session.get(type(learner), instructor.user_id).last_name}",
        "rating": 0.0,
        "ratingText": "0.0",
        "lectures": 3,
        "level": "Beginner",
    }
    assert cart.cart_count(session, user_id=learner.id) == 1


def test_a_course_is_added_once(session, learner):
    course = make_course(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    with pytest.raises(cart.AlreadyInCart) as caught:
        cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    assert caught.value.message == "This course is already in your cart."
    assert cart.cart_count(session, user_id=learner.id) == 1


def test_owned_and_unknown_courses_are_refused(session, learner):
    course = make_course(session)
    enroll(session, learner, course)
    with pytest.raises(Conflict, match=re.escape("You already own this course.")):
        cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    with pytest.raises(NotFound):
        cart.add_to_cart(session, user_id=learner.id, course_id=999_999)


def test_save_for_later_and_back(session, learner):
    first, second = make_course(session), make_course(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=first.id)
    cart.add_to_cart(session, user_id=learner.id, course_id=second.id)
    cart.save_for_later(session, user_id=learner.id, course_id=first.id)
    state = cart.get_cart(session, user_id=learner.id)
    assert [i.id for i in state.items] == [second.id]
    assert [i.id for i in state.saved_for_later] == [first.id]
    assert cart.cart_count(session, user_id=learner.id) == 1
    assert cart.move_to_cart(session, user_id=learner.id, course_id=first.id) == "moved"
    assert cart.move_to_cart(session, user_id=learner.id, course_id=first.id) == "already"
    assert cart.get_cart(session, user_id=learner.id).saved_for_later == []


def test_adding_a_saved_course_moves_it_back(session, learner):
    course = make_course(session)
    cart.save_for_later(session, user_id=learner.id, course_id=course.id)
    assert cart.add_to_cart(session, user_id=learner.id, course_id=course.id) == "moved"
    assert [i.id for i in cart.get_cart(session, user_id=learner.id).items] == [course.id]


def test_remove_remove_saved_and_clear(session, learner):
    a, b, c = make_course(session), make_course(session), make_course(session)
    for course in (a, b, c):
        cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    cart.save_for_later(session, user_id=learner.id, course_id=c.id)
    assert cart.remove_from_cart(session, user_id=learner.id, course_id=a.id) is True
    assert cart.remove_from_cart(session, user_id=learner.id, course_id=a.id) is False
    assert cart.remove_saved(session, user_id=learner.id, course_id=b.id) is False  # b is not saved
    assert cart.clear_cart(session, user_id=learner.id) == 1
    state = cart.get_cart(session, user_id=learner.id)
    assert state.items == [] and [i.id for i in state.saved_for_later] == [c.id]
    assert cart.remove_saved(session, user_id=learner.id, course_id=c.id) is True
    empty = cart.get_cart(session, user_id=learner.id)
    assert (empty.items, empty.saved_for_later, empty.count, empty.totals.total_text) == ([], [], 0, "₦0")


def test_carts_are_per_user(session, learner):
    other = make_user(session)
    course = make_course(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    assert cart.get_cart(session, user_id=other.id).items == []
    assert cart.remove_from_cart(session, user_id=other.id, course_id=course.id) is False
    assert cart.cart_count(session, user_id=learner.id) == 1


def test_owned_courses_drop_out_of_the_cart_view(session, learner):
    course = make_course(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    enroll(session, learner, course)
    assert cart.get_cart(session, user_id=learner.id).items == []
    assert cart.cart_count(session, user_id=learner.id) == 0


def test_merge_local_cart_keeps_server_state_and_skips_junk(session, learner):
    on_server, local, local_saved, owned = (make_course(session) for _ in range(4))
    enroll(session, learner, owned)
    cart.save_for_later(session, user_id=learner.id, course_id=on_server.id)
    merged = cart.merge_local_cart(
        session,
        user_id=learner.id,
        items=[{"id": on_server.id, "title": "x"}, {"id": local.id}, {"id": owned.id}, {"id": 424242}, "junk"],
        saved=[local_saved.id, str(local.id)],
    )
    assert [i.id for i in merged.items] == [local.id]
    assert [i.id for i in merged.saved_for_later] == [on_server.id, local_saved.id]


def test_the_cart_is_priced_exactly_by_the_pricing_module(session, learner):
    for kobo in (1_500_000, 50):  # NGN15,000 and 50 kobo: no float could hold this sum exactly
        cart.add_to_cart(session, user_id=learner.id, course_id=make_course(session, price_kobo=kobo).id)
    shown = cart.get_cart(session, user_id=learner.id)
    assert shown.count == 2 and shown.totals.subtotal == Decimal("15000.50")
    assert (shown.totals.total, shown.totals.total_text) == (Decimal("16489.55"), "₦16,489.55")
    wire = shown.model_dump(mode="json", by_alias=True)
    assert set(wire) == {"items", "savedForLater", "count", "totals"}
    assert wire["totals"]["totalText"] == "₦16,489.55" and wire["totals"]["couponDiscount"] == 0


def test_a_course_item_comes_from_the_database(session):
    course = make_course(session, price_kobo=1_050, thumbnail="")
    item = cart.course_item(session, course.id)
    assert (item.id, item.price, item.price_text, item.quantity) == (course.id, Decimal("10.50"), "NGN10.50", 1)
    assert item.image  # the placeholder, never an empty picture
    with pytest.raises(NotFound):
        cart.course_item(session, 999_999)


def test_a_browser_held_cart_is_priced_again_from_the_database(session):
    course = make_course(session, title="Real Title", price_kobo=1_500_000)
    saved = make_course(session, price_kobo=200_000)
    forged = cart.Cart(
        items=[cart.CartItem(id=course.id, title="Cheap copy", price=Decimal("1")), cart.CartItem(id=987654)],
        saved_for_later=[cart.CartItem(id=saved.id, price=Decimal("0"))],
    )
    fresh = cart.reprice(session, forged)
    assert [(i.id, i.title, i.price) for i in fresh.items] == [(course.id, "Real Title", Decimal("15000.00"))]
    assert [(i.id, i.price) for i in fresh.saved_for_later] == [(saved.id, Decimal("2000.00"))]
    assert fresh.totals.subtotal == Decimal("15000.00") and fresh.count == 1


def test_a_card_is_made_from_the_card_columns_alone(session, learner):
    """Cart items and listing pages read only ``CARD_COLUMNS`` (not the course page's long JSON lists): the card a
    row of those columns makes is the one the whole course makes, so no field can quietly go missing."""
    course = make_course(session, price_kobo=2_000_000, original_price_kobo=2_500_000, title="Excel")
    only_card_columns = SimpleNamespace(**{column.name: getattr(course, column.name) for column in CARD_COLUMNS})
    assert course_fields(only_card_columns, []) == course_fields(course, [])
    cart.add_to_cart(session, user_id=learner.id, course_id=course.id)
    assert cart.get_cart(session, user_id=learner.id).items[0] == cart.cart_item(
        course, cart.course_item(session, course.id).instructor
    )


def test_an_add_that_succeeds_is_one_statement_with_its_checks(session, learner, db_url):
    # Every add of a learner's course goes through the page's group commit: the sale check rides in the insert.
    from tests.sql_log import statements_sent

    course = make_course(session)
    session.commit()
    with statements_sent(db_url) as sent:
        assert cart.add_to_cart(session, user_id=learner.id, course_id=course.id) == "added"
    assert [sql.split()[0] for sql, _ in sent] == ["INSERT"]


def _items(shown: cart.Cart) -> tuple[list[int], list[int]]:
    return [item.id for item in shown.items], [item.id for item in shown.saved_for_later]


def test_the_pages_add_answers_the_cart_it_leaves_in_every_case(session, learner):
    """Add To Cart on a page (``add_and_read_cart``): the outcome and the same cart :func:`cart.get_cart` reads,
    whether the course was added, was there already, came back from Save for Later or was refused."""
    first, second, saved, owned = (make_course(session, price_kobo=100_000 * k) for k in range(1, 5))
    enroll(session, learner, owned)
    cart.save_for_later(session, user_id=learner.id, course_id=saved.id)
    assert cart.add_and_read_cart(session, user_id=learner.id, course_id=first.id)[0] == "added"
    outcome, shown = cart.add_and_read_cart(session, user_id=learner.id, course_id=second.id)
    assert outcome == "added" and _items(shown) == ([first.id, second.id], [saved.id])
    assert shown == cart.get_cart(session, user_id=learner.id)
    assert shown.totals.subtotal == Decimal("3000.00") and shown.count == 2
    outcome, shown = cart.add_and_read_cart(session, user_id=learner.id, course_id=first.id)
    assert outcome == "already" and _items(shown) == ([first.id, second.id], [saved.id])
    outcome, shown = cart.add_and_read_cart(session, user_id=learner.id, course_id=saved.id)
    assert outcome == "moved" and _items(shown) == ([saved.id, first.id, second.id], [])  # in the order first added
    with pytest.raises(Conflict, match=cart.ALREADY_OWNED):
        cart.add_and_read_cart(session, user_id=learner.id, course_id=owned.id)
    assert _items(cart.get_cart(session, user_id=learner.id)) == ([saved.id, first.id, second.id], [])


def test_the_pages_add_that_succeeds_is_one_statement_on_postgresql(session, learner, db_url):
    """On PostgreSQL each statement is a round trip on the committer's one connection: the insert and the cart it
    leaves are one (its select sees the learner's earlier entries and the row the insert returns)."""
    from tests.sql_log import statements_sent

    earlier, course = make_course(session), make_course(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=earlier.id)
    session.commit()
    with statements_sent(db_url) as sent:
        outcome, shown = cart.add_and_read_cart(session, user_id=learner.id, course_id=course.id)
    assert outcome == "added" and _items(shown) == ([earlier.id, course.id], [])
    first_words = [sql.split()[0] for sql, _ in sent]
    assert first_words == (["WITH"] if db_url.startswith("postgresql") else ["INSERT", "SELECT"])
