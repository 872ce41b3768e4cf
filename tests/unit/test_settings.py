import pytest

from marketplace.settings import Settings, _load_secret, check_production_payments, sandbox_payments_enabled


def test_embedded_default_generates_and_keeps_a_secret(tmp_path):
    current = Settings(DATA_DIR=tmp_path, MARKETPLACE_ENV="development", SECRET_KEY="", DATABASE_URL="")
    first = _load_secret(current)
    assert len(first) >= 40
    assert _load_secret(current) == first
    assert current.database_url == f"sqlite:///{tmp_path / 'marketplace.db'}"


@pytest.mark.parametrize("value", ["", "changeme", "secret"])
def test_production_refuses_a_missing_or_placeholder_secret(tmp_path, value):
    current = Settings(DATA_DIR=tmp_path, MARKETPLACE_ENV="production", SECRET_KEY=value)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        _load_secret(current)


def test_production_refuses_the_sandbox_and_a_provider_without_its_keys(tmp_path):
    def production(**env):
        return Settings(DATA_DIR=tmp_path, MARKETPLACE_ENV="production", SECRET_KEY="x" * 48, **env)

    with pytest.raises(RuntimeError, match="'sandbox', which takes no money"):
        check_production_payments(production())
    with pytest.raises(RuntimeError, match="FLUTTERWAVE_WEBHOOK_HASH is not set"):
        check_production_payments(production(PAYMENT_PROVIDER="flutterwave", FLUTTERWAVE_SECRET_KEY="sk"))
    with pytest.raises(RuntimeError, match="PAYSTACK_SECRET_KEY is not set"):
        check_production_payments(production(PAYMENT_PROVIDER="paystack"))
    check_production_payments(production(PAYMENT_PROVIDER="paystack", PAYSTACK_SECRET_KEY="sk_live_x"))
    assert not sandbox_payments_enabled(production(PAYMENT_PROVIDER="paystack", PAYSTACK_SECRET_KEY="k"))


def test_development_uses_the_sandbox(tmp_path):
    current = Settings(DATA_DIR=tmp_path, MARKETPLACE_ENV="development")
    check_production_payments(current)
    assert sandbox_payments_enabled(current)
