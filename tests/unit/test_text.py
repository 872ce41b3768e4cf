"""Text helpers: accent folding for search, search keys and slugs."""

from __future__ import annotations

from marketplace.domain.text import SEARCH_TEXT_MAX, fold, search_text, slugify


def test_fold_drops_accents_and_yoruba_underdots_and_collapses_spaces():
    assert fold("  Ọ̀rọ̀ Yorùbá   Café ") == "oro yoruba cafe"


def test_search_text_is_folded_title_then_description():
    assert search_text("Égúsí Soup", "Cook it  the ÌJẸ̀ŞÀ way") == "egusi soup cook it the ijesa way"


def test_search_text_fits_the_column():
    assert len(search_text("T", "x" * 5000)) == SEARCH_TEXT_MAX


def test_slugify_spells_out_ampersands():
    assert slugify("Art & Design") == "art-and-design"
    assert slugify("Data Science") == "data-science"
