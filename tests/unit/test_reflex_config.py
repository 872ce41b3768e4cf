"""Reflex makes no outward calls of its own: no telemetry, no "built with Reflex" badge, no version check, npm
(never a bun download) against one known registry. rxconfig, the build/serve environment and the Makefile
each say so."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from marketplace import manage
from marketplace.settings import PROJECT_ROOT

OFF = {
    "REFLEX_CHECK_LATEST_VERSION": "false",
    "REFLEX_TELEMETRY_ENABLED": "false",
    "REFLEX_USE_NPM": "1",
}


def test_rxconfig_turns_telemetry_and_the_badge_off():
    import rxconfig

    assert rxconfig.config.telemetry_enabled is False
    assert rxconfig.config.show_built_with_reflex is False


@pytest.fixture
def caller_wants_everything_on(monkeypatch):
    """A shell that asks for the opposite: the build and server environment must still switch them off."""
    monkeypatch.setenv("REFLEX_CHECK_LATEST_VERSION", "true")
    monkeypatch.setenv("REFLEX_TELEMETRY_ENABLED", "true")
    monkeypatch.setenv("REFLEX_USE_NPM", "0")


def test_reflex_env_switches_off_the_version_check_and_telemetry_and_uses_npm(monkeypatch, caller_wants_everything_on):
    monkeypatch.setenv("NPM_CONFIG_REGISTRY", "https://npm.mirror.example/")
    env = manage.reflex_env(Path("/tmp/web-x"), "http://localhost:3999")
    assert {name: env.get(name) for name in OFF} == OFF
    assert env["NPM_CONFIG_REGISTRY"] == "https://npm.mirror.example/"  # the caller's registry is kept
    assert (env["REFLEX_WEB_WORKDIR"], env["REFLEX_API_URL"]) == ("/tmp/web-x", "http://localhost:3999")


def test_reflex_env_names_npms_registry_when_the_caller_set_none(monkeypatch, caller_wants_everything_on):
    monkeypatch.delenv("NPM_CONFIG_REGISTRY", raising=False)
    monkeypatch.setattr(manage, "_npm_registry", lambda: "https://registry.from-npm-config.example/")
    env = manage.reflex_env(Path("/tmp/web-x"), "http://localhost:3999")
    assert {name: env.get(name) for name in OFF} == OFF
    assert env["NPM_CONFIG_REGISTRY"] == "https://registry.from-npm-config.example/"


def test_without_npm_the_registry_is_the_public_one(monkeypatch):
    def no_npm(*_args, **_kwargs):
        raise FileNotFoundError("npm")

    monkeypatch.setattr(subprocess, "run", no_npm)
    assert manage._npm_registry() == "https://registry.npmjs.org/"


def _makefile_exports() -> dict[str, str]:
    text = (PROJECT_ROOT / "Makefile").read_text()
    found = re.findall(r"^export\s+([A-Z_]+)\s*[:?]?=\s*(.*?)\s*$", text, flags=re.MULTILINE)
    return dict(found)


def test_the_makefile_exports_the_same_switches_and_a_registry():
    exports = _makefile_exports()
    assert {name: exports.get(name) for name in OFF} == OFF
    assert exports.get("NPM_CONFIG_REGISTRY"), "make run / make test must name npm's registry for Reflex"
    assert "registry" in exports["NPM_CONFIG_REGISTRY"]
