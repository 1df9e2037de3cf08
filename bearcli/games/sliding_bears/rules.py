"""Sliding Bears rules (SB1-SB9): pure functions over immutable states."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Config, Game, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.source import Source
from bearcli.games.sliding_bears import layout as layout_fmt
from bearcli.games.sliding_bears import notation
from bearcli.games.sliding_bears.layout import COLOURS, Layout
from bearcli.games.sliding_bears.narrate import SlidingBearsNarrator
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Remove, Roll, Wind

START, FINISH = -1, -2  # bear positions off the grid
BEAR_DIE = ("pink", "green", "blue", "yellow", "pink/blue", "green/yellow")  # SB3
WEATHER_DIE = ("crack", "crack", "crack", "wind", "wind", "wind")  # SB3
LEVELS = ("normal", "hard")
VARIANTS = ("classic", "multicolour")
WON, LOST = "all-bears-across", "no-free-ice"


@dataclass(frozen=True)
class SBConfig(Config):
    layout: Layout
    level: str = "normal"
    variant: str = "classic"
    bear_die: tuple[str, ...] = BEAR_DIE
    weather_die: tuple[str, ...] = WEATHER_DIE
    remove: str | None = None  # the set-up removal, when the scenario names it (SB2)


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


class SlidingBears(Game):
    name = "sliding-bears"
    rules_version = 1
    title = "Sliding Bears"
    min_seats, max_seats = 1, 6  # SB9
    cooperative = True
    seats_ruling = "SB9"
    scenario_keys = frozenset({"layout", "level", "variant", "params", "remove"})
    file_keys = frozenset({"layout"})

    @property
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
        if state.phase == "over":
            return TERMINAL
        return CHANCE if state.phase == "roll" else state.seat

    def chance_outcomes(self, state: State) -> list:
        cfg = state.cfg
        bears, weathers = Counter(cfg.bear_die), Counter(cfg.weather_die)
        return [(Roll(b, w), nb * nw) for b, nb in bears.items() for w, nw in weathers.items()]

    def legal_steps(self, state: State) -> list:
        cfg = state.cfg
        if state.phase == "remove":
            needed = "S" if cfg.level == "normal" else "I"
            return [
                Remove(cfg.layout.square_name(i)) for i, c in enumerate(state.cells) if c == needed
            ]
        if state.phase != "act":
            return []
        steps = self._options(cfg, state)
        if state.bear_face is not None or state.weather == "wind":
            steps.append(Pass())
        return steps

    def apply(self, state: State, step) -> tuple[State, tuple[Event, ...]]:
        cfg = state.cfg
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
                    f"seat {state.seat + 1} must roll the two dice first (roll BEAR WEATHER)",
                    "SB3",
                )
            return self._roll(cfg, state, step)
        if isinstance(step, Roll):
            raise self.refuse(
                step,
                "the dice of this turn are already rolled; use them (jump/crack/wind) or pass",
                "SB7",
            )
        if isinstance(step, Jump):
            new, events = self._jump(cfg, state, step)
        elif isinstance(step, Crack):
            new, events = self._crack(cfg, state, step)
        elif isinstance(step, Wind):
            new, events = self._wind(cfg, state, step)
        else:
            new, events = self._pass(state, step)
        return self._settle(cfg, new, events)

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

        return text_board(state.cfg, state)

    # -- the steps ----------------------------------------------------------------------
    def _remove(self, cfg: SBConfig, state: State, step: Remove):
        lay = cfg.layout
        needed = "S" if cfg.level == "normal" else "I"
        sq = lay.grid.parse(step.square)
        if sq is None or state.cells[sq] != needed:
            what = "a seal" if needed == "S" else "an ice tile"
            raise self.refuse(
                step,
                f"at the {cfg.level} level the tile removed is {what}; "
                f"{step.square} is {_tile_name(state, sq)}",
                "SB2",
            )
        cells = _set(state.cells, sq, ".")
        tile = "seal" if needed == "S" else "ice"
        return (
            replace(state, cells=cells, phase="roll"),
            (event("tile-removed", square=step.square, tile=tile),),
        )

    def _roll(self, cfg: SBConfig, state: State, step: Roll):
        if step.bear not in cfg.bear_die:
            raise self.refuse(
                step,
                f"{step.bear!r} is not a face of the bear die ({', '.join(cfg.bear_die)})",
                "SB3",
            )
        if step.weather not in cfg.weather_die:
            raise self.refuse(step, f"{step.weather!r} is not a face of the weather die", "SB3")
        new = replace(
            state, phase="act", turn=state.turn + 1, bear_face=step.bear, weather=step.weather
        )
        events = (
            event(
                "dice-rolled",
                seat=state.seat + 1,
                turn=new.turn,
                bear=step.bear,
                weather=step.weather,
            ),
        )
        return self._settle(cfg, new, events)

    def _jump(self, cfg: SBConfig, state: State, step: Jump):
        if state.bear_face is None:
            raise self.refuse(step, "the bear die is already used or forgone this turn", "SB4")
        allowed = self.colours_for(cfg, state.bear_face)
        if step.colour not in allowed:
            raise self.refuse(
                step,
                f"the bear die shows {state.bear_face}, which moves {' or '.join(allowed)}",
                "SB3",
            )
        k = COLOURS.index(step.colour)
        here = state.bears[k]
        if here == FINISH:
            raise self.refuse(
                step, f"the {step.colour} bear has arrived and does not move again", "SB4"
            )
        target = self._target(cfg, step)
        targets = self.jump_targets(cfg, state, k)
        if target not in targets:
            raise self.refuse(step, self._why_not(cfg, state, k, target, step.target), "SB4")
        bears = _set(state.bears, k, target)
        events = [
            event("bear-jumped", bear=step.colour, to=step.target, **{"from": _pos_name(cfg, here)})
        ]
        if target == FINISH:
            events.append(
                event(
                    "bear-arrived", bear=step.colour, arrived=sum(1 for b in bears if b == FINISH)
                )
            )
        return replace(state, bears=bears, bear_face=None), tuple(events)

    def _crack(self, cfg: SBConfig, state: State, step: Crack):
        if state.weather != "crack":
            raise self.refuse(step, "the weather die does not show crack this turn", "SB5")
        sq = cfg.layout.grid.parse(step.square)
        if sq is None or state.cells[sq] != "I" or sq in state.bears:
            what = (
                "a bear stands on it"
                if sq is not None and sq in state.bears
                else f"it is {_tile_name(state, sq)}"
            )
            raise self.refuse(
                step, f"a crack removes a free ice tile; {step.square}: {what}", "SB5"
            )
        return (
            replace(state, cells=_set(state.cells, sq, "."), weather=None),
            (event("ice-cracked", square=step.square, ice_left=state.cells.count("I") - 1),),
        )

    def _wind(self, cfg: SBConfig, state: State, step: Wind):
        if state.weather != "wind":
            raise self.refuse(step, "the weather die does not show wind (or it was used)", "SB6")
        lay = cfg.layout
        src = lay.grid.parse(step.source)
        dst = lay.grid.parse(step.target)
        if src is None or state.cells[src] not in "IS":
            raise self.refuse(
                step,
                f"only ice or seal tiles slide; {step.source} is {_tile_name(state, src)}",
                "SB6",
            )
        if dst is None or dst not in lay.grid.neighbours(src):
            raise self.refuse(
                step,
                f"{step.target} is not next to {step.source} (slides go "
                "one square, never diagonally)",
                "SB6",
            )
        if state.cells[dst] != ".":
            raise self.refuse(
                step,
                f"a tile slides into open water; {step.target} is {_tile_name(state, dst)}",
                "SB6",
            )
        tile = state.cells[src]
        cells = _set(_set(state.cells, src, "."), dst, tile)
        rider = state.bears.index(src) if src in state.bears else None
        bears = _set(state.bears, rider, dst) if rider is not None else state.bears
        return (
            replace(state, cells=cells, bears=bears, weather=None),
            (
                event(
                    "tile-slid",
                    tile="ice" if tile == "I" else "seal",
                    to=step.target,
                    rider=COLOURS[rider] if rider is not None else None,
                    **{"from": step.source},
                ),
            ),
        )

    def _pass(self, state: State, step: Pass):
        forgone = []
        if state.bear_face is not None:
            forgone.append("bear")
        if state.weather == "wind":
            forgone.append("wind")
        if not forgone:
            raise self.refuse(
                step, "nothing optional is left to forgo; the crack is mandatory", "SB5"
            )
        weather = None if state.weather == "wind" else state.weather
        return (
            replace(state, bear_face=None, weather=weather),
            (event("effects-forgone", dice=forgone),),
        )

    def _settle(self, cfg: SBConfig, state: State, events: tuple[Event, ...]):
        """What follows by itself: the win, the loss, the end of a turn with nothing left."""
        events = list(events)
        if all(b == FINISH for b in state.bears):
            events.append(event("game-ended", result="won", termination=WON, turn=state.turn))
            return replace(state, phase="over", termination=WON), tuple(events)
        # Cheap existence checks, not the full option lists: this runs after every step.
        can_jump = state.bear_face is not None and any(
            self.jump_targets(cfg, state, COLOURS.index(c))
            for c in self.colours_for(cfg, state.bear_face)
        )
        can_crack = state.weather == "crack" and _exists(_free_ice(state))
        if state.weather == "crack" and not can_crack and not can_jump:
            events.append(event("game-ended", result="lost", termination=LOST, turn=state.turn))
            return replace(state, phase="over", termination=LOST), tuple(events)
        can_wind = state.weather == "wind" and _exists(_slides(cfg.layout, state.cells))
        options = can_jump or can_crack or can_wind
        if not options:
            unused = [d for d, left in (("bear", state.bear_face), ("wind", state.weather)) if left]
            events.append(event("turn-ended", seat=state.seat + 1, turn=state.turn, unused=unused))
            nxt = (state.seat + 1) % len(cfg.seats)
            return replace(state, phase="roll", seat=nxt, bear_face=None, weather=None), tuple(
                events
            )
        return state, tuple(events)

    # -- queries the bots and the board share -----------------------------------------------
    def colours_for(self, cfg: SBConfig, face: str) -> tuple[str, ...]:
        parts = tuple(face.split("/"))
        if len(parts) > 1 and cfg.variant == "multicolour":
            return COLOURS
        return parts

    def jump_targets(self, cfg: SBConfig, state: State, k: int) -> list[int]:
        lay = cfg.layout
        here = state.bears[k]
        if here == FINISH:
            return []
        entry = lay.index(lay.start[k], 0)
        top = lay.index(lay.finish[k], lay.height - 1)
        if here == START:
            squares = [entry]
        else:
            squares = lay.grid.neighbours(here)
        out = [s for s in squares if state.cells[s] == "I" and s not in state.bears]
        if here == entry:
            out.append(START)
        if here == top:
            out.append(FINISH)
        return out

    def _options(self, cfg: SBConfig, state: State) -> list:
        lay = cfg.layout
        steps: list = []
        if state.bear_face is not None:
            for colour in self.colours_for(cfg, state.bear_face):
                k = COLOURS.index(colour)
                for t in self.jump_targets(cfg, state, k):
                    steps.append(Jump(colour, _pos_name(cfg, t)))
        if state.weather == "crack":
            steps.extend(Crack(lay.square_name(i)) for i in _free_ice(state))
        elif state.weather == "wind":
            steps.extend(
                Wind(lay.square_name(i), lay.square_name(j)) for i, j in _slides(lay, state.cells)
            )
        return steps

    def _target(self, cfg: SBConfig, step: Jump) -> int | None:
        if step.target == "start":
            return START
        if step.target == "finish":
            return FINISH
        return cfg.layout.grid.parse(step.target)

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
    bear = tuple(params.get("bear_die", BEAR_DIE))
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


def _free_ice(state: State) -> Iterator[int]:
    """Ice tiles with no bear on them: what a crack may take (SB5)."""
    return (i for i, c in enumerate(state.cells) if c == "I" and i not in state.bears)


def _slides(lay: Layout, cells: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """(tile, water) pairs the wind may slide: ice or seal into open water beside it (SB6)."""
    table = lay.grid.table
    return ((i, j) for i, c in enumerate(cells) if c in "IS" for j in table[i] if cells[j] == ".")


def _exists(items: Iterator) -> bool:
    return next(items, None) is not None


def _set(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1 :]


def _tile_name(state: State, sq: int | None) -> str:
    if sq is None:
        return "not a square of the grid"
    return {"I": "ice", "S": "a seal", "R": "a rock", ".": "open water"}[state.cells[sq]]


def _pos_name(cfg: SBConfig, pos: int) -> str:
    return {START: "start", FINISH: "finish"}.get(pos) or cfg.layout.square_name(pos)
