"""The profile picture's upload button, on the profile page and on /teach's onboarding form (one upload, one rule:
domain/avatars.py)."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import name_file_input
from marketplace.states.profile import ProfileState

PICTURE_TYPES = {"image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"], "image/webp": [".webp"], "image/gif": [".gif"]}


def picture_upload(upload_id: str) -> rx.Component:
    """ "Upload picture": choosing a file uploads it at once; a refused file is named in a toast."""
    return name_file_input(
        rx.upload.root(
            rx.el.button(
                lucide("upload", size=16),
                rx.cond(ProfileState.uploading, "Uploading...", "Upload picture"),
                type="button",
                class_name=styles.BTN_OUTLINE,
            ),
            id=upload_id,
            accept=PICTURE_TYPES,
            max_files=1,
            multiple=False,
            on_drop=ProfileState.upload_picture(rx.upload_files(upload_id=upload_id)),
            on_drop_rejected=ProfileState.picture_rejected,
            class_name="inline-block",
        ),
        "Picture file",
    )
