"""A certificate of completion as anyone may see it: names, course, date, hours and its public code."""

from __future__ import annotations

from datetime import datetime

from marketplace.shapes.base import Shape


class CertificateView(Shape):
    """What the public verification page, the PDF and the API show; no email, no account id."""

    code: str = ""
    learner_name: str = ""
    course_id: int = 0
    course_title: str = ""
    instructor_name: str = ""
    hours: int = 0
    issued_at: datetime | None = None
    issued_text: str = ""  # 24 November 2026
    url: str = ""  # the public page, /certificates/{code}
    pdf_url: str = ""  # /api/certificates/{code}/pdf
