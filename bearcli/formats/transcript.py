"""A ready transcript header (`bearcli record new`): a record to write a table game into.

The header names the scenario (a shipped name or a file), the seats as people (`set:`), says
`chance: manual` (the dice and cards are those of the table) and lists, commented, an example
of each kind of step of that game in the recommended form: decisions name their seat (P-C6,
P-C7), chance steps name none. The examples are real steps of the scenario: the first of each
kind met in a few seeded games of random bots, so every square named exists on that board.
"""

from __future__ import annotations

import dataclasses

import yaml

from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.rng import Rng
from bearcli.core.runner import Match, make_bots
from bearcli.formats import movelog

SAMPLE_GAMES = 12  # random games searched for an example of each kind
SAMPLE_STEPS = 400  # steps looked at in each


def _met(scen, seed: int = 1) -> dict[str, tuple[int, str, int]]:
    """The first step of each notation class met in a few seeded random games: in which
    order it was met, its text and the seat that took it (CHANCE for a chance step)."""
    game = scen.game
    seats = tuple(dataclasses.replace(s, bot="random", options=()) for s in scen.config.seats)
    config = dataclasses.replace(scen.config, seats=seats)
    met: dict[str, tuple[int, str, int]] = {}
    for n in range(SAMPLE_GAMES):
        match = Match(game, config)
        bots = make_bots(game, config, seed + n)
        rng = Rng(seed * 1000 + n)
        for _ in range(SAMPLE_STEPS):
            actor = match.actor
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                step = game.sample_chance(match.state, rng)
            else:
                bot = bots[actor]
                assert bot is not None  # every seat is `random` here
                step = bot.choose(match.state, game.legal_steps(match.state))
            met.setdefault(type(step).__name__, (len(met), str(step), actor))
            match.apply(step)
    return met


def examples(scen) -> list[tuple[str, str]]:
    """(step as written in a transcript, what it is) for each kind of step the game says a
    game of this scenario can have (`Game.transcript_kinds`)."""
    met = _met(scen)
    out = []
    for kind, fallback, meaning in scen.game.transcript_kinds(scen.config):
        if kind in met:
            text, actor = met[kind][1:]
            shown = text if actor == CHANCE else f"seat{actor + 1} {text}"
            out.append((met[kind][0], shown, meaning))
        else:
            shown = fallback if meaning.startswith("chance") else f"seatN {fallback}"
            out.append((len(met) + len(out), shown, meaning))
    return [(shown, meaning) for _, shown, meaning in sorted(out)]  # in the order met


def seats_setting(names: list[str]) -> str:
    """The `set:` item that makes the seats these people: `seats=[{name: Mia, bot: human}]`."""
    seats = [{"name": n, "bot": "human"} for n in names]
    flow = yaml.safe_dump(
        seats, default_flow_style=True, width=10_000, allow_unicode=True, sort_keys=False
    )
    return f"seats={flow.strip()}"


def header(scen, scenario_ref: str | dict, names: list[str]) -> str:
    """The transcript's text: it validates as an unfinished record."""
    body = movelog.dumps(
        scen.game.name,
        scenario_ref,
        [],
        seed=None,
        result=None,
        overrides=(seats_setting(names),),
        chance=movelog.MANUAL,
    )
    assert body.endswith("moves: []\n")
    who = ", ".join(f"seat{i + 1} is {name}" for i, name in enumerate(names))
    lines = [
        f"# A transcript of a {scen.game.title} game: {scen.title}.",
        "# One step a line under `moves:`, each as `  - STEP`. Decisions name their seat",
        f"# ({who}); rolls and cards turned up name none.",
        "# Check it as you go: bearcli validate --strict-seats FILE",
        body.removesuffix("moves: []\n") + "moves:",
        "  # Each kind of step of this game, as written here:",
    ]
    shown = examples(scen)
    width = max((len(t) for t, _ in shown), default=0)
    lines += [f"  # - {text:<{width}}  {meaning}" for text, meaning in shown]
    return "\n".join(lines) + "\n"
