"""Baerenspiel rules, forest and twin game (BS1-BS13); the memo game (BS14) is in memo.py.

One registered game; the scenario's `variant` picks the rules. States are immutable and
`apply` is a pure function of (state, step). Card identities and die faces are chance steps
(RULINGS C2): a card's identity is drawn when it turns up, from its back colour's pile.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace

from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL, Game, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.source import Source
from bearcli.games.baerenspiel import forest, memo, notation, params
from bearcli.games.baerenspiel.forest import DOWN, square_name
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
CHANCE_PHASES = ("roll", "reroll", "shows", "throw")


@dataclass(frozen=True)
class State:
    # The config travels with the state (shared, never copied): apply needs nothing else.
    cfg: BSConfig = field(repr=False, compare=False)
    cells: tuple[str, ...]  # see forest.py
    left: tuple[tuple[int, ...], tuple[int, ...]]  # unseen cards (dark, light), FOREST_KINDS order
    phase: str  # roll | reroll | shows | act | throw | choose | over
    seat: int
    turn: int  # turns begun
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


class Baerenspiel(Game):
    name = "baerenspiel"
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
        cells = [forest.back_of(i) for i in forest.SQUARES]
        left = [list(config.dark), list(config.light)]
        for sq, kind in config.open:
            cells[sq] = kind
            left[0 if forest.back_of(sq) == "D" else 1][FOREST_KINDS.index(kind)] -= 1
        state = State(config, tuple(cells), (tuple(left[0]), tuple(left[1])), "roll", 0, 1)
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
        if forest.trapped(state.cells):
            return self._over(state, events, TRAPPED)
        events.append(event("turn-started", seat=1, turn=1, free=False))
        return state, tuple(events)

    # -- play -----------------------------------------------------------------------
    def actor(self, state) -> int:
        if isinstance(state, memo.MemoState):
            return memo.actor(state)
        if state.phase == "over":
            return TERMINAL
        return CHANCE if state.phase in CHANCE_PHASES else state.seat

    def chance_outcomes(self, state) -> list:
        if isinstance(state, memo.MemoState):
            return memo.chance_outcomes(state)
        faces = Counter(state.cfg.die)
        die = [(f, faces[f]) for f in FACES if faces[f]]
        if state.phase == "roll":
            return [
                (Roll((a, b, c)), wa * wb * wc) for a, wa in die for b, wb in die for c, wc in die
            ]
        if state.phase == "reroll":
            return [(Rerolled(state.pending, f), w) for f, w in die]
        if state.phase == "throw":
            return [(Throw(f), w) for f, w in die]
        if state.phase == "shows":
            sq = state.pending
            return [(Shows(square_name(sq), k), w) for k, w in identity_weights(state, sq)]
        return []

    def legal_steps(self, state) -> list:
        if isinstance(state, memo.MemoState):
            return memo.legal_steps(state)
        if state.phase == "choose":
            return [
                Escort(square_name(b))
                for b, n in zip(state.bears, state.need, strict=True)
                if n > 0
            ]
        if state.phase != "act":
            return []
        cells = state.cells
        steps: list = [Reroll(d) for d in state.rerolls]
        chained = forest.chain_targets(cells, state.chain)
        steps.extend(Chain(square_name(i)) for i in chained)
        if state.chain is not None:
            steps.append(Decline())
        if state.searches:
            steps.extend(
                Search(square_name(i)) for i in forest.reveal_targets(cells) if i not in chained
            )
            paths = forest.edge_paths(cells)
            steps.extend(
                Cover(square_name(o), square_name(p))
                for o in forest.obstacles(cells)
                for p in paths
            )
        steps.append(End())
        return steps

    def apply(self, state, step):
        if isinstance(state, memo.MemoState):
            return memo.apply(self, state, step)
        if state.phase == "over":
            ruling = "BS11" if state.termination == TRAPPED else "BS9"
            raise self.refuse(step, f"the game is over ({state.termination})", ruling)
        if isinstance(step, Flip):
            raise self.refuse(step, "cards are flipped in pairs only in the memo game", "BS14")
        handler = {
            "roll": self._roll,
            "reroll": self._rerolled,
            "shows": self._shows,
            "throw": self._throw,
            "choose": self._escort,
            "act": self._act,
        }[state.phase]
        return handler(state, step)

    def outcome(self, state) -> Outcome | None:
        if isinstance(state, memo.MemoState):
            return memo.outcome(state)
        if state.termination is None:
            return None
        winners = tuple(range(len(state.cfg.seats))) if state.termination == WON else ()
        return Outcome(state.termination, winners)

    def parse_step(self, text: str):
        return notation.parse(text)

    def measures(self, state) -> dict[str, int]:
        if isinstance(state, memo.MemoState):
            return memo.measures(state)
        n = len(state.cfg.seats)
        return {"turns": state.turn, "rounds": (state.turn + n - 1) // n, "reveals": state.reveals}

    def narrator(self, config: BSConfig) -> BaerenspielNarrator:
        return BaerenspielNarrator(config)

    def describe(self, state) -> str:
        from bearcli.games.baerenspiel.board import text_board

        return text_board(state)

    # -- chance -----------------------------------------------------------------------
    def _roll(self, state: State, step):
        if not isinstance(step, Roll):
            raise self.refuse(
                step, f"seat {state.seat + 1} rolls the three dice first (roll F F F)", "BS4"
            )
        for face in step.faces:
            self._check_face(step, face, state)
        searches = sum(_grants_search(state, f) for f in step.faces)
        rerolls = tuple(i + 1 for i, f in enumerate(step.faces) if f == "paw")
        new = replace(
            state,
            phase="act",
            dice=step.faces,
            searches=searches,
            rerolls=rerolls,
            granted=state.granted or searches > 0,
        )
        events = [
            event(
                "dice-rolled",
                seat=state.seat + 1,
                turn=state.turn,
                faces=list(step.faces),
                searches=searches,
                rerolls=list(rerolls),
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
        gain = _grants_search(state, step.face)
        rerolls = tuple(sorted(state.rerolls + ((step.die,) if step.face == "paw" else ())))
        dice = tuple(step.face if i + 1 == step.die else f for i, f in enumerate(state.dice))
        new = replace(
            state,
            phase="act",
            dice=dice,
            searches=state.searches + gain,
            rerolls=rerolls,
            pending=None,
            granted=state.granted or gain > 0,
        )
        events = [
            event(
                "die-rerolled",
                seat=state.seat + 1,
                die=step.die,
                face=step.face,
                searches=new.searches,
            )
        ]
        return self._settle(new, events)

    def _check_face(self, step, face: str, state: State) -> None:
        if face not in state.cfg.die:
            raise self.refuse(
                step, f"{face!r} is not a face of the die ({', '.join(state.cfg.die)})", "BS3"
            )

    def _shows(self, state: State, step):
        sq = state.pending
        if not isinstance(step, Shows) or forest.parse_square(step.square) != sq:
            raise self.refuse(
                step,
                f"the card on {square_name(sq)} is being turned over; what "
                f"it shows comes next ({square_name(sq)} is KIND)",
                "C2",
            )
        self._check_identity(state, sq, step)
        k = FOREST_KINDS.index(step.kind)
        pile = 0 if forest.back_of(sq) == "D" else 1
        left = list(state.left)
        left[pile] = left[pile][:k] + (left[pile][k] - 1,) + left[pile][k + 1 :]
        cells = _set(state.cells, sq, step.kind)
        new = replace(
            state,
            cells=cells,
            left=(left[0], left[1]),
            phase="act",
            pending=None,
            reveals=state.reveals + 1,
            chain=sq if step.kind == "path" else None,
        )
        events = [
            event(
                "card-turned",
                seat=state.seat + 1,
                square=step.square,
                card=step.kind,
                back="dark" if pile == 0 else "light",
                by=state.via,
            )
        ]
        if step.kind == "bear":
            new = replace(new, bears=new.bears + (sq,))
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
        dealt = dict(state.cfg.deal)
        if sq in dealt and dealt[sq] != step.kind:
            raise self.refuse(step, f"the scenario dealt {dealt[sq]} to {step.square}", "P-BS5")
        if dict(identity_weights(state, sq)).get(step.kind, 0) > 0:
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
        new = replace(state, throws=state.throws - 1)
        events = [event("escort-thrown", face=step.face, steps=steps, throws_left=new.throws)]
        live = [i for i, n in enumerate(state.need) if n > 0]
        if len(live) > 1:
            return replace(new, phase="choose", waiting=steps), tuple(events)
        return self._move_bear(new, events, live[0], steps)

    def _escort(self, state: State, step):
        if not isinstance(step, Escort):
            raise self.refuse(step, "choose which bear this throw moves (escort SQ)", "BS13")
        sq = forest.parse_square(step.square)
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
        return self._move_bear(replace(state, waiting=0), [], live[0], state.waiting)

    def _move_bear(self, state: State, events: list, i: int, steps: int):
        need = list(state.need)
        need[i] = max(0, need[i] - steps)  # steps beyond leaving are lost (BS9)
        new = replace(state, need=tuple(need), phase="throw")
        events = list(events)
        events.append(
            event(
                "bear-escorted",
                square=square_name(state.bears[i]),
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
            return replace(state, phase="reroll", pending=step.die, rerolls=rerolls), ()
        if isinstance(step, Chain):
            return self._chain(state, step)
        if isinstance(step, Decline):
            if state.chain is None:
                raise self.refuse(step, "there is no free chain reveal to decline", "BS6")
            new = replace(state, chain=None)
            return self._settle(
                new, [event("chain-declined", seat=state.seat + 1, square=square_name(state.chain))]
            )
        if isinstance(step, Search):
            return self._search(state, step)
        if isinstance(step, Cover):
            return self._cover(state, step)
        if isinstance(step, End):
            return self._end_turn(state, [])
        raise self.refuse(step, "not a step of the forest game", "BS4")

    def _chain(self, state: State, step: Chain):
        if state.chain is None:
            raise self.refuse(
                step, "a free reveal follows only a path just turned over or laid", "BS6"
            )
        sq = forest.parse_square(step.square)
        if sq not in forest.chain_targets(state.cells, state.chain):
            raise self.refuse(
                step,
                f"{step.square} is not a face-down card next to the path on "
                f"{square_name(state.chain)}",
                "BS6",
            )
        return replace(state, phase="shows", pending=sq, via="chain", chain=None), ()

    def _search(self, state: State, step: Search):
        if state.searches == 0:
            raise self.refuse(step, "no search is left this turn (each bear grants one)", "BS4")
        sq = forest.parse_square(step.square)
        if sq is None:
            raise self.refuse(step, f"{step.square} is not a square of the forest (a1-i9)", "BS1")
        if state.cells[sq] not in DOWN:
            raise self.refuse(
                step, f"the card on {step.square} is already {_shown(state.cells[sq])}", "BS5"
            )
        if sq in forest.chain_targets(state.cells, state.chain):
            raise self.refuse(
                step,
                f"{step.square} is next to the path just turned: take it "
                f"with the free reveal (chain {step.square})",
                "P-BS2",
            )
        if not (forest.on_edge(state.cells, sq) or forest.next_to_path(state.cells, sq)):
            raise self.refuse(
                step, f"{step.square} is neither on the edge nor next to a face-up path", "BS5"
            )
        return replace(
            state, phase="shows", pending=sq, via="search", chain=None, searches=state.searches - 1
        ), ()

    def _cover(self, state: State, step: Cover):
        if state.searches == 0:
            raise self.refuse(step, "covering an obstacle costs a search; none is left", "BS4")
        ob, pa = forest.parse_square(step.obstacle), forest.parse_square(step.path)
        cells = state.cells
        if ob is None or cells[ob] != "obstacle":
            what = _shown(cells[ob]) if ob is not None else "off the forest"
            raise self.refuse(
                step, f"a path is laid on a face-up obstacle; {step.obstacle} is {what}", "BS7"
            )
        if pa is None or cells[pa] != "path":
            what = _shown(cells[pa]) if pa is not None else "off the forest"
            raise self.refuse(
                step, f"the card taken must be a face-up path card; {step.path} is {what}", "BS7"
            )
        if not forest.on_edge(cells, pa):
            raise self.refuse(
                step, f"the path on {step.path} is not on the edge of the forest", "BS7"
            )
        cells = _set(_set(cells, pa, "hole"), ob, "cover")
        new = replace(state, cells=cells, searches=state.searches - 1, chain=ob)
        events = [
            event("obstacle-covered", seat=state.seat + 1, square=step.obstacle, path=step.path)
        ]
        return self._settle(new, events)

    # -- what follows by itself -------------------------------------------------------
    def _settle(self, state: State, events: list):
        """The loss by BS11, a chain with nowhere to go, the end of a turn with nothing left."""
        events = list(events)
        if forest.trapped(state.cells):
            return self._over(state, events, TRAPPED)
        if state.chain is not None and not forest.chain_targets(state.cells, state.chain):
            state = replace(state, chain=None)
        if (
            state.phase == "act"
            and not state.searches
            and not state.rerolls
            and state.chain is None
        ):
            return self._end_turn(state, events)
        return state, tuple(events)

    def _end_turn(self, state: State, events: list):
        events = list(events)
        events.append(
            event(
                "turn-ended",
                seat=state.seat + 1,
                turn=state.turn,
                unused_searches=state.searches,
                unused_rerolls=len(state.rerolls),
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
        new = replace(
            state,
            seat=seat,
            turn=state.turn + 1,
            dice=(),
            searches=0,
            rerolls=(),
            chain=None,
            pending=None,
            via="",
            free=free if seat == 0 else state.free,
            granted=granted,
        )
        if new.free:
            new = replace(new, phase="act", searches=1, granted=True)
        else:
            new = replace(new, phase="roll")
        events.append(event("turn-started", seat=seat + 1, turn=new.turn, free=new.free))
        return new, tuple(events)

    def _start_escort(self, state: State, events: list):
        """BS8: the rest of the turn lapses. BS9: each bear needs its route length + 1 steps."""
        events = list(events)
        routes = [forest.route_length(state.cells, b) for b in state.bears]
        new = replace(
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
                bears=[square_name(b) for b in state.bears],
                routes=[r if r is not None else -1 for r in routes],
                throws=new.throws,
            )
        )
        if any(r is None for r in routes):
            return self._over(new, events, NO_ROUTE)
        return replace(new, need=tuple(r + 1 for r in routes)), tuple(events)

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
        return replace(state, phase="over", termination=termination), tuple(events)


def identity_weights(state: State, sq: int) -> list[tuple[str, int]]:
    """C2: what the card on `sq` may show, weighted as a shuffled deal would (P-BS7).

    Cards dealt by the scenario (P-BS5) are reserved for their squares. In the twin game with a
    random removal the light pile holds one card more than its squares, and the missing card
    is never the little bear (BS13): the bear is on one of the F face-down squares for sure,
    the other kinds share the rest.
    """
    dealt = dict(state.cfg.deal)
    if sq in dealt:
        return [(dealt[sq], 1)]
    back = forest.back_of(sq)
    pile = 0 if back == "D" else 1
    left = list(state.left[pile])
    squares = 0
    for i in forest.SQUARES:
        if state.cells[i] == back and i != sq and i in dealt:
            left[FOREST_KINDS.index(dealt[i])] -= 1
        elif state.cells[i] == back and i not in dealt:
            squares += 1
    # P(bear) = B / F, P(kind k) = (1 - B / F) * n_k / O, scaled to integers by F * O. With no
    # spare card F = B + O and this is simply proportional to the counts.
    bear, others = left[0], sum(left[1:])
    out = [("bear", bear * others if others else bear)] if bear else []
    out += [(k, (squares - bear) * n) for k, n in zip(FOREST_KINDS[1:], left[1:], strict=True)]
    out = [(k, w) for k, w in out if w > 0]
    common = math.gcd(*(w for _, w in out))
    return [(k, w // common) for k, w in out]


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]


def _shown(cell: str) -> str:
    if cell in DOWN:
        return "face down"
    return {"cover": "a path laid on an obstacle", "hole": "a hole"}.get(cell, f"a face-up {cell}")


def _grants_search(state: State, face: str) -> int:
    """BS4: a bear grants a search; with exactly two players a paw does too."""
    return 1 if face == "bear" or (face == "paw" and len(state.cfg.seats) == 2) else 0
