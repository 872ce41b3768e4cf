"""Signed-in devices on the profile page (/profile1): the list, Sign out per device, Sign out everywhere else.

Every event checks the tokens again (:meth:`SessionState._verified_caller`) and acts only on the caller's own
login sessions: a device id sent by a browser is looked up among the caller's sessions, never trusted.
"""

from __future__ import annotations

import logging

import reflex as rx

from marketplace.db.engine import in_session_thread
from marketplace.domain import devices, sessions
from marketplace.domain.errors import NotFound
from marketplace.shapes.accounts import Device
from marketplace.states import toasts
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

LOAD_FAILED = "Could not load your signed-in devices. Please try again."
SIGNED_OUT = "You are signed out. Please log in again."
FAILED = "Something went wrong. Please try again."
ALREADY_GONE = "That device was already signed out."
DEVICE_SIGNED_OUT = "Signed out of that device."
OTHERS_SIGNED_OUT = "Signed out of every other device."
ALL = "*"  # busy_id while signing out every other device


class DevicesState(rx.State):
    """The caller's live login sessions and the sign-out in progress."""

    devices: list[Device] = []
    loaded: bool = False
    error: str = ""
    busy_id: str = ""  # the device being signed out, ALL for every other one, "" when idle

    @rx.var
    def others(self) -> int:
        """How many devices besides this one are signed in."""
        return sum(1 for item in self.devices if not item.current)

    async def _caller(self) -> sessions.Caller | None:
        return await (await self.get_state(SessionState))._verified_caller()

    async def _reload(self, caller: sessions.Caller) -> None:
        self.devices = await in_session_thread(
            lambda session: devices.signed_in_devices(
                session, user_id=caller.user_id, current_session_id=caller.session_id
            ),
            readonly=True,
        )

    @rx.event
    async def load(self):
        """on_load (and Try again): the caller's devices, this one marked."""
        self.error, self.busy_id = "", ""
        try:
            caller = await self._caller()
            if caller is None:
                self.devices, self.error = [], SIGNED_OUT
            else:
                await self._reload(caller)
        except Exception:
            log.exception("Loading the signed-in devices failed")
            self.devices, self.error = [], LOAD_FAILED
        self.loaded = True

    async def _sign_out(self, session_id: str):
        """Sign out one device (``session_id``) or every other one (:data:`ALL`), then show the list again."""
        if self.busy_id:
            return
        caller = await self._caller()
        if caller is None:
            yield toasts.error(SIGNED_OUT)
            return
        if session_id == caller.session_id:
            return  # this device signs out with Logout, which also clears the browser
        self.busy_id = session_id
        yield
        user_id, current = caller.user_id, caller.session_id
        try:
            if session_id == ALL:
                await in_session_thread(
                    lambda session: devices.sign_out_other_devices(session, user_id=user_id, current_session_id=current)
                )
                message = toasts.success(OTHERS_SIGNED_OUT)
            else:
                await in_session_thread(
                    lambda session: devices.sign_out_device(session, user_id=user_id, session_id=session_id)
                )
                message = toasts.success(DEVICE_SIGNED_OUT)
        except NotFound:
            message = toasts.error(ALREADY_GONE)
        except Exception:
            log.exception("Signing a device out failed")
            message = toasts.error(FAILED)
        try:
            await self._reload(caller)
        except Exception:
            log.exception("Reloading the signed-in devices failed")
        self.busy_id = ""
        yield message

    @rx.event
    async def sign_out_device(self, session_id: str):
        """Sign out one of the caller's other devices; its next action finds it signed out."""
        session_id = str(session_id or "")[:64]
        if not session_id or session_id == ALL:
            return
        async for update in self._sign_out(session_id):
            yield update

    @rx.event
    async def sign_out_others(self):
        """Sign out every device of the caller but this one."""
        async for update in self._sign_out(ALL):
            yield update
