"""Profile settings: every field rule, and pictures checked by content and stored as 256x256 WebP squares."""

import io

import pytest
from PIL import Image

from marketplace.domain import profile
from marketplace.domain.validation import InvalidInput
from marketplace.settings import settings
from tests.factories import make_user


def image_bytes(fmt: str = "PNG", size: tuple[int, int] = (400, 300), mode: str = "RGB") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, "orange").save(buffer, fmt)
    return buffer.getvalue()


def refused(session, user, fields=None, picture=None) -> dict[str, str]:
    with pytest.raises(InvalidInput) as error:
        profile.update_profile(session, user_id=user.id, fields=fields or {}, picture=picture)
    return error.value.errors


FULL = {
    "firstName": " Chioma ",
    "lastName": "Eze",
    "headline": "Data analyst",
    "description": "I teach spreadsheets.",
    "language": "French",
    "linkedin": "https://www.linkedin.com/in/chioma",
    "youtube": "https://youtu.be/abc123",
    "facebook": "https://fb.com/chioma",
    "website": "http://chioma.ng/about",
    "x": "https://twitter.com/chioma",
}


def test_every_field_is_saved_and_answered(session):
    user = make_user(session)
    answer = profile.update_profile(session, user_id=user.id, fields=FULL).stored()  # the wire names
    session.commit()
    expected = {**FULL, "firstName": "Chioma", "language": "french"}
    assert {k: answer[k] for k in FULL} == expected
    assert answer["id"] == user.id and "password_hash" not in answer and "passwordHash" not in answer
    session.refresh(user)
    assert (user.first_name, user.language, user.x) == ("Chioma", "french", "https://twitter.com/chioma")


def test_fields_left_out_keep_their_value_and_links_can_be_cleared(session):
    user = make_user(session, headline="Keep me", linkedin="https://linkedin.com/in/old")
    answer = profile.update_profile(session, user_id=user.id, fields={"linkedin": "", "description": "New"}).stored()
    assert answer["headline"] == "Keep me" and answer["linkedin"] == "" and answer["description"] == "New"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("firstName", "  ", "First Name is required."),
        ("lastName", "", "Last Name is required."),
        ("firstName", "a" * 81, "First Name must be at most 80 characters."),
        ("headline", "h" * 121, "Headline must be at most 120 characters."),
        ("description", "d" * 2001, "Description must be at most 2000 characters."),
        ("language", "yoruba", "Please choose a language from the list."),
        (
            "linkedin",
            "https://facebook.com/me",
            "Please enter a valid LinkedIn link, like https://www.linkedin.com/in/yourname.",
        ),
        (
            "linkedin",
            "linkedin.com/in/me",
            "Please enter a valid LinkedIn link, like https://www.linkedin.com/in/yourname.",
        ),
        (
            "linkedin",
            "https://linkedin.com@evil.example/x",
            "Please enter a valid LinkedIn link, like https://www.linkedin.com/in/yourname.",
        ),
        (
            "linkedin",
            "https://notlinkedin.com/me",
            "Please enter a valid LinkedIn link, like https://www.linkedin.com/in/yourname.",
        ),
        (
            "youtube",
            "https://vimeo.com/1",
            "Please enter a valid YouTube link, like https://www.youtube.com/@yourchannel.",
        ),
        (
            "facebook",
            "javascript:alert(1)",
            "Please enter a valid Facebook link, like https://www.facebook.com/yourname.",
        ),
        ("x", "https://x.co/me", "Please enter a valid X link, like https://x.com/yourname."),
        ("website", "ftp://files.example.com", "Please enter a valid website address, like https://example.com."),
        ("website", "https://my site.com", "Please enter a valid website address, like https://example.com."),
        ("website", "https://" + "a" * 300 + ".com", "Website link must be at most 300 characters."),
    ],
)
def test_each_rule_has_its_message_under_its_field(session, field, value, message):
    user = make_user(session, first_name="Old")
    assert refused(session, user, {field: value}) == {field: message}
    session.refresh(user)
    assert user.first_name == "Old"


def test_all_broken_fields_are_reported_together_and_nothing_is_saved(session):
    user = make_user(session, headline="Before")
    errors = refused(session, user, {"firstName": "", "headline": "After", "x": "https://facebook.com/me"})
    assert set(errors) == {"firstName", "x"}
    session.refresh(user)
    assert user.headline == "Before"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("youtube", "https://www.youtube.com/watch?v=1"),
        ("youtube", "https://m.youtube.com/@me"),
        ("facebook", "https://www.facebook.com/me"),
        ("x", "https://x.com/me"),
        ("website", "https://sub.example.org/path?q=1"),
    ],
)
def test_links_of_the_right_site_pass(session, field, value):
    user = make_user(session)
    assert profile.update_profile(session, user_id=user.id, fields={field: value}).stored()[field] == value


@pytest.mark.parametrize(("fmt", "mode"), [("PNG", "RGBA"), ("JPEG", "RGB"), ("WEBP", "RGB"), ("GIF", "P")])
def test_a_real_image_is_stored_as_a_256_square_webp(session, fmt, mode):
    user = make_user(session)
    answer = profile.update_profile(session, user_id=user.id, fields={}, picture=image_bytes(fmt, (640, 360), mode))
    url = answer.profile_picture
    assert url.startswith(f"/api/media/avatars/{user.id}-") and url.endswith(".webp")
    stored = settings.media_dir / "avatars" / url.rsplit("/", 1)[1]
    with Image.open(stored) as saved:
        assert saved.format == "WEBP" and saved.size == (256, 256)


def test_a_new_picture_replaces_the_old_file(session):
    user = make_user(session)
    first = profile.update_profile(session, user_id=user.id, fields={}, picture=image_bytes()).profile_picture
    second = profile.update_profile(session, user_id=user.id, fields={}, picture=image_bytes("JPEG")).profile_picture
    assert first != second
    assert not (settings.media_dir / "avatars" / first.rsplit("/", 1)[1]).exists()
    assert (settings.media_dir / "avatars" / second.rsplit("/", 1)[1]).exists()


@pytest.mark.parametrize(
    "data",
    [
        b"just some text, named picture.png by its sender",
        b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,  # a PNG signature with nothing valid behind it
        b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
    ],
)
def test_anything_but_a_real_image_is_refused(session, data):
    user = make_user(session)
    assert refused(session, user, picture=data) == {
        "profilePicture": "Please choose an image file (PNG, JPEG, WebP or GIF)."
    }
    session.refresh(user)
    assert user.profile_picture == ""


def test_other_image_formats_are_refused(session):
    user = make_user(session)
    assert refused(session, user, picture=image_bytes("BMP")) == {
        "profilePicture": "Please choose an image file (PNG, JPEG, WebP or GIF)."
    }


def test_a_picture_over_the_limit_is_refused(session, monkeypatch):
    user = make_user(session)
    monkeypatch.setattr(settings, "max_picture_bytes", 2_000_000)
    big = image_bytes() + b"\x00" * 2_000_001
    assert refused(session, user, picture=big) == {"profilePicture": "The picture must be 2 MB or smaller."}


def test_a_picture_with_too_many_pixels_is_refused_with_a_reason(session):
    user = make_user(session)
    huge = image_bytes("PNG", (6000, 5000), "L")  # 30 MP of one grey: a tiny file, a huge image to decode
    assert len(huge) < 2_000_000
    assert refused(session, user, picture=huge) == {
        "profilePicture": "The picture is too big to use: at most 25 megapixels, please."
    }


def test_empty_picture_keeps_the_current_one(session):
    user = make_user(session, profile_picture="https://example.com/me.png")
    assert profile.update_profile(session, user_id=user.id, fields={}, picture=b"").profile_picture == (
        "https://example.com/me.png"
    )
