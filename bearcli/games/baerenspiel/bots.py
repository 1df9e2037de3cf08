"""Baerenspiel bots. Forest and twin game: `random`, `searcher`. Memo game: `random` (no
memory), `perfect` (remembers every card seen), `forgetful` (remembers the last k cards).

`searcher` plays the search as a distance problem: the bear lies in the dark centre (BS2), so
every reveal is scored by how far it is, walking around animals and obstacles, from the
nearest face-down card that may hold a bear, plus the escort route the square would have
(BS9: a route of 3 or less always gets the bear out). It re-rolls paws first (a re-roll never
costs anything), always takes the free chain reveal, and covers an obstacle when the reveal
behind it beats every plain search.

The readable source of these bots is `reference_bots.py`; tests/games/baerenspiel/
test_fast_paths.py proves these, which search on bit masks, equal to it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.baerenspiel import forest
from bearcli.games.baerenspiel.forest import DOWN, NEIGHBOURS, PATHS, SQUARES, index_of
from bearcli.games.baerenspiel.memo import INDEX as _MEMO_INDEX
from bearcli.games.baerenspiel.memo import MemoState
from bearcli.games.baerenspiel.notation import Chain, Cover, Decline, End, Flip, Reroll, Search
from bearcli.games.baerenspiel.rules import STEPS

FAR = 1000
CORNERED = 3  # reveal targets left at which the searcher stops waiting for a sure route


def bear_squares(state) -> set[int]:
    """Face-down squares that may still hold a little bear (dark one: centre; twin's light one:
    the ring)."""
    found_backs = {forest.back_of(b) for b in state.bears}
    backs = {"D"} - found_backs
    if state.cfg.variant == "twin" and "L" not in found_backs:
        backs.add("L")
    return {i for i in SQUARES if state.cells[i] in DOWN and state.cells[i] in backs}


# The searcher's distances are breadth-first searches over the forest. It makes thousands of
# them (every cover it weighs changes the forest), so it runs them on bit masks: bit i of an
# int is square i (a1 = bit 0), and one shift moves a whole ring of squares one step.
_BIT = tuple(1 << i for i in SQUARES)
_FULL = (1 << len(SQUARES)) - 1
_HAS_LEFT = sum(_BIT[i] for i in SQUARES if i % forest.SIZE != 0)  # not in column a
_HAS_RIGHT = sum(_BIT[i] for i in SQUARES if i % forest.SIZE != forest.SIZE - 1)
_AROUND = tuple(sum(_BIT[j] for j in NEIGHBOURS[i]) for i in SQUARES)  # NEIGHBOURS as masks
_DARK = sum(_BIT[i] for i in forest.DARK)  # dark-backed squares (BS1)
_IS_DOWN, _IS_PATH = frozenset(DOWN).__contains__, frozenset(PATHS).__contains__


def _grow(ring: int) -> int:
    """The squares next to those of `ring` (NEIGHBOURS, for a mask)."""
    size = forest.SIZE
    return (
        ((ring & _HAS_LEFT) >> 1)
        | ((ring & _HAS_RIGHT) << 1)
        | (ring >> size)
        | ((ring << size) & _FULL)
    )


def _mask(squares) -> int:
    out = 0
    for i in squares:
        out |= _BIT[i]
    return out


class _Rings:
    """A breadth-first search on masks: ring d holds the squares d steps from `sources`, each
    step onto a square of `through`. It grows only as far as the questions asked need."""

    __slots__ = ("rings", "seen", "through", "done")

    def __init__(self, sources: int, through: int):
        self.rings = [sources] if sources else []
        self.seen, self.through, self.done = sources, through, not sources

    def all(self) -> list[int]:
        """Every ring, grown to the end."""
        self.depth(0)
        return self.rings

    def depth(self, mask: int) -> int | None:
        """The first ring holding a square of `mask`; None when no ring does."""
        rings = self.rings
        for d, ring in enumerate(rings):
            if ring & mask:
                return d
        while not self.done:
            ring = _grow(rings[-1]) & self.through & ~self.seen
            if not ring:
                self.done = True
                break
            self.seen |= ring
            rings.append(ring)
            if ring & mask:
                return len(rings) - 1
        return None


def walk_distances(cells: tuple[str, ...], targets: set[int]) -> list[int]:
    """Steps from each square to the nearest target through cards a path may still cross.
    (The Scorer asks the same of _Rings, square by square.)"""
    dist = [FAR] * len(cells)
    queue = deque()
    for t in sorted(targets):
        dist[t] = 0
        queue.append(t)
    while queue:
        i = queue.popleft()
        for j in NEIGHBOURS[i]:
            if dist[j] == FAR and (cells[j] in DOWN or cells[j] in PATHS):
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


class Scorer:
    """Scores face-down squares of one forest position (higher is better).

    A square that may hold a little bear is worth turning only when the bear found there would
    surely get out (BS9: a route of 3 or less with four throws); there is no time limit in the
    forest, so until then the searcher builds paths through the cards that cannot hold a bear
    and covers obstacles, whose holes bring the outside nearer (BS7).

    The position is held as masks: `down` (face-down cards), `paths` (path cards, laid ones
    too), `edge` (squares touching the outside, BS1), `bears` (bear_squares), with `frontier`
    (the cards open to a search, BS5). Its distances are the breadth-first searches of
    walk_distances (`walk`, from the cards that may hold a bear through face-down cards and
    paths) and forest.path_distances (`route`, from the edge paths along paths).
    """

    __slots__ = (
        "state",
        "down",
        "paths",
        "edge",
        "bears",
        "walk",
        "route",
        "cornered",
        "faces",
        "twin",
        "other",
        "scores",
    )

    def __init__(self, state, down: int, paths: int, edge: int, frontier, bears: int):
        self.state = state
        self.down, self.paths, self.edge, self.bears = down, paths, edge, bears
        self.walk = _Rings(bears, down | paths)
        self.route = _Rings(paths & edge, paths)
        # Few cards left to turn: the animals may close the way in, so a gamble now beats
        # losing the bear behind them (BS11).
        self.cornered = len(frontier) <= CORNERED
        self.faces = _faces(state.cfg.die)
        self.twin = state.cfg.variant == "twin"
        self.other: int | None = None  # the twin game's found bear's need (escape)
        self.scores: dict[int, int] = {}

    @classmethod
    def of(cls, state) -> Scorer:
        cells = state.cells
        down = sum(compress(_BIT, map(_IS_DOWN, cells)))
        paths = sum(compress(_BIT, map(_IS_PATH, cells)))
        # bear_squares: the face-down cards of the backs whose bear is still to be found
        found = {forest.back_of(b) for b in state.bears}
        bears = 0 if "D" in found else down & _DARK
        if state.cfg.variant == "twin" and "L" not in found:
            bears |= down & ~_DARK
        reach = state.reach
        return cls(state, down, paths, _mask(reach.edge), reach.frontier, bears)

    def covered(self, ob: int, pa: int, frontier) -> Scorer:
        """The position after laying the edge path `pa` on the obstacle `ob` (BS7): `pa` is a
        hole, its neighbours are on the edge, `ob` is a path; `frontier` is the new one."""
        paths = (self.paths & ~_BIT[pa]) | _BIT[ob]
        edge = self.edge | _AROUND[pa]
        return Scorer(self.state, self.down, paths, edge, frontier, self.bears)

    def route_of(self, i: int) -> int | None:
        """BS9's distance for a bear found on `i` (None: no route): 0 on the edge, else the
        route of the nearest path next to it (forest.route_length)."""
        if self.edge & _BIT[i]:
            return 0
        d = self.route.depth(_AROUND[i])  # ring d: path_distances d + 1
        return None if d is None else d + 1

    def route_sum(self) -> int:
        """How far, in all, the cards that may hold a bear are from the edge (9: no route):
        route_of summed, ring by ring (0 on the edge, d + 1 next to ring d)."""
        total, rest = 0, self.bears & ~self.edge
        for d, ring in enumerate(self.route.all()):
            near = rest & _grow(ring)
            if near:
                total += (d + 1) * near.bit_count()
                rest &= ~near
        return total + 9 * rest.bit_count()

    def escape(self, i: int) -> float:
        """The chance that a bear found on `i` gets out (the other twin assumed near the edge)."""
        return _escape(self.route_of(i), self._other(), self.faces)

    def _other(self) -> int | None:
        """The twin game: the steps the other bear needs (found: its route + 1, else 2)."""
        if not self.twin:
            return None
        if self.other is None:
            bears = self.state.bears
            self.other = 2 if not bears else (self.route_of(bears[0]) or 9) + 1
        return self.other

    def score(self, i: int) -> int:
        value = self.scores.get(i)
        if value is None:
            value = self.scores[i] = self._score(i)
        return value

    def _score(self, i: int) -> int:
        route = self.route_of(i)
        if self.bears & _BIT[i]:
            return _bear_value(route, self._other(), self.faces, self.cornered)
        walk = self.walk.depth(_BIT[i])
        return 1000 - 4 * (FAR if walk is None else walk) - (route if route is not None else 6)


@lru_cache(maxsize=1024)
def _escape(route: int | None, other: int | None, faces) -> float:
    """The chance that a bear with this route gets out (four throws; the twin game: five, the
    other twin needing `other` steps)."""
    if route is None:
        return 0.0
    if other is None:
        return _success((route + 1,), 4, faces)
    return _success(tuple(sorted((route + 1, other))), 5, faces)


@lru_cache(maxsize=1024)
def _bear_value(route: int | None, other: int | None, faces, cornered: bool) -> int:
    """The score of a card that may hold a little bear found with this route."""
    p = _escape(route, other, faces)
    if p >= 1.0:
        return 10_000 - (route or 0)  # a sure win if the bear is there
    if cornered:
        return 5000 + int(p * 1000)
    return -10_000 + int(p * 1000)  # a gamble: only when nothing else is left


class SearcherBot(RandomBot):
    """Builds paths through bear-free cards toward the dark centre, covers blocking obstacles,
    and turns a card that may hold the bear once its escort route is short enough."""

    def choose(self, state, legal: Sequence):
        if isinstance(state, MemoState):
            return super().choose(state, legal)
        if state.phase == "choose":
            return self._escort(state, legal)
        for step in legal:
            if isinstance(step, Reroll):
                return step
        scorer = Scorer.of(state)
        chains = [s for s in legal if isinstance(s, Chain)]
        if chains:
            best = max(
                chains, key=lambda s: (scorer.score(index_of(s.square)), -index_of(s.square))
            )
            value = scorer.score(index_of(best.square))
            if value > -10_000 + 1000 or not state.searches:
                return best
            # The free reveal would only gamble on the bear: decline it, search elsewhere.
            if value < self._best_value(state, legal, scorer):
                return next(s for s in legal if isinstance(s, Decline))
            return best
        choice = self._best_search(state, legal, scorer)
        if choice is not None:
            return choice[1]
        return next(s for s in legal if isinstance(s, End))

    def _best_value(self, state, legal, scorer) -> int:
        choice = self._best_search(state, legal, scorer)
        return choice[0] if choice else -(10**9)

    def _best_search(self, state, legal, scorer):
        best, best_key = None, None
        for s in legal:
            if isinstance(s, Search):
                sq = index_of(s.square)
                key = (scorer.score(sq), -sq)
                if best_key is None or key > best_key:
                    best, best_key = s, key
        desperate = best_key is None or best_key[0] < 0  # only gambles on the bear are left
        covers = [s for s in legal if isinstance(s, Cover)]
        cover = self._best_cover(state, covers, desperate, scorer)
        now = (best_key[0] if best_key else -(10**9), -scorer.route_sum() if desperate else 0)
        if cover is not None and cover[0] > now:
            return cover[0][0], cover[1]
        return (best_key[0], best) if best is not None else None

    def _best_cover(self, state, covers: list[Cover], desperate: bool = False, scorer=None):
        """The cover whose new reveals (behind the obstacle, or next to the new hole) score
        best, judged after the change; a cover that brings a bear square within a sure route
        is worth most. One that opens nothing still scores (very low): with no search left to
        make it burns an obstacle, which brings BS11's end nearer. When only gambles are left
        every target counts, since a new hole also shortens the routes of cards already open
        to a search.

        After a cover the frontier is the old one and the face-down cards next to the obstacle
        (those next to the hole were next to its path already: forest.Reach.covered), so the
        new reveals are just those cards."""
        if not covers:
            return None
        scorer = scorer if scorer is not None else Scorer.of(state)
        cells, before = state.cells, state.reach.frontier
        best = None
        behind: dict[int, tuple] = {}  # obstacle -> (the frontier after, the new reveals)
        for step in covers:
            ob, pa = index_of(step.obstacle), index_of(step.path)
            if ob not in behind:
                opened = {j for j in NEIGHBOURS[ob] if cells[j] in DOWN}  # chain_targets after
                behind[ob] = (before | opened, before | opened if desperate else opened)
            frontier, fresh = behind[ob]
            if not fresh and not desperate:
                key = (-100_000, 0, -ob, -pa)
            else:
                after = scorer.covered(ob, pa, frontier)
                value = max(map(after.score, fresh)) if fresh else -100_000
                # Digging: before gambling, a hole that shortens the routes to the cards that
                # may hold the bear is worth a search even when it opens nothing new at once.
                key = (value, -after.route_sum() if desperate else 0, -ob, -pa)
            if best is None or key > best[0]:
                best = (key, step)
        return (best[0][:2], best[1]) if best else None

    def _escort(self, state, legal: Sequence):
        probs = _faces(state.cfg.die)
        best, best_p = legal[0], -1.0
        for step in legal:
            sq = index_of(step.square)
            need = list(state.need)
            i = next(k for k, b in enumerate(state.bears) if b == sq and need[k] > 0)
            need[i] = max(0, need[i] - state.waiting)
            p = _success(tuple(sorted(need)), state.throws, probs)
            if p > best_p:
                best, best_p = step, p
        return best


@lru_cache(maxsize=16)
def _faces(die: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((STEPS[f], die.count(f)) for f in sorted(set(die)))


@lru_cache(maxsize=4096)
def _success(need: tuple[int, ...], throws: int, faces: tuple[tuple[int, int], ...]) -> float:
    """Chance that every bear gets out when each throw goes to the best bear (BS9, BS13).
    Floats stay inside the bot: they choose a step, they never reach an event (C3)."""
    live = [n for n in need if n > 0]
    if not live:
        return 1.0
    if throws == 0:
        return 0.0
    total = sum(w for _, w in faces)
    p = 0.0
    for steps, w in faces:
        best = 0.0
        for i in range(len(need)):
            if need[i] == 0:
                continue
            nxt = list(need)
            nxt[i] = max(0, nxt[i] - steps)
            best = max(best, _success(tuple(sorted(nxt)), throws - 1, faces))
        p += w / total * best
    return p


class MemoBot(RandomBot):
    """Remembers the cards it saw (all of them, or the last `memory`); takes known pairs,
    turns an unknown card, then its known partner if there is one, else another unknown card."""

    limit: int | None = None

    def __init__(self, game, config, seat, rng, memory: int | None = None, **options):
        super().__init__(game, config, seat, rng, **options)
        if memory is not None:
            self.limit = memory
        self.memory: list[tuple[int, str]] = []  # (square, card), oldest first

    def observe(self, state, step, events) -> None:
        for ev in events:
            if ev.type == "card-flipped":
                sq = _memo_square(ev.get("square"))
                self.memory = [m for m in self.memory if m[0] != sq] + [(sq, ev.get("card"))]
            elif ev.type == "pair-taken":
                gone = {_memo_square(s) for s in ev.get("squares")}
                self.memory = [m for m in self.memory if m[0] not in gone]
        if self.limit is not None:
            self.memory = self.memory[-self.limit :] if self.limit else []

    def choose(self, state, legal: Sequence):
        if not isinstance(state, MemoState):
            return super().choose(state, legal)
        open_squares = {}  # square -> its flip
        index = _MEMO_INDEX.get
        for s in legal:
            if isinstance(s, Flip):
                sq = index(s.square)
                open_squares[sq if sq is not None else _memo_square(s.square)] = s
        remembered = {sq: card for sq, card in self.memory if sq in open_squares}
        if state.up:
            card = state.known[state.up[0]]
            for sq, seen in sorted(remembered.items()):
                if seen == card:
                    return open_squares[sq]
        else:
            by_card: dict[str, list[int]] = {}
            for sq, card in sorted(remembered.items()):
                by_card.setdefault(card, []).append(sq)
            for card in sorted(by_card):
                if len(by_card[card]) >= 2:
                    return open_squares[by_card[card][0]]
        unknown = [s for sq, s in sorted(open_squares.items()) if sq not in remembered]
        return self.rng.choice(unknown) if unknown else self.rng.choice(list(legal))


class PerfectBot(MemoBot):
    limit = None


class ForgetfulBot(MemoBot):
    limit = 3


def _memo_square(name: str) -> int:
    i = _MEMO_INDEX.get(name)
    if i is None:
        from bearcli.games.baerenspiel.memo import COLUMNS, WIDTH

        return (int(name[1]) - 1) * WIDTH + COLUMNS.index(name[0])
    return i


BOTS = {
    "random": BotSpec(
        RandomBot, "uniform over the legal options at each decision (memo: no memory)"
    ),
    "searcher": BotSpec(
        SearcherBot,
        "forest: re-rolls first, chains paths toward the dark "
        "centre, covers blocking obstacles, short escort routes",
    ),
    "perfect": BotSpec(PerfectBot, "memo: remembers every card seen, takes known pairs"),
    "forgetful": BotSpec(
        ForgetfulBot, "memo: remembers only the last k cards seen", {"memory": int}
    ),
}
