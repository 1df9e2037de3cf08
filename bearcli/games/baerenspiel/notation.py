"""Baerenspiel steps: immutable values that parse from notation and print themselves back.

Forest and twin game (BS4-BS10, BS13):

    roll bear paw tree      chance: the three dice of a turn, die 1 to 3 (BS3, BS4)
    reroll 2                re-roll die 2, which shows a paw (BS4)
    rerolled 2 bear         chance: the new face of die 2
    search e1               spend a search: turn over e1 (BS5)
    chain e2                the free reveal next to the path just turned (BS6)
    decline                 give up the free chain reveal (BS6)
    cover c5 from a1        spend a search: lay the edge path a1 on the obstacle c5 (BS7)
    end                     end the turn; whatever is unused lapses (BS4)
    e1 is path              chance: the card turned over on e1 (RULINGS C2)
    throw paw               chance: one escort throw (BS9)
    escort d3               twin game: the last throw moves the bear found on d3 (BS9, BS13)

Memo game (BS14):

    flip c2                 turn over the card on c2
    c2 is animal7           chance: what it shows (animal1-16, obstacle1-8, bear)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bearcli.core.errors import MalformedStep

FACES = ("bear", "paw", "tree")  # the die faces (BS3)
FOREST_KINDS = ("bear", "path", "animal", "obstacle")  # BS2: in the forest only the kind counts
SQUARE = r"[a-j](?:[1-9])"


def memo_kinds() -> tuple[str, ...]:
    """The 25 memo identities, two cards each (BS14), in the order pairs are dealt (P-BS9)."""
    return ("bear", *(f"obstacle{i}" for i in range(1, 9)), *(f"animal{i}" for i in range(1, 17)))


MEMO_KINDS = memo_kinds()


@dataclass(frozen=True)
class Roll:
    faces: tuple[str, str, str]

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)


@dataclass(frozen=True)
class Reroll:
    die: int  # 1-based

    def __str__(self) -> str:
        return f"reroll {self.die}"


@dataclass(frozen=True)
class Rerolled:
    die: int
    face: str

    def __str__(self) -> str:
        return f"rerolled {self.die} {self.face}"


@dataclass(frozen=True)
class Search:
    square: str

    def __str__(self) -> str:
        return f"search {self.square}"


@dataclass(frozen=True)
class Chain:
    square: str

    def __str__(self) -> str:
        return f"chain {self.square}"


@dataclass(frozen=True)
class Decline:
    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Cover:
    obstacle: str
    path: str  # the edge path card taken (its square becomes a hole)

    def __str__(self) -> str:
        return f"cover {self.obstacle} from {self.path}"


@dataclass(frozen=True)
class End:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Shows:
    square: str
    kind: str

    def __str__(self) -> str:
        return f"{self.square} is {self.kind}"


@dataclass(frozen=True)
class Throw:
    face: str

    def __str__(self) -> str:
        return f"throw {self.face}"


@dataclass(frozen=True)
class Escort:
    square: str  # where the bear to move was found

    def __str__(self) -> str:
        return f"escort {self.square}"


@dataclass(frozen=True)
class Flip:
    square: str

    def __str__(self) -> str:
        return f"flip {self.square}"


Step = (
    Roll
    | Reroll
    | Rerolled
    | Search
    | Chain
    | Decline
    | Cover
    | End
    | Shows
    | Throw
    | Escort
    | Flip
)

_W = r"([a-z0-9]+)"
_PATTERNS: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(rf"roll {_W} {_W} {_W}"), lambda m: Roll((m[1], m[2], m[3]))),
    (re.compile(r"reroll ([1-3])"), lambda m: Reroll(int(m[1]))),
    (re.compile(rf"rerolled ([1-3]) {_W}"), lambda m: Rerolled(int(m[1]), m[2])),
    (re.compile(rf"search ({SQUARE})"), lambda m: Search(m[1])),
    (re.compile(rf"chain ({SQUARE})"), lambda m: Chain(m[1])),
    (re.compile(r"decline"), lambda m: Decline()),
    (re.compile(rf"cover ({SQUARE}) from ({SQUARE})"), lambda m: Cover(m[1], m[2])),
    (re.compile(r"end"), lambda m: End()),
    (re.compile(rf"({SQUARE}) is {_W}"), lambda m: Shows(m[1], m[2])),
    (re.compile(rf"throw {_W}"), lambda m: Throw(m[1])),
    (re.compile(rf"escort ({SQUARE})"), lambda m: Escort(m[1])),
    (re.compile(rf"flip ({SQUARE})"), lambda m: Flip(m[1])),
)
_HINT = (
    "expected one of: roll F F F, reroll N, rerolled N F, search SQ, chain SQ, decline, "
    "cover SQ from SQ, end, SQ is KIND, throw F, escort SQ, flip SQ "
    "(F: bear, paw, tree)"
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
    faces = ()
    if isinstance(step, Roll):
        faces = step.faces
    elif isinstance(step, (Rerolled, Throw)):
        faces = (step.face,)
    for face in faces:
        if face not in FACES:
            raise MalformedStep(text, f"{face!r} is not a die face (bear, paw, tree)")
    if isinstance(step, Shows) and step.kind not in FOREST_KINDS and step.kind not in MEMO_KINDS:
        raise MalformedStep(
            text,
            f"{step.kind!r} is not a card (path, animal, obstacle, bear; "
            "memo: animal1-16, obstacle1-8, bear)",
        )


# What each kind of step is, for a transcript header (`record new`): (notation class, the
# example written when no sample game met that kind, what it is), in the order a record
# meets them; `transcript_kinds` keeps those a variant can have.
TRANSCRIPT_KINDS = (
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
)


def transcript_kinds(variant: str) -> tuple[tuple[str, str, str], ...]:
    """The kinds a game of `variant` can have: the memo game only flips, the others never;
    only the twin game escorts."""
    if variant == "memo":
        keep = {"Flip", "Shows"}
    else:
        keep = {k for k, _, _ in TRANSCRIPT_KINDS} - {"Flip"}
        if variant != "twin":
            keep -= {"Escort"}
    return tuple(kind for kind in TRANSCRIPT_KINDS if kind[0] in keep)
