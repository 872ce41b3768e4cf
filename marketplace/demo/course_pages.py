"""What each demo course's page tells a visitor deciding to buy: subtitle, language, what you'll learn,
requirements and who the course is for (docs/product.md, "Course page"), keyed by the course's title.

The pages live beside their courses, one module per area (course_pages_tech.py ... course_pages_science.py).
"""

from __future__ import annotations

from marketplace.demo.course_pages_business import BUSINESS_PAGES
from marketplace.demo.course_pages_creative import CREATIVE_PAGES
from marketplace.demo.course_pages_science import SCIENCE_PAGES
from marketplace.demo.course_pages_tech import TECH_PAGES
from marketplace.demo.records import DemoCoursePage

COURSE_PAGES: dict[str, DemoCoursePage] = {**TECH_PAGES, **BUSINESS_PAGES, **CREATIVE_PAGES, **SCIENCE_PAGES}
