"""Two `simulate --save-logs` runs at once into one folder, round after round (make fuzz: 40
rounds each way; make test: one): never a game made of both runs' files, never a run that
exits 0 reporting a game the other wrote (tests/cli/test_simulate_durability.py)."""

from __future__ import annotations

import pytest

from tests.cli import test_simulate_durability as durability
from tests.fuzz.harness import examples

pytestmark = pytest.mark.fuzz


@pytest.mark.parametrize("force", [False, True], ids=["plain", "--force"])
def test_two_batches_at_once_round_after_round(tmp_path, monkeypatch, force):
    monkeypatch.setattr(durability, "ROUNDS", examples(1, 0.05))
    durability.test_two_batches_into_one_folder_never_mix_their_games(tmp_path, force)
