"""The memo game (BS14): pairs of animal, obstacle and bear cards on a 10 x 5 grid a1-j5.

A turn flips two face-down cards; a pair is kept and the same seat flips again, otherwise both
turn back and the next seat plays. A card's identity is a chance step the first time it turns
up (RULINGS C2); once seen it is known and flipping it again shows it with no chance step.
With `pairs: n` the first n identities of MEMO_KINDS are dealt to the first 2n squares
(a1, b1, ... j1, a2, ...): P-BS9.

The readable source of these rules is `reference.py` (the memo_... methods); the equality
tests are in tests/games/baerenspiel/test_fast_paths.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict, Unpack

from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.grid import Grid
from bearcli.core.outcome import Outcome
from bearcli.core.values import evolve
from bearcli.games.baerenspiel.notation import MEMO_KINDS, Flip, Shows
from bearcli.games.baerenspiel.params import BSConfig

WIDTH, HEIGHT = 10, 5
GRID = Grid(WIDTH, HEIGHT)  # BS14: a1-j5
COLUMNS = GRID.columns
DONE = "all-pairs-taken"


class MemoChanges(TypedDict, total=False):
    """Changes to a MemoState's fields (`_evolve`): each key a field, with its type."""

    cfg: BSConfig
    known: tuple[str | None, ...]
    taken: tuple[bool, ...]
    left: tuple[int, ...]
    phase: str
    seat: int
    turn: int
    pairs: tuple[int, ...]
    up: tuple[int, ...]
    pending: int | None
    flips: int
    termination: str | None


@dataclass(frozen=True)
class MemoState:
    cfg: BSConfig = field(repr=False, compare=False)
    known: tuple[str | None, ...]  # identity of each card once seen
    taken: tuple[bool, ...]  # pairs kept leave the grid
    left: tuple[int, ...]  # unseen cards per identity (MEMO_KINDS order)
    phase: str  # flip | shows | over
    seat: int
    turn: int
    pairs: tuple[int, ...]  # pairs kept per seat
    up: tuple[int, ...] = ()  # the cards face up in this flip pair
    pending: int | None = None
    flips: int = 0
    termination: str | None = None


square_name = GRID.name
NAMES = tuple(square_name(i) for i in range(GRID.size))
INDEX = {name: i for i, name in enumerate(NAMES)}  # GRID.parse of the plain names
_FLIP = tuple(Flip(name) for name in NAMES)  # made once: steps are values


def parse_square(text: str, cards: int) -> int | None:
    """A square of the grid that holds a card (a small game uses the first 2n squares)."""
    i = INDEX.get(text)
    if i is None:
        i = GRID.parse(text)
    return i if i is not None and i < cards else None


def initial_state(game, cfg: BSConfig):
    n = cfg.pairs
    cards = 2 * n
    state = MemoState(
        cfg,
        (None,) * cards,
        (False,) * cards,
        tuple(2 if i < n else 0 for i in range(len(MEMO_KINDS))),
        "flip",
        0,
        1,
        (0,) * len(cfg.seats),
    )
    return state, (
        event(
            "game-started",
            game=game.name,
            variant="memo",
            seats=len(cfg.seats),
            pairs=n,
            cards=cards,
        ),
    )


def actor(state: MemoState) -> int:
    if state.phase == "over":
        return TERMINAL
    return CHANCE if state.phase == "shows" else state.seat


def chance_outcomes(state: MemoState) -> list:
    if state.phase != "shows":
        return []
    name = NAMES[state.pending]
    return [(Shows(name, k), n) for k, n in zip(MEMO_KINDS, state.left, strict=True) if n]


def sample_chance(state: MemoState, rng) -> Shows:
    """The draw `rng.weighted(chance_outcomes(state))` makes, making only the step drawn."""
    if state.phase != "shows":
        return rng.weighted([])  # not a chance node: refused as ever
    kinds = [(k, n) for k, n in zip(MEMO_KINDS, state.left, strict=True) if n]
    return Shows(NAMES[state.pending], rng.weighted(kinds))


def legal_steps(state: MemoState) -> list:
    if state.phase != "flip":
        return []
    up, taken = state.up, state.taken
    return [_FLIP[i] for i in range(len(taken)) if not taken[i] and i not in up]


def apply(game, state: MemoState, step):
    if state.phase == "over":
        raise game.refuse(step, "all pairs are taken; the game is over", "BS14")
    if state.phase == "shows":
        name = NAMES[state.pending]
        if not isinstance(step, Shows) or step.square != name:
            raise game.refuse(
                step,
                f"the card on {name} is being turned over; what it shows "
                f"comes next ({name} is KIND)",
                "C2",
            )
        if step.kind not in MEMO_KINDS or state.left[MEMO_KINDS.index(step.kind)] == 0:
            raise game.refuse(step, _why_not(state, step.kind), "BS14")
        k = MEMO_KINDS.index(step.kind)
        left = state.left[:k] + (state.left[k] - 1,) + state.left[k + 1 :]
        known = _set(state.known, state.pending, step.kind)
        new = _evolve(state, known=known, left=left, phase="flip", pending=None)
        return _shown(new, state.pending, [])
    if not isinstance(step, Flip):
        raise game.refuse(step, "the memo game is played by flipping cards (flip SQ)", "BS14")
    sq = parse_square(step.square, len(state.known))
    if sq is None:
        last = square_name(len(state.known) - 1)
        raise game.refuse(step, f"{step.square} holds no card (this game lays a1-{last})", "BS14")
    if state.taken[sq]:
        raise game.refuse(step, f"the card on {step.square} was taken as part of a pair", "BS14")
    if sq in state.up:
        raise game.refuse(step, f"the card on {step.square} is already face up", "BS14")
    new = _evolve(state, flips=state.flips + 1)
    if state.known[sq] is None:
        return _evolve(new, phase="shows", pending=sq), ()
    # A card seen before shows what it showed then: no chance step (C2 draws only the unseen).
    return _shown(new, sq, [])


def _shown(state: MemoState, sq: int, events: list):
    events = list(events)
    # The events of every flip, written as event() makes them (fields in key order, lists as
    # tuples): test_fast_paths compares them with event().
    events.append(
        Event(
            "card-flipped",
            (("card", state.known[sq]), ("seat", state.seat + 1), ("square", NAMES[sq])),
        )
    )
    up = state.up + (sq,)
    if len(up) < 2:
        return _evolve(state, up=up), tuple(events)
    a, b = up
    if state.known[a] == state.known[b]:
        taken = _set(_set(state.taken, a, True), b, True)
        pairs = _set(state.pairs, state.seat, state.pairs[state.seat] + 1)
        events.append(
            Event(
                "pair-taken",
                (
                    ("card", state.known[a]),
                    ("pairs", pairs[state.seat]),
                    ("seat", state.seat + 1),
                    ("squares", (NAMES[a], NAMES[b])),
                ),
            )
        )
        new = _evolve(state, taken=taken, pairs=pairs, up=())
        if all(taken):
            best = max(pairs)
            events.append(
                event(
                    "game-ended",
                    result="over",
                    termination=DONE,
                    pairs=list(pairs),
                    winners=[i + 1 for i, p in enumerate(pairs) if p == best],
                )
            )
            return _evolve(new, phase="over", termination=DONE), tuple(events)
        return new, tuple(events)
    nxt = (state.seat + 1) % len(state.cfg.seats)
    events.append(
        Event(
            "cards-turned-back",
            (("next_seat", nxt + 1), ("seat", state.seat + 1), ("squares", (NAMES[a], NAMES[b]))),
        )
    )
    return _evolve(state, up=(), seat=nxt, turn=state.turn + 1), tuple(events)


def outcome(state: MemoState) -> Outcome | None:
    if state.termination is None:
        return None
    best = max(state.pairs)
    return Outcome(DONE, tuple(i for i, p in enumerate(state.pairs) if p == best), state.pairs)


def measures(state: MemoState) -> dict[str, int]:
    return {"turns": state.turn, "flips": state.flips}


def _why_not(state: MemoState, kind: str) -> str:
    n = state.cfg.pairs
    if kind not in MEMO_KINDS[:n]:
        return (
            f"{kind!r} is not a card of this memo game ({n} pair(s): "
            f"{', '.join(MEMO_KINDS[: min(n, 4)])}{', ...' if n > 4 else ''})"
        )
    return f"both {kind} cards have already turned up"


def _evolve(state: MemoState, **changes: Unpack[MemoChanges]) -> MemoState:
    """`dataclasses.replace(state, **changes)`, made the fast way (core.values.evolve)."""
    return evolve(state, changes)


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]
