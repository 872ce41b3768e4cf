"""Issue 17's whole journey in a real browser: a learner becomes an instructor on /teach, writes a course with a
thumbnail and an uploaded video (the upload interrupted once and resumed from the server's offset), publishes it;
it shows in the listing and in search; another learner buys it with the sandbox and watches it; the instructor's
earnings show the sale split 70/30; unpublishing hides it from the catalog but not from the buyer."""

from __future__ import annotations

import os
import re
import uuid
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import av
import pytest
from playwright.sync_api import Browser, Page, Route, expect
from sqlmodel import Session, select

from marketplace.db.engine import get_engine
from marketplace.db.models import EarningEntry, Enrollment
from marketplace.domain.pricing import price_kobo
from marketplace.money import format_naira, to_kobo
from tests.e2e.conftest import screenshot
from tests.e2e.helpers import wait_for
from tests.e2e.test_cart import new_learner
from tests.e2e.test_chat import new_person, open_as
from tests.e2e.test_checkout import PAY_TIMEOUT, fill_billing, proceed_to_sandbox
from tests.e2e.test_studio import add_section, course_in_db, create_course, png_bytes

pytestmark = pytest.mark.usefixtures("patient_expect")

CHUNK = 1024 * 1024  # the uploader's chunk (components/studio_upload.py DEFAULT_CHUNK_BYTES)
PRICE_KOBO = 5_000 * 100


def noisy_video(path: Path, frames: int = 30) -> Path:
    """A real WebM (VP8, which Chromium plays) of random frames: they hardly compress, about 2.8 MB, three chunks."""
    with av.open(str(path), "w") as container:
        stream = container.add_stream("libvpx", rate=25)
        stream.width, stream.height, stream.pix_fmt, stream.bit_rate = 320, 240, "yuv420p", 20_000_000
        for _ in range(frames):
            frame = av.VideoFrame(320, 240, "yuv420p")
            for plane in frame.planes:
                plane.update(os.urandom(plane.buffer_size))
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    assert path.stat().st_size > 2 * CHUNK
    return path


class Interruption:
    """Watches the video's PATCH requests and drops the second one, as a phone losing signal mid-chunk."""

    def __init__(self) -> None:
        self.offsets: list[int] = []
        self.heads = 0
        self.dropped = False

    def __call__(self, route: Route) -> None:
        request = route.request
        if request.method == "HEAD":
            self.heads += 1
        if request.method == "PATCH":
            self.offsets.append(int(request.headers["upload-offset"]))
            if len(self.offsets) == 2 and not self.dropped:
                self.dropped = True
                route.abort("connectionreset")
                return
        route.continue_()


def becomes_instructor(browser: Browser, live_app) -> Page:
    """A signed-in learner fills /teach's form and arrives in the studio."""
    learner = new_person(live_app.db_url, "Funke")
    page = open_as(browser, live_app, learner, "/teach")
    expect(page.get_by_role("heading", name="Your teacher profile")).to_be_visible()
    page.get_by_label("Title").fill("Textile artist")
    page.get_by_label("About you").fill("Twenty years of adire in Abeokuta; I teach it the way my mother taught me.")
    page.get_by_label("Expertise").fill("Adire, Natural dyes")
    page.get_by_role("button", name="Become an instructor").click()
    page.get_by_role("link", name="Go to your studio").click()
    expect(page).to_have_url(re.compile(r"/studio/?$"))
    expect(page.get_by_text("You have no courses yet")).to_be_visible()
    return page


def writes_and_publishes(page: Page, live_app, title: str, video: Path) -> int:
    """From the empty studio to a published course with a thumbnail and an uploaded video."""
    page.get_by_role("link", name="Create your first course").click()
    course_id = create_course(page, title)
    page.get_by_label("Description").fill("Fold, tie and dye cotton with indigo, the Abeokuta way, at home.")
    page.get_by_label("Price (₦)").fill("5000")
    page.get_by_label("Price (₦)").blur()
    expect(page.get_by_test_id("save-status")).to_have_text("All changes saved")
    page.get_by_label("Design", exact=True).check()
    add_section(page, "Folding and tying the cloth")
    section = page.get_by_test_id("studio-section").nth(0)

    interruption = Interruption()
    page.route("**/api/uploads/videos**", interruption)
    section.get_by_label("Upload a video").set_input_files(video)
    expect(section.get_by_text("Video ready.")).to_be_visible(timeout=90_000)
    expect(section.get_by_text("Uploaded video ready")).to_be_visible(timeout=30_000)  # the editor reloaded
    # The second chunk was dropped, then sent again from the offset the server reported (a HEAD after the
    # failure), not from the start: 0, 1 MB (dropped), 1 MB again, 2 MB.
    assert interruption.dropped and interruption.heads >= 1
    assert interruption.offsets[:4] == [0, CHUNK, CHUNK, 2 * CHUNK], interruption.offsets
    page.unroute("**/api/uploads/videos**")

    page.get_by_label("Thumbnail file").set_input_files(
        {"name": "adire.png", "mimeType": "image/png", "buffer": png_bytes()}
    )
    expect(page.get_by_role("img", name="Course thumbnail")).to_have_attribute(
        "src", re.compile(r"/api/media/images/[0-9a-f-]+\.webp")
    )
    page.get_by_role("button", name="Publish", exact=True).click()
    expect(page.get_by_test_id("editor-status")).to_have_text("Published")
    assert course_in_db(live_app.db_url, course_id).status == "published"
    screenshot(page, "studio-journey-published")
    return course_id


def expect_in_catalog(page: Page, title: str, word: str, shown: bool) -> None:
    """The course is (or is not) found by searching ``word`` and on the listing's newest-first first page."""
    page.goto(f"/search?q={word}")
    expect(page.get_by_role("heading", name=f'Results for "{word}"', level=1)).to_be_visible()
    expect(page.get_by_test_id("result-count")).to_have_text("1 course" if shown else "0 courses")
    cards = page.get_by_test_id("course-grid").get_by_test_id("course-card").get_by_role("heading")
    expect(cards.filter(has_text=title)).to_have_count(1 if shown else 0)
    page.goto("/courses?sort=newest")
    expect(cards.first).to_be_visible()
    if shown:
        expect(cards.first).to_have_text(title)  # the newest course of the catalog
    else:
        expect(cards.first).not_to_have_text(title)
        expect(cards.filter(has_text=title)).to_have_count(0)


def buys_and_watches(browser: Browser, live_app, course_id: int, title: str) -> Page:
    """Another learner buys the course with the sandbox's card and plays its uploaded video."""
    buyer = new_learner(live_app.db_url)
    page = open_as(browser, live_app, buyer, f"/courses/{course_id}")
    expect(page.get_by_role("heading", name=title, exact=True).first).to_be_visible()
    page.get_by_role("button", name="Buy Now").click()
    expect(page).to_have_url(re.compile(rf"/checkout\?course={course_id}$"))
    fill_billing(page)
    proceed_to_sandbox(page)
    page.get_by_role("button", name="Pay by card").click()
    expect(page).to_have_url(re.compile(r"/order1\?ref=NL-"), timeout=PAY_TIMEOUT)
    with Session(get_engine(live_app.db_url)) as session:
        assert session.exec(
            select(Enrollment).where(Enrollment.user_id == buyer.id, Enrollment.course_id == course_id)
        ).first()
    plays(page, course_id)
    return page


def plays(page: Page, course_id: int) -> None:
    """The player shows the uploaded video and the browser reads its metadata (the served file really plays)."""
    page.goto(f"/order-complete/{course_id}")
    video = page.get_by_test_id("video-area").locator("video")
    expect(video).to_be_visible()
    wait_for(lambda: video.evaluate("v => v.readyState") >= 1, timeout=30)
    assert "/api/media/videos/" in video.evaluate("v => v.currentSrc")


def test_a_learner_teaches_sells_and_unpublishes_a_course(browser: Browser, live_app, tmp_path):
    word = f"adire{uuid.uuid4().hex[:6]}"
    title = f"Adire dyeing at home {word}"
    teacher = becomes_instructor(browser, live_app)
    course_id = writes_and_publishes(teacher, live_app, title, noisy_video(tmp_path / "folding.webm"))
    expect_in_catalog(teacher, title, word, shown=True)

    buyer = buys_and_watches(browser, live_app, course_id, title)

    # The sale in the instructor's earnings: what the buyer paid for the course (₦5,000 less the site's discount;
    # tax is not the instructor's), 30% of it to the platform (half up, to the kobo), the rest theirs.
    totals = price_kobo([PRICE_KOBO])
    paid = to_kobo(totals.subtotal - totals.discount - totals.coupon_discount)
    fee = int((Decimal(paid) * 30 / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    with Session(get_engine(live_app.db_url)) as session:
        (entry,) = session.exec(select(EarningEntry).where(EarningEntry.course_id == course_id)).all()
    assert (entry.paid_kobo, entry.fee_kobo, entry.net_kobo) == (paid, fee, paid - fee)
    teacher.goto("/studio/earnings")
    sale = teacher.get_by_test_id("sales").locator("tbody tr").first
    expect(sale).to_contain_text(title)
    for amount in (paid, fee, paid - fee):
        expect(sale).to_contain_text(format_naira(amount))
    screenshot(teacher, "studio-journey-earnings")
    teacher.goto("/studio")
    row = teacher.get_by_test_id("studio-course").filter(has_text=title)
    expect(row).to_contain_text(format_naira(paid - fee))
    expect(row).to_contain_text("Students")

    # Unpublished: gone from the catalog, still the buyer's.
    row.get_by_role("button", name="Unpublish").click()
    expect(row.get_by_test_id("course-status")).to_have_text("Unpublished")
    # Looked for by someone else (a tab that searched the same words before may show its earlier answer at once).
    guest = browser.new_context(base_url=live_app.url).new_page()
    expect_in_catalog(guest, title, word, shown=False)
    buyer.goto("/profile2")
    buyer.get_by_role("link", name=f"Watch Now: {title}").click()
    expect(buyer).to_have_url(re.compile(rf"/order-complete/{course_id}$"))
    plays(buyer, course_id)
