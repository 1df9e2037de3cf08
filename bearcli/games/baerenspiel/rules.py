"""Baerenspiel rules, forest and twin game (BS1-BS13); the memo game (BS14) is in memo.py.

The readable source of these rules (and memo.py's) is `reference.py` (and `reference_bots.py`
for the bots): the rulebook as plain code. A rule changes there first, then here; the
equality tests, tests/games/baerenspiel/test_fast_paths.py, show where the two part.

One registered game; the scenario's `variant` picks the rules. States are immutable and
`apply` is a pure function of (state, step). Card identities and die faces are chance steps
(RULINGS C2): a card's identity is drawn when it turns up, from its back colour's pile.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import repeat
from typing import TypedDict, Unpack, cast

from bearcli.core.abilities import DrawnBeside
from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Game, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.source import Source
from bearcli.core.values import evolve
from bearcli.games.baerenspiel import forest, memo, notation, params
from bearcli.games.baerenspiel.forest import DOWN, NAMES, index_of, square_name
from bearcli.games.baerenspiel.memo import MemoState
from bearcli.games.baerenspiel.narrate import BaerenspielNarrator
from bearcli.games.baerenspiel.notation import (
    FACES,
    FOREST_KINDS,
    Chain,
    Cover,
    Decline,
    End,
    Escort,
    Flip,
    Reroll,
    Rerolled,
    Roll,
    Search,
    Shows,
    Throw,
)
from bearcli.games.baerenspiel.params import BSConfig

STEPS = {"bear": 4, "paw": 2, "tree": 1}  # escort steps per throw (BS9)
WON, TRAPPED, NO_ROUTE, FAILED = "bear-escorted", "trapped", "no-route", "escort-failed"
CHANCE_PHASES = frozenset({"roll", "reroll", "shows", "throw"})
_HANDLERS = {  # what apply does in each phase (a method name of Baerenspiel)
    "roll": "_roll",
    "reroll": "_rerolled",
    "shows": "_shows",
    "throw": "_throw",
    "choose": "_escort",
    "act": "_act",
}


class Changes(TypedDict, total=False):
    """Changes to a State's fields (`_evolve`): each key a field, with its type."""

    cfg: BSConfig
    cells: tuple[str, ...]
    left: tuple[tuple[int, ...], tuple[int, ...]]
    phase: str
    seat: int
    turn: int
    reach: forest.Reach
    dice: tuple[str, ...]
    searches: int
    rerolls: tuple[int, ...]
    chain: int | None
    pending: int | None
    via: str
    free: bool
    granted: bool
    bears: tuple[int, ...]
    need: tuple[int, ...]
    throws: int
    waiting: int
    reveals: int
    termination: str | None


@dataclass(frozen=True)
class State:
    # The config travels with the state (shared, never copied): apply needs nothing else.
    cfg: BSConfig = field(repr=False, compare=False)
    cells: tuple[str, ...]  # see forest.py
    left: tuple[tuple[int, ...], tuple[int, ...]]  # unseen cards (dark, light), FOREST_KINDS order
    phase: str  # roll | reroll | shows | act | throw | choose | over
    seat: int
    turn: int  # turns begun
    # What the cells imply (the edge, the cards open to a search, ...), kept up to date on
    # each reveal and cover rather than rescanned at every step; always forest.scan(cells).
    reach: forest.Reach = field(repr=False, compare=False)
    dice: tuple[str, ...] = ()  # faces of this turn's dice (empty on a BS10 turn)
    searches: int = 0  # searches still to spend (BS4)
    rerolls: tuple[int, ...] = ()  # dice (1-based) whose paw may still be re-rolled
    chain: int | None = None  # the path whose free neighbour reveal is open (BS6)
    pending: int | None = None  # square being turned over, or die being re-rolled
    via: str = ""  # how the pending card is turned: search | chain
    free: bool = False  # this round is BS10's one-search round
    granted: bool = False  # some turn of this round was granted a search (BS10)
    bears: tuple[int, ...] = ()  # squares where little bears were found
    need: tuple[int, ...] = ()  # escort steps each bear still needs (0: out), BS9
    throws: int = 0  # escort throws left
    waiting: int = 0  # steps of a twin-game throw waiting for its bear (BS13)
    reveals: int = 0
    termination: str | None = None


class Baerenspiel(DrawnBeside, Game[BSConfig, State | MemoState]):
    name = "baerenspiel"
    drawings = "bearcli.games.baerenspiel"  # Pictures: its render.py and svg.py
    shows_memory = False  # a real table shows a face-down card as face down
    rules_version = 1
    title = "Bärenspiel"
    min_seats, max_seats = 1, 6  # BS12
    cooperative = True
    seats_ruling = "BS12"
    scenario_keys = frozenset({"variant", "params", "deal", "open"})

    @property
    def bots(self):  # imported late: bots depend on these rules
        from bearcli.games.baerenspiel import bots

        return bots.BOTS

    def is_cooperative(self, config: BSConfig) -> bool:
        return config.variant != "memo"  # the memo game counts pairs per seat (BS14)

    # -- set-up ---------------------------------------------------------------------
    def configure(self, source: Source, seats: tuple[Seat, ...]) -> BSConfig:
        return params.configure(source, seats)

    def config_dict(self, config: BSConfig) -> dict:
        if config.variant == "memo":
            return {"variant": "memo", "pairs": config.pairs}
        return {
            "variant": config.variant,
            "dark": list(config.dark),
            "light": list(config.light),
            "die": list(config.die),
            "removed": config.removed,
            "deal": [[square_name(s), k] for s, k in config.deal],
            "open": [[square_name(s), k] for s, k in config.open],
        }

    def initial_state(self, config: BSConfig):
        if config.variant == "memo":
            return memo.initial_state(self, config)
        cells, left, reach = _opening(config.open, config.dark, config.light)
        state = State(config, cells=cells, left=left, phase="roll", seat=0, turn=1, reach=reach)
        events = [
            event(
                "game-started",
                game=self.name,
                variant=config.variant,
                seats=len(config.seats),
                dark=list(config.dark),
                light=list(config.light),
                open=len(config.open),
                dealt=len(config.deal),
            )
        ]
        if state.reach.trapped():
            return self._over(state, events, TRAPPED)
        events.append(event("turn-started", seat=1, turn=1, free=False))
        return state, tuple(events)

    # -- play -----------------------------------------------------------------------
    def actor(self, state) -> int:
        # memo.actor says the same of the memo game's phases (flip, shows, over).
        phase = state.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == "over" else state.seat

    def chance_outcomes(self, state) -> list:
        if isinstance(state, MemoState):
            return memo.chance_outcomes(state)
        phase = state.phase
        if phase == "shows":
            sq = state.pending
            return [(Shows(NAMES[sq], k), w) for k, w in identity_weights(state, sq)]
        if phase in ("roll", "reroll", "throw"):
            return list(_dice(state)[0])
        return []

    def sample_chance(self, state, rng):
        """The draw `rng.weighted(chance_outcomes(state))` makes (one `below(total)`, the
        first outcome whose running weight passes it), from tables made once per die."""
        if isinstance(state, MemoState):
            return memo.sample_chance(state, rng)
        if state.phase == "shows":
            sq = state.pending
            return _shows_step(sq, rng.weighted(identity_weights(state, sq)))
        if state.phase not in ("roll", "reroll", "throw"):
            return super().sample_chance(state, rng)  # not a chance node: refused as ever
        outcomes, running = _dice(state)
        return outcomes[bisect_right(running, rng.below(running[-1]))][0]  # as rng.weighted

    def legal_steps(self, state) -> list:
        if isinstance(state, MemoState):
            return memo.legal_steps(state)
        if state.phase == "choose":
            return [Escort(NAMES[b]) for b, n in zip(state.bears, state.need, strict=True) if n > 0]
        if state.phase != "act":
            return []
        # Re-roll a paw (BS4), the free reveal next to the path just turned or its refusal
        # (BS6), a search of a face-down card on the edge or next to a path (BS5), covering an
        # obstacle with an edge path (BS7), the end of the turn; in square order.
        steps: list = [Reroll(d) for d in state.rerolls]
        chained = forest.chain_targets(state.cells, state.chain)
        if state.chain is not None:
            steps += [_CHAIN[i] for i in chained]
            steps.append(_DECLINE)
        if state.searches:
            reach = state.reach  # the frontier: forest.reveal_targets, kept
            targets = sorted(reach.frontier)
            if chained:
                targets = [i for i in targets if i not in chained]
            steps += map(_SEARCH.__getitem__, targets)
            if reach.obstacles and reach.takeable:
                paths = sorted(reach.takeable)
                for o in sorted(reach.obstacles):
                    steps += map(_cover, repeat(o), paths)
        steps.append(_END)
        return steps

    def apply(self, state, step):
        if isinstance(state, MemoState):
            return memo.apply(self, state, step)
        if state.phase == "over":
            ruling = "BS11" if state.termination == TRAPPED else "BS9"
            raise self.refuse(step, f"the game is over ({state.termination})", ruling)
        if isinstance(step, Flip):
            raise self.refuse(step, "cards are flipped in pairs only in the memo game", "BS14")
        return getattr(self, _HANDLERS[state.phase])(state, step)

    def outcome(self, state) -> Outcome | None:
        if isinstance(state, MemoState):
            return memo.outcome(state)
        if state.termination is None:
            return None
        winners = tuple(range(len(state.cfg.seats))) if state.termination == WON else ()
        return Outcome(state.termination, winners)

    def parse_step(self, text: str):
        return notation.parse(text)

    def measures(self, state) -> dict[str, int]:
        if isinstance(state, MemoState):
            return memo.measures(state)
        n = len(state.cfg.seats)
        return {"turns": state.turn, "rounds": (state.turn + n - 1) // n, "reveals": state.reveals}

    def narrator(self, config: BSConfig) -> BaerenspielNarrator:
        return BaerenspielNarrator(config)

    def transcript_kinds(self, config) -> tuple[tuple[str, str, str], ...]:
        from bearcli.games.baerenspiel.notation import transcript_kinds

        return transcript_kinds(config.variant)

    # -- abilities (bearcli/core/abilities.py): Pictures through DrawnBeside ---------
    def describe(self, state) -> str:
        from bearcli.games.baerenspiel.board import text_board

        return text_board(state)

    # -- chance -----------------------------------------------------------------------
    def _roll(self, state: State, step):
        if not isinstance(step, Roll):
            raise self.refuse(
                step, f"{state.cfg.who(state.seat)} rolls the three dice first (roll F F F)", "BS4"
            )
        faces, die = step.faces, state.cfg.die
        for face in faces:
            if face not in die:
                self._check_face(step, face, state)
        grants = _search_faces(state)
        searches = sum([f in grants for f in faces])
        rerolls = (
            tuple([i + 1 for i, f in enumerate(faces) if f == "paw"]) if "paw" in faces else ()
        )
        new = _evolve(
            state,
            phase="act",
            dice=faces,
            searches=searches,
            rerolls=rerolls,
            granted=state.granted or searches > 0,
        )
        events = [
            _event(
                "dice-rolled",
                ("faces", tuple(faces)),
                ("rerolls", rerolls),
                ("searches", searches),
                ("seat", state.seat + 1),
                ("turn", state.turn),
            )
        ]
        return self._settle(new, events)

    def _rerolled(self, state: State, step):
        if not isinstance(step, Rerolled) or step.die != state.pending:
            raise self.refuse(
                step,
                f"die {state.pending} is being re-rolled: its new face comes "
                f"next (rerolled {state.pending} F)",
                "BS4",
            )
        self._check_face(step, step.face, state)
        gain = 1 if step.face in _search_faces(state) else 0
        rerolls = tuple(sorted(state.rerolls + ((step.die,) if step.face == "paw" else ())))
        dice = tuple(step.face if i + 1 == step.die else f for i, f in enumerate(state.dice))
        new = _evolve(
            state,
            phase="act",
            dice=dice,
            searches=state.searches + gain,
            rerolls=rerolls,
            pending=None,
            granted=state.granted or gain > 0,
        )
        events = [
            _event(
                "die-rerolled",
                ("die", step.die),
                ("face", step.face),
                ("searches", new.searches),
                ("seat", state.seat + 1),
            )
        ]
        return self._settle(new, events)

    def _check_face(self, step, face: str, state: State) -> None:
        if face not in state.cfg.die:  # BS3
            raise self.refuse(
                step, f"{face!r} is not a face of the die ({', '.join(state.cfg.die)})", "BS3"
            )

    def _shows(self, state: State, step):
        sq = state.pending
        if not isinstance(step, Shows) or index_of(step.square) != sq:
            raise self.refuse(
                step,
                f"the card on {square_name(sq)} is being turned over; what "
                f"it shows comes next ({square_name(sq)} is KIND)",
                "C2",
            )
        self._check_identity(state, sq, step)
        k = FOREST_KINDS.index(step.kind)
        pile = 0 if sq in forest.DARK else 1  # the card's back (BS1)
        left = list(state.left)
        left[pile] = left[pile][:k] + (left[pile][k] - 1,) + left[pile][k + 1 :]
        cells = _set(state.cells, sq, step.kind)
        new = _evolve(
            state,
            cells=cells,
            reach=state.reach.turned(cells, sq, step.kind),
            left=(left[0], left[1]),
            phase="act",
            pending=None,
            reveals=state.reveals + 1,
            chain=sq if step.kind == "path" else None,
        )
        events = [
            _event(
                "card-turned",
                ("back", "dark" if pile == 0 else "light"),
                ("by", state.via),
                ("card", step.kind),
                ("seat", state.seat + 1),
                ("square", step.square),
            )
        ]
        if step.kind == "bear":
            new = _evolve(new, bears=new.bears + (cast(int, sq),))  # pending: a square
            wanted = 2 if state.cfg.variant == "twin" else 1
            events.append(event("bear-found", square=step.square, found=len(new.bears), of=wanted))
            if len(new.bears) == wanted:
                return self._start_escort(new, events)
        return self._settle(new, events)

    def _check_identity(self, state: State, sq: int, step: Shows) -> None:
        """What the deck can hold (BS2, BS13) and what the scenario dealt (P-BS5)."""
        if step.kind not in FOREST_KINDS:
            raise self.refuse(
                step,
                f"{step.kind!r} is a memo card; in the forest only the kind "
                f"counts ({', '.join(FOREST_KINDS)})",
                "BS2",
            )
        dealt = _dealt(state.cfg.deal)
        if sq in dealt and dealt[sq] != step.kind:
            raise self.refuse(step, f"the scenario dealt {dealt[sq]} to {step.square}", "P-BS5")
        if step.kind in {k for k, w in identity_weights(state, sq) if w > 0}:
            return
        pile = 0 if forest.back_of(sq) == "D" else 1
        colour = ("dark", "light")[pile]
        k = FOREST_KINDS.index(step.kind)
        total = (state.cfg.dark, state.cfg.light)[pile][k]
        if state.left[pile][k] == 0:
            seen = "" if total == 0 else ", all already face up"
            raise self.refuse(
                step, f"the {colour} pile holds {total} {step.kind} card(s){seen}", "BS2"
            )
        if step.kind != "bear" and state.cfg.spare and pile == 1:
            raise self.refuse(
                step,
                "the last face-down light card must be the little bear: the "
                "card removed from the game was another one",
                "BS13",
            )
        raise self.refuse(
            step,
            f"the remaining {step.kind} card(s) of the {colour} pile are "
            "dealt to other squares by the scenario",
            "P-BS5",
        )

    def _throw(self, state: State, step):
        if isinstance(step, (Roll, Reroll, Rerolled, Search, Chain, Decline, Cover, End)):
            raise self.refuse(
                step,
                "the little bear is found: the search is over and the "
                "escort throws come next (throw F)",
                "BS8",
            )
        if not isinstance(step, Throw):
            raise self.refuse(step, "the escort throws one die (throw F)", "BS9")
        self._check_face(step, step.face, state)
        steps = STEPS[step.face]
        new = _evolve(state, throws=state.throws - 1)
        events = [event("escort-thrown", face=step.face, steps=steps, throws_left=new.throws)]
        live = [i for i, n in enumerate(state.need) if n > 0]
        if len(live) > 1:
            return _evolve(new, phase="choose", waiting=steps), tuple(events)
        return self._move_bear(new, events, live[0], steps)

    def _escort(self, state: State, step):
        if not isinstance(step, Escort):
            raise self.refuse(step, "choose which bear this throw moves (escort SQ)", "BS13")
        sq = index_of(step.square)
        live = [i for i, n in enumerate(state.need) if n > 0 and state.bears[i] == sq]
        if not live:
            found = ", ".join(
                square_name(b) for b, n in zip(state.bears, state.need, strict=True) if n > 0
            )
            raise self.refuse(
                step,
                f"no little bear found on {step.square} is still in the forest (choose: {found})",
                "BS9",
            )
        return self._move_bear(_evolve(state, waiting=0), [], live[0], state.waiting)

    def _move_bear(self, state: State, events: list, i: int, steps: int):
        need = list(state.need)
        need[i] = max(0, need[i] - steps)  # steps beyond leaving are lost (BS9)
        new = _evolve(state, need=tuple(need), phase="throw")
        events = list(events)
        events.append(
            event(
                "bear-escorted",
                square=NAMES[state.bears[i]],
                steps=steps,
                steps_left=need[i],
                out=need[i] == 0,
            )
        )
        if all(n == 0 for n in need):
            return self._over(new, events, WON)
        if new.throws == 0:
            return self._over(new, events, FAILED)
        return new, tuple(events)

    # -- a seat's decisions ---------------------------------------------------------
    def _act(self, state: State, step):
        if isinstance(step, Search):
            return self._search(state, step)
        if isinstance(step, Reroll):
            if step.die not in state.rerolls:
                shown = state.dice[step.die - 1] if step.die <= len(state.dice) else "nothing"
                raise self.refuse(
                    step,
                    f"only a paw not yet re-rolled may be rolled again; die "
                    f"{step.die} shows {shown}",
                    "BS4",
                )
            rerolls = tuple(d for d in state.rerolls if d != step.die)
            return _evolve(state, phase="reroll", pending=step.die, rerolls=rerolls), ()
        if isinstance(step, Chain):
            return self._chain(state, step)
        if isinstance(step, Decline):
            if state.chain is None:
                raise self.refuse(step, "there is no free chain reveal to decline", "BS6")
            new = _evolve(state, chain=None)
            return self._settle(
                new,
                [
                    _event(
                        "chain-declined", ("seat", state.seat + 1), ("square", NAMES[state.chain])
                    )
                ],
            )
        if isinstance(step, Cover):
            return self._cover(state, step)
        if isinstance(step, End):
            return self._end_turn(state, [])
        if isinstance(step, (Roll, Rerolled, Throw)):
            raise self.refuse(
                step,
                "the dice of this turn are rolled; use them, re-roll a paw "
                "(reroll N) or end the turn",
                "BS4",
            )
        if isinstance(step, Shows):
            raise self.refuse(step, "no card is being turned over (search or chain first)", "C2")
        if isinstance(step, Escort):
            raise self.refuse(step, "the escort begins once the little bear is found", "BS8")
        raise self.refuse(step, "not a step of the forest game", "BS4")

    def _chain(self, state: State, step: Chain):
        if state.chain is None:
            raise self.refuse(
                step, "a free reveal follows only a path just turned over or laid", "BS6"
            )
        sq = index_of(step.square)
        if sq not in forest.chain_targets(state.cells, state.chain):
            raise self.refuse(
                step,
                f"{step.square} is not a face-down card next to the path on "
                f"{square_name(state.chain)}",
                "BS6",
            )
        return _evolve(state, phase="shows", pending=sq, via="chain", chain=None), ()

    def _search(self, state: State, step: Search):
        if state.searches == 0:
            raise self.refuse(step, "no search is left this turn (each bear grants one)", "BS4")
        sq = index_of(step.square)
        if sq is None:
            raise self.refuse(step, f"{step.square} is not a square of the forest (a1-i9)", "BS1")
        if state.cells[sq] not in DOWN:
            raise self.refuse(
                step, f"the card on {step.square} is already {_shown(state.cells[sq])}", "BS5"
            )
        # P-BS2: a search may turn the card the open chain would turn for free (BS5 allows
        # it; it only wastes the search), so a table game that did it replays. legal_steps
        # leaves it out: the bots never throw a search away.
        if sq not in state.reach.frontier:  # a face-down card: on_edge or next_to_path
            raise self.refuse(
                step, f"{step.square} is neither on the edge nor next to a face-up path", "BS5"
            )
        return _evolve(
            state, phase="shows", pending=sq, via="search", chain=None, searches=state.searches - 1
        ), ()

    def _cover(self, state: State, step: Cover):
        if state.searches == 0:
            raise self.refuse(step, "covering an obstacle costs a search; none is left", "BS4")
        ob, pa = index_of(step.obstacle), index_of(step.path)
        cells = state.cells
        if ob is None or cells[ob] != "obstacle":
            what = _shown(cells[ob]) if ob is not None else "off the forest"
            raise self.refuse(
                step, f"a path is laid on a face-up obstacle; {step.obstacle} is {what}", "BS7"
            )
        if pa is None or cells[pa] not in forest.PATHS:
            what = _shown(cells[pa]) if pa is not None else "off the forest"
            raise self.refuse(
                step, f"the card taken must be a face-up path card; {step.path} is {what}", "BS7"
            )
        if pa not in state.reach.edge:
            raise self.refuse(
                step, f"the path on {step.path} is not on the edge of the forest", "BS7"
            )
        fields = (("path", step.path), ("seat", state.seat + 1), ("square", step.obstacle))
        if cells[pa] == "cover":
            # P-BS6: a path laid on an obstacle may be taken again (BS7's letter allows it);
            # the obstacle under it is face up once more, and no hole is made. legal_steps
            # leaves it out (the bots never make this pointless move); the rare step rescans.
            cells = _set(_set(cells, pa, "obstacle"), ob, "cover")
            reach = forest.scan(cells)
            fields = (*fields, ("uncovered", True))  # a field only this case has
        else:
            cells = _set(_set(cells, pa, "hole"), ob, "cover")
            reach = state.reach.covered(cells, ob, pa)
        new = _evolve(state, cells=cells, reach=reach, searches=state.searches - 1, chain=ob)
        events = [_event("obstacle-covered", *fields)]
        return self._settle(new, events)

    # -- what follows by itself -------------------------------------------------------
    def _settle(self, state: State, events: list):
        """The loss by BS11, a chain with nowhere to go, the end of a turn with nothing left.

        `events` (a fresh list, the step's events so far) is added to and returned as a tuple.
        """
        if state.reach.trapped():
            return self._over(state, events, TRAPPED)
        chain = state.chain
        if chain is not None and not forest.chain_targets(state.cells, chain):
            state = _evolve(state, chain=None)
        if (
            state.phase == "act"
            and not state.searches
            and not state.rerolls
            and state.chain is None
        ):
            return self._end_turn(state, events)
        return state, tuple(events)

    def _end_turn(self, state: State, events: list):
        events.append(
            _event(
                "turn-ended",
                ("seat", state.seat + 1),
                ("turn", state.turn),
                ("unused_rerolls", len(state.rerolls)),
                ("unused_searches", state.searches),
            )
        )
        n = len(state.cfg.seats)
        seat = (state.seat + 1) % n
        granted, free = state.granted, False
        if seat == 0:  # a round is over (BS10)
            free = not granted
            granted = False
            if free:
                events.append(event("trees-only-round", round=state.turn // n))
        free = free if seat == 0 else state.free
        new = _evolve(
            state,
            seat=seat,
            turn=state.turn + 1,
            dice=(),
            searches=1 if free else 0,  # BS10: one search, no dice
            rerolls=(),
            chain=None,
            pending=None,
            via="",
            free=free,
            granted=True if free else granted,
            phase="act" if free else "roll",
        )
        events.append(
            _event("turn-started", ("free", new.free), ("seat", seat + 1), ("turn", new.turn))
        )
        return new, tuple(events)

    def _start_escort(self, state: State, events: list):
        """BS8: the rest of the turn lapses. BS9: each bear needs its route length + 1 steps."""
        events = list(events)
        routes = [forest.route_length(state.cells, b) for b in state.bears]
        new = _evolve(
            state,
            searches=0,
            rerolls=(),
            chain=None,
            phase="throw",
            throws=5 if state.cfg.variant == "twin" else 4,
        )
        events.append(
            event(
                "escort-started",
                bears=[NAMES[b] for b in state.bears],
                routes=[r if r is not None else -1 for r in routes],
                throws=new.throws,
            )
        )
        if any(r is None for r in routes):
            return self._over(new, events, NO_ROUTE)
        return _evolve(new, need=tuple(r + 1 for r in routes)), tuple(events)

    def _over(self, state: State, events: list, termination: str):
        events = list(events)
        events.append(
            event(
                "game-ended",
                result="won" if termination == WON else "lost",
                termination=termination,
                turn=state.turn,
            )
        )
        return _evolve(state, phase="over", termination=termination), tuple(events)


@lru_cache(maxsize=16)
def _opening(opened: tuple[tuple[int, str], ...], dark: tuple[int, ...], light: tuple[int, ...]):
    """The forest at set-up (BS1): every card face down but the scenario's open ones (P-BS5),
    the unseen cards of each pile, and what the cells imply (made once per set-up)."""
    cells = [forest.back_of(i) for i in forest.SQUARES]
    left = [list(dark), list(light)]
    for sq, kind in opened:
        cells[sq] = kind
        left[0 if forest.back_of(sq) == "D" else 1][FOREST_KINDS.index(kind)] -= 1
    return tuple(cells), (tuple(left[0]), tuple(left[1])), forest.scan(tuple(cells))


def identity_weights(state: State, sq: int) -> list[tuple[str, int]]:
    """C2: what the card on `sq` may show, weighted as a shuffled deal would (P-BS7).

    Cards dealt by the scenario (P-BS5) are reserved for their squares. In the twin game with a
    random removal the light pile holds one card more than its squares, and the missing card
    is never the little bear (BS13): the bear is on one of the F face-down squares for sure,
    the other kinds share the rest.
    """
    dealt = _dealt(state.cfg.deal)
    if sq in dealt:
        return [(dealt[sq], 1)]
    back = forest.back_of(sq)
    pile = 0 if back == "D" else 1
    # The face-down cards of this back (sq among them) less the dealt ones, whose cards are
    # reserved: `squares` of them share the `left` cards.
    left, squares = state.left[pile], state.reach.down[pile]
    if dealt:
        left = list(left)
        for i, kind in state.cfg.deal:
            if state.cells[i] == back:
                squares -= 1
                left[FOREST_KINDS.index(kind)] -= 1
        left = tuple(left)
    return list(_shuffled(left, squares))


@lru_cache(maxsize=4096)
def _shuffled(left: tuple[int, ...], squares: int) -> tuple[tuple[str, int], ...]:
    """identity_weights for `squares` face-down cards sharing the `left` cards (F = squares)."""
    # P(bear) = B / F, P(kind k) = (1 - B / F) * n_k / O, scaled to integers by F * O. With no
    # spare card F = B + O and this is simply proportional to the counts.
    bear, others = left[0], sum(left[1:])
    out = [("bear", bear * others if others else bear)] if bear else []
    out += [(k, (squares - bear) * n) for k, n in zip(FOREST_KINDS[1:], left[1:], strict=True)]
    out = [(k, w) for k, w in out if w > 0]
    common = math.gcd(*(w for _, w in out))
    return tuple((k, w // common) for k, w in out)


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]


def _event(type_: str, *fields: tuple[str, object]) -> Event:
    """`event(type_, **dict(fields))` for the events every game makes many of, with their
    fields written in key order and lists as tuples: the very Event that event() builds,
    without its sorting and checks (test_fast_paths compares each one with event())."""
    return Event(type_, fields)


def _evolve(state: State, **changes: Unpack[Changes]) -> State:
    """`dataclasses.replace(state, **changes)`, made the fast way (core.values.evolve); the
    tests play games with `replace` in its place."""
    return evolve(state, changes)


@lru_cache(maxsize=64)
def _dealt(deal: tuple[tuple[int, str], ...]) -> dict[int, str]:
    """The scenario's deal (P-BS5) by square. Read only."""
    return dict(deal)


def _dice(state: State):
    phase = state.phase
    return _dice_outcomes(state.cfg.die, phase, state.pending if phase == "reroll" else None)


@lru_cache(maxsize=64)
def _dice_outcomes(die: tuple[str, ...], phase: str, pending: int | None):
    """The dice chance outcomes (BS3: three dice, one re-rolled die, one escort throw) with
    their weights, and the running sums of the weights (sample_chance). Read only."""
    faces = Counter(die)
    weights = [(f, faces[f]) for f in FACES if faces[f]]
    if phase == "roll":
        outcomes = tuple(
            (Roll((a, b, c)), wa * wb * wc)
            for a, wa in weights
            for b, wb in weights
            for c, wc in weights
        )
    elif phase == "reroll":
        outcomes = tuple((Rerolled(pending, f), w) for f, w in weights)
    else:
        outcomes = tuple((Throw(f), w) for f, w in weights)
    running, total = [], 0
    for _, w in outcomes:
        total += w
        running.append(total)
    return outcomes, tuple(running)


# The steps legal_steps offers most, made once (steps are immutable values).
_SEARCH = tuple(Search(name) for name in NAMES)
_CHAIN = tuple(Chain(name) for name in NAMES)
_DECLINE, _END = Decline(), End()


@cache
def _shows_step(sq: int, kind: str) -> Shows:
    return Shows(NAMES[sq], kind)


@cache
def _cover(obstacle: int, path: int) -> Cover:
    return Cover(NAMES[obstacle], NAMES[path])


def _shown(cell: str) -> str:
    if cell in DOWN:
        return "face down"
    return {"cover": "a path laid on an obstacle", "hole": "a hole"}.get(cell, f"a face-up {cell}")


_BEAR, _BEAR_PAW = frozenset({"bear"}), frozenset({"bear", "paw"})


def _search_faces(state: State) -> frozenset[str]:
    """BS4: a bear grants a search; with exactly two players a paw does too."""
    return _BEAR_PAW if len(state.cfg.seats) == 2 else _BEAR
