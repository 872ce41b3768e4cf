"""The API's error answer, ``{message, field?}``, and its declaration in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

DESCRIPTIONS = {
    400: "The request breaks a rule (the message says which).",
    401: "Not signed in, or the bearer token is bad, expired or revoked.",
    403: "Signed in, but not allowed to do this.",
    404: "No such record (or it is not the caller's).",
    409: "The request clashes with what exists.",
    413: "The file is larger than the limit (the message says how large it may be).",
    415: "The file is not of a type taken here (the message names those that are).",
    422: "A value is missing, malformed or out of range (the message names it).",
    429: "Too many attempts; try again later.",
    502: "The payment provider refused or could not be reached.",
    503: "The database cannot be reached.",
}


class ErrorBody(BaseModel):
    """Every error the API answers: a message to show as is, and the input field it is about, if any."""

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True)

    message: str
    field: str | None = None
    errors: dict[str, str] | None = None  # form routes: every field's message at once
    problems: list[str] | None = None  # a studio course that cannot be published yet: each missing piece
    # A log-in refused because the address is not verified yet (403): the UI offers to resend the link.
    needs_verification: bool | None = Field(default=None, alias="needsVerification")

    def response(self, status_code: int) -> JSONResponse:
        """This body as the answer, in its wire names, leaving out what it does not say."""
        return JSONResponse(self.model_dump(mode="json", by_alias=True, exclude_none=True), status_code=status_code)


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a router or route: each status answered with :class:`ErrorBody`."""
    return {status: {"model": ErrorBody, "description": DESCRIPTIONS[status]} for status in statuses}
