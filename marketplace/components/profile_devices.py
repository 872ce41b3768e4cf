"""The profile's "Signed-in devices" section: each device, where and when it was last used, and Sign out."""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import badge, error_state, spinner
from marketplace.shapes.accounts import Device
from marketplace.states.devices import ALL, DevicesState

SMALL_BUTTON = "min-h-[44px] px-3 text-sm"


def _row(device: Device) -> rx.Component:
    busy = DevicesState.busy_id == device.id
    return rx.el.li(
        lucide("monitor-smartphone", size=22, class_name="mt-0.5 shrink-0 text-gray-500"),
        rx.el.div(
            rx.el.p(
                rx.el.span(device.device, class_name="font-semibold text-gray-900"),
                rx.cond(device.current, badge("This device", "green")),
                class_name="flex flex-wrap items-center gap-2",
            ),
            rx.el.p(device.place, " · ", device.last_seen_text, class_name=styles.MUTED),
            class_name="min-w-0 flex-1",
        ),
        rx.cond(
            device.current,
            rx.fragment(),
            rx.el.button(
                rx.cond(busy, "Signing out...", "Sign out"),
                type="button",
                disabled=DevicesState.busy_id != "",
                aria_label="Sign out " + device.device + " at " + device.place,
                on_click=DevicesState.sign_out_device(device.id),
                class_name=f"{styles.BTN_DANGER} {SMALL_BUTTON} shrink-0 disabled:opacity-60",
            ),
        ),
        data_testid="device-row",
        class_name="flex items-start gap-3 py-3",
    )


def _list() -> rx.Component:
    return rx.el.div(
        rx.el.ul(rx.foreach(DevicesState.devices, _row), class_name="divide-y divide-gray-200"),
        rx.cond(
            DevicesState.others > 0,
            rx.el.div(
                rx.el.button(
                    rx.cond(DevicesState.busy_id == ALL, "Signing out...", "Sign out everywhere else"),
                    type="button",
                    disabled=DevicesState.busy_id != "",
                    on_click=DevicesState.sign_out_others,
                    class_name=f"{styles.BTN_OUTLINE} {SMALL_BUTTON} disabled:opacity-60",
                ),
                class_name="mt-2 flex justify-end border-t border-gray-200 pt-4",
            ),
            rx.el.p("No other device is signed in to your account.", class_name=f"{styles.MUTED} pt-2"),
        ),
    )


def signed_in_devices() -> rx.Component:
    """Every device signed in to the account, this one marked, with Sign out for the others."""
    return rx.el.section(
        rx.el.h2("Signed-in devices", id="devices-heading", class_name=styles.H3),
        rx.el.p(
            "Where your account is signed in. Sign out any device you do not recognise.",
            class_name=f"{styles.MUTED} mt-1",
        ),
        rx.cond(
            ~DevicesState.loaded,
            spinner("Loading devices..."),
            rx.cond(
                DevicesState.error != "",
                rx.el.div(error_state(DevicesState.error, DevicesState.load), class_name="mt-3"),
                _list(),
            ),
        ),
        aria_labelledby="devices-heading",
        aria_busy=DevicesState.busy_id != "",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )
