"""API routes: accounts (sign-up, log-in, Google sign-in, log-out, email links), signed-in devices and a user's
paid courses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from marketplace.api.deps import CommitOnReturnRoute, CurrentCaller, CurrentUser, SessionDep, TokenDep, ensure_self
from marketplace.api.errors import ErrorBody
from marketplace.domain import account_recovery, accounts, devices, login_throttle, sessions
from marketplace.domain.errors import Conflict, Unauthorized
from marketplace.domain.google_sign_in import google_sign_in
from marketplace.domain.shapes import MAX_ID
from marketplace.domain.validation import InvalidInput
from marketplace.settings import settings
from marketplace.shapes.accounts import DeviceList, Notice, RenewedToken, SignedInUser, UserEnvelope
from marketplace.shapes.auth import AuthConfig, PaidCourses, VerificationSent

router = APIRouter(tags=["auth"], route_class=CommitOnReturnRoute)
T = TypeVar("T")
SESSION_ENDED = "Your session has ended. Please log in again."
DEVICE_SIGNED_OUT = "Signed out of that device."
LOGGED_OUT = "Logged out"


class SignupBody(BaseModel):
    """Register form values; missing ones get the form's own messages rather than a schema error."""

    firstName: str = ""
    lastName: str = ""
    userName: str = ""
    email: str = ""
    password: str = ""
    confirmPassword: str | None = None


class LoginBody(BaseModel):
    """Email and password."""

    email: str = ""
    password: str = ""


class TokenBody(BaseModel):
    """A token: a Google ID token, or the one-time token of an email link."""

    token: str = ""


class EmailBody(BaseModel):
    """An email address."""

    email: str = ""


class RefreshBody(BaseModel):
    """The refresh token a sign-in answered with."""

    refreshToken: str = ""


class ResetBody(BaseModel):
    """The reset link's token and the new password."""

    token: str = ""
    password: str = ""


def _field_errors(call: Callable[[], T]) -> T | JSONResponse:
    """Run a domain call, answering 422 with every field's message when the input breaks a rule."""
    try:
        return call()
    except InvalidInput as exc:
        return ErrorBody(message=exc.message, field=exc.field, errors=exc.errors).response(422)


def _signed_in(session: SessionDep, result: accounts.SignedIn, message: str) -> SignedInUser:
    return SignedInUser(
        user=accounts.public_user(session, result.user),
        token=result.token,
        refresh_token=result.refresh_token,
        message=message,
    )


def _client_ip(request: Request) -> str | None:
    return login_throttle.client_address(
        request.client.host if request.client else None, request.headers.get("x-forwarded-for", "")
    )


def _user_agent(request: Request) -> str:
    """The device a sign-in comes from, named in the list of signed-in devices."""
    return request.headers.get("user-agent", "")


@router.get("/auth/config")
def auth_config() -> AuthConfig:
    """Which sign-in options the server offers (the Google button shows only when configured)."""
    return AuthConfig(
        google_client_id=settings.google_client_id or None, google_enabled=bool(settings.google_client_id)
    )


# These routes answer a form's field errors (and the log-in's unverified address) as an ErrorBody of their own
# (the error handler's body has only the first field), so they return a JSONResponse then; ``response_model``
# declares the success answer, and the router's ``responses`` the ErrorBody of each error status.
@router.post("/auth/signup", status_code=201, response_model=VerificationSent)
def signup(body: SignupBody, request: Request, session: SessionDep) -> VerificationSent | JSONResponse:
    """Create an account and email its verification link; 409 when the email or username is taken, 429 after
    too many sign-ups from one address."""
    data = body.model_dump(exclude_none=True)
    try:
        outcome = _field_errors(lambda: accounts.register_user(session, data=data, ip=_client_ip(request)))
    except Conflict as exc:
        field = exc.field or "email"
        return ErrorBody(message=accounts.DUPLICATE_MESSAGE, field=field, errors={field: exc.message}).response(409)
    if isinstance(outcome, JSONResponse):
        return outcome
    return VerificationSent(message=accounts.VERIFICATION_SENT, email=outcome.email)


@router.post("/auth/login", response_model=SignedInUser)
def login(body: LoginBody, request: Request, session: SessionDep) -> SignedInUser | JSONResponse:
    """Sign in with email and password: ``{user, token, refreshToken, message}``.

    ``token`` is the access token (minutes); ``refreshToken`` renews it at ``/auth/refresh`` while the login lasts.
    An unknown email and a wrong password both answer 401 ``Incorrect email or password.`` in the same time, so
    the answer never tells whether an address has an account.
    """
    ip, user_agent = _client_ip(request), _user_agent(request)
    try:
        outcome = _field_errors(
            lambda: accounts.login(session, email=body.email, password=body.password, ip=ip, user_agent=user_agent)
        )
    except accounts.EmailNotVerified as exc:
        # The UI offers to resend the link when it sees this flag.
        return ErrorBody(message=exc.message, field=exc.field, needs_verification=True).response(403)
    if isinstance(outcome, JSONResponse):
        return outcome
    return _signed_in(session, outcome, accounts.LOGIN_SUCCESS)


@router.post("/auth/google")
def google(body: TokenBody, request: Request, session: SessionDep) -> SignedInUser:
    """Sign in with a Google ID token (``token``): ``{user, token, refreshToken, message}``."""
    signed_in = google_sign_in(session, id_token=body.token, user_agent=_user_agent(request), ip=_client_ip(request))
    return _signed_in(session, signed_in, accounts.LOGIN_SUCCESS)


@router.post("/auth/refresh")
def refresh(body: RefreshBody, session: SessionDep) -> RenewedToken:
    """A new access token from the refresh token, while the login session lives: ``{token, expiresAt}``.

    401 once the session was signed out (from another device, by a password reset) or ran out.
    """
    renewed = sessions.renew(session, body.refreshToken)
    if renewed is None:
        raise Unauthorized(SESSION_ENDED)
    token, caller = renewed
    if caller.seen_due:  # a device renewing its token is in use
        sessions.record_seen(session, {caller.session_id})
    return RenewedToken(token=token, expires_at=caller.expires_at.isoformat())


@router.get("/auth/sessions")
def signed_in_devices(caller: CurrentCaller, session: SessionDep) -> DeviceList:
    """The caller's signed-in devices (live login sessions), the one asking marked ``current``."""
    return DeviceList(
        sessions=devices.signed_in_devices(session, user_id=caller.user_id, current_session_id=caller.session_id)
    )


@router.delete("/auth/sessions/{session_id}")
def sign_out_device(
    session_id: Annotated[str, Path(min_length=1, max_length=64)], caller: CurrentCaller, session: SessionDep
) -> Notice:
    """Sign one of the caller's devices out; its tokens are refused at once. 404 for any other session."""
    devices.sign_out_device(session, user_id=caller.user_id, session_id=session_id)
    return Notice(message=DEVICE_SIGNED_OUT)


@router.post("/auth/logout")
def logout(session: SessionDep, token: TokenDep) -> Notice:
    """End the session of the bearer token; the token is refused from now on."""
    accounts.logout(session, token=token)
    return Notice(message=LOGGED_OUT)


@router.get("/auth/me")
def me(user: CurrentUser, session: SessionDep) -> UserEnvelope:
    """The signed-in user."""
    return UserEnvelope(user=accounts.public_user(session, user))


@router.post("/auth/verify-email")
def verify_email(body: TokenBody, session: SessionDep) -> Notice:
    """Verify the address behind an emailed link's token."""
    account_recovery.verify_email(session, token=body.token)
    return Notice(message=account_recovery.EMAIL_VERIFIED)


@router.post("/auth/resend-verification")
def resend_verification(body: EmailBody, session: SessionDep) -> Notice:
    """Send a new verification link (the same answer whether or not the address has an account)."""
    return Notice(message=account_recovery.resend_verification(session, email=body.email))


@router.post("/auth/forgot-password")
def forgot_password(body: EmailBody, session: SessionDep) -> Notice:
    """Email a password-reset link (the same answer whether or not the address has an account)."""
    return Notice(message=account_recovery.request_password_reset(session, email=body.email))


@router.post("/auth/reset-password", response_model=Notice)
def reset_password(body: ResetBody, session: SessionDep) -> Notice | JSONResponse:
    """Set a new password from a reset link's token; every open session of the account ends."""
    outcome = _field_errors(
        lambda: account_recovery.reset_password(session, token=body.token, new_password=body.password)
    )
    if isinstance(outcome, JSONResponse):
        return outcome
    return Notice(message=account_recovery.PASSWORD_RESET_DONE)


@router.get("/users/{user_id}/courses")
def paid_courses(user_id: Annotated[int, Path(ge=1, le=MAX_ID)], user: CurrentUser, session: SessionDep) -> PaidCourses:
    """Ids of the courses a user has paid for; only that user may ask."""
    ensure_self(user, user_id)
    return PaidCourses(paid_courses=accounts.paid_course_ids(session, user_id))
