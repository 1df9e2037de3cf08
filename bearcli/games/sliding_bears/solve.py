"""Sliding Bears positions as integers and a whole turn as one step: exact solving's encoding.

The plain solver (`bearcli.solver`) walks every position the Game protocol has, one step at a
time: the roll, then each jump, crack, slide and pass, each a state object with its events.
Here a position between two turns (the next seat is to roll) is one `int`:

    bits 0..n-1     the ice tiles (bit i is square i)
    bits n..2n-1    the seal tiles (rocks never change; the rest is open water)
    bits 2n..       four bytes, one a bear (pink, green, blue, yellow): 0 at its start,
                    1 across (at its finish), 2 + i on square i

and `turn(code)` finds, for each bear-die face and weather face, every position the turn can
end in (SB4-SB7, P-SB2): the turn's choices are then one maximum over those ends, and the
states within a turn are never stored. The turn number and the seat are left out, as
`SlidingBears.solve_key` leaves them out (SB9: one team).

Symmetries: the colours that share their start and finish columns, and whose bear-die faces map
onto each other, are interchangeable; a left-right mirror is one when the rocks, the start and
finish squares and the dice mirror (with such a colour exchange). `Floe.canon` maps a position
to the least code among its images, so a solve stores one position for each class.

tests/games/sliding_bears/test_solve_encoding.py walks the positions of small floes with the
plain protocol and proves `turn` gives the same ends, weights and results.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from math import factorial
from operator import mul

from bearcli.games.sliding_bears.layout import COLOURS

AT_START, ACROSS = 0, 1  # a bear's byte: 0, 1, or 2 + its square
WIN, LOSS = -1, -2  # the ends of a game, beside the codes (never negative) of positions
BYTE = 8


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
        self._moves: dict[int, list] = {}  # the tiles' bits -> their slides (turn)
        self._bits = _Bits()  # a mask -> its single bits, lowest first (the cracks)
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

    # -- a turn -----------------------------------------------------------------------
    def turn(self, code: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """Where a turn from this position can end, by what it uses (codes not canonical;
        WIN and LOSS for the ends of the game):

        (crack ends, wind ends), each five tuples: [0] the ends with no jump, [1 + k] the
        ends with a jump of bear k. A roll of bear face F and weather W ends in the union of
        W's [0] and its [1 + k] for each bear k that F moves (SB3, SB7)."""
        n = self.n
        full = self.full
        ice = code & full
        seal = code >> n & full
        shift = self.bears_shift
        word = code >> shift
        tiles_code = code & ((1 << shift) - 1)
        b = (word & 255, word >> 8 & 255, word >> 16 & 255, word >> 24)
        occ = 0
        for x in b:
            if x > 1:
                occ |= 1 << (x - 2)
        water = self.floor & ~ice & ~seal
        jumps = self.jumps
        all_across = self.all_across
        bits = self._bits
        # SB5: a crack takes one free ice tile; none left: lost (P-SB2).
        free = ice & ~occ
        crack0 = [code ^ bit for bit in bits(free)] if free else (LOSS,)
        slide_moves = self._moves.get(tiles_code)
        if slide_moves is None:  # the slides depend on the tiles only: a few hundred sets
            slide_moves = self._moves[tiles_code] = self._slide_moves(ice, seal, water)
        slides0 = self._slides(slide_moves, code, occ, word) if slide_moves else []
        wind0 = (code, *slides0)  # the wind and the bear both forgone, or used up
        crack_by, wind_by = [crack0], [wind0]
        after_wind = None
        for k in range(4):
            place = b[k]
            moves = jumps[k][place]
            if not moves:
                crack_by.append(())
                wind_by.append(())
                continue
            sh = BYTE * k
            cracks: list[int] = []
            winds: list[int] = []
            here_bit = 1 << (place - 2) if place > 1 else 0
            for target, bit in moves:
                if bit and not free & bit:
                    continue
                new_word = word + ((target - place) << sh)
                if new_word == all_across:  # SB8: won the moment the last bear is across
                    cracks.append(WIN)
                    winds.append(WIN)
                    continue
                new_occ = (occ & ~here_bit) | bit
                jumped = tiles_code | new_word << shift
                # jump, then the crack (SB7): the square left is free ice again
                new_free = ice & ~new_occ
                cracks.extend([jumped ^ bit for bit in bits(new_free)] if new_free else (LOSS,))
                # jump, then the wind or not
                winds.append(jumped)
                if slide_moves:
                    winds.extend(self._slides(slide_moves, jumped, new_occ, new_word))
            # the wind, then a jump of this bear (a slide may bring it ice, or carry it)
            if after_wind is None:
                after_wind = [self._free_after(slid) for slid in slides0]
            for s_tiles, s_word, s_free in after_wind:
                s_place = s_word >> sh & 255
                for target, bit in jumps[k][s_place]:
                    if bit and not s_free & bit:
                        continue
                    new_word = s_word + ((target - s_place) << sh)
                    winds.append(WIN if new_word == all_across else s_tiles | new_word << shift)
            crack_by.append(tuple(cracks))
            wind_by.append(tuple(winds))
        return tuple(crack_by), tuple(wind_by)

    def _free_after(self, slid: int) -> tuple[int, int, int]:
        """A slide's position as (its tiles' bits, its bears' word, its free ice)."""
        shift = self.bears_shift
        word = slid >> shift
        occ = 0
        for j in range(4):
            x = word >> (BYTE * j) & 255
            if x > 1:
                occ |= 1 << (x - 2)
        return slid & ((1 << shift) - 1), word, slid & self.full & ~occ

    def _slide_moves(self, ice: int, seal: int, water: int) -> list[tuple[int, int, int]]:
        """SB6: every slide of an ice or seal tile into open water beside it, as (the bits it
        flips in a code, its square's bit, how far a rider's byte moves), in square order.
        A jump changes neither tiles nor water: the same slides serve before and after it."""
        out: list[tuple[int, int, int]] = []
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
            shift = 0 if ice & low else n  # an ice tile's bits, or a seal's
            for dst in neighbours[sq]:
                if open_ >> dst & 1:
                    out.append((((1 << dst) | low) << shift, low, dst - sq))
        return out

    def _slides(self, moves, code: int, occ: int, word: int) -> list[int]:
        """The positions the slides `moves` make from `code` (bears' word `word`, squares
        `occ` occupied): a bear on a sliding ice tile rides along (P-SB5)."""
        if not occ:
            return [code ^ flip for flip, _, _ in moves]
        out = []
        shift = self.bears_shift
        for flip, low, step in moves:
            new = code ^ flip
            if occ & low:  # the rider: the bear whose byte names this square
                place = low.bit_length() + 1
                for k in range(4):
                    if word >> (BYTE * k) & 255 == place:
                        new += step << (shift + BYTE * k)
                        break
            out.append(new)
        return out

    def ends(self, code: int, face: int, weather: str) -> frozenset[int]:
        """The ends of a turn that rolls face number `face` (in `faces`) and `weather`
        (for the proof against the plain rules: one roll, all its ends, canonical)."""
        cracks, winds = self.turn(code)
        parts = cracks if weather == "crack" else winds
        movers = self.faces[face][0]
        out = set(parts[0])
        for k in range(4):
            if movers >> k & 1:
                out.update(parts[1 + k])
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


class TurnGraph:
    """Every reachable position between turns (one per symmetry class), and its turn."""

    def __init__(self, floe: Floe):
        self.floe = floe
        self.codes: list[int] = [WIN, LOSS]  # by id; ids 0 and 1 are the ends
        # a code (canonical or not) -> its position's id; WIN and LOSS -> ids 0 and 1
        self.index: dict[int, int] = {WIN: WIN_ID, LOSS: LOSS_ID}
        # For each position: the crack ends and the wind ends by what the turn uses, as ids
        # (see Floe.turn).
        self.crack: list = [None, None]
        self.wind: list = [None, None]
        self.successors = 0  # ids stored in those tuples

    @property
    def positions(self) -> int:
        return len(self.codes) - 2

    @property
    def images(self) -> int:
        """The codes met, each position's images included (WIN and LOSS not counted)."""
        return len(self.index) - 2

    def add(self, code: int) -> int:
        """The id of a position (any of its images), adding it if it is new."""
        j = self.index.get(code)
        if j is None:
            canon = self.floe.canon(code)
            j = self.index.get(canon)
            if j is None:
                j = self.index[canon] = len(self.codes)
                self.codes.append(canon)
                self.crack.append(None)
                self.wind.append(None)
            self.index[code] = j
        return j

    def expand(self, i: int) -> None:
        cracks, winds = self.floe.turn(self.codes[i])
        parts = cracks + winds
        flat = [x for part in parts for x in part]
        # WIN and LOSS are in the index (ids 0 and 1): most ends are one lookup each
        ids = list(map(self.index.get, flat))
        if None in ids:
            add = self.add
            ids = [add(x) if j is None else j for x, j in zip(flat, ids, strict=True)]
        out = []
        at = 0
        for part in parts:
            n = len(part)
            # the same end by two orders of the dice, or two images of one position: once
            out.append(tuple(dict.fromkeys(ids[at : at + n])) if n > 1 else tuple(ids[at : at + n]))
            at += n
        self.crack[i], self.wind[i] = tuple(out[:5]), tuple(out[5:])
        self.successors += sum(map(len, out))


def explore(floe: Floe, starts, max_positions: int, check=None) -> TurnGraph:
    """Every position reachable from the start codes, breadth first; `check(n)` is called every
    CHECK_EVERY positions (progress, the memory ceiling) and may raise."""
    graph = TurnGraph(floe)
    for code in starts:
        graph.add(code)
    i = 2
    while i < len(graph.codes):
        if check is not None and (i - 2) % CHECK_EVERY == 0 and i > 2:
            check(i - 2)  # positions expanded so far
        graph.expand(i)
        if graph.positions > max_positions:
            from bearcli.solver import TOO_LARGE, TooLarge

            raise TooLarge(
                f"more than {max_positions} reachable positions; {TOO_LARGE} "
                "(raise --max-positions, or measure it with simulate)"
            )
        i += 1
    if check is not None:
        check(graph.positions)
    return graph


def layers(graph: TurnGraph) -> list[list[int]]:
    """The positions in the order they are solved: a crack takes one ice tile and an arrived
    bear stays across, so positions with less ice, and then with more bears across, never
    lead back to the others. Within a layer, the deepest found first."""
    floe = graph.floe
    full = floe.full
    shift = floe.bears_shift
    groups: dict[tuple[int, int], list[int]] = {}
    for i in range(len(graph.codes) - 1, 1, -1):
        code = graph.codes[i]
        word = code >> shift
        across = sum(1 for k in range(4) if word >> (BYTE * k) & 255 == ACROSS)
        groups.setdefault(((code & full).bit_count(), -across), []).append(i)
    return [groups[key] for key in sorted(groups)]


def values(
    graph: TurnGraph, tolerance: float, on_layer=None, order: list[list[int]] | None = None
) -> tuple[list[float], int, int]:
    """Each position's win probability with perfect play: (values by id, the most full sweeps
    a layer needed, all full sweeps). A layer's cracks lead to layers already solved, so they
    are summed once. Its wind ends are solved by modified policy iteration from 0: a full
    sweep (Gauss-Seidel: each position the weighted best of its ends) also notes the best end
    of each face, then cheap sweeps follow those choices only (until they move less than a
    twentieth of what the full sweep moved), until a full sweep changes nothing by
    `tolerance`. The wind ends are first gathered by face (`_wind_faces`). Values start at
    0 and only rise (a choice's value is never above the best), so they reach the least
    fixed point, the win probability, as bearcli.solver._iterate does."""
    floe = graph.floe
    total = floe.total
    crack_w = floe.cracks / total
    wind_w = floe.winds / total
    # Each face: its weight and the parts it joins ([0], and [1 + k] for the bears it moves).
    faces = tuple(
        (count, (0, *(1 + k for k in range(4) if movers >> k & 1))) for movers, count in floe.faces
    )
    vals = [0.0] * len(graph.codes)
    vals[WIN_ID] = 1.0
    get = vals.__getitem__
    most = sweeps = 0
    done = 0
    crack, wind = graph.crack, graph.wind
    for layer in order if order is not None else layers(graph):
        work = []  # (id, crack sum, each face's wind ends as (weight, ids)), once a layer
        for i in layer:
            parts = crack[i]
            m = [max(map(get, p)) if p else -1.0 for p in parts]
            base = crack_w * sum(c * max(map(m.__getitem__, idx)) for c, idx in faces)
            work.append((i, base, _wind_faces(wind[i], faces, wind_w)))
            crack[i] = wind[i] = None  # no longer needed
        n = 0
        while True:
            n += 1
            delta = 0.0
            policy = []
            for i, base, ends in work:
                v = base
                stay = 0.0
                js, ws = [], []
                for w, ids in ends:
                    j = max(ids, key=get)  # the first best end
                    v += w * vals[j]
                    if j == i:
                        stay += w
                    else:
                        js.append(j)
                        ws.append(w)
                if v - vals[i] > delta:
                    delta = v - vals[i]
                vals[i] = v
                # staying put (pass) solved exactly: v = (b + others) / (1 - stay)
                if stay < 1.0 - 1e-9:
                    scale = 1.0 / (1.0 - stay)
                    policy.append((i, base * scale, tuple(js), tuple(map(scale.__mul__, ws))))
                # else: all wind, and staying is all it does: its value is where it is
            if delta < tolerance or n >= 100_000:
                break
            # Follow the choices until they change little (next to what this sweep changed:
            # the choices are likely to change again while that is large): far cheaper than
            # a full sweep. The full sweeps alone decide when the layer is solved.
            enough = max(tolerance, delta * 0.05)
            for _ in range(100):
                moved = 0.0
                for i, b, js, ws in policy:
                    v = b + sum(map(mul, ws, map(get, js)))
                    if v - vals[i] > moved:
                        moved = v - vals[i]
                    vals[i] = v
                if moved < enough:
                    break
        most, sweeps = max(most, n), sweeps + n
        done += len(layer)
        if on_layer is not None:
            on_layer(done)
    return vals, most, sweeps


def _wind_faces(parts, faces, wind_w: float) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """A position's wind turns by face: (the face's weight among all rolls, every end it
    can reach: the union of its parts). Faces with the same ends are one entry."""
    out: dict[tuple[int, ...], float] = {}
    for c, idx in faces:
        ids = parts[0]
        if len(idx) > 1:
            for k in idx[1:]:
                ids += parts[k]
            ids = tuple(dict.fromkeys(ids))
        out[ids] = out.get(ids, 0.0) + c * wind_w
    return tuple((w, ids) for ids, w in out.items())
