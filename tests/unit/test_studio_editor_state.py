"""The course editor's own small rules: what a typed box becomes before the studio domain sees it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from marketplace.domain.errors import DomainError
from marketplace.states.studio_editor import _changes, clock_text
from marketplace.states.studio_sections import DURATION_HELP, SECTION_KEY, parse_duration, unsaved_script


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [("7:30", 450), ("07:05", 425), ("1:02:03", 3723), ("12", 720), (" 0:59 ", 59), ("", 0), ("120:00", 7200)],
)
def test_a_duration_is_read_as_mm_ss_or_minutes(typed, seconds):
    assert parse_duration(typed) == seconds


@pytest.mark.parametrize("typed", ["7:3", "7:60", "ten", "1:2:3:4", "-5", "5.5"])
def test_anything_else_is_refused_with_the_format(typed):
    with pytest.raises(DomainError) as refused:
        parse_duration(typed)
    assert refused.value.message == DURATION_HELP


def test_a_saved_duration_shows_as_it_is_typed():
    assert [clock_text(s) for s in (0, 59, 450, 3723)] == ["", "0:59", "7:30", "1:02:03"]
    assert all(parse_duration(clock_text(s)) == s for s in (59, 450, 3723))


def test_a_box_becomes_one_partial_change():
    assert _changes("title", "Soap making").model_dump(exclude_unset=True) == {"title": "Soap making"}
    learn = _changes("learn", "Mix the lye\n\n  Pour the moulds  \n")
    assert learn.model_dump(exclude_unset=True) == {"learn": ["Mix the lye", "Pour the moulds"]}
    assert _changes("price", "₦15,000.50").price == Decimal("15000.50")
    emptied = _changes("original_price", "  ")
    assert "original_price" in emptied.model_fields_set and emptied.original_price is None  # removes it


def test_a_price_that_is_not_an_amount_is_refused_for_its_box():
    with pytest.raises(DomainError) as refused:
        _changes("original_price", "fifteen")
    assert refused.value.field == "originalPrice" and "naira" in refused.value.message
    with pytest.raises(DomainError):
        _changes("status", "published")  # not a box of the editor: publishing has its own button


def test_the_browser_keeps_section_boxes_under_keys_the_server_reads_back():
    assert SECTION_KEY.match("section-12-title").groups() == ("12", "title")
    assert SECTION_KEY.match("section-12-duration").groups() == ("12", "duration")
    assert SECTION_KEY.match("section-x-title") is None and SECTION_KEY.match("section-1-is_preview") is None
    script = unsaved_script(7)
    assert "naijaLearnStudio.unsaved(7)" in script and "/js/studio_autosave.js" in script
