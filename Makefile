# Everything a fresh machine needs: `make demo` and `make test` create the venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: `make demo` installs what the program needs, the other targets the dev extra too
# (the test tool chain). Installing quietly: a user sees the command they asked for, not pip's.
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run

.PHONY: demo test lint mypy-baseline snapshots bench bench-scaling fuzz check-docs mutate clean

$(BIN)/python:
	@echo "creating $(VENV)"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	@echo "installing bearcli into $(VENV)"
	@$(BIN)/python -m pip install --quiet -e .
	@touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	@echo "installing bearcli and its dev tools into $(VENV)"
	@$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP) $(RUN_STAMP)

demo: $(RUN_STAMP)
	$(BIN)/bearcli simulate scenarios/sliding-bears/classic.yaml --games 200 --seed 1

# Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set (empty means unset): else every
# test process, and every `bearcli` a test starts, compiles the package and the tests again.
# The package is compiled first (nothing to do when it is up to date): an editable install
# has no bytecode, and a fresh clone's suite starts many `bearcli` processes that would each
# compile it again (docs/performance.md, "The test suite").
# The tests run in a random order (pytest-randomly), new each run: its seed is printed at the
# top (`Using --randomly-seed=N`), and `make test SEED=N` runs that order again.
SEED ?=
test: $(STAMP)
	$(BIN)/python -m compileall -q bearcli
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --dist loadgroup -rs $(if $(SEED),--randomly-seed=$(SEED))

# Every command example of README.md and docs/*.md, run and compared with its text: `make test`
# runs all but those marked `<!-- slow -->`, this runs them all (docs/architecture.md).
check-docs: $(STAMP)
	BEARCLI_DOC_EXAMPLES=all $(BIN)/python -m pytest tests/test_doc_examples.py -n auto -q

# ruff, then mypy over the package (pyproject.toml) with its errors filtered through
# mypy-baseline.txt: a new error fails, and so does an entry that no longer occurs.
lint: $(STAMP)
	$(BIN)/ruff check bearcli tests benchmarks
	$(BIN)/ruff format --check bearcli tests benchmarks
	$(BIN)/mypy | $(BIN)/mypy-baseline filter

# After fixing baselined errors: rewrite mypy-baseline.txt to what mypy finds now.
mypy-baseline: $(STAMP)
	$(BIN)/mypy | $(BIN)/mypy-baseline sync

# Always the full suite: a partial update would leave stale snapshots behind unnoticed.
snapshots: $(STAMP)
	$(BIN)/python -m pytest --snapshot-update

# Measures and prints the tables of docs/performance.md (a few minutes); asserts nothing.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# How `simulate` scales: the batches of docs/performance.md ("Scaling") on each number of
# local workers in WORKERS and on a LocalCluster of as many one-thread processes, as times
# and ratios measured in one run; asserts only that every run prints the same bytes.
# SCALING_ARGS="--scale 0.1" plays a tenth of the games.
WORKERS ?= 1 2
SCALING_ARGS ?=
bench-scaling: $(STAMP)
	$(BIN)/python benchmarks/scaling.py --workers $(WORKERS) $(SCALING_ARGS)

# The fuzz suite at full size: FUZZ_EXAMPLES cases per generated test (a quarter of that for
# the two whose cases run several commands: 10,800 in all at 800, plus the whole corpus),
# random seeds; the seed is printed and FUZZ_SEED=N repeats a run. `make test` runs the same
# tests at a small fixed size. Takes about 10 minutes; writes only in temporary folders
# (Hypothesis's own cache included).
FUZZ_EXAMPLES ?= 800
FUZZ_SEED ?= $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
FUZZ_SEED := $(FUZZ_SEED)
fuzz: $(STAMP)
	@echo "fuzz: $(FUZZ_EXAMPLES) cases per test, --hypothesis-seed=$(FUZZ_SEED)"
	BEARCLI_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) HYPOTHESIS_STORAGE_DIRECTORY=$${TMPDIR:-/tmp}/bearcli-fuzz-hypothesis \
		$(BIN)/python -m pytest tests/fuzz -q -p no:cacheprovider \
		--hypothesis-seed=$(FUZZ_SEED) --hypothesis-show-statistics --durations=20

# Mutation testing of core/, formats/, record_check.py and each game's rules (docs/architecture.md,
# "Mutation testing"), at the lowest priority: it is long, and the machine stays usable.
# MUTATE names a part by mutant name, e.g. MUTATE='bearcli.record_check.*'; mutants/ keeps the
# results, so a rerun tries only what changed. Lists what survived; `mutmut show NAME` shows one.
MUTATE ?=
mutate: $(STAMP)
	nice -n 19 $(BIN)/mutmut run $(MUTATE)
	@$(BIN)/mutmut results

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info mutants
