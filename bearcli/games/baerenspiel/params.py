"""The scenario part of Baerenspiel: variant, params (BS2, BS3, BS13, BS14), deal and open.

variant: forest            # forest | twin | memo (default forest)
params:
  dark:  {bear: 1, path: 10, animal: 9, obstacle: 5}     # BS2, must make 25 cards
  light: {path: 22, animal: 23, obstacle: 11}            # BS2, must make 56 cards
  die: [tree, tree, tree, tree, paw, bear]               # BS3, six faces
  removed: random          # twin game: the light card taken out (BS13, P-BS7)
  pairs: 25                # memo game: 1 to 25 pairs (BS14, P-BS9)
deal: {d3: bear, c3: path} # fixed identities of face-down cards (P-BS5)
open: {a1: animal}         # cards already face up when the record starts (P-BS5)
"""

from __future__ import annotations

from dataclasses import dataclass

from bearcli.core.game import Config, Seat
from bearcli.core.source import Source
from bearcli.games.baerenspiel import forest
from bearcli.games.baerenspiel.notation import FACES, FOREST_KINDS

VARIANTS = ("forest", "twin", "memo")
DARK = {"bear": 1, "path": 10, "animal": 9, "obstacle": 5}  # BS2
LIGHT = {"bear": 0, "path": 22, "animal": 23, "obstacle": 11}  # BS2
DIE = ("tree", "tree", "tree", "tree", "paw", "bear")  # BS3
REMOVED = ("random", "path", "animal", "obstacle")
FOREST_BOTS = ("random", "searcher")
MEMO_BOTS = ("random", "perfect", "forgetful")


@dataclass(frozen=True)
class BSConfig(Config):
    variant: str = "forest"
    dark: tuple[int, ...] = tuple(DARK.values())  # counts in FOREST_KINDS order
    light: tuple[int, ...] = tuple(LIGHT.values())  # the light pile as played (BS13 applied)
    die: tuple[str, ...] = DIE
    removed: str | None = None  # twin game only (BS13)
    deal: tuple[tuple[int, str], ...] = ()
    open: tuple[tuple[int, str], ...] = ()
    pairs: int = 25

    @property
    def spare(self) -> int:
        """Light cards that never come up: the twin game's random removal (P-BS7)."""
        return sum(self.light) - 56


def configure(source: Source, seats: tuple[Seat, ...]) -> BSConfig:
    variant = source.typed("variant", str, "forest")
    if variant not in VARIANTS:
        raise source.error(
            f"variant must be forest, twin or memo, not {variant!r}",
            "variant",
            ruling="BS13" if variant != "memo" else "BS14",
        )
    _check_bots(source, seats, variant)
    params = source.get("params", {})
    if not isinstance(params, dict):
        raise source.error("'params' must be a mapping", "params")
    psrc = source.child("params") if "params" in source.data else source
    if variant == "memo":
        if params:
            psrc.require_mapping(frozenset({"pairs"}))
        for key in ("deal", "open"):
            if key in source.data:
                raise source.error(
                    f"'{key}' presets the forest; the memo game has none", key, ruling="BS14"
                )
        pairs = psrc.typed("pairs", int, 25, ruling="BS14") if params else 25
        if not 1 <= pairs <= 25:
            raise psrc.error(f"pairs must be 1 to 25, not {pairs}", "pairs", ruling="BS14")
        return BSConfig(seats, variant="memo", pairs=pairs)
    allowed = {"dark", "light", "die"} | ({"removed"} if variant == "twin" else set())
    if params:
        psrc.require_mapping(frozenset(allowed))
    dark = _pile(psrc, params, "dark", DARK, 25)
    light = _pile(psrc, params, "light", LIGHT, 56)
    if dark[0] != 1:
        raise psrc.error(
            f"the dark pile holds exactly one little bear, not {dark[0]}",
            "dark",
            "bear",
            ruling="BS2",
        )
    if light[0] != 0:
        raise psrc.error(
            "the light pile holds no little bear (the light-backed one joins it "
            "only in the twin game)",
            "light",
            "bear",
            ruling="BS13",
        )
    die = _die(psrc, params)
    removed = None
    if variant == "twin":
        removed = params.get("removed", "random")
        if removed not in REMOVED:
            raise psrc.error(
                f"removed must be one of {', '.join(REMOVED)}, not {removed!r}",
                "removed",
                ruling="BS13",
            )
        pile = list(light)
        pile[0] = 1  # the light-backed little bear joins the light pile (BS13)
        if removed != "random":
            k = FOREST_KINDS.index(removed)
            if pile[k] == 0:
                raise psrc.error(
                    f"the light pile has no {removed} card to remove", "removed", ruling="BS13"
                )
            pile[k] -= 1
        light = tuple(pile)
    cfg = BSConfig(seats, variant=variant, dark=dark, light=light, die=die, removed=removed)
    deal = _preset(source, "deal", cfg, ())
    opened = _preset(source, "open", cfg, deal)
    return BSConfig(
        seats,
        variant=variant,
        dark=dark,
        light=light,
        die=die,
        removed=removed,
        deal=deal,
        open=opened,
    )


def _check_bots(source: Source, seats: tuple[Seat, ...], variant: str) -> None:
    fit = MEMO_BOTS if variant == "memo" else FOREST_BOTS
    for i, seat in enumerate(seats):
        if seat.bot != "human" and seat.bot not in fit:
            raise source.error(
                f"bot {seat.bot!r} plays the "
                f"{'forest' if variant == 'memo' else 'memo'} game; "
                f"the {variant} game has: {', '.join(fit)}",
                "seats",
                i,
                "bot",
            )
        for key, value in seat.options:
            if key == "memory" and value < 0:
                raise source.error(f"memory must be 0 or more cards, not {value}", "seats", i, key)


def _pile(psrc: Source, params: dict, key: str, default: dict, total: int) -> tuple[int, ...]:
    raw = params.get(key, {})
    if not isinstance(raw, dict):
        raise psrc.error(f"'{key}' must map card kinds to counts", key, ruling="BS2")
    sub = psrc.child(key) if key in params else psrc
    if raw:
        sub.require_mapping(frozenset(FOREST_KINDS))
    counts = []
    for kind in FOREST_KINDS:
        n = sub.typed(kind, int, default[kind], ruling="BS2") if raw else default[kind]
        if n < 0:
            raise sub.error(f"{kind} count must be 0 or more, not {n}", kind, ruling="BS2")
        counts.append(n)
    if sum(counts) != total:
        raise psrc.error(
            f"the {key} pile must hold {total} cards (one per {key} square), not {sum(counts)}",
            key,
            ruling="BS2",
        )
    return tuple(counts)


def _die(psrc: Source, params: dict) -> tuple[str, ...]:
    raw = params.get("die", list(DIE))
    if not isinstance(raw, list) or len(raw) != 6:
        raise psrc.error(f"die needs six faces, not {raw!r}", "die", ruling="BS3")
    for i, face in enumerate(raw):
        if face not in FACES:
            raise psrc.error(f"die face {face!r} must be bear, paw or tree", "die", i, ruling="BS3")
    if "bear" not in raw:
        raise psrc.error(
            "a die with no bear face grants no escort step of 4 and, with more "
            "than two players, no search: the bear could never be found",
            "die",
            ruling="BS3",
        )
    return tuple(raw)


def _preset(
    source: Source, key: str, cfg: BSConfig, taken: tuple[tuple[int, str], ...]
) -> tuple[tuple[int, str], ...]:
    """P-BS5: fixed identities (deal) or face-up cards (open), checked against the piles."""
    raw = source.get(key, {})
    if not isinstance(raw, dict):
        raise source.error(f"'{key}' must map squares to card kinds", key, ruling="P-BS5")
    used = {"D": [0] * 4, "L": [0] * 4}
    for sq, kind in taken:
        used[forest.back_of(sq)][FOREST_KINDS.index(kind)] += 1
    taken_squares = {sq for sq, _ in taken}
    out = []
    for name in sorted(raw, key=lambda n: (forest.parse_square(str(n)) is None, str(n))):
        kind = raw[name]
        sq = forest.parse_square(str(name))
        if sq is None:
            raise source.error(
                f"{name!r} is not a square of the forest (a1-i9)", key, name, ruling="BS1"
            )
        if kind not in FOREST_KINDS:
            raise source.error(
                f"{kind!r} is not a card kind ({', '.join(FOREST_KINDS)})", key, name, ruling="BS2"
            )
        if sq in taken_squares:
            raise source.error(f"{name} is both dealt and open", key, name, ruling="P-BS5")
        if key == "open" and kind == "bear":
            raise source.error(
                "a little bear cannot start face up: finding it ends the search (deal it instead)",
                key,
                name,
                ruling="P-BS5",
            )
        back = forest.back_of(sq)
        pile = cfg.dark if back == "D" else cfg.light
        k = FOREST_KINDS.index(kind)
        used[back][k] += 1
        if used[back][k] > pile[k]:
            colour = "dark" if back == "D" else "light"
            raise source.error(
                f"the {colour} pile holds only {pile[k]} {kind} card(s); {name} would be one more",
                key,
                name,
                ruling="BS2",
            )
        out.append((sq, kind))
    return tuple(sorted(out))
