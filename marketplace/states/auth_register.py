"""Sign up (/register): six fields, each with its message under it, checked by the shared rule set.

The rules live once, in :mod:`marketplace.domain.validation`; the form runs them on submit and the accounts
domain runs them again on the server side of the same call, so the two can never disagree.
"""

from __future__ import annotations

import logging
from urllib.parse import quote

import reflex as rx

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import accounts
from marketplace.domain.errors import Conflict, DomainError
from marketplace.domain.validation import REGISTER_FIELDS, InvalidInput, validate_registration
from marketplace.states import toasts
from marketplace.states.auth import ACCOUNT_CREATED
from marketplace.states.page_load import answered_after_page_load

log = logging.getLogger(__name__)

REGISTRATION_FAILED = "Registration failed"


def _no_errors() -> dict[str, str]:
    return dict.fromkeys(REGISTER_FIELDS, "")


class RegisterState(rx.State):
    """The sign-up form."""

    # One message per field key of the shared rule set (firstName ... confirmPassword); "" when fine.
    errors: dict[str, str] = _no_errors()
    error: str = ""
    notice: str = ""
    show_password: bool = False
    submitting: bool = False
    # Set once the account exists, so a second press queued behind the first cannot register again.
    done: bool = False

    @rx.event
    def reset_form(self):
        """on_load: a fresh form every visit."""
        self.errors = _no_errors()
        self.error = ""
        self.notice = ""
        self.show_password = False
        self.submitting = False
        self.done = False

    @rx.event
    def toggle_password(self):
        """Show or hide both passwords as typed."""
        self.show_password = not self.show_password

    @rx.event
    def edit(self, field: str, _value: str = ""):
        """Typing in a field clears that field's message (and only that one)."""
        if self.errors.get(field):
            self.errors = {**self.errors, field: ""}

    @rx.event
    @answered_after_page_load
    async def submit(self, form: dict):
        """Check the form with the shared rules, then create the account and send the verification email."""
        if self.submitting or self.done:
            return
        data = {field: str(form.get(field) or "") for field in REGISTER_FIELDS}
        self.error, self.notice = "", ""
        problems = validate_registration(data)
        self.errors = {**_no_errors(), **problems}
        if problems:
            return
        self.submitting = True
        yield
        try:
            # Hashing the password and sending the email take time: off the event loop.
            await in_session_thread(lambda s: accounts.register_user(s, data=data, ip=self.router.session.client_ip))
        except InvalidInput as exc:
            self.errors = {**_no_errors(), **exc.errors}
        except Conflict as exc:
            # docs/product.md: the field error under the clashing field, and the toast.
            field = exc.field if exc.field in REGISTER_FIELDS else "email"
            self.errors = {**_no_errors(), field: accounts.DUPLICATE_FIELD_MESSAGE}
            yield toasts.error(accounts.DUPLICATE_MESSAGE)
        except DomainError as exc:
            self.error = exc.message or REGISTRATION_FAILED
        except Exception:
            log.exception("Registration failed")
            self.error = REGISTRATION_FAILED
        else:
            self.done = True
            self.notice = ACCOUNT_CREATED
            yield toasts.success(ACCOUNT_CREATED)
            # A visitor who came to sign up from a page (/register?next=/teach) goes back there after logging in.
            target = self.router.url.query_parameters.get("next", "")
            back = f"&next={quote(routes.safe_next(target), safe='/')}" if target else ""
            yield rx.redirect(f"{routes.LOGIN}?registered=1{back}")
        finally:
            self.submitting = False
