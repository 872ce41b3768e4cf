"""Account pages: log in, sign up, verify email, forgot password, reset password.

Each is the same 50/50 split (a photo beside a simple form; only the form on a phone). Forms turn off the
browser's own validation so every message is docs/product.md's, shown under its field.
"""

import reflex as rx

from marketplace import routes, styles
from marketplace.components.auth_google import google_block
from marketplace.components.auth_layout import (
    auth_split,
    form_alert,
    form_notice,
    password_field,
)
from marketplace.components.ui import field, submit_button
from marketplace.layouts import page, spinner
from marketplace.states.auth import LoginState
from marketplace.states.auth_email import ForgotPasswordState, ResetPasswordState, VerifyEmailState
from marketplace.states.auth_google import GoogleState
from marketplace.states.auth_register import RegisterState

FORM = "mt-8 flex flex-col gap-5"
SMALL_LINK = f"{styles.LINK} text-sm font-medium"
# A link standing on its own line: a full-size tap target on a phone.
TAP_LINK = f"{SMALL_LINK} inline-flex min-h-[44px] items-center"


def _switch(text: str, label: str, href: str) -> rx.Component:
    return rx.el.p(text, " ", rx.el.a(label, href=href, class_name=SMALL_LINK), class_name=f"{styles.MUTED} mt-8")


def _forgot_password_link() -> rx.Component:
    """To /forgot-password, which fills in the email typed here (kept by the server, not put in the URL)."""
    return rx.el.a("Forgot password?", href=routes.FORGOT_PASSWORD, class_name=TAP_LINK)


@page(routes.LOGIN, "Log In", on_load=[LoginState.reset_form, GoogleState.prepare])
def login() -> rx.Component:
    """Email and password, the reasons a login fails, and Google sign-in when configured."""
    return auth_split(
        "Welcome back",
        "Log in to continue learning.",
        rx.el.form(
            form_notice(LoginState.notice),
            field(
                "Email",
                "email",
                type_="email",
                error=LoginState.email_error,
                on_change=LoginState.edit_email,
                auto_complete="email",
            ),
            password_field(
                "Password",
                "password",
                error=LoginState.password_error,
                shown=LoginState.show_password,
                on_toggle=LoginState.toggle_password,
                on_change=LoginState.edit_password,
                auto_complete="current-password",
            ),
            # After a wrong password the message below offers this link; one "Forgot password?" at a time.
            rx.cond(
                ~LoginState.offer_reset,
                rx.el.div(_forgot_password_link(), class_name="-my-2"),
            ),
            form_alert(
                LoginState.error,
                rx.cond(LoginState.offer_reset, _forgot_password_link()),
                rx.cond(
                    LoginState.unverified_email != "",
                    rx.el.button(
                        "Resend verification email",
                        type="button",
                        on_click=LoginState.resend_verification,
                        class_name=f"{styles.BTN_OUTLINE} mt-3",
                    ),
                ),
            ),
            form_notice(LoginState.resend_notice),
            submit_button("Log In", "Logging in...", LoginState.submitting),
            on_submit=LoginState.submit,
            no_validate=True,
            class_name=FORM,
        ),
        google_block("Sign in with Google"),
        _switch("Don't have an account?", "Sign Up", routes.REGISTER),
    )


def _register_field(label: str, name: str, type_: str = "text", auto_complete: str = "off") -> rx.Component:
    return field(
        label,
        name,
        type_=type_,
        error=RegisterState.errors[name],
        on_change=RegisterState.edit(name),
        auto_complete=auto_complete,
    )


def _register_password(label: str, name: str) -> rx.Component:
    return password_field(
        label,
        name,
        error=RegisterState.errors[name],
        shown=RegisterState.show_password,
        on_toggle=RegisterState.toggle_password,
        on_change=RegisterState.edit(name),
        auto_complete="new-password",
    )


@page(routes.REGISTER, "Sign Up", on_load=[RegisterState.reset_form, GoogleState.prepare])
def register() -> rx.Component:
    """The six sign-up fields, each with its message under it."""
    return auth_split(
        "Create your account",
        "Learn practical skills from Nigerian experts.",
        rx.el.form(
            rx.el.div(
                _register_field("First Name", "firstName", auto_complete="given-name"),
                _register_field("Last Name", "lastName", auto_complete="family-name"),
                class_name="grid gap-5 sm:grid-cols-2",
            ),
            _register_field("Username", "userName", auto_complete="username"),
            _register_field("Email", "email", type_="email", auto_complete="email"),
            _register_password("Password", "password"),
            _register_password("Confirm Password", "confirmPassword"),
            form_alert(RegisterState.error),
            form_notice(RegisterState.notice),
            submit_button("Create Account", "Creating account...", RegisterState.submitting | RegisterState.done),
            on_submit=RegisterState.submit,
            no_validate=True,
            class_name=FORM,
        ),
        google_block("Sign up with Google"),
        _switch("Already have an account?", "Log In", routes.LOGIN),
    )


def _resend_form() -> rx.Component:
    return rx.el.form(
        rx.el.p("Enter your email and we will send you a new link.", class_name=styles.BODY),
        field(
            "Email",
            "email",
            type_="email",
            error=VerifyEmailState.email_error,
            on_change=VerifyEmailState.edit_email,
            auto_complete="email",
        ),
        form_notice(VerifyEmailState.notice),
        submit_button("Resend verification email", "Sending...", VerifyEmailState.sending),
        on_submit=VerifyEmailState.resend,
        no_validate=True,
        class_name=FORM,
    )


@page(routes.VERIFY_EMAIL, "Verify email", on_load=VerifyEmailState.verify)
def verify_email() -> rx.Component:
    """Verifies the emailed link on load; on failure offers a new one."""
    return auth_split(
        "Verify your email",
        None,
        rx.cond(
            VerifyEmailState.status == "verified",
            rx.el.div(
                form_notice(VerifyEmailState.message),
                rx.el.a("Log In", href=routes.LOGIN, class_name=f"{styles.BTN_DARK} w-full"),
                class_name=FORM,
            ),
            rx.cond(
                VerifyEmailState.status == "failed",
                rx.el.div(form_alert(VerifyEmailState.message), _resend_form(), class_name="mt-8"),
                spinner("Checking your link..."),
            ),
        ),
    )


@page(routes.FORGOT_PASSWORD, "Forgot password", on_load=ForgotPasswordState.reset_form)
def forgot_password() -> rx.Component:
    """Ask for a reset link; the answer is the same whether or not the address has an account."""
    return auth_split(
        "Forgot your password?",
        "Enter the email you registered with and we will send you a link to choose a new password.",
        rx.el.form(
            field(
                "Email",
                "email",
                type_="email",
                error=ForgotPasswordState.email_error,
                on_change=ForgotPasswordState.edit_email,
                auto_complete="email",
                # Drawn before on_load knows the address: a new key draws it again with the address filled in.
                default_value=ForgotPasswordState.prefill,
                key=ForgotPasswordState.prefill,
            ),
            form_notice(ForgotPasswordState.notice),
            submit_button("Send reset link", "Sending...", ForgotPasswordState.sending),
            on_submit=ForgotPasswordState.submit,
            no_validate=True,
            class_name=FORM,
        ),
        _switch("Remembered it?", "Log In", routes.LOGIN),
    )


@page(routes.RESET_PASSWORD, "Reset password", on_load=ResetPasswordState.reset_form)
def reset_password() -> rx.Component:
    """Choose a new password from the emailed link."""
    return auth_split(
        "Choose a new password",
        "At least 6 characters.",
        rx.el.form(
            form_alert(
                ResetPasswordState.error,
                rx.el.a("Request a new link", href=routes.FORGOT_PASSWORD, class_name=TAP_LINK),
            ),
            password_field(
                "New Password",
                "password",
                error=ResetPasswordState.password_error,
                shown=ResetPasswordState.show_password,
                on_toggle=ResetPasswordState.toggle_password,
                on_change=ResetPasswordState.edit_password,
                auto_complete="new-password",
            ),
            password_field(
                "Confirm Password",
                "confirmPassword",
                error=ResetPasswordState.confirm_error,
                shown=ResetPasswordState.show_password,
                on_toggle=ResetPasswordState.toggle_password,
                on_change=ResetPasswordState.edit_confirm,
                auto_complete="new-password",
            ),
            submit_button("Reset password", "Saving...", ResetPasswordState.submitting | ResetPasswordState.done),
            on_submit=ResetPasswordState.submit,
            no_validate=True,
            class_name=FORM,
        ),
        _switch("Remembered it?", "Log In", routes.LOGIN),
    )
