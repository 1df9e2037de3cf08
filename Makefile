# Everything a fresh machine needs: `make demo` and `make test` create the venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint snapshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/bearcli simulate scenarios/sliding-bears/classic.yaml --games 200 --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check bearcli tests benchmarks
	$(BIN)/ruff format --check bearcli tests benchmarks

# Always the full suite: a partial update would leave stale snapshots behind unnoticed.
snapshots: $(STAMP)
	$(BIN)/python -m pytest --snapshot-update

bench: $(STAMP)
	$(BIN)/python -m pytest benchmarks -o addopts='' --benchmark-only --benchmark-columns=min,mean,median,rounds

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
