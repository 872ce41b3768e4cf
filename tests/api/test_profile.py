"""HTTP: PUT /api/profile/update (multipart), the media files it links to, and GET /api/teachers."""

import io

from PIL import Image

from marketplace.domain.sessions import issue_token
from marketplace.settings import settings
from tests.factories import enroll, make_course, make_instructor, make_user


def _auth(session, user) -> dict:
    token = issue_token(session, user)
    session.commit()
    return {"Authorization": f"Bearer {token}"}


def _png(size=(300, 200)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "green").save(buffer, "PNG")
    return buffer.getvalue()


FORM = {
    "firstName": "Kemi",
    "lastName": "Bello",
    "headline": "Nurse",
    "description": "Learning to code",
    "language": "spanish",
    "linkedin": "https://linkedin.com/in/kemi",
    "youtube": "",
    "facebook": "https://facebook.com/kemi",
    "website": "https://kemi.dev",
    "x": "https://x.com/kemi",
}


def test_update_saves_every_field_and_the_picture(api_client, session):
    user = make_user(session)
    headers = _auth(session, user)
    answer = api_client.put(
        "/api/profile/update", data=FORM, files={"profilePicture": ("me.png", _png(), "image/png")}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert {k: body[k] for k in FORM} == FORM
    assert body["id"] == user.id and body["paidCourses"] == [] and "message" not in body
    assert "password_hash" not in body and "passwordHash" not in body
    picture = api_client.get(body["profilePicture"])
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/webp"
    assert "immutable" in picture.headers["cache-control"]
    assert Image.open(io.BytesIO(picture.content)).size == (256, 256)


def test_fields_merge_into_the_stored_user(api_client, session):
    user = make_user(session, headline="Keep", first_name="Old")
    headers = _auth(session, user)
    body = api_client.put("/api/profile/update", data={"firstName": "New"}, headers=headers).json()
    assert body["firstName"] == "New" and body["headline"] == "Keep"


def test_a_text_file_named_png_is_refused(api_client, session):
    user = make_user(session)
    answer = api_client.put(
        "/api/profile/update",
        data=FORM,
        files={"profilePicture": ("photo.png", b"not an image at all", "image/png")},
        headers=_auth(session, user),
    )
    assert answer.status_code == 422
    assert answer.json() == {
        "message": "Please choose an image file (PNG, JPEG, WebP or GIF).",
        "field": "profilePicture",
    }
    session.refresh(user)
    assert user.first_name != "Kemi"  # nothing of a refused form is saved


def test_a_too_large_picture_is_refused(api_client, session):
    user = make_user(session)
    big = _png() + b"\x00" * 2_000_001
    answer = api_client.put(
        "/api/profile/update", files={"profilePicture": ("big.png", big, "image/png")}, headers=_auth(session, user)
    )
    assert answer.status_code == 422
    assert answer.json()["message"] == "The picture must be 2 MB or smaller."


def test_a_bad_link_names_its_field(api_client, session):
    user = make_user(session)
    answer = api_client.put("/api/profile/update", data={"x": "https://facebook.com/me"}, headers=_auth(session, user))
    assert answer.status_code == 422
    assert answer.json() == {"message": "Please enter a valid X link, like https://x.com/yourname.", "field": "x"}


def test_missing_or_bad_token_gets_the_spec_messages(api_client, session):
    no_token = api_client.put("/api/profile/update", data=FORM)
    assert no_token.status_code == 401 and no_token.json()["message"] == "No token found. Please log in again"
    bad = api_client.put("/api/profile/update", data=FORM, headers={"Authorization": "Bearer forged"})
    assert bad.status_code == 401 and bad.json()["message"] == "User ID not found. Please log in again"


def test_media_never_serves_files_outside_the_media_folder(api_client):
    settings.media_dir.mkdir(parents=True, exist_ok=True)
    (settings.media_dir.parent / "outside.png").write_bytes(_png())
    (settings.media_dir / "page.html").write_text("<script>alert(1)</script>")
    for path in ("..%2foutside.png", "%2e%2e%2foutside.png", "avatars/none.webp", "page.html", "..%2fsecret_key"):
        answer = api_client.get(f"/api/media/{path}")
        assert answer.status_code == 404, path
        assert answer.json() == {"message": "File not found"}


def test_teachers_lists_own_teachers_first_and_searches(api_client, session):
    learner = make_user(session)
    make_instructor(session, first_name="Abel")
    mine = make_instructor(session, first_name="Zara")
    enroll(session, learner, make_course(session, instructor=mine))
    headers = _auth(session, learner)
    listed = api_client.get("/api/teachers", headers=headers).json()
    assert [t["mine"] for t in listed["teachers"]] == [True, False]
    assert listed["teachers"][0]["id"] == mine.id and listed["teachers"][0]["courseCount"] == 1
    found = api_client.get("/api/teachers?query=abe&page=1", headers=headers).json()
    assert [t["name"].split()[0] for t in found["teachers"]] == ["Abel"]
    assert api_client.get("/api/teachers").status_code == 401
