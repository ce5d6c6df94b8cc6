# The README's two commands are `make run` and `make test`; everything else is a step of those.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
WHEEL_DIR := build/wheels
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=

.PHONY: run test unit e2e site wheel setup bench soak pyodide-test clean

run: site
	$(PY) tools/serve.py --port 8000

test: site
	$(PY) tools/check_chromium.py
	$(PY) -m mypy
	$(PY) -m pytest -q tests $(PYTEST_ARGS)
	node tools/pyodide_tests.mjs
	$(PY) -m pytest -q e2e $(PYTEST_ARGS)

# The rules checks again, inside the Pyodide the site ships (on Node, offline).
pyodide-test: wheel
	node tools/pyodide_tests.mjs

unit: setup
	$(PY) -m mypy
	$(PY) -m pytest -q tests $(PYTEST_ARGS)

e2e: site
	$(PY) -m pytest -q e2e $(PYTEST_ARGS)

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Reproducible: dated by the last commit, fixed modes and order (tools/build_wheel.py).
wheel: setup
	$(PY) tools/build_wheel.py --outdir $(WHEEL_DIR)

PYODIDE_EXTRA := build/pyodide-packages/.downloaded

site: wheel $(PYODIDE_EXTRA)
	$(PY) tools/build_site.py

# Wheels for Pyodide 3.14 (Python >= 3.13), whatever Python runs the tools.
$(PYODIDE_EXTRA): tools/pyodide-packages.txt $(VENV)/.installed
	rm -rf build/pyodide-packages
	$(PY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
		--python-version 3.13 --require-hashes -r tools/pyodide-packages.txt -d build/pyodide-packages
	touch $@

bench: site
	$(PY) tools/bench.py

soak: setup
	HYPOTHESIS_PROFILE=soak $(PY) -m pytest -q tests -m "slow or not slow" -p no:cacheprovider

clean:
	rm -rf build site $(VENV) node_modules *.egg-info
