# Two commands on a fresh Debian machine: `make run` (play) and `make test` (check).
# Both install what is missing first (Debian packages, then a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench setup clean

run: $(STAMP)
	$(BIN)/ludivox

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	scripts/with-audio.sh $(BIN)/python -m pytest $(PYTEST_ARGS)

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
