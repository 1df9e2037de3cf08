"""The whole-turn encoding of exact solving (bearcli/games/sliding_bears/turn_solver.py) is
the rules.

The positions between turns that the reference rules (reference.py, through the Game
protocol: legal_steps, apply, chance_outcomes) reach are walked; at each, every roll is
played out with the reference through every order of jumps, cracks, slides and passes, and
the ends it reaches must be exactly the ends
`Floe.turn` finds, with the same weights, and the same won and lost ends. Then the values
the two solvers find agree, and so do the values with and without the floe's symmetries, and
those of a floe and its mirror image.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from bearcli.core.game import CHANCE, TERMINAL
from bearcli.exact_solver import solve
from bearcli.games.sliding_bears import turn_solver as turns
from bearcli.games.sliding_bears.notation import Jump
from bearcli.games.sliding_bears.reference import ReferenceSlidingBears
from bearcli.games.sliding_bears.rules import VARIANTS
from tests.conftest import load_scenario_text

LANE = """\
finish: pgby . .
     3: I I R
     2: I R R
     1: I R S
 start: pgby . .
"""
# Open water and a seal for the wind, bears in three columns (a mirror for the multicolour die)
POND = """\
finish: p gb y
     3: I . I
     2: I S I
     1: I I I
 start: p gb y
"""
# Asymmetric rocks: no mirror
CORNER = """\
finish: pg b y
     3: I I I
     2: I S R
     1: I I .
 start: pg b y
"""
# Symmetric rocks, asymmetric tiles: a mirror (the tiles are part of the position)
CROSS = """\
finish: . pgby .
     3: R I R
     2: I I .
     1: R I R
 start: . pgby .
"""
# Open water beside the ice: slides, riders and jumps only a slide allows, still small
HOLE = """\
finish: pgby . .
     3: I I R
     2: I . R
     1: I R R
 start: pgby . .
"""
# The test_exact_solver board: small enough for the plain solver
TINY = """\
finish: pgby . .
     3: I R R
     2: I R R
     1: I R S
 start: pgby . .
"""


RULES = ReferenceSlidingBears()


def scenario(layout: str, **keys):
    body = "".join(f"{k}: {v}\n" for k, v in keys.items())
    indented = "".join(f"  {line}\n" for line in layout.splitlines())
    return load_scenario_text(f"game: sliding-bears\nseats: [greedy]\n{body}layout: |\n{indented}")


def roll_states(game, cfg, limit: int, walks: int = 0, seed: int = 0):
    """Positions between turns the protocol reaches: breadth first (the first `limit`), then
    along seeded random games, each once (by solve_key)."""
    start, _ = game.initial_state(cfg)
    found: dict = {}
    frontier = [start]
    while frontier and len(found) < limit:
        state = frontier.pop(0)
        for end in _next_roll_states(game, state):
            key = game.solve_key(end)
            if key not in found and len(found) < limit:
                found[key] = end
                frontier.append(end)
    rng = random.Random(seed)
    for walk in range(walks):
        state = start
        for _ in range(200):
            if game.actor(state) == TERMINAL:
                break
            if game.actor(state) == CHANCE:
                steps, weights = zip(*game.chance_outcomes(state), strict=True)
                step = rng.choices(steps, weights)[0]
                found.setdefault(game.solve_key(state), state)
            else:
                step = _hopeful(rng, game.legal_steps(state)) if walk % 2 else None
                step = step or rng.choice(game.legal_steps(state))
            state, _ = game.apply(state, step)
    return list(found.values())


def _hopeful(rng, steps):
    """Half the walks head for the finish (a jump across, else a jump up), so that they
    reach the positions near a win too."""
    jumps = [s for s in steps if isinstance(s, Jump)]
    across = [s for s in jumps if s.target == "finish"]
    if across:
        return across[0]
    up = [s for s in jumps if s.target not in ("start",) and s.target[1:] > "1"]
    return rng.choice(up) if up and rng.random() < 0.8 else None


def _next_roll_states(game, state):
    if game.actor(state) == TERMINAL:
        return []
    if game.actor(state) != CHANCE:  # the set-up removal
        return [game.apply(state, step)[0] for step in game.legal_steps(state)]
    out = []
    for roll, _ in game.chance_outcomes(state):
        out += [end for end in plain_ends(game, game.apply(state, roll)[0]) if end is not None]
    return out


def plain_ends(game, state) -> list:
    """Every position the turn under way can end in, through every legal step (None for an
    end of the game: it is scored by `end_key`)."""
    ends, stack, seen = [], [state], set()
    while stack:
        s = stack.pop()
        if game.actor(s) == CHANCE:
            ends.append(s)
        elif game.actor(s) == TERMINAL:
            ends.append(s)
        else:
            for step in game.legal_steps(s):
                child, _ = game.apply(s, step)
                key = game.solve_key(child)
                if key not in seen:
                    seen.add(key)
                    stack.append(child)
    return ends


def end_key(game, state):
    """An end as the rules score it: WIN or LOSS for an end of the game, else the cells and
    bears of the position, whose code (`Floe.encode`, then `canon`) the floe must find."""
    if game.actor(state) == TERMINAL:
        return turns.WIN if game.outcome(state).winners else turns.LOSS
    return state.cells, state.bears


BOARDS = [
    ("tiny, all wind", TINY, {"params": "{weather_die: [wind, wind, wind, wind, wind, wind]}"}),
    ("lane, classic, normal", LANE, {}),
    (
        "lane, multicolour, all cracks",
        LANE,
        {
            "variant": "multicolour",
            "params": "{weather_die: [crack, crack, crack, crack, crack, crack]}",
        },
    ),
    ("pond, multicolour, hard", POND, {"variant": "multicolour", "level": "hard"}),
    ("pond, classic, normal", POND, {}),
    ("corner, classic, normal", CORNER, {}),
    (
        "corner, odd dice",
        CORNER,
        {
            "params": "{bear_die: [pink, pink, green/blue, yellow, blue, "
            "pink/yellow], weather_die: [wind, wind, crack, wind, "
            "crack, wind]}"
        },
    ),
]


@functools.cache
def walked(name: str):
    """Board `name` of BOARDS, its walked positions, and for each position every roll with its
    weight and the ends the protocol plays it out to (`plain_ends`, each by its `end_key`).
    This is the rules' side of the comparison: pure, and the same for a floe with and without
    symmetries, so the parameters and the walks test share it rather than each playing every
    roll out again."""
    _, layout, keys = next(b for b in BOARDS if b[0] == name)
    scen = scenario(layout, **keys)
    game, cfg = RULES, scen.config  # the rules as the reference states them
    states = roll_states(game, cfg, limit=25, walks=6)
    rolls = [
        [
            (
                roll,
                weight,
                {end_key(game, end) for end in plain_ends(game, game.apply(state, roll)[0])},
            )
            for roll, weight in game.chance_outcomes(state)
        ]
        for state in states
    ]
    return game, cfg, states, rolls


@pytest.mark.parametrize("symmetry", [True, False])
@pytest.mark.parametrize(("name", "layout", "keys"), BOARDS, ids=[b[0] for b in BOARDS])
def test_every_roll_ends_where_the_rules_end_it(name, layout, keys, symmetry):
    game, cfg, states, rolls = walked(name)
    floe = turns.Floe(cfg, symmetry=symmetry)
    faces = {face: i for i, face in enumerate(floe.face_names)}
    weather = Counter(cfg.weather_die)
    # Rolls from many positions end in the same few: each end's code is worked out once.
    code_of = functools.cache(lambda cells, bears: floe.canon(floe.encode(cells, bears)))
    checked = 0
    for state, outcomes in zip(states, rolls, strict=True):
        code = floe.encode(state.cells, state.bears)
        ice, seal, bears = floe.decode(code)
        assert (ice, seal) == (
            sum(1 << i for i, c in enumerate(state.cells) if c == "I"),
            sum(1 << i for i, c in enumerate(state.cells) if c == "S"),
        )
        assert bears == tuple(turns._byte(b) for b in state.bears)
        assert sum(w for _, w, _ in outcomes) == floe.total
        for roll, weight, ends in outcomes:
            face = faces[roll.bear]
            count = floe.faces[face][1]
            assert weight == count * (floe.cracks if roll.weather == "crack" else floe.winds)
            assert weight == Counter(cfg.bear_die)[roll.bear] * weather[roll.weather]
            expected = {k if isinstance(k, int) else code_of(*k) for k in ends}
            assert floe.ends(code, face, roll.weather) == expected, (name, state, roll)
            checked += 1
    assert checked > 100


def test_the_walks_meet_wins_losses_slides_and_jumps_only_a_slide_allows():
    """The positions walked above include the ends that matter (else the proof is thin)."""
    seen = Counter()
    for name, _, _ in BOARDS:
        _, cfg, states, _ = walked(name)
        floe = turns.Floe(cfg)
        for state in states:
            code = floe.encode(state.cells, state.bears)
            cracks, slides, jumps, after = floe.actions(code)
            seen["win"] += any(turns.WIN in part for part in jumps)
            seen["loss"] += turns.LOSS in cracks
            seen["slide"] += len(slides) > 0
            seen["ride"] += any(floe.decode(x)[2] != floe.decode(code)[2] for x in slides)
            seen["after a slide"] += any(after)
    assert all(seen[k] > 0 for k in ("win", "loss", "slide", "ride", "after a slide")), seen


def test_ends_are_codes_of_positions_or_the_two_results():
    assert turns.WIN < 0 and turns.LOSS < 0 and turns.WIN != turns.LOSS
    scen = scenario(LANE)
    floe = turns.Floe(scen.config)
    start, _ = scen.game.initial_state(scen.config)
    child, _ = scen.game.apply(start, scen.game.legal_steps(start)[0])
    code = floe.encode(child.cells, child.bears)
    assert floe.decode(code)[2] == (turns.AT_START,) * 4 and code >= 0


SOLVED = [
    ("tiny, two cracks", TINY, {"params": "{weather_die: [crack, crack, wind, wind, wind, wind]}"}),
    ("tiny, multicolour", TINY, {"variant": "multicolour"}),
]


@pytest.mark.parametrize(("name", "layout", "keys"), SOLVED, ids=[b[0] for b in SOLVED])
def test_the_value_is_the_plain_solvers(name, layout, keys):
    scen = scenario(layout, **keys)
    plain = solve(scen.game, scen.config, method="plain")
    fast = solve(scen.game, scen.config, method="turns")
    bare = solve(scen.game, scen.config, method="turns", symmetry=False)
    assert 0.0 < plain.win_probability < 1.0
    assert fast.win_probability == pytest.approx(plain.win_probability, abs=1e-9)
    assert bare.win_probability == pytest.approx(plain.win_probability, abs=1e-9)
    assert [s for s, _ in fast.first_steps] == [s for s, _ in plain.first_steps]
    for (_, a), (_, b) in zip(fast.first_steps, plain.first_steps, strict=True):
        assert a == pytest.approx(b, abs=1e-9)
    assert fast.positions < bare.positions < plain.positions
    assert (plain.method, fast.method) == ("plain", "turns")


def mirrored(layout: str) -> str:
    """The layout seen in a mirror: every line's cells reversed."""
    out = []
    for line in layout.splitlines():
        label, cells = line.split(":", 1)
        out.append(f"{label}: " + " ".join(reversed(cells.split())))
    return "\n".join(out) + "\n"


def test_symmetries_found_only_where_the_rules_have_them():
    def group(layout, **keys):
        return turns.Floe(scenario(layout, **keys).config).symmetries

    # one column for all: the classic die's pairs (pink/blue, green/yellow) give 8 maps
    assert len(group(TINY)) == 8
    assert len(group(TINY, variant="multicolour")) == 24  # any two-colour face moves anyone
    # three columns: the mirror maps pink to yellow; green and blue may swap (multicolour) or
    # must (classic: pink/blue goes to yellow/green, a face)
    assert sorted(group(POND, variant="multicolour")) == [
        (False, (0, 1, 2, 3)),
        (False, (0, 2, 1, 3)),
        (True, (3, 1, 2, 0)),
        (True, (3, 2, 1, 0)),
    ]
    assert sorted(group(POND)) == [(False, (0, 1, 2, 3)), (True, (3, 2, 1, 0))]
    odd = "{bear_die: [pink, pink, green/blue, yellow, blue, pink/yellow]}"
    assert group(POND, params=odd) == ((False, (0, 1, 2, 3)),)  # the die is lopsided
    assert all(not mirror for mirror, _ in group(CORNER, variant="multicolour"))  # rocks
    assert len(group(CROSS, level="hard")) == 16
    assert len(group(CROSS, level="hard", variant="multicolour")) == 48
    assert turns.Floe(scenario(CROSS, level="hard").config, symmetry=False).symmetries == (
        (False, (0, 1, 2, 3)),
    )


def test_a_mirrored_floe_has_the_same_value():
    """CROSS's rocks and bears mirror, its tiles do not: the floe and its mirror image are
    two positions of the same rules, one class under the mirror."""
    keys = {"level": "hard", "params": "{weather_die: [crack, crack, wind, wind, wind, wind]}"}
    assert mirrored(CROSS) != CROSS
    for variant in VARIANTS:
        one = scenario(CROSS, variant=variant, **keys)
        other = scenario(mirrored(CROSS), variant=variant, **keys)
        a = solve(one.game, one.config)
        b = solve(other.game, other.config)
        assert 0.0 < a.win_probability < 1.0
        assert a.win_probability == pytest.approx(b.win_probability, abs=1e-12)
        assert a.positions == b.positions
    c = solve(other.game, other.config, symmetry=False)  # the last: multicolour
    assert c.win_probability == pytest.approx(b.win_probability, abs=1e-12)
    assert c.positions > 10 * b.positions


CANON = [
    (POND, {"variant": "multicolour"}),  # a swap and a mirror: sorted, then mirrored
    (POND, {}),  # a mirror only
    (TINY, {"variant": "multicolour"}),  # every order of the four: sorted
    (TINY, {}),  # the classic die's 8 maps: each tried
    (CROSS, {"variant": "multicolour", "level": "hard"}),  # 48
]


@pytest.mark.parametrize(("layout", "keys"), CANON)
def test_canon_is_the_least_image(layout, keys):
    scen = scenario(layout, **keys)
    floe = turns.Floe(scen.config)
    for state in roll_states(scen.game, scen.config, limit=40, walks=4):
        code = floe.encode(state.cells, state.bears)
        images = set()
        for mirror, perm in floe.symmetries:
            ice, seal, bears = floe.decode(code)
            if mirror:
                ice, seal = floe._mirror_mask(ice), floe._mirror_mask(seal)
                bears = tuple(floe._mirror_byte(b) for b in bears)
            word = turns._permuted(bears, perm)
            images.add(ice | seal << floe.n | word << floe.bears_shift)
        assert floe.canon(code) == min(images)
        assert all(floe.canon(image) == floe.canon(code) for image in images)


def test_the_single_bits_of_a_mask_lowest_first_are_worked_out_once():
    bits = turns._Bits()
    assert bits(0b101100) == (0b100, 0b1000, 0b100000) and bits(0) == ()
    assert bits(0b101100) is bits(0b101100) and len(bits) == 2


def test_a_floe_reuses_the_slides_of_tiles_it_has_met():
    scen = scenario(POND)
    floe = turns.Floe(scen.config)
    states = list(roll_states(scen.game, scen.config, limit=30, walks=3))
    fresh = [floe.actions(floe.encode(s.cells, s.bears)) for s in states]
    assert floe._moves  # the slides, by tiles
    again = [floe.actions(floe.encode(s.cells, s.bears)) for s in states]
    assert again == fresh
    tiles = {floe.encode(s.cells, s.bears) & ((1 << floe.bears_shift) - 1) for s in states}
    assert set(floe._moves) == tiles


def reference_values(floe, starts) -> dict[int, float]:
    """The value of every position by plain Gauss-Seidel value iteration over whole turns
    (`Floe.ends`, proven against the rules above): what `values` must find through its
    layers, parts of turns and policy iteration."""
    found = list(dict.fromkeys(floe.canon(c) for c in starts))
    seen = set(found)
    rolls = {}
    for code in found:  # grows as it goes
        out = []
        for f, (_, count) in enumerate(floe.faces):
            for weather, n in (("crack", floe.cracks), ("wind", floe.winds)):
                if n:
                    ends = sorted(floe.ends(code, f, weather))
                    out.append((count * n / floe.total, ends))
                    new = [x for x in ends if x >= 0 and x not in seen]
                    seen.update(new)
                    found += new
        rolls[code] = out
    # The positions by number, WIN and LOSS the last two: a sweep looks values up in a list
    # (by code in a dict, the sweeps were half of these tests' time). The same updates in the
    # same order, so the very same floats.
    number = {code: i for i, code in enumerate(found)}
    number |= {turns.WIN: len(found), turns.LOSS: len(found) + 1}
    sweep = [[(p, [number[x] for x in ends]) for p, ends in rolls[code]] for code in found]
    value = [0.0] * len(found) + [1.0, 0.0]
    get = value.__getitem__
    for _ in range(10_000):
        moved = 0.0
        for i in reversed(range(len(found))):
            v = sum(p * max(map(get, ends)) for p, ends in sweep[i])
            moved, value[i] = max(moved, v - value[i]), v
        if moved < 1e-14:
            return dict(zip(found, value, strict=False)) | {turns.WIN: 1.0, turns.LOSS: 0.0}
    raise AssertionError("no convergence")


REFERENCE = [
    ("lane, classic, normal", LANE, {}),
    ("lane, multicolour, hard", LANE, {"variant": "multicolour", "level": "hard"}),
    ("tiny, all wind", TINY, {"params": "{weather_die: [wind, wind, wind, wind, wind, wind]}"}),
    (
        "tiny, all cracks",
        TINY,
        {"params": "{weather_die: [crack, crack, crack, crack, crack, crack]}"},
    ),
    ("hole, classic, hard", HOLE, {"level": "hard"}),
    ("hole, multicolour, hard", HOLE, {"level": "hard", "variant": "multicolour"}),
]


@pytest.mark.parametrize(("name", "layout", "keys"), REFERENCE, ids=[b[0] for b in REFERENCE])
def test_every_value_is_that_of_value_iteration_over_whole_turns(name, layout, keys):
    scen = scenario(layout, **keys)
    floe = turns.Floe(scen.config)
    start, _ = scen.game.initial_state(scen.config)
    starts = [
        floe.encode(child.cells, child.bears)
        for child in (scen.game.apply(start, s)[0] for s in scen.game.legal_steps(start))
    ]
    expected = reference_values(floe, starts)
    graph = turns.explore(floe, starts, 10**6)
    vals, _, _ = turns.values(graph, 1e-12)
    # the same positions (each one a turn ends in), and the same value for each
    assert sorted(graph.codes[2:]) == sorted(c for c in expected if c >= 0)
    for i in range(2, len(graph.codes)):
        assert vals[i] == pytest.approx(expected[graph.codes[i]], abs=1e-9), (name, i)
    assert 0.0 < max(vals[graph.index[c]] for c in starts) or "cracks" in name
