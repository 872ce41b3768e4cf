"""The course page's Details section: overview, certificate, and the syllabus accordion with playable previews."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.shapes.catalog import Section
from marketplace.states.course import CourseState

CERTIFICATE_TEXT = (
    "Finish every lesson and you receive a certificate of completion with your name and the course title, "
    "ready to share on LinkedIn or attach to a job application."
)


def _player(section: Section) -> rx.Component:
    return rx.match(
        section.kind,
        (
            "native",
            rx.el.video(
                rx.el.source(src=section.src, type=section.mime),
                "Your browser cannot play this video.",
                controls=True,
                preload="none",
                plays_inline=True,
                custom_attrs={"width": "640", "height": "360"},
                aria_label="Preview: " + section.title,
                class_name="aspect-video w-full rounded-md bg-black",
            ),
        ),
        (
            "youtube",
            rx.el.iframe(
                src=section.src,
                title="Preview: " + section.title,
                loading="lazy",
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen",
                referrer_policy="strict-origin-when-cross-origin",
                custom_attrs={"width": "640", "height": "360"},
                class_name="aspect-video w-full rounded-md border-0",
            ),
        ),
        (
            "frame",
            rx.el.iframe(
                src=section.src,
                title="Preview: " + section.title,
                loading="lazy",
                sandbox="allow-scripts allow-same-origin allow-presentation",
                custom_attrs={"width": "640", "height": "360"},
                class_name="aspect-video w-full rounded-md border border-gray-200",
            ),
        ),
        rx.el.p("This preview has no video yet.", class_name="text-sm text-gray-500"),
    )


def _section(section: Section) -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            rx.cond(
                section.is_preview,
                lucide("circle-play", size=18, class_name="shrink-0 text-blue-600"),
                lucide("lock", size=18, class_name="shrink-0 text-gray-400"),
            ),
            rx.el.span(section.title, class_name="min-w-0 flex-1 text-sm font-medium text-gray-900"),
            rx.cond(
                section.is_preview,
                rx.el.span("Preview", class_name=f"{styles.BADGE} bg-blue-50 text-blue-700"),
                rx.el.span("Video", class_name=f"{styles.BADGE} bg-gray-100 text-gray-700"),
            ),
            rx.el.span(section.duration_text, class_name="w-14 shrink-0 text-right text-xs text-gray-500"),
            class_name="flex min-h-[48px] cursor-pointer items-center gap-3 px-4 py-2 hover:bg-gray-50",
        ),
        rx.el.div(
            rx.cond(
                section.is_preview,
                _player(section),
                rx.cond(
                    CourseState.enrolled,
                    rx.el.a(
                        "Watch in the course player",
                        href=routes.player("") + CourseState.course.id.to_string(),
                        class_name=styles.LINK + " text-sm",
                    ),
                    rx.el.p("Buy the course to watch this lesson.", class_name="text-sm text-gray-500"),
                ),
            ),
            class_name="px-4 pb-4",
        ),
        class_name="border-b border-gray-200 last:border-b-0",
        data_testid="syllabus-section",
    )


def _point(text, icon: str, tone: str) -> rx.Component:
    return rx.el.li(
        lucide(icon, size=18, class_name=f"mt-0.5 shrink-0 {tone}", aria_hidden="true"),
        rx.el.span(text),
        class_name="flex items-start gap-2",
    )


def _list_block(title: str, anchor: str, items, icon: str, tone: str, *, boxed: bool = False) -> rx.Component:
    """A titled list of points (What you'll learn, Requirements, Who this course is for); none: nothing shown."""
    return rx.cond(
        items.length() > 0,
        rx.el.section(
            rx.el.h2(title, id=f"{anchor}-heading", class_name=styles.H2),
            rx.el.ul(
                rx.foreach(items, lambda text: _point(text, icon, tone)),
                class_name="mt-3 grid gap-x-6 gap-y-2 text-sm text-gray-700 sm:grid-cols-2"
                if boxed
                else "mt-3 flex flex-col gap-2 text-gray-700",
            ),
            aria_labelledby=f"{anchor}-heading",
            class_name=f"{styles.CARD} mb-8 p-5" if boxed else "mt-8",
            data_testid=anchor,
        ),
    )


def details_section() -> rx.Component:
    """What you'll learn, overview, requirements, who the course is for, certificate and the syllabus accordion."""
    c = CourseState.course
    return rx.el.section(
        _list_block("What you'll learn", "course-learn", c.learn, "check", "text-green-700", boxed=True),
        rx.el.h2("Overview", class_name=styles.H2),
        rx.el.p(c.description, class_name="mt-3 whitespace-pre-line text-gray-700"),
        _list_block("Requirements", "course-requirements", c.requirements, "circle-check", "text-gray-500"),
        _list_block("Who this course is for", "course-audience", c.audience, "user-check", "text-blue-600"),
        rx.el.h3("Certificate", class_name=f"{styles.H3} mt-6"),
        rx.el.p(CERTIFICATE_TEXT, class_name="mt-2 text-gray-700"),
        rx.el.h2("Syllabus", class_name=f"{styles.H2} mt-8"),
        rx.el.p(CourseState.sections.length(), " sections", class_name=f"{styles.MUTED} mt-1"),
        rx.el.div(
            rx.foreach(CourseState.sections, _section),
            class_name="mt-3 overflow-hidden rounded-lg border border-gray-200",
        ),
        id="details",
        class_name="scroll-mt-4 pt-8",
    )
