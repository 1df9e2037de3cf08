"""Exact solving's exploration a layer at a time, on numpy arrays: `turn_solver.explore` at speed.

`turn_solver.explore` walks the positions between turns one at a time (`Floe.actions`, about 25
microseconds each). Here a whole batch of positions (codes as int64, which fits when a code
has at most 62 bits: a floe of up to 15 squares) takes each single action at once: the
cracks of every free ice square, each bear's jumps from a table by its byte, the slides of
each set of tiles met (`Floe._slide_moves`, once per set) with their riders, and the jumps a
slide makes possible. The ends are mapped to their least image (`Floe.canon`'s rule) on whole
arrays too.

Positions are found layer by layer (as `solve.layers` orders them: a crack takes ice for
good, an arrived bear stays across), from the most ice down, each layer closed under its own
wind turns before the next is begun, and numbered in the order `turn_solver.values` solves them.
The graph has the same positions, and each the same ends in each part, as `turn_solver.explore`
finds: tests/games/sliding_bears/test_explore_arrays.py compares the two on many floes.
"""

from __future__ import annotations

import numpy as np

from bearcli.games.sliding_bears import turn_solver as turns
from bearcli.games.sliding_bears.turn_solver import (
    ACROSS,
    BYTE,
    CHECK_EVERY,
    LOSS,
    PARTS,
    WIN,
    Floe,
    _without_gc,
)

BATCH = 1 << 16  # positions expanded at once (bounds the arrays of ends in memory)
MOST_BITS = 62  # a code must fit in int64 with room for a jump's sum


def fits(floe: Floe) -> bool:
    """Whether the floe's codes fit this exploration (else turn_solver.explore serves)."""
    return floe.bears_shift + 4 * BYTE <= MOST_BITS


class ArrayGraph(turns.Graph):
    """The positions and their ends (the layout of solve.TurnGraph, as arrays): ids 0 and 1
    are WIN and LOSS, then the positions layer by layer in the order they are solved."""

    def __init__(self, floe: Floe, codes, ends, parts, layer_sizes, images: int):
        self.floe = floe
        self.codes = codes  # int64 by id (WIN and LOSS first)
        self.ends = ends  # int32 ids, each position's parts in a row
        self.parts = parts  # uint8 (or int32) (ids, PARTS): how many ends each part has
        self._layer_sizes = layer_sizes
        self._images = images

    @property
    def images(self) -> int:
        return self._images

    def id_of(self, code: int) -> int:
        """The id of a position from any of its images (a start, say)."""
        canon = self.floe.canon(code) if code >= 0 else code
        (at,) = np.flatnonzero(self.codes == canon)  # a scan: asked a few times a solve
        return int(at)

    def code_list(self) -> list[int]:
        return self.codes.tolist()

    def layers(self) -> list[range]:
        out, at = [], 2
        for size in self._layer_sizes:
            out.append(range(at, at + size))
            at += size
        return out

    def arrays(self):
        return self.ends, self.parts


class _Tables:
    """The floe's rules as lookup arrays for whole batches."""

    def __init__(self, floe: Floe):
        self.floe = floe
        n = floe.n
        self.shift = floe.bears_shift
        self.full = floe.full
        self.on = np.array(floe._on_square, dtype=np.int64)  # a byte -> its square's bit
        # each bear's jumps from each byte, padded: target bit (0 off the grid), what the
        # jump adds to a code, whether it is onto the finish, whether the slot is a jump
        most = max(len(m) for k in range(4) for m in floe._steps[k])
        self.moves = most
        self.bit = np.zeros((4, n + 2, most), dtype=np.int64)
        self.add = np.zeros((4, n + 2, most), dtype=np.int64)
        self.across = np.zeros((4, n + 2, most), dtype=bool)
        self.real = np.zeros((4, n + 2, most), dtype=bool)
        for k in range(4):
            for place, moves in enumerate(floe._steps[k]):
                for m, (bit, add, across) in enumerate(moves):
                    self.bit[k, place, m] = bit
                    self.add[k, place, m] = add
                    self.across[k, place, m] = across
                    self.real[k, place, m] = True
        self.all_across = floe.all_across
        self.square_bits = [np.int64(1 << sq) for sq in range(n)]
        self.tiles_mask = np.int64((1 << floe.bears_shift) - 1)
        self._slides: dict[int, tuple] = {}  # tiles -> its slides as columns (_slide_table)
        # the mirror: each row's squares reversed, and a bear's byte seen in it
        w = floe.width
        self.rows = floe.n // w
        self.row_mask = (1 << w) - 1
        self.mirror_row = np.array(floe._mirror_row, dtype=np.int64)
        self.mirror_byte = np.array([floe._mirror_byte(b) for b in range(256)], dtype=np.int64)

    # -- canon --------------------------------------------------------------------------
    def canon(self, codes: np.ndarray) -> np.ndarray:
        """Floe.canon of every code (WIN and LOSS, negative, stay)."""
        floe = self.floe
        syms = floe.symmetries
        if len(syms) == 1 or len(codes) == 0:
            return codes
        ends = codes < 0
        x = np.where(ends, 0, codes)
        shift = self.shift
        tiles = x & self.tiles_mask
        word = x >> shift
        b = [(word >> (BYTE * k)) & 255 for k in range(4)]
        classes = floe._classes
        if classes is not None:
            best = tiles | (self._sorted_word(b, classes) << shift)
            if floe._mirror is not None:
                mt, mb = self._mirror_image(tiles, b, floe._mirror)
                best = np.minimum(best, mt | (self._sorted_word(mb, classes) << shift))
        elif floe._colour_only:
            best = None
            for _, perm in syms:
                image = tiles | (_permuted(b, perm) << shift)
                best = image if best is None else np.minimum(best, image)
        else:
            best = x
            mt, mb = self._mirror_image(tiles, b, (0, 1, 2, 3))
            for mirror, perm in syms:
                image = (
                    (mt | (_permuted(mb, perm) << shift))
                    if mirror
                    else (tiles | (_permuted(b, perm) << shift))
                )
                best = np.minimum(best, image)
        return np.where(ends, codes, best)

    def _sorted_word(self, b, classes) -> np.ndarray:
        word = np.zeros_like(b[0])
        for cls in classes:
            if len(cls) == 1:
                word |= b[cls[0]] << (BYTE * cls[0])
                continue
            places = np.sort(np.stack([b[k] for k in cls], axis=1), axis=1)
            for j, k in enumerate(cls):
                word |= places[:, j] << (BYTE * k)
        return word

    def _mirror_image(self, tiles, b, perm):
        n = self.floe.n
        mirrored = self._mirror_mask(tiles & self.full) | (self._mirror_mask(tiles >> n) << n)
        out = [None] * 4
        for k in range(4):
            out[perm[k]] = self.mirror_byte[b[k]]
        return mirrored, out

    def _mirror_mask(self, mask):
        w = self.floe.width
        out = np.zeros_like(mask)
        for r in range(self.rows):
            out |= self.mirror_row[(mask >> (r * w)) & self.row_mask] << (r * w)
        return out

    # -- the single actions --------------------------------------------------------------
    def bears(self, codes: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        """Each bear's byte of every code, and the bits of the squares they stand on."""
        word = codes >> self.shift
        places = [(word >> (BYTE * k)) & 255 for k in range(4)]
        on = self.on
        return places, on[places[0]] | on[places[1]] | on[places[2]] | on[places[3]]

    def cracks(self, codes: np.ndarray, free: np.ndarray, rows: np.ndarray, out: list) -> None:
        """SB5: a crack of each free ice square, or LOSS with none (part 0)."""
        for bit in self.square_bits:
            hit = (free & bit) != 0
            out.append((rows[hit], 0, codes[hit] ^ bit))
        none = free == 0
        out.append((rows[none], 0, np.full(int(none.sum()), LOSS, dtype=np.int64)))

    def jumps(self, codes, places, free, out, part0: int, rows, when=None) -> None:
        """SB4: each bear's jumps onto free ice, its start or its finish (parts part0 + k);
        WIN for the one that brings the last bear across. `when`, if given: the rows where
        bear k may jump at all."""
        shift = self.shift
        for k in range(4):
            place = places[k]
            for m in range(self.moves):
                ok = self.real[k, place, m]
                if when is not None:
                    ok &= when[k]
                bit = self.bit[k, place, m]
                ok &= (bit == 0) | ((free & bit) != 0)
                if not ok.any():
                    continue
                new = codes[ok] + self.add[k, place[ok], m]
                win = self.across[k, place[ok], m] & ((new >> shift) == self.all_across)
                out.append((rows[ok], part0 + k, np.where(win, WIN, new)))

    def _slide_table(self, tiles: int) -> tuple:
        """The slides of a set of tiles (Floe._slide_moves) as columns."""
        got = self._slides.get(tiles)
        if got is None:
            floe = self.floe
            ice, seal = tiles & floe.full, tiles >> floe.n & floe.full
            moves = floe._slide_moves(ice, seal)
            got = self._slides[tiles] = tuple(zip(*moves, strict=True)) if moves else ()
        return got

    def slides(self, codes, places, occ, ice, rows, out) -> None:
        """SB6: every slide (part 1), its rider carried along (P-SB5), and the jumps only a
        slide makes possible (parts 6 + k): of the rider, and onto the ice a slide brings."""
        tiles = codes & self.tiles_mask
        kinds, inverse = _kinds(tiles)
        tables = [self._slide_table(int(t)) for t in kinds]
        most = max((len(t[0]) for t in tables if t), default=0)
        if not most:
            return
        pad = np.zeros((len(kinds), most, 4), dtype=np.int64)  # flip, low, step, brought
        real = np.zeros((len(kinds), most), dtype=bool)
        for u, t in enumerate(tables):
            if t:
                size = len(t[0])
                pad[u, :size] = np.array(t, dtype=np.int64).T
                real[u, :size] = True
        shift, on = self.shift, self.on
        for m in range(most):
            ok = real[inverse, m]
            if not ok.any():
                continue
            r = rows[ok]
            x, cols = codes[ok], pad[inverse[ok], m]
            flip, low, step, brought = cols[:, 0], cols[:, 1], cols[:, 2], cols[:, 3]
            p = [places[k][ok] for k in range(4)]
            o = occ[ok]
            new = x ^ flip
            rider = (o & low) != 0
            carried = np.zeros(len(x), dtype=bool)
            when = []
            for k in range(4):
                rides = rider & ~carried & (on[p[k]] == low)  # the first bear on the square
                carried |= rides
                new = new + np.where(rides, step * np.int64(1 << (shift + BYTE * k)), 0)
                when.append(rides)
            out.append((r, 1, new))
            # the rider's jumps after the slide, onto the ice left free
            left = (ice[ok] ^ flip) & ~(o ^ low ^ brought)
            moved = [p[k] + np.where(when[k], step, 0) for k in range(4)]
            self.jumps(new, moved, left, out, 6, r, when)
            # a bear's jump onto the ice the slide brought (no rider)
            brings = ~rider & (brought != 0)
            if brings.any():
                for k in range(4):
                    for j in range(self.moves):
                        hit = brings & self.real[k, p[k], j] & (self.bit[k, p[k], j] == brought)
                        if hit.any():
                            out.append((r[hit], 6 + k, new[hit] + self.add[k, p[k][hit], j]))

    def actions(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Floe.actions of every code, as (row, part, end code) arrays (ends not canonical),
        the composition of TurnGraph.expand (no wind: a jump then a crack; no crack face:
        no cracks)."""
        floe = self.floe
        rows = np.arange(len(codes), dtype=np.int64)
        places, occ = self.bears(codes)
        ice = codes & self.full
        free = ice & ~occ
        out: list = []
        if floe.cracks:
            self.cracks(codes, free, rows, out)
        if floe.winds:
            self.jumps(codes, places, free, out, 2, rows)
            self.slides(codes, places, occ, ice, rows, out)
        else:  # each jump followed by a crack, and nothing slides
            jumped: list = []
            self.jumps(codes, places, free, jumped, 2, rows)
            for r, part, ends in jumped:
                won = ends == WIN
                out.append((r[won], part, ends[won]))
                rest, at = ends[~won], r[~won]
                after: list = []
                self.cracks(rest, (rest & self.full) & ~self.bears(rest)[1], at, after)
                out.extend((rr, part, e) for rr, _, e in after)
        if not out:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty
        row = np.concatenate([o[0] for o in out])
        part = np.concatenate([np.full(len(o[0]), o[1], dtype=np.int64) for o in out])
        ends = np.concatenate([o[2] for o in out])
        return row, part, ends


def _unique(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted (np.unique's hashing is slower on these int64 codes)."""
    if len(values) < 2:
        return values.copy()
    ordered = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _kinds(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values, sorted, and for each value the index of its own."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    inverse = np.empty(len(values), dtype=np.int64)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], inverse


def _permuted(b, perm) -> np.ndarray:
    return (
        b[0] << (BYTE * perm[0])
        | b[1] << (BYTE * perm[1])
        | b[2] << (BYTE * perm[2])
        | b[3] << (BYTE * perm[3])
    )


def _layer_keys(codes: np.ndarray, tables: _Tables) -> np.ndarray:
    """Each code's layer as one number ordered as the exploration takes them: the most ice
    first, then the fewest bears across (solve.layers sorts them the other way)."""
    ice = np.bitwise_count(codes & tables.full).astype(np.int64)
    word = codes >> tables.shift
    across = sum(((word >> (BYTE * k)) & 255) == ACROSS for k in range(4)).astype(np.int64)
    return -ice * 8 + across


@_without_gc
def explore(floe: Floe, starts, max_positions: int, check=None) -> ArrayGraph:
    """turn_solver.explore's graph (the same positions, each with the same ends), found a layer at
    a time on arrays; `check(n)` hears the positions expanded at every CHECK_EVERY, as
    there."""
    from bearcli.core.solving import too_many_positions

    tables = _Tables(floe)
    raw_starts = np.array(list(starts), dtype=np.int64)
    found = tables.canon(raw_starts)
    images = [raw_starts, found]
    pending: dict[int, list[np.ndarray]] = {}
    for key, code in zip(_layer_keys(found, tables).tolist(), found.tolist(), strict=True):
        pending.setdefault(key, []).append(np.array([code], dtype=np.int64))
    done_layers = []  # (key, codes, parts, ends as codes), in the order explored
    total = expanded = reported = 0
    while pending:
        key = min(pending)
        seeds = _unique(np.concatenate(pending.pop(key)))
        known = seeds
        frontier = seeds
        chunks = []  # (codes, parts, ends) of the layer, in the order expanded
        while len(frontier):
            batch, frontier = frontier[:BATCH], frontier[BATCH:]
            row, part, ends = tables.actions(batch)
            canon = tables.canon(ends)
            if len(floe.symmetries) > 1:
                images.append(_unique(ends))
            order = np.argsort(row * PARTS + part, kind="stable")  # by position and part
            row, part, canon = row[order], part[order], canon[order]
            counts = np.bincount(row * PARTS + part, minlength=len(batch) * PARTS)
            # a part has fewer than 256 ends on a floe of up to 15 squares (see actions)
            narrow = np.uint8 if counts.max(initial=0) < 256 else np.int32
            chunks.append((batch, counts.reshape(len(batch), PARTS).astype(narrow), canon))
            # the new positions: of this layer, to expand now; of others, for later
            new = _unique(canon[canon >= 0])
            keys = _layer_keys(new, tables)
            same = new[keys == key]
            at = np.searchsorted(known, same)
            met = known[np.minimum(at, len(known) - 1)] == same
            fresh = same[~met]
            if len(fresh):
                known = np.sort(np.concatenate([known, fresh]))
                frontier = np.concatenate([frontier, fresh])
            for other in _unique(keys[keys != key]).tolist():
                waiting = pending.setdefault(other, [])
                waiting.append(new[keys == other])
                if len(waiting) >= 8:  # the same positions, found from many batches
                    waiting[:] = [_unique(np.concatenate(waiting))]
            expanded += len(batch)
            if total + len(known) > max_positions:
                raise too_many_positions(max_positions)
            if check is not None:
                while reported + CHECK_EVERY <= expanded:
                    reported += CHECK_EVERY
                    check(reported)
        total += len(known)
        done_layers.append((key, chunks))
    # number them in solving order: the least ice first, then the most bears across
    done_layers.sort(key=lambda item: -item[0])
    chunks = [chunk for _, layer in done_layers for chunk in layer]
    sizes = [sum(len(c[0]) for c in layer) for _, layer in done_layers]
    del done_layers
    size = 2 + sum(sizes)
    codes = np.empty(size, dtype=np.int64)
    codes[:2] = (WIN, LOSS)
    parts = np.zeros((size, PARTS), dtype=np.result_type(np.uint8, *(c[1] for c in chunks)))
    at = 2
    for batch, counts, _ in chunks:
        codes[at : at + len(batch)] = batch
        parts[at : at + len(batch)] = counts
        at += len(batch)
    order = np.argsort(codes, kind="stable")
    ordered = codes[order]
    ids = np.empty(sum(len(c[2]) for c in chunks), dtype=np.int32)
    at = 0
    chunks.reverse()
    while chunks:  # each chunk's ends to ids, the chunk let go as it goes
        ends = chunks.pop()[2]
        ids[at : at + len(ends)] = order[np.searchsorted(ordered, ends)]
        at += len(ends)
    del ordered, order
    if len(floe.symmetries) > 1:
        met = _unique(np.concatenate([*images, codes[2:]]))
        image_count = int((met >= 0).sum())
    else:
        image_count = len(codes) - 2
    if check is not None and reported != len(codes) - 2:
        check(len(codes) - 2)
    return ArrayGraph(floe, codes, ids, parts, sizes, image_count)


SMALL = 20_000  # below this bound the plain walk is quicker (numpy's cost is per call)


def explore_graph(floe: Floe, starts, max_positions: int, check=None):
    """The graph from the start codes by whichever exploration serves: on arrays where the
    codes fit and counting allows more than SMALL positions, else turn_solver.explore."""
    starts = list(starts)
    if fits(floe) and floe.upper_bound(starts) > SMALL:
        return explore(floe, starts, max_positions, check)
    return turns.explore(floe, starts, max_positions, check)
