"""The cart in a real browser: Add To Cart once, the header badge, Save for Later and back, remove, clear,
the empty state, and a visitor's cart joining the learner's server cart at login."""

from __future__ import annotations

import json
import re
import uuid

from playwright.sync_api import Page, expect
from sqlmodel import Session, col, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, User
from marketplace.domain import cart
from marketplace.domain.pricing import price_kobo
from marketplace.money import format_naira
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import sign_in_storage, wait_for
from tests.factories import enroll, make_user


def new_learner(db_url: str, password: str | None = None) -> User:
    """A fresh verified learner of the live app."""
    name = f"buyer{uuid.uuid4().hex[:8]}"
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return make_user(
            session, password=password, email=f"{name}@example.com", username=name, first_name="Ngozi", last_name="Obi"
        )


def demo_courses(db_url: str, count: int, skip: int = 0) -> list[Course]:
    """Courses of the demo catalog, in a fixed order."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return list(session.exec(select(Course).order_by(col(Course.id)).offset(skip).limit(count)).all())


def put_in_cart(db_url: str, user: User, courses: list[Course]) -> None:
    """Fill the learner's server cart directly (faster than clicking through course pages)."""
    with Session(get_engine(db_url)) as session:
        for course in courses:
            cart.add_to_cart(session, user_id=user.id, course_id=course.id)
        session.commit()


def server_cart(db_url: str, user: User) -> dict:
    """The learner's server cart as the domain reads it, in its wire names (``items``, ``savedForLater``)."""
    with Session(get_engine(db_url)) as session:
        shown = cart.get_cart(session, user_id=user.id)
    return shown.model_dump(mode="json", by_alias=True, include={"items", "saved_for_later"})


def total_text(courses: list[Course]) -> str:
    """The total the pricing module gives for these courses (``₦16,500``)."""
    return format_naira(price_kobo(c.price_kobo for c in courses).kobo["total_kobo"])


def cart_badge(page: Page):
    """The count on the header's cart icon."""
    return page.get_by_test_id("shopping-cart-count")


def open_course(page: Page, course: Course) -> None:
    """Open a course page and wait until it shows that course (its buttons act on the course shown)."""
    page.goto(f"/courses/{course.id}")
    expect(page.get_by_role("heading", name=course.title, exact=True).first).to_be_visible()


def toast(page: Page, text: str):
    """A toast with exactly this text."""
    return page.locator("[data-sonner-toast]").get_by_text(text, exact=True).first


def test_add_to_cart_once_badge_save_for_later_and_back(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    sign_in_storage(page.context, live_app.db_url, learner.email)
    first, second = demo_courses(live_app.db_url, 2)

    open_course(page, first)
    page.get_by_role("button", name="Add To Cart").click()
    expect(toast(page, "Added to cart")).to_be_visible()
    expect(cart_badge(page)).to_have_text("1")
    page.get_by_role("button", name="Add To Cart").click()
    expect(toast(page, "Course is already in your cart")).to_be_visible()
    expect(cart_badge(page)).to_have_text("1")

    open_course(page, second)
    page.get_by_role("button", name="Add To Cart").click()
    expect(cart_badge(page)).to_have_text("2")
    assert [i["id"] for i in server_cart(live_app.db_url, learner)["items"]] == [first.id, second.id]

    page.get_by_role("link", name="Cart").click()
    expect(page).to_have_url(re.compile(r"/cart$"))
    items = page.get_by_test_id("cart-item")
    expect(items).to_have_count(2)
    expect(items.first.get_by_role("link", name=first.title)).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text(total_text([first, second]))
    assert "$" not in page.locator("main").inner_text()
    screenshot(page, "cart")

    page.get_by_role("button", name=f"Save {second.title} for later").click()
    expect(toast(page, "Moved to Save for Later")).to_be_visible()
    expect(cart_badge(page)).to_have_text("1")
    saved = page.get_by_role("region", name="Saved for Later")
    expect(saved.get_by_role("link", name=second.title)).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text(total_text([first]))
    assert [i["id"] for i in server_cart(live_app.db_url, learner)["savedForLater"]] == [second.id]

    saved.get_by_role("button", name=f"Move {second.title} to cart").click()
    expect(toast(page, "Moved back to cart")).to_be_visible()
    expect(cart_badge(page)).to_have_text("2")
    expect(page.get_by_role("region", name="Saved for Later")).to_have_count(0)

    page.get_by_role("button", name=f"Remove {first.title} from cart").click()
    expect(toast(page, "Removed from cart")).to_be_visible()
    expect(cart_badge(page)).to_have_text("1")
    page.get_by_role("button", name=f"Save {second.title} for later").click()
    page.get_by_role("button", name=f"Remove {second.title} from Save for Later").click()
    expect(toast(page, "Removed from Save for Later")).to_be_visible()
    expect(page.get_by_text("Your cart is empty")).to_be_visible()
    assert server_cart(live_app.db_url, learner) == {"items": [], "savedForLater": []}
    stored = json.loads(page.evaluate("localStorage.getItem('cart')"))
    assert stored == {"items": [], "savedForLater": []}


def test_empty_cart_links_to_the_catalog_and_clear_all(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    put_in_cart(live_app.db_url, learner, demo_courses(live_app.db_url, 2, skip=2))
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/cart")
    expect(page.get_by_test_id("cart-item")).to_have_count(2)
    expect(cart_badge(page)).to_have_text("2")
    page.get_by_role("button", name="Clear all").click()
    expect(page.get_by_text("Your cart is empty")).to_be_visible()
    expect(cart_badge(page)).to_have_count(0)
    assert server_cart(live_app.db_url, learner)["items"] == []
    page.get_by_role("link", name="Browse courses").click()
    expect(page).to_have_url(re.compile(r"/categories$"))


def test_buy_now_checks_out_that_course_alone_and_leaves_the_cart_as_it_was(page: Page, live_app):
    """Defect 1 (1280 px): with two courses in the cart, Buy Now on a third checked out all three."""
    learner = new_learner(live_app.db_url)
    first, second, bought = demo_courses(live_app.db_url, 3, skip=20)
    put_in_cart(live_app.db_url, learner, [first, second])
    sign_in_storage(page.context, live_app.db_url, learner.email)
    open_course(page, bought)
    expect(cart_badge(page)).to_have_text("2")
    page.get_by_role("button", name="Buy Now").click()

    expect(page).to_have_url(re.compile(rf"/checkout\?course={bought.id}$"))
    courses = page.get_by_role("region", name="Your Courses")
    expect(courses.get_by_text(bought.title, exact=True)).to_be_visible()
    expect(courses.get_by_text("Buying this course only; your cart stays as it is.")).to_be_visible()
    expect(courses.get_by_role("listitem")).to_have_count(1)
    expect(page.get_by_test_id("total")).to_have_text(total_text([bought]))
    expect(cart_badge(page)).to_have_text("2")
    screenshot(page, "checkout-buy-now")
    assert sorted(item["id"] for item in server_cart(live_app.db_url, learner)["items"]) == sorted(
        [first.id, second.id]
    )

    page.get_by_label("State").select_option("Lagos")
    page.get_by_role("button", name="Proceed to Checkout").click()
    expect(page.get_by_role("button", name="Pay by card")).to_be_visible(timeout=20_000)
    page.get_by_role("button", name="Pay by card").click()
    expect(page.get_by_role("heading", name="Order Complete")).to_be_visible(timeout=20_000)
    order = page.get_by_role("region", name="Your order")
    expect(order.get_by_role("listitem")).to_have_count(1)
    expect(order.get_by_text(bought.title)).to_be_visible()
    expect(page.get_by_test_id("order-total")).to_have_text(total_text([bought]))
    # The other two are still in the cart, on the server and in the header.
    expect(cart_badge(page)).to_have_text("2")
    assert sorted(item["id"] for item in server_cart(live_app.db_url, learner)["items"]) == sorted(
        [first.id, second.id]
    )

    # Proceed from /cart checks out the cart.
    page.goto("/cart")
    page.get_by_role("link", name="Proceed to Checkout").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_role("region", name="Your Courses").get_by_role("listitem")).to_have_count(2)
    expect(page.get_by_test_id("total")).to_have_text(total_text([first, second]))


def test_owned_courses_never_stay_in_the_cart(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    owned, other = demo_courses(live_app.db_url, 2, skip=4)
    put_in_cart(live_app.db_url, learner, [owned, other])
    with Session(get_engine(live_app.db_url)) as session:  # bought on another device since
        enroll(session, session.get(User, learner.id), session.get(Course, owned.id))
    sign_in_storage(page.context, live_app.db_url, learner.email)
    stale = {"items": [{"id": owned.id, "title": owned.title, "price": 1}, {"id": other.id}], "savedForLater": []}
    page.context.add_init_script(f"window.localStorage.setItem('cart', {json.dumps(json.dumps(stale))});")
    page.goto("/cart")
    items = page.get_by_test_id("cart-item")
    expect(items).to_have_count(1)
    expect(items.get_by_role("link", name=other.title)).to_be_visible()
    # The price shown is the server's, not the one the browser held.
    expect(page.get_by_test_id("total")).to_have_text(total_text([other]))


def test_a_visitors_cart_joins_the_server_cart_at_login(page: Page, live_app):
    learner = new_learner(live_app.db_url, password="secret123")
    (course,) = demo_courses(live_app.db_url, 1, skip=6)
    open_course(page, course)
    page.get_by_role("button", name="Add To Cart").click()
    expect(toast(page, "Added to cart")).to_be_visible()
    stored = json.loads(page.evaluate("localStorage.getItem('cart')"))
    assert [i["id"] for i in stored["items"]] == [course.id]

    page.goto("/login")
    page.get_by_label("Email", exact=True).fill(learner.email)
    page.get_by_label("Password", exact=True).fill("secret123")
    page.get_by_role("button", name="Log In", exact=True).click()
    expect(page).not_to_have_url(re.compile(r"/login"))
    expect(cart_badge(page)).to_have_text("1")
    # The merge runs on the server after the redirect; the badge alone showed the browser's cart.
    wait_for(lambda: [i["id"] for i in server_cart(live_app.db_url, learner)["items"]] == [course.id])


def test_a_visitor_sees_their_cart_and_logs_in_at_checkout(page: Page, live_app):
    """Defect 9 (1280 px): a visitor who added to cart saw no cart; /cart sent them to log in."""
    learner = new_learner(live_app.db_url, password="secret123")
    first, second = demo_courses(live_app.db_url, 2, skip=24)
    for course in (first, second):
        open_course(page, course)
        page.get_by_role("button", name="Add To Cart").click()
        expect(toast(page, "Added to cart")).to_be_visible()
    page.goto("/cart")
    expect(page).to_have_url(re.compile(r"/cart$"))
    items = page.get_by_test_id("cart-item")
    expect(items).to_have_count(2)
    expect(items.first.get_by_role("link", name=first.title)).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text(total_text([first, second]))
    expect(page.get_by_test_id("guest-checkout-note")).to_be_visible()
    screenshot(page, "cart-visitor")

    page.get_by_role("link", name="Proceed to Checkout").click()
    expect(page).to_have_url(re.compile(r"/login\?next=/checkout"))
    page.get_by_label("Email", exact=True).fill(learner.email)
    page.get_by_label("Password", exact=True).fill("secret123")
    page.get_by_role("button", name="Log In", exact=True).click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    courses = page.get_by_role("region", name="Your Courses")
    expect(courses.get_by_role("listitem")).to_have_count(2)
    expect(page.get_by_test_id("total")).to_have_text(total_text([first, second]))
    wait_for(
        lambda: sorted(i["id"] for i in server_cart(live_app.db_url, learner)["items"]) == sorted([first.id, second.id])
    )


def test_a_visitors_buy_now_logs_in_and_checks_out_that_course_alone(page: Page, live_app):
    learner = new_learner(live_app.db_url, password="secret123")
    in_cart, bought = demo_courses(live_app.db_url, 2, skip=27)
    open_course(page, in_cart)
    page.get_by_role("button", name="Add To Cart").click()
    expect(toast(page, "Added to cart")).to_be_visible()
    open_course(page, bought)
    page.get_by_role("button", name="Buy Now").click()
    expect(page).to_have_url(re.compile(r"/login\?next=/checkout"))
    page.get_by_label("Email", exact=True).fill(learner.email)
    page.get_by_label("Password", exact=True).fill("secret123")
    page.get_by_role("button", name="Log In", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/checkout\?course={bought.id}$"))
    courses = page.get_by_role("region", name="Your Courses")
    expect(courses.get_by_role("listitem")).to_have_count(1)
    expect(courses.get_by_text(bought.title, exact=True)).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text(total_text([bought]))
    # The visitor's cart joined the account as it was, without the Buy Now course.
    wait_for(lambda: [i["id"] for i in server_cart(live_app.db_url, learner)["items"]] == [in_cart.id])


def test_a_visitors_cart_shows_the_prices_of_the_database(page: Page, live_app):
    (course,) = demo_courses(live_app.db_url, 1, skip=26)
    stale = {"items": [{"id": course.id, "title": "Cheap copy", "price": 1}], "savedForLater": []}
    page.context.add_init_script(f"window.localStorage.setItem('cart', {json.dumps(json.dumps(stale))});")
    page.goto("/cart")
    items = page.get_by_test_id("cart-item")
    expect(items).to_have_count(1)
    expect(items.get_by_role("link", name=course.title)).to_be_visible()
    expect(page.get_by_test_id("total")).to_have_text(total_text([course]))


def test_cart_on_a_phone(phone: Page, live_app):
    learner = new_learner(live_app.db_url)
    put_in_cart(live_app.db_url, learner, demo_courses(live_app.db_url, 2, skip=8))
    sign_in_storage(phone.context, live_app.db_url, learner.email)
    phone.goto("/cart")
    expect(phone.get_by_test_id("cart-item")).to_have_count(2)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "cart")


def test_the_badge_counts_the_cart_another_device_filled_on_any_page(page: Page, live_app):
    learner = new_learner(live_app.db_url)
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/profile2")
    expect(page.get_by_role("heading", name="My Courses")).to_be_visible()
    expect(cart_badge(page)).to_have_count(0)

    # The learner fills the cart on a phone; this browser never opens the cart page.
    first, second = demo_courses(live_app.db_url, 2, skip=20)
    put_in_cart(live_app.db_url, learner, [first, second])
    page.goto("/profile3")
    expect(cart_badge(page)).to_have_text("2")
    page.goto("/")
    expect(cart_badge(page)).to_have_text("2")

    # Removed on the phone: this browser's older copy must not bring it back, here or on the cart page.
    with Session(get_engine(live_app.db_url)) as session:
        cart.remove_from_cart(session, user_id=learner.id, course_id=first.id)
        session.commit()
    page.goto("/cart")
    expect(page.get_by_test_id("cart-item")).to_have_count(1)
    expect(cart_badge(page)).to_have_text("1")
    assert [item["id"] for item in server_cart(live_app.db_url, learner)["items"]] == [second.id]
