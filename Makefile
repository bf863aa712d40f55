# Everything sets itself up in a local virtual environment (.venv).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test bench lint selfplay clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

## demo: set up and play a self-play game in the terminal
demo: $(STAMP)
	$(VENV)/bin/naga-widget play --seed 1

## test: set up and run every test
test: $(STAMP)
	$(PY) -m pytest src tests

## bench: print the speed figures of the engine
bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) build dist .pytest_cache
