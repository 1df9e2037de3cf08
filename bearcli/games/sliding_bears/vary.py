"""Which single-square changes make a Sliding Bears floe harder or easier (`bearcli layout vary`):
plain data, no terminal.

Every change an author could make to one square is tried: ice to open water and back, a rock
or a seal added (on ice) or removed (leaving ice), a bear's start or finish moved one column
along its edge. Each changed floe is judged by the static checks first (a change that breaks
the floe is reported with its finding, not played), then played by one bot (the planner, the
strongest, by default). Both are the caller's: `judge` parses and checks a changed scenario,
`play` rates one (bearcli.rating's `judge` and `play_rate`: simulate's workers, its
`--precision` stop, and the same batch seed as the floe itself, so game i of every variant
rolls from the same seed). The effect of a change is its win rate minus the floe's, with a 95%
interval for the difference (core.stats.difference).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bearcli.core.stats import WinRate, difference
from bearcli.games.sliding_bears.layout import COLOURS, WATER, Layout

NAMES = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}
# square's tile -> the tiles a change may put there, in the order they are tried
TILE_CHANGES = {"I": (".", "R", "S"), ".": ("I",), "R": ("I",), "S": ("I",)}
GAMES, PRECISION, SEED, BOT = 400, 0.05, 1, "planner"  # the defaults of `layout vary`


@dataclass(frozen=True)
class Change:
    """One edit: a square's tile (`part` "tile"), or a colour's start or finish column."""

    part: str  # "tile", "start" or "finish"
    where: str  # the square (c3), or the colour (pink)
    before: str  # the tile letter, or the column letter
    after: str

    def describe(self) -> str:
        if self.part == "tile":
            return f"{self.where}: {NAMES[self.before]} -> {NAMES[self.after]}"
        return f"{self.where} {self.part}: {self.before} -> {self.after}"

    def apply(self, lay: Layout) -> Layout:
        if self.part == "tile":
            square = lay.grid.parse(self.where)
            if square is None:
                raise ValueError(f"no square {self.where} on the floe")
            cells = list(lay.cells)
            cells[square] = self.after
            return replace(lay, cells=tuple(cells), places=None)
        k = COLOURS.index(self.where)
        cols = list(lay.start if self.part == "start" else lay.finish)
        cols[k] = lay.grid.columns.index(self.after)
        if self.part == "start":
            return replace(lay, start=tuple(cols), places=None)
        return replace(lay, finish=tuple(cols), places=None)


def changes(lay: Layout) -> tuple[Change, ...]:
    """Every single-square change, squares in layout order (row 1 first), then the starts and
    finishes one column left or right."""
    out = []
    for i, tile in enumerate(lay.cells):
        out += [Change("tile", lay.square_name(i), tile, to) for to in TILE_CHANGES[tile]]
    letters = lay.grid.columns
    for part in ("start", "finish"):
        for colour, col in zip(COLOURS, getattr(lay, part), strict=True):
            for to in (col - 1, col + 1):
                if 0 <= to < lay.width:
                    out.append(Change(part, colour, letters[col], letters[to]))
    return tuple(out)


@dataclass(frozen=True)
class Rate(WinRate):
    """A floe's (or a changed floe's) games and wins, as `--json` writes them."""

    def to_dict(self) -> dict:
        lo, hi = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.rate, 4),
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
        }


def effect(base: Rate, varied: Rate) -> tuple[float, tuple[float, float]]:
    """varied - base, with its 95% interval."""
    return difference(base, varied)


@dataclass(frozen=True)
class Varied:
    change: Change
    figures: Rate | None  # None when the change breaks the floe
    effect: float | None
    effect_ci95: tuple[float, float] | None
    refused: str | None = None  # the static finding (or SB2) the changed floe fails

    def to_dict(self) -> dict:
        return {
            "change": self.change.describe(),
            "part": self.change.part,
            "where": self.change.where,
            "before": self.change.before,
            "after": self.change.after,
            **(self.figures.to_dict() if self.figures else {}),
            "effect": None if self.effect is None else round(self.effect, 4),
            "effect_ci95": (
                None if self.effect_ci95 is None else [round(x, 4) for x in self.effect_ci95]
            ),
            "refused": self.refused,
        }


@dataclass(frozen=True)
class Variation:
    title: str
    level: str
    variant: str
    bot: str
    seed: int
    base: Rate
    results: tuple[Varied, ...]  # in the order tried
    total: int  # the changes there are; fewer results when interrupted
    layout: object = None  # the floe varied (its picture is drawn from it)

    @property
    def interrupted(self) -> bool:
        return len(self.results) < self.total

    def ranked(self) -> tuple[Varied, ...]:
        """Played changes by the size of their effect, largest first (ties in layout order);
        then the changes that break the floe."""
        played = [v for v in self.results if v.figures is not None]
        played.sort(key=lambda v: -abs(v.effect or 0.0))  # stable: ties keep the order tried
        return tuple(played) + tuple(v for v in self.results if v.figures is None)

    def to_dict(self, overrides: tuple[str, ...] = ()) -> dict:
        return {
            "scenario": self.title,
            "level": self.level,
            "variant": self.variant,
            "bot": self.bot,
            "seed": self.seed,
            "overrides": list(overrides),
            "floe": self.base.to_dict(),
            "changes_tried": len(self.results),
            "changes_total": self.total,
            "interrupted": self.interrupted,
            "changes": [v.to_dict() for v in self.ranked()],
        }


def vary(
    scen,
    data: dict,
    *,
    judge: Callable[[dict], Any],
    play: Callable[[Any], tuple[int, int]],
    seed: int = SEED,
    bot: str = BOT,
    on_change: Callable[[int, int, str], None] | None = None,
    found: list | None = None,
) -> Variation:
    """Rate the floe `scen` (parsed from the scenario `data`, its overrides applied) and
    every single-square change of it, at its own level and variant (`--set level=hard` for
    the hard one). `judge(data)` gives a changed floe's scenario or why it breaks (a str);
    `play(scenario)` its (games, wins). `on_change(n, total, what)` hears each change as it
    starts. Results are appended to `found` as they come, so that a caller stopped by Ctrl-C
    keeps what was measured (`partial` builds the Variation of those)."""
    lay = scen.config.layout
    base = Rate(*play(scen))
    todo = changes(lay)
    found = [] if found is None else found
    found.append((scen.title, scen.config.level, scen.config.variant, bot, seed, base, todo, lay))
    for n, change in enumerate(todo, start=1):
        if on_change is not None:
            on_change(n, len(todo), change.describe())
        varied = judge({**data, "layout": change.apply(lay).to_text(WATER)})
        if isinstance(varied, str):
            found.append(Varied(change, None, None, None, varied))
            continue
        rate = Rate(*play(varied))
        d, ci = effect(base, rate)
        found.append(Varied(change, rate, d, ci))
    return _variation(found)


def partial(found: list) -> Variation | None:
    """The Variation of what `vary` had measured (None if not even the floe itself)."""
    return _variation(found) if found else None


def _variation(found: list) -> Variation:
    title, level, variant, bot, seed, base, todo, lay = found[0]
    return Variation(title, level, variant, bot, seed, base, tuple(found[1:]), len(todo), lay)
