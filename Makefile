# pygames — every command sets up what it needs on a fresh machine.
#   make serve   build the site and serve it at http://127.0.0.1:8000
#   make test    run every test (engine, web layer, Chromium end to end)
#   make build   build the static site into dist/
#   make bench   engine and boot benchmarks, bot strength, waits for bots, the first visit (Chromium), several devices
#   make soak    10,000 games of each game, every decision checked (slow; not part of make test)

SHELL := /bin/bash
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve test build bench soak setup setup-py setup-npm setup-chromium test-engine test-e2e typecheck lint clean

setup: setup-py setup-npm

# uv installs the pinned requirements in a third of pip's time (pip if uv cannot be had); neither
# byte-compiles every module (a module's bytecode is written when it is first imported).
UV_VERSION := 0.13.9
$(VENV)/.ok: pyproject.toml requirements-dev.txt
	$(PY) -m venv $(VENV)
	@$(VPY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION) \
	  && $(VENV)/bin/uv pip install --quiet --python $(VPY) -r requirements-dev.txt \
	  || $(VPY) -m pip install --quiet --disable-pip-version-check --no-compile -r requirements-dev.txt
	touch $@

setup-py: $(VENV)/.ok

node_modules/.ok: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

setup-npm: node_modules/.ok

# Debian's Chromium for the browser tests: its headless build (chromium-headless-shell, the
# same Blink and V8 as chromium; what Playwright itself runs headless) is what the tests use,
# and chromium for make bench. Playwright cannot download its own browser here.
HEADLESS_SHELL ?= /usr/lib/chromium/chromium-headless-shell
setup-chromium:
	@want=""; [ -x "$(HEADLESS_SHELL)" ] || want="chromium-headless-shell"; [ -x "$(CHROMIUM)" ] || want="$$want chromium"; \
	if [ -z "$$want" ] || [ -n "$$PYGAMES_BROWSER" ]; then :; \
	elif command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -qq $$want fonts-dejavu-core >/dev/null 2>&1 \
	  || { apt-get update -qq && apt-get install -y -qq $$want fonts-dejavu-core >/dev/null; } \
	  || echo "could not install $$want: the tests use what there is"; \
	elif [ ! -x "$(CHROMIUM)" ]; then echo "Chromium not found: using Playwright's own browser (run: $(VPY) -m playwright install chromium)"; fi

# The build needs Node's packages and python3 (3.11+, its standard library only), not the
# venv: make test builds the site while the venv is being set up.
build: setup-npm
	$(PY) tools/build_site.py

serve: build
	$(PY) tools/serve.py --dir dist --port $(PORT)

# The site's build runs beside the venv's set-up, then the linter and the type checker (each
# uses one core); Chromium is installed meanwhile if it is missing. Three test processes on two
# cores: the browser tests wait now and then (a timer, a service worker), and a third process
# fills those gaps (CPU busy 97%, not 89%). Bytecode is cached (a machine may say not to) so
# that the processes a test starts import compiled modules.
test:
	@$(MAKE) --no-print-directory -j4 build lint typecheck setup-chromium
	PYTHONDONTWRITEBYTECODE= $(VPY) -m pytest -q -p no:cacheprovider -n 3 --dist worksteal --durations=15 tests

# The engine, the web layer and the tools (the files are listed in pyproject.toml).
typecheck: setup-py
	$(VPY) -m mypy

lint: setup-py
	$(VPY) -m ruff check .

test-engine: setup-py
	$(VPY) -m pytest -q tests/engine tests/web

test-e2e: setup setup-chromium build
	$(VPY) -m pytest -q tests/e2e

# Each benchmark exits non-zero when it misses a target: all run, then make bench fails if any did.
bench: setup setup-chromium build
	@missed=""; \
	$(VPY) tools/bench.py || missed="$$missed bench.py"; \
	$(VPY) tools/bench_waits.py --sizes all --seeds 2 --min-waits 20 --moves 1000 || missed="$$missed bench_waits.py"; \
	$(VPY) tools/bench_first_visit.py --runs 3 || missed="$$missed bench_first_visit.py"; \
	$(VPY) tools/bench_bots.py || missed="$$missed bench_bots.py"; \
	$(VPY) tools/bench_devices.py || missed="$$missed bench_devices.py"; \
	if [ -n "$$missed" ]; then echo "targets missed in:$$missed"; exit 1; fi
	$(VPY) tools/skill_ceiling.py rps_zombie 2 --positions 300 --rollouts 96 --hard --jobs 2
	$(VPY) tools/skill_ceiling.py rps_zombie 3 --positions 300 --rollouts 96 --hard --jobs 2

SOAK_GAMES ?= 5000
soak: setup-py
	@for spec in klats:2 klats:6 rps_zombie:2 rps_zombie:3 zoomagia:2 zoomagia:6; do \
	  $(VPY) -m pygames_core simulate $${spec%:*} --players $${spec#*:} --bots easy --games $(SOAK_GAMES) \
	    --seed 1 --jobs 2 --check || exit 1; \
	done

clean:
	rm -rf dist build .cache $(VENV) node_modules
