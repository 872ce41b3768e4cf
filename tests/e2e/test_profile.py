"""Profile pages in a real browser: settings that persist, Saving... and Uploading... while the server works, the
picture (a real PNG, a fake one refused), the sidebar's name (or Guest), the Teachers list with search and the
learner's own teachers first, and saved-for-later with Move to Cart."""

from __future__ import annotations

import io
import re

from PIL import Image
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, col, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course, Instructor, User
from marketplace.domain import cart
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import button_looks, sign_in_storage, watch_button
from tests.e2e.test_chat import new_person, open_as
from tests.factories import enroll

VALUES = {
    "First Name": "Adaeze",
    "Last Name": "Nwosu",
    "Headline": "Product designer in Enugu",
    "Description": "I design banking apps and I am learning data analysis.",
    "LinkedIn": "https://www.linkedin.com/in/adaeze",
    "YouTube": "https://www.youtube.com/@adaeze",
    "Facebook": "https://www.facebook.com/adaeze",
    "Website": "https://adaeze.example.com",
    "X": "https://x.com/adaeze",
}


def toast(page: Page, text: str):
    """A toast with exactly this text."""
    return page.locator("[data-sonner-toast]").get_by_text(text, exact=True).first


def stored(db_url: str, user_id: int) -> User:
    """The user as the database holds it now."""
    with Session(get_engine(db_url), expire_on_commit=False) as session:
        return session.get(User, user_id)


def test_every_profile_field_persists_and_links_are_checked(page: Page, live_app):
    learner = new_person(live_app.db_url, "Ada")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Ada")

    page.get_by_label("LinkedIn").fill("https://example.com/adaeze")
    page.get_by_role("button", name="Save").click()
    # The error stands under the field and is its accessible description (a toast says it too).
    expect(page.get_by_label("LinkedIn")).to_have_accessible_description(
        "Please enter a valid LinkedIn link, like https://www.linkedin.com/in/yourname."
    )
    assert stored(live_app.db_url, learner.id).linkedin == ""

    for label, value in VALUES.items():
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_label("Language").select_option("french")
    page.get_by_role("button", name="Save").click()
    expect(toast(page, "Profile updated successfully.")).to_be_visible()
    expect(page.get_by_test_id("sidebar-name")).to_have_text("Adaeze Nwosu")

    page.reload()
    for label, value in VALUES.items():
        expect(page.get_by_label(label, exact=True)).to_have_value(value)
    expect(page.get_by_label("Language")).to_have_value("french")
    user = stored(live_app.db_url, learner.id)
    assert (user.first_name, user.headline, user.language, user.x) == (
        "Adaeze",
        "Product designer in Enugu",
        "french",
        "https://x.com/adaeze",
    )
    screenshot(page, "profile-settings")

    page.goto("/profile")
    expect(page.get_by_text("Nothing saved for later yet")).to_be_visible()
    screenshot(page, "wishlist")


def test_save_shows_saving_then_profile_updated(page: Page, live_app):
    """The spec's profile save: idle, saving (the button says so and cannot be pressed again), then the message."""
    learner = new_person(live_app.db_url, "Emeka")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Emeka")
    page.get_by_label("Headline").fill("Accountant in Aba")
    save = page.get_by_role("button", name="Save")
    watch_button(save)
    save.click()
    expect(toast(page, "Profile updated successfully.")).to_be_visible()
    expect(page.get_by_role("button", name="Save")).to_be_enabled()

    looks = button_looks(page)  # the button pressed; the form is drawn anew once saved
    assert looks[0] == {"text": "Save", "disabled": False, "toasts": 0}, looks
    assert {"text": "Saving...", "disabled": True, "toasts": 0} in looks, looks  # before any message showed
    assert stored(live_app.db_url, learner.id).headline == "Accountant in Aba"


def test_a_phone_sized_picture_shows_uploading_until_it_is_saved(page: Page, live_app, tmp_path):
    learner = new_person(live_app.db_url, "Kemi")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    photo = io.BytesIO()  # 12 megapixels, as a phone camera saves: decoding it takes the server a moment
    Image.linear_gradient("L").resize((4000, 3000)).convert("RGB").save(photo, "PNG")
    (tmp_path / "photo.png").write_bytes(photo.getvalue())

    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Kemi")
    button = page.get_by_role("button", name="Upload picture")
    watch_button(button)
    page.locator("input[type=file]").set_input_files(str(tmp_path / "photo.png"))
    expect(toast(page, "Profile updated successfully.")).to_be_visible()
    expect(button).to_have_text("Upload picture")
    looks = button_looks(page)
    assert looks[0]["text"] == "Upload picture", looks
    assert any(look["text"] == "Uploading..." and look["toasts"] == 0 for look in looks), looks
    assert looks[-1]["text"] == "Upload picture", looks
    assert stored(live_app.db_url, learner.id).profile_picture.endswith(".webp")


def test_the_sidebar_says_guest_without_a_name_and_the_full_name_once_known(page: Page, live_app):
    """The sidebar names the user the browser keeps. Every way to make an account needs a first name (sign-up,
    the profile form, Google's given name or else the username), so a kept user without names can only be an older
    record in the browser: the sidebar then says Guest, and a profile save brings the full name back."""
    learner = new_person(live_app.db_url, "Obiageli")  # Obiageli Bello
    sign_in_storage(page.context, live_app.db_url, learner.email, stored_fields={"firstName": "", "lastName": ""})
    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Obiageli")  # the server's record has the name
    expect(page.get_by_test_id("sidebar-name")).to_have_text("Guest")
    expect(page.get_by_label("Account menu")).to_contain_text("?")  # no initials either

    page.get_by_role("button", name="Save").click()
    expect(toast(page, "Profile updated successfully.")).to_be_visible()
    expect(page.get_by_test_id("sidebar-name")).to_have_text("Obiageli Bello")
    expect(page.get_by_label("Account menu")).to_contain_text("OB")


def test_picture_upload_shows_in_header_and_a_fake_png_is_refused(page: Page, live_app, tmp_path):
    learner = new_person(live_app.db_url, "Ifeoma")
    sign_in_storage(page.context, live_app.db_url, learner.email)
    picture = io.BytesIO()
    Image.new("RGB", (640, 400), (37, 99, 235)).save(picture, "PNG")
    (tmp_path / "me.png").write_bytes(picture.getvalue())
    (tmp_path / "fake.png").write_bytes(b"this is a text file wearing a .png name\n" * 20)

    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Ifeoma")
    page.locator("input[type=file]").set_input_files(str(tmp_path / "fake.png"))
    expect(page.get_by_text("Please choose an image file (PNG, JPEG, WebP or GIF).").first).to_be_visible()
    assert stored(live_app.db_url, learner.id).profile_picture == ""

    page.locator("input[type=file]").set_input_files(str(tmp_path / "me.png"))
    expect(toast(page, "Profile updated successfully.")).to_be_visible()
    header_avatar = page.get_by_label("Account menu").locator("img")
    expect(header_avatar).to_have_attribute("src", re.compile(r"^/api/media/avatars/.+\.webp$"))
    url = stored(live_app.db_url, learner.id).profile_picture
    assert header_avatar.get_attribute("src") == url
    assert page.request.get(live_app.api(url)).headers["content-type"] == "image/webp"
    expect(page.get_by_text("Please choose an image file (PNG, JPEG, WebP or GIF).")).to_have_count(0)


def test_teachers_mine_first_search_and_message(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Zainab")
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        course = session.exec(select(Course).order_by(col(Course.id).desc())).first()
        instructor = session.get(Instructor, course.instructor_id)
        teacher = session.get(User, instructor.user_id)
        enroll(session, session.get(User, learner.id), course)
    page = open_as(browser, live_app, learner, "/profile4")
    cards = page.get_by_test_id("teacher-card")
    expect(cards.first).to_contain_text(f"{teacher.first_name} {teacher.last_name}")
    expect(cards.first).to_contain_text("Your teacher")
    assert cards.count() <= 6
    screenshot(page, "teachers")

    page.get_by_label("Search teachers by name").fill(teacher.last_name)
    expect(cards.first).to_contain_text(teacher.last_name)
    page.get_by_label("Search teachers by name").fill("zzzz-nobody")
    expect(page.get_by_text("No mentors found")).to_be_visible()
    page.get_by_label("Search teachers by name").fill(teacher.first_name)
    card = cards.filter(has_text=f"{teacher.first_name} {teacher.last_name}").first
    card.get_by_role("link", name=re.compile("^Message")).click()
    expect(page).to_have_url(re.compile(rf"/profile5/{teacher.id}$"))
    expect(page.get_by_role("heading", name=f"{teacher.first_name} {teacher.last_name}")).to_be_visible()
    page.context.close()


def test_saved_for_later_moves_to_cart(browser: Browser, live_app):
    learner = new_person(live_app.db_url, "Musa")
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        course = session.exec(select(Course).order_by(col(Course.id))).first()
        cart.save_for_later(session, user_id=learner.id, course_id=course.id)
        session.commit()
    page = open_as(browser, live_app, learner, "/profile", width=390)
    expect(page.get_by_text(course.title)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "wishlist")
    page.get_by_role("button", name=f"Move {course.title} to cart").click()
    expect(toast(page, "Moved back to cart")).to_be_visible()
    expect(page.get_by_text("Nothing saved for later yet")).to_be_visible()
    expect(page.get_by_test_id("shopping-cart-count")).to_have_text("1")
    with Session(get_engine(live_app.db_url)) as session:
        assert [i.id for i in cart.get_cart(session, user_id=learner.id).items] == [course.id]
    page.goto("/profile1")
    expect(page.get_by_label("First Name")).to_have_value("Musa")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "profile-settings")
    page.goto("/profile4")
    expect(page.get_by_test_id("teacher-card").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "teachers")
    page.context.close()


def test_the_sidebar_and_the_avatar_menu_lead_to_every_profile_page(page: Page, live_app):
    learner = new_person(live_app.db_url, "Chiamaka")  # Chiamaka Bello
    sign_in_storage(page.context, live_app.db_url, learner.email)
    page.goto("/profile4")
    sidebar = page.get_by_role("navigation", name="Profile")
    expect(sidebar.get_by_role("link")).to_have_text(["Profile", "My Courses", "Teachers", "Message", "My Reviews"])
    expect(sidebar.get_by_role("link", name="Teachers")).to_have_attribute("aria-current", "page")
    expect(sidebar.get_by_role("link", name="Profile")).not_to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("sidebar-name")).to_have_text("Chiamaka Bello")

    avatar = page.get_by_label("Account menu")
    expect(avatar).to_contain_text("CB")  # the initials of first and last name
    avatar.click()
    menu = page.locator("[data-menu]", has=avatar)
    expect(menu.get_by_role("link")).to_have_text(
        ["Home", "Profile", "My Courses", "My orders", "Teachers", "Message", "My Reviews", "Teach on Naija Learn"]
    )
    expect(menu.get_by_role("button", name="Logout")).to_be_visible()
    menu.get_by_role("link", name="My Reviews").click()
    expect(page).to_have_url(re.compile(r"/profile3/?$"))
    expect(sidebar.get_by_role("link", name="My Reviews")).to_have_attribute("aria-current", "page")
    sidebar.get_by_role("link", name="Message").click()
    expect(page).to_have_url(re.compile(r"/profile5/?$"))
    expect(sidebar.get_by_role("link", name="Message")).to_have_attribute("aria-current", "page")
