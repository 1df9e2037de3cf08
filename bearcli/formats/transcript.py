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

# What each kind of step is, by game and notation class, in the order a record meets them;
# the example written when no sample game met that kind (a rare step).
KINDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "sliding-bears": (
        ("Remove", "remove b5", "set-up: the seal (or ice tile) taken away first (SB2)"),
        ("Roll", "roll pink/blue crack", "chance: the bear die, then the weather die (SB3)"),
        ("Crack", "crack d5", "the crack: that free ice tile is removed (SB5)"),
        ("Jump", "jump pink c2", "that bear jumps one square (SB4); also `start`, `finish`"),
        ("Wind", "wind c3 c4", "the wind: that tile slides into the open water (SB6)"),
        ("Pass", "pass", "the dice's unused effects are forgone (SB4, SB6)"),
    ),
    "bear-down": (
        ("Roll", "roll blue:W green:S2 yellow:WWS", "chance: one face per die in play (BD3)"),
        ("Move", "blue3", "the seat's bear moves there, or to `boulder` (BD8-BD10)"),
        ("Stay", "stay", "the bear has nowhere to go and stays (BD8)"),
    ),
    "baerenspiel": (
        ("Roll", "roll bear paw tree", "chance: the three dice of a turn (BS3, BS4)"),
        ("Reroll", "reroll 2", "that die, showing a paw, is rolled again (BS4)"),
        ("Rerolled", "rerolled 2 bear", "chance: the new face of the die rolled again"),
        ("Search", "search e1", "a search turns over the card there (BS5)"),
        ("Shows", "e1 is path", "chance: what the card turned up shows (BS2)"),
        ("Chain", "chain e2", "the free reveal next to the path just turned (BS6)"),
        ("Decline", "decline", "the free reveal is given up (BS6)"),
        ("Cover", "cover c5 from a1", "a search lays that edge path card on the obstacle (BS7)"),
        ("End", "end", "the turn ends; unused searches lapse (BS4)"),
        ("Throw", "throw paw", "chance: an escort throw (BS9)"),
        ("Escort", "escort d3", "twin game: this throw moves the bear found there (BS13)"),
        ("Flip", "flip c2", "memo: the face-down card there is turned over (BS14)"),
    ),
}
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
    """(step as written in a transcript, what it is) for each kind of step of the game."""
    met = _met(scen)
    out = []
    for kind, fallback, meaning in KINDS.get(scen.game.name, ()):
        if kind in met:
            text, actor = met[kind][1:]
            shown = text if actor == CHANCE else f"seat{actor + 1} {text}"
            out.append((met[kind][0], shown, meaning))
        elif kind in _reachable(scen.game.name, scen):
            shown = fallback if meaning.startswith("chance") else f"seatN {fallback}"
            out.append((len(met) + len(out), shown, meaning))
    return [(shown, meaning) for _, shown, meaning in sorted(out)]  # in the order met


def _reachable(game: str, scen) -> set[str]:
    """The kinds a game of this scenario can have: the memo game only flips, the others never."""
    variant = getattr(scen.config, "variant", None)
    if game != "baerenspiel":
        return {k for k, _, _ in KINDS.get(game, ())}
    if variant == "memo":
        return {"Flip", "Shows"}
    kinds = {k for k, _, _ in KINDS[game]} - {"Flip"}
    return kinds if variant == "twin" else kinds - {"Escort"}


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
