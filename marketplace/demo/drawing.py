"""Drawing helpers for the demo images: gradients, the hero illustration and the stock course picture.

Everything is drawn with Pillow's primitives in the site's blue palette, with rounded, friendly shapes.
"""

from __future__ import annotations

import math

from PIL import Image, ImageColor, ImageDraw, ImageFilter

BLUE = "#2563eb"
BLUE_DARK = "#1e3a8a"
SKY = "#dbeafe"
AMBER = "#f59e0b"
GREEN = "#16a34a"
SKIN = "#8d5524"
HAIR = "#1f1410"


def gradient(size: tuple[int, int], start: str, end: str) -> Image.Image:
    """A diagonal gradient from ``start`` (top left) to ``end`` (bottom right), in RGB."""
    across = Image.linear_gradient("L").rotate(90).resize(size)  # 0 on the left, 255 on the right
    down = Image.linear_gradient("L").resize(size)  # 0 at the top, 255 at the bottom
    mask = Image.blend(across, down, 0.45)
    return Image.composite(Image.new("RGB", size, end), Image.new("RGB", size, start), mask)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: str) -> None:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


def _card(image: Image.Image, box: tuple[int, int, int, int], radius: int = 36) -> ImageDraw.ImageDraw:
    """A white card with a soft shadow; returns a drawer for its contents."""
    x0, y0, x1, y1 = box
    shadow = Image.new("RGBA", image.size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle((x0 + 8, y0 + 18, x1 + 8, y1 + 18), radius, fill=(30, 58, 138, 60))
    image.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(18)))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius, fill="white")
    return draw


def _learner(draw: ImageDraw.ImageDraw, cx: int, base: int, s: float) -> None:
    """A learner in a head wrap behind an open laptop, centred on ``cx`` with the desk at ``base``."""
    draw.rounded_rectangle((cx - 260 * s, base - 430 * s, cx + 260 * s, base + 40 * s), 200 * s, fill=GREEN)
    draw.rectangle((cx - 45 * s, base - 520 * s, cx + 45 * s, base - 420 * s), fill=SKIN)  # neck
    draw.ellipse((cx - 130 * s, base - 760 * s, cx + 130 * s, base - 480 * s), fill=SKIN)  # face
    draw.ellipse((cx - 160 * s, base - 880 * s, cx + 160 * s, base - 640 * s), fill=AMBER)  # gele
    draw.ellipse((cx - 210 * s, base - 800 * s, cx - 60 * s, base - 690 * s), fill="#d97706")
    draw.ellipse((cx + 60 * s, base - 800 * s, cx + 210 * s, base - 690 * s), fill="#d97706")
    for ex in (-50, 50):  # eyes and a smile
        draw.ellipse((cx + (ex - 14) * s, base - 640 * s, cx + (ex + 14) * s, base - 610 * s), fill=HAIR)
    draw.arc((cx - 55 * s, base - 620 * s, cx + 55 * s, base - 545 * s), 20, 160, fill=HAIR, width=int(10 * s))
    # The laptop, seen from behind: lid and base.
    draw.rounded_rectangle((cx - 330 * s, base - 330 * s, cx + 330 * s, base + 10 * s), 28 * s, fill="#cbd5e1")
    draw.ellipse((cx - 40 * s, base - 200 * s, cx + 40 * s, base - 120 * s), fill="#f8fafc")
    draw.rounded_rectangle((cx - 420 * s, base, cx + 420 * s, base + 44 * s), 22 * s, fill="#94a3b8")


def draw_hero(size: tuple[int, int]) -> Image.Image:
    """A friendly hero picture: a learner at a laptop among floating course, rating and certificate cards."""
    w, h = size
    s = w / 1920
    image = gradient(size, "#eff6ff", "#fef3c7").convert("RGBA")
    draw = ImageDraw.Draw(image)
    draw.ellipse((w * 0.18, h * 0.12, w * 0.86, h * 1.02), fill=SKY)
    draw.ellipse((w * 0.70, h * 0.05, w * 0.95, h * 0.38), fill="#bfdbfe")
    for x, y, r in ((0.1, 0.2, 18), (0.9, 0.62, 14), (0.16, 0.78, 12), (0.62, 0.08, 10)):
        draw.ellipse((w * x - r * s, h * y - r * s, w * x + r * s, h * y + r * s), fill=AMBER)
    _learner(draw, int(w * 0.52), int(h * 0.86), s)
    draw.rounded_rectangle((0, h * 0.9, w, h), 0, fill="#1e40af")  # the desk

    card = _card(image, (int(90 * s), int(260 * s), int(640 * s), int(560 * s)))
    card.rounded_rectangle((130 * s, 300 * s, 600 * s, 440 * s), 24 * s, fill=BLUE)
    card.ellipse((325 * s, 330 * s, 405 * s, 410 * s), fill="white")
    card.polygon([(352 * s, 348 * s), (352 * s, 392 * s), (390 * s, 370 * s)], fill=BLUE)
    card.rounded_rectangle((130 * s, 465 * s, 520 * s, 490 * s), 12 * s, fill="#cbd5e1")
    card.rounded_rectangle((130 * s, 510 * s, 420 * s, 530 * s), 10 * s, fill="#e2e8f0")

    card = _card(image, (int(1320 * s), int(300 * s), int(1820 * s), int(470 * s)))
    for i in range(5):
        _star(card, (1380 + i * 95) * s, 385 * s, 38 * s, AMBER)

    card = _card(image, (int(1360 * s), int(900 * s), int(1800 * s), int(1140 * s)))
    card.ellipse((1400 * s, 950 * s, 1540 * s, 1090 * s), fill=GREEN)
    card.line([(1435 * s, 1020 * s), (1465 * s, 1050 * s), (1510 * s, 990 * s)], fill="white", width=int(16 * s))
    card.rounded_rectangle((1580 * s, 975 * s, 1760 * s, 1000 * s), 12 * s, fill="#cbd5e1")
    card.rounded_rectangle((1580 * s, 1035 * s, 1710 * s, 1058 * s), 11 * s, fill="#e2e8f0")
    return image


def draw_stock(size: tuple[int, int], title_font, small_font) -> Image.Image:
    """The stock course picture shown when a thumbnail fails to load: a laptop playing a lesson."""
    w, h = size
    image = gradient(size, BLUE_DARK, BLUE).convert("RGBA")
    draw = ImageDraw.Draw(image)
    for x, y, r, alpha in ((0.85, 0.2, 0.3, 40), (0.1, 0.95, 0.25, 30)):
        tint = (*ImageColor.getrgb("#ffffff"), alpha)
        overlay = Image.new("RGBA", size, (0, 0, 0, 0))
        ImageDraw.Draw(overlay).ellipse((w * (x - r), h * y - w * r, w * (x + r), h * y + w * r), fill=tint)
        image.alpha_composite(overlay)
    draw = ImageDraw.Draw(image)
    screen = (w * 0.52, h * 0.2, w * 0.9, h * 0.68)
    draw.rounded_rectangle(screen, 24, fill="#0f172a", outline="#e2e8f0", width=12)
    draw.rounded_rectangle((w * 0.47, h * 0.68, w * 0.95, h * 0.74), 16, fill="#e2e8f0")
    cx, cy = (screen[0] + screen[2]) / 2, (screen[1] + screen[3]) / 2
    draw.ellipse((cx - 70, cy - 70, cx + 70, cy + 70), fill=AMBER)
    draw.polygon([(cx - 22, cy - 38), (cx - 22, cy + 38), (cx + 42, cy)], fill="white")
    draw.text((w * 0.07, h * 0.36), "Learn", font=title_font, fill="white")
    draw.text((w * 0.07, h * 0.36 + 80), "anything", font=title_font, fill="white")
    draw.text((w * 0.07, h * 0.36 + 190), "Naija Learn courses", font=small_font, fill="#bfdbfe")
    return image
