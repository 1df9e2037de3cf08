"""Bear Down! steps: immutable values that parse from notation and print themselves back.

    roll blue:W green:S2 yellow:WWS   chance: every die in play, one face each (BD3, BD5, BD7)
    blue3                             the acting bear moves to square 3 of the blue stream (BD8)
    boulder                           the acting bear moves onto the bear boulder (BD10)
    stay                              the acting bear has no destination at all (BD8)
    seat2 blue3, seat2 stay           the same, naming the seat (1-based) explicitly

A move names its destination only: the path is the rules' business (BD8), as at the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bearcli.core.errors import MalformedStep

STREAMS = ("red", "blue", "green", "yellow", "purple")  # BD1, left to right
FACES = ("W", "WWS", "S1", "S2", "S3")  # the known die faces (BD3)
BOULDER = "boulder"


@dataclass(frozen=True)
class Roll:
    faces: tuple[tuple[str, str], ...]  # (stream, face) left to right, one per die in play

    def __str__(self) -> str:
        return "roll " + " ".join(f"{s}:{f}" for s, f in self.faces)


@dataclass(frozen=True)
class Move:
    dest: str  # a square name such as "blue3", or "boulder"
    seat: int | None = None  # 1-based; None means the seat whose turn it is

    def __str__(self) -> str:
        return f"seat{self.seat} {self.dest}" if self.seat is not None else self.dest


@dataclass(frozen=True)
class Stay:
    seat: int | None = None

    def __str__(self) -> str:
        return f"seat{self.seat} stay" if self.seat is not None else "stay"


Step = Roll | Move | Stay

_SEAT = r"(?:seat([1-9]) )?"
_ROLL = re.compile(r"roll((?: [a-z]+:[a-z0-9]+)+)")
_MOVE = re.compile(_SEAT + r"([a-z]+[1-4]|boulder)")
_STAY = re.compile(_SEAT + r"stay")
_HINT = (
    "expected one of: roll STREAM:FACE ... (e.g. roll blue:W green:S2 yellow:WWS), "
    "a destination (blue3, boulder), stay, or seatN before a destination or stay"
)


def parse(text: str) -> Step:
    norm = " ".join(text.strip().lower().split())
    m = _ROLL.fullmatch(norm)
    if m:
        return _roll(text, m[1].split())
    m = _STAY.fullmatch(norm)
    if m:
        return Stay(int(m[1]) if m[1] else None)
    m = _MOVE.fullmatch(norm)
    if m:
        dest = m[2]
        if dest != BOULDER and dest[:-1] not in STREAMS:
            raise MalformedStep(
                text, f"{dest[:-1]!r} is not a stream ({', '.join(STREAMS)}); squares are 1 to 4"
            )
        return Move(dest, int(m[1]) if m[1] else None)
    raise MalformedStep(text, _HINT)


def _roll(text: str, items: list[str]) -> Roll:
    faces: dict[str, str] = {}
    for item in items:
        stream, face = item.split(":")
        face = face.upper()
        if stream not in STREAMS:
            raise MalformedStep(text, f"{stream!r} is not a stream ({', '.join(STREAMS)})")
        if face not in FACES:
            raise MalformedStep(text, f"{face!r} is not a die face ({', '.join(FACES)})")
        if stream in faces:
            raise MalformedStep(text, f"the {stream} die is named twice")
        faces[stream] = face
    # Canonical order is left to right (BD5), so any written order reads the same.
    return Roll(tuple((s, faces[s]) for s in STREAMS if s in faces))


def roll_pattern(streams: tuple[str, ...], dice: tuple[tuple[str, ...], ...]) -> str:
    """How a roll is written, for `?` at a typed-in roll: `roll blue:FACE green:FACE
    yellow:FACE; FACE = W WWS S1 S2 S3` (FACE1, FACE2, ... when the dice differ, BD3)."""
    kinds = list(dict.fromkeys(tuple(dict.fromkeys(d)) for d in dice))
    name = {k: "FACE" if len(kinds) == 1 else f"FACE{i + 1}" for i, k in enumerate(kinds)}
    pairs = zip(streams, dice, strict=True)
    slots = " ".join(f"{s}:{name[tuple(dict.fromkeys(d))]}" for s, d in pairs)
    faces = "; ".join(f"{name[k]} = {' '.join(k)}" for k in kinds)
    return f"roll {slots}; {faces}"


def square(stream: str, number: int) -> str:
    return f"{stream}{number}"


# What each kind of step is, for a transcript header (`record new`): (notation class, the
# example written when no sample game met that kind, what it is), in the order a record
# meets them.
TRANSCRIPT_KINDS = (
    ("Roll", "roll blue:W green:S2 yellow:WWS", "chance: one face per die in play (BD3)"),
    ("Move", "blue3", "the seat's bear moves there, or to `boulder` (BD8-BD10)"),
    ("Stay", "stay", "the bear has nowhere to go and stays (BD8)"),
)
