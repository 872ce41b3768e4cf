"""The demo lessons' local clips: distinct small files whose real length is what their lessons say."""

from __future__ import annotations

import struct
from pathlib import Path

from sqlmodel import select

from marketplace.db.models import Section
from marketplace.demo.catalog import CLIP_SECONDS, LOCAL_CLIPS
from marketplace.demo.seed import load_demo_catalog
from marketplace.settings import PROJECT_ROOT

ASSETS = PROJECT_ROOT / "assets"


def mp4_seconds(path: Path) -> float:
    """The length an mp4 declares in its movie header (``moov/mvhd``), read without any video library."""
    data = path.read_bytes()
    at = data.index(b"mvhd") + 4
    version = data[at]
    if version == 1:
        timescale, duration = struct.unpack(">IQ", data[at + 20 : at + 32])
    else:
        timescale, duration = struct.unpack(">II", data[at + 12 : at + 20])
    return duration / timescale


def test_each_clip_is_a_small_distinct_file_of_the_length_the_catalog_says():
    paths = [ASSETS / name.lstrip("/") for name, _ in LOCAL_CLIPS]
    assert len({p.read_bytes() for p in paths}) == len(paths) >= 3
    for (_, seconds), path in zip(LOCAL_CLIPS, paths, strict=True):
        assert path.stat().st_size < 300_000
        assert 10 <= seconds <= 40
        assert abs(mp4_seconds(path) - seconds) < 0.5, path.name


def test_demo_lessons_playing_a_clip_show_its_real_length_and_neighbours_differ(session):
    load_demo_catalog(session)
    sections = session.exec(select(Section).order_by(Section.course_id, Section.position)).all()
    local = [s for s in sections if s.video_url in CLIP_SECONDS]
    assert local and all(s.duration_seconds == CLIP_SECONDS[s.video_url] for s in local)
    assert len({s.video_url for s in local}) == len(LOCAL_CLIPS)
    first_two = [s.video_url for s in sections if s.course_id == sections[0].course_id][:2]
    assert first_two[0] != first_two[1] or first_two[1] not in CLIP_SECONDS
