"""Course images: checked by decoding, cover-cropped to 16:9, stored as WebP 640x360 and 128x72."""

from __future__ import annotations

import io

import pytest
import reflex as rx
from PIL import Image

from marketplace.components.search import small_thumbnail
from marketplace.db.models import MediaUpload
from marketplace.domain.errors import DomainError, Forbidden
from marketplace.media.images import ImageTooLarge, image_url, small_url, store_image
from marketplace.media.storage import read_all
from tests import media_fixtures
from tests.factories import make_instructor, make_user

# Fixtures shared with the other media tests.
local_media = media_fixtures.local_media


def _image(fmt: str, size=(1200, 400), color=(200, 30, 30), **save) -> bytes:
    out = io.BytesIO()
    mode = "RGBA" if fmt == "PNG" else "RGB"
    Image.new(mode, size, color).save(out, fmt, **save)
    return out.getvalue()


def _gif() -> bytes:
    frames = [Image.new("P", (320, 180), i) for i in (10, 200)]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:])
    return out.getvalue()


@pytest.mark.parametrize("data", [_image("JPEG"), _image("PNG"), _image("WEBP"), _gif(), _image("BMP")])
def test_common_images_are_stored_as_two_webp_sizes(session, local_media, data):
    teacher = make_instructor(session)
    upload = store_image(session, teacher.user_id, data, "cover.bin")
    session.commit()
    stored = session.get(MediaUpload, upload.id)
    assert (stored.kind, stored.status, stored.content_type) == ("image", "ready", "image/webp")
    for key, size in ((f"images/{upload.id}.webp", (640, 360)), (f"images/{upload.id}-sm.webp", (128, 72))):
        picture = Image.open(io.BytesIO(read_all(local_media, key)))
        assert picture.format == "WEBP"
        assert picture.size == size


def test_a_wide_picture_is_cropped_at_its_centre_not_squeezed(session, local_media):
    # Left and right thirds blue, the middle red: a 16:9 crop of a 3:1 picture keeps the middle.
    picture = Image.new("RGB", (900, 300), (0, 0, 255))
    picture.paste((255, 0, 0), (300, 0, 600, 300))
    out = io.BytesIO()
    picture.save(out, "PNG")
    upload = store_image(session, make_instructor(session).user_id, out.getvalue(), "wide.png")
    stored = Image.open(io.BytesIO(read_all(local_media, f"images/{upload.id}.webp"))).convert("RGB")
    red, _green, blue = stored.getpixel((320, 180))
    assert red > 200 and blue < 60
    assert stored.getpixel((5, 180))[2] > 200  # the edges still hold some blue: cropped, not stretched


def test_a_text_file_named_like_a_picture_is_refused(session, local_media):
    teacher = make_instructor(session)
    with pytest.raises(DomainError, match="Please choose an image file"):
        store_image(session, teacher.user_id, b"hello, this is not a picture", "cover.jpg")
    with pytest.raises(DomainError, match="Please choose an image file"):
        store_image(session, teacher.user_id, _image("JPEG")[:200], "cut.jpg")  # a truncated JPEG


def test_too_large_is_refused_with_the_limit(session, local_media, monkeypatch):
    from marketplace.settings import settings

    monkeypatch.setattr(settings, "max_image_bytes", 1000)
    with pytest.raises(ImageTooLarge, match=r"0\.001 MB or smaller"):
        store_image(session, make_instructor(session).user_id, _image("PNG", size=(400, 400)), "big.png")


def test_learners_cannot_upload_course_images(session, local_media):
    role_only = make_user(session, role="instructor")  # the role without a teaching profile: no studio, no images
    for user in (make_user(session), role_only):
        with pytest.raises(Forbidden, match=r"^Only instructors can upload course images\.$"):
            store_image(session, user.id or 0, _image("JPEG"), "x.jpg")


def test_urls_and_the_small_variant():
    assert image_url("ab" * 16) == f"/api/media/images/{'ab' * 16}.webp"
    assert small_url(image_url("ab" * 16)) == f"/api/media/images/{'ab' * 16}-sm.webp"
    assert small_url("https://example.com/x.webp") == "https://example.com/x.webp"
    # The search suggestions' small slot maps uploaded thumbnails to their -sm variant as well (in the browser).
    rendered = str(small_thumbnail(rx.Var.create(image_url("cd" * 16))))
    assert "/api/media/images/" in rendered
    assert "-sm.webp" in rendered
