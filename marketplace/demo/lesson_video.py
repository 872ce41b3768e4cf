"""Make the small local lesson video that every demo preview plays, so the player works offline.

Needs ffmpeg (``apt-get install ffmpeg``) only when regenerating; the result is committed as
``assets/media/demo-lesson.mp4`` and served as ``/media/demo-lesson.mp4``::

    python -m marketplace.demo.lesson_video
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

from marketplace.settings import PROJECT_ROOT

log = logging.getLogger(__name__)

VIDEO_PATH = PROJECT_ROOT / "assets" / "media" / "demo-lesson.mp4"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SECONDS = 10


def ffmpeg_command(target: Path, font: str = FONT) -> list[str]:
    """The ffmpeg command line: colour bars with a title and a running clock, H.264 in a web-ready mp4."""
    text = f"fontfile={font}:fontcolor=white:box=1:boxcolor=0x1e3a8acc:boxborderw=18"
    filters = ",".join(
        (
            f"drawtext={text}:fontsize=30:x=(w-text_w)/2:y=h*0.30:text='Naija Learn demo lesson'",
            f"drawtext={text}:fontsize=24:x=(w-text_w)/2:y=h*0.62:text='%{{pts\\:hms}}'",
        )
    )
    return [
        "ffmpeg",
        "-y",
        "-f",
        "lavfi",
        "-i",
        f"smptehdbars=size=640x360:rate=24:duration={SECONDS}",
        "-vf",
        filters,
        "-c:v",
        "libx264",
        "-profile:v",
        "main",
        "-preset",
        "veryslow",
        "-crf",
        "30",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",  # the index first, so the browser starts playing before the download ends
        str(target),
    ]


def make_lesson_video(target: Path = VIDEO_PATH) -> Path:
    """Write the demo lesson video to ``target``; raises FileNotFoundError when ffmpeg is missing."""
    if shutil.which("ffmpeg") is None:
        raise FileNotFoundError("ffmpeg is not installed (apt-get install ffmpeg)")
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(ffmpeg_command(target), check=True, capture_output=True)  # noqa: S603 - fixed arguments
    return target


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    path = make_lesson_video()
    log.info("Wrote %s (%d bytes)", path, path.stat().st_size)
