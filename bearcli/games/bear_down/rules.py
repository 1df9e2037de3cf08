"""Bear Down! rules (BD1-BD13): pure functions over immutable states, the fast way.

The readable source of these rules is `reference.py` (and `reference_bots.py` for the bots):
the rulebook as plain code. A rule changes there first, then here; the equality tests,
tests/games/bear_down/test_fast_paths.py and test_fast_steps.py, show where the two part.

A round is one chance step (the first player's roll of every die in play, which brings the
water and the salmon: BD5-BD7) followed by one move step per seat from the first player
(BD8-BD11). The game ends at a salmon shortage or after the final round (BD12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache, reduce
from itertools import compress, product
from operator import or_
from typing import TypedDict

from bearcli.core.abilities import DrawnBeside
from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Game, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.source import Source
from bearcli.core.values import assemble
from bearcli.games.bear_down import graph, notation, params
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.narrate import BearDownNarrator
from bearcli.games.bear_down.notation import Move, Roll, Stay
from bearcli.games.bear_down.params import BDConfig
from bearcli.games.bear_down.tables import Tables

WATER = {"W": 1, "WWS": 2}  # tiles per face (BD3)
SALMON = {"WWS": 1, "S1": 1, "S2": 2, "S3": 3}  # salmon per face (BD3)
BY_WATER, BY_SALMON = "water-ran-out", "salmon-ran-out"
_STREAM = (1 << SQUARES) - 1  # the bits of one stream's squares in a node mask


class Changes(TypedDict, total=False):
    """Changes to a State's fields (`_evolve`): each key a field, with its type."""

    cfg: BDConfig
    phase: str
    round: int
    first: int
    moved: int
    salmon: tuple[int, ...]
    bears: tuple[int, ...]
    carried: tuple[int, ...]
    banked: tuple[int, ...]
    water: int
    stack: int
    supply: int
    final: bool
    dice: tuple[tuple[str, str], ...]
    termination: str | None


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

    @property
    def reach(self) -> list[int | None]:
        """graph.search for the mover's bear: the steps to each node it may go to (never
        change the list). Worked out once per state and held by it: within a turn the runner
        asks for the legal steps, a bot for the destinations and `apply` for the way, all at
        the same state. Not a field: a state compares, hashes and prints by its fields."""
        try:
            return self._reach  # type: ignore[attr-defined]  # a slot (__slots__), not a field
        except AttributeError:
            return _search_mover(self)

    # The mover's search (`reach`): kept in a slot, beside the fields' dict, so that a
    # changed copy (`_evolve`, which copies that dict) never carries it over.
    __slots__ = ("__dict__", "_reach")

    def __getstate__(self) -> dict:
        return self.__dict__  # pickled by its fields: the search is made again where needed


class BearDown(DrawnBeside, Game[BDConfig, State]):
    name = "bear-down"
    drawings = "bearcli.games.bear_down"  # Pictures: its render.py and svg.py
    rules_version = 1
    title = "Bear Down!"
    min_seats, max_seats = 2, 4  # BD1
    cooperative = False
    seats_ruling = "BD1"
    scenario_keys = frozenset({"params"})

    @cached_property
    def bots(self):  # imported late (bots depend on these rules), once: each game asks
        from bearcli.games.bear_down import bots

        return bots.BOTS

    # -- set-up ---------------------------------------------------------------------
    def configure(self, source: Source, seats: tuple[Seat, ...]) -> BDConfig:
        return params.configure(source, seats)

    def config_dict(self, config: BDConfig) -> dict:
        return params.config_dict(config)

    def initial_state(self, config: BDConfig) -> tuple[State, tuple[Event, ...]]:
        # The same every game of a configuration (both values are immutable): made once.
        tables = config.tables
        if tables.start is None:
            tables.start = self._initial_state(config)
        return tables.start

    def _initial_state(self, config: BDConfig) -> tuple[State, tuple[Event, ...]]:
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
        phase = state.phase
        if phase == "move":
            return (state.first + state.moved) % len(state.bears)  # state.mover, inlined
        return CHANCE if phase == "roll" else TERMINAL

    def chance_outcomes(self, state: State) -> list:
        return list(_outcomes(state.cfg.streams, state.cfg.dice))

    def chance_pattern(self, state: State) -> str:
        return notation.roll_pattern(state.cfg.streams, state.cfg.dice)

    def sample_chance(self, state: State, rng) -> Roll:
        """The roll `rng.weighted(chance_outcomes)` would draw, from the same single draw.

        So seeded games are the ones the full list gave, without listing up to 6^5 rolls.
        """
        tables = state.cfg.tables
        return tables.roll(rng.below(tables.rolls))

    def legal_steps(self, state: State) -> list:
        if state.phase != "move":
            return []
        # The moves to the nodes with a distance, in node order. The runner asks first at a
        # state: the search is made here, and the state holds it (State.reach).
        moves = list(compress(state.cfg.tables.moves, _search_mover(state)))
        return moves or [Stay()]

    def legal_for(self, state: State, seat: int) -> list:
        """legal_steps for `seat`'s bear as if it moved now: a replay names the seat a refused
        move would suit (P-C6; bears move in seat order, BD11)."""
        if state.phase != "move":
            return []
        return list(compress(state.cfg.tables.moves, self._distances(state, seat))) or [Stay()]

    def destinations(self, state: State, seat: int) -> dict[int, int]:
        """Where `seat`'s bear may go now, with the steps it takes (shared with the bots)."""
        return {node: d for node, d in enumerate(self._distances(state, seat)) if d}

    def _distances(self, state: State, seat: int) -> list[int | None]:
        """graph.search for `seat`'s bear; the list may be shared: never change it."""
        if seat == (state.first + state.moved) % len(state.bears):  # state.mover, inlined
            try:
                return state._reach  # type: ignore[attr-defined]  # State.reach, inlined
            except AttributeError:
                return _search_mover(state)
        tables, bears = state.cfg.tables, state.bears
        return graph.search(tables.adj, tables.inner, bears[seat], state.salmon, bears)

    def apply(self, state: State, step) -> tuple[State, tuple[Event, ...]]:
        return self._apply(state, step, [])

    def advance(self, state: State, step) -> State:
        """apply() without the events: the hot ones are never made (the quiet runner's)."""
        if state.phase == "move" and step.__class__ is Move and step.seat is None:
            return self._move(state, step, None)[0]  # the usual step, as _apply would go
        return self._apply(state, step, None)[0]

    def _apply(self, state: State, step, events: list | None):
        """Validate and apply; `events` collects what happened, or is None to skip them."""
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
            return self._roll(state, step, events)
        if isinstance(step, Roll):
            raise self.refuse(
                step,
                f"the dice of round {state.round} are rolled; "
                f"{state.cfg.who(state.mover)} moves its bear now",
                "BD8",
            )
        if step.seat is not None and step.seat - 1 != state.mover:
            raise self.refuse(
                step,
                f"it is {state.cfg.who(state.mover)}'s turn to move (bears move "
                f"in seat order from the first player, {state.cfg.who(state.first)})",
                "BD11",
            )
        if isinstance(step, Stay):
            return self._stay(state, step, events)
        return self._move(state, step, events)

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

    def transcript_kinds(self, config) -> tuple[tuple[str, str, str], ...]:
        from bearcli.games.bear_down.notation import TRANSCRIPT_KINDS

        return TRANSCRIPT_KINDS

    # -- abilities (bearcli/core/abilities.py): Pictures through DrawnBeside ---------
    def describe(self, state: State) -> str:
        from bearcli.games.bear_down.board import text_board

        return text_board(state)

    # -- the roll: water, then salmon (BD5-BD7) -----------------------------------------
    def _roll(self, state: State, step: Roll, events: list | None):
        tables = state.cfg.tables
        plan = _plan(tables, step.faces)
        if plan is None:
            raise self._bad_roll(state, step)
        texts, flows, needed, jumps = plan
        rnd = state.round + 1
        if events is not None:
            events.append(
                Event("dice-rolled", (("faces", texts), ("round", rnd), ("seat", state.first + 1)))
            )
        # One working copy of the board for the whole roll; the state is made once, at the end.
        salmon, bears, carried = list(state.salmon), list(state.bears), list(state.carried)
        water, stack, final, supply = state.water, state.stack, state.final, state.supply
        for stream, fall in flows:
            # One tile slides in behind the boulder (BD5): from the supply, else from under
            # the rock, which begins the final round.
            if water > 0:
                water, source = water - 1, "supply"
            elif stack > 0:
                if not final and events is not None:
                    events.append(
                        event(
                            "final-round-begun",
                            round=rnd,
                            reason="the water supply is used up; the rock is put aside",
                        )
                    )
                stack, source, final = stack - 1, "rock-stack", True
            else:
                # P-BD1: no tile is left anywhere, so this water does not flow.
                if events is not None:
                    events.append(event("water-exhausted", stream=stream))
                continue
            if events is not None:
                events.append(tables.slid_in[stack, source, stream, water])
            supply += _fall(tables, fall, stream, salmon, bears, carried, events)
        short = supply < needed
        if short:
            # BD7: the game ends at once; no salmon is placed and no bear moves.
            if events is not None:
                events.append(event("salmon-shortage", needed=needed, supply=supply))
        elif jumps:
            bits = tables.bits
            occupied = reduce(or_, map(bits.__getitem__, bears))  # a bit mask of the bears' tiles
            for stream, count, shift, landings in jumps:
                # BD7: one salmon a tile from square 4 down, past the bears; surplus returns.
                nodes, squares = landings[occupied >> shift & _STREAM]
                for node in nodes:
                    salmon[node] += 1
                supply -= len(nodes)
                if events is not None:
                    events.append(tables.jumped[count, squares, stream])
                    if len(nodes) < count:
                        left = count - len(nodes)
                        events.append(event("surplus-returned", stream=stream, count=left))
        board: Changes = {
            "round": rnd,
            "dice": step.faces,
            "salmon": tuple(salmon),
            "bears": tuple(bears),
            "carried": tuple(carried),
            "water": water,
            "stack": stack,
            "supply": supply,
            "final": final,
        }
        if short:
            return self._finish(_evolve(state, board), BY_SALMON, events)
        board["phase"], board["moved"] = "move", 0
        return _evolve(state, board), (tuple(events) if events else ())

    def _bad_roll(self, state: State, step: Roll):
        cfg = state.cfg
        named = tuple(s for s, _ in step.faces)
        if named != cfg.streams:
            return self.refuse(
                step,
                f"the roll names one face for each die in play, left to "
                f"right: {', '.join(cfg.streams)}",
                "BD1",
            )
        for (stream, face), die in zip(step.faces, cfg.dice, strict=True):
            if face not in die:
                return self.refuse(
                    step, f"{face} is not a face of the {stream} die ({', '.join(die)})", "BD3"
                )
        raise AssertionError(f"unreachable: {step} is a roll of {cfg.streams}")

    # -- the bears (BD8-BD11) -----------------------------------------------------------
    def _stay(self, state: State, step: Stay, events: list | None):
        seat = state.mover
        dests = self.destinations(state, seat)
        if dests:
            names = ", ".join(graph.name(state.cfg.streams, d) for d in sorted(dests))
            raise self.refuse(
                step,
                f"a bear must move when it can; {state.cfg.who(seat)} can reach {names}",
                "BD8",
            )
        where = graph.name(state.cfg.streams, state.bears[seat])
        if events is not None:
            events.append(event("bear-stayed", seat=seat + 1, at=where, reason="no destination"))
        return self._next(state, events, {})

    def _move(self, state: State, step: Move, events: list | None):
        tables = state.cfg.tables
        bears = state.bears
        seat = (state.first + state.moved) % len(bears)  # state.mover, inlined
        here = bears[seat]
        target = tables.nodes.get(step.dest)  # every square in play and the boulder
        if target is None:
            cfg = state.cfg
            raise self.refuse(
                step,
                f"{step.dest[:-1]} is not a stream in play with "
                f"{len(cfg.seats)} players ({', '.join(cfg.streams)})",
                "BD1",
            )
        boulder = tables.boulder
        steps = self._distances(state, seat)[target]
        if not steps:  # no destination: its own tile, a bear's, or out of reach
            if target == here:
                raise self.refuse(
                    step,
                    f"{state.cfg.who(seat)}'s bear already stands on {step.dest}; "
                    "a move names a different place",
                    "BD8",
                )
            if target != boulder and target in bears:
                other = state.cfg.who(bears.index(target))
                raise self.refuse(
                    step,
                    f"{other}'s bear stands on {step.dest}; a tile holds one bear",
                    "BD8",
                )
            raise self._unreachable(state, seat, step)
        if events is not None:
            events.append(tables.moved[tables.names[here], seat + 1, steps, step.dest])
        changes: Changes = {"bears": bears[:seat] + (target,) + bears[seat + 1 :]}
        if target == boulder:
            held = state.carried[seat]
            if held:
                banked = state.banked
                banked = changes["banked"] = _set(banked, seat, banked[seat] + held)
                if events is not None:
                    events.append(tables.banked[banked[seat], held, seat + 1])
                changes["carried"] = _set(state.carried, seat, 0)
        else:
            caught = state.salmon[target]
            if caught:
                carried = state.carried
                carried = changes["carried"] = _set(carried, seat, carried[seat] + caught)
                if events is not None:
                    events.append(tables.caught[carried[seat], caught, seat + 1, step.dest])
                changes["salmon"] = _set(state.salmon, target, 0)
        return self._next(state, events, changes)

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

    def _next(self, state: State, events: list | None, changes: Changes):
        """After a move (`changes`, to the state's fields): the next seat, or the end of the
        round (BD11, BD12)."""
        moved = changes["moved"] = state.moved + 1
        seats = len(state.bears)
        if moved < seats:
            return _evolve(state, changes), (tuple(events) if events else ())
        if events is not None:
            events.append(state.cfg.tables.round_ended[(state.round,)])
        if state.final:
            return self._finish(_evolve(state, changes), BY_WATER, events)
        nxt = (state.first + 1) % seats
        if events is not None:
            events.append(state.cfg.tables.passed[state.first + 1, state.round + 1, nxt + 1])
        changes["phase"], changes["first"], changes["moved"] = "roll", nxt, 0
        return _evolve(state, changes), (tuple(events) if events else ())

    def _finish(self, state: State, termination: str, events: list | None):
        """BD12: half of what each bear carries (rounded down) goes back; the rest is banked."""
        carried, banked, supply = state.carried, list(state.banked), state.supply
        for seat, c in enumerate(carried):
            back = c // 2
            supply += back
            banked[seat] += c - back
        banked_t = tuple(banked)
        if events is not None:
            events.append(event("final-scoring", termination=termination))
            for seat, c in enumerate(carried):
                back = c // 2
                events.append(
                    event(
                        "salmon-counted",
                        seat=seat + 1,
                        carried=c,
                        returned=back,
                        kept=c - back,
                        salmon=banked_t[seat],
                    )
                )
            events.append(
                event(
                    "game-ended",
                    termination=termination,
                    winners=[w + 1 for w in _winners(banked_t)],
                    scores=list(banked_t),
                    rounds=state.round,
                )
            )
        over: Changes = {
            "phase": "over",
            "carried": (0,) * len(carried),
            "banked": banked_t,
            "supply": supply,
            "termination": termination,
        }
        return _evolve(state, over), (tuple(events) if events else ())


def _fall(
    tables: Tables, fall: tuple, stream: str, salmon: list, bears: list, carried: list, events
):
    """A tile has slid in behind a stream's boulder: square 4 falls (BD2, BD6), with its
    salmon and any bear on it (which loses what it carried); the rest move up one square.
    `fall` is the stream's (first node, edge node, each node's node after the fall: the
    edge's is the boulder) from Tables.falls. Changes the lists in place; returns the
    salmon that went back to the supply."""
    base, edge, after = fall
    on_edge = bears.index(edge) if edge in bears else None
    salmon.insert(base, 0)  # a new square 1, empty; square 4 is pushed out:
    back = salmon.pop(edge + 1)
    if events is not None:
        events.append(tables.tile_fell[None if on_edge is None else on_edge + 1, back, stream])
    bears[:] = [after[b] for b in bears]
    if on_edge is not None:
        lost = carried[on_edge]
        back += lost
        carried[on_edge] = 0
        if events is not None:
            events.append(event("bear-fell", seat=on_edge + 1, stream=stream, lost=lost))
    return back


def _plan(tables: Tables, faces: tuple[tuple[str, str], ...]):
    """What a roll asks of the board, worked out once per roll and configuration: the faces
    as the log writes them (`blue:W`); per water tile to slide in, its (stream, fall) (BD5);
    the salmon needed; per die showing salmon, its (stream, count, shift, landings) (BD7),
    where `landings` (Tables.landings) gives where they land for the stream's bears, read
    from the bears' bit mask shifted by `shift`. None if the faces are not a roll of the
    dice in play, left to right (BD1, BD3)."""
    plan = tables.plans.get(faces)
    if plan is None:
        if len(faces) != len(tables.faces):
            return None
        texts, flows, jumps, needed = [], [], [], 0
        for i, (side, known) in enumerate(zip(faces, tables.faces, strict=True)):
            text = known.get(side)
            if text is None:
                return None
            texts.append(text)
            stream, face = side
            flows += [(stream, tables.falls[i])] * WATER.get(face, 0)
            count = SALMON.get(face, 0)
            if count:
                jumps.append((stream, count, SQUARES * i, tables.landings[i][count]))
                needed += count
        plan = tables.plans[faces] = (tuple(texts), tuple(flows), needed, tuple(jumps))
    return plan


def _evolve(state: State, changes: Changes) -> State:
    """core.values.evolve for a State (the mover's search, in its slot, stays behind)."""
    return assemble(State, {**state.__dict__, **changes})


def _search_mover(state: State) -> list[int | None]:
    """State.reach, searched now and held by the state."""
    tables, bears = state.cfg.tables, state.bears
    # All the bears count as occupied: the search never looks up its start or the boulder.
    found = graph.search(tables.adj, tables.inner, bears[state.mover], state.salmon, bears)
    object.__setattr__(state, "_reach", found)  # not a field: see State.__slots__
    return found


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
