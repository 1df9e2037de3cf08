"""Bear Down! rules (BD1-BD13): pure functions over immutable states.

A round is one chance step (the first player's roll of every die in play, which brings the
water and the salmon: BD5-BD7) followed by one move step per seat from the first player
(BD8-BD11). The game ends at a salmon shortage or after the final round (BD12).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import product

from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Game, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.source import Source
from bearcli.games.bear_down import graph, notation, params
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.narrate import BearDownNarrator
from bearcli.games.bear_down.notation import Move, Roll, Stay
from bearcli.games.bear_down.params import BDConfig

WATER = {"W": 1, "WWS": 2}  # tiles per face (BD3)
SALMON = {"WWS": 1, "S1": 1, "S2": 2, "S3": 3}  # salmon per face (BD3)
BY_WATER, BY_SALMON = "water-ran-out", "salmon-ran-out"


@dataclass(frozen=True)
class State:
    # The config travels with the state (shared, never copied) so the rules stay a pure
    # function of (state, step).
    cfg: BDConfig = field(repr=False, compare=False)
    phase: str  # "roll" | "move" | "over"
    round: int  # rounds begun (rolls made)
    first: int  # the first player's seat (0-based) this round (BD11)
    moved: int  # bears that have moved this round
    salmon: tuple[int, ...]  # salmon per node; the last entry (the boulder) stays 0
    bears: tuple[int, ...]  # node per seat
    carried: tuple[int, ...]  # per seat, not yet safe (BD6, BD12)
    banked: tuple[int, ...]  # per seat, safe (BD10)
    water: int  # tiles left in the water supply
    stack: int  # tiles left under the rock
    supply: int  # salmon in the salmon supply
    final: bool = False  # a tile came from under the rock this round (BD5)
    dice: tuple[tuple[str, str], ...] = ()  # the latest roll, for the board
    termination: str | None = None

    @property
    def boulder(self) -> int:
        return SQUARES * len(self.cfg.streams)

    @property
    def mover(self) -> int:
        return (self.first + self.moved) % len(self.bears)


class BearDown(Game):
    name = "bear-down"
    rules_version = 1
    title = "Bear Down!"
    min_seats, max_seats = 2, 4  # BD1
    cooperative = False
    seats_ruling = "BD1"
    scenario_keys = frozenset({"params"})

    @property
    def bots(self):  # imported late: bots depend on these rules
        from bearcli.games.bear_down import bots

        return bots.BOTS

    # -- set-up ---------------------------------------------------------------------
    def configure(self, source: Source, seats: tuple[Seat, ...]) -> BDConfig:
        return params.configure(source, seats)

    def config_dict(self, config: BDConfig) -> dict:
        return params.config_dict(config)

    def initial_state(self, config: BDConfig) -> tuple[State, tuple[Event, ...]]:
        n, m = len(config.seats), len(config.streams)
        # BD13: one salmon on squares 3 and 4 of every stream; all bears on the boulder.
        salmon = tuple(1 if node % SQUARES >= 2 else 0 for node in range(SQUARES * m)) + (0,)
        state = State(
            config,
            "roll",
            0,
            0,
            0,
            salmon,
            (SQUARES * m,) * n,
            (0,) * n,
            (0,) * n,
            config.water_supply,
            config.rock_stack,
            config.salmon_supply,
        )
        return state, (
            event(
                "game-started",
                game=self.name,
                players=n,
                streams=list(config.streams),
                water_supply=config.water_supply,
                rock_stack=config.rock_stack,
                salmon_supply=config.salmon_supply,
                first_player=1,
            ),
        )

    # -- play -----------------------------------------------------------------------
    def actor(self, state: State) -> int:
        if state.phase == "over":
            return TERMINAL
        return CHANCE if state.phase == "roll" else state.mover

    def chance_outcomes(self, state: State) -> list:
        return list(_outcomes(state.cfg.streams, state.cfg.dice))

    def legal_steps(self, state: State) -> list:
        if state.phase != "move":
            return []
        dests = self.destinations(state, state.mover)
        if not dests:
            return [Stay()]
        streams = state.cfg.streams
        return [Move(graph.name(streams, d)) for d in sorted(dests)]

    def destinations(self, state: State, seat: int) -> dict[int, int]:
        """Where `seat`'s bear may go now, with the steps it takes (shared with the bots)."""
        cfg = state.cfg
        occupied = frozenset(
            b for i, b in enumerate(state.bears) if i != seat and b != state.boulder
        )
        return graph.destinations(
            graph.neighbours(cfg.streams, cfg.rocks),
            state.boulder,
            state.bears[seat],
            state.salmon,
            occupied,
        )

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
            return self._roll(state, step)
        if isinstance(step, Roll):
            raise self.refuse(
                step,
                f"the dice of round {state.round} are rolled; seat "
                f"{state.mover + 1} moves its bear now",
                "BD8",
            )
        if step.seat is not None and step.seat - 1 != state.mover:
            raise self.refuse(
                step,
                f"it is seat {state.mover + 1}'s turn to move (bears move "
                f"in seat order from the first player, seat "
                f"{state.first + 1})",
                "BD11",
            )
        if isinstance(step, Stay):
            return self._stay(state, step)
        return self._move(state, step)

    def outcome(self, state: State) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(state.termination, _winners(state.banked), state.banked)

    def parse_step(self, text: str):
        return notation.parse(text)

    def measures(self, state: State) -> dict[str, int]:
        return {"rounds": state.round}

    def narrator(self, config: BDConfig) -> BearDownNarrator:
        return BearDownNarrator(config)

    def describe(self, state: State) -> str:
        from bearcli.games.bear_down.board import text_board

        return text_board(state)

    # -- the roll: water, then salmon (BD5-BD7) -----------------------------------------
    def _roll(self, state: State, step: Roll):
        cfg = state.cfg
        named = tuple(s for s, _ in step.faces)
        if named != cfg.streams:
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
        events = [
            event(
                "dice-rolled",
                round=rnd,
                seat=state.first + 1,
                faces=[f"{s}:{f}" for s, f in step.faces],
            )
        ]
        state = replace(state, round=rnd, dice=step.faces)
        for i, (stream, face) in enumerate(step.faces):
            for _ in range(WATER.get(face, 0)):
                state = self._flow(state, i, stream, events)
        needed = sum(SALMON.get(f, 0) for _, f in step.faces)
        if state.supply < needed:
            # BD7: the game ends at once; no salmon is placed and no bear moves.
            events.append(event("salmon-shortage", needed=needed, supply=state.supply))
            return self._finish(state, BY_SALMON, events)
        for i, (stream, face) in enumerate(step.faces):
            if SALMON.get(face, 0):
                state = self._jump(state, i, stream, SALMON[face], events)
        return replace(state, phase="move", moved=0), tuple(events)

    def _flow(self, state: State, i: int, stream: str, events: list) -> State:
        """One tile slides in behind the boulder; square 4 falls (BD2, BD5, BD6)."""
        water, stack, final = state.water, state.stack, state.final
        if water > 0:
            water, source = water - 1, "supply"
        elif stack > 0:
            if not final:
                events.append(
                    event(
                        "final-round-begun",
                        round=state.round,
                        reason="the water supply is used up; the rock is put aside",
                    )
                )
            stack, source, final = stack - 1, "rock-stack", True
        else:
            # P-BD1: no tile is left anywhere, so this water does not flow.
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
        events.append(
            event(
                "tile-fell",
                stream=stream,
                salmon=salmon[edge],
                bear=None if on_edge is None else on_edge + 1,
            )
        )
        supply += salmon[edge]
        salmon[base + 1 : edge + 1] = salmon[base:edge]
        salmon[base] = 0
        for s, b in enumerate(bears):
            if base <= b < edge:
                bears[s] = b + 1
        if on_edge is not None:
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

    def _jump(self, state: State, i: int, stream: str, count: int, events: list) -> State:
        """BD7: one salmon per tile from square 4 down, skipping bears; surplus returns."""
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

    # -- the bears (BD8-BD11) -----------------------------------------------------------
    def _stay(self, state: State, step: Stay):
        seat = state.mover
        dests = self.destinations(state, seat)
        if dests:
            names = ", ".join(graph.name(state.cfg.streams, d) for d in sorted(dests))
            raise self.refuse(
                step, f"a bear must move when it can; seat {seat + 1} can reach {names}", "BD8"
            )
        where = graph.name(state.cfg.streams, state.bears[seat])
        return self._next(
            state, [event("bear-stayed", seat=seat + 1, at=where, reason="no destination")]
        )

    def _move(self, state: State, step: Move):
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
                f"seat {seat + 1}'s bear already stands on {step.dest}; "
                "a move names a different place",
                "BD8",
            )
        if target != state.boulder and target in state.bears:
            other = state.bears.index(target) + 1
            raise self.refuse(
                step, f"seat {other}'s bear stands on {step.dest}; a tile holds one bear", "BD8"
            )
        dests = self.destinations(state, seat)
        if target not in dests:
            raise self._unreachable(state, seat, step)
        events = [
            event(
                "bear-moved",
                seat=seat + 1,
                to=step.dest,
                steps=dests[target],
                **{"from": graph.name(cfg.streams, here)},
            )
        ]
        bears = _set(state.bears, seat, target)
        salmon, carried, banked = state.salmon, state.carried, state.banked
        if target == state.boulder:
            if carried[seat]:
                banked = _set(banked, seat, banked[seat] + carried[seat])
                events.append(
                    event("salmon-banked", seat=seat + 1, count=carried[seat], banked=banked[seat])
                )
                carried = _set(carried, seat, 0)
        elif salmon[target]:
            carried = _set(carried, seat, carried[seat] + salmon[target])
            events.append(
                event(
                    "salmon-caught",
                    seat=seat + 1,
                    square=step.dest,
                    count=salmon[target],
                    carried=carried[seat],
                )
            )
            salmon = _set(salmon, target, 0)
        state = replace(state, bears=bears, salmon=salmon, carried=carried, banked=banked)
        return self._next(state, events)

    def _unreachable(self, state: State, seat: int, step: Move):
        """Name the ruling that cuts the way: the first whose relaxation alone opens one."""
        cfg = state.cfg
        target = graph.node_of(cfg.streams, step.dest)
        bears = frozenset(b for i, b in enumerate(state.bears) if i != seat and b != state.boulder)

        def reach(rocks=cfg.rocks, occupied=bears, **relax) -> bool:
            return target in graph.destinations(
                graph.neighbours(cfg.streams, rocks),
                state.boulder,
                state.bears[seat],
                state.salmon,
                occupied,
                **relax,
            )

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

    def _next(self, state: State, events: list):
        """After a move: the next seat, or the end of the round (BD11, BD12)."""
        state = replace(state, moved=state.moved + 1)
        if state.moved < len(state.bears):
            return state, tuple(events)
        events.append(event("round-ended", round=state.round))
        if state.final:
            return self._finish(state, BY_WATER, events)
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

    def _finish(self, state: State, termination: str, events: list):
        """BD12: half of what each bear carries (rounded down) goes back; the rest is banked."""
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
        banked_t = tuple(banked)
        events.append(
            event(
                "game-ended",
                termination=termination,
                winners=[w + 1 for w in _winners(banked_t)],
                scores=list(banked_t),
                rounds=state.round,
            )
        )
        return replace(
            state,
            phase="over",
            carried=(0,) * len(carried),
            banked=banked_t,
            supply=supply,
            termination=termination,
        ), tuple(events)


@lru_cache(maxsize=16)
def _outcomes(streams: tuple[str, ...], dice: tuple[tuple[str, ...], ...]) -> tuple:
    """Every roll with its weight: the product of each face's multiplicity on its die (C2).

    Cached per configuration: the list is the same every round and has up to 5^5 entries.
    """
    per_die = []
    for die in dice:
        faces = sorted(set(die), key=die.index)  # first-appearance order: deterministic
        per_die.append([(f, die.count(f)) for f in faces])
    out = []
    for combo in product(*per_die):
        weight = 1
        for _, w in combo:
            weight *= w
        out.append((Roll(tuple(zip(streams, (f for f, _ in combo), strict=True))), weight))
    return tuple(out)


def _winners(banked: tuple[int, ...]) -> tuple[int, ...]:
    best = max(banked)
    return tuple(i for i, b in enumerate(banked) if b == best)  # BD12: ties all win


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]
