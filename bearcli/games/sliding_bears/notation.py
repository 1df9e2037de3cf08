"""Sliding Bears steps: immutable values that parse from notation and print themselves back.

remove c4                set-up: the tile taken away before the first roll (SB2)
roll pink/blue crack     chance: the bear die and the weather die (SB3); `roll crack
                         blue/pink` reads the same (either die first, colours in any order)
jump pink c2             the bear of that colour jumps (SB4); targets: a square, start, finish
crack d5                 remove a free ice tile (SB5)
wind c3 c4               slide the tile on c3 into the water on c4 (SB6)
pass                     forgo the optional effects still unused (SB4, SB6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bearcli.core.errors import MalformedStep
from bearcli.games.sliding_bears.layout import COLOURS

SQUARE = r"[a-l](?:[1-9]|1[0-2])"
WEATHER = ("crack", "wind")


def _face_ok(face: str) -> bool:
    return all(c in COLOURS for c in face.split("/")) and len(set(face.split("/"))) == len(
        face.split("/")
    )


def canonical_face(face: str) -> str:
    """A bear-die face with its colours in the order of COLOURS (`blue/pink` is `pink/blue`):
    the order a person writes them in means nothing. Anything else is returned unchanged."""
    parts = face.split("/")
    if len(parts) < 2 or not _face_ok(face):
        return face
    return "/".join(sorted(parts, key=COLOURS.index))


def canonical_faces(faces) -> tuple:
    """A scenario's bear-die faces in canonical form (non-text values are left for the checks)."""
    return tuple(canonical_face(f) if isinstance(f, str) else f for f in faces)


@dataclass(frozen=True)
class Remove:
    square: str

    def __str__(self) -> str:
        return f"remove {self.square}"


@dataclass(frozen=True)
class Roll:
    bear: str  # a face of the bear die: "pink" or "pink/blue"
    weather: str  # "crack" or "wind"

    def __str__(self) -> str:
        return f"roll {self.bear} {self.weather}"


@dataclass(frozen=True)
class Jump:
    colour: str
    target: str  # a square name, "start" or "finish"

    def __str__(self) -> str:
        return f"jump {self.colour} {self.target}"


@dataclass(frozen=True)
class Crack:
    square: str

    def __str__(self) -> str:
        return f"crack {self.square}"


@dataclass(frozen=True)
class Wind:
    source: str
    target: str

    def __str__(self) -> str:
        return f"wind {self.source} {self.target}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Step = Remove | Roll | Jump | Crack | Wind | Pass

_PATTERNS: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(rf"remove ({SQUARE})"), lambda m: Remove(m[1])),
    (re.compile(r"roll ([a-z/]+) ([a-z/]+)"), lambda m: _roll(m[1], m[2])),
    (re.compile(rf"jump ([a-z]+) ({SQUARE}|start|finish)"), lambda m: Jump(m[1], m[2])),
    (re.compile(rf"crack ({SQUARE})"), lambda m: Crack(m[1])),
    (re.compile(rf"wind ({SQUARE})(?: |-|>)({SQUARE})"), lambda m: Wind(m[1], m[2])),
    (re.compile(r"pass"), lambda m: Pass()),
)


def _roll(first: str, second: str) -> Roll:
    # The two dice may be named in either order (`roll crack pink`), and a two-colour face's
    # colours too (`blue/pink`): the step is printed back canonically, bear die first.
    if first in WEATHER and second not in WEATHER:
        first, second = second, first
    return Roll(canonical_face(first), second)


_HINT = (
    "expected one of: remove SQ, roll FACE crack|wind, jump COLOUR SQ|start|finish, "
    "crack SQ, wind SQ SQ, pass"
)


def parse(text: str) -> Step:
    norm = " ".join(text.strip().lower().split())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m:
            step = build(m)
            _check_words(text, step)
            return step
    raise MalformedStep(text, _HINT)


def _check_words(text: str, step: Step) -> None:
    if isinstance(step, Roll):
        if not _face_ok(step.bear):
            raise MalformedStep(
                text,
                f"{step.bear!r} is not a bear-die face (a colour, or two joined by '/': pink/blue)",
            )
        if step.weather not in WEATHER:
            raise MalformedStep(text, f"{step.weather!r} is not a weather-die face (crack, wind)")
    if isinstance(step, Jump) and step.colour not in COLOURS:
        raise MalformedStep(text, f"{step.colour!r} is not a bear colour ({', '.join(COLOURS)})")


# What each kind of step is, for a transcript header (`record new`): (notation class, the
# example written when no sample game met that kind, what it is), in the order a record
# meets them.
TRANSCRIPT_KINDS = (
    ("Remove", "remove b5", "set-up: the seal (or ice tile) taken away first (SB2)"),
    ("Roll", "roll pink/blue crack", "chance: the bear die, then the weather die (SB3)"),
    ("Crack", "crack d5", "the crack: that free ice tile is removed (SB5)"),
    ("Jump", "jump pink c2", "that bear jumps one square (SB4); also `start`, `finish`"),
    ("Wind", "wind c3 c4", "the wind: that tile slides into the open water (SB6)"),
    ("Pass", "pass", "the dice's unused effects are forgone (SB4, SB6)"),
)
