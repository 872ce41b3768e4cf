"""Draw the demo catalog's images with Pillow: course thumbnails, avatars, the hero and two fallbacks.

Nothing is downloaded. Run once after changing the catalog and commit the files::

    python -m marketplace.demo.images

They land in ``assets/images/`` and the app serves them as ``/images/...``.
"""

from __future__ import annotations

import hashlib
import logging
import subprocess
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from marketplace.demo.catalog import CATEGORY_BY_NAME, COURSES, course_colors, people
from marketplace.demo.drawing import draw_hero, draw_stock, gradient
from marketplace.settings import PROJECT_ROOT

log = logging.getLogger(__name__)

IMAGES_DIR = PROJECT_ROOT / "assets" / "images"
THUMB_SIZE = (640, 360)
# Small thumbnails for tiny slots (the header search's 64x36 results), named courses/<n>-sm.webp.
SMALL_THUMB_SIZE = (128, 72)
AVATAR_SIZE = 160
HERO_SIZE = (960, 720)
# The hero for phones (a 358 px slot at 390 px wide), offered through srcset beside the 960 px one.
HERO_SMALL_SIZE = (480, 360)
HERO_SMALL_NAME = "hero-480.webp"
QUALITY = 70
SCALE = 2  # draw at twice the size, then shrink: smooth edges without an anti-aliasing library

AVATAR_COLORS = (
    ("#1d4ed8", "#3b82f6"),
    ("#047857", "#10b981"),
    ("#b45309", "#f59e0b"),
    ("#be123c", "#fb7185"),
    ("#6d28d9", "#a78bfa"),
    ("#0f766e", "#2dd4bf"),
    ("#9a3412", "#fb923c"),
    ("#334155", "#64748b"),
)
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


@cache
def _font_path(bold: bool) -> str | None:
    """A DejaVu Sans file when the system has one (fc-list knows best), else None."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return str(folder / name)
    try:
        listing = subprocess.run(["fc-list", ":family=DejaVu Sans", "file"], capture_output=True, text=True)  # noqa: S607
    except OSError:
        return None
    return next((line.split(":")[0] for line in listing.stdout.splitlines() if line.split(":")[0].endswith(name)), None)


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans at ``size`` pixels, or Pillow's built-in font when DejaVu is missing."""
    path = _font_path(bold)
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, face, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and draw.textlength(candidate, font=face) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


def _save(image: Image.Image, path: Path, size: tuple[int, int], quality: int = QUALITY) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").resize(size, Image.Resampling.LANCZOS).save(path, "WEBP", quality=quality, method=6)
    return path


def course_thumbnail(title: str, category: str, colors: tuple[str, str]) -> Image.Image:
    """A 16:9 card: the category's gradient, soft circles, a category pill and the title (at ``SCALE``)."""
    w, h = THUMB_SIZE[0] * SCALE, THUMB_SIZE[1] * SCALE
    image = gradient((w, h), *colors)
    overlay = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    seed = int(hashlib.sha256(title.encode()).hexdigest(), 16)  # each title gets its own arrangement
    cx, cy, r = w - 120 - seed % 200, 60 + seed % 140, 250 + seed % 110
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255, 38))
    draw.ellipse((cx - r // 2, cy - r // 2, cx + r // 2, cy + r // 2), outline=(255, 255, 255, 90), width=14)
    bx = w - 520 + seed % 160
    draw.rounded_rectangle((bx, 300, bx + 220, 420), radius=36, fill=(255, 255, 255, 44))
    for i in range(3):  # a row of dots under the category pill
        x = 72 + i * 44
        draw.ellipse((x, 168, x + 22, 190), fill=(255, 255, 255, 120 - i * 30))
    image = Image.alpha_composite(image.convert("RGBA"), overlay)
    draw = ImageDraw.Draw(image)
    pill_font = font(30)
    label = category.upper()
    pill_w = draw.textlength(label, font=pill_font) + 56
    draw.rounded_rectangle((64, 60, 64 + pill_w, 120), radius=30, fill=(255, 255, 255, 235))
    draw.text((92, 90), label, font=pill_font, fill=colors[0], anchor="lm")
    title_font = font(66)
    lines = _wrap(draw, title, title_font, w - 200)
    if len(lines) > 3:
        title_font = font(54)
        lines = _wrap(draw, title, title_font, w - 160)
    y = h - 80 - len(lines) * 78
    for line in lines:
        draw.text((68, y + 4), line, font=title_font, fill=(0, 0, 0, 70))  # a soft shadow keeps it readable
        draw.text((64, y), line, font=title_font, fill="white")
        y += 78
    return image


def avatar(first: str, last: str, index: int) -> Image.Image:
    """Initials in white on a coloured gradient circle over a matching background (at ``SCALE``)."""
    size = AVATAR_SIZE * SCALE
    dark, light = AVATAR_COLORS[index % len(AVATAR_COLORS)]
    image = gradient((size, size), light, dark).convert("RGBA")
    draw = ImageDraw.Draw(image)
    inset = size // 14
    draw.ellipse((inset, inset, size - inset, size - inset), fill=dark)
    initials = f"{first[:1]}{last[:1]}".upper()
    draw.text((size / 2, size / 2 + 4), initials, font=font(size * 38 // 100), fill="white", anchor="mm")
    return image


def placeholder_avatar() -> Image.Image:
    """A neutral head-and-shoulders silhouette for people without a picture (at ``SCALE``)."""
    size = AVATAR_SIZE * SCALE
    image = gradient((size, size), "#e2e8f0", "#cbd5e1")
    draw = ImageDraw.Draw(image)
    draw.ellipse((size * 0.34, size * 0.2, size * 0.66, size * 0.52), fill="#94a3b8")
    draw.ellipse((size * 0.18, size * 0.58, size * 0.82, size * 1.2), fill="#94a3b8")
    return image


def generate_images(root: Path = IMAGES_DIR) -> list[Path]:
    """Write every demo image under ``root`` and return their paths.

    Writes ``courses/<n>.webp`` (640x360) and ``courses/<n>-sm.webp`` (128x72) for the n-th catalog course,
    ``avatars/<n>.webp`` (160x160) for the n-th person, ``avatars/placeholder.webp``, ``hero.webp`` (960x720)
    and ``hero-480.webp`` (480x360), and the course fallbacks ``placeholder-course.webp`` and ``stock-course.webp``.
    """
    written = []
    for number, course in enumerate(COURSES, start=1):
        category = CATEGORY_BY_NAME[course.categories[0]].name
        image = course_thumbnail(course.title, category, course_colors(course))
        written.append(_save(image, root / "courses" / f"{number}.webp", THUMB_SIZE))
        written.append(_save(image, root / "courses" / f"{number}-sm.webp", SMALL_THUMB_SIZE))
    for number, (first, last) in enumerate(people(), start=1):
        written.append(_save(avatar(first, last, number), root / "avatars" / f"{number}.webp", (AVATAR_SIZE,) * 2))
    written.append(_save(placeholder_avatar(), root / "avatars" / "placeholder.webp", (AVATAR_SIZE,) * 2))
    hero = draw_hero(tuple(s * SCALE for s in HERO_SIZE))
    written.append(_save(hero, root / "hero.webp", HERO_SIZE, 72))
    written.append(_save(hero, root / HERO_SMALL_NAME, HERO_SMALL_SIZE, 72))
    placeholder = course_thumbnail("Course image coming soon", "Naija Learn", ("#64748b", "#cbd5e1"))
    written.append(_save(placeholder, root / "placeholder-course.webp", THUMB_SIZE))
    stock = draw_stock(tuple(s * SCALE for s in THUMB_SIZE), font(64), font(30))
    written.append(_save(stock, root / "stock-course.webp", THUMB_SIZE))
    return written


def main() -> None:
    """Generate the images into ``assets/images`` and log how many and how big."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    paths = generate_images()
    largest = max(paths, key=lambda p: p.stat().st_size)
    log.info("Wrote %d images; the largest is %s (%d bytes)", len(paths), largest, largest.stat().st_size)


if __name__ == "__main__":
    main()
