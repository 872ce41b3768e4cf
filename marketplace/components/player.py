"""Pieces of the course player: the video (YouTube, native or framed), its controls, progress and the curriculum."""

from __future__ import annotations

import reflex as rx
from reflex_base.event import no_args_event_spec
from reflex_base.vars.base import Var
from reflex_base.vars.object import ObjectVar
from reflex_components_core.el.elements.media import Video

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.shapes.learning import PlayerSection
from marketplace.states.player import (
    SHOW_VIDEO,
    SPEEDS,
    VIDEO_AREA_ID,
    VIDEO_ELEMENT_ID,
    YOUTUBE_ENDED_BUTTON,
    PlayerState,
)

SAVE_EVERY_MS = 10_000


def _current_time(event: ObjectVar[dict]) -> tuple[Var[float]]:
    return (event["target"].to(dict)["currentTime"].to(float),)


class LessonVideo(Video):
    """A native <video> that reports its position, its end and when its metadata is loaded."""

    on_time_update: rx.EventHandler[_current_time]
    on_pause: rx.EventHandler[_current_time]
    on_ended: rx.EventHandler[no_args_event_spec]
    on_loaded_metadata: rx.EventHandler[no_args_event_spec]


def progress_bar(percent, label) -> rx.Component:
    """A thin bar with its accessible value."""
    return rx.el.div(
        rx.el.div(
            class_name="h-full rounded-full bg-blue-600 transition-all", style={"width": percent.to_string() + "%"}
        ),
        role="progressbar",
        aria_valuenow=percent,
        aria_valuemin=0,
        aria_valuemax=100,
        aria_label=label,
        class_name="h-2 w-full overflow-hidden rounded-full bg-gray-200",
    )


def _frame(src, title, *, youtube: bool) -> rx.Component:
    youtube_only = {"id": "youtube-lesson"} if youtube else {}
    return rx.el.iframe(
        src=src,
        **youtube_only,
        title=title,
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen",
        allow_full_screen=True,
        referrer_policy="strict-origin-when-cross-origin",
        # Framed pages other than YouTube get scripts but not this site's origin.
        sandbox=None if youtube else "allow-scripts allow-presentation allow-popups",
        class_name="h-full w-full border-0",
    )


def video_area() -> rx.Component:
    """The current section's video in a 16:9 box."""
    current = PlayerState.current
    return rx.el.div(
        rx.match(
            current.kind,
            # A section the learner chose starts playing at once (the click is the gesture browsers ask for).
            (
                "youtube",
                _frame(current.src + rx.cond(PlayerState.autoplay, "&autoplay=1", ""), current.title, youtube=True),
            ),
            (
                "native",
                LessonVideo.create(
                    rx.el.source(src=current.src, type=current.mime),
                    "Your browser cannot play this video.",
                    id=VIDEO_ELEMENT_ID,
                    key=current.id,
                    controls=True,
                    plays_inline=True,
                    preload="metadata",
                    aria_label=current.title,
                    on_loaded_metadata=PlayerState.video_ready,
                    on_time_update=PlayerState.save_position.throttle(SAVE_EVERY_MS),
                    on_pause=PlayerState.save_position,
                    on_ended=PlayerState.section_ended,
                    class_name="h-full w-full bg-black",
                ),
            ),
            ("frame", _frame(current.src, current.title, youtube=False)),
            rx.el.div(
                lucide("video-off", size=36),
                rx.el.p("No video for this section yet."),
                class_name="flex h-full flex-col items-center justify-center gap-2 text-gray-300",
            ),
        ),
        # Pressed by the YouTube end listener (states.player.YOUTUBE_END_LISTENER), never by a person.
        rx.el.button(
            id=YOUTUBE_ENDED_BUTTON,
            type="button",
            on_click=PlayerState.section_ended,
            tab_index=-1,
            aria_hidden="true",
            class_name="hidden",
        ),
        id=VIDEO_AREA_ID,
        class_name="aspect-video w-full overflow-hidden rounded-lg bg-slate-900",
        data_testid="video-area",
    )


def _mark_button() -> rx.Component:
    current = PlayerState.current
    return rx.el.button(
        rx.cond(current.completed, lucide("circle-check", size=18), lucide("circle", size=18)),
        rx.cond(current.completed, "Completed", "Mark as complete"),
        type="button",
        aria_pressed=current.completed,
        on_click=PlayerState.toggle_complete(current.id),
        class_name=rx.cond(
            current.completed,
            f"{styles.BTN_OUTLINE} !border-green-600 !text-green-800",
            styles.BTN_OUTLINE,
        ),
    )


def video_controls() -> rx.Component:
    """Now playing, mark complete, playback speed (native video) and Next section."""
    current = PlayerState.current
    return rx.el.div(
        rx.el.h2(
            rx.el.span("Section ", current.number.to_string(), ": ", class_name="text-gray-500"),
            current.title,
            class_name="text-lg font-semibold text-gray-900",
            data_testid="now-playing",
        ),
        rx.el.div(
            rx.cond(~PlayerState.teaching, _mark_button()),
            rx.cond(
                current.kind == "native",
                rx.el.div(
                    rx.el.label("Speed", html_for="playback-speed", class_name="text-sm font-medium text-gray-700"),
                    rx.el.select(
                        *[rx.el.option(f"{s}x", value=s) for s in SPEEDS],
                        id="playback-speed",
                        value=PlayerState.speed,
                        on_change=PlayerState.set_speed,
                        class_name="min-h-[44px] rounded-md border border-gray-300 bg-white px-2 text-sm",
                    ),
                    class_name="flex items-center gap-2",
                ),
            ),
            rx.el.button(
                "Next section",
                lucide("arrow-right", size=18),
                type="button",
                disabled=PlayerState.next_id == 0,
                on_click=PlayerState.next_section,
                class_name=f"{styles.BTN_PRIMARY} sm:ml-auto",
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        class_name="mt-4 flex flex-col gap-3",
    )


def progress_card() -> rx.Component:
    """Overall progress and the course's figures."""
    stats = PlayerState.stats
    stat = "flex flex-col items-center rounded-md bg-gray-50 px-2 py-3"
    return rx.el.div(
        rx.el.div(
            rx.el.h2("Your progress", class_name="font-semibold text-gray-900"),
            rx.el.span(PlayerState.progress.percent.to_string() + "%", class_name="text-sm font-semibold"),
            class_name="flex items-center justify-between",
        ),
        progress_bar(PlayerState.progress.percent, "Course progress"),
        rx.el.p(
            rx.cond(PlayerState.progress.is_completed, "Completed · ", ""),
            PlayerState.progress.text,
            class_name="text-sm text-gray-600",
            data_testid="player-progress",
        ),
        rx.cond(
            PlayerState.certificate_url != "",
            rx.el.a(
                lucide("award", size=18),
                "View certificate",
                href=PlayerState.certificate_url,
                class_name=f"{styles.BTN_OUTLINE} w-full !border-green-600 !text-green-800",
            ),
        ),
        rx.el.dl(
            rx.el.div(
                rx.el.dt("Hours", class_name=styles.MUTED),
                rx.el.dd(stats.hours, class_name="font-bold"),
                class_name=stat,
            ),
            rx.el.div(
                rx.el.dt("Lessons", class_name=styles.MUTED),
                rx.el.dd(stats.lessons, class_name="font-bold"),
                class_name=stat,
            ),
            rx.el.div(
                rx.el.dt("Level", class_name=styles.MUTED),
                rx.el.dd(stats.level, class_name="font-bold"),
                class_name=stat,
            ),
            class_name="grid grid-cols-3 gap-2 text-center text-sm",
            data_testid="player-stats",
        ),
        class_name=f"{styles.CARD} flex flex-col gap-3 p-4",
    )


def _section_row(section: PlayerSection) -> rx.Component:
    is_current = section.id == PlayerState.current_id
    return rx.el.li(
        rx.cond(
            ~PlayerState.teaching,
            rx.el.input(
                type="checkbox",
                checked=section.completed,
                on_change=PlayerState.toggle_complete(section.id),
                aria_label="Mark " + section.title + " complete",
                class_name="h-5 w-5 shrink-0 cursor-pointer accent-green-600",
            ),
        ),
        rx.el.button(
            rx.el.span(section.number, ".", class_name="w-6 shrink-0 text-sm text-gray-600"),
            rx.el.span(section.title, class_name="flex-1 text-left text-sm"),
            rx.el.span(section.duration_text, class_name="text-xs text-gray-600"),
            rx.cond(is_current, lucide("circle-play", size=18, class_name="text-blue-600")),
            type="button",
            aria_current=rx.cond(is_current, "true", "false"),
            # The video first (it may be screens above on a phone), at once in the browser; then the server.
            on_click=[rx.call_script(SHOW_VIDEO), PlayerState.select_section(section.id)],
            class_name=rx.cond(
                is_current,
                "flex min-h-[44px] flex-1 items-center gap-2 rounded-md px-2 font-semibold text-blue-700",
                "flex min-h-[44px] flex-1 items-center gap-2 rounded-md px-2 text-gray-800 hover:bg-gray-50",
            ),
        ),
        class_name=rx.cond(
            is_current,
            "flex items-center gap-2 rounded-md bg-blue-50 pl-3",
            "flex items-center gap-2 rounded-md pl-3",
        ),
        data_testid="section-row",
    )


def curriculum() -> rx.Component:
    """Every section: tick it done, or click it to play."""
    return rx.cond(
        PlayerState.sections.length() > 0,
        rx.el.ol(rx.foreach(PlayerState.sections, _section_row), class_name="flex flex-col gap-1"),
        rx.el.p("This course has no sections yet.", class_name=styles.MUTED),
    )
