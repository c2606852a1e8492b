# Agora: `make run` serves on SQLite at http://127.0.0.1:8000; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

NODE_STAMP := node_modules/.installed-stamp
# pytest processes (pytest-xdist): each has its own databases (tests/conftest.py). Three on
# two cores: the suite waits on browsers, bots and timers about half the time (.ci/run
# took 22 min with two, 1.3 cores busy on average, 2026-12-07).
TEST_WORKERS ?= 3

.PHONY: run test setup native chromium nginx node lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

# The move hot path compiled with mypyc (app/native.py says which modules and why); a
# no-op when current, plain Python when there is no C compiler.
native: setup
	$(BIN)/python tools/build_native.py

# Browser tests drive Debian's chromium (Playwright's own browser download does not work here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian chromium"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }

# The affinity tests run deploy/nginx.conf in a real nginx (tests/deploy/).
nginx:
	@[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || { \
		echo "installing Debian nginx-light"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx-light >/dev/null; }

# Test and bench tooling from npm (axe-core for the accessibility checks, ws for the Node
# bench client); the client needs no build.
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
		echo "installing Debian npm"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq npm >/dev/null; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

node: $(NODE_STAMP)

run: setup native
	$(BIN)/python -m app

test: setup native chromium nginx node
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	@# mypy (~20 s of one core, cold) runs beside the suite, which waits on browsers and
	@# timers half the time; its report follows the suite's, and a type error fails the run.
	$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & mypy=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS); status=$$?; \
	if wait $$mypy; then tail -n 1 $(VENV)/mypy.log; else cat $(VENV)/mypy.log; status=1; fi; \
	exit $$status

lint: setup
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

bench: setup
	$(BIN)/python bench/ws_load.py --help

clean:
	-$(BIN)/python tools/build_native.py --clean
	rm -rf $(VENV) var test-artifacts .pytest_cache node_modules build
