"""Seats named in a record (P-C6, P-C7): `seat2 STEP` in every game, checked against the turn.

A hand transcription that names the seat of every decision cannot silently swap two seats'
moves: `seat1 blue3` when it is seat 2's turn is refused at its line. A step written without
its seat and refused is explained when it would have been legal for another seat (two moves
written in the wrong order). Games whose notation has its own seat form (Bear Down!'s
`seat2 blue3`) parse it themselves; for the others the claim is read here and the step
applied without it, so the step, the event log and the printed record stay as they were.
"""

from __future__ import annotations

import dataclasses
import re

from bearcli.core.errors import BearError, IllegalStep, MalformedStep

RULING = "P-C6"  # whose turn it is, and a seat named in a record
STRICT_RULING = "P-C7"  # validate --strict-seats
_CLAIM = re.compile(r"\s*seat\s*([1-9])\s+(\S.*)", re.IGNORECASE | re.DOTALL)


def read(game, text: str):
    """(step, claimed seat 0-based or None). MalformedStep when the text is not notation."""
    m = _CLAIM.fullmatch(text)
    try:
        step = game.parse_step(text)
    except MalformedStep:
        if m is None:
            raise
        step = game.parse_step(m[2])
    native = getattr(step, "seat", None)  # the game's own seat form
    if native is not None:
        return step, native - 1
    return step, (int(m[1]) - 1 if m else None)


def bare(step):
    """The step without a seat of the game's own seat form (what legal_steps lists)."""
    if dataclasses.is_dataclass(step) and getattr(step, "seat", None) is not None:
        return dataclasses.replace(step, seat=None)
    return step


def _suits(game, state, step, seat: int) -> bool:
    shown = str(bare(step))
    return any(str(s) == shown for s in game.legal_for(state, seat))


def check_claim(game, state, text: str, step, claimed: int | None) -> None:
    """Refuse a named seat that is not the seat whose turn it is (P-C6)."""
    if claimed is None:
        return
    seats = len(state.cfg.seats)
    if claimed >= seats:
        raise IllegalStep(
            text, f"there is no seat {claimed + 1}: this game has {seats} seat(s)", ruling=RULING
        )
    who = state.cfg.who
    actor = game.actor(state)
    if actor == -1:  # CHANCE
        raise IllegalStep(
            text, "a chance step names no seat: write it without 'seatN'", ruling=RULING
        )
    if actor < 0 or claimed == actor:
        return  # after the end the game itself refuses every step
    hint = ""
    if _suits(game, state, step, actor):
        hint = f"; {bare(step)} is legal for {who(actor)} (seat{actor + 1} {bare(step)})"
    raise IllegalStep(text, f"it is {who(actor)}'s turn, not {who(claimed)}'s{hint}", ruling=RULING)


def explain(game, state, step, claimed: int | None, refused: IllegalStep) -> IllegalStep:
    """A refused step written without its seat that another seat could make: say whose turn it
    is (the likely slip is two seats' steps in the wrong order); else the refusal as it was."""
    actor = game.actor(state)
    if claimed is not None or actor < 0:
        return refused
    others = [k for k in range(len(state.cfg.seats)) if k != actor]
    fits = [k for k in others if _suits(game, state, step, k)]
    if not fits:
        return refused
    why = refused.message.split(": ", 1)[-1]
    ruled = f" [{refused.ruling}]" if refused.ruling else ""
    who = state.cfg.who
    names = ", ".join(who(k) for k in fits)
    return IllegalStep(
        refused.text,
        f"it is {who(actor)}'s turn and for {who(actor)} {why}{ruled}; it would be "
        f"legal for {names}: are two seats' steps in the wrong order? (name the seat: "
        f"seat{fits[0] + 1} {bare(step)})",
        ruling=RULING,
    )


def unnamed(game, state, text: str, claimed: int | None) -> BearError | None:
    """--strict-seats (P-C7): a decision written without its seat, as an error; else None."""
    actor = game.actor(state)
    if claimed is not None or actor < 0:
        return None
    return BearError(
        f"step {text.strip()!r} names no seat; a strict transcription names the seat of every "
        f"decision: seat{actor + 1} {text.strip()}",
        ruling=STRICT_RULING,
    )
