"""Baerenspiel bots. Forest and twin game: `random`, `searcher`. Memo game: `random` (no
memory), `perfect` (remembers every card seen), `forgetful` (remembers the last k cards).

`searcher` plays the search as a distance problem: the bear lies in the dark centre (BS2), so
every reveal is scored by how far it is, walking around animals and obstacles, from the
nearest face-down card that may hold a bear, plus the escort route the square would have
(BS9: a route of 3 or less always gets the bear out). It re-rolls paws first (a re-roll never
costs anything), always takes the free chain reveal, and covers an obstacle when the reveal
behind it beats every plain search.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.baerenspiel import forest
from bearcli.games.baerenspiel.forest import DOWN, NEIGHBOURS, PATHS, SQUARES
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


def walk_distances(cells: tuple[str, ...], targets: set[int]) -> list[int]:
    """Steps from each square to the nearest target through cards a path may still cross."""
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
    """

    def __init__(self, state, cells: tuple[str, ...] | None = None):
        self.state = state
        self.cells = cells if cells is not None else state.cells
        self.bearish = {i for i in bear_squares(state) if self.cells[i] in DOWN}
        self.walk = walk_distances(self.cells, self.bearish)
        self.route = forest.path_distances(self.cells)
        self.faces = _faces(state.cfg.die)
        # Few cards left to turn: the animals may close the way in, so a gamble now beats
        # losing the bear behind them (BS11).
        self.cornered = len(forest.reveal_targets(self.cells)) <= CORNERED

    def route_of(self, i: int) -> int | None:
        """BS9's distance for a bear found on `i` (None: no route)."""
        if forest.on_edge(self.cells, i):
            return 0
        near = [self.route[j] for j in NEIGHBOURS[i] if self.route[j] is not None]
        return min(near) if near else None

    def route_sum(self) -> int:
        """How far, in all, the cards that may hold a bear are from the edge (9: no route)."""
        total = 0
        for i in sorted(self.bearish):
            d = self.route_of(i)
            total += 9 if d is None else d
        return total

    def escape(self, i: int) -> float:
        """The chance that a bear found on `i` gets out (the other twin assumed near the edge)."""
        d = self.route_of(i)
        if d is None:
            return 0.0
        state = self.state
        if state.cfg.variant != "twin":
            return _success((d + 1,), 4, self.faces)
        other = (
            2
            if not state.bears
            else next((forest.route_length(self.cells, b) or 9) + 1 for b in state.bears)
        )
        return _success(tuple(sorted((d + 1, other))), 5, self.faces)

    def score(self, i: int) -> int:
        if i in self.bearish:
            p = self.escape(i)
            if p >= 1.0:
                return 10_000 - (self.route_of(i) or 0)  # a sure win if the bear is there
            if self.cornered:
                return 5000 + int(p * 1000)
            return -10_000 + int(p * 1000)  # a gamble: only when nothing else is left
        route = self.route_of(i)
        return 1000 - 4 * self.walk[i] - (route if route is not None else 6)


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
        scorer = Scorer(state)
        chains = [s for s in legal if isinstance(s, Chain)]
        if chains:
            best = max(
                chains,
                key=lambda s: (
                    scorer.score(forest.parse_square(s.square)),
                    -forest.parse_square(s.square),
                ),
            )
            if (
                scorer.score(forest.parse_square(best.square)) > -10_000 + 1000
                or not state.searches
            ):
                return best
            # The free reveal would only gamble on the bear: decline it, search elsewhere.
            if scorer.score(forest.parse_square(best.square)) < self._best_value(
                state, legal, scorer
            ):
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
                sq = forest.parse_square(s.square)
                key = (scorer.score(sq), -sq)
                if best_key is None or key > best_key:
                    best, best_key = s, key
        desperate = best_key is None or best_key[0] < 0  # only gambles on the bear are left
        cover = self._best_cover(state, [s for s in legal if isinstance(s, Cover)], desperate)
        now = (best_key[0] if best_key else -(10**9), -scorer.route_sum() if desperate else 0)
        if cover is not None and cover[0] > now:
            return cover[0][0], cover[1]
        return (best_key[0], best) if best is not None else None

    def _best_cover(self, state, covers: list[Cover], desperate: bool = False):
        """The cover whose new reveals (behind the obstacle, or next to the new hole) score
        best, judged after the change; a cover that brings a bear square within a sure route
        is worth most. One that opens nothing still scores (very low): with no search left to
        make it burns an obstacle, which brings BS11's end nearer. When only gambles are left
        every target counts, since a new hole also shortens the routes of cards already open
        to a search."""
        if not covers:
            return None
        before = set(forest.reveal_targets(state.cells))
        best = None
        for step in covers:
            ob, pa = forest.parse_square(step.obstacle), forest.parse_square(step.path)
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
                # Digging: before gambling, a hole that shortens the routes to the cards that
                # may hold the bear is worth a search even when it opens nothing new at once.
                key = (value, -scorer.route_sum() if desperate else 0, -ob, -pa)
            if best is None or key > best[0]:
                best = (key, step)
        return (best[0][:2], best[1]) if best else None

    def _escort(self, state, legal: Sequence):
        probs = _faces(state.cfg.die)
        best, best_p = legal[0], -1.0
        for step in legal:
            sq = forest.parse_square(step.square)
            need = list(state.need)
            i = next(k for k, b in enumerate(state.bears) if b == sq and need[k] > 0)
            need[i] = max(0, need[i] - state.waiting)
            p = _success(tuple(sorted(need)), state.throws, probs)
            if p > best_p:
                best, best_p = step, p
        return best


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
        open_squares = {_memo_square(s.square): s for s in legal if isinstance(s, Flip)}
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
    from bearcli.games.baerenspiel.memo import COLUMNS, WIDTH

    return (int(name[1]) - 1) * WIDTH + COLUMNS.index(name[0])


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
