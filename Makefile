# The README's two commands are `make run` and `make test`; everything else is a step of those.
# `make help` lists the targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
WHEEL_DIR := build/wheels
PORT ?= 8000
PYTEST_ARGS ?=
# Two workers each, for 2 cores: the unit tests halve their time (93 s to 52 s); browser tests
# are bound by Chromium's CPU, and three workers were slower than two (10m17s against 9m53s).
UNIT_WORKERS ?= 2
E2E_WORKERS ?= 2
PYTEST_OPTS := -q -rfE --durations=10
UNIT_OPTS := $(PYTEST_OPTS) -n $(UNIT_WORKERS)
E2E_OPTS := $(PYTEST_OPTS) -n $(E2E_WORKERS) --dist worksteal
STAGE := $(PY) tools/stage.py

.PHONY: run test unit e2e engines site wheel setup bench soak gallery pyodide-test chromium clean help

run: site  ## set up, build the site and serve it on loopback, port 8000 (make run PORT=8001)
	$(PY) tools/serve.py --port $(PORT)

# The type check and the Pyodide tests each keep one core busy: they run side by side. The
# Firefox and WebKit suites (e2e_engines/) run beside the Chromium one (docs/testing.md).
ENGINE_TESTS := xvfb-run -a $(PY) -m pytest $(PYTEST_OPTS) -p no:cacheprovider e2e_engines
test: site chromium  ## set up, build, then type check, unit, Pyodide and browser tests (Chromium, Firefox, WebKit), each with counts and time
	@$(STAGE) --reset
	@$(STAGE) "type check" -- $(PY) -m mypy --beside "pyodide tests" -- node tools/pyodide_tests.mjs
	@$(STAGE) "unit tests" -- $(PY) -m pytest $(UNIT_OPTS) tests $(PYTEST_ARGS)
	@$(STAGE) "browser tests" -- $(PY) -m pytest $(E2E_OPTS) e2e $(PYTEST_ARGS) \
		--beside "engine tests" -- $(ENGINE_TESTS)
	@$(STAGE) --summary

engines: site  ## the Firefox and WebKit suites (ENGINES=firefox or webkit for one)
	@$(STAGE) --reset
	@$(STAGE) "engine tests" -- $(ENGINE_TESTS)

# The rules checks again, inside the Pyodide the site ships (on Node, offline).
pyodide-test: wheel  ## the rules checks inside the shipped Pyodide, on Node
	node tools/pyodide_tests.mjs

unit: setup  ## type check and unit tests only (no site, no browser)
	@$(STAGE) --reset
	@$(STAGE) "type check" -- $(PY) -m mypy
	@$(STAGE) "unit tests" -- $(PY) -m pytest $(UNIT_OPTS) tests $(PYTEST_ARGS)

e2e: site chromium  ## browser tests only, E2E_WORKERS=2 at once
	@$(STAGE) --reset
	@$(STAGE) "browser tests" -- $(PY) -m pytest $(E2E_OPTS) e2e $(PYTEST_ARGS)

# $CHROMIUM, Debian's chromium-headless-shell or chromium, or Playwright's own downloaded into .venv.
chromium: setup  ## find the browser for the e2e tests, or download Playwright's
	@$(PY) tools/check_chromium.py

setup: $(VENV)/.installed node_modules/.installed  ## .venv with requirements-dev.txt, node_modules from package-lock.json

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Reproducible: dated by the last commit, fixed modes and order (tools/build_wheel.py).
wheel: setup  ## build the pygame_core wheel into build/wheels
	$(PY) tools/build_wheel.py --outdir $(WHEEL_DIR)

PYODIDE_EXTRA := build/pyodide-packages/.downloaded

site: wheel $(PYODIDE_EXTRA)  ## build the publishable site into site/
	$(PY) tools/build_site.py

# Wheels for Pyodide 3.14 (Python >= 3.13), whatever Python runs the tools.
$(PYODIDE_EXTRA): tools/pyodide-packages.txt $(VENV)/.installed
	rm -rf build/pyodide-packages
	$(PY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
		--python-version 3.13 --require-hashes -r tools/pyodide-packages.txt -d build/pyodide-packages
	touch $@

bench: site chromium  ## speed and size figures (tools/bench.py), start-up in each engine last
	xvfb-run -a $(PY) tools/bench.py

gallery: site chromium  ## screenshots of every table (start, a decision, a move, the end) into e2e/artifacts/gallery
	$(PY) tools/gallery.py

soak: site chromium  ## long property-based runs; every start-up file taken away, every damage to a snapshot
	HYPOTHESIS_PROFILE=soak $(PY) -m pytest -q tests -m "slow or not slow" -p no:cacheprovider
	HYPOTHESIS_PROFILE=soak $(PY) -m pytest -q e2e/test_recovery.py e2e/test_snapshot.py -k "every_file or broken" \
		-p no:cacheprovider
	HOSTILE_ROUNDS=25 $(PY) -m pytest -q e2e/test_stored_values.py -p no:cacheprovider

clean:  ## remove build/, site/, .venv and node_modules
	rm -rf build site $(VENV) node_modules *.egg-info

help:  ## this list
	@awk 'BEGIN { FS = ":.*## " } /^[a-z0-9-]+:.*## / { printf "  make %-13s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
