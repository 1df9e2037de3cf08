"""The common slips of a hand transcription, named for what they are (P-C8).

A record written while watching a table game most often forgets a roll (or a card turned
up, an escort throw): the next line is then a decision where the rules expect chance. The
replay says the chance step is missing, whose it is and how it is written, whether or not
the decision names its seat. Also named: a step after the game ended, and a chance step with
a die (a face) too many or too few. A step for the wrong seat is P-C6 (seats.py).
"""

from __future__ import annotations

from bearcli.core.errors import BearError, IllegalStep, MalformedStep
from bearcli.core.game import CHANCE, TERMINAL

CHANCE_RULING = "C2"  # chance is data: every roll and every card turned up is a step
# What a chance step is called, by the type of its outcomes (the games' notation classes).
NOUNS = {"Roll": "roll", "Rerolled": "re-rolled die", "Shows": "card turned up", "Throw": "throw"}
DICE = ("roll", "throw")  # the chance steps written as one face per die


def _outcomes(game, state) -> list:
    return [s for s, _ in game.chance_outcomes(state)] if game.actor(state) == CHANCE else []


def chance_noun(game, state) -> str:
    outcomes = _outcomes(game, state)
    return NOUNS.get(type(outcomes[0]).__name__, "chance step") if outcomes else "chance step"


def chance_owner(game, state) -> str:
    """Whose the chance step is, from the seat its events name: `Tom's` (or `seat 2's`), else
    `the table's` (an escort throw is everyone's)."""
    outcomes = _outcomes(game, state)
    if outcomes:
        _, events = game.apply(state, outcomes[0])
        for e in events:
            seat = e.to_dict().get("seat")
            if isinstance(seat, int) and 1 <= seat <= len(state.cfg.seats):
                return f"{state.cfg.who(seat - 1)}'s"
    return "the table's"


def is_chance_kind(game, state, step) -> bool:
    """Whether `step` is of the kind of the chance step expected here (a roll where a roll is
    due, even a wrong one), rather than a decision."""
    kinds = {type(s) for s in _outcomes(game, state)}
    return type(step) in kinds


def missing_chance(game, state, text: str, step) -> IllegalStep:
    """A decision where the rules expect a chance step: the chance step is missing."""
    noun = chance_noun(game, state)
    ruling = CHANCE_RULING
    try:
        game.apply(state, step)
    except IllegalStep as refused:  # the game's own ruling on what comes first (SB3, BD11, ...)
        ruling = refused.ruling or ruling
    except BearError:
        pass
    example = str(_outcomes(game, state)[0])
    return IllegalStep(
        text,
        f"{chance_owner(game, state)} {noun} is missing before this step: write it on its own "
        f"line first, with no seat, as `{game.chance_pattern(state)}` (e.g. `{example}`)",
        ruling=ruling,
    )


def wrong_size(game, state, text: str, ruling: str) -> BearError | None:
    """A chance step of the expected kind naming more (or fewer) faces than there are dice:
    a die too many (or too few); None when the word count is not the slip."""
    outcomes = _outcomes(game, state)
    words = text.split()
    if not outcomes or not words:
        return None
    first = str(outcomes[0]).split()
    noun = chance_noun(game, state)
    if noun not in DICE or words[0].casefold() != first[0].casefold():
        return None
    if len(words) == len(first):
        return None
    many = "too many" if len(words) > len(first) else "too few"
    return IllegalStep(
        text,
        f"a die {many}: this {noun} has {len(first) - 1} dice, one face each, and the step "
        f"names {len(words) - 1} faces; it is written `{game.chance_pattern(state)}`",
        ruling=ruling,
    )


def after_end(game, state, text: str, ended_at: int, refused: BearError) -> BearError:
    """A step after the game ended: when it ended and how, with the game's ruling."""
    outcome = game.outcome(state)
    how = f" ({outcome.termination})" if outcome is not None else ""
    return IllegalStep(
        text,
        f"the game already ended at move {ended_at}{how}; nothing may follow its last step "
        "(is this line from another game, or an earlier step wrong?)",
        ruling=refused.ruling,
    )


def explain(game, state, text: str, exc: BearError, n: int) -> BearError:
    """The error of move `n` (`text`, refused with `exc` at `state`) as the slip it is, when
    it is one of the common ones; else `exc` itself."""
    actor = game.actor(state)
    if actor == TERMINAL:
        return after_end(game, state, text, n - 1, exc)
    if actor != CHANCE:
        return exc
    if isinstance(exc, (MalformedStep, IllegalStep)):
        sized = wrong_size(game, state, text, getattr(exc, "ruling", None) or CHANCE_RULING)
        if sized is not None:
            return sized
    if isinstance(exc, MalformedStep):
        return exc
    try:
        from bearcli.formats import seats

        step, _ = seats.read(game, text)
    except BearError:
        return exc
    if is_chance_kind(game, state, step):
        return exc
    return missing_chance(game, state, text, step)
