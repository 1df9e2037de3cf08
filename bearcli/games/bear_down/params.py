"""The scenario's rule parameters for Bear Down! (`params:`), validated at their exact place.

params:
  die: [W, WWS, S1, S1, S2, S3]          # every die in play (BD3)
  dice: {blue: [W, W, W, S1, S1, S1]}    # one stream's die, overriding `die` (BD3)
  rocks: [red/blue 2, blue/green 3]      # the printed rocks, replacing the default (BD4)
  dropped_stream: red                    # 3 players only: which outermost stream goes (BD1)
  water_supply: 8                        # tiles beside the board, before the rock (BD13)
  rock_stack: 2                          # tiles under the rock (BD5; P-BD2: at least 1)
  salmon_supply: 20                      # salmon below the waterfall at the start (BD13)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from bearcli.core.game import Config, Seat
from bearcli.core.source import Source
from bearcli.games.bear_down.notation import FACES, STREAMS
from bearcli.games.bear_down.tables import Tables

DIE = ("W", "WWS", "S1", "S1", "S2", "S3")  # BD3
ROCKS = (
    ("red", "blue", 2),
    ("blue", "green", 3),
    ("green", "yellow", 2),
    ("yellow", "purple", 3),
)  # BD4
TILES_IN_BOX, SALMON_IN_BOX, ROCK_STACK, TILES_PER_STREAM = 70, 53, 10, 6  # BD13
SET_ASIDE = {2: 24, 3: 12, 4: 0}  # BD13: water tiles put back in the box
KEYS = frozenset(
    {"die", "dice", "rocks", "dropped_stream", "water_supply", "rock_stack", "salmon_supply"}
)
_ROCK = re.compile(r"([a-z]+)/([a-z]+) ([0-9]+)")


@dataclass(frozen=True)
class BDConfig(Config):
    streams: tuple[str, ...]  # the streams in play, left to right (BD1)
    dice: tuple[tuple[str, ...], ...]  # six faces per stream in play (BD3)
    rocks: tuple[tuple[str, str, int], ...]  # (left stream, right stream, square) (BD4)
    water_supply: int
    rock_stack: int
    salmon_supply: int

    @cached_property
    def tables(self) -> Tables:
        """Lookups the rules need at every step, made on first use (not a field: a config
        compares, hashes and prints by its fields alone)."""
        return Tables(self.streams, self.dice, self.rocks)


def streams_for(players: int, dropped: str = "purple") -> tuple[str, ...]:
    """BD1: 4 players use all five streams, 3 drop one outermost, 2 drop both."""
    if players >= 4:
        return STREAMS
    if players == 3:
        return tuple(s for s in STREAMS if s != dropped)
    return STREAMS[1:4]


def configure(source: Source, seats: tuple[Seat, ...]) -> BDConfig:
    players = len(seats)
    params = source.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise source.error("'params' must be a mapping", "params")
    psrc = source.child("params") if "params" in source.data and params else source
    if params:
        psrc.require_mapping(KEYS)
    dropped = "purple"
    if "dropped_stream" in params:
        dropped = psrc.typed("dropped_stream", str, ruling="BD1")
        if players != 3:
            raise psrc.error(
                f"only 3 players drop a single stream; {players} players use "
                f"{', '.join(streams_for(players))}",
                "dropped_stream",
                ruling="BD1",
            )
        if dropped not in (STREAMS[0], STREAMS[-1]):
            raise psrc.error(
                f"the dropped stream must be an outermost one (red or purple), not {dropped!r}",
                "dropped_stream",
                ruling="BD1",
            )
    streams = streams_for(players, dropped)
    base = _faces(psrc, params["die"], ("die",)) if "die" in params else DIE
    per = {s: base for s in streams}
    if "dice" in params:
        dice = params["dice"]
        if not isinstance(dice, dict):
            raise psrc.error("'dice' maps a stream to its six faces", "dice", ruling="BD3")
        for stream, faces in dice.items():
            if stream not in streams:
                raise psrc.error(
                    f"{stream!r} is not a stream in play with {players} players "
                    f"({', '.join(streams)})",
                    "dice",
                    stream,
                    ruling="BD1",
                )
            per[stream] = _faces(psrc, faces, ("dice", stream))
    rocks = _rocks(psrc, params["rocks"]) if "rocks" in params else ROCKS
    tiles = TILES_IN_BOX - TILES_PER_STREAM * len(streams) - SET_ASIDE[min(players, 4)]
    # P-BD12: no supply beyond what the box holds once the board is laid (BD13).
    box_tiles = TILES_IN_BOX - TILES_PER_STREAM * len(streams)
    box_salmon = SALMON_IN_BOX - 2 * len(streams)
    water = _count(psrc, params, "water_supply", tiles - ROCK_STACK, 0, "BD13", box_tiles)
    stack = _count(psrc, params, "rock_stack", ROCK_STACK, 1, "BD5", box_tiles - water)
    salmon = _count(psrc, params, "salmon_supply", box_salmon, 0, "BD13", box_salmon)
    return BDConfig(seats, streams, tuple(per[s] for s in streams), rocks, water, stack, salmon)


def _faces(psrc: Source, faces: object, path: tuple) -> tuple[str, ...]:
    if not isinstance(faces, list):
        raise psrc.error(f"a die is a list of six faces, not {faces!r}", *path, ruling="BD3")
    if len(faces) != 6:
        raise psrc.error(f"a die needs six faces, not {len(faces)}", *path, ruling="BD3")
    for i, face in enumerate(faces):
        if not isinstance(face, str) or face.upper() not in FACES:
            raise psrc.error(
                f"die face {face!r} is not one of {', '.join(FACES)}", *path, i, ruling="BD3"
            )
    return tuple(f.upper() for f in faces)


def _rocks(psrc: Source, raw: object) -> tuple[tuple[str, str, int], ...]:
    if not isinstance(raw, list):
        raise psrc.error("'rocks' is a list like [red/blue 2, blue/green 3]", "rocks", ruling="BD4")
    out: list[tuple[str, str, int]] = []
    for i, item in enumerate(raw):
        m = _ROCK.fullmatch(" ".join(str(item).lower().split()))
        if not m:
            raise psrc.error(
                f"a rock is written LEFT/RIGHT SQUARE (e.g. red/blue 2), not {item!r}",
                "rocks",
                i,
                ruling="BD4",
            )
        left, right, num = m[1], m[2], int(m[3])
        for s in (left, right):
            if s not in STREAMS:
                raise psrc.error(
                    f"{s!r} is not a stream ({', '.join(STREAMS)})", "rocks", i, ruling="BD4"
                )
        if STREAMS.index(right) - STREAMS.index(left) != 1:
            raise psrc.error(
                f"a rock stands between neighbouring streams, left one first; "
                f"{left} and {right} are not",
                "rocks",
                i,
                ruling="BD4",
            )
        if not 1 <= num <= 4:
            raise psrc.error(f"rocks stand at squares 1 to 4, not {num}", "rocks", i, ruling="BD4")
        if (left, right, num) in out:
            raise psrc.error(f"rock {left}/{right} {num} is listed twice", "rocks", i, ruling="BD4")
        out.append((left, right, num))
    return tuple(sorted(out, key=lambda r: (STREAMS.index(r[0]), r[2])))


def _count(
    psrc: Source, params: dict, key: str, default: int, least: int, ruling: str, most: int
) -> int:
    if key not in params:
        return default
    value = psrc.typed(key, int, ruling=ruling)
    if value < least:
        raise psrc.error(f"{key} must be at least {least}, not {value}", key, ruling=ruling)
    if value > most:
        raise psrc.error(
            f"{key} must be at most {most}, not {value}: the box holds no more "
            f"(water tiles and rock stack together, once the board is laid)"
            if key != "salmon_supply"
            else f"{key} must be at most {most}, not {value}: the box holds no more salmon",
            key,
            ruling="P-BD12",
        )
    return value


def config_dict(cfg: BDConfig) -> dict:
    return {
        "streams": list(cfg.streams),
        "dice": [list(d) for d in cfg.dice],
        "rocks": [f"{a}/{b} {k}" for a, b, k in cfg.rocks],
        "water_supply": cfg.water_supply,
        "rock_stack": cfg.rock_stack,
        "salmon_supply": cfg.salmon_supply,
    }
