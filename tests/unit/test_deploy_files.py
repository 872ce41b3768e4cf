"""The shipped deployment files (deploy/) agree with the code: the env template names every setting and
starts nothing until its placeholders are filled, the systemd units run the right commands in the right order,
and the nginx site's placeholders are the documented ones. tests/e2e/test_production.py runs the site
through these same files."""

from __future__ import annotations

import re
import sys

import pytest

from marketplace import manage
from marketplace.settings import PROJECT_ROOT, Settings, _load_secret, check_production_payments
from tests.deploy_files import ENV_EXAMPLE, ENV_FILE, INSTALL_ROOT, NGINX_SITE, PLACEHOLDER, env_file, unit

SETTING_NAMES = {info.alias for info in Settings.model_fields.values() if info.alias}


def readme_setting_names() -> set[str]:
    """The variables named in the first column of README's settings table."""
    text = (PROJECT_ROOT / "README.md").read_text()
    table = text.split("## Settings", 1)[1].split("\n## ", 1)[0]
    names = set()
    for row in table.splitlines():
        if row.startswith("| `"):
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1]))
    return names


def test_the_env_template_sets_every_setting_and_nothing_else():
    names = set(env_file())
    assert names == SETTING_NAMES
    readme = readme_setting_names()
    assert len(readme) > 30 and readme <= names


def test_the_env_template_is_a_production_setup_behind_one_proxy_with_a_separate_worker():
    values = env_file()
    assert values["MARKETPLACE_ENV"] == "production"
    assert values["TRUSTED_PROXY_HOPS"] == "1"  # nginx, deploy/nginx/naija-learn.conf
    assert values["JOBS_IN_APP"] == "false"  # naija-learn-worker.service runs them
    assert values["PAYMENT_PROVIDER"] in ("flutterwave", "paystack")
    assert values["PUBLIC_URL"].startswith("https://")
    assert values["DATABASE_URL"].startswith("postgresql+psycopg://") and values["REDIS_URL"].startswith("redis://")


def test_the_env_template_starts_nothing_until_its_secrets_are_filled(monkeypatch, tmp_path):
    for name, value in env_file().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    current = Settings(_env_file=None)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        _load_secret(current)
    with pytest.raises(RuntimeError, match="FLUTTERWAVE_SECRET_KEY, FLUTTERWAVE_WEBHOOK_HASH"):
        check_production_payments(current)
    monkeypatch.setenv("FLUTTERWAVE_SECRET_KEY", "FLWSECK-real")
    monkeypatch.setenv("FLUTTERWAVE_WEBHOOK_HASH", "a-long-random-hash")
    check_production_payments(Settings(_env_file=None))


def _manage_commands(name: str) -> list[list[str]]:
    commands = unit(name).commands(sys.executable, PROJECT_ROOT)
    for command in commands:
        assert command[:3] == [sys.executable, "-m", "marketplace.manage"], command
    return [command[3:] for command in commands]


def test_the_units_run_migrations_then_the_app_and_the_worker():
    migrate, app, worker = (
        unit("naija-learn-migrate.service"),
        unit("naija-learn.service"),
        unit("naija-learn-worker.service"),
    )
    assert migrate.get("Service", "Type") == ["oneshot"]
    assert _manage_commands("naija-learn-migrate.service") == [["migrate"], ["seed"]]
    assert {"naija-learn.service", "naija-learn-worker.service"} <= migrate.words("Unit", "Before")
    for service in (app, worker):
        assert "naija-learn-migrate.service" in service.words("Unit", "Requires")
        assert "naija-learn-migrate.service" in service.words("Unit", "After")
        assert service.get("Install", "WantedBy") == ["multi-user.target"]
    # The app only serves (no migrating, seeding or building), and only to nginx on this machine.
    assert _manage_commands("naija-learn.service") == [["serve", "--host", "127.0.0.1"]]
    assert _manage_commands("naija-learn-worker.service") == [["worker"]]
    for service in (migrate, app, worker):
        assert service.get("Service", "EnvironmentFile") == [ENV_FILE]
        assert service.get("Service", "WorkingDirectory") == [INSTALL_ROOT]
        assert service.get("Service", "User") == ["naija-learn"]


def test_every_unit_command_is_one_manage_py_knows():
    for name in ("naija-learn-migrate.service", "naija-learn.service", "naija-learn-worker.service"):
        for command in _manage_commands(name):
            with pytest.raises(SystemExit) as parsed:
                manage.main([*command, "--help"])
            assert parsed.value.code == 0


def test_the_nginx_site_documents_each_placeholder_it_uses():
    text = NGINX_SITE.read_text()
    documented = set(re.findall(r"^#\s+\{\{([A-Z_]+)\}\}", text, flags=re.MULTILINE))
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert set(PLACEHOLDER.findall(body)) == documented
    assert ENV_EXAMPLE.exists()


def test_the_nginx_site_hands_its_request_id_to_the_app_in_every_location():
    """The app keeps the proxy's X-Request-ID (TRUSTED_PROXY_HOPS=1), so nginx and the app name a request alike;
    nginx sets the header itself, replacing any a client sent."""
    text = NGINX_SITE.read_text()
    locations = re.findall(r"location [^{]+\{(.*?)\n    \}", text, flags=re.DOTALL)
    assert len(locations) == 4  # the websocket, video upload chunks, video ranges, everything else
    for body in locations:
        assert "proxy_set_header X-Request-ID $request_id;" in body
    assert env_file()["TRUSTED_PROXY_HOPS"] == "1"
