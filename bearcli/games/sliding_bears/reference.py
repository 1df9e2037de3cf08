"""Sliding Bears, the reference rules: the rulebook (SB1-SB9, P-SB1..) as plain code.

Read this module first. It is what `rules.py` computes, written the way a newcomer would write
it from the rulebook: every step is checked and applied with plain tuples, a new state is made
with `dataclasses.replace`, every list is built anew and every event with `event()`. The fast
rules (`rules.SlidingBears`) give exactly the same states, events and refusals, only faster;
the tests prove the two equal on thousands of seeded positions and whole games
(tests/games/sliding_bears/test_fast_paths.py; the solver's whole-turn encoding in
test_solve_encoding.py), and every golden record under replays/ replays to its pinned events
with these rules too (tests/test_reference_replays.py). A rule changes here first.

`ReferenceSlidingBears` is a whole game of the Game protocol: the set-up (`configure`: what a
scenario may say), the notation, the board and the narration are the game's own, shared with
the fast rules; what happens during play is all below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cached_property

from bearcli.core.events import Event, event
from bearcli.core.game import CHANCE, TERMINAL, Game
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng
from bearcli.games.sliding_bears.layout import COLOURS, Layout
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Remove, Roll, Wind
from bearcli.games.sliding_bears.rules import (
    FINISH,
    LOST,
    START,
    WON,
    SBConfig,
    SlidingBears,
    State,
)


class ReferenceSlidingBears(SlidingBears):
    """Sliding Bears played the plain way (a State's fields: cells, bears, phase, turn, seat,
    the dice faces still unused this turn, the termination)."""

    @cached_property
    def bots(self):  # the reference bots: random and the plain greedy bot
        from bearcli.games.sliding_bears import reference_bots

        return reference_bots.BOTS

    # -- set-up ---------------------------------------------------------------------------
    def initial_state(self, config: SBConfig) -> tuple[State, tuple[Event, ...]]:
        """SB2: the bears wait on their start squares; one tile goes before the first roll,
        chosen by seat 1 unless the scenario names it (P-SB3)."""
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
            state, more = self.remove_tile(config, state, Remove(config.remove))
            events.extend(more)
        return state, tuple(events)

    # -- whose decision -------------------------------------------------------------------
    def actor(self, state: State) -> int:
        if state.phase == "over":
            return TERMINAL
        return CHANCE if state.phase == "roll" else state.seat

    def chance_outcomes(self, state: State) -> list:
        """SB3: every pair of faces of the bear die and the weather die, weighted by how many
        faces show it."""
        cfg = state.cfg
        bears, weathers = Counter(cfg.bear_die), Counter(cfg.weather_die)
        return [(Roll(b, w), nb * nw) for b, nb in bears.items() for w, nw in weathers.items()]

    def sample_chance(self, state: State, rng: Rng):
        return Game.sample_chance(self, state, rng)  # one weighted draw over chance_outcomes

    def legal_steps(self, state: State) -> list:
        """The set-up removal's tiles (SB2); in a turn, the jumps of the bears the bear die
        moves (SB4), then the cracks (SB5) or slides (SB6), then `pass` while a jump or the
        wind is still unused (P-SB2)."""
        cfg = state.cfg
        if state.phase == "remove":
            needed = removed_tile(cfg)
            return [
                Remove(cfg.layout.square_name(i)) for i, c in enumerate(state.cells) if c == needed
            ]
        if state.phase != "act":
            return []
        steps = self.options(cfg, state)
        if state.bear_face is not None or state.weather == "wind":
            steps.append(Pass())
        return steps

    def outcome(self, state: State) -> Outcome | None:
        """SB8, SB9: all the seats win together, or all lose."""
        if state.termination is None:
            return None
        winners = tuple(range(len(state.cfg.seats))) if state.termination == WON else ()
        return Outcome(state.termination, winners)

    # -- a step ---------------------------------------------------------------------------
    def apply(self, state: State, step) -> tuple[State, tuple[Event, ...]]:
        cfg = state.cfg
        if state.phase == "over":
            raise self.refuse(step, "the game is over", "SB8")
        if state.phase == "remove":
            if not isinstance(step, Remove):
                raise self.refuse(
                    step, "first one tile is removed from the grid (remove SQUARE)", "SB2"
                )
            return self.remove_tile(cfg, state, step)
        if isinstance(step, Remove):
            raise self.refuse(step, "the set-up removal was already made", "SB2")
        if state.phase == "roll":
            if not isinstance(step, Roll):
                raise self.refuse(
                    step,
                    f"{cfg.who(state.seat)} must roll the two dice first (roll BEAR WEATHER)",
                    "SB3",
                )
            return self.roll(cfg, state, step)
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
        # SB7: the two dice are used in either order, each once.
        if isinstance(step, Jump):
            new, events = self.jump(cfg, state, step)
        elif isinstance(step, Crack):
            new, events = self.crack(cfg, state, step)
        elif isinstance(step, Wind):
            new, events = self.slide(cfg, state, step)
        else:
            new, events = self.forgo(state, step)
        return self.settle(cfg, new, events)

    def remove_tile(self, cfg: SBConfig, state: State, step: Remove):
        """SB2: a seal at the normal level, an ice tile at the hard level."""
        needed = removed_tile(cfg)
        sq = cfg.layout.grid.parse(step.square)
        if sq is None or state.cells[sq] != needed:
            what = "a seal" if needed == "S" else "an ice tile"
            raise self.refuse(
                step,
                f"at the {cfg.level} level the tile removed is {what}; "
                f"{step.square} is {tile_name(state, sq)}",
                "SB2",
            )
        tile = "seal" if needed == "S" else "ice"
        return (
            replace(state, cells=with_value(state.cells, sq, "."), phase="roll"),
            (event("tile-removed", square=step.square, tile=tile),),
        )

    def roll(self, cfg: SBConfig, state: State, step: Roll):
        """SB3: the seat rolls both dice; a face must be one the die has."""
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
        return self.settle(cfg, new, events)

    def jump(self, cfg: SBConfig, state: State, step: Jump):
        """SB4: a bear of a colour the bear die shows moves one square onto free ice."""
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
        target = self.target_of(cfg, step)
        if target not in self.jump_targets(cfg, state, k):
            raise self.refuse(step, self.why_not(cfg, state, k, target, step.target), "SB4")
        bears = with_value(state.bears, k, target)
        events = [
            event("bear-jumped", bear=step.colour, to=step.target, **{"from": pos_name(cfg, here)})
        ]
        if target == FINISH:
            arrived = sum(1 for b in bears if b == FINISH)
            events.append(event("bear-arrived", bear=step.colour, arrived=arrived))
        return replace(state, bears=bears, bear_face=None), tuple(events)

    def crack(self, cfg: SBConfig, state: State, step: Crack):
        """SB5: one free ice tile (no bear on it) is taken off the grid."""
        if state.weather != "crack":
            raise self.refuse(step, "the weather die does not show crack this turn", "SB5")
        sq = cfg.layout.grid.parse(step.square)
        if sq is None or state.cells[sq] != "I" or sq in state.bears:
            what = (
                "a bear stands on it"
                if sq is not None and sq in state.bears
                else f"it is {tile_name(state, sq)}"
            )
            raise self.refuse(
                step, f"a crack removes a free ice tile; {step.square}: {what}", "SB5"
            )
        return (
            replace(state, cells=with_value(state.cells, sq, "."), weather=None),
            (event("ice-cracked", square=step.square, ice_left=state.cells.count("I") - 1),),
        )

    def slide(self, cfg: SBConfig, state: State, step: Wind):
        """SB6: an ice or seal tile slides one square into open water beside it; a bear on
        it rides along (P-SB5)."""
        if state.weather != "wind":
            raise self.refuse(step, "the weather die does not show wind (or it was used)", "SB6")
        grid = cfg.layout.grid
        src = grid.parse(step.source)
        dst = grid.parse(step.target)
        if src is None or state.cells[src] not in "IS":
            raise self.refuse(
                step,
                f"only ice or seal tiles slide; {step.source} is {tile_name(state, src)}",
                "SB6",
            )
        if dst is None or dst not in grid.neighbours(src):
            raise self.refuse(
                step,
                f"{step.target} is not next to {step.source} (slides go "
                "one square, never diagonally)",
                "SB6",
            )
        if state.cells[dst] != ".":
            raise self.refuse(
                step,
                f"a tile slides into open water; {step.target} is {tile_name(state, dst)}",
                "SB6",
            )
        tile = state.cells[src]
        cells = with_value(with_value(state.cells, src, "."), dst, tile)
        rider = state.bears.index(src) if src in state.bears else None
        bears = with_value(state.bears, rider, dst) if rider is not None else state.bears
        slid = event(
            "tile-slid",
            tile="ice" if tile == "I" else "seal",
            to=step.target,
            rider=COLOURS[rider] if rider is not None else None,
            **{"from": step.source},
        )
        return replace(state, cells=cells, bears=bears, weather=None), (slid,)

    def forgo(self, state: State, step: Pass):
        """P-SB2: `pass` forgoes the jump and the wind still unused, never the crack."""
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

    def settle(self, cfg: SBConfig, state: State, so_far: tuple[Event, ...]):
        """What follows by itself after a step: the win (SB8), the loss (SB5: a crack owed
        with no free ice and no jump left first, P-SB2), or the end of a turn with nothing
        left to do (P-SB2, P-SB4), when the next seat rolls (SB9)."""
        events = list(so_far)
        if all(b == FINISH for b in state.bears):
            events.append(event("game-ended", result="won", termination=WON, turn=state.turn))
            return replace(state, phase="over", termination=WON), tuple(events)
        can_jump = state.bear_face is not None and any(
            self.jump_targets(cfg, state, COLOURS.index(c))
            for c in self.colours_for(cfg, state.bear_face)
        )
        can_crack = state.weather == "crack" and exists(free_ice(state))
        if state.weather == "crack" and not can_crack and not can_jump:
            events.append(event("game-ended", result="lost", termination=LOST, turn=state.turn))
            return replace(state, phase="over", termination=LOST), tuple(events)
        can_wind = state.weather == "wind" and exists(slides(cfg.layout, state.cells))
        if not (can_jump or can_crack or can_wind):
            unused = [d for d, left in (("bear", state.bear_face), ("wind", state.weather)) if left]
            events.append(event("turn-ended", seat=state.seat + 1, turn=state.turn, unused=unused))
            nxt = (state.seat + 1) % len(cfg.seats)
            ended = replace(state, phase="roll", seat=nxt, bear_face=None, weather=None)
            return ended, tuple(events)
        return state, tuple(events)

    # -- what the dice allow (the board and the bots ask these too) ----------------------------
    def colours_for(self, cfg: SBConfig, face: str) -> tuple[str, ...]:
        """SB3: the colours a bear-die face moves; in the multicolour variant a two-colour
        face moves any bear."""
        parts = tuple(face.split("/"))
        if len(parts) > 1 and cfg.variant == "multicolour":
            return COLOURS
        return parts

    def jump_targets(self, cfg: SBConfig, state: State, k: int) -> list[int]:
        """SB4: where bear k may jump: free ice beside it (from its start square, the grid
        square above it only); from that square back onto its start; from the top square below
        its finish, onto the finish. An arrived bear moves no more."""
        lay = cfg.layout
        here = state.bears[k]
        if here == FINISH:
            return []
        entry = lay.index(lay.start[k], 0)
        top = lay.index(lay.finish[k], lay.height - 1)
        squares = [entry] if here == START else lay.grid.neighbours(here)
        out = [s for s in squares if state.cells[s] == "I" and s not in state.bears]
        if here == entry:
            out.append(START)
        if here == top:
            out.append(FINISH)
        return out

    def options(self, cfg: SBConfig, state: State) -> list:
        """The jumps, then the cracks or the slides, the turn's dice allow (no `pass`)."""
        lay = cfg.layout
        steps: list = []
        if state.bear_face is not None:
            for colour in self.colours_for(cfg, state.bear_face):
                k = COLOURS.index(colour)
                for t in self.jump_targets(cfg, state, k):
                    steps.append(Jump(colour, pos_name(cfg, t)))
        if state.weather == "crack":
            steps.extend(Crack(lay.square_name(i)) for i in free_ice(state))
        elif state.weather == "wind":
            steps.extend(
                Wind(lay.square_name(i), lay.square_name(j)) for i, j in slides(lay, state.cells)
            )
        return steps

    def target_of(self, cfg: SBConfig, step: Jump) -> int | None:
        if step.target == "start":
            return START
        if step.target == "finish":
            return FINISH
        return cfg.layout.grid.parse(step.target)

    def why_not(self, cfg: SBConfig, state: State, k: int, target: int | None, text: str) -> str:
        """Why bear k may not jump to `target` (written `text`): the reason a refusal gives."""
        colour = COLOURS[k]
        if target is None:
            return f"{text} is not a square of this {cfg.layout.width} x {cfg.layout.height} grid"
        if target in (START, FINISH):
            return (
                f"the {colour} bear reaches its {text} square only from the grid square next to it"
            )
        if state.cells[target] != "I":
            return f"bears jump only onto ice; {text} is {tile_name(state, target)}"
        if target in state.bears:
            return f"{text} is not free: the {COLOURS[state.bears.index(target)]} bear is there"
        return f"{text} is not next to the {colour} bear (one square, never diagonally)"


def removed_tile(cfg: SBConfig) -> str:
    """SB2: the set-up removal takes a seal at the normal level, an ice tile at the hard."""
    return "S" if cfg.level == "normal" else "I"


def free_ice(state: State) -> Iterator[int]:
    """Ice tiles with no bear on them: what a crack may take (SB5)."""
    return (i for i, c in enumerate(state.cells) if c == "I" and i not in state.bears)


def slides(lay: Layout, cells: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """(tile, water) pairs the wind may slide: ice or seal into open water beside it (SB6), in
    square order, each tile's neighbours below, left, right, above."""
    table = lay.grid.table
    return ((i, j) for i, c in enumerate(cells) if c in "IS" for j in table[i] if cells[j] == ".")


def exists(items: Iterator) -> bool:
    return next(items, None) is not None


def with_value(values: tuple, i: int, v) -> tuple:
    """The tuple with item i replaced by v."""
    return values[:i] + (v,) + values[i + 1 :]


def tile_name(state: State, sq: int | None) -> str:
    if sq is None:
        return "not a square of the grid"
    return {"I": "ice", "S": "a seal", "R": "a rock", ".": "open water"}[state.cells[sq]]


def pos_name(cfg: SBConfig, pos: int) -> str:
    return {START: "start", FINISH: "finish"}.get(pos) or cfg.layout.square_name(pos)


REFERENCE = ReferenceSlidingBears()
