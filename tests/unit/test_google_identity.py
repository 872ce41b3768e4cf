"""Google sign-in against a local OpenID provider issuing real signed ID tokens: good ones are accepted,
forged, expired, wrong-audience, wrong-issuer and unverified-email ones are refused."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm
from sqlmodel import select

from marketplace.db.models import LinkedAccount, User
from marketplace.domain import accounts
from marketplace.domain.errors import Unauthorized
from marketplace.domain.google_sign_in import google_sign_in
from marketplace.domain.sessions import issue_token, user_for_token
from marketplace.identity import provider as oidc
from marketplace.identity.google import IdTokenError, accepted_issuers, verify_id_token
from marketplace.settings import settings
from tests.factories import make_user
from tests.oidc_helpers import CLIENT_ID, mint_id_token, oidc_provider

PERSON = {"email": "Ngozi@Example.com", "email_verified": True, "given_name": "Ngozi", "family_name": "Eze"}


@pytest.fixture(scope="module")
def provider():
    """The local OpenID provider's issuer URL."""
    with oidc_provider() as issuer:
        yield issuer


@pytest.fixture(scope="module")
def expiring_provider():
    """A second provider whose tokens expired five minutes before they were issued."""
    with oidc_provider(token_max_age=timedelta(minutes=-5)) as issuer:
        yield issuer


@pytest.fixture(autouse=True)
def configured(monkeypatch, provider):
    """Point the Google settings at the local provider, with nothing discovered or cached yet."""
    monkeypatch.setattr(settings, "google_issuer", provider)
    monkeypatch.setattr(settings, "google_client_id", CLIENT_ID)
    oidc.forget_providers()
    yield
    oidc.forget_providers()


def _forge(claims: dict, kid: str | None = None) -> str:
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    headers = {"kid": kid} if kid else None
    return jwt.encode(claims, other_key, algorithm="RS256", headers=headers)


def test_a_real_token_from_the_provider_is_accepted(provider):
    token = mint_id_token(provider, sub="sub-1", **PERSON)
    identity = verify_id_token(token)
    assert identity.subject == "sub-1"
    assert identity.email == "ngozi@example.com"
    assert (identity.given_name, identity.family_name) == ("Ngozi", "Eze")


def test_a_token_signed_by_another_key_is_refused(provider):
    real = jwt.decode(mint_id_token(provider, sub="sub-1", **PERSON), options={"verify_signature": False})
    with pytest.raises(IdTokenError, match="verifies"):
        verify_id_token(_forge(real))
    with pytest.raises(IdTokenError):
        verify_id_token(_forge(real, kid="some-published-looking-kid"))


def test_an_expired_token_is_refused(monkeypatch, expiring_provider):
    monkeypatch.setattr(settings, "google_issuer", expiring_provider)
    token = mint_id_token(expiring_provider, sub="sub-1", **PERSON)
    with pytest.raises(IdTokenError, match=r"(?i)expired"):
        verify_id_token(token)


def test_a_token_for_another_audience_is_refused(provider):
    token = mint_id_token(provider, sub="sub-1", client_id="someone-elses-app", **PERSON)
    with pytest.raises(IdTokenError, match=r"(?i)audience"):
        verify_id_token(token)


def test_a_token_from_another_issuer_is_refused(monkeypatch, provider):
    # Same provider and keys, reached under another name: the token's iss no longer matches the setting.
    token = mint_id_token(provider, sub="sub-1", **PERSON)
    monkeypatch.setattr(settings, "google_issuer", provider.replace("localhost", "127.0.0.1"))
    with pytest.raises(IdTokenError, match=r"(?i)issuer"):
        verify_id_token(token)


def test_an_unverified_email_is_refused(provider):
    token = mint_id_token(provider, sub="sub-2", **{**PERSON, "email_verified": False})
    with pytest.raises(IdTokenError, match="not verified"):
        verify_id_token(token)


def test_garbage_and_missing_configuration_are_refused(monkeypatch, provider):
    with pytest.raises(IdTokenError):
        verify_id_token("not-a-token")
    token = mint_id_token(provider, sub="sub-1", **PERSON)
    monkeypatch.setattr(settings, "google_client_id", "")
    with pytest.raises(IdTokenError, match="not configured"):
        verify_id_token(token)


def test_google_accepts_both_forms_of_its_issuer():
    assert set(accepted_issuers("https://accounts.google.com")) == {
        "https://accounts.google.com",
        "accounts.google.com",
    }
    assert accepted_issuers("http://localhost:5000/") == ("http://localhost:5000",)


@pytest.fixture
def provider_requests(monkeypatch):
    """Every discovery and key-set request to a provider, in order, as ``(kind, url)``."""
    seen: list[tuple[str, str]] = []
    real_get = oidc.httpx.get
    real_fetch = jwt.PyJWKClient.fetch_data

    def get(url, **kwargs):
        seen.append(("discovery", url))
        return real_get(url, **kwargs)

    def fetch_data(client):
        seen.append(("keys", client.uri))
        return real_fetch(client)

    monkeypatch.setattr(oidc.httpx, "get", get)
    monkeypatch.setattr(jwt.PyJWKClient, "fetch_data", fetch_data)
    return seen


def test_one_discovery_fetch_and_cached_keys_serve_many_tokens(provider, provider_requests):
    for n in range(3):
        assert verify_id_token(mint_id_token(provider, sub=f"sub-{n}", **PERSON)).subject == f"sub-{n}"
    assert [kind for kind, _url in provider_requests] == ["discovery", "keys"]
    assert provider_requests[0][1] == f"{provider}/.well-known/openid-configuration"


def _key_set(*keys: tuple[str, rsa.RSAPrivateKey]) -> dict:
    return {"keys": [{**json.loads(RSAAlgorithm.to_jwk(k.public_key())), "kid": kid, "use": "sig"} for kid, k in keys]}


def test_rotated_keys_are_fetched_again_but_unknown_key_ids_cannot_make_us_hammer_the_provider(monkeypatch, provider):
    """The provider publishes key "a", then adds key "b" and signs with it (Google names the key in each token)."""
    old, new = (rsa.generate_private_key(public_exponent=65537, key_size=2048) for _ in range(2))
    published = [_key_set(("a", old)), _key_set(("a", old), ("b", new))]
    fetches = []

    def fetch_data(client):
        fetches.append(client.uri)
        answer = published[min(len(fetches), 2) - 1]
        client.jwk_set_cache.put(answer)
        client._last_successful_fetch = time.monotonic()
        return answer

    monkeypatch.setattr(jwt.PyJWKClient, "fetch_data", fetch_data)
    now = datetime.now(UTC)
    claims = {"iss": provider, "aud": CLIENT_ID, "sub": "g-1", "iat": now, "exp": now + timedelta(minutes=5), **PERSON}
    assert verify_id_token(jwt.encode(claims, old, algorithm="RS256", headers={"kid": "a"})).subject == "g-1"
    assert len(fetches) == 1
    signed_by_new = jwt.encode(claims, new, algorithm="RS256", headers={"kid": "b"})
    # Just after a fetch, an unknown key id is refused without asking the provider again (forged tokens
    # naming made-up keys would otherwise make us fetch for each one).
    with pytest.raises(IdTokenError, match="verifies"):
        verify_id_token(signed_by_new)
    assert len(fetches) == 1
    # A minute on, the same token makes the client fetch the set again, and the new key verifies it.
    client = oidc.provider(provider).keys
    monkeypatch.setattr(client, "_last_successful_fetch", time.monotonic() - oidc.MIN_REFRESH_SECONDS - 1)
    assert verify_id_token(signed_by_new).subject == "g-1"
    assert len(fetches) == 2


def test_the_redirect_flows_token_must_repeat_our_nonce(provider):
    token = mint_id_token(provider, sub="sub-1", **PERSON)  # the local provider's token carries no nonce
    with pytest.raises(IdTokenError, match="nonce"):
        verify_id_token(token, nonce="the-nonce-we-sent")
    assert verify_id_token(token).subject == "sub-1"  # Google's button: no nonce of ours to compare


def test_an_unreachable_provider_refuses_the_token(monkeypatch, provider):
    token = mint_id_token(provider, sub="sub-1", **PERSON)
    monkeypatch.setattr(settings, "google_issuer", "http://127.0.0.1:9")  # nothing listens there
    with pytest.raises(IdTokenError, match="keys"):
        verify_id_token(token)


def test_first_sign_in_creates_a_verified_password_less_account(session, provider):
    signed_in = google_sign_in(session, id_token=mint_id_token(provider, sub="g-100", **PERSON))
    session.commit()
    user = signed_in.user
    assert (user.email, user.first_name, user.last_name) == ("ngozi@example.com", "Ngozi", "Eze")
    assert user.email_verified and user.password_hash is None and user.username == "ngozi"
    assert user_for_token(session, signed_in.token).id == user.id
    link = session.exec(select(LinkedAccount)).one()
    assert (link.provider, link.subject, link.user_id) == ("google", "g-100", user.id)

    again = google_sign_in(session, id_token=mint_id_token(provider, sub="g-100", **PERSON))
    assert again.user.id == user.id
    assert len(session.exec(select(User)).all()) == 1


def test_a_verified_account_with_that_email_is_linked_and_keeps_its_password(session, provider):
    existing = make_user(session, email="ngozi@example.com", username="ngozi", password="pw-123456")
    make_user(session, username="ngozi2")  # a taken username does not matter when linking
    signed_in = google_sign_in(session, id_token=mint_id_token(provider, sub="g-200", **PERSON))
    session.commit()
    assert signed_in.user.id == existing.id and signed_in.user.email_verified
    assert accounts.login(session, email="ngozi@example.com", password="pw-123456").user.id == existing.id


def test_an_unverified_sign_up_of_that_email_loses_its_password_and_sessions_when_google_proves_the_owner(
    session, provider
):
    """Somebody registered the owner's address and never verified it: their password must not stay a way in."""
    squatted = make_user(session, email="ngozi@example.com", username="ngozi", password="pw-123456", verified=False)
    squatter_token = issue_token(session, squatted)
    session.commit()
    signed_in = google_sign_in(session, id_token=mint_id_token(provider, sub="g-201", **PERSON))
    session.commit()
    assert signed_in.user.id == squatted.id and signed_in.user.email_verified
    assert signed_in.user.password_hash is None
    assert user_for_token(session, squatter_token) is None
    assert user_for_token(session, signed_in.token).id == squatted.id
    with pytest.raises(Unauthorized):
        accounts.login(session, email="ngozi@example.com", password="pw-123456")


def test_a_new_account_gets_a_free_username(session, provider):
    make_user(session, username="Ngozi")
    user = google_sign_in(session, id_token=mint_id_token(provider, sub="g-300", **PERSON)).user
    assert user.username == "ngozi2"


def test_a_second_google_identity_cannot_take_over_a_linked_account_by_email(session, provider):
    google_sign_in(session, id_token=mint_id_token(provider, sub="g-400", **PERSON))
    session.commit()
    with pytest.raises(Unauthorized) as refused:
        google_sign_in(session, id_token=mint_id_token(provider, sub="g-401", **PERSON))
    assert refused.value.message == "Google sign-in failed. Try again."


def test_a_refused_token_signs_nobody_in(session, provider):
    claims = {
        "iss": provider,
        "aud": CLIENT_ID,
        "sub": "g-500",
        "iat": datetime.now(UTC),
        "exp": datetime.now(UTC) + timedelta(minutes=5),
        **PERSON,
    }
    with pytest.raises(Unauthorized) as refused:
        google_sign_in(session, id_token=_forge(claims))
    assert refused.value.message == "Google sign-in failed. Try again."
    assert session.exec(select(User)).first() is None
