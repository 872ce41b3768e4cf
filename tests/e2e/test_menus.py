"""The header's menus (issue 16, defect 8): the avatar menu at 1280 px and the phone menu at 390 px close on an
outside click, on Escape and when focus leaves them; keyboard users open and walk them; opening one sends nothing
to the server (a menu must open at once on a slow network)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot
from tests.e2e.helpers import DEMO_LEARNER, sign_in_storage

WAIT = 15_000  # ms: a busy machine may take a while to draw a page


@pytest.fixture
def desktop(browser, base_url, live_app):
    """A signed-in learner's page at 1280 px, its header drawn."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    sign_in_storage(context, live_app.db_url, DEMO_LEARNER[0])
    page = context.new_page()
    page.goto("/faq")
    expect(page.get_by_label("Account menu", exact=True)).to_be_visible(timeout=WAIT)
    yield page
    context.close()


@pytest.fixture
def guest_phone(phone):
    """A visitor's page at 390 px, its header drawn."""
    phone.goto("/faq")
    expect(phone.get_by_role("heading", name="Frequently asked questions")).to_be_visible(timeout=WAIT)
    expect(phone.get_by_label("Menu", exact=True)).to_be_visible()
    return phone


class Menu:
    """A header menu as a person meets it: its trigger, and one of its links that shows only while it is open."""

    def __init__(self, page: Page, label: str, sample: str) -> None:
        self.page = page
        self.header = page.locator("header")
        self.trigger = page.get_by_label(label, exact=True)
        self.sample = self.link(sample)

    def link(self, name: str):
        return self.header.get_by_role("link", name=name, exact=True)

    def expect_open(self) -> None:
        expect(self.sample).to_be_visible()

    def expect_closed(self) -> None:
        expect(self.sample).to_be_hidden()


def _account(page: Page) -> Menu:
    return Menu(page, "Account menu", "Profile")


def _phone_menu(page: Page) -> Menu:
    return Menu(page, "Menu", "Log In")


# --- the avatar menu, 1280 px ---------------------------------------------------------------------------------


def test_avatar_menu_is_a_button_naming_its_panel_and_lists_my_orders(desktop):
    menu = _account(desktop)
    button, panel = desktop.get_by_role("button", name="Account menu"), desktop.locator("#account-menu")
    expect(button).to_have_attribute("aria-controls", "account-menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    menu.expect_closed()
    button.click()
    menu.expect_open()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(panel.get_by_role("link", name="My orders")).to_have_attribute("href", "/orders")
    labels = [text.strip() for text in panel.get_by_role("link").all_inner_texts() if text.strip()]
    assert labels == [
        "Home",
        "Profile",
        "My Courses",
        "My orders",
        "Teachers",
        "Message",
        "My Reviews",
        "Teach on Naija Learn",
    ]
    expect(panel.get_by_role("button", name="Logout")).to_be_visible()
    screenshot(desktop, "account-menu-open")
    button.click()  # the button closes what it opened
    menu.expect_closed()
    expect(button).to_have_attribute("aria-expanded", "false")


def test_avatar_menu_closes_on_a_click_outside(desktop):
    menu = _account(desktop)
    menu.trigger.click()
    menu.expect_open()
    desktop.get_by_role("heading", name="Frequently asked questions").click()
    menu.expect_closed()


def test_avatar_menu_stays_open_for_a_click_on_its_own_title(desktop):
    menu = _account(desktop)
    menu.trigger.click()
    menu.expect_open()
    menu.header.get_by_text("Ada Okafor").click()
    desktop.wait_for_timeout(200)
    menu.expect_open()


def test_avatar_menu_closes_on_escape_and_gives_focus_back(desktop):
    menu = _account(desktop)
    menu.trigger.click()
    menu.expect_open()
    menu.link("Profile").focus()
    desktop.keyboard.press("Escape")
    menu.expect_closed()
    expect(menu.trigger).to_be_focused()


def test_avatar_menu_opens_and_walks_by_keyboard_and_closes_when_focus_leaves(desktop):
    menu = _account(desktop)
    menu.trigger.focus()
    desktop.keyboard.press("Enter")
    menu.expect_open()
    desktop.keyboard.press("Tab")  # the panel follows its button: Tab walks into it
    expect(menu.link("Home")).to_be_focused()
    desktop.keyboard.press("ArrowDown")
    expect(menu.link("Profile")).to_be_focused()  # Categories is a phone-only entry
    desktop.keyboard.press("End")
    logout = menu.header.get_by_role("button", name="Logout")
    expect(logout).to_be_focused()
    desktop.keyboard.press("ArrowDown")  # wraps round
    expect(menu.link("Home")).to_be_focused()
    desktop.keyboard.press("ArrowUp")
    expect(logout).to_be_focused()
    desktop.keyboard.press("Tab")  # past the last entry: focus leaves the menu, which closes
    menu.expect_closed()


def test_arrow_down_on_the_avatar_opens_at_the_first_link(desktop):
    menu = _account(desktop)
    menu.trigger.focus()
    desktop.keyboard.press("ArrowDown")
    menu.expect_open()
    expect(menu.link("Home")).to_be_focused()


def test_opening_a_menu_sends_nothing_to_the_server(desktop):
    sent: list[str] = []
    desktop.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    desktop.reload()  # watch the socket from its start
    menu = _account(desktop)
    expect(menu.trigger).to_be_visible(timeout=WAIT)
    desktop.wait_for_timeout(1_500)  # hydration and the header's own loading are done

    def events() -> int:
        return len([frame for frame in sent if frame.startswith("42")])  # socket.io events, not pings

    before = events()
    assert before > 0  # the socket was watched: hydration itself is an event
    menu.trigger.click()
    menu.expect_open()
    menu.trigger.click()
    menu.expect_closed()
    desktop.wait_for_timeout(300)
    assert events() == before


# --- the phone menu, 390 px -----------------------------------------------------------------------------------


def test_phone_menu_is_a_button_naming_its_panel(guest_phone):
    button = guest_phone.get_by_role("button", name="Menu", exact=True)
    expect(button).to_have_attribute("aria-controls", "phone-menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(guest_phone.locator("#phone-menu").get_by_role("link", name="Log In")).to_be_visible()


def test_phone_menu_closes_on_a_tap_outside(guest_phone):
    menu = _phone_menu(guest_phone)
    menu.trigger.click()
    menu.expect_open()
    screenshot(guest_phone, "phone-menu-open")
    guest_phone.mouse.click(195, 700)  # the page below the open panel
    menu.expect_closed()


def test_phone_menu_closes_on_escape_and_gives_focus_back(guest_phone):
    menu = _phone_menu(guest_phone)
    menu.trigger.click()
    menu.expect_open()
    menu.link("Categories").focus()
    guest_phone.keyboard.press("Escape")
    menu.expect_closed()
    expect(menu.trigger).to_be_focused()


def test_phone_menu_walks_by_keyboard_and_closes_when_focus_leaves(guest_phone):
    menu = _phone_menu(guest_phone)
    menu.trigger.focus()
    guest_phone.keyboard.press("Enter")
    menu.expect_open()
    guest_phone.keyboard.press("Tab")
    expect(menu.header.get_by_role("combobox", name="Search courses")).to_be_focused()
    guest_phone.keyboard.press("Tab")
    expect(menu.link("Categories")).to_be_focused()
    guest_phone.keyboard.press("ArrowDown")
    expect(menu.link("Teach on Naija Learn")).to_be_focused()
    guest_phone.keyboard.press("End")
    expect(menu.link("Sign Up")).to_be_focused()
    guest_phone.keyboard.press("Tab")  # on to the logo and the page: the menu closes behind
    menu.expect_closed()


def test_phone_menu_link_goes_where_it_says(guest_phone):
    menu = _phone_menu(guest_phone)
    menu.trigger.click()
    menu.link("Log In").click()
    expect(guest_phone).to_have_url(re.compile(r"/login/?$"))


def test_signed_in_phone_account_menu_has_my_orders_and_closes_outside(phone, live_app):
    sign_in_storage(phone.context, live_app.db_url, DEMO_LEARNER[0])
    phone.goto("/faq")
    menu = _account(phone)
    expect(menu.trigger).to_be_visible(timeout=WAIT)
    menu.trigger.click()
    menu.expect_open()
    expect(menu.link("My orders")).to_have_attribute("href", "/orders")
    expect(menu.link("Categories")).to_be_visible()  # the phone's way to the catalog
    box, width = menu.link("My orders").bounding_box(), phone.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # the panel fits on the screen
    screenshot(phone, "account-menu-open")
    phone.mouse.click(195, 700)
    menu.expect_closed()
