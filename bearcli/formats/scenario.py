"""Scenario files: which game, which seats and bots, which rules, which seed."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from bearcli.core import registry
from bearcli.core.errors import InputError, Location, ScenarioError
from bearcli.core.game import Config, Game, Seat
from bearcli.core.rng import seed_problem
from bearcli.core.source import Source
from bearcli.formats import yamlsrc

FORMAT = "bearcli-scenario/1"
CORE_KEYS = frozenset({"format", "game", "title", "description", "seats", "seed"})


@dataclass(frozen=True)
class Scenario:
    game: Game
    config: Config
    seed: int
    title: str
    fingerprint: str  # "sha256:..." of the rules-relevant part (not seat names, bots or seed)
    file: str
    # Where each seat stands in the scenario file, for errors about a seat (a human one that
    # simulate cannot play); () when the scenario was not parsed from a file.
    seat_locations: tuple[Location, ...] = field(default=(), compare=False)

    def __getstate__(self) -> dict:
        # A copy (sent to a worker) names the scenario it copies, this process's object: a
        # worker plays every chunk of a batch on its first copy (simulation._worker_copy), and
        # never on a copy of another scenario that merely equals it (another batch's).
        state = dict(self.__dict__)
        state.setdefault(ORIGIN, origin(self))
        return state


ORIGIN = "_origin"  # the attribute of a copied Scenario that names what it copies


def origin(scen: Scenario) -> tuple[int, int]:
    """Which scenario `scen` is or copies: a process and an object in it."""
    return scen.__dict__.get(ORIGIN) or (os.getpid(), id(scen))


def fingerprint(game: Game, config: Config) -> str:
    body = {"game": game.name, "seats": len(config.seats), "config": game.config_dict(config)}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]


def _seats(src: Source, game: Game) -> tuple[Seat, ...]:
    raw = src.get("seats")
    if not isinstance(raw, list) or not raw:
        raise src.error("'seats' must be a non-empty list", "seats")
    if not game.min_seats <= len(raw) <= game.max_seats:
        raise src.error(
            f"{game.title} takes {game.min_seats} to {game.max_seats} seats, not {len(raw)}",
            "seats",
            ruling=game.seats_ruling,
        )
    seats = []
    for i, item in enumerate(raw):
        item_src = src.child("seats", i)
        if isinstance(item, str):
            item = {"bot": item}
            item_src = replace(item_src, data=item)  # same place, read as {bot: NAME}
        if not isinstance(item, dict):
            raise item_src.error("a seat is a bot name or a mapping {name, bot, ...}")
        bot = item.get("bot", "human")
        if not isinstance(bot, str):
            raise item_src.error(f"'bot' must be a bot name, not {bot!r}", "bot")
        if bot != "human" and bot not in game.bots:
            raise item_src.error(
                f"unknown bot {bot!r} for {game.name} "
                f"(known: {', '.join(sorted(game.bots))}, human; a person is written "
                f"{{name: {bot}, bot: human}})",
                "bot",
            )
        allowed = {"name", "bot"} | (set(game.bots[bot].options) if bot != "human" else set())
        item_src.require_mapping(frozenset(allowed))
        name = item.get("name", f"seat {i + 1}")
        if not isinstance(name, str):
            raise item_src.error("'name' must be text", "name")
        options = []
        for key, kind in sorted(game.bots[bot].options.items()) if bot != "human" else []:
            if key in item:
                options.append((key, item_src.typed(key, kind)))
        seats.append(Seat(name, bot, tuple(options)))
    return tuple(seats)


def parse(src: Source) -> Scenario:
    if not isinstance(src.data, dict):
        raise src.error("a scenario is a mapping with at least 'game' and 'seats'")
    src.check_format(FORMAT)
    name = src.get("game")
    if not isinstance(name, str):
        raise src.error("'game' must be a game name", "game")
    try:
        game = registry.get(name)
    except ScenarioError as exc:  # the registry words every failure, another package's too
        raise src.error(exc.message, "game") from None
    src.require_mapping(CORE_KEYS | game.scenario_keys)
    seed = src.typed("seed", int, 0)
    if (problem := seed_problem(seed)) is not None:
        raise src.error(problem, "seed")
    title = src.typed("title", str, name)
    seats = _seats(src, game)
    config = game.configure(src, seats)
    places = tuple(src.loc("seats", i) for i in range(len(seats)))
    return Scenario(game, config, seed, title, fingerprint(game, config), src.file, places)


def read(path: Path, accept: tuple[str, ...] = ("scenario", "game file")) -> Source:
    """A scenario file's Source; a file of a game's own that stands for a scenario (the
    ScenarioFiles ability: a Sliding Bears `.layout` file) is read as the scenario the game
    makes of it, with its default seats and rules. A file of a kind not in `accept`
    (formats.kinds: a move log, an event log) is refused naming it."""
    game = registry.scenario_file_game(path.suffix)
    if game is None:
        from bearcli.formats import kinds

        return kinds.load(path, accept)
    # An empty document gives a Source that reads files relative to the file's folder; its
    # keys are then placed at the file's first line (the floe's own errors at their cells).
    src = yamlsrc.loads("", yamlsrc.shown_name(path), path.parent)
    return replace(src, data=game.scenario_of_file(path.name, path.stem))


def load(path: Path, overrides: tuple[str, ...] = ()) -> Scenario:
    return parse(with_overrides(read(path), overrides))


def self_contained(path: Path) -> dict:
    """The scenario file's mapping with every file it names (a layout) inlined, so that a
    record carrying it replays anywhere; it parses to the same rules (same fingerprint)."""
    src = read(path)
    if not isinstance(src.data, dict):
        raise src.error("a scenario is a mapping with at least 'game' and 'seats'")
    data = dict(src.data)
    name = data.get("game")
    game = registry.get(name) if isinstance(name, str) else None
    for key in sorted(game.file_keys) if game else ():
        value = data.get(key)
        if isinstance(value, str) and "\n" not in value:
            data[key] = src.read_named_file(key)[0]
    return data


def with_overrides(
    src: Source, overrides: tuple[str, ...], places: tuple[Location | None, ...] = ()
) -> Source:
    """Apply `KEY=VALUE` settings (VALUE is YAML: `level=hard`) to a scenario's top level.

    They come from `--set` on the command line (placed at `--set:N:COL`) or from a move log's
    `set:` list (placed at its line), so a record of a game played with overrides replays.
    """
    if not overrides:
        return src
    if not isinstance(src.data, dict):
        raise src.error("a scenario is a mapping")
    data = dict(src.data)
    locations = dict(src.locations)
    for n, item in enumerate(overrides, start=1):
        at = places[n - 1] if n <= len(places) else None
        key, sep, value = (item if isinstance(item, str) else "").partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError(
                f"--set takes KEY=VALUE, not {item!r}", location=at or Location("--set", n, 1)
            )
        where = at or Location("--set", n, len(key) + 2)
        parsed = yamlsrc.loads(value, where.file).data  # an empty value is null
        data[key] = parsed
        path = src.path + (key,)
        locations = {p: loc for p, loc in locations.items() if p[: len(path)] != path}
        locations[path] = where
    return replace(src, data=data, locations=locations)
