"""The course page: breadcrumb, title card, tabs, sticky price card, syllabus with playable previews, instructor."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.cards import course_card, heart_button
from marketplace.components.catalog_parts import person_picture, picture, section_heading
from marketplace.components.catalog_syllabus import details_section
from marketplace.components.course_buy import buy_box, status_banner
from marketplace.components.course_reviews import reviews_section
from marketplace.components.icons import lucide
from marketplace.components.ui import badge, stars
from marketplace.shapes.catalog import SocialLink
from marketplace.states.course import CourseState
from marketplace.states.reviews import ReviewListState

TABS = (("Details", "details"), ("Instructor", "instructor"), ("Courses", "courses"), ("Reviews", "reviews"))


def breadcrumb(*crumbs: tuple[str, str], current) -> rx.Component:
    """Home > ... > the current page, as an ordered list of links."""
    items = []
    for label, href in crumbs:
        items.append(
            rx.el.li(
                rx.el.a(label, href=href, class_name="hover:text-blue-600 hover:underline"),
                lucide("chevron-right", size=14, class_name="text-gray-400", aria_hidden="true"),
                class_name="flex items-center gap-1",
            )
        )
    items.append(rx.el.li(rx.el.span(current, aria_current="page", class_name="text-gray-900 line-clamp-1")))
    return rx.el.nav(
        rx.el.ol(*items, class_name="flex flex-wrap items-center gap-1 text-sm text-gray-600"),
        aria_label="Breadcrumb",
        class_name="mb-4",
    )


def _fact(icon: str, *text) -> rx.Component:
    return rx.el.li(lucide(icon, size=16, class_name="text-gray-500"), *text, class_name="flex items-center gap-2")


def title_card() -> rx.Component:
    """Title, rating with its real count, the teacher, and the course's size."""
    c = CourseState.course
    rating = ReviewListState.summary
    return rx.el.div(
        rx.el.div(
            rx.el.div(rx.foreach(c.categories, lambda name: badge(name, "blue")), class_name="flex flex-wrap gap-2"),
            heart_button(c.id, c.title),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.h1(c.title, class_name=f"{styles.H1} mt-1"),
        rx.cond(c.subtitle != "", rx.el.p(c.subtitle, class_name="mt-2 text-base text-gray-700 sm:text-lg")),
        rx.el.div(
            # From the review list's summary, so a review just posted shows here too.
            rx.el.span(rating.average_text, class_name="font-semibold text-gray-900"),
            stars(rating.average_rating, size=16, label="Rated " + rating.average_text + " out of 5"),
            rx.el.a(
                "(",
                rating.total_reviews,
                rx.cond(rating.total_reviews == 1, " review)", " reviews)"),
                href="#reviews",
                class_name="text-sm text-blue-600 hover:underline",
            ),
            class_name="mt-3 flex flex-wrap items-center gap-2",
        ),
        rx.el.p(
            "By ",
            rx.el.a(
                CourseState.instructor.name,
                href=routes.teacher("") + CourseState.instructor.id.to_string(),
                class_name=styles.LINK,
            ),
            class_name="mt-2 text-sm text-gray-700",
        ),
        rx.el.ul(
            _fact("book-open", c.lectures, " lectures"),
            _fact("clock", c.hours, " hours"),
            _fact("signal", c.level),
            _fact("languages", c.language),
            class_name="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-gray-700",
        ),
        class_name=f"{styles.CARD} p-5 sm:p-6",
    )


def _poster_button(p, where: str) -> rx.Component:
    """The course's thumbnail with a play button: the preview loads nothing until it is pressed."""
    return rx.el.button(
        picture(CourseState.course.thumbnail, "", 640, 360, lazy=False, class_name="h-full w-full object-cover"),
        rx.el.span(
            lucide("play", size=30, class_name="ml-1 fill-current"),
            class_name="absolute inset-0 m-auto flex h-16 w-16 items-center justify-center rounded-full bg-white/90 "
            "text-gray-900 shadow-lg transition-transform group-hover:scale-110",
            aria_hidden="true",
        ),
        type="button",
        aria_label="Play preview: " + p.title,
        on_click=CourseState.play_preview(where),
        class_name="group relative block h-full w-full",
    )


def _frame(p, *, youtube: bool) -> rx.Component:
    return rx.el.iframe(
        # The player's own YouTube embed (domain.video), started by the press that showed it.
        src=p.src + ("&autoplay=1" if youtube else ""),
        title="Course preview: " + p.title,
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen",
        allow_full_screen=True,
        referrer_policy="strict-origin-when-cross-origin",
        sandbox=None if youtube else "allow-scripts allow-presentation allow-popups",
        class_name="h-full w-full border-0",
    )


def _playing(p) -> rx.Component:
    return rx.match(
        p.kind,
        (
            "native",
            rx.el.video(
                rx.el.source(src=p.src, type=p.mime),
                "Your browser cannot play this video.",
                controls=True,
                auto_play=True,  # the press on the poster was the learner's play
                plays_inline=True,
                poster=CourseState.course.thumbnail,
                custom_attrs={"width": "640", "height": "360"},
                aria_label="Course preview: " + p.title,
                class_name="h-full w-full bg-black",
            ),
        ),
        ("youtube", _frame(p, youtube=True)),
        _frame(p, youtube=False),
    )


def preview_player(where: str, class_name: str = "") -> rx.Component:
    """The first preview section's video, shown as the course's thumbnail with a play button until pressed (so
    nothing of it downloads before), then a native <video> for files or the player's YouTube embed for links.

    Without a playable preview, the thumbnail alone.
    """
    p = CourseState.preview
    return rx.cond(
        CourseState.has_preview,
        rx.el.figure(
            rx.el.div(
                rx.cond(CourseState.preview_playing == where, _playing(p), _poster_button(p, where)),
                class_name="aspect-video w-full overflow-hidden rounded-md bg-slate-900",
            ),
            rx.el.figcaption(
                lucide("circle-play", size=16, class_name="text-blue-600", aria_hidden="true"),
                "Preview this course: ",
                rx.el.span(p.title, class_name="font-semibold"),
                class_name="mt-2 flex flex-wrap items-center gap-1 text-sm text-gray-700",
            ),
            class_name=class_name,
            data_testid="course-preview",
        ),
        rx.el.div(
            picture(
                CourseState.course.thumbnail,
                "",
                640,
                360,
                lazy=False,
                class_name="aspect-video h-auto w-full rounded-md object-cover",
            ),
            class_name=class_name,
        ),
    )


def tabs() -> rx.Component:
    """Details, Instructor, Courses, Reviews: links to the sections below."""
    return rx.el.nav(
        *[
            rx.el.a(
                label,
                href=f"#{anchor}",
                class_name="inline-flex min-h-[44px] items-center border-b-2 border-transparent px-3 text-sm "
                "font-semibold text-gray-700 hover:border-blue-600 hover:text-blue-600",
            )
            for label, anchor in TABS
        ],
        aria_label="Course sections",
        class_name="mt-6 flex overflow-x-auto border-b border-gray-200",
    )


def _share_link(link: SocialLink) -> rx.Component:
    return rx.el.a(
        link.label,
        href=link.href,
        target="_blank",
        rel="noopener noreferrer",
        aria_label="Share on " + link.label,
        class_name="inline-flex min-h-[44px] items-center rounded-full border border-gray-300 px-3 text-xs "
        "font-semibold text-gray-700 hover:bg-gray-50",
    )


def copy_link() -> rx.event.EventSpec:
    """Write the page's address to the clipboard, then say whether the browser allowed it."""
    return rx.call_script(
        f"(navigator.clipboard ? navigator.clipboard.writeText({CourseState.page_url.to_string()})"
        ".then(() => true, () => false) : false)",
        callback=CourseState.link_copied,
    )


def share_row() -> rx.Component:
    """Copy link, WhatsApp, X, Facebook, LinkedIn."""
    return rx.el.div(
        rx.el.p("Share this course", class_name="text-sm font-semibold text-gray-900"),
        rx.el.div(
            rx.el.button(
                lucide("link", size=14),
                "Copy link",
                type="button",
                on_click=copy_link(),
                class_name="inline-flex min-h-[44px] items-center gap-1 rounded-full border border-gray-300 px-3 "
                "text-xs font-semibold text-gray-700 hover:bg-gray-50",
            ),
            rx.foreach(CourseState.share, _share_link),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        class_name="mt-5 border-t border-gray-100 pt-4",
    )


def price_card() -> rx.Component:
    """Price, struck original, n% Off, and the way in for this viewer (components/course_buy.py)."""
    c = CourseState.course
    return rx.el.div(
        # On desktops the preview heads the price card; phones have it above the title (course_body).
        preview_player("desktop", "hidden lg:block"),
        buy_box(),
        rx.el.ul(
            _fact("clock", c.hours, " hours of video"),
            _fact("book-open", c.lectures, " lectures"),
            _fact("signal", c.level, " level"),
            _fact("award", "Certificate of completion"),
            _fact("infinity", "Lifetime access"),
            class_name="mt-5 flex flex-col gap-2 text-sm text-gray-700",
        ),
        share_row(),
        class_name=f"{styles.CARD} p-5 lg:sticky lg:top-4",
        data_testid="price-card",
    )


def instructor_section() -> rx.Component:
    """The course's real teacher, linking to the teacher page."""
    t = CourseState.instructor
    href = routes.teacher("") + t.id.to_string()
    return rx.el.section(
        rx.el.h2("Instructor", class_name=styles.H2),
        rx.el.div(
            picture(
                person_picture(t.picture),
                "",
                96,
                96,
                class_name="h-24 w-24 shrink-0 rounded-full object-cover bg-gray-100",
            ),
            rx.el.div(
                rx.el.h3(rx.el.a(t.name, href=href, class_name="hover:text-blue-600"), class_name=styles.H3),
                rx.el.p(t.title, class_name=styles.MUTED),
                rx.el.ul(
                    _fact("star", t.rating_text, " rating (", t.review_count, " reviews)"),
                    _fact("users", t.students_text, " students"),
                    _fact("circle-play", t.course_count, " courses"),
                    class_name="mt-2 flex flex-col gap-1 text-sm text-gray-700",
                ),
                class_name="min-w-0",
            ),
            class_name="mt-4 flex flex-col gap-4 sm:flex-row",
        ),
        rx.el.p(t.about, class_name="mt-4 line-clamp-6 whitespace-pre-line text-gray-700"),
        rx.el.a(
            "View instructor profile",
            lucide("arrow-right", size=16),
            href=href,
            class_name="mt-3 inline-flex min-h-[44px] items-center gap-1 font-semibold text-blue-600 hover:underline",
        ),
        id="instructor",
        class_name="scroll-mt-4 border-t border-gray-200 pt-8 mt-8",
        data_testid="course-instructor",
    )


def related_section() -> rx.Component:
    """Up to four courses sharing a category, with See All."""
    return rx.el.section(
        section_heading("Related Courses", routes.COURSES, see_all_label="See all courses"),
        rx.cond(
            CourseState.related.length() > 0,
            rx.el.div(
                rx.foreach(CourseState.related, course_card),
                class_name="grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.p("No related courses yet.", class_name="text-sm text-gray-500"),
        ),
        id="courses",
        class_name="scroll-mt-4 mt-12",
    )


def course_body() -> rx.Component:
    """The whole course page once loaded: the price card sits beside the content on desktops."""
    return rx.fragment(
        breadcrumb(("Home", routes.HOME), ("Categories", routes.CATEGORIES), current=CourseState.course.title),
        status_banner(),
        rx.el.div(
            preview_player("phone", "min-w-0 lg:hidden"),
            rx.el.div(title_card(), class_name="min-w-0 lg:col-start-1"),
            rx.el.aside(price_card(), aria_label="Price", class_name="lg:col-start-2 lg:row-span-2 lg:row-start-1"),
            rx.el.div(
                tabs(),
                details_section(),
                instructor_section(),
                rx.el.div(reviews_section(), id="reviews", class_name="scroll-mt-4 border-t border-gray-200 mt-8 pt-8"),
                class_name="min-w-0 lg:col-start-1",
            ),
            class_name="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-8",
        ),
        related_section(),
    )


def course_not_found() -> rx.Component:
    """An unknown course id: said plainly, with the way back to the catalog."""
    return rx.el.div(
        lucide("search-x", size=40, class_name="text-gray-400"),
        rx.el.h1("Course not found", class_name=f"{styles.H1} mt-3"),
        rx.el.p("This course does not exist or is no longer available.", class_name="mt-2 text-gray-600"),
        rx.el.a("Browse courses", href=routes.CATEGORIES, class_name=f"{styles.BTN_PRIMARY} mt-5"),
        class_name="flex flex-col items-center py-16 text-center",
    )
