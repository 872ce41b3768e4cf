"""The course player (/order-complete/{courseId}): sections, progress, resume and playback speed.

Only enrolled learners get in; the learning domain checks it on the server for every event, from the
verified token and the course in the URL, never from ids the browser sends for ownership.
"""

from __future__ import annotations

import logging

import reflex as rx

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import learning, reviews
from marketplace.domain.errors import DomainError, Forbidden, Unauthorized
from marketplace.domain.shapes import parse_id
from marketplace.shapes.learning import CourseProgress, PlayerCourse, PlayerSection, PlayerStats, Progress
from marketplace.states import toasts
from marketplace.states.session import SessionState, verified_user_id

log = logging.getLogger(__name__)

TABS = ("curriculum", "qa", "details", "instructor", "reviews")
# Native playback speeds offered by the player, as the <select> values.
SPEEDS = ("0.75", "1", "1.25", "1.5", "1.75", "2")
VERIFY_FAILED = "Failed to verify course enrollment"
VIDEO_ELEMENT_ID = "lesson-video"
VIDEO_AREA_ID = "lesson-video-area"
# Choosing a lesson far down the curriculum (on a phone, the video is screens above): bring the whole video into
# view, just below the sticky header (two rows on a phone), unless it is in view already.
SHOW_VIDEO = (
    f"(() => {{ const a = document.getElementById('{VIDEO_AREA_ID}'); if (!a) return;"
    " const head = document.querySelector('body header'); const top = head ? head.getBoundingClientRect().bottom : 0;"
    " const r = a.getBoundingClientRect();"
    " if (r.top < top || r.bottom > window.innerHeight) {"
    " const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;"
    " window.scrollTo({top: window.scrollY + r.top - top - 8, behavior: calm ? 'auto' : 'smooth'}); } })()"
)


YOUTUBE_ENDED_BUTTON = "youtube-ended"
# Registered once per tab. Only messages from YouTube's own players count; state 0 is "ended". The hidden
# button carries PlayerState.section_ended, as the native video's on_ended does. No script of YouTube's is
# loaded: the embedded player speaks postMessage by itself (enablejsapi=1, after the "listening" handshake).
YOUTUBE_END_LISTENER = (
    "if (!window.__lessonEndListener) { window.__lessonEndListener = true;"
    " window.addEventListener('message', (e) => {"
    " if (!/^https:\\/\\/www\\.youtube(-nocookie)?\\.com$/.test(e.origin)) return;"
    " let d; try { d = typeof e.data === 'string' ? JSON.parse(e.data) : e.data; } catch (_) { return; }"
    " const ended = d && ((d.event === 'onStateChange' && d.info === 0)"
    " || (d.event === 'infoDelivery' && d.info && d.info.playerState === 0));"
    f" if (ended) {{ const b = document.getElementById('{YOUTUBE_ENDED_BUTTON}'); if (b) b.click(); }} }});"
    # The handshake: from then on the player reports its state. Repeated, as YouTube's own widget API does,
    # because the frame is replaced with each section and gives no load event here.
    " setInterval(() => { const f = document.getElementById('youtube-lesson');"
    " if (f && f.contentWindow) f.contentWindow.postMessage(JSON.stringify("
    "{event: 'listening', id: 'youtube-lesson', channel: 'widget'}), 'https://www.youtube-nocookie.com'); }, 1000);"
    " }"
)


class PlayerState(rx.State):
    """What the player shows and the learner's place in the course."""

    course: PlayerCourse = rx.field(default_factory=PlayerCourse)
    stats: PlayerStats = rx.field(default_factory=PlayerStats)
    sections: list[PlayerSection] = []
    current_id: int = 0
    progress: Progress = rx.field(default_factory=Progress)
    tab: str = "curriculum"
    speed: str = "1"
    loading: bool = True
    error: str = ""
    # The course id (from the URL) the vars above were loaded for: another course's leftovers never show.
    loaded_for: str = ""
    # Where a native video seeks once it has loaded: the saved position in the current section.
    _resume_seconds: int = 0
    # A section the learner chose (a click, Next section) starts playing; the one a visit resumes at waits.
    autoplay: bool = False
    # The learner's certificate page once they finished the course ("" until then).
    certificate_url: str = ""
    # The viewer is the course's instructor: no progress to keep, nothing to mark.
    teaching: bool = False

    @rx.var
    def current(self) -> PlayerSection:
        """The section playing now."""
        return next((s for s in self.sections if s.id == self.current_id), PlayerSection())

    @rx.var
    def next_id(self) -> int:
        """The section after the current one, or 0 at the end."""
        ids = [s.id for s in self.sections]
        if self.current_id not in ids:
            return 0
        index = ids.index(self.current_id)
        return ids[index + 1] if index + 1 < len(ids) else 0

    async def _learner(self) -> int | None:
        return await verified_user_id(self)

    def _course_id(self) -> int:
        return parse_id(self.route_arg) or 0

    @rx.event
    async def load(self):
        """Check the enrollment on the server and load the course (on_load)."""
        self.loading, self.error, self.tab = True, "", "curriculum"
        self.sections, self.current_id, self.loaded_for = [], 0, ""
        self.autoplay, self.certificate_url, self.teaching = False, "", False
        # Send the cleared view first: the state of an earlier visit (same browser tab) must not stay mounted.
        yield
        session_state = await self.get_state(SessionState)
        user_id = await session_state._verified_user_id()
        if user_id is None:
            yield self._to_login(session_state)
            return
        course_id = self._course_id()
        try:
            data = await in_session_thread(
                lambda session: learning.player_view(session, user_id=user_id, course_id=course_id)
            )
        except Unauthorized:
            yield self._to_login(session_state)
            return
        except Forbidden as error:
            yield [toasts.error(error.message), rx.redirect(routes.MY_COURSES, replace=True)]
            return
        except DomainError as error:  # NotFound: "Course not found"
            yield self._fail(error.message)
            return
        except Exception:
            log.exception("Loading the player failed")
            yield self._fail(VERIFY_FAILED)
            return
        self.course, self.stats, self.sections = data.course, data.stats, data.sections
        self.current_id = data.current_section_id or 0
        self._resume_seconds = data.resume_position_seconds
        self._open_linked_lesson()
        self.progress = data.progress
        self.certificate_url, self.teaching = data.certificate_url, data.teaching
        self.loaded_for = self.route_arg
        self.loading = False
        yield rx.call_script(YOUTUBE_END_LISTENER)

    def _open_linked_lesson(self) -> None:
        """A notification's link (``?lesson=<section id>#qa``) opens that lesson, and its Q&A tab."""
        url = self.router.url
        linked = parse_id(url.query_parameters.get("lesson", ""))
        if linked is not None and linked in {s.id for s in self.sections} and linked != self.current_id:
            self.current_id, self._resume_seconds = linked, 0
        if url.fragment == "qa":
            self.tab = "qa"

    def _to_login(self, session_state: SessionState) -> list:
        if session_state.token:
            session_state._sign_out()
        return [
            toasts.error(learning.NOT_SIGNED_IN),
            rx.redirect(routes.login_path(self.router.url.path), replace=True),
        ]

    def _fail(self, message: str):
        self.error = message
        self.loading = False
        return toasts.error(message)

    @rx.event
    def set_tab(self, tab: str):
        """Switch the tab below the video."""
        if tab in TABS:
            self.tab = tab

    @rx.event
    async def select_section(self, section_id: int):
        """Play a section: make it current and remember it for the next visit."""
        if section_id not in {s.id for s in self.sections}:
            return None
        self.current_id = section_id
        self._resume_seconds = 0
        self.autoplay = True
        return await self._save(section_id, 0)

    @rx.event
    async def next_section(self):
        """Go on to the section after the current one."""
        if self.next_id:
            return await self.select_section(self.next_id)
        return None

    @rx.event
    async def save_position(self, seconds: float):
        """Remember the position in the native video (throttled by the page to every ~10 s)."""
        if self.current_id:
            self._resume_seconds = int(seconds or 0)
            return await self._save(self.current_id, self._resume_seconds, quiet=True)
        return None

    async def _save(self, section_id: int, seconds: int, *, quiet: bool = False):
        if self.teaching:
            return None
        course_id = self._course_id()
        try:
            user_id = await self._learner()
            await in_session_thread(
                lambda session: learning.record_position(
                    session, user_id=user_id, course_id=course_id, section_id=section_id, position_seconds=seconds
                ),
                group_commit=True,
            )
        except DomainError as error:
            return None if quiet else toasts.error(error.message)
        except Exception:
            log.exception("Saving the position failed")
        return None

    @rx.event
    async def toggle_complete(self, section_id: int):
        """Mark a section complete, or not complete again."""
        section = next((s for s in self.sections if s.id == section_id), None)
        if section is None:
            return None
        return await self._mark(section_id, not section.completed)

    @rx.event
    async def section_ended(self):
        """The native video reached its end: the section is complete, and plays from its start next time.

        The browser fires ``pause`` just before ``ended``, which saved the very end as the position to resume.
        """
        if not self.current.id:
            return None
        self._resume_seconds = 0
        await self._save(self.current.id, 0, quiet=True)
        if not self.current.completed:
            return await self._mark(self.current.id, True)
        return None

    async def _mark(self, section_id: int, complete: bool):
        if self.teaching:
            return None
        was_completed = self.progress.is_completed
        course_id = self._course_id()
        try:
            user_id = await self._learner()
            data, certificate = await in_session_thread(
                lambda session: (
                    learning.mark_section_complete(
                        session, user_id=user_id, course_id=course_id, section_id=section_id, complete=complete
                    ),
                    learning.player_certificate_url(session, user_id=user_id, course_id=course_id),
                ),
                group_commit=True,
            )
        except DomainError as error:
            return toasts.error(error.message)
        except Exception:
            log.exception("Marking a section failed")
            return toasts.error("Could not save your progress. Please try again.")
        self._show_progress(data)
        self.certificate_url = certificate
        if self.progress.is_completed and not was_completed:
            return toasts.success("Course completed. Well done! Your certificate is ready.")
        return None

    def _show_progress(self, data: CourseProgress) -> None:
        done = set(data.completed_section_ids)
        self.sections = [s.model_copy(update={"completed": s.id in done}) for s in self.sections]
        self.progress = Progress.model_validate(data.model_dump())

    @rx.event
    def video_ready(self):
        """The native video has its metadata: seek to the saved position, apply the speed, and play a chosen section.

        The position is not consumed here: whichever mount of the video reports last still resumes right.
        """
        return rx.call_script(self._video_script(self._resume_seconds, play=self.autoplay))

    @rx.event
    def set_speed(self, speed: str):
        """Change the native video's playback speed."""
        if speed in SPEEDS:
            self.speed = speed
        return rx.call_script(self._video_script(0))

    def _video_script(self, seek_to: int, *, play: bool = False) -> str:
        # Both values are numbers produced here, never text from the browser.
        seek = f"v.currentTime = {int(seek_to)};" if seek_to > 0 else ""
        # A browser may refuse to start playback (no gesture, data saver); the controls are still there.
        start = "v.play().catch(() => {});" if play else ""
        return (
            f"(() => {{ const v = document.getElementById('{VIDEO_ELEMENT_ID}'); "
            f"if (v) {{ v.playbackRate = {float(self.speed)}; {seek} {start} }} }})()"
        )

    @rx.event
    async def refresh_rating(self):
        """Show the course's new average and count after a review was posted."""
        course_id = self._course_id()
        try:
            summary = await in_session_thread(
                lambda session: reviews.review_summary(session, reviews.COURSE, course_id), readonly=True
            )
        except DomainError:
            return
        rating = round(min(max(summary.average_rating, 0.0), 5.0), 1)
        self.course = self.course.model_copy(
            update={"rating": rating, "rating_text": f"{rating:.1f}", "review_count": summary.total_reviews}
        )
