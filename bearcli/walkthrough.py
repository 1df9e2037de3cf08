"""A replayed record as a list of frames, one per position: what `replay --svg` and `--html`
and `check --html` draw (no terminal here).

Frame 0 is the set-up; frame n the position after move n, with the move's text, where it
stands in the record, the sentences of its events and the status line. A record refused at
a step ends on a frame of that step: the position before it, the error, the ruling's text
and what was legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from bearcli.core import abilities
from bearcli.core.errors import BearError
from bearcli.formats import movelog


@dataclass(frozen=True)
class Frame:
    n: int  # the move that led here (0: the set-up)
    move: str  # its notation as the record writes it ("" for the set-up)
    where: str  # FILE:LINE:COL of the move ("" for the set-up)
    sentences: tuple[str, ...]  # its events, told (narrate.py)
    status: str  # the narrator's status line after it
    svg: str  # the picture


@dataclass(frozen=True)
class Refusal:
    """Where and why the record stops: the error line, its ruling and what was legal."""

    move: int  # the refused move's number (the last move's when the stated result differs)
    headline: str  # FILE:LINE:COL: error: message [ruling]
    ruling: str  # the ruling's id and text ("" when the error names none)
    legal: str  # the legal options at the position before it ("" when not known)


@dataclass(frozen=True)
class Walk:
    title: str
    record: str  # the record's name as shown
    game: str
    frames: tuple[Frame, ...]
    result: str  # the outcome in words, or "unfinished"
    accepted: int  # the moves replayed (a refused step's frame is not one)
    refusal: Refusal | None = None


def walk(log: movelog.MoveLog, *, upto: int | None = None, show_memory: bool = False) -> Walk:
    """Every position of the record (to move `upto`), drawn; a refused step ends it."""
    game = log.scenario.game
    cfg = log.scenario.config
    seen: list[tuple[int, object, int]] = []  # (move, state, events so far)
    played = []  # the match, kept: after a refusal it still holds every accepted move

    def keep(n: int, match) -> None:
        if not played:
            played.append(match)
        seen.append((n, match.state, len(match.events)))

    refusal = None
    match = None
    try:
        match = movelog.replay(log, upto, seen=keep)
    except BearError as exc:
        refused = len(seen) if len(seen) <= len(log.moves) else len(seen) - 1  # the result's
        refusal = _refusal(exc, refused)
    narrator = game.narrator(cfg)
    told = [narrator.tell(e) for e in played[0].event_dicts()] if played else []
    draw = partial(abilities.picture, game)
    frames = []
    start = 0
    for n, state, count in seen:
        move, where = ("", "") if n == 0 else log.moves[n - 1]
        caption = f"{log.scenario.title}: " + ("the set-up" if n == 0 else f"after move {n}")
        frames.append(
            Frame(
                n,
                move,
                str(where) if where else "",
                tuple(told[start:count]),
                narrator.status(state),
                draw(state, caption, show_memory=show_memory),
            )
        )
        start = count
    if refusal is not None and refusal.move == len(seen):  # a step, not the result, refused
        move, where = log.moves[refusal.move - 1]
        before = frames[-1]
        status = "refused: " + refusal.headline.split(": error: ", 1)[-1]
        frames.append(Frame(refusal.move, move, str(where), (), status, before.svg))
    result = "unfinished"
    if match is not None and match.outcome is not None:
        outcome = match.outcome
        result = outcome.termination
        if outcome.winners:
            result += ", winners " + ", ".join(cfg.who(w) for w in outcome.winners)
    accepted = len(seen) - 1
    return Walk(log.scenario.title, log.file, game.name, tuple(frames), result, accepted, refusal)


def _refusal(exc: BearError, kept: int) -> Refusal:
    from bearcli.formats import rulings

    text = ""
    if exc.ruling:
        try:
            found = rulings.get(exc.ruling)
            text = f"{found.id} {found.title}: {found.text}"
        except BearError:
            text = exc.ruling
    legal = next((d.removeprefix("legal: ") for d in exc.details if d.startswith("legal: ")), "")
    return Refusal(kept, exc.headline(), text, legal)


def step_pictures(log: movelog.MoveLog, step: int, *, show_memory: bool = False):
    """(caption, svg) of the positions before and after move `step` (check --html)."""
    game = log.scenario.game
    draw = partial(abilities.picture, game)
    out = []
    for n, when in ((step - 1, "before"), (step, "after")):
        state = movelog.replay(log, n).state
        caption = f"{when} move {step} '{log.moves[step - 1][0]}'"
        out.append(
            (caption, draw(state, f"{log.scenario.title}: {caption}", show_memory=show_memory))
        )
    return out
