"""Static checks of a Sliding Bears floe (P-SB7 to P-SB12): what can be known before any die
is rolled. Pure: a configuration in, findings out (the CLI prints them).

What the wind can ever do is over-approximated soundly, so a finding is never a false alarm:
rocks never move and nothing crosses them (SB6), while the wind may slide an ice or seal tile
into any open water beside it, and cracks and the set-up removal only ever turn tiles into
water. So a tile can never leave the region of non-rock squares it starts in, and any square
of such a region may one day hold ice if the region holds some ice; a bear stands on ice (or
rides it, P-SB5) and so never leaves the region of the square above its start. With no wind
face on the weather die no tile ever moves, and a region is a group of ice tiles.
"""

from __future__ import annotations

from bearcli.core.abilities import ERROR, WARNING, Finding, Where
from bearcli.core.errors import Location
from bearcli.games.sliding_bears.layout import COLOURS, Layout

STRANDED_START = "P-SB8"
UNREACHABLE_FINISH = "P-SB7"
DECIDED = "P-SB9"
ENDLESS = "P-SB10"
REMOVAL = "P-SB11"
NEVER_LOST = "P-SB12"


def check(cfg, where: Where) -> tuple[Finding, ...]:
    """Every finding on this configuration (an SBConfig), errors first, in layout order."""
    lay: Layout = cfg.layout
    wind = "wind" in cfg.weather_die
    crack = "crack" in cfg.weather_die
    cells = list(lay.cells)
    if cfg.remove is not None:  # the set-up removal the scenario names (SB2)
        cells[lay.grid.parse(cfg.remove)] = "."
    # At the hard level with the removal left to seat 1, any ice tile may go (SB2, P-SB3).
    choice = cfg.level == "hard" and cfg.remove is None
    ice_after = cells.count("I") - (1 if choice else 0)
    out: list[Finding] = []
    if ice_after <= 0:
        out.append(
            Finding(
                ERROR,
                "no ice tile is left once the set-up removal is made: no bear can ever leave "
                "its start, and the first crack loses the game",
                DECIDED,
                _first(lay, where),
            )
        )
        if not crack:
            out.append(_endless(where, "no bear can ever move"))
        return tuple(out)
    stuck = _bears(lay, cells, wind, where)
    out += stuck
    if choice and not stuck:
        fatal = [i for i, c in enumerate(cells) if c == "I" and _bears(lay, _gone(cells, i), wind)]
        names = ", ".join(lay.square_name(i) for i in fatal)
        if fatal and len(fatal) == cells.count("I"):
            stuck = _bears(lay, _gone(cells, fatal[0]), wind, where)
            out.append(
                Finding(
                    ERROR,
                    "at the hard level, whichever ice tile is removed at set-up, some bear can "
                    f"never arrive ({stuck[0].message})",
                    REMOVAL,
                    where("level"),
                )
            )
        elif fatal:
            out.append(
                Finding(
                    WARNING,
                    f"at the hard level, removing {names} at set-up leaves some bear unable "
                    "to arrive; the other ice tiles are safe to remove",
                    REMOVAL,
                    _place(lay, "cells", fatal[0], where),
                )
            )
    if not crack:
        if stuck:
            out.append(_endless(where, "some bear can never arrive"))
        else:
            out.append(
                Finding(
                    WARNING,
                    "the weather die has no crack face, so a game is never lost: it ends only "
                    "when all four bears are across, and poor play may go on for ever "
                    "(simulate gives a game up after 100000 steps)",
                    NEVER_LOST,
                    _dice_place(where),
                )
            )
    return tuple(sorted(out, key=lambda f: f.severity != ERROR))


def errors_and_warnings(findings) -> tuple[list[Finding], list[Finding]]:
    return (
        [f for f in findings if f.severity == ERROR],
        [f for f in findings if f.severity == WARNING],
    )


def _endless(where: Where, why: str) -> Finding:
    return Finding(
        ERROR,
        f"the weather die has no crack face, so a game is never lost, and {why}: "
        "a game could never end",
        ENDLESS,
        _dice_place(where),
    )


def _dice_place(where: Where) -> Location | None:
    return where("params", "weather_die")


def _gone(cells: list[str], i: int) -> list[str]:
    return cells[:i] + ["."] + cells[i + 1 :]


def regions(lay: Layout, cells: list[str], wind: bool) -> list[int]:
    """Per square, the region it belongs to, or -1 if no ice can ever stand there.

    With wind, a region is a group of orthogonally connected non-rock squares holding some
    ice; without, a group of connected ice tiles (nothing ever moves)."""
    open_ = ("I", "S", ".") if wind else ("I",)
    region = [-1] * len(cells)
    for seed, cell in enumerate(cells):
        if cell != "I" or region[seed] >= 0:
            continue
        region[seed] = seed
        todo = [seed]
        while todo:
            here = todo.pop()
            for there in lay.grid.neighbours(here):
                if region[there] < 0 and cells[there] in open_:
                    region[there] = seed
                    todo.append(there)
    return region


def _bears(lay: Layout, cells: list[str], wind: bool, where: Where | None = None) -> list:
    """The P-SB8 and P-SB7 findings: each bear that can never leave its start, or never
    reach its finish; without `where`, only whether there are any (unlocated)."""
    region = regions(lay, cells, wind)
    out = []
    for k, colour in enumerate(COLOURS):
        entry = lay.index(lay.start[k], 0)
        top = lay.index(lay.finish[k], lay.height - 1)
        e, t = lay.square_name(entry), lay.square_name(top)
        if region[entry] < 0:
            if cells[entry] == "R":
                why = f"{e}, the square above its start, is a rock"
            elif not wind:
                why = (
                    f"{e} above it is not ice, and with no wind face on the weather die no "
                    "tile ever moves"
                )
            else:
                why = (
                    f"no ice can ever reach {e}, the square above its start, even with perfect wind"
                )
            message = f"the {colour} bear can never leave its start: {why}"
            out.append((STRANDED_START, message, "start", k))
        elif region[top] != region[entry]:
            if cells[top] == "R":
                why = f"{t}, the square below its finish, is a rock"
            elif not wind:
                why = (
                    f"with no wind face on the weather die no tile ever moves, and no path of "
                    f"ice tiles leads from {e} (above its start) to {t} (below its finish)"
                )
            elif region[top] < 0:
                why = (
                    f"no ice can ever reach {t}, the square below its finish: rocks wall it "
                    "off from every tile"
                )
            else:
                why = (
                    f"rocks wall {t} (below its finish) off from {e} (above its start), "
                    "even with perfect wind"
                )
            message = f"the {colour} bear can never reach its finish: {why}"
            out.append((UNREACHABLE_FINISH, message, "finish", k))
    if where is None:
        return out
    return [Finding(ERROR, msg, rid, _place(lay, line, k, where)) for rid, msg, line, k in out]


def _place(lay: Layout, part: str, index: int, where: Where) -> Location | None:
    if lay.places is None:  # a layout built in code: the scenario's layout key
        return where("layout")
    return getattr(lay.places, part)[index]


def _first(lay: Layout, where: Where) -> Location | None:
    return lay.places.first if lay.places is not None else where("layout")
