"""Sliding Bears rules (SB1-SB9): pure functions over immutable states, the fast way.

The readable source of these rules is `reference.py` (and `reference_bots.py` for the bots):
the rulebook as plain code. A rule changes there first, then here; the equality tests,
tests/games/sliding_bears/test_fast_paths.py, show where the two part.

The rules run for every step of every simulated game, so they look nothing up twice: what
never changes during a game (square names, neighbours, each bear's jump candidates, the step,
dice and event objects) is worked out once per configuration (`Tables`), and a state carries,
beside its `cells`, bit masks of its ice, open water, tiles and bears (bit i is square i) and
the legal steps of its position (found in `_settle`, which needs them anyway to see whether
the turn goes on). tests/games/sliding_bears/test_fast_paths.py proves these rules equal to
the reference on many seeded positions and games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from operator import getitem
from typing import NamedTuple, TypedDict, cast

from bearcli.core.abilities import DrawnBeside
from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Config, Game, Seat
from bearcli.core.memo import Memo
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng
from bearcli.core.source import Source
from bearcli.core.values import assemble
from bearcli.games.sliding_bears import layout as layout_fmt
from bearcli.games.sliding_bears import notation, rating
from bearcli.games.sliding_bears.layout import COLOURS, Layout
from bearcli.games.sliding_bears.narrate import SlidingBearsNarrator
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Remove, Roll, Wind

START, FINISH = -1, -2  # bear positions off the grid
ALL_ACROSS = (FINISH,) * 4
BEAR_DIE = ("pink", "green", "blue", "yellow", "pink/blue", "green/yellow")  # SB3
WEATHER_DIE = ("crack", "crack", "crack", "wind", "wind", "wind")  # SB3
LEVELS = ("normal", "hard")
VARIANTS = ("classic", "multicolour")
WON, LOST = "all-bears-across", "no-free-ice"
COLOUR_INDEX = {colour: k for k, colour in enumerate(COLOURS)}
PASS = Pass()


@dataclass(frozen=True)
class SBConfig(Config):
    layout: Layout
    level: str = "normal"
    variant: str = "classic"
    bear_die: tuple[str, ...] = BEAR_DIE
    weather_die: tuple[str, ...] = WEATHER_DIE
    remove: str | None = None  # the set-up removal, when the scenario names it (SB2)

    @cached_property
    def start(self) -> tuple[State, tuple[Event, ...]]:
        """The position before the first step and its events: the same for every game."""
        return SlidingBears()._start(self)

    @cached_property
    def tables(self) -> Tables:
        """What the rules look up during a game of this configuration (built once)."""
        return Tables(self.layout, self.level, self.variant, self.bear_die, self.weather_die)


@dataclass(frozen=True)
class State:
    # The config travels with the state (shared, never copied) so the rules stay a pure
    # function of (state, step) with no game-wide settings.
    cfg: SBConfig = field(repr=False, compare=False)
    cells: tuple[str, ...]  # "I", "S", "R", "." row-major from row 1
    bears: tuple[int, ...]  # per colour: START, FINISH or a square index
    phase: str  # "remove" | "roll" | "act" | "over"
    turn: int  # turns begun (rolls made)
    seat: int  # whose turn it is (0-based)
    bear_face: str | None = None  # bear die face not yet used this turn
    weather: str | None = None  # weather face not yet used this turn
    termination: str | None = None
    # Derived from the fields above (never compared, never shown); bit i stands for square i.
    ice: int = field(init=False, repr=False, compare=False)  # ice tiles
    water: int = field(init=False, repr=False, compare=False)  # open water
    tiles: int = field(init=False, repr=False, compare=False)  # ice or seal: what the wind slides
    occupied: int = field(init=False, repr=False, compare=False)  # squares a bear stands on
    mover: int = field(init=False, repr=False, compare=False)  # actor(): a seat, CHANCE, TERMINAL
    options: Sequence = field(init=False, repr=False, compare=False)  # legal steps ("act")
    # The cracks or slides among them (SB5, SB6): a jump with the wind, or a pass with a
    # crack, leaves them as they are, and the next position takes them over.
    weather_steps: Sequence = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The plain way in (State(...), dataclasses.replace). The rules' own steps make their
        # states in _settle, deriving the new values from the old ones as they go.
        values = cast(Fields, self.__dict__)
        masks = _masks(self.cells, self.bears)
        values["ice"], values["water"], values["tiles"], values["occupied"] = masks
        values["mover"] = {"over": TERMINAL, "roll": CHANCE}.get(self.phase, self.seat)
        steps: list = []
        values["weather_steps"] = []
        if self.phase == "act":
            tables = self.cfg.tables
            weather = values["weather_steps"] = _weather_steps(tables, values)
            steps = _jump_steps(tables, values) + weather
            if self.bear_face is not None or self.weather == "wind":
                steps.append(PASS)
        values["options"] = steps


class Fields(TypedDict):
    """A State's attributes, the derived ones too, as a step works them out: the old state's
    copied (`_fields`), changed, and made the new state (`_settle`, core.values.assemble)."""

    cfg: SBConfig
    cells: tuple[str, ...]
    bears: tuple[int, ...]
    phase: str
    turn: int
    seat: int
    bear_face: str | None
    weather: str | None
    termination: str | None
    ice: int
    water: int
    tiles: int
    occupied: int
    mover: int
    options: Sequence
    weather_steps: Sequence | None  # None while a step leaves them to be found (_settle)


def _fields(state: State) -> Fields:
    """A copy of the state's attributes, to be changed into the next state's."""
    return cast(Fields, state.__dict__.copy())


class SlidingBears(DrawnBeside, Game[SBConfig, State]):
    name = "sliding-bears"
    drawings = "bearcli.games.sliding_bears"  # Pictures: its render.py and svg.py
    rules_version = 1
    title = "Sliding Bears"
    min_seats, max_seats = 1, 6  # SB9
    cooperative = True
    seats_ruling = "SB9"
    scenario_keys = frozenset({"layout", "level", "variant", "params", "remove"})
    file_keys = frozenset({"layout"})
    # Abilities (bearcli/core/abilities.py): static checks, `.layout` files, exact solving over
    # whole turns, rating, pictures (below).
    never_ends = frozenset({"P-SB10"})  # a weather die with no crack on a floe never ends
    scenario_suffix = ".layout"
    scenario_file_kind = "layout"
    scenario_file_taken_by = "`bearcli play`, `simulate`, `validate` and `layout show` take it"
    rating_axes = rating.AXES
    rating_settings = rating.SETTINGS
    rating_bots = rating.BOTS
    rating_pieces = COLOURS

    @cached_property
    def bots(self):  # imported late: bots depend on these rules
        from bearcli.games.sliding_bears import bots

        return bots.BOTS

    # -- set-up ---------------------------------------------------------------------
    def configure(self, source: Source, seats: tuple[Seat, ...]) -> SBConfig:
        lay = _load_layout(source)
        level = source.typed("level", str, "normal")
        if level not in LEVELS:
            raise source.error(
                f"level must be normal or hard, not {level!r}", "level", ruling="SB2"
            )
        variant = source.typed("variant", str, "classic")
        if variant not in VARIANTS:
            raise source.error(
                f"variant must be classic or multicolour, not {variant!r}", "variant", ruling="SB3"
            )
        needed = "S" if level == "normal" else "I"
        if needed not in lay.cells:
            what = "seal" if needed == "S" else "ice"
            raise source.error(
                f"a layout with no {what} tile cannot be played at the {level} "
                f"level: one {what} tile is removed before the first roll",
                "layout",
                ruling="SB2",
            )
        bear_die, weather_die = _dice(source, variant)
        remove = source.typed("remove", str, None)
        if remove is not None:
            sq = lay.grid.parse(remove)
            if sq is None or lay.cells[sq] != needed:
                what = "a seal" if needed == "S" else "an ice tile"
                raise source.error(
                    f"'remove' must name {what} of the layout at the {level} level, not {remove!r}",
                    "remove",
                    ruling="SB2",
                )
        return SBConfig(seats, lay, level, variant, bear_die, weather_die, remove)

    def config_dict(self, config: SBConfig) -> dict:
        return {
            "layout": config.layout.to_text(),
            "level": config.level,
            "variant": config.variant,
            "bear_die": list(config.bear_die),
            "weather_die": list(config.weather_die),
            "remove": config.remove,
        }

    def initial_state(self, config: SBConfig) -> tuple[State, tuple[Event, ...]]:
        return config.start

    def _start(self, config: SBConfig) -> tuple[State, tuple[Event, ...]]:
        lay = config.layout
        state = State(config, lay.cells, (START,) * 4, "remove", 0, 0)
        events = [
            event(
                "game-started",
                game=self.name,
                columns=lay.width,
                rows=lay.height,
                level=config.level,
                variant=config.variant,
                seats=len(config.seats),
                ice=lay.cells.count("I"),
                seals=lay.cells.count("S"),
                rocks=lay.cells.count("R"),
            )
        ]
        if config.remove is not None:
            state, more = self._remove(config, state, Remove(config.remove))
            events.extend(more)
        return state, tuple(events)

    # -- play -----------------------------------------------------------------------
    def actor(self, state: State) -> int:
        return state.mover  # TERMINAL once over, CHANCE at a roll, else the seat to decide

    def chance_outcomes(self, state: State) -> list:
        return list(state.cfg.tables.rolls)

    def sample_chance(self, state: State, rng: Rng) -> Roll:
        # Game.sample_chance's own draw (one rng.below over the summed weights, the outcomes
        # in chance_outcomes' order), read from the outcomes laid out once, one per weight.
        tables = state.cfg.tables
        return tables.roll_draw[rng.below(len(tables.roll_draw))]

    def legal_steps(self, state: State) -> list:
        if state.phase == "act":
            return list(state.options)  # found by _settle when the position was reached
        if state.phase == "remove":
            tables = state.cfg.tables
            tile = tables.removed_tile
            return [tables.removes[i] for i, c in enumerate(state.cells) if c == tile]
        return []

    def apply(self, state: State, step) -> tuple[State, tuple[Event, ...]]:
        cfg = state.cfg
        # The steps of play, straight to their rule; the checks below give the same answer.
        phase = state.phase
        if phase == "act":
            rule = _ACT_RULES.get(step.__class__)
            if rule is not None:
                return rule(self, cfg, state, step)
        elif phase == "roll" and step.__class__ is Roll:
            return self._roll(cfg, state, step)
        if state.phase == "over":
            raise self.refuse(step, "the game is over", "SB8")
        if state.phase == "remove":
            if not isinstance(step, Remove):
                raise self.refuse(
                    step, "first one tile is removed from the grid (remove SQUARE)", "SB2"
                )
            return self._remove(cfg, state, step)
        if isinstance(step, Remove):
            raise self.refuse(step, "the set-up removal was already made", "SB2")
        if state.phase == "roll":
            if not isinstance(step, Roll):
                raise self.refuse(
                    step,
                    f"{cfg.who(state.seat)} must roll the two dice first (roll BEAR WEATHER)",
                    "SB3",
                )
            return self._roll(cfg, state, step)
        if isinstance(step, Roll) and state.weather == "crack":  # pass cannot settle a crack
            raise self.refuse(
                step,
                "the dice of this turn are already rolled and its crack is still owed: "
                "crack SQUARE first (a free ice tile)",
                "SB5",
            )
        if isinstance(step, Roll):
            raise self.refuse(
                step,
                "the dice of this turn are already rolled; use them (jump/crack/wind) or pass",
                "SB7",
            )
        if isinstance(step, Jump):
            return self._jump(cfg, state, step)
        if isinstance(step, Crack):
            return self._crack(cfg, state, step)
        if isinstance(step, Wind):
            return self._wind(cfg, state, step)
        return self._pass(cfg, state, step)

    def outcome(self, state: State) -> Outcome | None:
        if state.termination is None:
            return None
        cfg = state.cfg
        winners = tuple(range(len(cfg.seats))) if state.termination == WON else ()
        return Outcome(state.termination, winners)

    def parse_step(self, text: str):
        return notation.parse(text)

    def measures(self, state: State) -> dict[str, int]:
        return {"turns": state.turn}

    def narrator(self, config: SBConfig) -> SlidingBearsNarrator:
        return SlidingBearsNarrator(config)

    def transcript_kinds(self, config) -> tuple[tuple[str, str, str], ...]:
        from bearcli.games.sliding_bears.notation import TRANSCRIPT_KINDS

        return TRANSCRIPT_KINDS

    # -- abilities (bearcli/core/abilities.py) ---------------------------------------
    def static_findings(self, config: SBConfig, where) -> tuple:
        """StaticChecks: the floe's findings, P-SB7 to P-SB12 (floe_checks.py)."""
        from bearcli.games.sliding_bears import floe_checks

        return floe_checks.check(config, where)

    def scenario_of_file(self, file_name: str, title: str) -> dict:
        """ScenarioFiles: the scenario a bare `.layout` file stands for (layout.py)."""
        from bearcli.games.sliding_bears.layout import bare_scenario

        return bare_scenario(file_name, title)

    def is_scenario_file_text(self, text: str) -> bool:
        """ScenarioFiles: a layout told from its text (layout.py)."""
        from bearcli.games.sliding_bears.layout import looks_like_layout

        return looks_like_layout(text)

    def solve_exactly(self, config: SBConfig, budget, *, symmetry: bool = True):
        """ExactSolving: whole turns over integer codes (turn_solver.py)."""
        from bearcli.games.sliding_bears import turn_solver

        return turn_solver.solve_game(self, config, budget, symmetry)

    def rating_anchors(self, bot: str):
        """Rating: the bot's win rates on the shipped floes (rating.py)."""
        return rating.ANCHORS_BY_BOT.get(bot, {})

    def rated_game(self, events, outcome, turns: int):
        """Rating: the bears across, the way a game was lost, the set-up removal."""
        return rating.rated_game(events, outcome, turns)

    def rating_seats(self, config: SBConfig, bot: str, budget: int | None):
        """Rating: the planner seated with its node budget, any other bot as the batch's."""
        return rating.rating_seats(config, bot, budget)

    def solve_key(self, state: State):
        # The turn count and the deciding seat never change what can happen next (SB9: the
        # seats are one team), so positions that differ only there are the same position.
        return (
            state.cells,
            state.bears,
            state.phase,
            state.bear_face,
            state.weather,
            state.termination,
        )

    def describe(self, state: State) -> str:
        from bearcli.games.sliding_bears.board import text_board

        return text_board(state)

    # -- the steps ----------------------------------------------------------------------
    # Each step works out the field values of the position it leads to (the old ones, copied,
    # with its changes) and its events; _settle completes them and makes the new state.
    def _remove(self, cfg: SBConfig, state: State, step: Remove):
        tables = cfg.tables
        needed = tables.removed_tile  # SB2: a seal at the normal level, an ice tile at the hard
        sq = tables.square(step.square)
        if sq is None or state.cells[sq] != needed:
            what = "a seal" if needed == "S" else "an ice tile"
            raise self.refuse(
                step,
                f"at the {cfg.level} level the tile removed is {what}; "
                f"{step.square} is {_tile_name(state, sq)}",
                "SB2",
            )
        bit = 1 << sq
        new = _fields(state)
        new["cells"] = _set(state.cells, sq, ".")
        new["phase"] = "roll"
        new["mover"] = CHANCE
        new["ice"] = state.ice & ~bit
        new["tiles"] = state.tiles & ~bit
        new["water"] = state.water | bit
        new["options"] = new["weather_steps"] = ()
        tile = "seal" if needed == "S" else "ice"
        return assemble(State, new), (event("tile-removed", square=step.square, tile=tile),)

    def _roll(self, cfg: SBConfig, state: State, step: Roll):
        bear, weather = step.bear, step.weather
        if bear not in cfg.bear_die:
            raise self.refuse(
                step, f"{bear!r} is not a face of the bear die ({', '.join(cfg.bear_die)})", "SB3"
            )
        if weather not in cfg.weather_die:
            raise self.refuse(step, f"{weather!r} is not a face of the weather die", "SB3")
        new = _fields(state)
        new["phase"] = "act"
        new["mover"] = state.seat
        new["turn"] = turn = state.turn + 1
        new["bear_face"] = bear
        new["weather"] = weather
        new["weather_steps"] = None  # to be found
        key = ("dice-rolled", state.seat + 1, turn, bear, weather)
        return self._settle(cfg, new, [cfg.tables.events[key]])

    def _jump(self, cfg: SBConfig, state: State, step: Jump):
        face = state.bear_face
        if face is None:
            raise self.refuse(step, "the bear die is already used or forgone this turn", "SB4")
        tables = cfg.tables
        k = COLOUR_INDEX.get(step.colour)
        if k not in tables.movers[face]:  # SB3: the colours the bear die shows
            allowed = self.colours_for(cfg, face)
            raise self.refuse(
                step, f"the bear die shows {face}, which moves {' or '.join(allowed)}", "SB3"
            )
        here = state.bears[k]
        if here == FINISH:
            raise self.refuse(
                step, f"the {step.colour} bear has arrived and does not move again", "SB4"
            )
        target = tables.position.get(step.target)  # None: no square of this grid
        # SB4: onto free ice next to the bear; from start onto the grid square beside it; from
        # that square back to start; from the top square beside the finish onto the finish.
        moves = tables.jumps[k][here]
        if target not in moves.targets or (
            target >= 0 and not (state.ice & ~state.occupied) >> target & 1
        ):
            raise self.refuse(step, self._why_not(cfg, state, k, target, step.target), "SB4")
        new = _fields(state)
        new["bears"] = bears = _set(state.bears, k, target)
        occupied = state.occupied
        if here >= 0:
            occupied ^= 1 << here
        if target >= 0:
            occupied |= 1 << target
        new["occupied"] = occupied
        new["bear_face"] = None
        if state.weather == "crack":
            new["weather_steps"] = None  # the free ice changed: the cracks are found anew
        key = ("bear-jumped", step.colour, tables.pos_name[here], step.target)
        events = [tables.events[key]]
        if target == FINISH:
            events.append(tables.events["bear-arrived", step.colour, bears.count(FINISH)])
        return self._settle(cfg, new, events)

    def _crack(self, cfg: SBConfig, state: State, step: Crack):
        if state.weather != "crack":
            raise self.refuse(step, "the weather die does not show crack this turn", "SB5")
        tables = cfg.tables
        sq = tables.square_index.get(step.square)  # None: no square of this grid
        # SB5: a crack takes a free ice tile (one no bear stands on).
        if sq is None or not (state.ice & ~state.occupied) >> sq & 1:
            what = (
                "a bear stands on it"
                if sq is not None and sq in state.bears
                else f"it is {_tile_name(state, sq)}"
            )
            raise self.refuse(
                step, f"a crack removes a free ice tile; {step.square}: {what}", "SB5"
            )
        bit = 1 << sq
        new = _fields(state)
        cells = list(state.cells)
        cells[sq] = "."
        new["cells"] = tuple(cells)
        new["weather"] = None
        new["weather_steps"] = ()
        new["ice"] = state.ice ^ bit
        new["tiles"] = state.tiles ^ bit
        new["water"] = state.water | bit
        key = ("ice-cracked", step.square, state.ice.bit_count() - 1)
        return self._settle(cfg, new, [tables.events[key]])

    def _wind(self, cfg: SBConfig, state: State, step: Wind):
        if state.weather != "wind":
            raise self.refuse(step, "the weather die does not show wind (or it was used)", "SB6")
        tables = cfg.tables
        src = tables.square_index.get(step.source)  # None: no square of this grid
        dst = tables.square_index.get(step.target)
        if src is None or not state.tiles >> src & 1:
            raise self.refuse(
                step,
                f"only ice or seal tiles slide; {step.source} is {_tile_name(state, src)}",
                "SB6",
            )
        if dst is None or not tables.near[src] >> dst & 1:
            raise self.refuse(
                step,
                f"{step.target} is not next to {step.source} (slides go "
                "one square, never diagonally)",
                "SB6",
            )
        if not state.water >> dst & 1:
            raise self.refuse(
                step,
                f"a tile slides into open water; {step.target} is {_tile_name(state, dst)}",
                "SB6",
            )
        new = _fields(state)
        cells = list(state.cells)
        tile = cells[src]
        cells[src], cells[dst] = ".", tile
        new["cells"] = tuple(cells)
        new["weather"] = None
        new["weather_steps"] = ()
        moved = (1 << src) | (1 << dst)
        if tile == "I":
            new["ice"] = state.ice ^ moved
        new["tiles"] = state.tiles ^ moved
        new["water"] = state.water ^ moved
        rider = None
        if state.occupied >> src & 1:  # the bear on the tile rides along (SB6)
            rider = state.bears.index(src)
            new["bears"] = _set(state.bears, rider, dst)
            new["occupied"] = state.occupied ^ moved
            rider = COLOURS[rider]
        key = ("tile-slid", "ice" if tile == "I" else "seal", step.source, step.target, rider)
        return self._settle(cfg, new, [tables.events[key]])

    def _pass(self, cfg: SBConfig, state: State, step: Pass):
        forgone = []
        if state.bear_face is not None:
            forgone.append("bear")
        if state.weather == "wind":
            forgone.append("wind")
        if not forgone:
            raise self.refuse(
                step, "nothing optional is left to forgo; the crack is mandatory", "SB5"
            )
        new = _fields(state)
        new["bear_face"] = None
        if state.weather == "wind":
            new["weather"] = None
            new["weather_steps"] = ()
        key = ("effects-forgone", tuple(forgone))
        return self._settle(cfg, new, [cfg.tables.events[key]])

    def _settle(self, cfg: SBConfig, new: Fields, events: list[Event]):
        """The state of the field values `new` a step led to, and what follows by itself:
        the win, the loss, the end of a turn with nothing left; else its legal steps."""
        tables = cfg.tables
        key: tuple  # an event's (type, *values), for tables.events
        if new["bears"] == ALL_ACROSS:  # SB8: all four bears are across
            key = ("game-ended", "won", WON, new["turn"])
            events.append(tables.events[key])
            _game_over(new, WON)
        else:
            # The legal steps: the jumps (SB4), then the cracks or slides (SB5, SB6), which a
            # step that leaves them as they were passes on.
            weather = new["weather_steps"]
            if weather is None:
                weather = new["weather_steps"] = _weather_steps(tables, new)
            face = new["bear_face"]
            steps: list  # the legal steps: the rules' own lists (the jumps' and slides')
            if face is not None:
                steps = []
                free = new["ice"] & ~new["occupied"]  # free ice: no bear on it
                bears = new["bears"]
                for k, moves in tables.face_jumps[face]:  # see _jump_steps
                    ice_mask, jumps = moves[bears[k]]
                    steps += jumps[free & ice_mask]
                steps += weather
            else:
                steps = weather  # type: ignore[assignment]  # the list _weather_steps made
            if steps:
                # SB4, SB6: the bear die and the wind may be forgone
                if face is not None:
                    steps.append(PASS)
                elif new["weather"] == "wind":
                    steps = [*steps, PASS]
                new["options"] = steps
            elif new["weather"] == "crack":  # SB5, SB8: the crack is mandatory; nothing moves
                key = ("game-ended", "lost", LOST, new["turn"])
                events.append(tables.events[key])
                _game_over(new, LOST)
            else:  # SB7: nothing is left to do; the next seat rolls
                unused = _UNUSED[bool(new["bear_face"]), bool(new["weather"])]
                key = ("turn-ended", new["seat"] + 1, new["turn"], unused)
                events.append(tables.events[key])
                new["seat"] = (new["seat"] + 1) % len(cfg.seats)
                new["phase"] = "roll"
                new["mover"] = CHANCE
                new["bear_face"] = new["weather"] = None
                new["options"] = new["weather_steps"] = ()
        return assemble(State, new), tuple(events)

    # -- queries the bots and the board share -----------------------------------------------
    def colours_for(self, cfg: SBConfig, face: str) -> tuple[str, ...]:
        return _colours_for(cfg.variant, face)

    def _why_not(self, cfg: SBConfig, state: State, k: int, target: int | None, text: str) -> str:
        colour = COLOURS[k]
        if target is None:
            return f"{text} is not a square of this {cfg.layout.width} x {cfg.layout.height} grid"
        if target in (START, FINISH):
            return (
                f"the {colour} bear reaches its {text} square only from the grid square next to it"
            )
        if state.cells[target] != "I":
            return f"bears jump only onto ice; {text} is {_tile_name(state, target)}"
        if target in state.bears:
            return f"{text} is not free: the {COLOURS[state.bears.index(target)]} bear is there"
        return f"{text} is not next to the {colour} bear (one square, never diagonally)"


def _load_layout(source: Source) -> Layout:
    raw = source.get("layout")
    if not isinstance(raw, str):
        raise source.error(
            "'layout' must be a path to a layout file or an inline grid", "layout", ruling="SB1"
        )
    if "\n" in raw:
        at = source.loc("layout")
        first = at.line + 1 if at else 1
        lines = source.text.splitlines()
        indent = 0
        if first - 1 < len(lines):
            body = lines[first - 1]
            indent = len(body) - len(body.lstrip())
        return layout_fmt.parse(raw, source.file, first, indent)
    text, shown = source.read_named_file("layout")
    return layout_fmt.parse(text, shown)


def _dice(source: Source, variant: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    params = source.get("params", {})
    if not isinstance(params, dict):
        raise source.error("'params' must be a mapping", "params")
    psrc = source.child("params") if "params" in source.data else source
    if params:
        psrc.require_mapping(frozenset({"bear_die", "weather_die"}))
    for key in ("bear_die", "weather_die"):
        faces = params.get(key, [])
        if not isinstance(faces, list):  # a number or a word would crash tuple() below
            raise psrc.error(f"{key} is a list of six faces, not {faces!r}", key, ruling="SB3")
    bear = notation.canonical_faces(params.get("bear_die", BEAR_DIE))  # blue/pink: pink/blue
    weather = tuple(params.get("weather_die", WEATHER_DIE))
    for key, faces in (("bear_die", bear), ("weather_die", weather)):
        if len(faces) != 6 or not all(isinstance(f, str) for f in faces):
            raise psrc.error(f"{key} needs six faces, not {len(faces)}", key, ruling="SB3")
    for i, face in enumerate(bear):
        if not notation._face_ok(face):
            raise psrc.error(
                f"bear_die face {face!r} is not a colour or colours joined by '/'",
                "bear_die",
                i,
                ruling="SB3",
            )
    for i, face in enumerate(weather):
        if face not in ("crack", "wind"):
            raise psrc.error(
                f"weather_die face {face!r} must be crack or wind", "weather_die", i, ruling="SB3"
            )
    reachable = set()
    for face in bear:
        parts = face.split("/")
        reachable |= set(COLOURS) if len(parts) > 1 and variant == "multicolour" else set(parts)
    missing = [c for c in COLOURS if c not in reachable]
    if missing:
        raise psrc.error(
            f"no bear_die face moves {', '.join(missing)}: the game could never be won",
            "bear_die",
            ruling="SB3",
        )
    return bear, weather


def _game_over(new: Fields, termination: str) -> None:
    """What a settled position changes when the game is over."""
    new["phase"] = "over"
    new["mover"] = TERMINAL
    new["options"] = new["weather_steps"] = ()
    new["termination"] = termination


# The dice a turn left unused, by whether the bear die and the weather die are still unused.
_UNUSED = {
    (False, False): (),
    (True, False): ("bear",),
    (False, True): ("wind",),
    (True, True): ("bear", "wind"),
}
# The rule of each step of play (apply), by the step's class.
_ACT_RULES = {
    Jump: SlidingBears._jump,
    Crack: SlidingBears._crack,
    Wind: SlidingBears._wind,
    Pass: SlidingBears._pass,
}


# -- what a configuration never changes during a game ----------------------------------------


class BearMoves(NamedTuple):
    """Where one bear may jump from one place (SB4), before looking at the ice."""

    targets: frozenset[int]  # every place it may reach from here, given free ice
    ice_mask: int  # the grid squares among them: open when they hold free ice
    # The jump steps, in legal order, for each set of those squares holding free ice.
    steps: dict[int, tuple[Jump, ...]]


class Tables:
    """Everything the rules look up for one configuration, built once (`SBConfig.tables`).

    The step objects are made here once: the legal steps of a position are picked from them.
    """

    def __init__(self, lay: Layout, level: str, variant: str, bear_die, weather_die):
        self.key = (lay, level, variant, bear_die, weather_die)
        # The events of the steps, by (type, *values in EVENT_FIELDS order): made once.
        self.events: Memo[tuple, Event] = Memo(EVENTS_KEPT, _new_event)
        self.grid = grid = lay.grid
        n = grid.size
        self.names = names = tuple(grid.name(i) for i in range(n))
        self.square_index = {name: i for i, name in enumerate(names)}
        self.position = {**self.square_index, "start": START, "finish": FINISH}
        self.pos_name = {START: "start", FINISH: "finish", **dict(enumerate(names))}
        self.near = tuple(sum(1 << j for j in nbs) for nbs in grid.table)  # neighbour masks
        w = lay.width
        # SB2: the set-up removal takes a seal at the normal level, an ice tile at the hard.
        self.removed_tile = "S" if level == "normal" else "I"
        self.removes = tuple(Remove(name) for name in names)
        # SB3: the bear die's faces, as the colour indices each moves; the two dice's rolls.
        self.movers = {
            face: tuple(COLOUR_INDEX[c] for c in _colours_for(variant, face)) for face in bear_die
        }
        bears, weathers = Counter(bear_die), Counter(weather_die)
        self.rolls = tuple(
            (Roll(b, wf), nb * nw) for b, nb in bears.items() for wf, nw in weathers.items()
        )
        self.roll_draw = tuple(roll for roll, weight in self.rolls for _ in range(weight))
        # SB4: each bear's candidate jumps from each place: the plain rule on a floe of free
        # ice; at play, the grid squares among them must hold free ice.
        all_ice = ("I",) * n
        self.jumps: list[dict[int, BearMoves]] = []  # per colour, per place
        self.jump_steps: list[dict[int, tuple]] = []  # the same as (ice_mask, steps) pairs
        for k, colour in enumerate(COLOURS):
            table = {}
            step_to = {t: Jump(colour, self.pos_name[t]) for t in (START, FINISH, *range(n))}
            for here in (START, *range(n)):
                others = tuple(here if j == k else START for j in range(4))
                targets = _jump_targets(lay, all_ice, others, k)
                ice_mask = sum(1 << t for t in targets if t >= 0)
                table[here] = BearMoves(
                    frozenset(targets),
                    ice_mask,
                    {
                        free: tuple(step_to[t] for t in targets if t < 0 or free >> t & 1)
                        for free in _submasks(ice_mask)
                    },
                )
            self.jumps.append(table)
            steps = {here: (m.ice_mask, m.steps) for here, m in table.items()}
            steps[FINISH] = (0, {0: ()})  # an arrived bear moves no more
            self.jump_steps.append(steps)
        # Each bear-die face's colours, with their jump tables (SB3, SB4).
        self.face_jumps = {
            face: tuple((k, self.jump_steps[k]) for k in ks) for face, ks in self.movers.items()
        }
        # A mask read eight squares at a time, from its bytes: square_chunks[c][byte] are the
        # squares 8c..8c+7 whose bits are set in byte, in square order; crack_chunks[c][byte]
        # their cracks (SB5).
        self.nbytes = (n + 7) // 8
        self.square_chunks = tuple(
            tuple(
                tuple(8 * c + i for i in range(8) if byte >> i & 1 and 8 * c + i < n)
                for byte in range(256)
            )
            for c in range((n + 7) // 8)
        )
        cracks = [Crack(name) for name in names]
        self.crack_chunks = tuple(
            tuple(tuple(cracks[i] for i in squares) for squares in chunk)
            for chunk in self.square_chunks
        )
        # SB6: the slides from each square, for each set of its neighbours holding water, in
        # the neighbours' order (below, left, right, above); the masks of the squares not in
        # the first or the last column, to shift a mask a square left or right.
        winds = [{j: Wind(names[i], names[j]) for j in nbs} for i, nbs in enumerate(grid.table)]
        self.slides = tuple(
            {
                subset: tuple(winds[i][j] for j in nbs if subset >> j & 1)
                for subset in _submasks(self.near[i])
            }
            for i, nbs in enumerate(grid.table)
        )
        self.width = w
        self.not_first_col = sum(1 << i for i in range(n) if i % w)
        self.not_last_col = sum(1 << i for i in range(n) if i % w != w - 1)

    def square(self, text: str) -> int | None:
        """A square's index from its name, or None when it is no square of this grid."""
        return self.square_index.get(text)

    def __reduce__(self):  # pickled as its key: rebuilt where it is unpickled
        return (Tables, self.key)


def _submasks(mask: int) -> list[int]:
    """Every mask whose bits are among those of `mask`."""
    out = [0]
    while mask:
        low = mask & -mask
        out += [m | low for m in out]
        mask ^= low
    return out


# -- the rules' computations on a position ------------------------------------------------------


def _jump_steps(tables: Tables, v: Fields) -> list:
    """SB4: the jumps of each bear the bear die moves (see Tables.jumps)."""
    out: list = []
    face = v["bear_face"]
    if face is not None:
        free = v["ice"] & ~v["occupied"]  # free ice: no bear on it
        bears = v["bears"]
        for k, moves in tables.face_jumps[face]:
            ice_mask, steps = moves[bears[k]]
            out += steps[free & ice_mask]
    return out


def _weather_steps(tables: Tables, v: Fields) -> list:
    """SB5: a crack takes any free ice tile; SB6: the wind slides an ice or seal tile into
    open water beside it. In square order (a slide's: its tile's, then below, left, right,
    above). Masks are read a byte at a time through the chunk tables, the loop in C."""
    weather = v["weather"]
    if weather == "crack":
        free = v["ice"] & ~v["occupied"]
        return [
            *chain.from_iterable(
                map(getitem, tables.crack_chunks, free.to_bytes(tables.nbytes, "little"))
            )
        ]
    if weather == "wind":
        water = v["water"]
        beside_water = (
            (water >> tables.width)
            | ((water & tables.not_first_col) >> 1)
            | ((water & tables.not_last_col) << 1)
            | (water << tables.width)
        )
        sources = (beside_water & v["tiles"]).to_bytes(tables.nbytes, "little")
        slides, near = tables.slides, tables.near
        return [
            step
            for i in chain.from_iterable(map(getitem, tables.square_chunks, sources))
            for step in slides[i][water & near[i]]
        ]
    return []


def _masks(cells: tuple[str, ...], bears: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A state's derived bit masks, from its cells and bears (State.__post_init__): its ice,
    open water, tiles and the squares a bear stands on."""
    ice = water = tiles = occupied = 0
    for i, c in enumerate(cells):
        if c == "I":
            ice |= 1 << i
        if c in ("I", "S"):
            tiles |= 1 << i
        elif c == ".":
            water |= 1 << i
    for b in bears:
        if b >= 0:
            occupied |= 1 << b
    return ice, water, tiles, occupied


def _colours_for(variant: str, face: str) -> tuple[str, ...]:
    """SB3: the colours a bear-die face moves (any bear for a two-colour face, multicolour)."""
    parts = tuple(face.split("/"))
    if len(parts) > 1 and variant == "multicolour":
        return COLOURS
    return parts


def _jump_targets(lay: Layout, cells: tuple[str, ...], bears: tuple[int, ...], k: int) -> list:
    """SB4: where bear k may jump: free ice next to it (from its start square, the grid square
    beside it); from that square back to start; from the top square beside its finish, on."""
    here = bears[k]
    if here == FINISH:
        return []
    entry = lay.index(lay.start[k], 0)
    top = lay.index(lay.finish[k], lay.height - 1)
    if here == START:
        squares = [entry]
    else:
        squares = lay.grid.neighbours(here)
    out = [s for s in squares if cells[s] == "I" and s not in bears]
    if here == entry:
        out.append(START)
    if here == top:
        out.append(FINISH)
    return out


# The fields of each event the steps cause, in the order `_event` takes their values.
EVENT_FIELDS = {
    "dice-rolled": ("seat", "turn", "bear", "weather"),
    "bear-jumped": ("bear", "from", "to"),
    "bear-arrived": ("bear", "arrived"),
    "ice-cracked": ("square", "ice_left"),
    "tile-slid": ("tile", "from", "to", "rider"),
    "effects-forgone": ("dice",),
    "turn-ended": ("seat", "turn", "unused"),
    "game-ended": ("result", "termination", "turn"),
}
EVENTS_KEPT = 20_000  # distinct events a configuration's tables keep (Tables.events)


def _new_event(key: tuple) -> Event:
    """event(type, **fields) for key = (type, *values in EVENT_FIELDS order): made once per
    configuration and then shared (`Tables.events`), since events are immutable and a game
    repeats the same few many times."""
    fields = dict(zip(EVENT_FIELDS[key[0]], key[1:], strict=True))
    return event(key[0], **fields)


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]


def _tile_name(state: State, sq: int | None) -> str:
    if sq is None:
        return "not a square of the grid"
    return {"I": "ice", "S": "a seal", "R": "a rock", ".": "open water"}[state.cells[sq]]
