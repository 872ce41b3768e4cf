"""The course listing, the course page, the teacher and mentor pages and the header search, in a real browser.

Every list the browser shows is checked against the catalog domain on the live app's database.
"""

import re
from decimal import Decimal
from urllib.parse import quote

from playwright.sync_api import expect
from sqlmodel import select

from marketplace.db.models import Course, Instructor, Section, User
from marketplace.domain import catalog
from marketplace.domain.catalog_cards import clamp_rating, duration_text
from marketplace.domain.review_writing import add_review
from marketplace.money import format_ngn
from marketplace.shapes.catalog import MentorPage
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import app_db, sign_in_storage, wait_hydrated
from tests.e2e.screens import shoot
from tests.factories import enroll, make_course, make_instructor, make_user

WAIT = 15_000  # ms: a busy two-core machine may take a while to draw a page


def _titles(live_app, **query) -> list[str]:
    with app_db(live_app) as session:
        return [c.title for c in catalog.list_courses(session, **query).data]


def _shown(page) -> list[str]:
    return page.get_by_test_id("course-grid").get_by_test_id("course-card").get_by_role("heading").all_inner_texts()


def _expect_titles(page, titles: list[str]) -> None:
    grid = page.get_by_test_id("course-grid").get_by_test_id("course-card").get_by_role("heading")
    expect(grid).to_have_text(titles)


def test_filters_and_sort_change_the_list_and_live_in_the_url(page, live_app):
    page.goto("/categories")
    expect(page.get_by_role("heading", name="All Courses", level=1)).to_be_visible()
    sidebar = page.get_by_role("complementary", name="Filters")
    # Nothing is pre-selected.
    expect(sidebar.get_by_label("Any rating")).to_be_checked()
    expect(sidebar.get_by_label("Any length")).to_be_checked()
    expect(sidebar.get_by_label("All categories")).to_be_checked()
    _expect_titles(page, _titles(live_app))
    shoot(page, "listing")

    with app_db(live_app) as session:
        everything, rated = catalog.list_courses(session).total, catalog.list_courses(session, min_rating=4).total
    assert 0 < rated < everything  # the filter must visibly take courses away, or this step proves nothing
    expect(page.get_by_test_id("result-count")).to_have_text(f"{everything} courses")
    sidebar.get_by_role("radio", name="4 stars & up").check()
    expect(page).to_have_url(re.compile(r"/categories\?rating=4$"))
    expect(page.get_by_test_id("result-count")).to_have_text(f"{rated} courses")
    _expect_titles(page, _titles(live_app, min_rating=4))

    page.get_by_label("Sort By").select_option("price_asc")
    expect(page).to_have_url(re.compile(r"rating=4&sort=price_asc"))
    expected = _titles(live_app, min_rating=4, sort="price_asc")
    _expect_titles(page, expected)

    sidebar.get_by_label("10-15 chapters").check()
    expect(page).to_have_url(re.compile(r"chapters=10-15"))
    _expect_titles(page, _titles(live_app, min_rating=4, chapters="10-15", sort="price_asc"))

    # Back undoes one step at a time.
    page.go_back()
    expect(page).to_have_url(re.compile(r"rating=4&sort=price_asc$"))
    _expect_titles(page, expected)


def test_category_title_and_price_slider(page, live_app):
    with app_db(live_app) as session:
        design = next(c for c in catalog.list_categories(session) if c.course_count > 0)
        top_price = catalog.max_course_price(session)
    page.goto(f"/categories?category={design.slug}")
    expect(page.get_by_role("heading", name=f"{design.name} Courses", level=1)).to_be_visible()
    _expect_titles(page, _titles(live_app, category=design.slug))
    sidebar = page.get_by_role("complementary", name="Filters")
    expect(sidebar.get_by_role("radio", name=re.compile("^" + re.escape(design.name)))).to_be_checked()

    slider = sidebar.get_by_label("Price")
    assert slider.get_attribute("max") == str(int(top_price))
    slider.fill("20000")
    expect(sidebar.get_by_text("Up to NGN20,000")).to_be_visible()
    expect(page).to_have_url(re.compile(r"max_price=20000"))
    _expect_titles(page, _titles(live_app, category=design.slug, max_price=Decimal(20000)))


def test_pagination_and_url_agree_and_back_works(page, live_app):
    first, second = _titles(live_app, page=1), _titles(live_app, page=2)
    assert len(first) == 6 and second
    page.goto("/courses?page=2")
    expect(page.get_by_role("heading", name="All Courses")).to_be_visible()
    _expect_titles(page, second)
    expect(page.get_by_role("button", name="Page 2")).to_have_attribute("aria-current", "page")

    page.goto("/courses")
    _expect_titles(page, first)
    page.get_by_role("button", name="Page 2").click()
    expect(page).to_have_url(re.compile(r"/courses\?page=2$"))
    _expect_titles(page, second)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/courses/?$"))
    _expect_titles(page, first)


def _events_sent(page) -> list[str]:
    """The Reflex events the page sends over its websocket from now on, as [state, handler] (a list that fills up)."""
    names: list[list[str]] = []

    def frame(payload) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        if text.startswith("42") and '"event"' in text:
            names.append(re.search(r'"name":"([^"]+)"', text).group(1).rsplit(".", 2)[-2:])

    page.on("websocket", lambda ws: ws.on("framesent", frame))
    return names


def test_a_page_or_sort_change_is_one_event_and_back_still_loads_the_last_view(page, live_app):
    first, second = _titles(live_app, page=1), _titles(live_app, page=2)
    sent = _events_sent(page)
    page.goto("/courses")
    _expect_titles(page, first)
    wait_hydrated(page, "#sort")
    sent.clear()

    page.get_by_role("button", name="Page 2").click()
    expect(page).to_have_url(re.compile(r"/courses\?page=2$"))
    _expect_titles(page, second)
    page.get_by_label("Sort By").select_option("price_asc")
    expect(page).to_have_url(re.compile(r"/courses\?sort=price_asc$"))
    _expect_titles(page, _titles(live_app, sort="price_asc"))
    listing = [name for name in sent if "listing" in name[0] or "on_load_internal" in name[0]]
    assert listing == [["marketplace___states___listing____listing_state", "load"]] * 2  # no route change's three

    page.go_back()
    expect(page).to_have_url(re.compile(r"/courses\?page=2$"))
    _expect_titles(page, second)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/courses/?$"))
    _expect_titles(page, first)
    page.go_forward()
    expect(page).to_have_url(re.compile(r"/courses\?page=2$"))
    _expect_titles(page, second)
    page.reload()
    _expect_titles(page, second)


def test_the_pager_shows_a_window_of_pages_and_a_page_past_the_end_shows_the_last(page, live_app):
    with app_db(live_app) as session:
        pages = catalog.list_courses(session).pages
    assert pages >= 7, "the demo catalog should span enough pages for a window"
    pager = page.get_by_role("navigation", name="Pagination")
    page.goto("/courses?page=4")
    expect(pager.get_by_role("button", name="Page 4")).to_have_attribute("aria-current", "page")
    shown = [f"Page {n}" for n in (1, 2, 3, 4, 5, 6, pages)]
    expect(pager.get_by_role("button", name=re.compile(r"^Page \d+$"))).to_have_text([s[5:] for s in shown])

    page.goto("/courses?page=999")  # an old link past the end: the last page, and the URL says so
    expect(page).to_have_url(re.compile(rf"/courses\?page={pages}$"))
    expect(pager.get_by_role("button", name=f"Page {pages}")).to_have_attribute("aria-current", "page")
    _expect_titles(page, _titles(live_app, page=pages))


def test_no_match_offers_to_clear_filters(page, live_app):
    page.goto("/categories?rating=5&chapters=20-25&max_price=1")
    expect(page.get_by_text("No courses found")).to_be_visible()
    page.get_by_role("main").get_by_role("button", name="Clear filters").first.click()
    expect(page).to_have_url(re.compile(r"/categories/?$"))
    _expect_titles(page, _titles(live_app))


def test_phone_filters_apply_in_the_panel_and_show_n_courses_brings_the_results_without_a_reload(phone, live_app):
    # Defect 4: choosing a filter reloaded the page at the top with the panel open and the results two screens
    # down. Now choices apply inside the open panel, the URL follows without a page load, and "Show N courses"
    # folds the panel and brings the results into view.
    phone.goto("/categories")
    panel = phone.get_by_test_id("filters-phone")
    expect(panel.get_by_label("Any rating")).to_be_hidden()
    expect(phone.get_by_role("complementary", name="Filters")).to_be_hidden()
    expect(phone.get_by_test_id("course-grid")).to_be_visible()
    shoot(phone, "listing")
    phone.evaluate("window.__sameDocument = true")
    panel.get_by_text("Filters").click()
    chapters = panel.get_by_label("15-20 chapters")
    chapters.scroll_into_view_if_needed()
    before = phone.evaluate("window.scrollY")
    chapters.check()
    expect(phone).to_have_url(re.compile(r"chapters=15-20"))
    expected = _titles(live_app, chapters="15-20")
    _expect_titles(phone, expected)
    with app_db(live_app) as session:
        total = catalog.list_courses(session, chapters="15-20").total
    show = panel.get_by_role("button", name=f"Show {total} courses")
    expect(show).to_be_visible()
    assert phone.evaluate("window.scrollY") == before  # the page stayed where the learner was choosing
    assert panel.evaluate("el => el.open") is True  # the panel stays open for the next choice
    screenshot(phone, "listing-filters-open")
    show.click()
    expect(panel.get_by_label("Any rating")).to_be_hidden()
    grid = phone.get_by_test_id("course-grid")
    expect(grid).to_be_in_viewport()
    assert phone.evaluate("window.__sameDocument") is True  # never a full page load
    screenshot(phone, "listing-filtered")
    # The URL still names the view: reload shows it, Back undoes it.
    phone.reload()
    _expect_titles(phone, expected)
    phone.go_back()
    expect(phone).to_have_url(re.compile(r"/categories/?$"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_course_card_leads_to_its_page_with_real_instructor_and_reviews(page, live_app):
    with app_db(live_app) as session:
        card = catalog.list_courses(session).data[0]
        detail = catalog.get_course_detail(session, card.id)
        related = catalog.related_courses(session, card.id)
    page.goto("/categories")
    # React's cards first: the cards drawn into the page's HTML are plain links, and a click whose press and release
    # straddle React taking their place lands on two elements and opens nothing (components/first_cards.py).
    expect(page.locator("#first-cards")).to_have_count(0)
    page.get_by_test_id("course-grid").get_by_role("link", name=card.title).click()
    expect(page).to_have_url(re.compile(rf"/courses/{card.id}$"))
    expect(page.get_by_role("heading", name=card.title, level=1)).to_be_visible()
    expect(page).to_have_title(card.title)
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    expect(crumbs).to_contain_text("Home")
    expect(crumbs).to_contain_text("Categories")

    teacher = page.get_by_test_id("course-instructor")
    expect(teacher.get_by_role("heading", name=detail.instructor.name)).to_be_visible()
    expect(teacher.get_by_role("link", name="View instructor profile")).to_have_attribute(
        "href", f"/teacher/{detail.instructor.id}"
    )
    summary = detail.review_summary
    expect(page.get_by_test_id("review-total")).to_have_text(f"{summary.total_reviews} reviews")
    expect(page.get_by_test_id("average-rating")).to_have_text(f"{summary.average_rating:.1f}")
    reviews = page.get_by_test_id("course-reviews").get_by_test_id("review")
    expect(reviews).to_have_count(len(detail.reviews))
    expect(reviews.first).to_contain_text(detail.reviews[0].comment)
    expect(page.get_by_test_id("price")).to_contain_text(card.price_text)
    expect(page.locator("#courses").get_by_test_id("course-card")).to_have_count(len(related))

    # Sections say Preview or Video; a preview plays for anyone.
    sections = page.get_by_test_id("syllabus-section")
    expect(sections).to_have_count(len(detail.sections))
    preview = next(i for i, s in enumerate(detail.sections) if s.is_preview)
    expect(sections.nth(preview)).to_contain_text("Preview")
    sections.nth(preview).locator("summary").click()
    player = sections.nth(preview).locator("video, iframe")
    expect(player).to_be_visible()
    shoot(page, "course")

    share = page.get_by_role("link", name="Share on WhatsApp")
    expect(share).to_have_attribute("href", re.compile(r"^https://wa\.me/\?text=.*courses%2F" + str(card.id)))
    expect(share).to_have_attribute("target", "_blank")

    page.get_by_role("button", name="Add To Cart").click()
    expect(page.get_by_text("Added to cart")).to_be_visible()
    page.get_by_role("button", name="Add To Cart").click()
    expect(page.get_by_text("Course is already in your cart")).to_be_visible()


def test_course_page_on_a_phone(phone, live_app):
    with app_db(live_app) as session:
        course = session.exec(select(Course).order_by(Course.id)).first()
    phone.goto(f"/courses/{course.id}")
    expect(phone.get_by_role("heading", name=course.title, level=1)).to_be_visible()
    expect(phone.get_by_role("button", name="Add To Cart")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "course")


def test_unknown_course_shows_not_found(page):
    # Past any id column's range (SQLite's and PostgreSQL's): not found, never "Failed to fetch".
    for path in ("/courses/999999", "/courses/not-a-number", "/courses/99999999999999999999"):
        page.goto(path)
        expect(page.get_by_role("heading", name="Course not found")).to_be_visible()
        expect(page.get_by_role("main").get_by_role("link", name="Browse courses")).to_have_attribute(
            "href", "/categories"
        )
    shoot(page, "course-not-found")


def _instructor(live_app) -> MentorPage:
    with app_db(live_app) as session:
        best = session.exec(select(Instructor).order_by(Instructor.review_count.desc())).first()
        return catalog.mentor_page(session, best.id)


def test_mentor_page_shows_real_data(page, phone, live_app):
    data = _instructor(live_app)
    person = data
    page.goto(f"/mentors/{person.id}")
    expect(page.get_by_role("heading", name=person.name, level=1)).to_be_visible()
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    expect(crumbs).to_contain_text("Mentors")
    expect(crumbs).to_contain_text(person.name)
    profile = page.get_by_test_id("instructor-profile")
    expect(profile).to_contain_text(person.title)
    expect(profile).to_contain_text(f"Students{person.students:,}")
    expect(page.get_by_role("link", name="Message Mentor")).to_have_attribute("href", f"/profile5/{person.user_id}")
    for skill in person.expertise:
        expect(page.get_by_role("listitem").filter(has_text=skill).first).to_be_visible()
    if person.website:
        expect(profile.get_by_role("link", name="Website", exact=True)).to_have_attribute("target", "_blank")
    reviews = page.get_by_test_id("mentor-reviews").get_by_test_id("review")
    expect(reviews).to_have_count(len(data.reviews))
    if data.reviews:
        expect(reviews.first).to_contain_text(data.reviews[0].comment)
    taught = page.locator("#courses").get_by_test_id("course-card").get_by_role("heading")
    expect(taught).to_have_text([c.title for c in data.courses])
    shoot(page, "mentor")
    phone.goto(f"/teacher/{person.id}")
    expect(phone.get_by_role("heading", name=person.name, level=1)).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "mentor")


def test_unknown_instructor_shows_not_found(page):
    page.goto("/mentors/999999")
    expect(page.get_by_role("heading", name="Instructor not found")).to_be_visible()
    page.goto("/teacher/abc")
    expect(page.get_by_role("heading", name="Instructor not found")).to_be_visible()
    page.goto("/mentors/99999999999999999999")
    expect(page.get_by_role("heading", name="Instructor not found")).to_be_visible()


def test_header_search_finds_by_a_word_of_the_title_and_closes(page, live_app):
    with app_db(live_app) as session:
        course = session.exec(select(Course).order_by(Course.id)).first()
    word = max(course.title.split(), key=len)
    with app_db(live_app) as session:  # closed at once: an open SQLite transaction would hold up the app's writes
        found = catalog.search_courses(session, word)
    expected = [r.title for r in found]
    page.goto("/faq")
    wait_hydrated(page, "input[role=combobox]")
    box = page.get_by_role("combobox", name="Search courses").first
    box.fill(word.lower())
    panel = page.get_by_role("listbox", name="Search results").first
    expect(panel.get_by_role("option")).to_have_text([re.compile(re.escape(t)) for t in expected])
    box.press("Escape")
    expect(panel).to_be_hidden()
    box.click()
    expect(panel).to_be_visible()
    page.mouse.click(5, 700)  # an outside click (the panel covers the page heading)
    expect(panel).to_be_hidden()
    box.click()
    box.press("ArrowDown")
    expect(panel.get_by_role("option").first).to_have_attribute("aria-selected", "true")
    box.press("Enter")
    first = found[0]
    expect(page).to_have_url(re.compile(rf"/courses/{first.id}$"))
    expect(page.get_by_role("heading", name=first.title, level=1)).to_be_visible()

    page.goto("/faq")
    wait_hydrated(page, "input[role=combobox]")
    box = page.get_by_role("combobox", name="Search courses").first
    box.fill(word)
    page.get_by_role("option").filter(has_text=expected[-1]).first.click()
    expect(page.get_by_role("heading", name=expected[-1], level=1)).to_be_visible()

    # Typed and Enter at once, before the 300 ms pause: the results page of what was typed opens.
    page.goto("/faq")
    wait_hydrated(page, "input[role=combobox]")
    page.get_by_role("combobox", name="Search courses").first.fill(word)
    page.get_by_role("combobox", name="Search courses").first.press("Enter")
    expect(page).to_have_url(re.compile(rf"/search\?q={re.escape(quote(word))}$"))
    expect(page.get_by_role("heading", name=f'Results for "{word}"', level=1)).to_be_visible()
    page.wait_for_timeout(600)  # past the debounce: the late search of the same text does not reopen the panel
    expect(page.get_by_role("listbox", name="Search results")).to_have_count(0)


def test_teacher_link_from_course_page_opens_teacher_page(page, live_app):
    with app_db(live_app) as session:
        course = session.exec(select(Course).order_by(Course.id.desc())).first()
        user = session.exec(
            select(User).join(Instructor, Instructor.user_id == User.id).where(Instructor.id == course.instructor_id)
        ).one()
    page.goto(f"/courses/{course.id}")
    page.get_by_test_id("course-instructor").get_by_role("link", name="View instructor profile").click()
    expect(page).to_have_url(re.compile(rf"/teacher/{course.instructor_id}$"))
    expect(page.get_by_role("heading", name=f"{user.first_name} {user.last_name}", level=1)).to_be_visible()
    expect(page.locator("#courses").get_by_role("heading", name=course.title)).to_be_visible()


def test_enrolled_learner_sees_watch_now_and_a_visitor_buys_now(browser, base_url, page, live_app):
    with app_db(live_app) as session:
        learner = make_user(session, first_name="Bisi", last_name="Course")
        course = session.exec(select(Course).order_by(Course.id.desc())).first()
        enroll(session, learner, course)
        other = session.exec(select(Course).order_by(Course.id)).first()
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    sign_in_storage(context, live_app.db_url, learner.email)
    mine = context.new_page()
    mine.goto(f"/courses/{course.id}")
    card = mine.get_by_test_id("price-card")
    expect(card.get_by_text("Enrolled")).to_be_visible()
    expect(card.get_by_role("link", name="Watch Now")).to_have_attribute("href", f"/order-complete/{course.id}")
    expect(card.get_by_role("button", name="Add To Cart")).to_have_count(0)
    context.close()

    page.goto(f"/courses/{other.id}")
    video = page.get_by_test_id("syllabus-section").first.locator("video source")
    assert page.request.get(video.get_attribute("src")).ok
    page.get_by_role("button", name="Buy Now").click()
    expect(page).to_have_url(re.compile(r"/login\?next=/checkout"))


def test_course_page_tabs_share_links_star_bars_and_related_see_all(page, live_app):
    with app_db(live_app) as session:
        card = catalog.list_courses(session).data[0]
        summary = catalog.get_course_detail(session, card.id).review_summary
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_app.url)
    page.goto(f"/courses/{card.id}")
    expect(page.get_by_role("heading", name=card.title, level=1)).to_be_visible()

    tabs = page.get_by_role("navigation", name="Course sections")
    expect(tabs.get_by_role("link")).to_have_text(["Details", "Instructor", "Courses", "Reviews"])
    for name, anchor in (("Reviews", "reviews"), ("Instructor", "instructor"), ("Courses", "courses")):
        tabs.get_by_role("link", name=name).click()
        expect(page).to_have_url(re.compile(rf"#{anchor}$"))
        expect(page.locator(f"#{anchor}")).to_be_in_viewport()

    url = f"{live_app.url}/courses/{card.id}"
    here = quote(url, safe="")
    for name, start in (
        ("X", f"https://x.com/intent/post?url={here}"),
        ("Facebook", f"https://www.facebook.com/sharer/sharer.php?u={here}"),
        ("LinkedIn", f"https://www.linkedin.com/sharing/share-offsite/?url={here}"),
    ):
        link = page.get_by_role("link", name=f"Share on {name}")
        expect(link).to_have_attribute("href", re.compile("^" + re.escape(start)))
        expect(link).to_have_attribute("target", "_blank")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_text("Link copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == url
    # A browser that refuses the clipboard is told so, never shown "Link copied".
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('blocked')); }")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_text("Could not copy the link. Copy it from the address bar instead.")).to_be_visible()

    for stars in (5, 4, 3, 2, 1):  # the per-star bars say how many reviews gave each rating
        count = summary.distribution.get(stars, 0)
        expect(page.get_by_label(f"{stars} stars: {count} reviews")).to_be_visible()
    expect(page.get_by_role("link", name="See all courses")).to_have_attribute("href", "/courses")


def test_listing_side_blocks_sidebar_category_click_and_every_sort(page, live_app):
    page.goto("/categories")
    expect(page.get_by_role("region", name="Popular Mentors").get_by_test_id("instructor-card")).to_have_count(4)
    expect(page.get_by_role("region", name="Featured Courses").get_by_test_id("course-card")).to_have_count(3)
    with app_db(live_app) as session:
        category = next(c for c in catalog.list_categories(session) if c.course_count >= 2)
    sidebar = page.get_by_role("complementary", name="Filters")
    sidebar.get_by_role("radio", name=re.compile("^" + re.escape(category.name))).check()
    expect(page).to_have_url(re.compile(rf"category={category.slug}$"))
    expect(page.get_by_role("heading", name=f"{category.name} Courses", level=1)).to_be_visible()
    _expect_titles(page, _titles(live_app, category=category.slug))
    for sort in ("price_desc", "rating", "price_asc"):
        page.get_by_label("Sort By").select_option(sort)
        expect(page).to_have_url(re.compile(rf"sort={sort}"))
        _expect_titles(page, _titles(live_app, category=category.slug, sort=sort))


def test_a_broken_thumbnail_is_replaced_by_the_stock_image(page, live_app):
    with app_db(live_app) as session:
        course = make_course(session, title="Kite Flying for Beginners", thumbnail="/images/courses/gone-missing.webp")
    page.goto(f"/courses/{course.id}")
    expect(page.get_by_role("heading", name=course.title, level=1)).to_be_visible()
    picture = page.get_by_test_id("price-card").locator("img").first
    expect(picture).to_have_attribute("src", "/images/stock-course.webp")
    # The stock picture then loads and draws (it may still be on its way the moment the src changes).
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle(), timeout=5000)


def test_mentor_page_social_buttons_link_out(page, live_app):
    with app_db(live_app) as session:
        teacher = session.exec(select(Instructor).order_by(Instructor.id)).first()
        user = session.get(User, teacher.user_id)
        links = {"LinkedIn": user.linkedin, "X": user.x, "YouTube": user.youtube, "Facebook": user.facebook}
    page.goto(f"/mentors/{teacher.id}")
    profile = page.get_by_test_id("instructor-profile")
    expect(profile).to_be_visible()
    for name, href in links.items():
        if href:
            button = profile.get_by_role("link", name=name, exact=True)
            expect(button).to_have_attribute("href", href)
            expect(button).to_have_attribute("target", "_blank")
    assert any(links.values())


def _taught_card(page, title: str):
    """The course card titled ``title`` among the courses on a mentor page."""
    cards = page.locator("#courses").get_by_test_id("course-card")
    return cards.filter(has=page.get_by_role("heading", name=title, exact=True))


def _star(shape: str, colour: str) -> re.Pattern:
    """The classes of one lucide star icon (``star`` or ``star-half``) in ``colour``."""
    return re.compile(rf"(?=.*(?:^|\s)lucide-{shape}(?:\s|$))(?=.*(?:^|\s){colour}(?:\s|$))")


FULL = _star("star", "fill-amber-500")
HALF = _star("star-half", "fill-amber-500")
EMPTY = _star("star", "text-gray-300")


def test_course_cards_draw_half_stars_and_strike_through_the_original_price(page, live_app):
    with app_db(live_app) as session:
        teacher = make_instructor(session, first_name="Halima")
        deal = make_course(
            session,
            instructor=teacher,
            title="Adire Dyeing at Home",
            rating=4.5,
            review_count=2,
            price_kobo=1_200_000,
            original_price_kobo=2_000_000,
        )
        plain = make_course(session, instructor=teacher, title="Beadwork for Market Stalls", rating=4.4, review_count=2)
    page.goto(f"/mentors/{teacher.id}")

    deal_card, plain_card = _taught_card(page, deal.title), _taught_card(page, plain.title)
    deal_stars = deal_card.get_by_role("img", name=f"Rated {deal.rating:.1f} out of 5")
    expect(deal_stars).to_be_visible(timeout=WAIT)
    expect(deal_stars.locator("svg")).to_have_class([FULL, FULL, FULL, FULL, HALF])
    # Just under the half: the fifth star stays empty.
    expect(plain_card.get_by_role("img", name=f"Rated {plain.rating:.1f} out of 5").locator("svg")).to_have_class(
        [FULL, FULL, FULL, FULL, EMPTY]
    )

    expect(deal_card).to_contain_text(format_ngn(deal.price_kobo))
    was = deal_card.get_by_role("deletion")
    expect(was).to_have_text(format_ngn(deal.original_price_kobo))
    expect(was).to_have_css("text-decoration-line", "line-through")
    expect(plain_card).to_contain_text(format_ngn(plain.price_kobo))
    expect(plain_card.get_by_role("deletion")).to_have_count(0)


def test_a_course_card_swaps_a_broken_thumbnail_for_the_stock_image(page, live_app):
    missing = "/images/courses/no-such-picture.webp"
    with app_db(live_app) as session:
        teacher = make_instructor(session, first_name="Ngozi")
        course = make_course(session, instructor=teacher, title="Pottery with Local Clay", thumbnail=missing)
        assert [c.thumbnail for c in catalog.mentor_page(session, teacher.id).courses] == [missing]
    page.goto(f"/mentors/{teacher.id}")
    picture = _taught_card(page, course.title).locator("img")
    expect(picture).to_have_count(1, timeout=WAIT)
    picture.scroll_into_view_if_needed()  # the card's picture loads lazily, once a person scrolls to it
    expect(picture).to_have_attribute("src", "/images/stock-course.webp", timeout=WAIT)
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle(), timeout=WAIT)


def _word_with_results(live_app, at_least: int) -> tuple[str, list[dict]]:
    """A word of a course title that the search answers with at least ``at_least`` courses, and those courses."""
    with app_db(live_app) as session:
        for title in session.exec(select(Course.title).order_by(Course.id)).all():
            for word in title.split():
                if len(word) >= 4 and word.isalpha():
                    found = catalog.search_courses(session, word)
                    if len(found) >= at_least:
                        return word, found
    raise AssertionError(f"No title word finds {at_least} courses")


def test_header_search_opens_the_results_before_the_page_has_its_scripts(page, live_app):
    """On a slow phone Enter can come before React has the page: the box is a plain form to /search then."""
    word, found = _word_with_results(live_app, 1)

    def no_scripts(route) -> None:
        if route.request.resource_type == "script":
            route.abort()
        else:
            route.continue_()

    page.route("**/*", no_scripts)
    page.goto("/faq")  # this page never gets its scripts: nothing but the HTML answers the keys
    page.unroute("**/*", no_scripts)  # the results page that opens next loads as usual
    box = page.locator("input[role=combobox]:visible").first
    box.fill(word)
    box.press("Enter")
    expect(page).to_have_url(re.compile(rf"/search\?q={re.escape(quote(word))}$"))
    expect(page.get_by_role("heading", name=f'Results for "{word}"', level=1)).to_be_visible()
    card = page.get_by_test_id("course-grid").get_by_test_id("course-card")
    expect(card.filter(has_text=found[0].title).first).to_be_visible()


def test_header_search_arrow_up_moves_the_highlight_up_and_enter_opens_it(page, live_app):
    word, results = _word_with_results(live_app, 3)
    page.goto("/faq")
    wait_hydrated(page, "input[role=combobox]")
    box = page.get_by_role("combobox", name="Search courses").first
    box.fill(word)
    panel = page.get_by_role("listbox", name="Search results").first
    expect(panel.get_by_role("option")).to_have_count(len(results), timeout=WAIT)
    highlighted = panel.get_by_role("option", selected=True)

    def highlight_is(index: int) -> None:
        expect(highlighted).to_have_count(1, timeout=WAIT)
        expect(highlighted).to_contain_text(results[index].title, timeout=WAIT)
        expect(panel.get_by_role("option").nth(index)).to_have_attribute("aria-selected", "true")

    box.press("ArrowDown")
    box.press("ArrowDown")
    highlight_is(1)
    box.press("ArrowUp")
    highlight_is(0)
    box.press("ArrowDown")
    box.press("ArrowDown")
    highlight_is(2)
    box.press("ArrowUp")
    highlight_is(1)
    box.press("Enter")  # opens the highlighted result, not the first
    expect(page).to_have_url(re.compile(rf"/courses/{results[1].id}$"), timeout=WAIT)
    expect(page.get_by_role("heading", name=results[1].title, level=1)).to_be_visible(timeout=WAIT)


def test_syllabus_labels_paid_sections_video_and_shows_each_duration(page, live_app):
    # Lengths that each format differently: minutes and seconds, hours, under a minute, and unknown.
    lengths = [307, 3723, 65, 0]
    with app_db(live_app) as session:
        course = make_course(session, sections=len(lengths), title="Syllabus Lengths")
        rows = session.exec(select(Section).where(Section.course_id == course.id).order_by(Section.position)).all()
        for row, seconds in zip(rows, lengths, strict=True):
            row.duration_seconds = seconds
            session.add(row)
        session.commit()
        rows = session.exec(select(Section).where(Section.course_id == course.id).order_by(Section.position)).all()
    assert [duration_text(row.duration_seconds) for row in rows] == ["5:07", "1:02:03", "1:05", ""]

    page.goto(f"/courses/{course.id}")
    expect(page.get_by_role("heading", name=course.title, level=1)).to_be_visible(timeout=WAIT)
    sections = page.get_by_test_id("syllabus-section")
    expect(sections).to_have_count(len(rows), timeout=WAIT)
    for n, row in enumerate(rows):
        label = "Preview" if row.is_preview else "Video"
        shown = rf"^\s*{re.escape(row.title)}\s*{label}\s*{re.escape(duration_text(row.duration_seconds))}\s*$"
        expect(sections.nth(n).locator("summary")).to_have_text(re.compile(shown), timeout=WAIT)
    assert [row.is_preview for row in rows] == [True, False, False, False]
    expect(page.locator("#details summary").get_by_text("Video", exact=True)).to_have_count(3, timeout=WAIT)
    # A paid section says so instead of playing.
    sections.nth(1).locator("summary").click()
    expect(sections.nth(1).get_by_text("Buy the course to watch this lesson.")).to_be_visible(timeout=WAIT)
    expect(sections.nth(1).locator("video, iframe")).to_have_count(0, timeout=WAIT)


def test_teacher_and_mentor_pages_show_rating_reviews_about_and_experience(page, live_app):
    about = "Chemist turned baker.\nI teach the science of the kitchen."
    experience = "Ten years at Lagos Bakery Ltd.\nHead of training since 2020."
    with app_db(live_app) as session:
        instructor = make_instructor(session, first_name="Funmi", about=about, experience=experience)
        course = make_course(session, instructor=instructor, title=f"Bread Science {instructor.id}")
        for stars_given in (5, 4, 4):  # real reviews: the stored rating and count follow them
            learner = make_user(session)
            enroll(session, learner, course)
            add_review(
                session,
                author_id=learner.id,
                target_type="Instructor",
                target_id=instructor.id,
                rating=stars_given,
                comment="Clear and patient.",
            )
        session.commit()
        row = session.get(Instructor, instructor.id)
        session.refresh(row)
    rating = f"{clamp_rating(row.rating):.1f}"
    assert (rating, row.review_count) == ("4.3", 3)

    for path in (f"/teacher/{row.id}", f"/mentors/{row.id}"):
        page.goto(path)
        profile = page.get_by_test_id("instructor-profile")
        expect(profile.get_by_role("heading", level=1)).to_contain_text("Funmi", timeout=WAIT)
        expect(profile.get_by_role("img", name=f"Rated {rating} out of 5")).to_be_visible(timeout=WAIT)
        expect(profile.get_by_text(rating, exact=True)).to_be_visible(timeout=WAIT)
        expect(profile.get_by_text(f"({row.review_count} reviews)", exact=True)).to_be_visible(timeout=WAIT)
        figure = profile.locator("dl > div").filter(has=page.locator("dt", has_text=re.compile("^Reviews$")))
        expect(figure.locator("dd")).to_have_text(str(row.review_count), timeout=WAIT)
        about_block = page.locator("section").filter(has=page.get_by_role("heading", name="About", exact=True))
        expect(about_block.locator("p")).to_have_text(row.about, timeout=WAIT)
        experience_block = page.locator("section").filter(
            has=page.get_by_role("heading", name="Experience", exact=True)
        )
        expect(experience_block.locator("p")).to_have_text(row.experience, timeout=WAIT)
