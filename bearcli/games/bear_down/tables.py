"""What the rules look up, worked out once per configuration (`BDConfig.tables`).

The graph, the square names both ways, one `Move` per destination, and the faces of each die
in the order `chance_outcomes` lists them: all of it follows from the configuration, and the
rules, the sampler and the bots read it instead of working it out at every step. The tables
also keep what the games met (rolls drawn, what each roll does, the events that recur), which
a pickled configuration leaves behind (`Config.__getstate__`).
"""

from __future__ import annotations

from functools import partial

from bearcli.core.events import Event
from bearcli.core.memo import Memo
from bearcli.games.bear_down import graph
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Move, Roll


class Tables:
    def __init__(self, streams: tuple[str, ...], dice, rocks) -> None:
        self.boulder = SQUARES * len(streams)
        self.adj = graph.neighbours(streams, rocks)
        self.inner = graph.inner_links(self.adj)
        self.names = tuple(graph.name(streams, n) for n in range(self.boulder + 1))
        self.nodes = {name: n for n, name in enumerate(self.names)}  # a square name -> node
        self.moves = tuple(Move(name) for name in self.names)  # node -> the move there
        self.bits = tuple(1 << n for n in range(self.boulder + 1))  # node -> its bit
        # Per node, its neighbours other than the boulder.
        self.squares_near = tuple(tuple(n for n in a if n != self.boulder) for a in self.adj)
        # Per stream, its squares from the edge (square 4) down: where salmon jump (BD7).
        self.jumps = tuple(
            tuple((n, self.names[n]) for n in range(SQUARES * i + SQUARES - 1, SQUARES * i - 1, -1))
            for i in range(len(streams))
        )
        # Per stream, what a fall does (rules._fall): its first node, its edge (square 4),
        # and each node's node after the fall: one square up, the edge's over to the boulder.
        self.falls = tuple(_fall(SQUARES * i, self.boulder) for i in range(len(streams)))
        # Per stream, per salmon count (0-3), per pattern of bears on its squares (bit k-1
        # for square k): where the salmon land, as nodes and as square names (BD7).
        self.landings = tuple(
            tuple(
                tuple(_landing(jumps, count, pattern) for pattern in range(1 << SQUARES))
                for count in range(SQUARES)
            )
            for jumps in self.jumps
        )
        # Per die: each face as often as it is printed, equal faces together in the order of
        # their first appearance (that of chance_outcomes), as the (stream, face) a roll holds.
        sides = [
            tuple((s, f) for f in sorted(set(die), key=die.index) for _ in range(die.count(f)))
            for s, die in zip(streams, dice, strict=True)
        ]
        # Per die position: each (stream, face) it may show, with the text a log gives it.
        self.faces = tuple({side: f"{side[0]}:{side[1]}" for side in die} for die in sides)
        # For the draw, per die: each side with where its group of equal faces starts and how
        # many it holds; and the sides of all the dice after this one, multiplied.
        self.draws: list = []
        after = 1
        for die in reversed(sides):
            groups = tuple((side, die.index(side), die.count(side)) for side in die)
            self.draws.insert(0, (groups, after))
            after *= len(die)
        self.rolls = after  # every roll counted with its weight: the sum of the weights
        # What the games met: each draw with its roll, each roll with what it asks of the
        # board (rules._plan), and the initial state with its events.
        self.drawn: Memo[int, Roll] = Memo(self.rolls, self._draw)
        self.plans: dict = {}
        self.start: tuple | None = None
        # The events that recur game after game (the same move, the same fall): each distinct
        # one is made once and then shared, as events are immutable.
        self.slid_in = recurring(
            "water-tile-slid-in", "rock_stack", "source", "stream", "water_supply"
        )
        self.tile_fell = recurring("tile-fell", "bear", "salmon", "stream")
        self.jumped = recurring("salmon-jumped", "rolled", "squares", "stream")
        self.moved = recurring("bear-moved", "from", "seat", "steps", "to")
        self.caught = recurring("salmon-caught", "carried", "count", "seat", "square")
        self.banked = recurring("salmon-banked", "banked", "count", "seat")
        self.round_ended = recurring("round-ended", "round")
        self.passed = recurring("first-player-passed", "from", "round", "to")

    def roll(self, pick: int) -> Roll:
        """The roll that `Rng.weighted(chance_outcomes)` returns when it draws `pick`.

        chance_outcomes lists the rolls die by die (the first die varying slowest), each with
        the product of its faces' multiplicities as weight. So the rolls whose first die
        shows face f fill a run of weight count(f) x (the sides of the other dice) that
        starts where f's group starts; inside that run the second die is read the same way,
        with every weight multiplied by count(f); and so on. The same draw, without the list.
        """
        return self.drawn[pick]

    def _draw(self, pick: int) -> Roll:
        at, faces = pick, []
        scale = 1  # the multiplicities of the faces read so far, multiplied
        for groups, after in self.draws:
            unit = scale * after
            side, first, count = groups[at // unit]
            at -= first * unit
            scale *= count
            faces.append(side)
        return Roll(tuple(faces))


EVENTS_KEPT = 50_000  # distinct events kept per type; past that, the memory starts again


def recurring(type_: str, *keys: str) -> Memo[tuple, Event]:
    """The events of one type, by the values of their (sorted) keys, each made once. The
    values come already frozen: ints, strings, None and tuples (never a bool: True == 1
    would find the event of 1)."""
    assert list(keys) == sorted(keys), keys  # an Event's fields are sorted by key
    return Memo(EVENTS_KEPT, partial(_event, type_, keys))


def _event(type_: str, keys: tuple[str, ...], values: tuple) -> Event:
    return Event(type_, tuple(zip(keys, values, strict=True)))


def _fall(base: int, boulder: int) -> tuple[int, int, tuple[int, ...]]:
    """BD6: the stream from `base` moves up one square; its edge (square 4) falls."""
    edge = base + SQUARES - 1
    after = [n + 1 if base <= n < edge else n for n in range(boulder + 1)]
    after[edge] = boulder
    return base, edge, tuple(after)


def _landing(jumps, count: int, pattern: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """BD7: `count` salmon jump one a tile from square 4 down, past the squares with a bear."""
    free = [(n, name) for n, name in jumps if not pattern >> (n % SQUARES) & 1][:count]
    return tuple(n for n, _ in free), tuple(name for _, name in free)
