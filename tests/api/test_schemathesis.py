"""Property-based checks of the whole /api against its own OpenAPI document: no input may answer a 5xx.

Schemathesis generates requests for every operation from /api/openapi.json (boundary values of each
parameter first, then a few random ones) and sends each twice: without credentials and with a signed-in
learner's bearer token, on SQLite and on PostgreSQL. A 5xx answer fails the operation's test. The run is
bounded (a few hundred requests per database) to stay well under a minute.

The database is shared by all operations of one backend (what one request writes, the next may read), with a
learner who owns one course and can buy another, so ids 1 and 2 name real rows.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from sqlmodel import Session

from marketplace.api.app import create_api
from marketplace.api.deps import database_url
from marketplace.db.engine import get_engine
from marketplace.domain.sessions import issue_token
from tests.conftest import BACKENDS, backend_url, wipe
from tests.factories import enroll, make_course, make_user

# Boundary values come from the coverage phase, as valid requests only: invalid ones all end in the same 422.
CONFIG = schemathesis.Config.from_dict({"phases": {"coverage": {"generation": {"mode": "positive"}}}})
schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_api(), config=CONFIG)


@pytest.fixture(scope="module", params=BACKENDS)
def fuzzed(request) -> tuple:
    """The API on a fresh database of one backend, and a signed-in learner's headers."""
    url = backend_url(request.param)
    wipe(url)
    with Session(get_engine(url), expire_on_commit=False) as session:
        learner = make_user(session)
        enroll(session, learner, make_course(session))
        make_course(session)
        token = issue_token(session, learner)
        session.commit()
    api = create_api()

    async def _database() -> str:
        return url

    api.dependency_overrides[database_url] = _database
    return api, {"Authorization": f"Bearer {token}"}


@schema.parametrize()
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_request_answers_a_server_error(case, fuzzed):
    api, signed_in = fuzzed
    # Logging out would end the learner's session for every later request.
    credentials = [{}] if case.operation.path == "/api/auth/logout" else [{}, signed_in]
    for headers in credentials:
        case.call_and_validate(app=api, headers=headers, checks=[not_a_server_error])
