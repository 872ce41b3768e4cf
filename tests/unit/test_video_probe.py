"""Lesson videos are checked by probing their content with PyAV, never by their name."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from marketplace.media.videos import NOT_A_VIDEO, NotAVideo, probe

CLIP = Path(__file__).resolve().parents[2] / "assets" / "media" / "lesson-clip-1.mp4"


def test_a_real_mp4_is_accepted_with_its_duration(tmp_path):
    found = probe(CLIP)
    assert found.ext == "mp4"
    assert found.content_type == "video/mp4"
    assert found.duration_seconds == pytest.approx(14.0, abs=0.1)


def test_the_name_does_not_matter_the_content_does(tmp_path):
    renamed = tmp_path / "lesson.webm"
    shutil.copy(CLIP, renamed)
    assert probe(renamed).ext == "mp4"  # an MP4 called .webm is stored as the MP4 it is


def test_a_renamed_text_file_is_rejected(tmp_path):
    fake = tmp_path / "lesson.mp4"
    fake.write_text("This is a text file, not a video.\n" * 100)
    with pytest.raises(NotAVideo, match=NOT_A_VIDEO):
        probe(fake)


def test_a_picture_is_not_a_video(tmp_path):
    from PIL import Image

    picture = tmp_path / "lesson.mov"
    Image.new("RGB", (64, 64)).save(picture, "PNG")
    with pytest.raises(NotAVideo):
        probe(picture)


def test_a_cut_off_video_without_its_index_is_rejected(tmp_path):
    cut = tmp_path / "cut.mp4"
    cut.write_bytes(CLIP.read_bytes()[:2000])
    with pytest.raises(NotAVideo):
        probe(cut)
