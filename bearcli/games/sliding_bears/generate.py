"""Sliding Bears floes made to a target difficulty (`bearcli layout generate`): plain data, no
terminal.

A floe is drawn at random (ice, some open water, rocks and seals; the bears' columns spread
over the edges), kept only if the static checks find nothing at all (no error, no warning), and
rated by one bot (the planner, the strongest, by default) at the chosen level and variant (the
caller's `judge` and `play`: bearcli.rating's, through bearcli.simulation). While its win rate
is off the target by more than the tolerance, the floe is changed and rated again: a floe too
easy loses ice (to open water, a rock or a seal), one too hard gains ice; the further off, the
more squares change at once. After `steps` changes without success a fresh floe is drawn. Every
choice comes from one `random.Random(seed)` (only its `random()`), and every rating uses the
same batch seed, so the same arguments give the same floes for any number of workers (RULINGS
C3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bearcli.core.stats import WinRate
from bearcli.games.sliding_bears.layout import WATER as WATER_SYMBOL
from bearcli.games.sliding_bears.layout import Layout, bare_scenario

TOLERANCE = 0.05  # a generated floe rates within 5 points of its target
GAMES, PRECISION, SEED, BOT = 400, 0.03, 1, "planner"  # the defaults of `layout generate`
STEPS = 12  # changes tried on one floe before a fresh one is drawn
TRIES = 60  # ratings, in all, before giving up
WATER, ROCK, SEAL = 0.15, 0.05, 0.06  # the chance of each on a square of a fresh floe


class NotFound(Exception):
    """No floe within the tolerance of the target was found within the tries allowed."""


@dataclass(frozen=True)
class Generated(WinRate):
    """A floe found, with its rating's games and wins."""

    layout: Layout
    tries: int  # the ratings it took, this floe's included


@dataclass(frozen=True)
class Request:
    width: int
    height: int
    target: float
    level: str = "normal"
    variant: str = "classic"
    bot: str = BOT
    games: int = GAMES
    precision: float | None = PRECISION
    seed: int = SEED
    tolerance: float = TOLERANCE
    steps: int = STEPS
    tries: int = TRIES


def _pick(rng: random.Random, items: list):
    return items[int(rng.random() * len(items))]


def _columns(rng: random.Random, width: int) -> tuple[int, ...]:
    """Four columns for the bears: distinct where the grid is wide enough (P-SB1)."""
    cols = list(range(width))
    out = []
    for _ in range(4):
        if not cols:
            cols = list(range(width))
        c = _pick(rng, cols)
        cols.remove(c)
        out.append(c)
    return tuple(out)


def fresh(rng: random.Random, req: Request) -> Layout:
    """A random floe of the requested size (not yet checked)."""
    cells = []
    for _ in range(req.width * req.height):
        r = rng.random()
        cells.append(
            "."
            if r < WATER
            else "R"
            if r < WATER + ROCK
            else "S"
            if r < WATER + ROCK + SEAL
            else "I"
        )
    if req.level == "normal" and "S" not in cells:  # the normal level removes a seal (SB2)
        cells[int(rng.random() * len(cells))] = "S"
    return Layout(
        req.width, req.height, tuple(cells), _columns(rng, req.width), _columns(rng, req.width)
    )


def clean(lay: Layout, req: Request, judge: Callable[[dict], Any]):
    """The floe's scenario (a .layout's defaults, at the requested level and variant) if it
    parses and the static checks find nothing at all (`judge`, strict); else None."""
    data = {
        **bare_scenario("generated.layout", "generated"),
        "layout": lay.to_text(WATER_SYMBOL),
        "level": req.level,
        "variant": req.variant,
    }
    scen = judge(data)
    return None if isinstance(scen, str) else scen


def _changed(rng: random.Random, lay, req: Request, harder: bool, n: int):
    """The floe with `n` squares changed: ice taken away (harder) or given (easier); None
    when there is nothing left to change that way."""
    cells = list(lay.cells)
    for _ in range(n):
        if harder:
            options = [i for i, c in enumerate(cells) if c == "I"]
            to = _pick(rng, [".", ".", ".", "R", "S"])
        else:
            seals = cells.count("S")
            options = [
                i
                for i, c in enumerate(cells)
                if c in ".R" or (c == "S" and (seals > 1 or req.level != "normal"))
            ]
            to = "I"
        if not options:
            break
        cells[_pick(rng, options)] = to
    return replace(lay, cells=tuple(cells)) if tuple(cells) != lay.cells else None


def generate(
    req: Request,
    count: int = 1,
    *,
    judge: Callable[[dict], Any],
    play: Callable[[Any], tuple[int, int]],
    on_try: Callable[[int, float | None], None] | None = None,
) -> list[Generated]:
    """`count` distinct floes whose rate is within req.tolerance of req.target.

    `judge(data)` gives a floe's scenario, or why it fails a static check (a str: strict,
    a warning fails too); `play(scenario)` its (games, wins) by req.bot with req.games,
    req.precision and req.seed. `on_try(n, rate)` hears each rating (n counts them). Raises
    NotFound after req.tries ratings in all."""
    rng = random.Random(req.seed)
    found: list[Generated] = []
    seen = set()
    tries = 0
    while len(found) < count:
        scen = None
        while scen is None:  # a fresh floe that passes every static check
            lay = fresh(rng, req)
            scen = clean(lay, req, judge)
        for _ in range(req.steps + 1):
            if tries >= req.tries:
                raise NotFound(
                    f"no floe within {req.tolerance:.0%} of {req.target:.0%} was found in "
                    f"{req.tries} ratings ({len(found)} of {count} found)"
                )
            tries += 1
            games, wins = play(scen)
            rate = wins / games
            if on_try is not None:
                on_try(tries, rate)
            off = rate - req.target
            if abs(off) <= req.tolerance and lay.cells + lay.start + lay.finish not in seen:
                seen.add(lay.cells + lay.start + lay.finish)
                found.append(Generated(games, wins, layout=lay, tries=tries))
                break
            n = max(1, round(abs(off) / 0.1))
            for _ in range(20):  # a change that keeps every static check clean
                moved = _changed(rng, lay, req, off > 0, n)
                moved_scen = clean(moved, req, judge) if moved is not None else None
                if moved_scen is not None:
                    lay, scen = moved, moved_scen
                    break
            else:  # this floe cannot move towards the target: draw a fresh one
                break
    return found


def file_text(g: Generated, req: Request, index: int, count: int) -> str:
    """A generated floe as a commented `.layout` file, its rating in the comments."""
    lo, hi = g.ci95
    which = f" (floe {index} of {count})" if count > 1 else ""
    precision = f" --precision {req.precision:g}" if req.precision is not None else ""
    head = (
        f"# Generated by bearcli layout generate {req.width}x{req.height} --target "
        f"{req.target:g} --level {req.level} --variant {req.variant} --bot {req.bot} --games "
        f"{req.games}{precision} --seed {req.seed}{which}.\n"
        f"# Rating: {req.bot} wins {g.rate:.1%} ({lo:.1%} - {hi:.1%}, 95%) of {g.games} games "
        f"at the {req.level} level, {req.variant} variant, batch seed {req.seed}; the target "
        f"was {req.target:.0%} +-{req.tolerance * 100:g} points.\n"
        "# It passes every static check (bearcli layout check). ~ is open water, . no square.\n"
    )
    return head + g.layout.to_text(WATER_SYMBOL)
