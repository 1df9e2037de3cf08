"""Game name -> game, from the `bearcli.games` entry-point group. Every registered game is
covered by the conformance test.

A game is a `Game` subclass that a distribution registers under its name, as pytest plugins
are registered (pyproject.toml):

    [project.entry-points."bearcli.games"]
    sliding-bears = "bearcli.games.sliding_bears.rules:SlidingBears"

The three shipped games are registered that way too. The entry points are read the first
time a game is asked for and each game is imported on first use, so `bearcli --help` stays
fast. A registration that fails to load is an error naming it, never a traceback.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from bearcli.core.errors import ScenarioError
from bearcli.core.game import Game

GROUP = "bearcli.games"
# One instance per registration: workers and records share it. Kept when the entry points
# are read again (`forget`), so a game already in use stays the same object.
_cache: dict[tuple[str, str], Game] = {}


@cache
def _registrations() -> dict[str, tuple[EntryPoint, ...]]:
    """name -> its entry points (more than one: registered twice, an error when used)."""
    found: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, []).append(point)
    return {name: tuple(points) for name, points in sorted(found.items())}


def forget() -> None:
    """Read the entry points again at the next use (a test that adds a registration)."""
    _registrations.cache_clear()


def names() -> list[str]:
    return list(_registrations())


def get(name: str) -> Game:
    points = _registrations().get(name)
    if not points and not names():  # not even the shipped games: bearcli is not installed
        raise ScenarioError(
            f"unknown game {name!r}: no game is registered in the entry-point group {GROUP} "
            "(install bearcli, `make` or `pip install -e .`, so that its games are)"
        )
    if not points:
        raise ScenarioError(f"unknown game {name!r} (known: {', '.join(names())})")
    if len(points) > 1:
        raise ScenarioError(
            f"the game {name!r} is registered more than once in the entry-point group "
            f"{GROUP} ({', '.join(p.value for p in points)})"
        )
    key = (name, points[0].value)
    if key not in _cache:
        _cache[key] = _load(points[0])
    return _cache[key]


def _load(point: EntryPoint) -> Game:
    where = f"the entry point {point.name} = {point.value} (group {GROUP})"
    try:
        cls = point.load()
    except Exception as exc:  # any failure of another package's code: named, not a traceback
        raise ScenarioError(
            f"the game {point.name!r} could not be loaded: {where}: {type(exc).__name__}: {exc}"
        ) from None
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ScenarioError(f"the game {point.name!r} is not a bearcli Game: {where}")
    try:
        game = cls()
    except Exception as exc:
        raise ScenarioError(
            f"the game {point.name!r} could not be made: {where}: {type(exc).__name__}: {exc}"
        ) from None
    if getattr(game, "name", None) != point.name:
        raise ScenarioError(
            f"the game {point.name!r} calls itself {getattr(game, 'name', None)!r}: {where}"
        )
    return game


def registered(game: Game) -> bool:
    """Whether `game` is the registry's own instance of its game."""
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        return False
    points = _registrations().get(name)
    return points is not None and len(points) == 1 and _cache.get((name, points[0].value)) is game


def games() -> list[Game]:
    """Every registered game (each imported: for what only some games can do, an ability)."""
    return [get(name) for name in names()]


def scenario_files() -> dict[str, Game]:
    """suffix -> the game whose files of that suffix stand for a scenario (ScenarioFiles)."""
    from bearcli.core.abilities import ScenarioFiles

    out: dict[str, Game] = {}
    for game in games():
        if isinstance(game, ScenarioFiles):
            out.setdefault(game.scenario_suffix, game)
    return out


def scenario_file_game(suffix: str):
    """The game a file of this suffix is a scenario of (a `.layout`), None for any other; a
    YAML file is never one, and no game is imported to say so."""
    if suffix in ("", ".yaml", ".yml"):
        return None
    return scenario_files().get(suffix)
