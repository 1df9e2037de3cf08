"""Which single-square changes make a Sliding Bears floe harder or easier (`bearcli layout vary`):
plain data, no terminal.

Every change an author could make to one square is tried: ice to open water and back, a rock
or a seal added (on ice) or removed (leaving ice), a bear's start or finish moved one column
along its edge. Each changed floe is judged by the static checks first (a change that breaks
the floe is reported with its finding, not played), then played by one bot (the planner, the
strongest, by default) through bearcli.simulation: its workers, its `--precision` stop, and the
same batch seed as the floe itself, so game i of every variant rolls from the same seed. The
effect of a change is its win rate minus the floe's, with a 95% interval for the difference
(Newcombe's method from the two Wilson intervals).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import wilson

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

    def apply(self, lay):
        from bearcli.games.sliding_bears.layout import COLOURS

        if self.part == "tile":
            cells = list(lay.cells)
            cells[lay.grid.parse(self.where)] = self.after
            return replace(lay, cells=tuple(cells), places=None)
        k = COLOURS.index(self.where)
        cols = list(getattr(lay, self.part))
        cols[k] = lay.grid.columns.index(self.after)
        return replace(lay, **{self.part: tuple(cols)}, places=None)


def changes(lay) -> tuple[Change, ...]:
    """Every single-square change, squares in layout order (row 1 first), then the starts and
    finishes one column left or right."""
    from bearcli.games.sliding_bears.layout import COLOURS

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
class Rate:
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict:
        lo, hi = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.rate, 4),
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
        }


def effect(base: Rate, varied: Rate) -> tuple[float, tuple[float, float]]:
    """varied - base, with its 95% interval (Newcombe's hybrid score interval)."""
    p0, p1 = base.rate, varied.rate
    (l0, u0), (l1, u1) = base.ci95, varied.ci95
    d = p1 - p0
    return d, (
        d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2),
    )


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
        played.sort(key=lambda v: -abs(v.effect))  # stable: ties keep the order tried
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


def _with_layout(src, lay):
    """The scenario source with its floe replaced by `lay`, inline."""
    from bearcli.games.sliding_bears.layout import WATER

    return replace(src, data={**src.data, "layout": lay.to_text(WATER)})


def _play(scen, games, seed, bot, workers, precision, budget, on_games) -> Rate:
    from bearcli.rating import simulate_bot

    s = simulate_bot(
        scen, games, seed, bot, budget, workers=workers, precision=precision, on_games=on_games
    )
    return Rate(s.games, s.wins)


def vary(
    path: Path,
    overrides: tuple[str, ...] = (),
    *,
    games: int = GAMES,
    seed: int = SEED,
    precision: float | None = PRECISION,
    workers: int = 1,
    bot: str = BOT,
    budget: int | None = None,
    on_games: Callable[[int], None] | None = None,
    on_change: Callable[[int, int, str], None] | None = None,
    found: list | None = None,
) -> Variation:
    """Rate the floe of `path` and every single-square change of it, at its own level and
    variant (`--set level=hard` for the hard one). `on_change(n, total, what)` hears each change
    as it starts. Results are appended to `found` as they come, so that a caller stopped by
    Ctrl-C keeps what was measured (`partial` builds the Variation of those)."""
    src = scenario_fmt.with_overrides(scenario_fmt.read(path), overrides)
    scen = scenario_fmt.parse(src)
    lay = scen.config.layout
    base = _play(scen, games, seed, bot, workers, precision, budget, on_games)
    todo = changes(lay)
    found = [] if found is None else found
    found.append((scen.title, scen.config.level, scen.config.variant, bot, seed, base, todo, lay))
    for n, (change, varied) in enumerate(_tried(src, lay, todo), start=1):
        if on_change is not None:
            on_change(n, len(todo), change.describe())
        if isinstance(varied, str):
            found.append(Varied(change, None, None, None, varied))
            continue
        rate = _play(varied, games, seed, bot, workers, precision, budget, on_games)
        d, ci = effect(base, rate)
        found.append(Varied(change, rate, d, ci))
    return partial(found)


def partial(found: list) -> Variation | None:
    """The Variation of what `vary` had measured (None if not even the floe itself)."""
    if not found:
        return None
    title, level, variant, bot, seed, base, todo, lay = found[0]
    return Variation(title, level, variant, bot, seed, base, tuple(found[1:]), len(todo), lay)


def _tried(src, lay, todo) -> Iterator[tuple[Change, object]]:
    """Each change with its scenario, or with the reason it breaks the floe."""
    from bearcli.core.errors import BearError, ErrorList
    from bearcli.formats import validation

    for change in todo:
        vsrc = _with_layout(src, change.apply(lay))
        try:
            varied = scenario_fmt.parse(vsrc)
            validation.gate(varied, vsrc)
        except ErrorList as exc:
            first = exc.errors[0]
            yield change, f"{first.message} [{first.ruling}]"
            continue
        except BearError as exc:  # SB2: the level's removal has no tile left
            yield change, exc.message + (f" [{exc.ruling}]" if exc.ruling else "")
            continue
        yield change, varied


def total_changes(path: Path, overrides: tuple[str, ...] = ()) -> int:
    """How many changes `vary` will try (for a progress bar), the floe parsed as given."""
    src = scenario_fmt.with_overrides(scenario_fmt.read(path), overrides)
    return len(changes(scenario_fmt.parse(src).config.layout))
