"""The pages work under the Content-Security-Policy: nothing they load or run is refused, and they render.

Every answer carries the policy (marketplace.web_security); Chromium reports each refusal as a
``securitypolicyviolation`` event and a "Refused to ..." console message. Both are collected from the first
byte of each page on, through its hydration and websocket connection.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import Course

WAIT = 15_000  # ms: a busy machine may take a while to draw a page

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def watched(page):
    """The page, recording policy violations; the test fails on any."""
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Refused to" in m.text else None)
    page.add_init_script(RECORD_VIOLATIONS)
    yield page
    refused += page.evaluate("window.__cspViolations || []")
    assert refused == []


def _first_course(live_app) -> Course:
    with Session(get_engine(live_app.db_url), expire_on_commit=False) as session:
        return session.exec(select(Course).order_by(Course.id)).first()


def test_pages_carry_the_policy(page):
    response = page.goto("/")
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["x-frame-options"] == "DENY"


def test_home_renders_under_the_policy(watched):
    watched.goto("/")
    expect(watched.get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)


def test_categories_render_under_the_policy(watched):
    watched.goto("/categories")
    expect(watched.get_by_test_id("course-card").first).to_be_visible(timeout=WAIT)


def test_login_renders_and_connects_under_the_policy(watched):
    watched.goto("/login")
    button = watched.get_by_role("button", name="Log In", exact=True)
    expect(button).to_be_visible(timeout=WAIT)
    # The Google button is enabled once the page has hydrated over the websocket.
    expect(watched.get_by_role("button", name=re.compile("Google"))).to_be_enabled(timeout=WAIT)


def test_a_course_page_renders_under_the_policy(watched, live_app):
    course = _first_course(live_app)
    watched.goto(f"/courses/{course.id}")
    expect(watched.get_by_role("heading", level=1, name=course.title)).to_be_visible(timeout=WAIT)
    expect(watched.get_by_role("button", name="Copy link")).to_be_visible(timeout=WAIT)
