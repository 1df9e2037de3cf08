"""Bärenspiel, the reference rules: the rulebook (BS1-BS14, P-BS1..) as plain code.

Read this module first. It is what `rules.py` (the forest and twin game) and `memo.py` (the
memo game) compute, written the way a newcomer would write it from the rulebook: the forest
rescanned with the plain queries of forest.py at every step, every list of outcomes built
anew, new states made with `dataclasses.replace` and every event with `event()`. The fast
rules (`rules.Baerenspiel`) give exactly the same states, events and refusals, only faster;
tests/games/baerenspiel/test_fast_paths.py proves the two equal on seeded positions of every
variant, and every golden record under replays/ replays to its pinned events with these rules
too (tests/test_reference.py). A rule changes here first.

`ReferenceBaerenspiel` is a whole game of the Game protocol: the set-up (`configure`: what a
scenario may say, params.py), the notation, the board and the narration are the game's own,
shared with the fast rules; what happens during play is all below. A forest state also
carries `reach`, what its cells imply (`forest.scan(cells)`), which the fast rules keep up to
date instead of rescanning; the reference never reads it, and sets it anew whenever the
cells change.

A forest turn: the seat rolls three dice (BS3, BS4), spends its searches on reveals (BS5), the
free reveals the paths it turns allow (BS6) and covers (BS7), re-rolls its paws, and ends the
turn. Once the little bear (in the twin game: both) is found, the escort throws decide (BS8,
BS9, BS13). The game is lost when no reveal and no cover is left (BS11).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cached_property

from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL, Game
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng
from bearcli.games.baerenspiel import forest, memo
from bearcli.games.baerenspiel.forest import DOWN, SQUARES, parse_square, square_name
from bearcli.games.baerenspiel.memo import MemoState
from bearcli.games.baerenspiel.notation import (
    FACES,
    FOREST_KINDS,
    MEMO_KINDS,
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
from bearcli.games.baerenspiel.rules import (
    FAILED,
    NO_ROUTE,
    STEPS,
    TRAPPED,
    WON,
    Baerenspiel,
    State,
)


class ReferenceBaerenspiel(Baerenspiel):
    """Bärenspiel played the plain way: the forest and twin game, and the memo game (a
    `memo.MemoState`, the methods named memo_...)."""

    @cached_property
    def bots(self):  # the reference bots: random, searcher, perfect, forgetful
        from bearcli.games.baerenspiel import reference_bots

        return reference_bots.BOTS

    # -- set-up ---------------------------------------------------------------------------
    def initial_state(self, config: BSConfig):
        """BS1: every card face down on its back colour's squares, but those the scenario
        opens (P-BS5); seat 1 begins. Trapped is judged at set-up too (P-BS8)."""
        if config.variant == "memo":
            return self.memo_initial_state(config)
        cells = [forest.back_of(i) for i in SQUARES]
        left = [list(config.dark), list(config.light)]
        for sq, kind in config.open:
            cells[sq] = kind
            left[pile_of(sq)][FOREST_KINDS.index(kind)] -= 1
        cells_t = tuple(cells)
        state = State(
            config,
            cells=cells_t,
            left=(tuple(left[0]), tuple(left[1])),
            phase="roll",
            seat=0,
            turn=1,
            reach=forest.scan(cells_t),
        )
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
            return self.over(state, events, TRAPPED)
        events.append(event("turn-started", seat=1, turn=1, free=False))
        return state, tuple(events)

    # -- whose decision -------------------------------------------------------------------
    def actor(self, state) -> int:
        if isinstance(state, MemoState):
            if state.phase == "over":
                return TERMINAL
            return CHANCE if state.phase == "shows" else state.seat
        if state.phase in ("roll", "reroll", "shows", "throw"):
            return CHANCE
        return TERMINAL if state.phase == "over" else state.seat

    def chance_outcomes(self, state) -> list:
        """C2: the dice (BS3: three dice, one re-rolled die, one escort throw), each face
        weighted by how many faces of the die show it; a card's identity (identity_weights);
        in the memo game, the unseen cards by identity."""
        if isinstance(state, MemoState):
            if state.phase != "shows":
                return []
            name = memo.square_name(state.pending)
            return [(Shows(name, k), n) for k, n in zip(MEMO_KINDS, state.left, strict=True) if n]
        die = [(f, state.cfg.die.count(f)) for f in FACES if f in state.cfg.die]
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

    def sample_chance(self, state, rng: Rng):
        return Game.sample_chance(self, state, rng)  # one weighted draw over chance_outcomes

    def legal_steps(self, state) -> list:
        """In a turn, in this order: re-roll a paw (BS4), the free reveals next to the path
        just turned and declining them (BS6), the searches of face-down cards on the edge or
        next to a path (BS5; not the chain's own cards: P-BS2), covering an obstacle with an
        edge path (BS7), the end of the turn (P-BS3). In the escort's choice, each bear still
        in the forest (BS13). In the memo game, every card face down."""
        if isinstance(state, MemoState):
            if state.phase != "flip":
                return []
            return [
                Flip(memo.square_name(i))
                for i in range(len(state.known))
                if not state.taken[i] and i not in state.up
            ]
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

    def outcome(self, state) -> Outcome | None:
        """The forest: all the seats win together, or all lose (BS12). The memo game: the most
        pairs win (BS14)."""
        if state.termination is None:
            return None
        if isinstance(state, MemoState):
            best = max(state.pairs)
            winners = tuple(i for i, p in enumerate(state.pairs) if p == best)
            return Outcome(memo.DONE, winners, state.pairs)
        winners = tuple(range(len(state.cfg.seats))) if state.termination == WON else ()
        return Outcome(state.termination, winners)

    # -- a step ---------------------------------------------------------------------------
    def apply(self, state, step):
        if isinstance(state, MemoState):
            return self.memo_apply(state, step)
        if state.phase == "over":
            ruling = "BS11" if state.termination == TRAPPED else "BS9"
            raise self.refuse(step, f"the game is over ({state.termination})", ruling)
        if isinstance(step, Flip):
            raise self.refuse(step, "cards are flipped in pairs only in the memo game", "BS14")
        if state.phase == "roll":
            return self.roll(state, step)
        if state.phase == "reroll":
            return self.rerolled(state, step)
        if state.phase == "shows":
            return self.shows(state, step)
        if state.phase == "throw":
            return self.throw(state, step)
        if state.phase == "choose":
            return self.escort(state, step)
        return self.act(state, step)

    # -- the dice (BS3, BS4) --------------------------------------------------------------
    def roll(self, state: State, step):
        """BS4: each bear grants a search (with exactly two players a paw does too: P-BS1);
        each paw may be rolled again."""
        if not isinstance(step, Roll):
            raise self.refuse(
                step, f"{state.cfg.who(state.seat)} rolls the three dice first (roll F F F)", "BS4"
            )
        for face in step.faces:
            self.check_face(step, face, state)
        grants = search_faces(state)
        searches = sum(1 for f in step.faces if f in grants)
        rerolls = tuple(i + 1 for i, f in enumerate(step.faces) if f == "paw")
        new = replace(
            state,
            phase="act",
            dice=step.faces,
            searches=searches,
            rerolls=rerolls,
            granted=state.granted or searches > 0,
        )
        rolled = event(
            "dice-rolled",
            seat=state.seat + 1,
            turn=state.turn,
            faces=list(step.faces),
            searches=searches,
            rerolls=list(rerolls),
        )
        return self.settle(new, [rolled])

    def rerolled(self, state: State, step):
        """BS4: the re-rolled die's new face counts by the same rule; a paw again may be
        re-rolled again."""
        if not isinstance(step, Rerolled) or step.die != state.pending:
            raise self.refuse(
                step,
                f"die {state.pending} is being re-rolled: its new face comes "
                f"next (rerolled {state.pending} F)",
                "BS4",
            )
        self.check_face(step, step.face, state)
        gain = 1 if step.face in search_faces(state) else 0
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
        rolled = event(
            "die-rerolled",
            seat=state.seat + 1,
            die=step.die,
            face=step.face,
            searches=new.searches,
        )
        return self.settle(new, [rolled])

    def check_face(self, step, face: str, state: State) -> None:
        if face not in state.cfg.die:  # BS3
            raise self.refuse(
                step, f"{face!r} is not a face of the die ({', '.join(state.cfg.die)})", "BS3"
            )

    # -- a card turns up (BS2, BS5, BS6, BS8) ---------------------------------------------
    def shows(self, state: State, step):
        sq = state.pending
        if not isinstance(step, Shows) or parse_square(step.square) != sq:
            raise self.refuse(
                step,
                f"the card on {square_name(sq)} is being turned over; what "
                f"it shows comes next ({square_name(sq)} is KIND)",
                "C2",
            )
        self.check_identity(state, sq, step)
        k = FOREST_KINDS.index(step.kind)
        pile = pile_of(sq)
        left = list(state.left)
        left[pile] = with_value(left[pile], k, left[pile][k] - 1)
        cells = with_value(state.cells, sq, step.kind)
        new = replace(
            state,
            cells=cells,
            reach=forest.scan(cells),
            left=(left[0], left[1]),
            phase="act",
            pending=None,
            reveals=state.reveals + 1,
            chain=sq if step.kind == "path" else None,  # BS6: a path opens a free reveal
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
                return self.start_escort(new, events)
        return self.settle(new, events)

    def check_identity(self, state: State, sq: int, step: Shows) -> None:
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
        if step.kind in {k for k, w in identity_weights(state, sq) if w > 0}:
            return
        pile = pile_of(sq)
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

    # -- the escort (BS8, BS9, BS13) ------------------------------------------------------
    def start_escort(self, state: State, events: list):
        """BS8: the rest of the turn lapses. BS9: each bear needs its route length + 1 steps
        (P-BS10: measured now); four throws, five in the twin game."""
        routes = [forest.route_length(state.cells, b) for b in state.bears]
        new = replace(
            state,
            searches=0,
            rerolls=(),
            chain=None,
            phase="throw",
            throws=5 if state.cfg.variant == "twin" else 4,
        )
        events = [
            *events,
            event(
                "escort-started",
                bears=[square_name(b) for b in state.bears],
                routes=[r if r is not None else -1 for r in routes],
                throws=new.throws,
            ),
        ]
        if any(r is None for r in routes):
            return self.over(new, events, NO_ROUTE)
        return replace(new, need=tuple(r + 1 for r in routes)), tuple(events)

    def throw(self, state: State, step):
        """BS9: a throw moves a bear 4 (bear), 2 (paw) or 1 (tree) steps; in the twin game the
        seat then chooses which bear (BS13)."""
        if isinstance(step, (Roll, Reroll, Rerolled, Search, Chain, Decline, Cover, End)):
            raise self.refuse(
                step,
                "the little bear is found: the search is over and the "
                "escort throws come next (throw F)",
                "BS8",
            )
        if not isinstance(step, Throw):
            raise self.refuse(step, "the escort throws one die (throw F)", "BS9")
        self.check_face(step, step.face, state)
        steps = STEPS[step.face]
        new = replace(state, throws=state.throws - 1)
        events = [event("escort-thrown", face=step.face, steps=steps, throws_left=new.throws)]
        live = [i for i, n in enumerate(state.need) if n > 0]
        if len(live) > 1:
            return replace(new, phase="choose", waiting=steps), tuple(events)
        return self.move_bear(new, events, live[0], steps)

    def escort(self, state: State, step):
        if not isinstance(step, Escort):
            raise self.refuse(step, "choose which bear this throw moves (escort SQ)", "BS13")
        sq = parse_square(step.square)
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
        return self.move_bear(replace(state, waiting=0), [], live[0], state.waiting)

    def move_bear(self, state: State, events: list, i: int, steps: int):
        need = list(state.need)
        need[i] = max(0, need[i] - steps)  # steps beyond leaving are lost (BS9)
        new = replace(state, need=tuple(need), phase="throw")
        events = [
            *events,
            event(
                "bear-escorted",
                square=square_name(state.bears[i]),
                steps=steps,
                steps_left=need[i],
                out=need[i] == 0,
            ),
        ]
        if all(n == 0 for n in need):
            return self.over(new, events, WON)
        if new.throws == 0:
            return self.over(new, events, FAILED)
        return new, tuple(events)

    # -- a seat's decisions in its turn (BS4-BS7, P-BS1..P-BS3, P-BS6) --------------------
    def act(self, state: State, step):
        if isinstance(step, Search):
            return self.search(state, step)
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
            return self.chain(state, step)
        if isinstance(step, Decline):
            if state.chain is None:
                raise self.refuse(step, "there is no free chain reveal to decline", "BS6")
            declined = event("chain-declined", seat=state.seat + 1, square=square_name(state.chain))
            return self.settle(replace(state, chain=None), [declined])
        if isinstance(step, Cover):
            return self.cover(state, step)
        if isinstance(step, End):
            return self.end_turn(state, [])  # P-BS3: whatever is unused is lost
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

    def chain(self, state: State, step: Chain):
        """BS6: the free reveal turns a face-down card next to the path just turned or laid."""
        if state.chain is None:
            raise self.refuse(
                step, "a free reveal follows only a path just turned over or laid", "BS6"
            )
        sq = parse_square(step.square)
        if sq not in forest.chain_targets(state.cells, state.chain):
            raise self.refuse(
                step,
                f"{step.square} is not a face-down card next to the path on "
                f"{square_name(state.chain)}",
                "BS6",
            )
        return replace(state, phase="shows", pending=sq, via="chain", chain=None), ()

    def search(self, state: State, step: Search):
        """BS5: a search turns a face-down card on the edge or next to a face-up path."""
        if state.searches == 0:
            raise self.refuse(step, "no search is left this turn (each bear grants one)", "BS4")
        sq = parse_square(step.square)
        if sq is None:
            raise self.refuse(step, f"{step.square} is not a square of the forest (a1-i9)", "BS1")
        cells = state.cells
        if cells[sq] not in DOWN:
            raise self.refuse(
                step, f"the card on {step.square} is already {shown(cells[sq])}", "BS5"
            )
        # P-BS2: a search may turn the card the open chain would turn for free (it only
        # wastes the search); legal_steps leaves it out.
        if not (forest.on_edge(cells, sq) or forest.next_to_path(cells, sq)):
            raise self.refuse(
                step, f"{step.square} is neither on the edge nor next to a face-up path", "BS5"
            )
        return replace(
            state, phase="shows", pending=sq, via="search", chain=None, searches=state.searches - 1
        ), ()

    def cover(self, state: State, step: Cover):
        """BS7: for a search, a face-up path card on the edge is laid on a face-up obstacle;
        where it lay is a hole, outside the forest. The laid path opens a free reveal (BS6)."""
        if state.searches == 0:
            raise self.refuse(step, "covering an obstacle costs a search; none is left", "BS4")
        ob, pa = parse_square(step.obstacle), parse_square(step.path)
        cells = state.cells
        if ob is None or cells[ob] != "obstacle":
            what = shown(cells[ob]) if ob is not None else "off the forest"
            raise self.refuse(
                step, f"a path is laid on a face-up obstacle; {step.obstacle} is {what}", "BS7"
            )
        if pa is None or cells[pa] not in forest.PATHS:
            what = shown(cells[pa]) if pa is not None else "off the forest"
            raise self.refuse(
                step, f"the card taken must be a face-up path card; {step.path} is {what}", "BS7"
            )
        if not forest.on_edge(cells, pa):
            raise self.refuse(
                step, f"the path on {step.path} is not on the edge of the forest", "BS7"
            )
        fields = {"seat": state.seat + 1, "square": step.obstacle, "path": step.path}
        if cells[pa] == "cover":
            # P-BS6: a path laid on an obstacle may be taken again; the obstacle under it is
            # face up once more, and no hole is made.
            cells = with_value(with_value(cells, pa, "obstacle"), ob, "cover")
            fields["uncovered"] = True
        else:
            cells = with_value(with_value(cells, pa, "hole"), ob, "cover")
        new = replace(
            state, cells=cells, reach=forest.scan(cells), searches=state.searches - 1, chain=ob
        )
        return self.settle(new, [event("obstacle-covered", **fields)])

    # -- what follows by itself -----------------------------------------------------------
    def settle(self, state: State, events: list):
        """After a step: the loss when no reveal and no cover is left (BS11); a free reveal
        with no card to turn lapses; a turn with nothing left to spend ends."""
        if forest.trapped(state.cells):
            return self.over(state, events, TRAPPED)
        if state.chain is not None and not forest.chain_targets(state.cells, state.chain):
            state = replace(state, chain=None)
        if (
            state.phase == "act"
            and not state.searches
            and not state.rerolls
            and state.chain is None
        ):
            return self.end_turn(state, events)
        return state, tuple(events)

    def end_turn(self, state: State, events: list):
        """The next seat's turn. A round that granted no search is followed by a round of one
        search a turn, without dice (BS10, P-BS4)."""
        events = [
            *events,
            event(
                "turn-ended",
                seat=state.seat + 1,
                turn=state.turn,
                unused_searches=state.searches,
                unused_rerolls=len(state.rerolls),
            ),
        ]
        n = len(state.cfg.seats)
        seat = (state.seat + 1) % n
        granted, free = state.granted, state.free
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
            searches=1 if free else 0,
            rerolls=(),
            chain=None,
            pending=None,
            via="",
            free=free,
            granted=True if free else granted,
            phase="act" if free else "roll",
        )
        events.append(event("turn-started", seat=seat + 1, turn=new.turn, free=new.free))
        return new, tuple(events)

    def over(self, state: State, events: list, termination: str):
        ended = event(
            "game-ended",
            result="won" if termination == WON else "lost",
            termination=termination,
            turn=state.turn,
        )
        return replace(state, phase="over", termination=termination), (*events, ended)

    # -- the memo game (BS14, P-BS9) ------------------------------------------------------
    def memo_initial_state(self, cfg: BSConfig):
        """P-BS9: the first n identities, two cards each, on the first 2n squares."""
        n = cfg.pairs
        cards = 2 * n
        state = MemoState(
            cfg,
            known=(None,) * cards,
            taken=(False,) * cards,
            left=tuple(2 if i < n else 0 for i in range(len(MEMO_KINDS))),
            phase="flip",
            seat=0,
            turn=1,
            pairs=(0,) * len(cfg.seats),
        )
        started = event(
            "game-started",
            game=self.name,
            variant="memo",
            seats=len(cfg.seats),
            pairs=n,
            cards=cards,
        )
        return state, (started,)

    def memo_apply(self, state: MemoState, step):
        """A turn flips two face-down cards; a card's identity is a chance step the first time
        it turns up (C2), after that it shows what it showed then."""
        if state.phase == "over":
            raise self.refuse(step, "all pairs are taken; the game is over", "BS14")
        if state.phase == "shows":
            name = memo.square_name(state.pending)
            if not isinstance(step, Shows) or step.square != name:
                raise self.refuse(
                    step,
                    f"the card on {name} is being turned over; what it shows "
                    f"comes next ({name} is KIND)",
                    "C2",
                )
            if step.kind not in MEMO_KINDS or state.left[MEMO_KINDS.index(step.kind)] == 0:
                raise self.refuse(step, memo_why_not(state, step.kind), "BS14")
            k = MEMO_KINDS.index(step.kind)
            left = with_value(state.left, k, state.left[k] - 1)
            known = with_value(state.known, state.pending, step.kind)
            new = replace(state, known=known, left=left, phase="flip", pending=None)
            return self.memo_shown(new, state.pending)
        if not isinstance(step, Flip):
            raise self.refuse(step, "the memo game is played by flipping cards (flip SQ)", "BS14")
        sq = memo.GRID.parse(step.square)
        if sq is None or sq >= len(state.known):
            last = memo.square_name(len(state.known) - 1)
            raise self.refuse(
                step, f"{step.square} holds no card (this game lays a1-{last})", "BS14"
            )
        if state.taken[sq]:
            raise self.refuse(
                step, f"the card on {step.square} was taken as part of a pair", "BS14"
            )
        if sq in state.up:
            raise self.refuse(step, f"the card on {step.square} is already face up", "BS14")
        new = replace(state, flips=state.flips + 1)
        if state.known[sq] is None:
            return replace(new, phase="shows", pending=sq), ()
        return self.memo_shown(new, sq)

    def memo_shown(self, state: MemoState, sq: int):
        """A card is face up: the first of a pair waits for the second; a pair is kept and the
        same seat flips again, else both turn back and the next seat plays. Once every pair
        is taken, the most pairs win."""
        names = memo.square_name
        events = [
            event("card-flipped", seat=state.seat + 1, square=names(sq), card=state.known[sq])
        ]
        up = state.up + (sq,)
        if len(up) < 2:
            return replace(state, up=up), tuple(events)
        a, b = up
        if state.known[a] == state.known[b]:
            taken = with_value(with_value(state.taken, a, True), b, True)
            pairs = with_value(state.pairs, state.seat, state.pairs[state.seat] + 1)
            events.append(
                event(
                    "pair-taken",
                    seat=state.seat + 1,
                    card=state.known[a],
                    squares=[names(a), names(b)],
                    pairs=pairs[state.seat],
                )
            )
            new = replace(state, taken=taken, pairs=pairs, up=())
            if all(taken):
                best = max(pairs)
                events.append(
                    event(
                        "game-ended",
                        result="over",
                        termination=memo.DONE,
                        pairs=list(pairs),
                        winners=[i + 1 for i, p in enumerate(pairs) if p == best],
                    )
                )
                return replace(new, phase="over", termination=memo.DONE), tuple(events)
            return new, tuple(events)
        nxt = (state.seat + 1) % len(state.cfg.seats)
        events.append(
            event(
                "cards-turned-back",
                seat=state.seat + 1,
                squares=[names(a), names(b)],
                next_seat=nxt + 1,
            )
        )
        return replace(state, up=(), seat=nxt, turn=state.turn + 1), tuple(events)


def identity_weights(state: State, sq: int) -> list[tuple[str, int]]:
    """C2: what the card on `sq` may show, weighted as a shuffled deal would (P-BS7).

    Cards dealt by the scenario (P-BS5) are reserved for their squares. The other face-down
    squares of the card's back colour share the unseen cards left of that pile. In the twin
    game with a random removal the light pile holds one card more than its squares, and the
    missing card is never the little bear (BS13): P(bear) = B / F, P(kind k) = (1 - B / F) *
    n_k / O (F squares, B bears, O other cards), scaled to integers by F * O."""
    dealt = dict(state.cfg.deal)
    if sq in dealt:
        return [(dealt[sq], 1)]
    back = forest.back_of(sq)
    left = list(state.left[pile_of(sq)])
    squares = 0
    for i in SQUARES:
        if state.cells[i] == back and i != sq and i in dealt:
            left[FOREST_KINDS.index(dealt[i])] -= 1
        elif state.cells[i] == back and i not in dealt:
            squares += 1
    bear, others = left[0], sum(left[1:])
    out = [("bear", bear * others if others else bear)] if bear else []
    out += [(k, (squares - bear) * n) for k, n in zip(FOREST_KINDS[1:], left[1:], strict=True)]
    out = [(k, w) for k, w in out if w > 0]
    common = math.gcd(*(w for _, w in out))
    return [(k, w // common) for k, w in out]


def search_faces(state: State) -> set[str]:
    """BS4: a bear grants a search; with exactly two players a paw does too."""
    return {"bear", "paw"} if len(state.cfg.seats) == 2 else {"bear"}


def pile_of(sq: int) -> int:
    """The pile of the card dealt to `sq`: 0 dark, 1 light (BS1)."""
    return 0 if forest.back_of(sq) == "D" else 1


def shown(cell: str) -> str:
    """A cell as a refusal names it."""
    if cell in DOWN:
        return "face down"
    return {"cover": "a path laid on an obstacle", "hole": "a hole"}.get(cell, f"a face-up {cell}")


def memo_why_not(state: MemoState, kind: str) -> str:
    n = state.cfg.pairs
    if kind not in MEMO_KINDS[:n]:
        return (
            f"{kind!r} is not a card of this memo game ({n} pair(s): "
            f"{', '.join(MEMO_KINDS[: min(n, 4)])}{', ...' if n > 4 else ''})"
        )
    return f"both {kind} cards have already turned up"


def with_value(values: tuple, i: int, v) -> tuple:
    """The tuple with item i replaced by v."""
    return values[:i] + (v,) + values[i + 1 :]


REFERENCE = ReferenceBaerenspiel()
