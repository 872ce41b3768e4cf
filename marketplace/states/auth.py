"""Log in (/login): email and password, the reasons a login fails, "Forgot password?" and the resend button.

The rules and messages come from the accounts domain (:mod:`marketplace.domain.accounts`); this state only
calls it, stores the signed-in user through :class:`SessionState`, and says what happened.
"""

from __future__ import annotations

import logging

import reflex as rx

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import account_recovery, accounts
from marketplace.domain.errors import DomainError, TooManyRequests, Unauthorized
from marketplace.domain.validation import MAX_LENGTHS, InvalidInput, validate_login
from marketplace.states import toasts
from marketplace.states.cart import CartState
from marketplace.states.page_load import answered_after_page_load
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

MAX_EMAIL_LENGTH = MAX_LENGTHS["email"]

ACCOUNT_CREATED = "Account created! Please check your email to verify your account."
# Not the answer to a wrong password: the server could not check it at all.
LOGIN_ERROR = "Login failed. Please try again."


async def finish_sign_in(
    state: rx.State, signed_in: accounts.SignedIn, user: dict, message: str, *, target: str | None = None
) -> list:
    """Store the user and token in the browser, toast, and go where the visitor was heading.

    Shared by the password and the Google sign-in so both land the same way.

    Args:
        state: The state handling the event.
        signed_in: The user and the new token.
        user: The user as stored in the browser (:func:`accounts.public_user`).
        message: The success toast.
        target: Where to go; default the ``next`` query parameter of this page, when it is a same-site path.
    """
    session_state = await state.get_state(SessionState)
    session_state._sign_in(user, signed_in.token, signed_in.refresh_token)
    if target is None:
        target = state.router.url.query_parameters.get("next", "")
    # The cart a visitor filled joins the learner's server cart before the next page shows (and refreshes the
    # badge from the server): merged here, not in a chained event that could run after that page's refresh.
    await (await state.get_state(CartState))._merge_after_login()
    return [toasts.success(message), rx.redirect(routes.safe_next(target), replace=True)]


class LoginState(rx.State):
    """The log-in form."""

    email_error: str = ""
    password_error: str = ""
    error: str = ""
    # The login failed for an unknown email or a wrong password: offer "Forgot password?" in the message.
    # (Not Create Account: the answer must not hint that the address has no account.)
    offer_reset: bool = False
    # The password was right but the address is unverified: offer to resend the link to it.
    unverified_email: str = ""
    resend_notice: str = ""
    # Shown after sign-up sends the visitor here (/login?registered=1).
    notice: str = ""
    show_password: bool = False
    submitting: bool = False
    # The address last typed here, which the forgot-password page fills in (kept on the server, never in a URL).
    _typed_email: str = ""

    @rx.event
    def reset_form(self):
        """on_load: a fresh form every visit."""
        self.email_error = ""
        self.password_error = ""
        self.error = ""
        self.offer_reset = False
        self.unverified_email = ""
        self.resend_notice = ""
        self.notice = ACCOUNT_CREATED if self.router.url.query_parameters.get("registered") == "1" else ""
        self.show_password = False
        self.submitting = False

    @rx.event
    def toggle_password(self):
        """Show or hide the password as typed."""
        self.show_password = not self.show_password

    @rx.event
    def edit_email(self, value: str):
        """Typing in the email field clears its message (and remembers the address for "Forgot password?")."""
        self.email_error = ""
        self._typed_email = str(value).strip()[:MAX_EMAIL_LENGTH]

    @rx.event
    def edit_password(self, _value: str):
        """Typing in the password field clears its message."""
        self.password_error = ""

    def _fail(self, message: str) -> None:
        self.error = message or LOGIN_ERROR

    @rx.event
    @answered_after_page_load
    async def submit(self, form: dict):
        """Log in with the typed email and password."""
        if self.submitting:
            return
        email = str(form.get("email") or "")
        password = str(form.get("password") or "")
        self.error, self.offer_reset, self.unverified_email, self.resend_notice = "", False, "", ""
        self._typed_email = email.strip()[:MAX_EMAIL_LENGTH]
        errors = validate_login(email, password)
        self.email_error = errors.get("email", "")
        self.password_error = errors.get("password", "")
        if errors:
            return
        self.submitting = True
        yield
        ip = self.router.session.client_ip  # Reflex applies TRUSTED_PROXY_HOPS to it (rxconfig.py)
        user_agent = self.router.headers.user_agent  # names the device in the profile's signed-in devices

        def log_in(session):
            signed_in = accounts.login(session, email=email, password=password, ip=ip, user_agent=user_agent)
            return signed_in, accounts.public_user(session, signed_in.user).stored()

        try:
            # Password hashing and the slow-down after failures take time: off the event loop.
            signed_in, user = await in_session_thread(log_in)
        except InvalidInput as exc:
            self.email_error = exc.errors.get("email", "")
            self.password_error = exc.errors.get("password", "")
        except accounts.EmailNotVerified as exc:
            self._fail(exc.message)
            self.unverified_email = email.strip()
        except TooManyRequests as exc:
            self._fail(exc.message)
        except Unauthorized as exc:
            # An unknown email and a wrong password: the same words, and the same way out.
            self._fail(exc.message)
            self.offer_reset = True
        except DomainError as exc:
            self._fail(exc.message)
        except Exception:
            log.exception("Login failed")
            self._fail(LOGIN_ERROR)
        else:
            for event in await finish_sign_in(self, signed_in, user, accounts.LOGIN_SUCCESS):
                yield event
            return
        finally:
            self.submitting = False

    @rx.event
    async def resend_verification(self):
        """Email a fresh verification link to the unverified address that just tried to log in."""
        if not self.unverified_email:
            return None
        email = self.unverified_email
        try:
            self.resend_notice = await in_session_thread(
                lambda session: account_recovery.resend_verification(session, email=email)
            )
        except Exception:
            log.exception("Resending the verification email failed")
            return toasts.error("Could not send the email. Please try again.")
        return toasts.success("Verification email sent")
