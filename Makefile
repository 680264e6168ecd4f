# Two commands on a fresh Debian machine: `make run` (play) and `make test` (check).
# Both install what is missing first (Debian packages, then a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench setup clean

run: $(STAMP)
	$(BIN)/ludivox

# The pure-logic folders (engines, grammars, bindings, the table's sessions, data) run on
# every core; the folders that time real audio, NFC or subprocesses run alone after them, so
# that no load of ours makes their devices late.
PARALLEL_TESTS := tests/engines tests/grammars tests/bindings tests/table tests/gamedata \
	tests/asrbench/test_natural.py
SERIAL_TESTS := $(filter-out $(PARALLEL_TESTS) tests/__pycache__,\
	$(patsubst %/,%,$(wildcard tests/*/)) $(wildcard tests/test_*.py))
JOBS ?= $(shell nproc)
# The slowest tests of each part are listed at the end of its output (the suite's time is
# watched: CI stops at 90 minutes).
PYTEST_ARGS ?= --durations=15

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	scripts/with-audio.sh $(BIN)/python -m pytest -n $(JOBS) --dist loadfile $(PARALLEL_TESTS) $(PYTEST_ARGS)
	scripts/with-audio.sh $(BIN)/python -m pytest $(SERIAL_TESTS) \
		$(addprefix --ignore=,$(filter %.py,$(PARALLEL_TESTS))) $(PYTEST_ARGS)

unit: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	scripts/with-audio.sh $(BIN)/python -m benchmarks

setup: $(STAMP)

$(STAMP): pyproject.toml scripts/install-system-deps.sh
	scripts/install-system-deps.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
