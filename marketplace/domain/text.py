"""Text helpers shared by the catalog, search and the demo data: accent folding, search keys, slugs."""

from __future__ import annotations

import re
import unicodedata

SEARCH_TEXT_MAX = 4000  # the width of Course.search_text
_SPACES = re.compile(r"\s+")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """``text`` lower-cased with accents removed and runs of whitespace collapsed.

    "Ọ̀rọ̀ Yorùbá  Café" becomes "oro yoruba cafe", so a learner typing without diacritics
    (as most phone keyboards do) still finds a title written with them.
    """
    decomposed = unicodedata.normalize("NFKD", text or "")
    # Dropping combining marks (category Mn) removes the accents and the Yoruba under-dots alike.
    stripped = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return _SPACES.sub(" ", stripped.casefold()).strip()


def search_text(title: str, description: str) -> str:
    """The value kept in ``Course.search_text``: folded ``"title description"``.

    Args:
        title: The course title.
        description: The course description.

    Returns:
        Lower-cased, accent-free text that search matches a folded query against, cut to fit the column.
    """
    folded_title = fold(title)
    # Search ranks title matches by the first len(title) characters; removing accents shortens a title
    # ("Ọ̀rọ̀" folds to "oro"), so pad it back, or the description's first words would count as title.
    return f"{folded_title.ljust(len(title or ''))} {fold(description)}"[:SEARCH_TEXT_MAX]


def slugify(name: str) -> str:
    """A URL-safe slug: "Art & Design" becomes "art-and-design"."""
    return _NOT_SLUG.sub("-", fold(name.replace("&", " and "))).strip("-")
