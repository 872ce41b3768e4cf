"""The lesson-video uploader's script in a real browser: chunks, a dropped request, a closed tab, the check.

A small page holds the uploader's markup (the same data attributes as marketplace/components/studio_upload.py,
which a test below keeps in step) and is served with the real /api and assets/js by uvicorn, so this needs no
Reflex build. The upload goes through the vendored tus-js-client to tuspyserver, and the processing job runs as
the app's worker would run it.
"""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from playwright.sync_api import expect

from marketplace.db.models import MediaUpload, Section, User
from marketplace.domain.sessions import issue_token
from tests import media_fixtures
from tests.factories import make_course, make_instructor

local_media = media_fixtures.local_media

ROOT = Path(__file__).resolve().parents[2]
CLIP = ROOT / "assets" / "media" / "lesson-clip-1.mp4"
CHUNK = 8 * 1024  # five chunks for the 35 KB clip

HARNESS = """<!doctype html><html><head><title>Upload</title>
<script src="/js/studio_upload.js" defer></script></head><body>
<div data-video-uploader data-section-id="{section_id}" data-endpoint="/api/uploads/videos"
     data-status-url="/api/uploads/" data-chunk-size="{chunk}" data-max-bytes="{max_bytes}"
     data-tus-script="/js/vendor/tus.min.js">
  <label><span>Upload a video</span><input type="file" data-upload-input></label>
  <div data-upload-panel hidden>
    <div role="progressbar" aria-label="Video upload progress" aria-valuemin="0" aria-valuemax="100"
         aria-valuenow="0" data-upload-progress><div data-upload-bar></div></div>
    <p aria-live="polite" data-upload-text></p>
    <button type="button" data-upload-pause hidden>Pause</button>
    <button type="button" data-upload-resume hidden>Resume</button>
  </div>
  <p role="alert" data-upload-error></p>
  <button type="button" data-upload-done hidden
          onclick="document.body.dataset.done = (+(document.body.dataset.done || 0) + 1)">done</button>
</div></body></html>"""


IMAGE_HARNESS = """<!doctype html><html><head><title>Image</title>
<script src="/js/studio_upload.js" defer></script></head><body>
<div data-image-uploader data-endpoint="/api/uploads/images" data-max-bytes="{max_bytes}">
  <label><span>Course image</span><input type="file" data-image-input></label>
  <p aria-live="polite" data-image-text></p>
  <p role="alert" data-image-error></p>
  <form data-image-form hidden
        onsubmit="event.preventDefault(); document.body.dataset.image = this.elements.upload_id.value">
    <input type="hidden" name="upload_id">
  </form>
</div></body></html>"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def lesson(session):
    instructor = make_instructor(session)
    course = make_course(session, instructor=instructor, sections=1)
    section = session.exec(Section.__table__.select().where(Section.course_id == course.id)).first()
    token = issue_token(session, session.get(User, instructor.user_id))
    session.commit()
    return {"section_id": section.id, "token": token}


@pytest.fixture
def harness(db_url, lesson, local_media):
    """The API, the scripts and the uploader page on a local port, with a job worker; yields the base URL."""
    from marketplace.api.app import create_api
    from marketplace.api.deps import get_session, request_session
    from marketplace.jobs.worker import run_due
    from marketplace.settings import settings

    api = create_api()

    def _session(request: Request):
        yield from request_session(request, db_url)

    api.dependency_overrides[get_session] = _session

    @api.get("/harness", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return HARNESS.format(section_id=lesson["section_id"], chunk=CHUNK, max_bytes=settings.max_video_bytes)

    @api.get("/image-harness", response_class=HTMLResponse, include_in_schema=False)
    def image_page() -> str:
        return IMAGE_HARNESS.format(max_bytes=settings.max_image_bytes)

    api.mount("/js", StaticFiles(directory=ROOT / "assets" / "js"), name="js")
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(api, host="127.0.0.1", port=port, log_level="warning"))
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    stop = threading.Event()

    def work() -> None:  # the app's in-process job worker, in short
        while not stop.is_set():
            run_due(db_url)
            stop.wait(0.2)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    stop.set()
    server.should_exit = True
    serving.join(10)
    worker.join(10)


@pytest.fixture
def uploader(browser, harness, lesson):
    context = browser.new_context(base_url=harness)
    page = context.new_page()
    page.goto("/harness")
    page.evaluate("token => localStorage.setItem('token', token)", lesson["token"])
    yield page
    context.close()


def test_a_video_uploads_survives_a_dropped_request_and_a_closed_tab(uploader, session, lesson, tmp_path):
    page = uploader
    video = tmp_path / "my lesson.mp4"
    shutil.copy(CLIP, video)  # a real file: its name, size and date identify it when chosen again
    patches: list[int] = []
    creations: list[str] = []
    state = {"dropped": False}

    def watch(route, request):
        if request.method == "POST":
            creations.append(request.url)
        if request.method == "PATCH":
            patches.append(int(request.headers["upload-offset"]))
            if len(patches) == 2 and not state["dropped"]:
                state["dropped"] = True
                route.abort("connectionreset")  # the phone loses signal mid-chunk: retried after a pause
                return
            if len(patches) == 4:
                return  # never answered: the tab is closed while this chunk is on its way
        route.continue_()

    page.route("**/api/uploads/videos**", watch)
    page.get_by_label("Upload a video").set_input_files(video)
    progress = page.get_by_role("progressbar", name="Video upload progress")
    deadline = time.monotonic() + 20
    while len(patches) < 4 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert patches[:4] == [0, CHUNK, CHUNK, 2 * CHUNK]  # the dropped chunk was sent again from its offset
    # "16 KB of 34 KB · 120 KB/s · 1 s left" (a video of megabytes says "12.5 MB of 40.0 MB · …").
    expect(page.get_by_text(re.compile(r"^\d+ KB of 34 KB( · \d+(\.\d)? [KM]B/s · .+ left)?$"))).to_be_visible()
    assert int(progress.get_attribute("aria-valuenow")) >= 45

    # Closing the tab mid-upload; later the instructor chooses the same file again.
    page.reload()  # the held request dies with the page; the route stays for the new one
    page.get_by_label("Upload a video").set_input_files(video)
    expect(page.get_by_text("Video ready.")).to_be_visible(timeout=20_000)
    assert len(creations) == 1  # resumed, not started over
    assert patches[4] == 2 * CHUNK  # from what the server holds: the chunk lost with the tab is sent again
    expect(progress).to_have_attribute("aria-valuenow", "100")
    expect(page.locator("body")).to_have_attribute("data-done", "1")  # the editor's event ran once

    session.expire_all()
    upload = session.exec(MediaUpload.__table__.select()).first()
    assert upload.status == "ready"
    assert session.get(Section, lesson["section_id"]).video_upload_id == upload.id


def test_wrong_files_are_refused_in_words(uploader, tmp_path):
    page = uploader
    notes = tmp_path / "notes.pdf"
    notes.write_bytes(b"%PDF-1.4 not a video")
    page.get_by_label("Upload a video").set_input_files(notes)
    expect(page.get_by_role("alert")).to_have_text("Please choose an MP4, WebM or MOV video file.")
    fake = tmp_path / "fake.mp4"
    fake.write_text("this is text in a costume\n" * 100)
    page.get_by_label("Upload a video").set_input_files(fake)
    expect(page.get_by_role("alert")).to_have_text("This file is not a playable video.", timeout=20_000)
    expect(page.locator("body")).to_have_attribute("data-done", "1")  # the editor hears of the rejection too


def test_pause_and_resume(uploader, tmp_path):
    page = uploader
    video = tmp_path / "lesson.mp4"
    shutil.copy(CLIP, video)
    hold = {"on": True}

    def slow(route, request):
        if request.method == "PATCH" and hold["on"] and int(request.headers["upload-offset"]) >= CHUNK:
            page.wait_for_timeout(300)  # a slow connection, so there is time to press Pause
        route.continue_()

    page.route("**/api/uploads/videos**", slow)
    page.get_by_label("Upload a video").set_input_files(video)
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_text(re.compile(r"paused$"))).to_be_visible()
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    hold["on"] = False
    page.get_by_role("button", name="Resume").click()
    expect(page.get_by_text("Video ready.")).to_be_visible(timeout=20_000)


def test_a_course_image_is_uploaded_and_handed_to_the_editor(uploader, tmp_path):
    from PIL import Image

    page = uploader
    page.goto("/image-harness")
    text = tmp_path / "cover.jpg"
    text.write_text("not a picture")
    page.get_by_label("Course image").set_input_files(text)
    expect(page.get_by_role("alert")).to_have_text("Please choose an image file (JPEG, PNG, WebP or GIF).")
    picture = tmp_path / "cover.png"
    Image.new("RGB", (1000, 700), (20, 90, 200)).save(picture)
    page.get_by_label("Course image").set_input_files(picture)
    expect(page.locator("body")).to_have_attribute("data-image", re.compile(r"^[0-9a-f]{32}$"))
    expect(page.get_by_text("Image uploaded.")).to_be_visible()
    upload_id = page.locator("body").get_attribute("data-image")
    served = page.request.get(f"/api/media/images/{upload_id}-sm.webp")
    assert served.status == 200 and served.headers["content-type"] == "image/webp"


def test_the_harness_uses_the_components_markup():
    """The page above must use the same hooks the Python component renders, or the script tested is not ours."""
    import reflex as rx

    from marketplace.components.studio_upload import thumbnail_uploader, video_uploader

    class _Editor(rx.State):
        @rx.event
        def refresh(self):
            return None

        @rx.event
        def got_image(self, form: dict):
            return None

    rendered = str(video_uploader(1, _Editor.refresh))
    for hook in re.findall(r"data-[a-z-]+", HARNESS):
        assert f'"{hook}"' in rendered, hook
    image = str(thumbnail_uploader(_Editor.got_image))
    for hook in re.findall(r"data-[a-z-]+", IMAGE_HARNESS):
        assert f'"{hook}"' in image, hook
    assert 'name:"upload_id"' in image
    assert "progressbar" in rendered and "Video upload progress" in rendered
