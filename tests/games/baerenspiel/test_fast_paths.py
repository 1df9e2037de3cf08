"""The fast rules and bots of Baerenspiel are the reference rules and bots.

The reference (bearcli/games/baerenspiel/reference.py, reference_bots.py) is the rulebook as
plain code. The fast rules keep what the cells imply in the state (forest.Reach: the edge,
the frontier, ...) instead of rescanning the forest at every step, make new states without
dataclasses.replace, build their most frequent events directly, draw chance outcomes from
tables; the searcher scores on bit masks and the memo bots look squares up in a table. Here
each is compared with the reference on many seeded positions, odd steps are refused alike,
and whole seeded games are pinned to the digests they had before any of it (same steps,
same events).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bearcli.core.errors import IllegalStep
from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.rng import Rng
from bearcli.core.runner import Match, chance_rng, make_bots
from bearcli.formats import scenario as scenario_file
from bearcli.games.baerenspiel import bots, forest, memo, reference, reference_bots, rules
from bearcli.games.baerenspiel.forest import DOWN, NEIGHBOURS, PATHS, SQUARES, square_name
from bearcli.games.baerenspiel.notation import (
    FOREST_KINDS,
    Chain,
    Cover,
    Decline,
    End,
    Escort,
    Flip,
    Reroll,
    Rerolled,
    Roll,
    Search,
    Shows,
    Throw,
)
from bearcli.games.baerenspiel.reference import ReferenceBaerenspiel
from bearcli.games.bear_down.notation import Stay
from bearcli.simulation import game_seed, play_one
from tests.conftest import load_scenario_text

# `make test` (xdist, --dist loadgroup): one worker makes the positions, not each.
pytestmark = pytest.mark.xdist_group("baerenspiel-fast-paths")

ROOT = Path(__file__).resolve().parents[3]

# -- the plain computations: the reference rules and bots -------------------------------------

REFERENCE = ReferenceBaerenspiel()
plain_legal_steps = REFERENCE.legal_steps
plain_chance_outcomes = REFERENCE.chance_outcomes
plain_identity_weights = reference.identity_weights
PlainScorer = reference_bots.Scorer


def plain_searcher_choice(state, legal):
    """The reference searcher's choice (a fresh bot: it keeps nothing between choices)."""
    return reference_bots.ReferenceSearcherBot(REFERENCE, state.cfg, 0, Rng(1)).choose(state, legal)


# -- seeded positions -------------------------------------------------------------------------

SCENARIOS = {
    "forest-1p": "seats: [random]",
    "forest-2p": "seats: [random, random]",
    "forest-4p": "seats: [random, random, random, random]",
    "forest-6p": "seats: [random, random, random, random, random, random]",
    "twin": "variant: twin\nseats: [random, random, random]",
    "twin-path": "variant: twin\nparams: {removed: path}\nseats: [random, random]",
    "preset": (
        "seats: [random, random, random]\n"
        "params: {die: [bear, bear, paw, paw, tree, tree]}\n"
        "deal: {e5: bear, d5: path, a1: obstacle, b2: path, f6: animal}\n"
        "open: {a2: path, b1: obstacle, i9: animal, c3: obstacle, h8: path}"
    ),
    "twin-preset": (
        "variant: twin\nseats: [random, random]\n"
        "deal: {a5: bear, e5: path, c4: animal}\nopen: {a4: path, b5: obstacle}"
    ),
    "no-paw": "seats: [random, random]\nparams: {die: [bear, bear, tree, tree, tree, tree]}",
    "no-tree": "seats: [random, random]\nparams: {die: [bear, paw, bear, paw, bear, paw]}",
    "memo": "variant: memo\nseats: [random, random]",
    "memo-3": "variant: memo\nparams: {pairs: 3}\nseats: [random, random, random]",
}
FOREST = [name for name in SCENARIOS if not name.startswith("memo")]


def _scenario(name: str):
    return load_scenario_text(f"game: baerenspiel\n{SCENARIOS[name]}\n")


def positions(name: str, games: int, bot: str = "random", seed: int = 11) -> list:
    """Every state met in `games` seeded games (bots `bot`), in order."""
    scen = _scenario(name)
    out = []
    for i in range(1, games + 1):
        s = game_seed(seed, i)
        match = Match(scen.game, scen.config)
        players = make_bots(scen.game, scen.config, s, bot)
        rng = chance_rng(s)
        while not match.over:
            out.append(match.state)
            if match.actor == CHANCE:
                step = scen.game.sample_chance(match.state, rng)
            else:
                step = players[match.actor].choose(match.state, scen.game.legal_steps(match.state))
            match.apply(step)
        out.append(match.state)
    return out


@pytest.fixture(scope="module")
def seen() -> dict[str, list]:
    return {name: positions(name, 2 if name.startswith("memo") else 3) for name in SCENARIOS}


GAME = rules.Baerenspiel()


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_legal_steps_and_chance_outcomes_are_the_plain_ones(seen, name):
    for state in seen[name]:
        assert GAME.legal_steps(state) == plain_legal_steps(state)
        assert GAME.chance_outcomes(state) == plain_chance_outcomes(state)
        if not isinstance(state, memo.MemoState) and state.phase == "shows":
            sq = state.pending
            assert rules.identity_weights(state, sq) == plain_identity_weights(state, sq)


@pytest.mark.parametrize("name", FOREST)
def test_the_kept_reach_is_the_plain_rescan(seen, name):
    for state in seen[name][::4]:  # each kind of forest change is met many times over
        assert state.reach == forest.scan(state.cells)
        reach = state.reach
        assert sorted(reach.frontier) == forest.reveal_targets(state.cells)
        assert sorted(reach.takeable) == forest.edge_paths(state.cells)
        assert sorted(reach.obstacles) == forest.obstacles(state.cells)
        assert reach.trapped() == forest.trapped(state.cells)
        assert all((i in reach.edge) == forest.on_edge(state.cells, i) for i in SQUARES)


def _random_forest(rnd: random.Random) -> tuple[str, ...]:
    kinds = ["path", "animal", "obstacle", "cover", "hole", "bear"]
    up = rnd.random()
    cells = [forest.back_of(i) if rnd.random() > up else rnd.choice(kinds) for i in forest.SQUARES]
    return tuple(cells)


def test_turning_and_covering_update_the_reach_as_a_rescan_would():
    # Any forest at all, reachable in play or not: a card turned, an edge path laid.
    rnd = random.Random(2024)
    turned = covered = 0
    for _ in range(1500):
        cells = _random_forest(rnd)
        reach = forest.scan(cells)
        down = [i for i in SQUARES if cells[i] in DOWN]
        if down:
            sq = rnd.choice(down)
            kind = rnd.choice(FOREST_KINDS)
            after = cells[:sq] + (kind,) + cells[sq + 1 :]
            assert reach.turned(after, sq, kind) == forest.scan(after)
            turned += 1
        obstacles, paths = sorted(reach.obstacles), sorted(reach.takeable)
        if obstacles and paths:
            ob, pa = rnd.choice(obstacles), rnd.choice(paths)
            after = list(cells)
            after[pa], after[ob] = "hole", "cover"
            after = tuple(after)
            assert reach.covered(after, ob, pa) == forest.scan(after)
            covered += 1
    assert turned > 1000 and covered > 300


def _outcomes(state) -> list:
    if GAME.actor(state) == CHANCE:
        return [s for s, _ in GAME.chance_outcomes(state)]
    if GAME.actor(state) == TERMINAL:
        return []
    return GAME.legal_steps(state)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_apply_makes_the_states_and_events_of_the_reference(seen, name):
    """Up to five legal steps (or chance outcomes) of every sixth position, applied by the
    fast rules and by the reference; each event against core's event()."""
    rnd = random.Random(name)
    for state in seen[name][::6]:  # 90 to 170 positions a forest, 390 of memo
        steps = _outcomes(state)
        for step in rnd.sample(steps, min(len(steps), 5)):
            new, events = GAME.apply(state, step)
            plain_new, plain_events = REFERENCE.apply(state, step)
            assert new == plain_new and events == plain_events
            assert new.__dict__ == plain_new.__dict__  # reach, and nothing more, the same
            for ev in events:
                assert ev == event(ev.type, **dict(ev.fields))
            if not isinstance(new, memo.MemoState):
                assert new.reach == forest.scan(new.cells)


def _odd_steps(state, rnd: random.Random) -> list:
    """Steps of every kind, on squares and dice at random: most of them refused."""
    sq = [forest.square_name(i) for i in rnd.sample(SQUARES, 3)]
    cards = (
        [memo.square_name(i) for i in range(len(state.known))] if hasattr(state, "known") else []
    )
    turned = []  # what the card being turned over shows: each kind, and a memo card's
    if getattr(state, "phase", "") == "shows" and state.pending is not None:
        name = forest.square_name(state.pending)
        turned = [Shows(name, kind) for kind in (*FOREST_KINDS, "fox")]
    if getattr(state, "phase", "") == "reroll":  # the die being re-rolled shows each face
        turned = [Rerolled(state.pending, face) for face in ("bear", "paw", "tree")]
    off = []  # squares off the forest, and a step of another game
    if hasattr(state, "cells"):
        obstacles = [forest.square_name(i) for i, c in enumerate(state.cells) if c == "obstacle"]
        off = [Search("j5"), Cover("j9", sq[2]), *[Cover(ob, "j9") for ob in obstacles[:1]]]
    return [
        *turned,
        *off,
        Stay(),
        Search(sq[0]),
        Chain(sq[1]),
        Cover(sq[0], sq[2]),
        Reroll(rnd.randrange(1, 4)),
        Decline(),
        End(),
        Roll(("bear", "paw", "tree")),
        Rerolled(rnd.randrange(1, 4), "paw"),
        Throw("bear"),
        Throw("paw"),
        Shows(sq[2], rnd.choice(FOREST_KINDS)),
        Escort(sq[1]),
        Flip(rnd.choice(cards) if cards else "a1"),
        Flip("j5"),
        Shows("a1", "fox"),
    ]


def _result(game, state, step):
    try:
        new, events = game.apply(state, step)
    except IllegalStep as refused:
        return ("refused", refused.ruling, str(refused))
    return new.__dict__, events


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_odd_steps_are_refused_as_the_reference_refuses_them(seen, name):
    rnd = random.Random(name)
    refused = set()
    for state in seen[name][::5]:
        for step in _odd_steps(state, rnd):
            fast = _result(GAME, state, step)
            assert fast == _result(REFERENCE, state, step), (state, step)
            if fast[0] == "refused":
                refused.add(fast[1])
    assert refused >= ({"BS14", "C2"} if name.startswith("memo") else {"BS1", "BS4", "BS6", "BS14"})
    if name in ("no-paw", "no-tree"):  # a face the die does not have, rolled or re-rolled
        assert "BS3" in refused
    if name in ("preset", "twin-preset"):  # a card the scenario dealt shown as another
        assert "P-BS5" in refused


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_sample_chance_draws_what_rng_weighted_draws(seen, name):
    players = 0
    for k, state in enumerate(seen[name]):
        if GAME.actor(state) != CHANCE:
            if players < 5:  # no chance outcome to draw from: refused as the plain way is
                players += 1
                with pytest.raises(ValueError, match="needs n >= 1"):
                    GAME.sample_chance(state, Rng(k))
            continue
        fast, plain = Rng(k), Rng(k)
        for _ in range(3):
            assert GAME.sample_chance(state, fast) == plain.weighted(plain_chance_outcomes(state))
        assert fast.random() == plain.random()


def _ruling(game, state, step) -> tuple[str, str] | None:
    try:
        game.apply(state, step)
    except IllegalStep as refused:
        return refused.ruling, str(refused)
    return None


@pytest.mark.parametrize("name", ["forest-2p", "twin", "preset"])
def test_searches_and_covers_are_refused_as_the_reference_refuses_them(seen, name):
    rnd = random.Random(name)
    acts = [s for s in seen[name] if s.phase == "act"][::4]
    refused = Counter()
    for state in acts:
        for sq in SQUARES:
            step = Search(square_name(sq))
            fast = _ruling(GAME, state, step)
            assert fast == _ruling(REFERENCE, state, step)
            refused[fast and fast[0]] += 1
        if state.searches:
            for ob in {*state.reach.obstacles, *rnd.sample(SQUARES, 3)}:
                for pa in {*state.reach.takeable, *rnd.sample(SQUARES, 6)}:
                    step = Cover(square_name(ob), square_name(pa))
                    fast = _ruling(GAME, state, step)
                    assert fast == _ruling(REFERENCE, state, step)
                    refused[fast and fast[0]] += 1
    assert refused[None] > 100 and refused["BS4"] > 100 and refused["BS5"] > 100, refused
    assert refused["BS7"] > 100, refused


def test_square_names_are_looked_up_as_parsed():
    texts = [*forest.NAMES, *memo.NAMES, "a0", "a10", "j1", "k1", "A1", "a", "", "a01", "a1 "]
    for text in texts:
        assert forest.index_of(text) == forest.parse_square(text)
        for cards in (6, 50):
            i = memo.GRID.parse(text)
            assert memo.parse_square(text, cards) == (i if i is not None and i < cards else None)


# -- the bots ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bot", "games"),
    [("forest-4p", "random", 6), ("forest-2p", "searcher", 4), ("twin", "searcher", 3)],
)
def test_searcher_chooses_what_it_chose(name, bot, games):
    states = [
        s for s in positions(name, games, bot, seed=5) if GAME.actor(s) not in (CHANCE, TERMINAL)
    ]
    scen = _scenario(name)
    fresh = bots.SearcherBot(GAME, scen.config, 0, Rng(1))
    for state in states[::2]:  # every other decision of the games: some hundreds
        legal = GAME.legal_steps(state)
        expected = plain_searcher_choice(state, legal)
        assert fresh.choose(state, legal) == expected


@pytest.mark.parametrize("name", ["forest-4p", "twin", "twin-preset"])
def test_scorer_scores_as_the_plain_one(seen, name):
    rnd = random.Random(name)
    for state in seen[name][::8]:  # 60 to 80 turns a forest, every square scored in each
        if state.phase not in ("act", "roll"):
            continue
        fast, plain = bots.Scorer.of(state), PlainScorer(state)
        for i in SQUARES:
            if state.cells[i] in DOWN:
                assert fast.score(i) == plain.score(i)
            assert fast.route_of(i) == plain.route_of(i)
        assert fast.route_sum() == plain.route_sum()
        covers = [
            (o, p) for o in sorted(state.reach.obstacles) for p in sorted(state.reach.takeable)
        ]
        for ob, pa in rnd.sample(covers, min(len(covers), 4)):
            cells = list(state.cells)
            cells[pa], cells[ob] = "hole", "cover"
            cells = tuple(cells)
            after = fast.covered(ob, pa, forest.scan(cells).frontier)
            plain_after = PlainScorer(state, cells)
            assert after.route_sum() == plain_after.route_sum()
            for j in SQUARES:
                if cells[j] in DOWN:
                    assert after.score(j) == plain_after.score(j)


def test_walk_rings_are_walk_distances():
    rnd = random.Random(7)
    for _ in range(300):
        cells = _random_forest(rnd)
        targets = {i for i in SQUARES if cells[i] in DOWN and rnd.random() < 0.1}
        through = bots._mask(i for i in SQUARES if cells[i] in DOWN or cells[i] in PATHS)
        rings = bots._Rings(bots._mask(targets), through)
        plain = bots.walk_distances(cells, targets)
        for i in SQUARES:
            d = rings.depth(bots._BIT[i])
            assert (bots.FAR if d is None else d) == plain[i]
        paths = bots._mask(i for i in SQUARES if cells[i] in PATHS)
        route = bots._Rings(paths & bots._mask(forest.scan(cells).edge), paths)
        for i, d in enumerate(forest.path_distances(cells)):
            ring = route.depth(bots._BIT[i])
            assert d == (None if ring is None else ring + 1)


@pytest.mark.parametrize("memory", [None, 0, 3])
def test_memo_bots_choose_what_they_chose(memory):
    scen = _scenario("memo")
    fast = bots.MemoBot(GAME, scen.config, 0, Rng(3), memory=memory)
    plain = reference_bots.ReferenceMemoBot(REFERENCE, scen.config, 0, Rng(3), memory=memory)
    for i in range(1, 4):
        s = game_seed(2, i)
        match = Match(scen.game, scen.config)
        rng = chance_rng(s)
        while not match.over:
            before = match.state
            if match.actor == CHANCE:
                step = GAME.sample_chance(before, rng)
            else:
                legal = GAME.legal_steps(before)
                step = fast.choose(before, legal)
                assert plain.choose(before, legal) == step
            logged = match.apply(step)
            for bot in (fast, plain):
                bot.observe(before, step, [le.event for le in logged])
            assert fast.memory == plain.memory


# -- whole seeded games -----------------------------------------------------------------------

# sha256 (first 32 hex digits) of the steps and event logs of games 1-6 of batch seed 3, as
# the plain code played them before the fast paths (bearcli simulate would play them so).
PINNED = {
    ("forest-4p", "random"): "08734bd4fbc31fcf1813def10470dc4a",
    ("forest-4p", None): "b4c30c04464fdaccb5dbbb9d5f2dea05",
    ("forest-1p", "random"): "c3e3f5df07c45836d56aadb9840cff6f",
    ("forest-2p", None): "2bcb2a3d6bdf2fd2c990f23c78ae2cfa",
    ("twin", "random"): "664aeeb9f3242cd2b705b8a7e00e9ce8",
    ("twin", None): "fd34a86d84f5e2a2952f53f5eca9def9",
    ("memo", None): "b5eff15799909e329638c73ff639d869",
    ("memo", "random"): "5fe714079422dd1277b721c918c564f4",
    ("memo-perfect-random", None): "d3c47b47d1ac518485014f04520daef5",
    ("memo-forgetful-random", None): "b00a8eea64fa1bdb72aa05bf9108ed31",
}


@pytest.mark.parametrize(("name", "bot"), list(PINNED))
def test_seeded_games_play_the_same_steps_and_events(name, bot):
    scen = scenario_file.load(ROOT / "scenarios" / "baerenspiel" / f"{name}.yaml")
    digest = hashlib.sha256()
    for i in range(1, 7):
        result = play_one(scen, game_seed(3, i), i, bot, keep=True)
        log = [list(result.steps), [e.to_dict() for e in result.events]]
        digest.update(json.dumps(log, sort_keys=True).encode())
    assert digest.hexdigest()[:32] == PINNED[(name, bot)]


def test_route_length_is_the_route_of_the_nearest_path():
    # What Scorer.route_of gives for a found twin (escape) is forest.route_length, BS9.
    rnd = random.Random(3)
    for _ in range(200):
        cells = _random_forest(rnd)
        dist = forest.path_distances(cells)
        for i in SQUARES:
            if cells[i] in PATHS:
                continue
            near = [dist[j] for j in NEIGHBOURS[i] if dist[j] is not None]
            expected = 0 if forest.on_edge(cells, i) else (min(near) if near else None)
            assert forest.route_length(cells, i) == expected
