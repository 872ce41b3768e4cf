"""Browser-side defences: security headers on every answer, CORS, the websocket's origin check, upload refusals.

The app is assembled here the way ``rx.App.__call__`` assembles it (Reflex's own endpoints and pages inside,
then each ``api_transformer`` of marketplace.marketplace in order, then Reflex's CORS and context layers), with
a static folder standing in for the built pages and Reflex's real upload endpoint. The full Reflex app is not
started: that compiles every page into a web folder.
"""

from __future__ import annotations

import pytest
from reflex.app import App, _ContextMiddleware
from reflex_components_core.core._upload import upload
from starlette.applications import Starlette
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

from marketplace.api.app import create_api
from marketplace.logs import RequestIds
from marketplace.settings import Settings, settings
from marketplace.states.profile import ProfileState
from marketplace.web_security import (
    NOT_AN_UPLOAD_HANDLER,
    UPLOAD_TOO_LARGE,
    BodyLimit,
    SecurityHeaders,
    UploadGuard,
    content_security_policy,
    policy_directives,
    websocket_origin_allowed,
)

EVIL = "https://evil.example"


@pytest.fixture(scope="module")
def reflex_app():
    from marketplace.marketplace import app

    return app


def _assemble(reflex_app, inner: Starlette) -> Starlette:
    """What ``App.__call__`` does around its inner app, with a fresh API instance."""
    asgi = inner
    for transformer in [create_api(), *reflex_app.api_transformer[1:]]:
        if isinstance(transformer, Starlette):
            App._add_cors(transformer)
            transformer.mount("", asgi)
            asgi = transformer
        else:
            asgi = transformer(asgi)
    top = Starlette()
    top.add_middleware(_ContextMiddleware, reflex_app=reflex_app)
    top.mount("", asgi)
    App._add_cors(top)
    return top


@pytest.fixture
def client(reflex_app, tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>Home</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log('hi')")
    inner = Starlette(
        routes=[
            Route("/_upload", upload(reflex_app), methods=["POST"]),
            Mount("/", StaticFiles(directory=tmp_path, html=True)),
        ]
    )
    with TestClient(_assemble(reflex_app, inner), raise_server_exceptions=False) as test_client:
        yield test_client


def test_the_app_runs_the_upload_check_and_the_headers_after_the_api(reflex_app):
    assert reflex_app.api_transformer[1:-1] == [UploadGuard, BodyLimit, SecurityHeaders, RequestIds]
    # Outermost: built pages straight from the build folder, inside those middlewares (marketplace.static_pages).
    assert reflex_app.api_transformer[-1].__qualname__.startswith("pages_first_transformer")


@pytest.mark.parametrize("path", ["/", "/assets/app.js", "/api/courses/abc", "/api/health", "/nowhere"])
def test_pages_static_files_and_api_answers_carry_the_security_headers(client, path):
    response = client.get(path)
    assert response.headers["content-security-policy"] == content_security_policy(settings)
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"


def test_the_policy_allows_this_site_only_and_no_framing_of_it():
    policy = policy_directives(settings)
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["connect-src"] == ["'self'", "http://localhost:3000", "ws://localhost:3000"]
    assert policy["form-action"] == ["'self'", "http://localhost:3000"]
    assert "accounts.google.com" not in content_security_policy(settings)  # no client id, no Google script
    assert "cdn.jsdelivr.net" not in content_security_policy(settings)


def test_googles_sign_in_sources_come_only_with_google_sign_in(tmp_path):
    google = Settings(DATA_DIR=tmp_path, GOOGLE_CLIENT_ID="abc.apps.googleusercontent.com")
    directives = policy_directives(google)
    assert "https://accounts.google.com/gsi/client" in directives["script-src"]
    assert "https://accounts.google.com/gsi/style" in directives["style-src"]
    assert "https://accounts.google.com/gsi/" in directives["connect-src"]
    other = Settings(DATA_DIR=tmp_path, GOOGLE_CLIENT_ID="abc", GOOGLE_ISSUER="http://127.0.0.1:9999")
    assert "accounts.google.com" not in content_security_policy(other)  # that flow is a plain redirect


def test_an_https_site_upgrades_requests_and_uses_a_secure_websocket(tmp_path):
    secure = Settings(DATA_DIR=tmp_path, PUBLIC_URL="https://learn.example.ng")
    directives = policy_directives(secure)
    assert "wss://learn.example.ng" in directives["connect-src"]
    assert "upgrade-insecure-requests" in directives


def test_the_api_docs_page_may_load_swagger_from_its_cdn(client):
    policy = client.get("/api/docs").headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in policy and "frame-ancestors 'none'" in policy


def test_an_answer_keeps_a_header_it_set_itself():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"x-frame-options", b"SAMEORIGIN")]})
        await send({"type": "http.response.body", "body": b""})

    response = TestClient(SecurityHeaders(app)).get("/")
    assert response.headers.get_list("x-frame-options") == ["SAMEORIGIN"]
    assert "content-security-policy" in response.headers


def test_no_other_site_is_answered_with_credentials(client):
    simple = client.get("/api/courses/abc", headers={"Origin": EVIL})
    assert "access-control-allow-origin" not in simple.headers
    preflight = client.options("/api/cart", headers={"Origin": EVIL, "Access-Control-Request-Method": "DELETE"})
    assert "access-control-allow-origin" not in preflight.headers


def test_a_listed_origin_is_answered_and_others_still_not(reflex_app, tmp_path, monkeypatch):
    import reflex.app

    config = reflex.app.get_config()
    monkeypatch.setattr(config, "cors_allowed_origins", ["https://partner.example"])
    inner = Starlette(routes=[Mount("/", StaticFiles(directory=tmp_path, html=True))])
    with TestClient(_assemble(reflex_app, inner)) as test_client:
        partner = test_client.get("/api/courses/abc", headers={"Origin": "https://partner.example"})
        assert partner.headers["access-control-allow-origin"] == "https://partner.example"
        evil = test_client.get("/api/courses/abc", headers={"Origin": EVIL})
        assert "access-control-allow-origin" not in evil.headers


def test_reflex_gets_the_configured_origins_not_a_wildcard():
    import rxconfig

    assert list(rxconfig.config.cors_allowed_origins) == settings.cors_origins == []


def test_cors_origins_setting_is_a_checked_list(tmp_path):
    current = Settings(DATA_DIR=tmp_path, CORS_ALLOWED_ORIGINS=" https://a.example , HTTPS://B.example:8443/ ,")
    assert current.cors_origins == ["https://a.example", "https://b.example:8443"]
    assert Settings(DATA_DIR=tmp_path).cors_origins == []
    for bad in ("*", "https://a.example/path", "a.example", "ftp://a.example"):
        with pytest.raises(ValueError, match="CORS_ALLOWED_ORIGINS"):
            Settings(DATA_DIR=tmp_path, CORS_ALLOWED_ORIGINS=bad)


def test_the_websocket_accepts_this_sites_pages_and_listed_origins_only(reflex_app, tmp_path):
    assert reflex_app.sio.eio.cors_allowed_origins is websocket_origin_allowed
    here = {"HTTP_HOST": "127.0.0.1:3000"}
    assert websocket_origin_allowed("http://127.0.0.1:3000", here)
    assert websocket_origin_allowed("http://localhost:3000", here)  # the public URL
    assert websocket_origin_allowed(
        "https://learn.example.ng", {"HTTP_HOST": "10.0.0.5:3000", "HTTP_X_FORWARDED_HOST": "learn.example.ng"}
    )
    assert not websocket_origin_allowed(EVIL, here)
    assert not websocket_origin_allowed(None, here)
    listed = Settings(DATA_DIR=tmp_path, CORS_ALLOWED_ORIGINS="https://partner.example")
    assert websocket_origin_allowed("https://partner.example", here, listed)
    # engineio itself refuses the handshake of a foreign page.
    assert reflex_app.sio.eio._cors_allowed_origins({"HTTP_ORIGIN": EVIL, **here}) == []


def _upload(client, handler: str, files):
    return client.post("/_upload", headers={"reflex-client-token": "t-1", "reflex-event-handler": handler}, files=files)


def test_an_upload_to_a_handler_without_a_file_parameter_is_refused(client):
    handler = f"{ProfileState.get_full_name()}.save"
    response = _upload(client, handler, {"files": ("a.png", b"\x89PNG", "image/png")})
    assert (response.status_code, response.json()) == (400, {"detail": NOT_AN_UPLOAD_HANDLER})
    assert response.headers["x-frame-options"] == "DENY"  # the refusal is an answer like any other


def test_an_upload_whose_files_part_is_not_a_file_is_refused(client):
    handler = f"{ProfileState.get_full_name()}.upload_picture"
    response = _upload(client, handler, {"files": (None, "just text")})
    assert response.status_code == 400
    assert "not an UploadFile" in response.json()["detail"]


def test_reflex_still_answers_an_unknown_handler_itself(client):
    response = _upload(client, "no_such.handler", {"files": ("a.png", b"x", "image/png")})
    assert response.status_code == 400 and "Unknown upload event handler" in response.text


def test_an_upload_over_the_limit_is_refused_from_its_content_length(client):
    handler = f"{ProfileState.get_full_name()}.upload_picture"
    big = b"\0" * (settings.max_picture_bytes + 200_000)
    response = _upload(client, handler, {"files": ("a.png", big, "image/png")})
    assert (response.status_code, response.json()["message"]) == (413, UPLOAD_TOO_LARGE)
    assert response.headers["x-frame-options"] == "DENY"


def test_a_streamed_body_without_a_length_is_cut_off_at_the_limit(client):
    handler = f"{ProfileState.get_full_name()}.upload_picture"
    boundary = "naijalearnboundary"
    offered = []

    def chunks():  # a multipart body sent in pieces, with no Content-Length: 12.5 MiB offered, about 2 MB allowed
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n'
            "Content-Type: image/png\r\n\r\n"
        ).encode()
        for _ in range(200):
            offered.append(1)
            yield b"\0" * 65536
        yield f"\r\n--{boundary}--\r\n".encode()

    headers = {
        "reflex-client-token": "t-1",
        "reflex-event-handler": handler,
        "content-type": f"multipart/form-data; boundary={boundary}",
    }
    response = client.post("/_upload", content=chunks(), headers=headers)
    assert response.status_code == 413 and response.json()["message"] == UPLOAD_TOO_LARGE


def test_an_upload_under_the_limit_reaches_the_app(client):
    response = client.put("/api/profile/update", content=b"x" * 1000, headers={"content-type": "text/plain"})
    assert response.status_code in (401, 422)  # the API's own answer: not signed in / not a form


def test_course_images_have_their_own_larger_limit(client):
    # Bigger than a profile picture may be, within MAX_IMAGE_BYTES: the API answers (not signed in).
    fits = b"\0" * (settings.max_picture_bytes + 200_000)
    response = client.post("/api/uploads/images", files={"file": ("a.png", fits, "image/png")})
    assert response.status_code == 401
    too_big = b"\0" * (settings.max_image_bytes + 200_000)
    response = client.post("/api/uploads/images", files={"file": ("a.png", too_big, "image/png")})
    assert (response.status_code, response.json()["message"]) == (413, UPLOAD_TOO_LARGE)


def test_videos_from_an_s3_endpoint_may_play():
    current = Settings(MEDIA_STORAGE="s3", S3_BUCKET="media", S3_ENDPOINT_URL="http://minio.internal:9000/")
    assert "http://minio.internal:9000" in policy_directives(current)["media-src"]
    assert policy_directives(Settings())["media-src"] == ["'self'", "blob:", "https:"]
