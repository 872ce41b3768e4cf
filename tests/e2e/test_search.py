"""The search results page /search?q=: Enter in the header's box, typos forgiven, teachers' names, paging and the
listing's filters, at 1280 px and 390 px. Every expected list comes from the catalog domain on the live app's
database."""

import random
import re
from urllib.parse import quote

from playwright.sync_api import expect

from marketplace.domain import catalog
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import app_db
from tests.factories import make_course, make_instructor

WAIT = 15_000


def _titles(live_app, **query) -> list[str]:
    with app_db(live_app) as session:
        return [c.title for c in catalog.list_courses(session, **query).data]


def _expect_titles(page, titles: list[str]) -> None:
    cards = page.get_by_test_id("course-grid").get_by_test_id("course-card").get_by_role("heading")
    expect(cards).to_have_text(titles, timeout=WAIT)


def _teacher_with_courses(live_app, courses: int = 2) -> tuple[str, list[str]]:
    """A teacher whose first name no one else has (other tests make many "Tunde"s), with ``courses`` courses whose
    titles and descriptions do not contain it: only the teacher's name can find them."""
    letters = "".join(random.choice("bcdfghjklmnprstvwz") + random.choice("aeiou") for _ in range(4))
    name = "Ade" + letters
    with app_db(live_app) as session:
        teacher = make_instructor(session, first_name=name)
        titles = [
            make_course(session, instructor=teacher, title=f"Beadwork Studio {n} {letters[:2]}").title
            for n in range(courses)
        ]
    return name, titles


def _search_from_header(page, text: str) -> None:
    """Type into the header's box, see the live suggestions, then press Enter (nothing highlighted)."""
    box = page.get_by_role("combobox", name="Search courses").first
    box.fill(text)
    expect(page.get_by_role("listbox", name="Search results").first).to_be_visible(timeout=WAIT)
    box.press("Enter")


def test_enter_opens_the_results_page_and_a_typo_still_finds_python(page, live_app):
    page.goto("/faq")
    _search_from_header(page, "pyhton")
    expect(page).to_have_url(re.compile(r"/search\?q=pyhton$"))
    expect(page.get_by_role("heading", name='Results for "pyhton"', level=1)).to_be_visible(timeout=WAIT)
    expected = _titles(live_app, q="pyhton")
    assert expected and all("python" in t.lower() for t in expected[:3]), expected
    _expect_titles(page, expected)
    expect(page.get_by_test_id("result-count")).to_have_text(re.compile(rf"^{_total(live_app, q='pyhton')} courses?$"))
    screenshot(page, "search-typo")


def _total(live_app, **query) -> int:
    with app_db(live_app) as session:
        return catalog.list_courses(session, **query).total


def test_a_teachers_name_finds_their_courses(page, live_app):
    name, taught = _teacher_with_courses(live_app)
    page.goto("/")
    _search_from_header(page, name)
    expect(page).to_have_url(re.compile(rf"/search\?q={re.escape(quote(name))}$"))
    expected = _titles(live_app, q=name)
    assert sorted(expected) == sorted(taught)
    _expect_titles(page, expected)
    screenshot(page, "search-teacher")


def test_results_page_pages_and_filters_in_the_url(page, live_app):
    word = next(w for w in ("business", "beginners", "design", "data", "learn") if _total(live_app, q=w) > 6)
    page.goto("/")
    _search_from_header(page, word)
    expect(page).to_have_url(re.compile(rf"/search\?q={word}$"))
    _expect_titles(page, _titles(live_app, q=word))
    expect(page.get_by_test_id("result-count")).to_have_text(f"{_total(live_app, q=word)} courses")

    # Paging keeps the search.
    page.get_by_role("navigation", name="Pagination").get_by_role("button", name="Page 2", exact=True).click()
    expect(page).to_have_url(re.compile(rf"q={word}&page=2$"))
    _expect_titles(page, _titles(live_app, q=word, page=2))

    # The listing's filters and sorts narrow the results, all in the URL.
    sidebar = page.get_by_role("complementary", name="Filters")
    sidebar.get_by_label("Beginner").check()
    expect(page).to_have_url(re.compile(r"level=Beginner$"))
    _expect_titles(page, _titles(live_app, q=word, level="Beginner"))
    page.get_by_label("Sort By").select_option("newest")
    expect(page).to_have_url(re.compile(r"level=Beginner&sort=newest$"))
    _expect_titles(page, _titles(live_app, q=word, level="Beginner", sort="newest"))
    screenshot(page, "search-filtered")
    page.reload()
    _expect_titles(page, _titles(live_app, q=word, level="Beginner", sort="newest"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"level=Beginner$"))
    _expect_titles(page, _titles(live_app, q=word, level="Beginner"))


def test_no_result_says_so_and_offers_other_words(phone, live_app):
    phone.goto("/search?q=zzqxv")
    expect(phone.get_by_text("No courses found")).to_be_visible(timeout=WAIT)
    expect(phone.get_by_text("Try other words or fewer filters.")).to_be_visible()
    expect(phone.get_by_role("main").get_by_role("button", name="Clear filters")).to_have_count(0)  # none to clear
    expect(phone.get_by_role("link", name="Browse all courses")).to_have_attribute("href", "/courses")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "search-empty")


def test_search_on_a_phone_with_the_filter_panel(phone, live_app):
    phone.goto("/search?q=python")
    _expect_titles(phone, _titles(live_app, q="python"))
    panel = phone.get_by_test_id("filters-phone")
    panel.get_by_text("Filters").click()
    panel.get_by_label("Free courses only").check()
    expect(phone).to_have_url(re.compile(r"q=python&free=1$"))
    total = _total(live_app, q="python", free=True)
    label = "Show 1 course" if total == 1 else f"Show {total} courses"
    panel.get_by_role("button", name=label).click()
    expect(panel.get_by_label("Any rating")).to_be_hidden()
    if total:
        expect(phone.get_by_test_id("course-grid")).to_be_in_viewport()
    else:
        expect(phone.get_by_text("No courses found")).to_be_in_viewport()
    screenshot(phone, "search-phone")
