"""The greedy bot's faster route costs against the reference searches and the reference bot.

routes.py's one search has faster ways as options (`Ways`): several searches at once on bit
masks (`searches_at_once`), and a floe taking over its parent's searches that one step leaves
as they are (`still_holds`); bots.py keeps each floe's chosen slide or crack for the bears'
squares, and reads the rules' own legal steps without sorting them. Here each is compared
with the plain computation: the searches on random floes and along seeded games with every
combination of the options, the steps' effect on seeded games' floes, the choices at seeded
positions (in game order, so that floes are inherited and choices kept, then again from the
kept ones, and with the legal steps in another order), whole games on every shipped layout,
level and variant (and with every combination of the options), and the bounds that spare a
slide its search (`_Bear.after`, `_Bear.via_slid`) against the plain costs after the slide.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, fields

import pytest

from bearcli.core.memo import Memo
from bearcli.core.rng import Rng, derive_seed
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.games.sliding_bears import bots, reference_bots, routes
from bearcli.games.sliding_bears.layout import Layout
from bearcli.games.sliding_bears.notation import Jump, Pass, Wind
from bearcli.games.sliding_bears.reference_bots import ReferenceGreedyBot, costs_from, to_finish
from bearcli.games.sliding_bears.routes import Ways
from bearcli.games.sliding_bears.rules import FINISH, START
from tests.games.sliding_bears.test_fast_paths import (
    GAME,
    OVERRIDES,
    REFERENCE,
    SHIPPED,
    _fast_game,
    _plain_game,
    _positions,
    configs,
    shipped_configs,
)


# Built once a session, as configs() is (their tables are built by the code under test).
@functools.cache
def half_the_pairs() -> tuple:
    """Half the (level, variant) pairs of each shipped layout, the other half on the next
    layout: every layout with both levels and both variants, every pair on three or four
    layouts (and every pair of every layout along the games of
    test_greedy_chooses_..._in_game_order)."""
    return tuple(
        (i, cfg)
        for i, cfg in enumerate(shipped_configs())
        if (i % len(OVERRIDES) in (0, 3)) == (i // len(OVERRIDES) % 2 == 0)
    )


# Every combination of the search's options: each must give the plain search's numbers.
EVERY_WAYS = [Ways(*on) for on in itertools.product((True, False), repeat=len(fields(Ways)))]


def _named(ways: Ways) -> str:
    return "+".join(f.name for f in fields(ways) if getattr(ways, f.name)) or "plain"


def test_every_ways_is_every_combination_of_the_options():
    assert len(set(EVERY_WAYS)) == 2 ** len(fields(Ways)) == 4
    assert EVERY_WAYS[0] == routes.EVERY_WAY == Ways(inherit=True, at_once=True)


def test_half_the_pairs_has_every_layout_level_and_variant():
    played = {(cfg.layout.cells, cfg.level, cfg.variant) for _, cfg in half_the_pairs()}
    layouts = {cells for cells, _, _ in played}
    assert len(layouts) == len(SHIPPED) and len(played) == 2 * len(SHIPPED)
    for cells in layouts:
        assert {level for c, level, _ in played if c == cells} == {"normal", "hard"}
        assert {variant for c, _, variant in played if c == cells} == {"classic", "multicolour"}
    pairs = Counter((level, variant) for _, level, variant in played)
    assert len(pairs) == 4 and min(pairs.values()) >= 3, pairs


def _weights(cells) -> list[int]:
    return [routes.COST.get(c, 0) for c in cells]


def _cells(lay, ice: int, tiles: int) -> tuple[str, ...]:
    """The cells of a floe from its masks (the rocks are the layout's, the rest water)."""
    return tuple(
        "R" if c == "R" else "I" if ice >> i & 1 else "S" if tiles >> i & 1 else "."
        for i, c in enumerate(lay.cells)
    )


def _masks(cells) -> tuple[int, int]:
    ice = sum(1 << i for i, c in enumerate(cells) if c == "I")
    return ice, sum(1 << i for i, c in enumerate(cells) if c in ("I", "S"))


@pytest.mark.parametrize("ways", EVERY_WAYS, ids=_named)
def test_searches_with_every_ways_are_the_plain_searches(ways):
    rng = random.Random(6)
    lanes_used = 0
    for cfg in configs():
        lay = cfg.layout
        rt = routes.RouteMaps(lay, ways)  # fresh: no floe kept from another test
        opens = [i for i, c in enumerate(lay.cells) if c != "R"]
        for _ in range(4):
            # any floe of the layout's rocks, water enough to cut off islands at times
            cells = tuple(c if c == "R" else rng.choice("IIS..") for c in lay.cells)
            w = _weights(cells)
            srcs = [rng.choice(opens) for _ in range(rng.randrange(2, 11))]
            floe = rt.floe(cells)
            floe.prefetch(srcs)
            for src in srcs:
                assert floe.searches[src] == routes.search_back(rt.open, w, src, rt.n), (cells, src)
            if rt.at_once_ok:
                ice, tiles = _masks(cells)
                got = routes.searches_at_once(
                    rt, ice, rt.open_mask & ~tiles, tiles & ~ice, srcs[:8]
                )
                assert got == [routes.search_back(rt.open, w, s, rt.n) for s in srcs[:8]]
                lanes_used += 1
            for k in range(4):
                assert floe.fin(k) == to_finish(lay, cells, k)
    assert lanes_used > 100


def test_a_step_keeps_exactly_the_searches_it_leaves_as_they_were():
    rng = random.Random(8)
    kept = changed = 0
    for cfg in configs()[::2]:
        lay = cfg.layout
        rt = routes.route_maps(cfg)
        opens = [i for i, c in enumerate(lay.cells) if c != "R"]
        for _ in range(40):
            cells = [c if c == "R" else rng.choice("IIIS.") for c in lay.cells]
            after = cells[:]
            sq = rng.choice(opens)
            if rng.random() < 0.4 or not rt.open[sq]:  # a crack, a removal: one square
                after[sq] = rng.choice([t for t in "IS." if t != cells[sq]])
                squares = [sq]
            else:  # a slide: two squares side by side
                nb = rng.choice(rt.open[sq])
                after[sq], after[nb] = after[nb], after[sq]
                squares = sorted({sq, nb})
            old_w, w = _weights(cells), _weights(after)
            for src in rng.sample(opens, min(3, len(opens))):
                old = routes.search_back(rt.open, old_w, src, rt.n)
                fresh = routes.search_back(rt.open, w, src, rt.n)
                still = routes.still_holds(old, src, squares, rt.open, w, old_w)
                assert still == (old == fresh), (cells, after, src)
                kept += still
                changed += not still
    assert kept > 100 and changed > 100


def _game_states(cfg, seed: int):
    """The states of a seeded greedy game, in order (the bots' floes inherited as in play)."""
    return [s for s in _positions(cfg, 1, seed, "greedy") if s.phase in ("act", "remove")]


@pytest.mark.parametrize("ways", EVERY_WAYS, ids=_named)
def test_floes_along_games_cost_what_fresh_searches_cost(ways):
    for i, cfg in half_the_pairs():
        lay = cfg.layout
        rt = routes.route_maps(cfg, ways)
        assert rt.ways == ways
        rt.floes.clear()
        rt.floes.older.clear()
        for state in _game_states(cfg, 300 + i):
            floe = rt.floe(state.cells, (state.ice, state.tiles))
            floe.fins_for(state.bears)  # as greedy asks: several at once where allowed
            for k, pos in enumerate(state.bears):
                fin = to_finish(lay, state.cells, k)
                assert floe.fin(k) == fin
                if pos != FINISH:
                    x = rt.entry[k] if pos == START else pos
                    if state.cells[x] != "R":
                        assert floe.costs_from(x) == costs_from(state.cells, lay.grid.table, {x: 0})
        inherited = 0
        for floe in rt.floes.values():  # everything kept: inherited, searched, at once
            inherited += floe.parent_searches is not None
            w = _weights(_cells(lay, floe.ice, floe.tiles))
            for src, dist in floe.searches.items():
                assert dist == routes.search_back(rt.open, w, src, rt.n)
        assert (inherited > 0) == ways.inherit, (i, inherited)


def test_a_floe_keeps_the_squares_of_its_slides_as_every_position_on_it_has_them():
    # Kept with the floe: what the wind may do there is the floe's alone (SB6), not the
    # bears'. Each floe's first position fills them; every later one must agree.
    seen = Counter()
    for i, cfg in half_the_pairs():
        rt = routes.route_maps(cfg)
        states = _game_states(cfg, 600 + i)  # (played by greedy: floes kept on the way)
        rt.floes.clear()
        rt.floes.older.clear()
        for state in states:
            if state.phase != "act" or state.weather != "wind":
                continue
            floe = rt.floe(state.cells, (state.ice, state.tiles))
            seen["again" if floe.slid is not None else "first"] += 1
            winds = state.weather_steps
            names = [rt.names[sq] for sq in range(rt.n)]
            srcs, dsts = floe.slides(winds)
            assert [(names[a], names[b]) for a, b in zip(srcs, dsts, strict=True)] == [
                (s.source, s.target) for s in winds
            ]
            # the squares a slide makes cheaper: the water an ice tile slides into, a seal's
            cheaper = [(b, a)[state.cells[a] == "S"] for a, b in zip(srcs, dsts, strict=True)]
            assert tuple(map(tuple, floe.slid_into())) == (
                tuple(sorted({sq for sq in cheaper if state.cells[sq] == "."})),
                tuple(sorted({sq for sq in cheaper if state.cells[sq] == "S"})),
            )
    assert seen["first"] > 50 and seen["again"] > 50, seen


def test_a_floe_asked_for_again_outlives_its_generation_and_the_kept_are_bounded():
    cfg = shipped_configs()[0]
    rt = routes.route_maps(cfg)
    floes = rt.floes
    try:
        rt.floes = Memo(3, generations=2)
        cells = list(dict.fromkeys(s.cells for s in _game_states(cfg, 7)))
        made = [rt.floe(c) for c in cells[:4]]  # the 4th starts a generation: 0-2 are old
        assert rt.floe(cells[0]) is made[0]  # asked for again: back in the new generation
        rt.floe(cells[4])
        rt.floe(cells[5])  # 3, 0 and 4 filled the new generation; 5 starts one: 1 and 2 go
        assert rt.floe(cells[0]) is made[0] and rt.floe(cells[3]) is made[3]
        assert rt.floe(cells[1]) is not made[1] and rt.floe(cells[2]) is not made[2]
        seen = []
        for seed in range(6):  # a batch: floes recur from game to game
            seen.append(_fast_game(cfg, seed, "greedy"))
            assert len(rt.floes) <= 3 and len(rt.floes.older) <= 3
        rt.floes = Memo(floes.most, generations=2)
        assert [_fast_game(cfg, seed, "greedy") for seed in range(6)] == seen
    finally:
        rt.floes = floes


def _reordered(legal: list) -> list:
    """The same steps in another order: the slides and cracks last first, the pass first."""
    return [s for s in legal if isinstance(s, Pass)] + [
        s for s in reversed(legal) if not isinstance(s, Pass)
    ]


def test_greedy_chooses_what_the_plain_greedy_chooses_in_game_order():
    checked = kept = 0
    for i, cfg in enumerate(configs()):
        states = _game_states(cfg, 500 + i)
        slow = ReferenceGreedyBot(REFERENCE, cfg, 0, Rng(1))
        every = 10 if len(cfg.layout.cells) <= 64 else 24  # the plain bot is slow on big floes
        for again in (False, True):  # again: the choices kept with the floes
            fast = bots.GreedyBot(GAME, cfg, 0, Rng(1))
            for n, state in enumerate(states):
                legal = GAME.legal_steps(state)
                chosen = fast.choose(state, legal)  # every one, in order: the floes' parents
                if n % every != again:
                    continue
                assert chosen == slow.choose(state, legal), state
                checked += 1
                if again and state.phase == "act" and state.weather_steps:
                    kept += 1
                if n % 4 == 0 and len(legal) > 1:  # not the rules' list: the plain reading
                    other = _reordered(legal)
                    assert fast.choose(state, other) == slow.choose(state, other), state
    assert checked > 500 and kept > 200, (checked, kept)


def test_the_kept_choice_is_not_used_for_other_candidates():
    cfg = shipped_configs()[0]
    for state in _game_states(cfg, 41):
        winds = [s for s in GAME.legal_steps(state) if isinstance(s, Wind)]
        if len(winds) > 2:
            fast = bots.GreedyBot(GAME, cfg, 0, Rng(1))
            slow = ReferenceGreedyBot(REFERENCE, cfg, 0, Rng(1))
            fast.choose(state, GAME.legal_steps(state))  # keeps its slide with the floe
            for part in (winds[:1], winds[1:2], [*winds[2:], Pass()]):
                assert fast.choose(state, part) == slow.choose(state, part)
            return
    raise AssertionError("no position with three slides")


def test_the_bears_key_tells_every_placing_of_the_bears_apart():
    # A floe keeps its chosen slide or crack by this number: two placings with one number
    # would share a choice. Every placing of two bears (each square, start and finish) with
    # the others at random, on the smallest and the largest floe tested; even, so that the
    # slide's key (+ 1) is never a crack's.
    rng = random.Random(9)
    for cfg in (min(configs(), key=_squares), max(configs(), key=_squares)):
        rt = routes.route_maps(cfg)
        spots = [START, FINISH, *range(rt.n)]
        placings = {
            tuple(rng.choice(spots) if k not in (a, b) else (x, y)[k == b] for k in range(4))
            for a, b in ((0, 1), (2, 3), (1, 3))
            for x in spots
            for y in spots
        }
        keys = {rt.bears_key(bears) for bears in placings}
        assert len(keys) == len(placings) > 2 * len(spots) ** 2
        assert all(key % 2 == 0 for key in keys)


def _squares(cfg) -> int:
    return len(cfg.layout.cells)


def test_whole_games_on_every_shipped_layout_level_and_variant_are_the_plain_games():
    for i, cfg in half_the_pairs():
        assert _fast_game(cfg, 70 + i, "greedy") == _plain_game(cfg, 70 + i, "greedy"), i


def _game_with(cfg, seed: int, ways: Ways) -> tuple[list[str], list[dict]]:
    """_fast_game(cfg, seed, "greedy"), greedy's route searches taking `ways` alone."""
    match = Match(GAME, cfg)
    players = [
        bots.GreedyBot(GAME, cfg, i, Rng(derive_seed(seed, "seat", i)), ways=ways)
        for i in range(len(cfg.seats))
    ]
    play_out(match, players, chance_rng(seed))
    return [str(s) for s in match.steps], [e.event.to_dict() for e in match.events]


@functools.cache
def ways_configs() -> tuple:
    """Every shipped layout (each level and variant), the small floe and random ones from
    3 x 3 to 12 x 12 (too big for searches at once); not a die of winds alone (no crack: no
    end)."""
    return tuple(cfg for _, cfg in half_the_pairs()) + tuple(
        cfg for cfg in configs()[len(shipped_configs()) :] if "crack" in cfg.weather_die
    )


def test_greedy_games_with_every_way_on_are_the_plain_games():
    # the games the test below plays with each combination of the options
    big = 0
    for i, cfg in enumerate(ways_configs()):
        big += not routes.route_maps(cfg).at_once_ok
        assert _fast_game(cfg, 200 + i, "greedy") == _plain_game(cfg, 200 + i, "greedy"), i
    assert big and len({cfg.level for cfg in ways_configs()}) == 2


@pytest.mark.parametrize("ways", EVERY_WAYS, ids=_named)
def test_greedy_plays_the_same_games_with_every_ways(ways):
    # the same steps and events as with every way on, so as the plain bot's (the test above);
    # each game twice, the second time on the floes the first kept
    for i, cfg in enumerate(ways_configs()):
        every = _fast_game(cfg, 200 + i, "greedy")
        for _ in range(2):
            assert _game_with(cfg, 200 + i, ways) == every, (i, ways)


def test_the_jumps_are_read_from_the_rules_steps_as_sorted_steps_give_them():
    # legal = jumps, then the cracks or slides, then a pass when the rules allow one
    for cfg in configs()[::4]:
        for state in _game_states(cfg, 900):
            legal = GAME.legal_steps(state)
            if state.phase != "act":
                continue
            jumps = [s for s in legal if isinstance(s, Jump)]
            weather = list(state.weather_steps)
            tail = [s for s in legal if isinstance(s, Pass)]
            assert legal == jumps + weather + tail
            assert make_bots(GAME, cfg, 1, "greedy")[0].choose(state, legal) in legal


def test_a_new_floe_searches_back_to_the_bears_squares_with_the_finishes():
    # fins_for searches back to each bear's square (its entry on the start) at once with the
    # tops: kept, they are the plain searches; never from a rock (a rock on blue's entry)
    rock_entry = next(
        c for c in configs() if c.layout.cells[c.layout.index(c.layout.start[2], 0)] == "R"
    )
    searched = 0
    for i, cfg in enumerate([rock_entry, *configs()[::5]]):
        lay = cfg.layout
        rt = routes.RouteMaps(lay)
        for state in _game_states(cfg, 40 + i):
            if state.phase != "act":
                continue
            floe = rt.floe(state.cells, (state.ice, state.tiles))
            fins = floe.fins
            if all(pos == FINISH or fins[k] for k, pos in enumerate(state.bears)):
                continue  # not new to these bears: nothing searched
            floe.fins_for(state.bears)
            w = _weights(state.cells)
            for k, pos in enumerate(state.bears):
                x = rt.entry[k] if pos == START else pos
                if pos == FINISH:
                    continue
                if state.cells[x] == "R":
                    assert x not in floe.searches
                else:
                    assert floe.searches[x] == routes.search_back(rt.open, w, x, rt.n)
                    searched += 1
    assert searched > 100


@dataclass
class _Slid:
    """A slide at a seeded game's position, a bear that counts there (not across, its finish
    reachable) and the plain bear_cost of that bear after the slide."""

    lay: Layout
    src: int
    dst: int
    cells: tuple[str, ...]  # after the slide
    bear: bots._Bear
    plain: int


def _slid_bears(configs, seed: int, slides: int | None = None) -> Iterator[_Slid]:
    """At every third position of a seeded game on each configuration, (the first `slides`
    of) its slides, with each bear that counts."""
    for i, cfg in enumerate(configs):
        lay = cfg.layout
        rt = routes.RouteMaps(lay)
        for state in _game_states(cfg, seed + i)[::3]:
            winds = [s for s in state.weather_steps if isinstance(s, Wind)]
            if state.phase != "act" or not winds:
                continue
            floe = rt.floe(state.cells, (state.ice, state.tiles))
            for step in winds[:slides]:
                src, dst = rt.square(step.source), rt.square(step.target)
                cells = list(state.cells)
                cells[dst], cells[src] = cells[src], "."
                cells = tuple(cells)
                for k, pos in enumerate(state.bears):
                    if pos == FINISH or floe.cost(k, pos) >= routes.INF:
                        continue
                    moved = dst if pos == src else pos
                    plain = reference_bots.bear_cost(lay, cells, moved, k, to_finish(lay, cells, k))
                    yield _Slid(lay, src, dst, cells, bots._Bear(rt, floe, k, pos), plain)


def test_a_slide_searched_is_the_plain_cost():
    # _Bear.search(src, dst): the bear's cost after the slide (the plain searches; a bear on
    # its start pays its entry)
    checked = 0
    for slid in _slid_bears(shipped_configs()[::3], 60, slides=4):
        assert slid.bear.search(slid.src, slid.dst) == slid.plain
        checked += 1
    assert checked > 100


def test_the_cracks_read_from_the_state_are_the_cracks_read_from_the_steps():
    # _crack_at reads the rules' own cracks (the state's weather steps, that very list) off
    # the free-ice mask; any other list square by square: both give the plain bot's crack
    checked = 0
    for i, cfg in enumerate(shipped_configs()[::2]):
        rt = routes.route_maps(cfg)
        fast = bots.GreedyBot(GAME, cfg, 0, Rng(1))
        slow = ReferenceGreedyBot(REFERENCE, cfg, 0, Rng(1))
        for state in _game_states(cfg, 80 + i):
            cracks = state.weather_steps
            if state.phase != "act" or state.weather != "crack" or len(cracks) < 2:
                continue
            floe = rt.floe(state.cells, (state.ice, state.tiles))
            costs = [floe.cost(k, pos) for k, pos in enumerate(state.bears)]
            by_mask = fast._crack_at(rt, floe, state, cracks, costs)
            by_steps = fast._crack_at(rt, floe, state, list(cracks), costs)
            assert by_mask == by_steps, state
            assert cracks[by_mask] == slow.choose(state, list(cracks)), state
            checked += 1
    assert checked > 100, checked


def test_the_bounds_of_a_slide_are_the_plain_costs_or_below_them():
    # _Bear.after(src, dst): the bear_cost after the slide (the plain searches) when it says
    # proven, else no more than it; and via_slid, the bound through the square the slide
    # makes cheaper that counts the dearer square's rise beside it, never above the plain
    # cost when that falls below the bear's cost now (a route through the cheaper square)
    checked = sharper = 0
    for slid in _slid_bears(shipped_configs()[::2], 110):
        b, src, dst = slid.bear, slid.src, slid.dst
        w = b.floe.w
        cost, proven = b.after(src, dst)
        assert cost == slid.plain if proven else cost <= slid.plain, slid
        checked += 1
        cheaper, dearer = (dst, src) if w[src] == 1 else (src, dst)
        if b.pos == src or cheaper == b.x:
            continue
        new_w = {src: 3, dst: w[src]}
        fin_after = to_finish(slid.lay, slid.cells, b.k)[b.x]
        loose = b.through(cheaper, True) - (w[cheaper] - new_w[cheaper])
        bound = b.via_slid(cheaper, dearer, new_w)
        assert loose <= bound, slid
        if fin_after < b.now:  # the slide opens a cheaper route: through cheaper
            assert bound <= fin_after, slid
        if loose < b.now <= bound:
            sharper += 1  # proven by via_slid alone: no search
    assert checked > 1000 and sharper > 60, (checked, sharper)
