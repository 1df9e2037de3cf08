"""The protocol's type parameters: each registered game names its own Config and state types
(`class SlidingBears(Game[SBConfig, State])`), so its methods take them with no narrowing and
mypy checks the game against the protocol (`make lint`, tests/test_lint.py)."""

import typing

import pytest

from bearcli.core import registry
from bearcli.core.game import Config, Game


def _game_arguments(cls: type) -> tuple:
    for base in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(base) is Game:
            return typing.get_args(base)
    return ()


@pytest.mark.parametrize("name", registry.names())
def test_every_game_names_its_config_and_state(name):
    game = registry.get(name)
    config_type, state_type = _game_arguments(type(game))
    assert issubclass(config_type, Config) and config_type is not Config
    scenario_config = game.configure.__annotations__["return"]
    assert scenario_config in (config_type, config_type.__name__)  # configure returns it
    assert state_type is not typing.Any


def test_a_game_class_without_its_types_is_seen():
    class Untyped(Game):
        pass

    assert _game_arguments(Untyped) == ()
