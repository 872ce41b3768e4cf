"""A visitor's cart in local storage: add once, save for later and back, remove, clear, limits, junk, merging."""

import json
from decimal import Decimal

import pytest

from marketplace.domain import cart, guest_cart
from marketplace.domain.errors import DomainError
from marketplace.shapes.commerce import Cart, CartItem
from tests.factories import make_course, make_user


def _item(course_id: int, price: str = "15000") -> CartItem:
    return CartItem(id=course_id, title=f"Course {course_id}", price=Decimal(price), price_text=f"NGN{price}")


def _ids(items: list[CartItem]) -> list[int]:
    return [item.id for item in items]


def test_a_course_is_added_once_and_the_cart_is_priced():
    outcome, shown = guest_cart.add(Cart(), _item(1, "15000"))
    assert outcome == "added" and _ids(shown.items) == [1] and shown.count == 1
    assert (shown.totals.total, shown.totals.total_text) == (Decimal("16489.00"), "₦16,489")
    again, same = guest_cart.add(shown, _item(1))
    assert again == "already" and _ids(same.items) == [1]


def test_save_for_later_and_move_back():
    _, shown = guest_cart.add(Cart(), _item(1))
    _, shown = guest_cart.add(shown, _item(2))
    shown = guest_cart.save_for_later(shown, 1)
    assert (_ids(shown.items), _ids(shown.saved_for_later), shown.count) == ([2], [1], 1)
    shown = guest_cart.move_to_cart(shown, 1)
    assert (_ids(shown.items), _ids(shown.saved_for_later)) == ([2, 1], [])
    assert _ids(guest_cart.move_to_cart(shown, 1).items) == [2, 1]  # already there: where it should be
    with pytest.raises(DomainError):
        guest_cart.move_to_cart(shown, 99)  # on neither list


def test_adding_a_saved_course_moves_it_back():
    _, shown = guest_cart.add(Cart(), _item(1))
    shown = guest_cart.save_for_later(shown, 1)
    outcome, shown = guest_cart.add(shown, _item(1))
    assert outcome == "added" and (_ids(shown.items), shown.saved_for_later) == ([1], [])


def test_remove_remove_saved_and_clear():
    shown = Cart()
    for course_id in (1, 2, 3):
        shown = guest_cart.add(shown, _item(course_id))[1]
    shown = guest_cart.save_for_later(shown, 3)
    shown = guest_cart.remove(shown, 1)
    assert _ids(guest_cart.remove(shown, 1).items) == [2]  # removing twice is harmless
    assert guest_cart.remove_saved(shown, 2).items == shown.items  # 2 is not saved
    cleared = guest_cart.clear(shown)
    assert (cleared.items, _ids(cleared.saved_for_later), cleared.totals.total_text) == ([], [3], "₦0")
    assert guest_cart.remove_saved(cleared, 3).saved_for_later == []


def test_a_full_cart_refuses_one_more():
    shown = guest_cart.parse(
        json.dumps({"items": [_item(i).model_dump(by_alias=True, mode="json") for i in range(1, 501)]})
    )
    assert shown.count == guest_cart.MAX_ITEMS
    with pytest.raises(DomainError) as caught:
        guest_cart.add(shown, _item(501))
    assert caught.value.message == guest_cart.FULL


def test_the_stored_text_round_trips_exactly_and_junk_reads_as_empty():
    _, shown = guest_cart.add(Cart(), _item(1, "15000.50"))
    stored = guest_cart.dump(guest_cart.save_for_later(guest_cart.add(shown, _item(2, "0.10"))[1], 2))
    assert set(json.loads(stored)) == {"items", "savedForLater"}
    assert json.loads(stored)["items"][0]["priceText"] == "NGN15000.50"
    back = guest_cart.parse(stored)
    assert back.items[0].price == Decimal("15000.50") and back.saved_for_later[0].price == Decimal("0.10")
    for junk in ("", "not json", "[1, 2]", '{"items": "x"}', '{"items": [1, {"title": "no id"}, {"id": "x"}]}'):
        assert guest_cart.parse(junk).items == []
    doubled = '{"items": [{"id": 4, "title": "A"}, {"id": 4, "title": "A again"}]}'
    assert _ids(guest_cart.parse(doubled).items) == [4]


def test_bought_courses_leave_the_cart_but_not_the_saved_list():
    shown = guest_cart.add(guest_cart.add(Cart(), _item(1))[1], _item(2))[1]
    shown = guest_cart.save_for_later(shown, 2)
    shown = guest_cart.add(shown, _item(3))[1]
    left = guest_cart.without_courses(shown, {1, 2})
    assert (_ids(left.items), _ids(left.saved_for_later)) == ([3], [2])


def test_the_stored_text_is_each_items_wire_shape_and_keeps_any_letters():
    item = _item(1, "2500.25").model_copy(update={"title": "Ẹ̀kọ́ Yorùbá: ₦ and naira"})
    stored = guest_cart.dump(guest_cart.save_for_later(guest_cart.add(guest_cart.add(Cart(), item)[1], _item(2))[1], 2))
    assert json.loads(stored) == {
        "items": [item.model_dump(mode="json", by_alias=True)],
        "savedForLater": [_item(2).model_dump(mode="json", by_alias=True)],
    }
    assert guest_cart.parse(stored).items[0].title == "Ẹ̀kọ́ Yorùbá: ₦ and naira"


def test_a_visitors_cart_merges_into_the_server_cart_at_sign_in(session):
    learner = make_user(session)
    a, b = make_course(session), make_course(session)
    local = guest_cart.parse(
        guest_cart.dump(
            guest_cart.save_for_later(guest_cart.add(guest_cart.add(Cart(), _item(a.id))[1], _item(b.id))[1], b.id)
        )
    )
    merged = cart.merge_local_cart(session, user_id=learner.id, items=local.items, saved=local.saved_for_later)
    assert (_ids(merged.items), _ids(merged.saved_for_later)) == ([a.id], [b.id])
    # The server's prices, not the browser's copy.
    assert merged.items[0].price_text == cart.course_item(session, a.id).price_text
