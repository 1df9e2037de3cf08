"""The registry reads the `bearcli.games` entry points: a registration is an installed
distribution's entry_points.txt, here written into temporary folders put on sys.path."""

from __future__ import annotations

import pytest

from bearcli.core import registry
from bearcli.core.errors import ScenarioError
from tests.dice_race import site
from tests.dice_race.game import DiceRace


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


# -- a registration that fails is named, never a traceback --------------------------------


def _point(name: str, value: str):
    from importlib.metadata import EntryPoint

    return EntryPoint(name, value, registry.GROUP)


def _refusal(name: str, value: str) -> str:
    with pytest.raises(ScenarioError) as refused:
        registry._load(_point(name, value))
    return refused.value.message


class Unmakeable(DiceRace):
    def __init__(self) -> None:
        raise RuntimeError("no dice")


class Nameless(DiceRace):
    @property
    def name(self):  # type: ignore[override]
        raise AttributeError("name")


def test_a_registration_that_cannot_load_or_make_its_game_is_named():
    where = "the entry point {} = {} (group bearcli.games)"
    value = "tests.no_such_module:Game"
    assert _refusal("lost", value) == (
        f"the game 'lost' could not be loaded: {where.format('lost', value)}: "
        "ModuleNotFoundError: No module named 'tests.no_such_module'"
    )
    for value in ("builtins:dict", "builtins:len"):  # a class that is no Game; no class
        assert _refusal("odd", value) == (
            f"the game 'odd' is not a bearcli Game: {where.format('odd', value)}"
        )
    value = f"{__name__}:Unmakeable"
    assert _refusal("dice-race", value) == (
        f"the game 'dice-race' could not be made: {where.format('dice-race', value)}: "
        "RuntimeError: no dice"
    )
    value = f"{__name__}:Nameless"
    assert _refusal("dice-race", value) == (
        f"the game 'dice-race' calls itself None: {where.format('dice-race', value)}"
    )
    game = registry._load(_point("dice-race", "tests.dice_race.game:DiceRace"))
    assert isinstance(game, DiceRace) and game.name == "dice-race"


def test_only_the_registrys_own_instance_is_registered():
    assert not registry.registered(object())  # no name at all
    assert not registry.registered(DiceRace())  # not registered here
    assert registry.registered(registry.get("sliding-bears"))


def test_a_yaml_file_is_never_a_games_own_file_and_no_game_is_asked(monkeypatch):
    def asked():
        raise AssertionError("a game was imported to tell a YAML file's kind")

    monkeypatch.setattr(registry, "scenario_files", asked)
    for suffix in ("", ".yaml", ".yml"):
        assert registry.scenario_file_game(suffix) is None
    monkeypatch.undo()
    assert registry.scenario_file_game(".layout") is registry.get("sliding-bears")
    assert registry.scenario_file_game(".txt") is None
