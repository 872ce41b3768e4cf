"""Built pages are answered at their own address, from the build folder, with the headers every answer carries,
without going through the API's middlewares; Reflex's own endpoints (the websocket, uploads) go straight to Reflex's
app inside the same middlewares; the API still goes the long way."""

from __future__ import annotations

import gzip

import pytest
from reflex.utils.precompressed_staticfiles import PrecompressedStaticFiles
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route
from starlette.testclient import TestClient
from starlette.websockets import WebSocket

from marketplace.settings import settings
from marketplace.state_manager import QuietDiskStateManager
from marketplace.static_pages import PageFiles, pages_first_transformer, serve_pages_directly
from marketplace.web_security import SecurityHeaders, content_security_policy

PAGE = "<!doctype html><title>Categories</title>"


@pytest.fixture
def build(tmp_path):
    """A build folder as ``reflex export`` leaves it: prerendered pages as folders, assets, a 404 page."""
    (tmp_path / "categories").mkdir()
    (tmp_path / "categories" / "index.html").write_text(PAGE)
    (tmp_path / "categories" / "index.html.gz").write_bytes(gzip.compress(PAGE.encode()))
    (tmp_path / "index.html").write_text("<!doctype html><title>Home</title>")
    (tmp_path / "404.html").write_text("<!doctype html><title>Not found</title>")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app.js").write_text("console.log('hi')")
    return tmp_path


def _course_pages(path: str) -> str | None:
    """The app's router for the one dynamic page of this build."""
    return "courses/[id]" if path.startswith("/courses/") else None


def _reflex_files(build) -> PrecompressedStaticFiles:
    """Reflex's own mount of the build (as reflex.utils.exec.get_frontend_mount makes it)."""
    return PrecompressedStaticFiles(directory=build, html=True, encodings=["gzip"], router=_course_pages)


class Stamp:
    """A header-only middleware like the request id's: marks each answer it wraps."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        async def stamped(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"x-stamp", b"1")]}
            await send(message)

        await self.app(scope, receive, stamped)


async def _echo(scope, receive, send) -> None:
    """Reflex's socket as far as the test goes: mounted at /_event, answers the first message."""
    websocket = WebSocket(scope, receive, send)
    await websocket.accept()
    await websocket.send_text(f"reflex heard {await websocket.receive_text()}")
    await websocket.close()


class FakeReflexApp:
    """What the transformer reads of a Reflex app: its inner Starlette app (with the pages' mount) and transformers."""

    def __init__(self, build) -> None:
        self._api = Starlette(
            routes=[
                Route("/ping", lambda _r: PlainTextResponse("pong")),
                Mount("/_event", _echo),
                Mount("/_upload", PlainTextResponse("an upload")),
                Mount("/", _reflex_files(build), name="frontend"),
            ]
        )
        # The API (mounting the app inside it: the long way) and two middlewares, the last outermost.
        self.api_transformer = [Starlette(), SecurityHeaders, Stamp]


class Recorder:
    """The app with every middleware: answers, and notes each request that reached it."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        self.seen.append(f"{scope.get('method', scope['type'])} {scope['path']}")
        await PlainTextResponse("backend")(scope, receive, send)


@pytest.fixture
def served(build, monkeypatch):
    monkeypatch.setenv("__REFLEX_MOUNT_FRONTEND_COMPILED_APP", "true")
    app = FakeReflexApp(build)
    serve_pages_directly(app)
    backend = Recorder()
    yield TestClient(app.api_transformer[-1](backend)), backend, app


def test_a_prerendered_page_is_answered_at_its_address_without_a_redirect(build):
    for files in (PageFiles.like(_reflex_files(build)), PageFiles(directory=build, html=True)):
        client = TestClient(files)
        response = client.get("/categories", follow_redirects=False)
        assert response.status_code == 200 and response.text == PAGE
        assert client.get("/categories/", follow_redirects=False).text == PAGE
    # What Reflex's own static files do, and what this replaces.
    assert TestClient(_reflex_files(build)).get("/categories", follow_redirects=False).status_code == 307


def test_pages_and_assets_skip_the_backend_but_keep_every_header(served):
    client, backend, _app = served
    for path, body in [("/categories", PAGE), ("/", "Home"), ("/assets/app.js", "console.log")]:
        response = client.get(path, headers={"Accept-Encoding": "identity"}, follow_redirects=False)
        assert response.status_code == 200 and body in response.text, path
        assert response.headers["content-security-policy"] == content_security_policy(settings)
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert response.headers["x-stamp"] == "1"
    assert client.head("/categories").status_code == 200
    assert backend.seen == []


def test_the_precompressed_page_is_still_chosen(served):
    client, _backend, _app = served
    response = client.get("/categories", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip" and response.text == PAGE


def test_unknown_and_routed_paths_answer_as_reflex_would(served):
    client, backend, _app = served
    missing = client.get("/nowhere")
    assert missing.status_code == 404 and "Not found" in missing.text
    assert missing.headers["x-frame-options"] == "DENY"
    assert client.get("/courses/7").status_code == 200  # a dynamic page: the app's shell
    assert backend.seen == []


@pytest.mark.parametrize("path", ["/api/courses", "/api", "/api/auth/login"])
def test_the_api_goes_through_the_backend(served, path):
    client, backend, _app = served
    assert client.get(path).text == "backend"
    assert client.post(path).text == "backend"
    assert backend.seen == [f"GET {path}", f"POST {path}"]


def test_reflexs_own_endpoints_skip_the_api_but_keep_every_header(served):
    client, backend, _app = served
    replies = [client.get("/ping"), client.get("/_upload/pictures/a.png"), client.post("/_upload/pictures/a.png")]
    assert [reply.text for reply in replies] == ["pong", "an upload", "an upload"]
    for reply in replies:
        assert reply.headers["x-stamp"] == "1" and reply.headers["x-frame-options"] == "DENY"
    assert backend.seen == []


def test_the_websocket_goes_straight_to_reflex(served):
    client, backend, _app = served
    with client.websocket_connect("/_event/?EIO=4&transport=websocket") as socket:
        socket.send_text("40")
        assert socket.receive_text() == "reflex heard 40"
    assert backend.seen == []


def test_only_reads_are_pages(served):
    client, backend, _app = served
    assert client.post("/categories").text == "backend"
    assert backend.seen == ["POST /categories"]


def test_the_long_way_also_answers_the_page_directly(served):
    _client, _backend, app = served
    mount = next(route for route in app._api.routes if route.name == "frontend")
    assert isinstance(mount.app, PageFiles)
    assert TestClient(app._api).get("/categories", follow_redirects=False).status_code == 200


def test_without_the_compiled_front_end_nothing_changes(build, monkeypatch):
    monkeypatch.setenv("__REFLEX_MOUNT_FRONTEND_COMPILED_APP", "false")
    backend = Recorder()
    assert pages_first_transformer(FakeReflexApp(build))(backend) is backend


def test_the_app_serves_its_pages_directly_with_its_header_middlewares():
    from marketplace.marketplace import app

    assert app.api_transformer[-1].__qualname__.startswith("pages_first_transformer")
    assert isinstance(app._state_manager, QuietDiskStateManager)
