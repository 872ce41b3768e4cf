from datetime import UTC, datetime, timedelta

import jwt

from marketplace.db.models import LoginSession
from marketplace.domain.sessions import issue_token, revoke_token, user_for_token
from marketplace.settings import settings
from tests.factories import make_user


def test_issued_token_identifies_its_user(session):
    user = make_user(session)
    token = issue_token(session, user)
    assert user_for_token(session, token).id == user.id


def test_revoked_token_is_refused(session):
    user = make_user(session)
    token = issue_token(session, user)
    assert revoke_token(session, token)
    assert user_for_token(session, token) is None
    assert not revoke_token(session, token)


def test_forged_and_expired_tokens_are_refused(session):
    user = make_user(session)
    token = issue_token(session, user)
    claims = jwt.decode(token, settings.secret_key, algorithms=["HS256"])
    forged = jwt.encode({**claims, "sub": "999"}, "not-the-secret", algorithm="HS256")
    assert user_for_token(session, forged) is None
    assert user_for_token(session, "garbage") is None
    assert user_for_token(session, "") is None
    record = session.get(LoginSession, claims["sid"])
    record.expires_at = datetime.now(UTC) - timedelta(seconds=1)
    session.add(record)
    session.commit()
    assert user_for_token(session, token) is None
