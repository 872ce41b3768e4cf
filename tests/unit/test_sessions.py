from datetime import UTC, datetime, timedelta

import jwt

from marketplace.db.models import LoginSession
from marketplace.domain.sessions import (
    caller_for_token,
    issue_token,
    open_session,
    record_seen,
    renew,
    revoke_all_sessions,
    revoke_token,
    user_for_token,
)
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


# --- short-lived access, a refresh token, signed-in devices ---------------------------------------------------------


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC times


def _expired_copy(token: str) -> str:
    """The same access token as the server would have signed it, but already run out."""
    claims = jwt.decode(token, settings.secret_key, algorithms=["HS256"])
    past = datetime.now(UTC) - timedelta(minutes=1)
    return jwt.encode({**claims, "iat": past - timedelta(minutes=15), "exp": past}, settings.secret_key, "HS256")


def test_the_access_token_lives_minutes_and_the_session_hours(session):
    user = make_user(session)
    tokens = open_session(session, user, user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/126.0", ip="1.2.3.4")
    claims = jwt.decode(tokens.access, settings.secret_key, algorithms=["HS256"])
    assert claims["exp"] - claims["iat"] == settings.access_token_minutes * 60
    record = session.get(LoginSession, tokens.session_id)
    lasts = _aware(record.expires_at) - _aware(record.created_at)
    assert lasts == timedelta(hours=settings.token_ttl_hours)
    assert (record.user_agent, record.ip) == ("Mozilla/5.0 (Linux; Android 14) Chrome/126.0", "1.2.3.4")
    assert record.refresh_hash and tokens.refresh.split(".", 1)[1] not in record.refresh_hash  # only a hash


def test_an_expired_access_token_is_refused_but_renewed_while_the_session_lives(session):
    user = make_user(session)
    tokens = open_session(session, user)
    session.commit()
    expired = _expired_copy(tokens.access)
    assert user_for_token(session, expired) is None
    renewed, caller = renew(session, tokens.refresh)
    assert user_for_token(session, renewed).id == user.id
    assert caller.session_id == tokens.session_id and not caller.expires_within(60)
    # A guessed secret, a token of another shape, or an access token in its place renew nothing.
    session_id = tokens.session_id
    for wrong in (f"{session_id}.not-the-secret", session_id, "", tokens.access, "x.y"):
        assert renew(session, wrong) is None
    # Once the session ends, neither token works, whatever their own expiry says.
    assert revoke_token(session, expired)  # a device idle past its token's life can still log out
    session.commit()
    assert renew(session, tokens.refresh) is None
    assert user_for_token(session, renewed) is None


def test_a_token_from_before_short_lived_access_is_refused(session):
    user = make_user(session)
    tokens = open_session(session, user)
    claims = jwt.decode(tokens.access, settings.secret_key, algorithms=["HS256"])
    claims.pop("typ")  # what issue_token signed before: no type, a week's expiry
    claims["exp"] = datetime.now(UTC) + timedelta(days=7)
    assert user_for_token(session, jwt.encode(claims, settings.secret_key, "HS256")) is None


def test_last_seen_is_written_at_most_once_a_minute(session):
    user = make_user(session)
    tokens = open_session(session, user)
    session.commit()
    assert caller_for_token(session, tokens.access).seen_due is False  # just signed in
    assert "seen_sessions" not in session.info
    record = session.get(LoginSession, tokens.session_id)
    record.last_seen_at = datetime.now(UTC) - timedelta(minutes=5)
    session.add(record)
    session.commit()
    assert user_for_token(session, tokens.access).id == user.id
    assert session.info.pop("seen_sessions") == {tokens.session_id}  # noted for after the request
    record_seen(session, {tokens.session_id})
    session.commit()
    session.refresh(record)
    assert _aware(record.last_seen_at) > datetime.now(UTC) - timedelta(seconds=5)
    assert caller_for_token(session, tokens.access).seen_due is False


def test_revoking_all_sessions_but_one_keeps_that_one(session):
    user = make_user(session)
    kept, *others = [open_session(session, user) for _ in range(3)]
    assert revoke_all_sessions(session, user.id, keep=kept.session_id) == 2
    session.commit()
    assert user_for_token(session, kept.access).id == user.id
    assert all(user_for_token(session, other.access) is None for other in others)
