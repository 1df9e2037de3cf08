"""Bärenspiel, the reference bots, the plain way. Forest and twin game: `random`, `searcher`.
Memo game: `random` (no memory), `perfect` (remembers every card seen), `forgetful`
(remembers the last k cards).

Read this module first. `searcher` plays the search as a distance problem: the bear lies in
the dark centre (BS2), so every reveal is scored by how far it is, walking around animals and
obstacles, from the nearest face-down card that may hold a bear, plus the escort route the
square would have (BS9: a route of 3 or less always gets the bear out). It re-rolls paws
first (a re-roll never costs anything), always takes the free chain reveal, and covers an
obstacle when the reveal behind it beats every plain search. Every distance is searched
afresh, breadth first, on the forest's cells.

`bots.py` makes the same choices on bit masks; the equality tests are in
tests/games/baerenspiel/test_fast_paths.py (and, whole games, tests/test_reference.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.baerenspiel import forest, memo
from bearcli.games.baerenspiel.bots import CORNERED, FAR
from bearcli.games.baerenspiel.forest import DOWN, NEIGHBOURS, PATHS, SQUARES, parse_square
from bearcli.games.baerenspiel.memo import MemoState
from bearcli.games.baerenspiel.notation import (
    Chain,
    Cover,
    Decline,
    End,
    Flip,
    Reroll,
    Search,
)
from bearcli.games.baerenspiel.rules import STEPS


def bear_squares(state) -> set[int]:
    """Face-down squares that may still hold a little bear (dark one: centre; twin's light one:
    the ring)."""
    found_backs = {forest.back_of(b) for b in state.bears}
    backs = {"D"} - found_backs
    if state.cfg.variant == "twin" and "L" not in found_backs:
        backs.add("L")
    return {i for i in SQUARES if state.cells[i] in DOWN and state.cells[i] in backs}


def walk_distances(cells: tuple[str, ...], targets: set[int]) -> list[int]:
    """Steps from each square to the nearest target through cards a path may still cross."""
    dist = [FAR] * len(cells)
    queue: deque[int] = deque()
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


def faces(die: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The escort steps of each face of the die (BS9), with how many faces show it."""
    return tuple((STEPS[f], die.count(f)) for f in sorted(set(die)))


@lru_cache(maxsize=4096)  # every square scored asks again for the same few needs
def success(need: tuple[int, ...], throws: int, faces: tuple[tuple[int, int], ...]) -> float:
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
            best = max(best, success(tuple(sorted(nxt)), throws - 1, faces))
        p += w / total * best
    return p


class Scorer:
    """What a reveal of each square is worth on a forest (the state's, or `cells`)."""

    def __init__(self, state, cells=None):
        self.state = state
        self.cells = cells if cells is not None else state.cells
        self.bearish = {i for i in bear_squares(state) if self.cells[i] in DOWN}
        self.walk = walk_distances(self.cells, self.bearish)
        self.route = forest.path_distances(self.cells)
        self.faces = faces(state.cfg.die)
        self.cornered = len(forest.reveal_targets(self.cells)) <= CORNERED

    def route_of(self, i):
        """The escort route a bear found on `i` would have (BS9), or None."""
        if forest.on_edge(self.cells, i):
            return 0
        near = [self.route[j] for j in NEIGHBOURS[i] if self.route[j] is not None]
        return min(near) if near else None

    def route_sum(self):
        total = 0
        for i in sorted(self.bearish):
            d = self.route_of(i)
            total += 9 if d is None else d
        return total

    def escape(self, i):
        """The chance the escort gets a bear found on `i` out."""
        d = self.route_of(i)
        if d is None:
            return 0.0
        state = self.state
        if state.cfg.variant != "twin":
            return success((d + 1,), 4, self.faces)
        other = (
            2
            if not state.bears
            else next((forest.route_length(self.cells, b) or 9) + 1 for b in state.bears)
        )
        return success(tuple(sorted((d + 1, other))), 5, self.faces)

    def score(self, i):
        """A square that may hold the bear: worth most when its escort is sure, a gamble
        otherwise (taken only when cornered). Any other: near the bear's squares, a short
        route."""
        if i in self.bearish:
            p = self.escape(i)
            if p >= 1.0:
                return 10_000 - (self.route_of(i) or 0)
            if self.cornered:
                return 5000 + int(p * 1000)
            return -10_000 + int(p * 1000)
        route = self.route_of(i)
        return 1000 - 4 * self.walk[i] - (route if route is not None else 6)


class ReferenceSearcherBot(RandomBot):
    """Builds paths through bear-free cards toward the dark centre, covers blocking obstacles,
    and turns a card that may hold the bear once its escort route is short enough."""

    def choose(self, state, legal: Sequence):
        if isinstance(state, MemoState):
            return super().choose(state, legal)
        if state.phase == "choose":
            return self.escort(state, legal)
        for step in legal:
            if isinstance(step, Reroll):
                return step
        scorer = Scorer(state)
        sq = parse_square
        chains = [s for s in legal if isinstance(s, Chain)]
        if chains:
            best = max(chains, key=lambda s: (scorer.score(sq(s.square)), -sq(s.square)))
            if scorer.score(sq(best.square)) > -10_000 + 1000 or not state.searches:
                return best
            # The free reveal would only gamble on the bear: decline it, search elsewhere.
            choice = self.best_search(state, legal, scorer)
            if scorer.score(sq(best.square)) < (choice[0] if choice else -(10**9)):
                return next(s for s in legal if isinstance(s, Decline))
            return best
        choice = self.best_search(state, legal, scorer)
        if choice is not None:
            return choice[1]
        return next(s for s in legal if isinstance(s, End))

    def escort(self, state, legal: Sequence):
        """The twin game's choice (BS13): the bear whose move leaves the best chance."""
        probs = faces(state.cfg.die)
        best, best_p = legal[0], -1.0
        for step in legal:
            sq = parse_square(step.square)
            need = list(state.need)
            i = next(k for k, b in enumerate(state.bears) if b == sq and need[k] > 0)
            need[i] = max(0, need[i] - state.waiting)
            p = success(tuple(sorted(need)), state.throws, probs)
            if p > best_p:
                best, best_p = step, p
        return best

    def best_search(self, state, legal, scorer):
        """(value, step) of the best search, or of a cover that beats it; None if neither."""
        best, best_key = None, None
        for s in legal:
            if isinstance(s, Search):
                i = parse_square(s.square)
                key = (scorer.score(i), -i)
                if best_key is None or key > best_key:
                    best, best_key = s, key
        desperate = best_key is None or best_key[0] < 0  # only gambles on the bear are left
        cover = self.best_cover(state, [s for s in legal if isinstance(s, Cover)], desperate)
        now = (best_key[0] if best_key else -(10**9), -scorer.route_sum() if desperate else 0)
        if cover is not None and cover[0] > now:
            return cover[0][0], cover[1]
        return (best_key[0], best) if best is not None else None

    def best_cover(self, state, covers, desperate):
        """The cover whose new reveals (behind the obstacle, or next to the new hole) score
        best, judged on the forest after it; when only gambles are left every reveal counts,
        and a hole that shortens the bear squares' routes is worth something by itself."""
        if not covers:
            return None
        before = set(forest.reveal_targets(state.cells))
        best = None
        for step in covers:
            ob, pa = parse_square(step.obstacle), parse_square(step.path)
            cells = list(state.cells)
            cells[pa], cells[ob] = "hole", "cover"
            cells_t = tuple(cells)
            fresh = set(forest.chain_targets(cells_t, ob))
            if desperate:
                fresh |= set(forest.reveal_targets(cells_t))
            else:
                fresh |= set(forest.reveal_targets(cells_t)) - before
            if not fresh and not desperate:
                key = (-100_000, 0, -ob, -pa)
            else:
                scorer = Scorer(state, cells_t)
                value = max(scorer.score(j) for j in fresh) if fresh else -100_000
                key = (value, -scorer.route_sum() if desperate else 0, -ob, -pa)
            if best is None or key > best[0]:
                best = (key, step)
        return (best[0][:2], best[1]) if best else None


class ReferenceMemoBot(RandomBot):
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
                sq = memo.GRID.parse(ev.get("square"))
                self.memory = [m for m in self.memory if m[0] != sq] + [(sq, ev.get("card"))]
            elif ev.type == "pair-taken":
                gone = {memo.GRID.parse(s) for s in ev.get("squares")}
                self.memory = [m for m in self.memory if m[0] not in gone]
        if self.limit is not None:
            self.memory = self.memory[-self.limit :] if self.limit else []

    def choose(self, state, legal: Sequence):
        if not isinstance(state, MemoState):
            return super().choose(state, legal)
        open_squares = {memo.GRID.parse(s.square): s for s in legal if isinstance(s, Flip)}
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


class ReferencePerfectBot(ReferenceMemoBot):
    limit = None


class ReferenceForgetfulBot(ReferenceMemoBot):
    limit = 3


BOTS = {
    "random": BotSpec(
        RandomBot, "uniform over the legal options at each decision (memo: no memory)"
    ),
    "searcher": BotSpec(
        ReferenceSearcherBot,
        "forest: re-rolls first, chains paths toward the dark "
        "centre, covers blocking obstacles, short escort routes",
    ),
    "perfect": BotSpec(ReferencePerfectBot, "memo: remembers every card seen, takes known pairs"),
    "forgetful": BotSpec(
        ReferenceForgetfulBot, "memo: remembers only the last k cards seen", {"memory": int}
    ),
}
