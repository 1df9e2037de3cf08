"""The registry reads the `bearcli.games` entry points: a registration is an installed
distribution's entry_points.txt, here written into temporary folders put on sys.path."""

from __future__ import annotations

import pytest

from bearcli.core import registry
from bearcli.core.errors import ScenarioError
from tests.dice_race import site


@pytest.fixture
def register(tmp_path, monkeypatch):
    """register(entry): one more installed distribution naming `entry`, read from now on."""
    made = []

    def add(entry: str) -> None:
        package = f"package-{len(made)}"  # distributions of one name: only the first is read
        monkeypatch.syspath_prepend(str(site(tmp_path / package, entry, package)))
        made.append(entry)
        registry.forget()

    yield add
    monkeypatch.undo()
    registry.forget()


def test_a_registered_game_is_one_instance_and_pickles_by_name(register):
    import pickle

    register("dice-race = tests.dice_race.game:DiceRace")
    game = registry.get("dice-race")
    assert registry.get("dice-race") is game and registry.registered(game)
    assert pickle.loads(pickle.dumps(game)) is game
    assert type(game)() is not game and not registry.registered(type(game)())


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(ScenarioError, match=r"unknown game 'chess' \(known: baerenspiel, "):
        registry.get("chess")


def test_with_no_game_registered_the_error_says_to_install(monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    registry.forget()
    try:
        with pytest.raises(ScenarioError) as refused:
            registry.get("sliding-bears")
    finally:
        monkeypatch.undo()
        registry.forget()
    assert refused.value.message == (
        "unknown game 'sliding-bears': no game is registered in the entry-point group "
        "bearcli.games (install bearcli, `make` or `pip install -e .`, so that its games are)"
    )
    assert registry.get("sliding-bears").name == "sliding-bears"


def test_a_name_registered_twice_is_refused_naming_both(register):
    register("dice-race = tests.dice_race.game:DiceRace")
    register("dice-race = tests.dice_race.other:DiceRace")
    with pytest.raises(ScenarioError) as refused:
        registry.get("dice-race")
    assert refused.value.message == (
        "the game 'dice-race' is registered more than once in the entry-point group "
        "bearcli.games (tests.dice_race.other:DiceRace, tests.dice_race.game:DiceRace)"
    )


def test_an_entry_point_must_name_the_game_it_registers(register):
    register("dice-derby = tests.dice_race.game:DiceRace")
    with pytest.raises(ScenarioError) as refused:
        registry.get("dice-derby")
    assert refused.value.message == (
        "the game 'dice-derby' calls itself 'dice-race': the entry point "
        "dice-derby = tests.dice_race.game:DiceRace (group bearcli.games)"
    )


def test_a_registration_gone_is_no_longer_a_game(register, tmp_path, monkeypatch):
    register("dice-race = tests.dice_race.game:DiceRace")
    assert "dice-race" in registry.names()
    monkeypatch.undo()
    registry.forget()
    assert "dice-race" not in registry.names()
    with pytest.raises(ScenarioError, match="unknown game 'dice-race'"):
        registry.get("dice-race")
