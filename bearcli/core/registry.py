"""Game name -> game. Every entry is covered by the conformance test."""

from __future__ import annotations

from importlib import import_module

from bearcli.core.errors import ScenarioError
from bearcli.core.game import Game

# name -> "module:Class"; imported on first use so `bearcli --help` stays fast.
_GAMES = {
    "baerenspiel": "bearcli.games.baerenspiel.rules:Baerenspiel",
    "sliding-bears": "bearcli.games.sliding_bears.rules:SlidingBears",
    "bear-down": "bearcli.games.bear_down.rules:BearDown",
}
_cache: dict[str, Game] = {}


def names() -> list[str]:
    return sorted(_GAMES)


def get(name: str) -> Game:
    if name not in _GAMES:
        raise ScenarioError(f"unknown game {name!r} (known: {', '.join(names())})")
    if name not in _cache:
        module, cls = _GAMES[name].split(":")
        _cache[name] = getattr(import_module(module), cls)()
    return _cache[name]


def registered(game: Game) -> bool:
    """Whether `game` is the registry's own instance of its game."""
    name = getattr(game, "name", None)
    return name in _GAMES and get(name) is game


def renderer(name: str):
    """The game's rich renderer module (render.py beside its rules)."""
    module = _GAMES[name].split(":")[0].rsplit(".", 1)[0]
    return import_module(module + ".render")


def picture(name: str):
    """The game's SVG module (svg.py beside its rules): `picture(state, caption, ...)`."""
    module = _GAMES[name].split(":")[0].rsplit(".", 1)[0]
    return import_module(module + ".svg")
