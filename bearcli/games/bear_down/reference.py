"""Bear Down!, the reference rules: the rulebook (BD1-BD13, P-BD1..) as plain code.

Read this module first. It is what `rules.py` computes, written the way a newcomer would write
it from the rulebook: a bear's way found by a plain breadth-first search, every roll listed,
every step applied to plain tuples, new states made with `dataclasses.replace` and every event
with `event()`. The fast rules (`rules.BearDown`) give exactly the same states, events and
refusals, only faster; tests/games/bear_down/test_fast_paths.py and test_fast_steps.py prove
the two equal on seeded positions and odd boards, and every golden record under replays/
replays to its pinned events with these rules too (tests/test_reference.py). A rule changes
here first.

`ReferenceBearDown` is a whole game of the Game protocol: the set-up (`configure`: what a
scenario may say, params.py), the notation, the board and the narration are the game's own,
shared with the fast rules; what happens during play is all below.

A round is one chance step, the first player's roll of every die in play, which brings the
water and the salmon (BD5-BD7), then one move per seat from the first player (BD8-BD11). The
game ends at a salmon shortage or after the final round (BD12).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import cached_property
from itertools import product

from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Game
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng
from bearcli.games.bear_down import graph
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Move, Roll, Stay
from bearcli.games.bear_down.params import BDConfig
from bearcli.games.bear_down.rules import BY_SALMON, BY_WATER, SALMON, WATER, BearDown, State


class ReferenceBearDown(BearDown):
    """Bear Down! played the plain way. Nodes: square k (1-4) of the i-th stream in play is
    4*i + k - 1, the boulder 4 * (number of streams) (graph.py)."""

    @cached_property
    def bots(self):  # the reference bots: random, greedy, cautious
        from bearcli.games.bear_down import reference_bots

        return reference_bots.BOTS

    # -- set-up ---------------------------------------------------------------------------
    def initial_state(self, config: BDConfig) -> tuple[State, tuple[Event, ...]]:
        """BD13: one salmon on squares 3 and 4 of every stream; every bear on the boulder;
        seat 1 is the first player (BD11)."""
        n, m = len(config.seats), len(config.streams)
        salmon = tuple(1 if node % SQUARES >= 2 else 0 for node in range(SQUARES * m)) + (0,)
        state = State(
            config,
            phase="roll",
            round=0,
            first=0,
            moved=0,
            salmon=salmon,
            bears=(SQUARES * m,) * n,
            carried=(0,) * n,
            banked=(0,) * n,
            water=config.water_supply,
            stack=config.rock_stack,
            supply=config.salmon_supply,
        )
        started = event(
            "game-started",
            game=self.name,
            players=n,
            streams=list(config.streams),
            water_supply=config.water_supply,
            rock_stack=config.rock_stack,
            salmon_supply=config.salmon_supply,
            first_player=1,
        )
        return state, (started,)

    # -- whose decision -------------------------------------------------------------------
    def actor(self, state: State) -> int:
        if state.phase == "move":
            return state.mover
        return CHANCE if state.phase == "roll" else TERMINAL

    def chance_outcomes(self, state: State) -> list:
        """P-BD7: one roll names a face of every die in play, left to right; its weight is the
        product of how many faces of each die show it (C2). Faces in the order each die
        first shows them."""
        cfg = state.cfg
        per_die = []
        for die in cfg.dice:
            shown = sorted(set(die), key=die.index)
            per_die.append([(f, die.count(f)) for f in shown])
        out = []
        for combo in product(*per_die):
            weight = 1
            for _, w in combo:
                weight *= w
            faces = tuple(zip(cfg.streams, (f for f, _ in combo), strict=True))
            out.append((Roll(faces), weight))
        return out

    def sample_chance(self, state: State, rng: Rng):
        return Game.sample_chance(self, state, rng)  # one weighted draw over chance_outcomes

    def legal_steps(self, state: State) -> list:
        if state.phase != "move":
            return []
        return self.legal_for(state, state.mover)

    def legal_for(self, state: State, seat: int) -> list:
        """BD8: a move to each destination of the seat's bear, in node order; `stay` only
        when there is none."""
        if state.phase != "move":
            return []
        dests = self.destinations(state, seat)
        if not dests:
            return [Stay()]
        return [Move(graph.name(state.cfg.streams, d)) for d in sorted(dests)]

    def destinations(self, state: State, seat: int) -> dict[int, int]:
        """Where `seat`'s bear may go now, with the steps it takes (BD8-BD10)."""
        cfg = state.cfg
        others = frozenset(b for i, b in enumerate(state.bears) if i != seat and b != state.boulder)
        adj = graph.neighbours(cfg.streams, cfg.rocks)
        return search(adj, state.boulder, state.bears[seat], state.salmon, others)

    def outcome(self, state: State) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(state.termination, winners(state.banked), state.banked)

    # -- a step ---------------------------------------------------------------------------
    def advance(self, state: State, step) -> State:
        return self.apply(state, step)[0]

    def apply(self, state: State, step) -> tuple[State, tuple[Event, ...]]:
        if state.phase == "over":
            raise self.refuse(step, "the game is over", "BD12")
        if state.phase == "roll":
            if not isinstance(step, Roll):
                raise self.refuse(
                    step,
                    f"round {state.round + 1} begins with seat "
                    f"{state.first + 1} rolling every die in play "
                    "(roll STREAM:FACE ...)",
                    "BD11",
                )
            return self.roll(state, step)
        if isinstance(step, Roll):
            raise self.refuse(
                step,
                f"the dice of round {state.round} are rolled; "
                f"{state.cfg.who(state.mover)} moves its bear now",
                "BD8",
            )
        if step.seat is not None and step.seat - 1 != state.mover:  # P-C6
            raise self.refuse(
                step,
                f"it is {state.cfg.who(state.mover)}'s turn to move (bears move "
                f"in seat order from the first player, {state.cfg.who(state.first)})",
                "BD11",
            )
        if isinstance(step, Stay):
            return self.stay(state, step)
        return self.move(state, step)

    # -- the roll: water, then salmon (BD5-BD7) -------------------------------------------
    def roll(self, state: State, step: Roll):
        cfg = state.cfg
        if tuple(s for s, _ in step.faces) != cfg.streams:
            raise self.refuse(
                step,
                f"the roll names one face for each die in play, left to "
                f"right: {', '.join(cfg.streams)}",
                "BD1",
            )
        for (stream, face), die in zip(step.faces, cfg.dice, strict=True):
            if face not in die:
                raise self.refuse(
                    step, f"{face} is not a face of the {stream} die ({', '.join(die)})", "BD3"
                )
        rnd = state.round + 1
        faces = [f"{s}:{f}" for s, f in step.faces]
        events = [event("dice-rolled", round=rnd, seat=state.first + 1, faces=faces)]
        state = replace(state, round=rnd, dice=step.faces)
        # BD5: the streams from left to right, each tile of water in turn.
        for i, (stream, face) in enumerate(step.faces):
            for _ in range(WATER.get(face, 0)):
                state = self.flow(state, i, stream, events)
        # BD7, P-BD3: the shortage is judged once the water has flowed.
        needed = sum(SALMON.get(f, 0) for _, f in step.faces)
        if state.supply < needed:
            events.append(event("salmon-shortage", needed=needed, supply=state.supply))
            return self.finish(state, BY_SALMON, events)
        for i, (stream, face) in enumerate(step.faces):
            if SALMON.get(face, 0):
                state = self.jump(state, i, stream, SALMON[face], events)
        return replace(state, phase="move", moved=0), tuple(events)

    def flow(self, state: State, i: int, stream: str, events: list) -> State:
        """One tile of water slides in behind the boulder of stream i (BD5): from the water
        supply, else from under the rock, which begins the final round (P-BD11); with none
        left anywhere the water does not flow (P-BD1). Square 4 falls over the edge (BD6)."""
        water, stack, final = state.water, state.stack, state.final
        if water > 0:
            water, source = water - 1, "supply"
        elif stack > 0:
            if not final:
                reason = "the water supply is used up; the rock is put aside"
                events.append(event("final-round-begun", round=state.round, reason=reason))
            stack, source, final = stack - 1, "rock-stack", True
        else:
            events.append(event("water-exhausted", stream=stream))
            return state
        events.append(
            event(
                "water-tile-slid-in",
                stream=stream,
                source=source,
                water_supply=water,
                rock_stack=stack,
            )
        )
        base = SQUARES * i
        edge = base + SQUARES - 1
        salmon, supply = list(state.salmon), state.supply
        bears, carried = list(state.bears), list(state.carried)
        on_edge = next((s for s, b in enumerate(bears) if b == edge), None)
        bear = None if on_edge is None else on_edge + 1
        events.append(event("tile-fell", stream=stream, salmon=salmon[edge], bear=bear))
        # BD6: the salmon on square 4 go back to the supply; every other tile moves up one.
        supply += salmon[edge]
        salmon[base + 1 : edge + 1] = salmon[base:edge]
        salmon[base] = 0
        for s, b in enumerate(bears):
            if base <= b < edge:
                bears[s] = b + 1
        if on_edge is not None:
            # BD6: a bear on the falling tile loses what it carries and climbs the boulder.
            lost = carried[on_edge]
            supply += lost
            carried[on_edge] = 0
            bears[on_edge] = state.boulder
            events.append(event("bear-fell", seat=on_edge + 1, stream=stream, lost=lost))
        return replace(
            state,
            water=water,
            stack=stack,
            final=final,
            supply=supply,
            salmon=tuple(salmon),
            bears=tuple(bears),
            carried=tuple(carried),
        )

    def jump(self, state: State, i: int, stream: str, count: int, events: list) -> State:
        """BD7: `count` salmon jump into stream i, one a tile from square 4 down, past the
        tiles with a bear; what finds no tile returns to the supply."""
        salmon = list(state.salmon)
        placed: list[str] = []
        for k in range(SQUARES, 0, -1):
            if len(placed) == count:
                break
            node = SQUARES * i + k - 1
            if node in state.bears:
                continue
            salmon[node] += 1
            placed.append(f"{stream}{k}")
        events.append(event("salmon-jumped", stream=stream, rolled=count, squares=placed))
        if len(placed) < count:
            events.append(event("surplus-returned", stream=stream, count=count - len(placed)))
        return replace(state, salmon=tuple(salmon), supply=state.supply - len(placed))

    # -- the bears (BD8-BD11) -------------------------------------------------------------
    def stay(self, state: State, step: Stay):
        """BD8: a bear stays only when it has nowhere to go."""
        seat = state.mover
        dests = self.destinations(state, seat)
        if dests:
            names = ", ".join(graph.name(state.cfg.streams, d) for d in sorted(dests))
            who = state.cfg.who(seat)
            raise self.refuse(step, f"a bear must move when it can; {who} can reach {names}", "BD8")
        at = graph.name(state.cfg.streams, state.bears[seat])
        stayed = event("bear-stayed", seat=seat + 1, at=at, reason="no destination")
        return self.next_seat(state, [stayed])

    def move(self, state: State, step: Move):
        """BD8: the bear moves to a destination (P-BD8: the move names only where it ends);
        it catches the salmon there (BD9) or banks what it carries on the boulder (BD10)."""
        cfg = state.cfg
        seat = state.mover
        here = state.bears[seat]
        target = graph.node_of(cfg.streams, step.dest)
        if target is None:
            raise self.refuse(
                step,
                f"{step.dest[:-1]} is not a stream in play with "
                f"{len(cfg.seats)} players ({', '.join(cfg.streams)})",
                "BD1",
            )
        if target == here:
            raise self.refuse(
                step,
                f"{cfg.who(seat)}'s bear already stands on {step.dest}; "
                "a move names a different place",
                "BD8",
            )
        if target != state.boulder and target in state.bears:
            other = cfg.who(state.bears.index(target))
            raise self.refuse(
                step, f"{other}'s bear stands on {step.dest}; a tile holds one bear", "BD8"
            )
        dests = self.destinations(state, seat)
        if target not in dests:
            raise self.unreachable(state, seat, step)
        frm = graph.name(cfg.streams, here)
        events = [
            event("bear-moved", seat=seat + 1, to=step.dest, steps=dests[target], **{"from": frm})
        ]
        bears = with_value(state.bears, seat, target)
        salmon, carried, banked = state.salmon, state.carried, state.banked
        if target == state.boulder:
            if carried[seat]:  # P-BD4: with nothing carried, nothing is banked
                banked = with_value(banked, seat, banked[seat] + carried[seat])
                events.append(
                    event("salmon-banked", seat=seat + 1, count=carried[seat], banked=banked[seat])
                )
                carried = with_value(carried, seat, 0)
        elif salmon[target]:
            carried = with_value(carried, seat, carried[seat] + salmon[target])
            events.append(
                event(
                    "salmon-caught",
                    seat=seat + 1,
                    square=step.dest,
                    count=salmon[target],
                    carried=carried[seat],
                )
            )
            salmon = with_value(salmon, target, 0)
        state = replace(state, bears=bears, salmon=salmon, carried=carried, banked=banked)
        return self.next_seat(state, events)

    def unreachable(self, state: State, seat: int, step: Move):
        """P-BD6: a move out of reach names the first ruling whose relaxation alone opens a
        way: the boulder ends a move (BD10), bears block (BD8), rocks (BD4), salmon end a
        move (BD9); else BD8."""
        cfg = state.cfg
        target = graph.node_of(cfg.streams, step.dest)
        bears = frozenset(b for i, b in enumerate(state.bears) if i != seat and b != state.boulder)

        def reach(rocks=cfg.rocks, occupied=bears, **relax) -> bool:
            adj = graph.neighbours(cfg.streams, rocks)
            found = search(adj, state.boulder, state.bears[seat], state.salmon, occupied, **relax)
            return target in found

        if reach(stop_on_boulder=False):
            return self.refuse(
                step,
                f"the way to {step.dest} crosses the boulder, and "
                "arriving on the boulder ends the move",
                "BD10",
            )
        if reach(occupied=frozenset()):
            return self.refuse(
                step,
                f"bears block every way to {step.dest}: a bear cannot "
                "pass a tile with a bear on it",
                "BD8",
            )
        if reach(rocks=()):
            return self.refuse(
                step,
                f"a rock blocks every way to {step.dest} (bears cannot step sideways past a rock)",
                "BD4",
            )
        if reach(stop_on_salmon=False):
            return self.refuse(
                step,
                f"every way to {step.dest} crosses salmon, and arriving on salmon ends the move",
                "BD9",
            )
        return self.refuse(
            step,
            f"no way to {step.dest}: a path crosses only tiles with neither a bear nor salmon",
            "BD8",
        )

    def next_seat(self, state: State, events: list):
        """After a bear's turn: the next seat moves, or the round ends (BD11); after the final
        round the game ends (BD12), else the first player's place passes on."""
        state = replace(state, moved=state.moved + 1)
        if state.moved < len(state.bears):
            return state, tuple(events)
        events.append(event("round-ended", round=state.round))
        if state.final:
            return self.finish(state, BY_WATER, events)
        nxt = (state.first + 1) % len(state.bears)
        events.append(
            event(
                "first-player-passed",
                to=nxt + 1,
                round=state.round + 1,
                **{"from": state.first + 1},
            )
        )
        return replace(state, phase="roll", first=nxt, moved=0), tuple(events)

    def finish(self, state: State, termination: str, events: list):
        """BD12: half of what each bear carries (rounded down) goes back to the supply, the
        rest is banked; the most salmon win, ties all win."""
        carried, banked, supply = list(state.carried), list(state.banked), state.supply
        events.append(event("final-scoring", termination=termination))
        for seat, c in enumerate(carried):
            back = c // 2
            supply += back
            banked[seat] += c - back
            events.append(
                event(
                    "salmon-counted",
                    seat=seat + 1,
                    carried=c,
                    returned=back,
                    kept=c - back,
                    salmon=banked[seat],
                )
            )
        events.append(
            event(
                "game-ended",
                termination=termination,
                winners=[w + 1 for w in winners(tuple(banked))],
                scores=list(banked),
                rounds=state.round,
            )
        )
        done = replace(
            state,
            phase="over",
            carried=(0,) * len(carried),
            banked=tuple(banked),
            supply=supply,
            termination=termination,
        )
        return done, tuple(events)


def search(
    adj, boulder, start, salmon, occupied, stop_on_salmon=True, stop_on_boulder=True
) -> dict[int, int]:
    """BD8-BD10: every destination of a bear at `start`, with its distance in steps, breadth
    first. A path runs through tiles with neither a bear (`occupied`) nor salmon; it may end
    on salmon (BD9) or on the boulder (BD10), which stop the move, or on an empty tile. The
    two flags relax BD9 / BD10, only to name the ruling that refuses a move (P-BD6)."""
    dist = {start: 0}
    out: dict[int, int] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nb in adj[node]:
            if nb in dist:
                continue
            dist[nb] = dist[node] + 1
            if nb == boulder:
                out[nb] = dist[nb]
                if not stop_on_boulder:
                    queue.append(nb)
                continue
            if nb in occupied:
                continue
            out[nb] = dist[nb]
            if salmon[nb] == 0 or not stop_on_salmon:
                queue.append(nb)
    return out


def winners(banked: tuple[int, ...]) -> tuple[int, ...]:
    """BD12: the seats with the most salmon banked (ties all win)."""
    best = max(banked)
    return tuple(i for i, b in enumerate(banked) if b == best)


def with_value(values: tuple, i: int, v) -> tuple:
    """The tuple with item i replaced by v."""
    return values[:i] + (v,) + values[i + 1 :]


REFERENCE = ReferenceBearDown()
