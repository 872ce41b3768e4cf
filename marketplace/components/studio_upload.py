"""The lesson-video uploader: resumable (tus) uploads that survive a dropped connection or a closed tab.

All of it runs in the browser (assets/js/studio_upload.js, loaded by the pages that show an uploader; it loads
the vendored tus-js-client only when a file is chosen): a file picked here is sent in chunks to
``/api/uploads/videos`` with the signed-in user's token, with its progress in MB, speed and time left. A closed tab
resumes when the same file is chosen again for the same lesson. Once the upload is complete, the script waits for
the server's check (``GET /api/uploads/<id>``) and then presses the hidden button that runs ``on_finished``.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from marketplace import styles
from marketplace.settings import settings

UPLOAD_SCRIPT = "/js/studio_upload.js"
TUS_SCRIPT = "/js/vendor/tus.min.js"
VIDEO_ENDPOINT = "/api/uploads/videos"
STATUS_URL = "/api/uploads/"
DEFAULT_CHUNK_BYTES = 1024 * 1024  # 1 MB: a few seconds each on a slow phone connection, so little is ever resent
ACCEPT = ".mp4,.webm,.mov,video/mp4,video/webm,video/quicktime"


def upload_script() -> rx.Component:
    """The uploaders' script, loaded by the page that shows an uploader (not by every page's <head>, where the
    other pages paid a request for it before their largest paint): React 19 loads an ``async`` script once, in
    the <head>, wherever it is rendered, also after a navigation inside the app."""
    return rx.el.script(src=UPLOAD_SCRIPT, async_=True)


def _limit_text() -> str:
    limit = settings.max_video_bytes
    return f"{limit / 1024**3:g} GB" if limit >= 1024**3 else f"{limit / 1024**2:g} MB"


def video_uploader(
    section_id: int | rx.Var,
    on_finished: Any,
    *,
    label: str = "Upload a video",
    chunk_size: int = DEFAULT_CHUNK_BYTES,
) -> rx.Component:
    """A lesson's video upload: file input, progress bar with MB sent, speed and time left, Pause and Resume.

    Args:
        section_id: The lesson the video is for (an int, or a Var inside ``rx.foreach``).
        on_finished: The event to run once the upload was checked (ready or rejected), e.g. the editor's refresh
            (an event handler or an event spec; it gets no arguments).
        label: The file input's visible label.
        chunk_size: Bytes per PATCH request (tests use small chunks to see progress and interruptions).

    The server repeats every check (type, size, ownership); the script only spares a doomed upload.
    """
    return rx.el.div(
        upload_script(),
        rx.el.label(
            rx.el.span(label, class_name=styles.LABEL),
            rx.el.input(
                type="file",
                accept=ACCEPT,
                class_name="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 "
                "file:bg-blue-600 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white "
                "hover:file:bg-blue-700",
                data_upload_input="",
            ),
        ),
        rx.el.p(f"MP4, WebM or MOV, up to {_limit_text()}.", class_name="mt-1 " + styles.MUTED),
        rx.el.div(
            rx.el.div(
                rx.el.div(class_name="h-full rounded-full bg-blue-600 transition-[width]", data_upload_bar=""),
                role="progressbar",
                aria_label="Video upload progress",
                aria_valuemin="0",
                aria_valuemax="100",
                aria_valuenow="0",
                class_name="h-2 w-full overflow-hidden rounded-full bg-gray-200",
                data_upload_progress="",
            ),
            rx.el.p("", class_name="mt-1 text-sm text-gray-700", aria_live="polite", data_upload_text=""),
            rx.el.div(
                rx.el.button("Pause", type="button", class_name=styles.BTN_OUTLINE, hidden=True, data_upload_pause=""),
                rx.el.button(
                    "Resume", type="button", class_name=styles.BTN_PRIMARY, hidden=True, data_upload_resume=""
                ),
                class_name="mt-2 flex gap-2",
            ),
            class_name="mt-3",
            hidden=True,
            data_upload_panel="",
        ),
        rx.el.p("", role="alert", class_name=styles.FIELD_ERROR, data_upload_error=""),
        # Pressed by the script once the server has checked the video: the editor reloads the lesson.
        rx.el.button(
            "Video processed",
            type="button",
            on_click=on_finished,
            hidden=True,
            tab_index=-1,
            aria_hidden="true",
            data_upload_done="",
        ),
        data_video_uploader="",
        data_section_id=section_id,
        data_endpoint=VIDEO_ENDPOINT,
        data_status_url=STATUS_URL,
        data_chunk_size=str(chunk_size),
        data_max_bytes=str(settings.max_video_bytes),
        data_tus_script=TUS_SCRIPT,
        class_name="rounded-lg border border-dashed border-gray-300 p-3",
    )


IMAGE_ENDPOINT = "/api/uploads/images"
IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/bmp,image/tiff,.jpg,.jpeg,.png,.webp,.gif,.bmp,.tif"


def thumbnail_uploader(on_uploaded: Any, *, label: str = "Course image") -> rx.Component:
    """A course image upload: the chosen picture goes to ``/api/uploads/images`` straight from the browser.

    Args:
        on_uploaded: An event handler taking the form data ``{"upload_id": "<id>"}`` of the stored image, e.g. one
            that calls ``studio.set_thumbnail(session, user_id, course_id, upload_id)`` (the server re-checks
            that the upload is the caller's).
        label: The file input's visible label.

    Any common picture is taken (checked by decoding on the server), cropped to 16:9 and kept as WebP; a
    refusal (too large, not an image) is shown in words under the input.
    """
    return rx.el.div(
        upload_script(),
        rx.el.label(
            rx.el.span(label, class_name=styles.LABEL),
            rx.el.input(
                type="file",
                accept=IMAGE_ACCEPT,
                class_name="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 "
                "file:bg-blue-600 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white "
                "hover:file:bg-blue-700",
                data_image_input="",
            ),
        ),
        rx.el.p(
            f"JPEG, PNG, WebP or GIF, up to {settings.max_image_bytes / 1_000_000:g} MB; shown at 16:9.",
            class_name="mt-1 " + styles.MUTED,
        ),
        rx.el.p("", class_name="mt-1 text-sm text-gray-700", aria_live="polite", data_image_text=""),
        rx.el.p("", role="alert", class_name=styles.FIELD_ERROR, data_image_error=""),
        # The script puts the stored image's id here and submits: the form's event hands it to the state.
        rx.el.form(
            rx.el.input(type="hidden", name="upload_id"),
            on_submit=on_uploaded,
            hidden=True,
            data_image_form="",
        ),
        data_image_uploader="",
        data_endpoint=IMAGE_ENDPOINT,
        data_max_bytes=str(settings.max_image_bytes),
    )
