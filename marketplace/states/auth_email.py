"""The pages reached from emails, and the one that sends them: verify email, forgot password, reset password.

Every message comes from :mod:`marketplace.domain.account_recovery`; resend and forgot-password answer the
same words whatever the address, so these pages cannot tell anybody who has an account.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import account_recovery
from marketplace.domain.errors import DomainError
from marketplace.domain.validation import InvalidInput, email_error, registration_field_error
from marketplace.states import toasts
from marketplace.states.auth import LoginState
from marketplace.states.page_load import answered_after_page_load

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "Something went wrong. Please try again."


class EmailRequestState(rx.State, mixin=True):
    """Mixed into a form that asks for an email address and sends a link to it (resend, forgot password)."""

    email_error: str = ""
    notice: str = ""
    sending: bool = False

    @rx.event
    def edit_email(self, _value: str):
        """Typing in the email field clears its message."""
        self.email_error = ""

    async def _send_to(self, form: dict, send: Callable[[Session, str], str], what: str):
        """Check the typed address, then ``send(session, email)`` off the event loop and show its answer.

        Yields the updates to send meanwhile (the busy button, then a toast if it failed).
        """
        email = str(form.get("email") or "").strip()
        self.email_error = email_error(email) or ""
        if self.email_error or self.sending:
            return
        self.sending = True
        yield
        try:
            self.notice = await in_session_thread(lambda session: send(session, email))
        except Exception:
            log.exception("%s failed", what)
            self.notice = ""
            yield toasts.error(SOMETHING_WENT_WRONG)
        finally:
            self.sending = False


class VerifyEmailState(EmailRequestState, rx.State):
    """/verify-email?token=...: verifies on load; on failure offers a new link."""

    status: str = "checking"  # checking | verified | failed
    message: str = ""

    @rx.event
    async def verify(self):
        """on_load: use up the link's token."""
        self.email_error, self.notice, self.sending = "", "", False
        token = self.router.url.query_parameters.get("token", "")
        if not token:
            self.status, self.message = "failed", account_recovery.BAD_VERIFY_LINK
            return
        self.status, self.message = "checking", ""
        try:
            await in_session_thread(lambda session: account_recovery.verify_email(session, token=token))
        except DomainError as exc:
            self.status, self.message = "failed", exc.message
        except Exception:
            log.exception("Email verification failed")
            self.status, self.message = "failed", SOMETHING_WENT_WRONG
        else:
            self.status, self.message = "verified", account_recovery.EMAIL_VERIFIED

    @rx.event
    async def resend(self, form: dict):
        """Send a new verification link to the typed address."""
        async for update in self._send_to(
            form,
            lambda session, email: account_recovery.resend_verification(session, email=email),
            "Resending the verification email",
        ):
            yield update


class ForgotPasswordState(EmailRequestState, rx.State):
    """/forgot-password: ask for a reset link."""

    # The address typed on the log-in page in this tab (its "Forgot password?" leads here), filled in for them.
    prefill: str = ""

    @rx.event
    async def reset_form(self):
        """on_load: a fresh form every visit, with the address just typed on the log-in page."""
        self.email_error, self.notice, self.sending = "", "", False
        self.prefill = (await self.get_state(LoginState))._typed_email

    @rx.event
    @answered_after_page_load
    async def submit(self, form: dict):
        """Email a reset link when the address has an account; the answer is the same either way."""
        async for update in self._send_to(
            form,
            lambda session, email: account_recovery.request_password_reset(session, email=email),
            "A password reset request",
        ):
            yield update


class ResetPasswordState(rx.State):
    """/reset-password?token=...: choose a new password (same rules and messages as sign-up)."""

    password_error: str = ""
    confirm_error: str = ""
    error: str = ""
    show_password: bool = False
    submitting: bool = False
    done: bool = False

    @rx.event
    def reset_form(self):
        """on_load: a fresh form every visit."""
        self.password_error, self.confirm_error, self.error = "", "", ""
        self.show_password, self.submitting, self.done = False, False, False
        if not self.router.url.query_parameters.get("token", ""):
            self.error = account_recovery.BAD_RESET_LINK

    @rx.event
    def toggle_password(self):
        """Show or hide both passwords as typed."""
        self.show_password = not self.show_password

    @rx.event
    def edit_password(self, _value: str):
        """Typing in the new password clears its message."""
        self.password_error = ""

    @rx.event
    def edit_confirm(self, _value: str):
        """Typing in the confirmation clears its message."""
        self.confirm_error = ""

    @rx.event
    @answered_after_page_load
    async def submit(self, form: dict):
        """Set the new password from the link's token, then go to /login."""
        if self.submitting or self.done:
            return
        password = str(form.get("password") or "")
        confirm = str(form.get("confirmPassword") or "")
        self.error = ""
        # The sign-up rules for password and confirmation, not a copy of them.
        data = {"password": password, "confirmPassword": confirm}
        self.password_error = registration_field_error("password", data) or ""
        self.confirm_error = registration_field_error("confirmPassword", data) or ""
        if self.password_error or self.confirm_error:
            return
        self.submitting = True
        yield
        token = self.router.url.query_parameters.get("token", "")
        try:
            await in_session_thread(
                lambda session: account_recovery.reset_password(session, token=token, new_password=password)
            )
        except InvalidInput as exc:
            self.password_error = exc.errors.get("password", exc.message)
        except DomainError as exc:
            self.error = exc.message
        except Exception:
            log.exception("Password reset failed")
            self.error = SOMETHING_WENT_WRONG
        else:
            self.done = True
            yield toasts.success(account_recovery.PASSWORD_RESET_DONE)
            yield rx.redirect(routes.LOGIN, replace=True)
        finally:
            self.submitting = False
