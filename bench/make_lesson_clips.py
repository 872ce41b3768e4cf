"""Write the demo catalog's short lesson clips (assets/media/lesson-clip-*.mp4) once; they are committed.

Each clip differs (colour, title, a moving bar, a running clock) so a learner moving between demo lessons sees
that the lesson changed, and its real length is what the curriculum shows (marketplace.demo.catalog.LOCAL_CLIPS).
No ffmpeg program is needed: PyAV's wheel carries FFmpeg's libraries. Not a dependency of the app; install it
for this script only, in a throw-away virtualenv::

    python -m venv /tmp/clips && /tmp/clips/bin/pip install av numpy pillow
    /tmp/clips/bin/python bench/make_lesson_clips.py
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import av  # type: ignore[import-not-found]  # dev-only, installed for this script alone
import numpy as np  # type: ignore[import-not-found]
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "assets" / "media"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
WIDTH, HEIGHT, FPS = 640, 360, 24
# file name, seconds, title, background colour (the palette's blues, greens and ambers)
CLIPS = (
    ("lesson-clip-1.mp4", 14, "Welcome to the course", (30, 58, 138)),
    ("lesson-clip-2.mp4", 21, "Key ideas, step by step", (6, 95, 70)),
    ("lesson-clip-3.mp4", 28, "A worked example", (146, 64, 14)),
    ("lesson-clip-4.mp4", 35, "Practice and recap", (88, 28, 135)),
)


def _frame(number: int, title: str, colour: tuple[int, int, int], second: float, seconds: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), colour)
    draw = ImageDraw.Draw(image)
    big, small = ImageFont.truetype(FONT, 30), ImageFont.truetype(FONT, 22)
    draw.text((WIDTH / 2, HEIGHT * 0.28), f"Naija Learn · demo clip {number}", font=small, fill="white", anchor="mm")
    draw.text((WIDTH / 2, HEIGHT * 0.45), title, font=big, fill="white", anchor="mm")
    whole = int(second)
    draw.text(
        (WIDTH / 2, HEIGHT * 0.64),
        f"{whole // 60}:{whole % 60:02d} / {seconds // 60}:{seconds % 60:02d}",
        font=small,
        fill="white",
        anchor="mm",
    )
    done = int((WIDTH - 80) * second / seconds)
    track = tuple(min(255, c + 50) for c in colour)
    draw.rounded_rectangle((40, HEIGHT - 50, WIDTH - 40, HEIGHT - 38), radius=6, fill=track)
    draw.rounded_rectangle((40, HEIGHT - 50, 40 + max(done, 12), HEIGHT - 38), radius=6, fill="white")
    return image


def write_clip(path: Path, number: int, seconds: int, title: str, colour: tuple[int, int, int]) -> None:
    """One H.264 clip in a web-ready mp4 (its index first, so playback starts before the download ends)."""
    with av.open(str(path), mode="w", options={"movflags": "+faststart"}) as container:
        stream = container.add_stream("libx264", rate=FPS)
        stream.width, stream.height, stream.pix_fmt = WIDTH, HEIGHT, "yuv420p"
        stream.options = {"crf": "32", "preset": "veryslow", "profile": "main", "g": str(FPS * 5)}
        stream.codec_context.time_base = Fraction(1, FPS)
        last = None
        for index in range(seconds * FPS):
            second = index / FPS
            # The picture changes four times a second (the bar and the clock); the encoder shares the rest.
            if index % (FPS // 4) == 0 or last is None:
                last = np.asarray(_frame(number, title, colour, second, seconds))
            frame = av.VideoFrame.from_ndarray(last, format="rgb24")
            frame.pts = index
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)


def main() -> int:
    MEDIA.mkdir(parents=True, exist_ok=True)
    for number, (name, seconds, title, colour) in enumerate(CLIPS, start=1):
        path = MEDIA / name
        write_clip(path, number, seconds, title, colour)
        print(f"{path.relative_to(ROOT)}: {seconds} s, {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
