"""The certificate of completion as a one-page A4 landscape PDF.

fpdf2 draws it with DejaVu Sans, shipped in ``fonts/`` (Nigerian names carry letters such as ọ, ẹ and ṣ that the
PDF core fonts lack); only the glyphs used are embedded, so a certificate weighs a few tens of kilobytes.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from marketplace.shapes.certificates import CertificateView

FONTS = Path(__file__).parent / "fonts"
SITE_NAME = "Naija Learn"
_INK = (17, 24, 39)  # gray-900
_MUTED = (75, 85, 99)  # gray-600
_ACCENT = (37, 99, 235)  # blue-600, the site's buttons


def _hours_text(hours: int) -> str:
    return f"{hours} hour{'s' if hours != 1 else ''} of video" if hours > 0 else ""


def render(certificate: CertificateView, *, public_url: str) -> bytes:
    """The PDF bytes; ``public_url`` is where the verification link points (the site's address)."""
    pdf = FPDF(orientation="landscape", unit="mm", format="A4")
    pdf.set_title(f"Certificate of completion: {certificate.course_title}")
    pdf.set_author(SITE_NAME)
    pdf.set_creator(SITE_NAME)
    pdf.add_font("DejaVu", "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.set_auto_page_break(auto=False)
    pdf.add_page()
    width, height = pdf.w, pdf.h

    pdf.set_draw_color(*_ACCENT)
    pdf.set_line_width(1.2)
    pdf.rect(10, 10, width - 20, height - 20)
    pdf.set_line_width(0.3)
    pdf.rect(14, 14, width - 28, height - 28)

    def line(text: str, size: float, *, bold: bool = False, color: tuple[int, int, int] = _INK, gap: float = 4) -> None:
        pdf.set_font("DejaVu", "B" if bold else "", size)
        pdf.set_text_color(*color)
        pdf.set_x(20)
        pdf.multi_cell(width - 40, size * 0.5, text, align="C")
        pdf.ln(gap)

    pdf.set_y(30)
    line(SITE_NAME.upper(), 12, bold=True, color=_ACCENT, gap=6)
    line("Certificate of Completion", 30, bold=True, gap=8)
    line("This certifies that", 13, color=_MUTED)
    line(certificate.learner_name, 26, bold=True, gap=6)
    line("has completed the course", 13, color=_MUTED)
    line(certificate.course_title, 18, bold=True, gap=4)
    details = [f"taught by {certificate.instructor_name}" if certificate.instructor_name else ""]
    details.append(_hours_text(certificate.hours))
    line(" · ".join(d for d in details if d), 12, color=_MUTED, gap=2)
    line(f"Issued on {certificate.issued_text}", 12, color=_MUTED)

    verify = f"{public_url.rstrip('/')}{certificate.url}"
    pdf.set_y(height - 40)
    line(f"Certificate code {certificate.code}", 11, bold=True, gap=1)
    pdf.set_font("DejaVu", "", 10)
    pdf.set_text_color(*_ACCENT)
    pdf.set_x(20)
    pdf.cell(width - 40, 6, f"Check it at {verify}", align="C", link=verify)
    return bytes(pdf.output())
