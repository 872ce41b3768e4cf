"""The production topology, tested: nginx terminating TLS in front of two app processes and a job worker, on
PostgreSQL and Redis, started from the shipped deploy/ files (see tests/e2e/production.py for how).

Driven like a learner would: browse from home to a course, sign in, buy it through the payment provider's
(local stand-in's) hosted page, find it under My Courses; chat between two people whose pages are served by
different app processes; and the login limits count each client's address, not the proxy's, and cannot be
fooled by a client's own X-Forwarded-For.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import uuid

import httpx
import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Category, Enrollment, Instructor, Order, User
from marketplace.demo.people import CATEGORIES
from marketplace.settings import PROJECT_ROOT
from tests.e2e.conftest import body_text, screenshot
from tests.e2e.helpers import log_in
from tests.e2e.production import DOORS, HOST, LOGIN_MAX_FAILURES_PER_IP, PUBLIC_URL, Topology, production_topology
from tests.factories import make_course, make_user

pytestmark = pytest.mark.production

WAIT = 20_000  # ms: a busy two-core machine, and a payment round trip
LIVE = 5_000  # ms: a chat message crossing processes (the chat tests hold the same path to a second)


@pytest.fixture(scope="module")
def site(inbox, tmp_path_factory) -> Topology:
    """The whole production topology, for this module's tests."""
    with production_topology(inbox, tmp_path_factory.mktemp("production")) as topology:
        yield topology


@pytest.fixture(scope="module")
def browsers(browser_type: BrowserType, browser_type_launch_args: dict, site: Topology):
    """Two Chromiums, each resolving the site's name to another of nginx's front doors: the first is served
    by app process A only, the second by app process B only (pages, API and websocket alike)."""
    launched = []
    for address in DOORS:
        args = [*browser_type_launch_args.get("args", []), f"--host-resolver-rules=MAP {HOST} {address}"]
        launched.append(browser_type.launch(**{**browser_type_launch_args, "args": args}))
    yield launched
    for browser in launched:
        browser.close()


def new_page(browser: Browser, site: Topology, sign_in: tuple[User, str] | None = None) -> Page:
    """A page of the site in a fresh context (the throw-away certificate accepted), signed in as ``(user,
    password)``: logged in through the site's API, the answer stored as the login form stores it (the servers
    sign tokens with their own SECRET_KEY, so the test cannot mint one)."""
    context = browser.new_context(
        base_url=PUBLIC_URL, ignore_https_errors=True, viewport={"width": 1280, "height": 900}
    )
    if sign_in is not None:
        user, password = sign_in
        with site.client(timeout=30) as client:
            answer = login(client, user.email, password)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        context.add_init_script(
            f"window.localStorage.setItem('token', {json.dumps(body['token'])});"
            f"window.localStorage.setItem('user', {json.dumps(json.dumps(body['user']))});"
        )
    return context.new_page()


def open_through(page: Page, path: str, door: str) -> None:
    """Open ``path`` and check which front door (so which app process) served it."""
    response = page.goto(path)
    assert response is not None and response.ok, response
    assert response.server_addr()["ipAddress"] == door
    assert response.security_details()["protocol"] in ("TLS 1.2", "TLS 1.3")


def person(site: Topology, first: str, *, password: str | None = None, teacher: bool = False) -> User:
    """A new verified user of the production database (a teacher gets an instructor profile)."""
    name = f"{first.lower()}{uuid.uuid4().hex[:8]}"
    with Session(get_engine(site.db_url), expire_on_commit=False) as session:
        user = make_user(
            session,
            password=password,
            email=f"{name}@example.com",
            username=name,
            first_name=first,
            last_name="Okafor" if teacher else "Bello",
            role="instructor" if teacher else "learner",
        )
        if teacher:
            session.add(Instructor(user_id=user.id, title="Data Scientist"))
            session.commit()
        return user


def test_an_empty_production_database_gets_the_categories_and_no_demo_accounts(site: Topology):
    """What the migrate unit (migrate, then seed) left in the empty database before anything else ran."""
    assert site.seeded == {
        "categories": sorted(c.name for c in CATEGORIES),
        "users": 0,  # no ada@example.com / tunde@example.com, whose passwords the README prints
        "courses": 0,
        "coupons": 0,  # nor the demo's working 10% code
    }


def test_nginx_serves_the_site_over_tls_and_sends_plain_http_to_the_public_url(site: Topology):
    for door in site.doors:
        with site.client(DOORS.index(door.address)) as client:
            home = client.get("/")
            assert home.status_code == 200
            assert "max-age=31536000" in home.headers["strict-transport-security"]  # nginx's
            assert "default-src 'self'" in home.headers["content-security-policy"]  # the app's own, passed on
            assert client.get("/api/health").json()
        plain = httpx.get(f"http://{door.address}:{door.http_port}/courses/1?x=1", headers={"Host": HOST})
        assert plain.status_code == 301
        assert plain.headers["location"] == f"{PUBLIC_URL}/courses/1?x=1"


def test_serve_refuses_a_front_end_built_for_another_address(site: Topology):
    """The websocket and uploads go to the URL the build names: served under another one, every page would
    talk to the wrong host, so `manage.py serve` stops with the reason instead."""
    from tests.e2e.production import WEB_DIR, unit_process_env

    env = unit_process_env("naija-learn.service", {**site.env, "PUBLIC_URL": "https://elsewhere.example.ng"})
    done = subprocess.run(
        [sys.executable, "-m", "marketplace.manage", "serve", "--host", "127.0.0.1", "--web-dir", str(WEB_DIR)],
        cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    assert f"built for {PUBLIC_URL}, but PUBLIC_URL is https://elsewhere.example.ng" in done.stderr


def test_browse_sign_in_buy_through_the_provider_and_find_it_under_my_courses(site: Topology, browsers):
    teacher = person(site, "Chidi", teacher=True)
    password = "a-learners-own-password"
    learner = person(site, "Amaka", password=password)
    title = f"Data Analysis in Lagos {uuid.uuid4().hex[:6]}"
    with Session(get_engine(site.db_url), expire_on_commit=False) as session:
        development = session.exec(select(Category).where(Category.name == "Development")).one()
        instructor = session.exec(select(Instructor).where(Instructor.user_id == teacher.id)).one()
        course = make_course(session, instructor=instructor, categories=[development], title=title)

    page = new_page(browsers[0], site)
    open_through(page, "/", DOORS[0])
    card = page.get_by_test_id("course-card").filter(has_text=title)
    expect(card).to_be_visible(timeout=WAIT)
    card.get_by_role("link", name=title).first.click()
    expect(page).to_have_url(re.compile(rf"/courses/{course.id}$"))
    expect(page.get_by_role("heading", name=title, exact=True).first).to_be_visible(timeout=WAIT)

    page.goto("/login")
    log_in(page, learner.email, password)
    expect(page.get_by_text("Login successful")).to_be_visible(timeout=WAIT)
    page.goto(f"/courses/{course.id}")
    page.get_by_role("button", name="Add To Cart").click()
    expect(page.get_by_test_id("shopping-cart-count")).to_have_text("1", timeout=WAIT)
    page.get_by_role("link", name="Cart", exact=True).click()
    page.get_by_role("link", name="Proceed to Checkout").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_label("Email")).to_have_value(learner.email)
    page.get_by_label("State").select_option("Lagos")
    page.get_by_role("button", name="Proceed to Checkout").click()

    # Flutterwave's hosted page (the local stand-in), then back to the shop as Flutterwave sends people back.
    expect(page.get_by_role("heading", name=re.compile("Flutterwave checkout"))).to_be_visible(timeout=WAIT)
    assert page.url.startswith(f"{site.standin.base}/flutterwave/hosted/NL-")
    screenshot(page, "production-provider")
    page.get_by_role("button", name="Pay now").click()
    expect(page).to_have_url(re.compile(r"/order1\?ref=NL-"), timeout=WAIT)
    expect(page.get_by_role("heading", name="Order Complete")).to_be_visible(timeout=WAIT)
    page.get_by_role("link", name="My Courses").first.click()
    expect(page).to_have_url(re.compile(r"/profile2$"))
    expect(page.get_by_text(title).first).to_be_visible(timeout=WAIT)
    screenshot(page, "production-my-courses")
    page.context.close()

    with Session(get_engine(site.db_url)) as session:
        (order,) = session.exec(select(Order).where(Order.user_id == learner.id)).all()
        assert (order.status, order.provider) == ("paid", "flutterwave")
        assert session.exec(select(Enrollment).where(Enrollment.user_id == learner.id)).one().course_id == course.id
    # The provider's webhook reached the app through nginx and was accepted; the receipt was mailed by the job
    # worker (the app servers run no jobs here), which also re-asked the provider about the charge.
    assert [status for status, _ in site.standin.webhook_answers] == [200]
    assert title in body_text(site.inbox.wait_for(learner.email, timeout=30))
    verified = [path for method, path, _ in site.standin.requests if method == "GET" and "verify" in path]
    assert verified


def send(page: Page, text: str) -> None:
    box = page.get_by_label("Your message")
    box.fill(text)
    box.press("Enter")


def test_chat_crosses_app_processes(site: Topology, browsers):
    """The learner's page (pages and websocket) is served by app process A, the teacher's by process B: each
    message appears live on the other side only by crossing processes through Redis."""
    learner = person(site, "Tolu", password="tolu-password")
    teacher = person(site, "Ngozi", password="ngozi-password", teacher=True)
    learner_page = new_page(browsers[0], site, (learner, "tolu-password"))
    open_through(learner_page, f"/profile5/{teacher.id}", DOORS[0])
    send(learner_page, "Good morning, is the data course for beginners?")
    expect(learner_page.get_by_test_id("message-mine")).to_have_text(re.compile("for beginners"), timeout=WAIT)

    teacher_page = new_page(browsers[1], site, (teacher, "ngozi-password"))
    open_through(teacher_page, f"/profile5/{learner.id}", DOORS[1])
    expect(teacher_page.get_by_test_id("message-theirs")).to_have_text(re.compile("for beginners"), timeout=WAIT)

    send(teacher_page, "Yes! Start with lesson one.")  # B → A
    expect(learner_page.get_by_test_id("message-theirs")).to_have_text(re.compile("lesson one"), timeout=LIVE)
    send(learner_page, "Thank you, I will enrol today.")  # A → B
    expect(teacher_page.get_by_test_id("message-theirs").last).to_have_text(re.compile("enrol today"), timeout=LIVE)
    learner_page.context.close()
    teacher_page.context.close()

    # Each page's websocket went through its own door (nginx logs a websocket when it closes: 101, Switching
    # Protocols), and so to its own app process.
    for door in site.doors:
        expect_log = re.compile(r'"GET /_event/?\S* HTTP/1\.1" 101 ')
        for _ in range(50):
            if expect_log.search(door.access_log()):
                break
            time.sleep(0.1)
        assert expect_log.search(door.access_log()), f"no websocket through {door.address}"


def login(client: httpx.Client, email: str, password: str, **headers: str) -> httpx.Response:
    return client.post("/api/auth/login", json={"email": email, "password": password}, headers=headers)


def test_login_limits_count_each_clients_address_not_the_proxys(site: Topology):
    """Clients at 127.0.0.4, .5 and .6 (all through nginx, whose own address towards the app is 127.0.0.1 for
    every one of them): the app counts failures by the address nginx appends to X-Forwarded-For."""
    password = "the-right-password"
    owner = person(site, "Kemi", password=password)
    guesser, neighbour, framer = (site.client(0, f"127.0.0.{n}", timeout=30) for n in (4, 5, 6))

    # One address fails on many accounts (never the same one twice, so no account limit is involved) ...
    for n in range(LOGIN_MAX_FAILURES_PER_IP):
        assert login(guesser, f"nobody{n}-{uuid.uuid4().hex[:6]}@example.com", "wrong").status_code == 401
    # ... and is refused, even with the right password, and through the other door (app process B) too.
    refused = login(guesser, owner.email, password)
    assert refused.status_code == 429, refused.text
    with site.client(1, "127.0.0.4", timeout=30) as same_guesser_other_door:
        assert login(same_guesser_other_door, owner.email, password).status_code == 429
    # Writing another address into X-Forwarded-For does not get it out: nginx appends the real one, which the
    # app (TRUSTED_PROXY_HOPS=1) takes.
    assert login(guesser, owner.email, password, **{"X-Forwarded-For": "127.0.0.5"}).status_code == 429

    # Another client is not limited by it: the proxy's address was not what counted.
    signed_in = login(neighbour, owner.email, password)
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["token"]

    # Nor can a client get another address locked out by naming it in X-Forwarded-For: its failures count
    # against its own address.
    for n in range(LOGIN_MAX_FAILURES_PER_IP):
        spoofed = {"X-Forwarded-For": "127.0.0.5"}
        assert login(framer, f"nobody{n}-{uuid.uuid4().hex[:6]}@example.com", "wrong", **spoofed).status_code == 401
    assert login(framer, owner.email, password).status_code == 429
    assert login(neighbour, owner.email, password).status_code == 200
    for client in (guesser, neighbour, framer):
        client.close()
