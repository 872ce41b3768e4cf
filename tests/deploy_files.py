"""Reading the shipped deployment files (deploy/) the way nginx, systemd and a shell read them, for the tests
that check them and the production test that runs the site through them."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from marketplace.settings import PROJECT_ROOT

DEPLOY = PROJECT_ROOT / "deploy"
NGINX_SITE = DEPLOY / "nginx" / "naija-learn.conf"
ENV_EXAMPLE = DEPLOY / "naija-learn.env.example"
UNITS = DEPLOY / "systemd"
# Where the units expect the code (with its .venv) and where the env file goes.
INSTALL_ROOT = "/srv/naija-learn"
ENV_FILE = "/etc/naija-learn/naija-learn.env"
PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")


def env_file(path: Path = ENV_EXAMPLE) -> dict[str, str]:
    """``NAME=value`` lines as systemd's EnvironmentFile= reads them (comments and blank lines skipped, one
    pair of surrounding double quotes removed)."""
    values: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        assert sep and re.fullmatch(r"[A-Z][A-Z0-9_]*", name), f"not NAME=value: {raw!r}"
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        values[name] = value
    return values


def render_site(values: dict[str, str], template: Path = NGINX_SITE) -> str:
    """The nginx site with every ``{{NAME}}`` replaced; a placeholder left without a value is an error."""
    text = template.read_text()
    used = set(PLACEHOLDER.findall(text))
    missing = used - set(values)
    assert not missing, f"no value for {sorted(missing)}"
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


@dataclass
class Unit:
    """A systemd unit file: its ``[Section]`` keys (a key given several times keeps every value)."""

    name: str
    sections: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def get(self, section: str, key: str) -> list[str]:
        return self.sections.get(section, {}).get(key, [])

    def words(self, section: str, key: str) -> set[str]:
        """Every space-separated value of a key (After=a b, After=c: {a, b, c})."""
        return {word for value in self.get(section, key) for word in value.split()}

    def commands(self, python: str, project_root: Path) -> list[list[str]]:
        """The ExecStart= command lines for this machine: the install root replaced by ``project_root`` and its
        virtualenv's Python by ``python``."""
        lines = []
        for line in self.get("Service", "ExecStart"):
            words = shlex.split(line)
            if words[0] == f"{INSTALL_ROOT}/.venv/bin/python":
                words[0] = python
            lines.append([w.replace(INSTALL_ROOT, str(project_root)) for w in words])
        return lines

    def environment(self) -> dict[str, str]:
        """The unit's own Environment= assignments."""
        pairs = [pair for line in self.get("Service", "Environment") for pair in shlex.split(line)]
        return dict(pair.split("=", 1) for pair in pairs)


def unit(name: str) -> Unit:
    """Parse ``deploy/systemd/<name>``."""
    parsed = Unit(name)
    section = ""
    for raw in (UNITS / name).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            parsed.sections.setdefault(section, {})
            continue
        key, _, value = line.partition("=")
        parsed.sections[section].setdefault(key.strip(), []).append(value.strip())
    return parsed


def unit_environment(parsed: Unit, env_values: dict[str, str]) -> dict[str, str]:
    """What systemd gives the unit's process: Environment=, then the EnvironmentFile= on top (systemd's order:
    the file's settings override Environment=)."""
    return {**parsed.environment(), **env_values}
