"""Ids from URLs, and the price slider's range: values people can type never reach the database badly."""

from decimal import Decimal

import pytest

from marketplace.domain.shapes import MAX_ID, parse_id
from marketplace.states.listing import PRICE_STEP, slider_top


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("7", 7),
        (" 42 ", 42),
        (9, 9),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("99999999999999", None),
        ("0", None),
        ("-3", None),
        ("abc", None),
        ("", None),
        (None, None),
        ("1.5", None),
    ],
)
def test_an_id_from_a_url_is_a_record_id_or_none(raw, expected):
    assert parse_id(raw) == expected


def test_the_slider_reaches_the_dearest_course():
    assert slider_top(Decimal("45000")) == 45000
    assert slider_top(Decimal("45250.50")) == 45500 and slider_top(Decimal("45250.50")) % PRICE_STEP == 0
    assert slider_top(0) == 0
