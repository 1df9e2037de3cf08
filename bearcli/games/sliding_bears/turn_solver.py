"""Sliding Bears positions as integers and a whole turn as one step: exact solving's encoding.

The plain solver (`bearcli.exact_solver`) walks every position the Game protocol has, one step
at a time: the roll, then each jump, crack, slide and pass, each a state object with its events.
Here a position between two turns (the next seat is to roll) is one `int`:

    bits 0..n-1     the ice tiles (bit i is square i)
    bits n..2n-1    the seal tiles (rocks never change; the rest is open water)
    bits 2n..       four bytes, one a bear (pink, green, blue, yellow): 0 at its start,
                    1 across (at its finish), 2 + i on square i

and `actions(code)` finds the ends of each single action from it: the cracks, the slides,
each bear's jumps, and the jumps that only a slide makes possible (SB4-SB7, P-SB2). A turn is
made of those (`ends`), so the turn's choices are one maximum over parts that many positions
share, and the states within a turn are never stored. The turn number and the seat are left
out, as `SlidingBears.solve_key` leaves them out (SB9: one team).

Symmetries: the colours that share their start and finish columns, and whose bear-die faces map
onto each other, are interchangeable; a left-right mirror is one when the rocks, the start and
finish squares and the dice mirror (with such a colour exchange). `Floe.canon` maps a position
to the least code among its images, so a solve stores one position for each class.

tests/games/sliding_bears/test_solve_encoding.py walks the positions of small floes with the
reference rules (`reference.py`, the readable source) and proves `ends` gives the same ends,
weights and results. `solve_game` is the game's ExactSolving ability (core/abilities.py): the
generic solver hands it its Budget.
"""

from __future__ import annotations

import functools
import gc
from array import array
from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from math import factorial

import numpy as np

from bearcli.core.game import CHANCE
from bearcli.core.solving import TOLERANCE, Budget, Solution
from bearcli.games.sliding_bears.layout import COLOURS

AT_START, ACROSS = 0, 1  # a bear's byte: 0, 1, or 2 + its square
WIN, LOSS = -1, -2  # the ends of a game, beside the codes (never negative) of positions
BYTE = 8
NO_ENDS: tuple = ((), (), (), ())  # no bear's ends


class Floe:
    """What never changes during a game of one configuration, in the encoding's terms."""

    def __init__(self, cfg, symmetry: bool = True):
        lay = cfg.layout
        self.cfg = cfg
        w, h = lay.width, lay.height
        self.n = n = w * h
        self.width = w
        self.full = full = (1 << n) - 1
        self.bears_shift = 2 * n
        self.rock = sum(1 << i for i, c in enumerate(lay.cells) if c == "R")
        self.floor = full & ~self.rock  # where a tile or open water can be
        table = lay.grid.table
        self.near = tuple(sum(1 << j for j in nbs) for nbs in table)
        self.neighbours = table
        self.entry = tuple(lay.index(lay.start[k], 0) for k in range(4))
        self.top = tuple(lay.index(lay.finish[k], h - 1) for k in range(4))
        self.all_across = sum(ACROSS << (BYTE * k) for k in range(4))
        # SB4: for each bear and byte, its jumps as (target byte, the target's bit or 0 when
        # off the grid); the grid targets need free ice when the jump is made.
        self.jumps = tuple(self._jumps(k) for k in range(4))
        # SB3: the dice. Each bear-die face as the bears it moves (a bit a colour), with how
        # many faces show it; the weather die's crack and wind faces.
        from bearcli.games.sliding_bears.rules import _colours_for

        index = {c: k for k, c in enumerate(COLOURS)}
        bear_faces = Counter(cfg.bear_die)
        self.faces = tuple(
            (sum(1 << index[c] for c in _colours_for(cfg.variant, face)), count)
            for face, count in bear_faces.items()
        )
        self.face_names = tuple(bear_faces)
        weather = Counter(cfg.weather_die)
        self.cracks, self.winds = weather.get("crack", 0), weather.get("wind", 0)
        self.total = len(cfg.bear_die) * len(cfg.weather_die)
        self.symmetries = self._symmetries() if symmetry else ((False, (0, 1, 2, 3)),)
        self._colour_only = all(not mirror for mirror, _ in self.symmetries)
        self._classes, self._mirror = self._sorting()
        self._moves: dict[int, list] = {}  # the tiles' bits -> their slides (actions)
        self._bits = _Bits()  # a mask -> its single bits, lowest first (the cracks)
        self._tiles = (1 << self.bears_shift) - 1  # a code's tiles' bits
        # a bear's byte -> the bit of the square it stands on (0 at its start or across)
        self._on_square = tuple(1 << (x - 2) if 1 < x < n + 2 else 0 for x in range(256))
        # each bear's jumps from each byte as (the target's bit or 0, what the jump adds to a
        # code, whether it is onto the finish)
        self._steps = tuple(
            tuple(
                tuple(
                    (bit, (target - place) << (self.bears_shift + BYTE * k), target == ACROSS)
                    for target, bit in moves
                )
                for place, moves in enumerate(self.jumps[k])
            )
            for k in range(4)
        )
        self._mirror_row = tuple(
            sum(1 << (w - 1 - c) for c in range(w) if row >> c & 1) for row in range(1 << w)
        )

    # -- set-up -----------------------------------------------------------------------
    def _jumps(self, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        out = [()] * (self.n + 2)
        entry, top = self.entry[k], self.top[k]
        out[AT_START] = ((entry + 2, 1 << entry),)
        for sq in range(self.n):
            moves = [(j + 2, 1 << j) for j in self.neighbours[sq]]
            if sq == entry:
                moves.append((AT_START, 0))
            if sq == top:
                moves.append((ACROSS, 0))
            out[sq + 2] = tuple(moves)
        return tuple(out)  # out[ACROSS] stays (): an arrived bear moves no more

    def _symmetries(self) -> tuple[tuple[bool, tuple[int, ...]], ...]:
        """Every (mirror, colour map) under which the rules are the same: rocks, start and
        finish squares, and the bear die's faces (as sets of colours, with their counts) map
        onto themselves. colour map[k] is the colour that bear k's place goes to."""
        lay = self.cfg.layout
        w = lay.width
        die = _die(self.faces, (0, 1, 2, 3))
        found = []
        for mirror in (False, True):
            col = (lambda c: w - 1 - c) if mirror else (lambda c: c)
            if mirror and any(
                lay.cells[r * w + c] == "R" and lay.cells[r * w + col(c)] != "R"
                for r in range(lay.height)
                for c in range(w)
            ):
                continue
            for perm in permutations(range(4)):
                if any(
                    lay.start[perm[k]] != col(lay.start[k])
                    or lay.finish[perm[k]] != col(lay.finish[k])
                    for k in range(4)
                ):
                    continue
                if _die(self.faces, perm) == die:
                    found.append((mirror, perm))
        return tuple(found)

    # -- codes ------------------------------------------------------------------------
    def encode(self, cells, bears) -> int:
        """A position's code from its cells and bears (the rules' START, FINISH or square)."""
        ice = sum(1 << i for i, c in enumerate(cells) if c == "I")
        seal = sum(1 << i for i, c in enumerate(cells) if c == "S")
        word = sum(_byte(b) << (BYTE * k) for k, b in enumerate(bears))
        return ice | seal << self.n | word << self.bears_shift

    def decode(self, code: int) -> tuple[int, int, tuple[int, ...]]:
        """(ice mask, seal mask, the four bears' bytes)."""
        word = code >> self.bears_shift
        return (
            code & self.full,
            code >> self.n & self.full,
            (word & 255, word >> 8 & 255, word >> 16 & 255, word >> 24),
        )

    def canon(self, code: int) -> int:
        """The least code among the position's images under the floe's symmetries."""
        syms = self.symmetries
        if len(syms) == 1:
            return code
        shift = self.bears_shift
        word = code >> shift
        tiles = code & ((1 << shift) - 1)
        b = (word & 255, word >> 8 & 255, word >> 16 & 255, word >> 24)
        classes = self._classes
        if classes is not None:  # colour swaps: any order within each class, so sort it
            best = tiles | _sorted_word(b, classes) << shift
            if self._mirror is None:
                return best
            tiles, b = self._mirror_image(tiles, b, self._mirror)
            return min(best, tiles | _sorted_word(b, classes) << shift)
        if self._colour_only:
            return tiles | min(_permuted(b, perm) for _, perm in syms) << shift
        best = code
        mirrored_tiles, mb = self._mirror_image(tiles, b, (0, 1, 2, 3))
        for mirror, perm in syms:
            image = (
                (mirrored_tiles | _permuted(mb, perm) << shift)
                if mirror
                else (tiles | _permuted(b, perm) << shift)
            )
            if image < best:
                best = image
        return best

    def _mirror_image(self, tiles: int, b: tuple, perm: tuple) -> tuple[int, tuple]:
        """The tiles' bits and the bears' bytes seen in the mirror, bear k's as colour
        perm[k]'s."""
        mirrored = self._mirror_mask(tiles & self.full) | (
            self._mirror_mask(tiles >> self.n) << self.n
        )
        out = [0, 0, 0, 0]
        for k in range(4):
            out[perm[k]] = self._mirror_byte(b[k])
        return mirrored, tuple(out)

    def _sorting(self):
        """When the colour maps are every order within some classes of colours (each class's
        colours, highest first), the classes; and a mirror map, if there is one. Else None:
        canon then tries every map."""
        swaps = [perm for mirror, perm in self.symmetries if not mirror]
        classes: list[list[int]] = []
        for k in range(4):
            for cls in classes:
                if any(p[cls[0]] == k for p in swaps):
                    cls.append(k)
                    break
            else:
                classes.append([k])
        size = 1
        for cls in classes:
            size *= factorial(len(cls))
        if size != len(swaps):
            return None, None
        mirrors = [perm for mirror, perm in self.symmetries if mirror]
        return tuple(tuple(sorted(cls, reverse=True)) for cls in classes), (
            mirrors[0] if mirrors else None
        )

    def _mirror_mask(self, mask: int) -> int:
        w, rows, out = self.width, self._mirror_row, 0
        row_mask = (1 << w) - 1
        for r in range(self.n // w):
            out |= rows[mask >> (r * w) & row_mask] << (r * w)
        return out

    def _mirror_byte(self, b: int) -> int:
        if b < 2:
            return b
        sq = b - 2
        w = self.width
        return (sq - sq % w) + (w - 1 - sq % w) + 2

    # -- a turn, one action at a time ---------------------------------------------------
    def actions(self, code: int) -> tuple[list[int], list[int], tuple, tuple]:
        """The ends of the single actions from a position between turns (codes not
        canonical), of which a turn is made (`ends`):

        - the cracks (SB5), or [LOSS] when no free ice is left;
        - the slides (SB6; a bear on the tile rides along: P-SB5);
        - each bear's jumps (SB4), WIN for the one that brings the last bear across (SB8);
        - each bear's jumps after a slide, those alone that no jump followed by the same
          slide reaches: a jump of the bear the slide carried, or onto the ice it brought.
          (Any other jump and slide are the same in either order: the jump does not touch
          the tiles, and the slide leaves that jump's square, free ice, as it was.)"""
        shift = self.bears_shift
        word = code >> shift
        places = (word & 255, word >> 8 & 255, word >> 16 & 255, word >> 24)
        on = self._on_square
        occ = on[places[0]] | on[places[1]] | on[places[2]] | on[places[3]]
        ice = code & self.full
        free = ice & ~occ
        cracks = [code ^ bit for bit in self._bits(free)] if free else [LOSS]
        all_across, steps = self.all_across, self._steps
        jumps = []
        for k in range(4):
            out = []
            for bit, add, across in steps[k][places[k]]:
                if bit and not free & bit:
                    continue  # onto ice only, and only free ice
                new = code + add
                out.append(WIN if across and new >> shift == all_across else new)
            jumps.append(out)
        tiles = code & self._tiles
        moves = self._moves.get(tiles)
        if moves is None:  # the slides depend on the tiles only: a few hundred sets
            moves = self._moves[tiles] = self._slide_moves(ice, code >> self.n & self.full)
        if not moves:
            return cracks, [], tuple(jumps), NO_ENDS
        slides = []
        after: tuple = NO_ENDS
        for flip, low, step, brought in moves:
            new = code ^ flip
            if occ & low:  # the rider: the bear whose byte names this square
                k = places.index(low.bit_length() + 1)
                new += step << (shift + BYTE * k)
                if after is NO_ENDS:
                    after = ([], [], [], [])
                left = (ice ^ flip) & ~(occ ^ low ^ brought)  # free ice after the slide
                for bit, add, across in steps[k][places[k] + step]:
                    if bit and not left & bit:
                        continue
                    j = new + add
                    after[k].append(WIN if across and j >> shift == all_across else j)
            elif brought:  # ice onto a square a bear may jump onto now
                for k in range(4):
                    for bit, add, _ in steps[k][places[k]]:
                        if bit == brought:
                            if after is NO_ENDS:
                                after = ([], [], [], [])
                            after[k].append(new + add)
            slides.append(new)
        return cracks, slides, tuple(jumps), after

    def _slide_moves(self, ice: int, seal: int) -> list[tuple[int, int, int, int]]:
        """SB6: every slide of an ice or seal tile into open water beside it, as (the bits it
        flips in a code, its square's bit, how far a rider's byte moves, the bit of the square
        it brings ice to or 0 for a seal), in square order. A jump changes neither tiles nor
        water: the same slides serve before and after it."""
        out: list[tuple[int, int, int, int]] = []
        water = self.floor & ~ice & ~seal
        if not water:
            return out
        near, neighbours, n = self.near, self.neighbours, self.n
        rest = ice | seal
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            open_ = water & near[sq]
            if not open_:
                continue
            is_ice = ice & low
            shift = 0 if is_ice else n  # an ice tile's bits, or a seal's
            for dst in neighbours[sq]:
                if open_ >> dst & 1:
                    brought = 1 << dst if is_ice else 0
                    out.append((((1 << dst) | low) << shift, low, dst - sq, brought))
        return out

    def ends(self, code: int, face: int, weather: str) -> frozenset[int]:
        """Every end of a turn that rolls face number `face` (in `faces`) and `weather`,
        canonical, WIN and LOSS for the ends of the game, from the actions as `values`
        composes them.

        The crack (SB5, SB7, P-SB2): a crack, or a jump of a bear the face moves and then a
        crack (judged after the jump; a crack then a jump ends where the jump then that
        crack does). The wind (SB6, SB7, both optional): nothing, a slide, a jump, a jump
        then a slide, or a slide then a jump (`actions`: those the other order misses)."""
        cracks, slides, jumps, after = self.actions(code)
        movers = [k for k in range(4) if self.faces[face][0] >> k & 1]
        if weather == "crack":
            out = set(cracks)
            for k in movers:
                for j in jumps[k]:
                    out.update((WIN,) if j == WIN else self.actions(j)[0])
        else:
            out = {code, *slides}
            for k in movers:
                for j in jumps[k]:
                    out.add(j)
                    if j != WIN:
                        out.update(self.actions(j)[1])
                out.update(after[k])
        return frozenset(x if x < 0 else self.canon(x) for x in out)

    def upper_bound(self, start_codes) -> int:
        """At most this many positions between turns are reachable: ice only goes (cracks),
        seals and the open water only move, so every position has at most the ice tiles
        and exactly the seal tiles of a start, and at most four bears on its ice, each at
        most once, the others at their start or across. (Symmetry not counted.)"""
        from math import comb, perm

        floor = self.floor.bit_count()
        total = 0
        most: dict[int, int] = {}  # seal count: the most ice of a start with that many
        for c in start_codes:
            seal_n = (c >> self.n & self.full).bit_count()
            most[seal_n] = max(most.get(seal_n, 0), (c & self.full).bit_count())
        for seal_n, ice_n in sorted(most.items()):
            seal_ways = comb(floor, seal_n)
            for k in range(ice_n + 1):
                bears = sum(comb(4, j) * perm(k, j) * 2 ** (4 - j) for j in range(min(4, k) + 1))
                total += seal_ways * comb(floor - seal_n, k) * bears
        return total


def _die(faces, perm) -> Counter:
    """How many bear-die faces move each set of colours, the colours renamed by perm."""
    out: Counter = Counter()
    for movers, count in faces:
        out[sum(1 << perm[k] for k in range(4) if movers >> k & 1)] += count
    return out


def _byte(place: int) -> int:
    return AT_START if place == -1 else ACROSS if place == -2 else place + 2


def _sorted_word(b: tuple[int, ...], classes) -> int:
    """The least bears' word with each class's places in any order among its colours: the
    smallest place goes to the class's highest colour (the word's higher byte)."""
    word = 0
    for cls in classes:
        for k, place in zip(cls, sorted(b[k] for k in cls), strict=True):
            word |= place << (BYTE * k)
    return word


def _permuted(b: tuple[int, ...], perm: tuple[int, ...]) -> int:
    """The bears' word when bear k's place goes to colour perm[k]."""
    return (
        b[0] << (BYTE * perm[0])
        | b[1] << (BYTE * perm[1])
        | b[2] << (BYTE * perm[2])
        | b[3] << (BYTE * perm[3])
    )


class _Bits(dict):
    """A mask's single bits, lowest first, worked out once for each mask met."""

    def __call__(self, mask: int) -> tuple[int, ...]:
        got = self.get(mask)
        if got is None:
            got = self[mask] = tuple(_single_bits(mask))
        return got


def _single_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


# -- exact solving over whole turns -------------------------------------------------------------

WIN_ID, LOSS_ID = 0, 1  # the two ends of the game, first in the table of positions
CHECK_EVERY = 1024  # positions between two reports (progress, the memory ceiling)


def _without_gc(func):
    """Run `func` with the cycle collector paused: the tables are millions of tuples with no
    cycles among them, which each collection would walk again as they grow (a third of the
    exploration's time) and free none of."""

    @functools.wraps(func)
    def run(*args, **kwargs):
        paused = gc.isenabled()
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            if paused:
                gc.enable()

    return run


class Graph:
    """What a graph of positions between turns answers, however it was explored: `codes` by
    id (WIN and LOSS first), `ends` (each position's end ids in a row)."""

    codes: Sequence[int]
    ends: Sequence[int]

    @property
    def positions(self) -> int:
        return len(self.codes) - 2

    @property
    def successors(self) -> int:
        """The ends stored, over all positions."""
        return len(self.ends)


class TurnGraph(Graph):
    """Every reachable position between turns (one per symmetry class), and its actions.

    The actions are stored flat, as numpy reads them: `ends` holds each position's end ids
    in turn, and `parts` ten counts a position (PARTS) saying how many of them are, in
    order, its cracks (LOSS_ID alone when no free ice is left), its slides, each bear's
    jumps (WIN_ID: the last one across) and each bear's jumps after a slide (see
    Floe.actions). With no wind face on the weather die a jump is always followed by a
    crack: each bear's jumps are then the ends of a jump and a crack, and there are no
    slides; with no crack face, no cracks. So every position stored is one a turn can end
    in."""

    def __init__(self, floe: Floe):
        self.floe = floe
        self.codes: list[int] = [WIN, LOSS]  # by id; ids 0 and 1 are the ends
        # a code (canonical or not) -> its position's id; WIN and LOSS -> ids 0 and 1
        self.index: dict[int, int] = {WIN: WIN_ID, LOSS: LOSS_ID}
        self.ends = array("q")
        self.parts = array("i", bytes(2 * PARTS * array("i").itemsize))  # the ends: none

    @property
    def images(self) -> int:
        """The codes met, each position's images included (WIN and LOSS not counted)."""
        return len(self.index) - 2

    def id_of(self, code: int) -> int:
        """The id of a position from any of its images met (a start, say)."""
        return self.index[code]

    def layers(self) -> list[list[int]]:
        return layers(self)

    def code_list(self) -> list[int]:
        """The positions' codes by id (WIN and LOSS first)."""
        return self.codes

    def arrays(self):
        """The ends and the parts as numpy arrays (no copy)."""
        ends = np.frombuffer(self.ends, dtype=np.int64)
        return ends, np.frombuffer(self.parts, dtype=np.int32).reshape(-1, PARTS)

    def add(self, code: int) -> int:
        """The id of a position (any of its images), adding it if it is new."""
        j = self.index.get(code)
        if j is None:
            canon = self.floe.canon(code)
            j = self.index.get(canon)
            if j is None:
                j = self.index[canon] = len(self.codes)
                self.codes.append(canon)
            self.index[code] = j
        return j

    def expand(self, i: int) -> None:
        floe = self.floe
        cracks, slides, jumps, slid = floe.actions(self.codes[i])
        if not floe.cracks:
            cracks = []
        if not floe.winds:  # a jump is followed by a crack, and nothing slides
            slides = []
            jumps = tuple(
                [x for j in part for x in ((WIN,) if j == WIN else floe.actions(j)[0])]
                for part in jumps
            )
            slid = NO_ENDS
        j0, j1, j2, j3 = jumps
        s0, s1, s2, s3 = slid
        flat = cracks + slides + j0 + j1 + j2 + j3
        if slid is not NO_ENDS:
            flat += s0 + s1 + s2 + s3
        # WIN and LOSS are in the index (ids 0 and 1): most ends are one lookup each
        ids = list(map(self.index.get, flat))
        if None in ids:
            add = self.add
            ids = [add(x) if j is None else j for x, j in zip(flat, ids, strict=True)]
        self.ends.extend(ids)
        self.parts.extend(
            (len(cracks), len(slides), len(j0), len(j1), len(j2), len(j3))
            + (len(s0), len(s1), len(s2), len(s3))
        )


PARTS = 10  # a position's parts: cracks, slides, 4 bears' jumps, 4 bears' jumps after a slide


@_without_gc
def explore(floe: Floe, starts, max_positions: int, check=None) -> TurnGraph:
    """Every position reachable from the start codes, breadth first; `check(n)` is called every
    CHECK_EVERY positions (progress, the memory ceiling) and may raise."""
    graph = TurnGraph(floe)
    for code in starts:
        graph.add(code)
    i = 2
    codes, expand = graph.codes, graph.expand
    while i < len(codes):
        if check is not None and (i - 2) % CHECK_EVERY == 0 and i > 2:
            check(i - 2)  # positions expanded so far
        expand(i)
        if len(codes) - 2 > max_positions:
            from bearcli.core.solving import too_many_positions

            raise too_many_positions(max_positions)
        i += 1
    if check is not None:
        check(graph.positions)
    return graph


def layers(graph: TurnGraph) -> list[list[int]]:
    """The positions in the order they are solved: a crack takes one ice tile and an arrived
    bear stays across, so positions with less ice, and then with more bears across, never
    lead back to the others."""
    floe = graph.floe
    full = floe.full
    shift = floe.bears_shift
    groups: dict[tuple[int, int], list[int]] = {}
    for i in range(2, len(graph.codes)):
        code = graph.codes[i]
        word = code >> shift
        across = sum(1 for k in range(4) if word >> (BYTE * k) & 255 == ACROSS)
        groups.setdefault(((code & full).bit_count(), -across), []).append(i)
    return [groups[key] for key in sorted(groups)]


class _Parts:
    """One layer's parts of one kind (a column of TurnGraph.parts) as numpy reads them: the
    non-empty ones (`which`, into the layer's positions), the longest first, and their ends
    as columns: `columns[c]` holds the c-th end of each part that has one, and those parts
    are a prefix (so each column is read whole, and no end is read twice or padded)."""

    def __init__(self, ends, begin, count):
        which = np.flatnonzero(count)
        order = np.argsort(-count[which], kind="stable")
        self.which = which[order]
        count, begin = count[self.which], begin[self.which]
        self.columns = [
            ends[begin[:n] + c] for c, n in enumerate(np.bincount(count)[::-1].cumsum()[::-1][1:])
        ]

    def best(self, values):
        """The best value in each non-empty part."""
        best = values[self.columns[0]]
        for column in self.columns[1:]:
            head = best[: len(column)]
            np.maximum(head, values[column], out=head)
        return best

    def raise_in(self, target, values) -> None:
        """Raise each part's entry of `target` (by the layer's positions) to the part's best
        value, if that is more; nothing when no part has an end."""
        if self.columns:
            target[self.which] = np.maximum(target[self.which], self.best(values))

    def raised(self, target, values):
        """A copy of `target` with raise_in done."""
        out = target.copy()
        self.raise_in(out, values)
        return out


@_without_gc
def values(
    graph: Graph, tolerance: float, on_layer=None, order: list[list[int]] | None = None
) -> tuple[list[float], int, int]:
    """Each position's win probability with perfect play: (values by id, the most sweeps a
    layer needed, all sweeps).

    A turn is composed of single actions (Floe.ends). With the crack, a face's best end is
    the best of: a crack now, and each bear's jumps followed by a crack (their ends are in
    layers already solved, so a layer's cracks are summed once). With the wind, the best
    of: the wind alone (staying, or a slide: "W"), and for each bear it moves, its jumps,
    each followed by the wind alone (W of the jump's end, which is in the layer or in one
    solved), and its jumps after a slide.

    A layer's wind turns are solved by value iteration on whole arrays (numpy), all the
    layer's positions at once. Values start from staying put on every wind (the crack sum /
    (1 - the wind's chance), below the true value) and only rise, as bearcli.exact_solver.
    _iterate's do, to the least fixed point. Staying is solved in each sweep: a position
    whose best end for some faces is to stay where it is gets v = (the rest) / (1 - their
    chance), still no more than its true value. A layer is done when a sweep raises no value
    by `tolerance`. The sums run in a fixed order, so the floats are the same everywhere."""
    floe = graph.floe
    crack_w = floe.cracks / floe.total
    wind_w = floe.winds / floe.total
    faces = tuple((count, [k for k in range(4) if movers >> k & 1]) for movers, count in floe.faces)
    wind_p = sum(count for count, _ in faces) * wind_w  # the wind's chance
    size = len(graph.codes)
    V = np.zeros(size)  # the values
    V[WIN_ID] = 1.0
    C = V.copy()  # a crack now: the best of the position's cracks
    W = V.copy()  # the wind alone: the best of staying and the slides
    ends, parts = graph.arrays()
    rows = np.zeros(size, dtype=np.int64)  # where each position's ends begin
    np.cumsum(parts.sum(axis=1, dtype=np.int64)[:-1], out=rows[1:])
    after_jump = C if floe.winds else V  # with no wind: the jumps are those ends
    most = sweeps = done = 0
    for layer in order if order is not None else graph.layers():
        ids = np.array(layer, dtype=np.int64)
        n = len(layer)
        count = parts[ids].astype(np.int64)
        begin = rows[ids][:, None] + np.cumsum(count, axis=1) - count  # each part's start
        cracks, slides = (_Parts(ends, begin[:, c], count[:, c]) for c in (0, 1))
        jumps = _Parts(ends, begin[:, 2:6].reshape(-1), count[:, 2:6].reshape(-1))
        slid = _Parts(ends, begin[:, 6:].reshape(-1), count[:, 6:].reshape(-1))
        base = np.zeros(n)
        if crack_w:  # every position has a crack (or LOSS): C is the best of them
            c0 = np.zeros(n)
            cracks.raise_in(c0, V)
            C[ids] = c0
            ck = np.full(4 * n, -1.0)  # each bear's best jump then a crack (-1: none)
            jumps.raise_in(ck, after_jump)
            ck = ck.reshape(n, 4)
            for count_f, movers in faces:
                base += count_f * np.maximum(c0, ck[:, movers].max(axis=1))
            base *= crack_w
        V[ids] = base / (1.0 - wind_p) if wind_p < 1.0 else 0.0
        sweep = 0
        while wind_w:
            sweep += 1
            old = V[ids]
            W[ids] = w = slides.raised(old, V)  # the wind alone: staying, or a slide
            bear = np.full(4 * n, -1.0)  # each bear's best wind end (-1: it cannot move)
            jumps.raise_in(bear, W)
            slid.raise_in(bear, V)
            bear = bear.reshape(n, 4)
            stay = np.zeros(n)  # the chance of the faces best spent staying put
            rest = base.copy()  # the others' worth
            for count_f, movers in faces:
                best = np.maximum(w, bear[:, movers].max(axis=1))
                stays = best <= old
                stay += np.where(stays, count_f * wind_w, 0.0)
                rest += np.where(stays, 0.0, count_f * wind_w * best)
            solved = stay < 1.0 - 1e-9
            new = np.where(solved, rest / np.where(solved, 1.0 - stay, 1.0), rest + stay * old)
            rise = float((new - old).max())
            V[ids] = np.maximum(old, new)
            if rise < tolerance or sweep >= 100_000:
                break
        if wind_w:  # the wind alone, final, for the later layers' jumps
            W[ids] = slides.raised(V[ids], V)
        most, sweeps = max(most, sweep), sweeps + sweep
        done += n
        if on_layer is not None:
            on_layer(done)
    return V.tolist(), most, sweeps


def solve_game(game, config, budget: Budget, symmetry: bool = True) -> Solution:
    """The floe solved over whole turns, within `budget` (bearcli.exact_solver's)."""
    from bearcli.games.sliding_bears import explore_arrays as arrays

    floe = Floe(config, symmetry=symmetry)
    start, _ = game.initial_state(config)
    if game.actor(start) == CHANCE:  # the scenario made the set-up removal (P-SB3)
        choices = None
        codes = [floe.encode(start.cells, start.bears)]
    else:  # the first decision: the set-up removal (SB2)
        choices = []
        for step in game.legal_steps(start):
            child, _ = game.apply(start, step)
            choices.append((str(step), floe.encode(child.cells, child.bears)))
        codes = [code for _, code in choices]
    bound = floe.upper_bound(codes)
    if bound > budget.max_positions:  # counting cannot rule it out: the sample may

        def key(state):
            if game.actor(state) != CHANCE:
                return None  # mid-turn: not a position between turns
            return floe.canon(floe.encode(state.cells, state.bears))

        budget.refuse_by_sample(key)
    check = budget.watch()
    graph = arrays.explore_graph(floe, codes, budget.max_positions, check)
    total = graph.positions
    solving = budget.solving
    on_layer = None if solving is None else (lambda done: solving(done, total))
    layers = graph.layers()
    worth, most, sweeps = values(graph, TOLERANCE, on_layer, layers)
    if choices is None:
        firsts: tuple[tuple[str, float], ...] = ()
        win = worth[graph.id_of(codes[0])]
    else:
        firsts = tuple(
            sorted(
                ((name, worth[graph.id_of(code)]) for name, code in choices),
                key=lambda item: (-item[1], item[0]),
            )
        )
        win = firsts[0][1]
    stats = (
        ("bound", bound),  # positions between turns that counting tiles and bears allows
        ("symmetries", len(floe.symmetries)),  # the floe's symmetry group (1: none)
        ("codes", graph.images),  # codes met, each position's images included
        ("successors", graph.successors),  # turn ends stored, over all positions
        ("layers", len(layers)),
        ("sweeps", sweeps),  # full sweeps, over all layers
    )
    return Solution(total, most, win, firsts, "turns", stats)
