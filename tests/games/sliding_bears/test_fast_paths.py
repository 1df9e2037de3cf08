"""The fast rules and greedy bot of Sliding Bears are the reference rules and bots.

The reference (bearcli/games/sliding_bears/reference.py, reference_bots.py) is the rulebook
as plain code. The fast rules keep per-configuration tables (`SBConfig.tables`: square
names, each bear's jump candidates, the step and dice objects), states carry bit masks and
their legal steps, new states are made without dataclasses.replace and recurring events are
shared; the greedy bot keeps each floe's route costs and judges the wind by bounds before
searching. Here the reference (`ReferenceSlidingBears`, `ReferenceGreedyBot`) is compared
with the fast code on many seeded positions and odd boards, whole games are played both
ways, and seeded games are pinned to the digests they had before any of it (same steps,
same events).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from bearcli.core.errors import IllegalStep
from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.rng import Rng, derive_seed
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.formats import scenario as scenario_file
from bearcli.games.sliding_bears import bots, reference_bots, routes, rules
from bearcli.games.sliding_bears.layout import COLOURS
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Remove, Roll, Wind
from bearcli.games.sliding_bears.reference import ReferenceSlidingBears
from bearcli.games.sliding_bears.reference_bots import ReferenceGreedyBot, bear_cost, to_finish
from bearcli.games.sliding_bears.rules import (
    FINISH,
    LOST,
    START,
    WON,
    SBConfig,
    SlidingBears,
    State,
)
from bearcli.simulation import game_seed, play_one
from tests.conftest import load_scenario_text
from tests.games.sliding_bears.helpers import SMALL

# `make test` (xdist, --dist loadgroup): one worker makes the positions, not each.
pytestmark = pytest.mark.xdist_group("sliding-bears-fast-paths")

ROOT = Path(__file__).resolve().parents[3]
GAME = SlidingBears()
REFERENCE = ReferenceSlidingBears()

# -- boards ---------------------------------------------------------------------------------

SHIPPED = sorted((ROOT / "scenarios/sliding-bears").glob("*.yaml")) + [
    ROOT / "scenarios/sliding-bears/small/single-file.yaml"
]
OVERRIDES = ((), ("level=hard",), ("variant=multicolour",), ("level=hard", "variant=multicolour"))


def _inline(layout: str, seats: str = "[random, random]", **keys) -> SBConfig:
    body = "".join(f"{k}: {v}\n" for k, v in keys.items())
    indented = "".join(f"  {line}\n" for line in layout.splitlines())
    text = f"game: sliding-bears\nseats: {seats}\n{body}layout: |\n{indented}"
    return load_scenario_text(text).config


def _random_layout(rng: random.Random, width: int, height: int) -> str:
    """A floe of random tiles with at least one seal and one ice tile; bears in their own
    columns where there is room, else several to a square (P-SB1)."""
    tiles = [rng.choice("IIIIIS.R") for _ in range(width * height)]
    tiles[rng.randrange(len(tiles))] = "S"
    tiles[rng.randrange(len(tiles))] = "I"

    def line(label: str) -> str:
        cols = rng.sample(range(width), 4) if width >= 4 else [rng.randrange(width) for _ in "pgby"]
        cells = [""] * width
        for letter, col in zip("pgby", cols, strict=True):
            cells[col] += letter
        return f"{label}: " + " ".join(c or "." for c in cells)

    rows = [
        f"{r + 1}: " + " ".join(tiles[r * width : (r + 1) * width])
        for r in range(height - 1, -1, -1)
    ]
    return "\n".join([line("finish"), *rows, line("start")]) + "\n"


# The configurations below are built once a session, not at import: each keeps its tables and
# first position once asked (cached properties), and a session (a mutant's run under `make
# mutate`) must see them built by the code it tests.
@functools.cache
def shipped_configs() -> tuple[SBConfig, ...]:
    """Every shipped layout at each level and variant (OVERRIDES)."""
    return tuple(scenario_file.load(p, ov).config for p in SHIPPED for ov in OVERRIDES)


@functools.cache
def configs() -> tuple[SBConfig, ...]:
    """The configurations the fast paths are compared on: the shipped ones first."""
    out = list(shipped_configs())
    out += [
        _inline(SMALL),
        _inline(SMALL, seats="[random]", params="{weather_die: [" + ", ".join(["wind"] * 6) + "]}"),
        _inline(SMALL, seats="[random, random, random, random, random, random]", level="hard"),
        _inline(
            SMALL,
            variant="multicolour",
            params="{bear_die: [pink/green, blue/yellow, pink, green, blue, yellow]}",
        ),
        _inline(SMALL, remove="b2"),
        # a rock on green's top square (green can never finish: its costs are all INF) and
        # on blue's entry square
        _inline("finish: p g b y\n 3: I R I I\n 2: I S I .\n 1: I I R I\n start: p g b y\n"),
        # blue and yellow share a start square (P-SB1)
        _inline("finish: p g b y\n 3: I I I I\n 2: I S I .\n 1: I I R I\n start: p g . by\n"),
    ]
    rng = random.Random(9)
    for width, height in ((3, 3), (3, 12), (12, 3), (12, 12), (5, 7), (9, 4)):
        out.append(_inline(_random_layout(rng, width, height)))
        out.append(_inline(_random_layout(rng, width, height), level="hard", variant="multicolour"))
    return tuple(out)


def _positions(config: SBConfig, games: int, seed: int, bot: str = "random") -> Iterator[State]:
    """Every state of seeded games (the fast rules), the last ones too."""
    for g in range(games):
        match = Match(GAME, config)
        players = make_bots(GAME, config, seed + g, bot)
        rng = chance_rng(seed + g)
        yield match.state
        while not match.over and len(match.steps) < 400:
            actor = match.actor
            if actor == CHANCE:
                step = GAME.sample_chance(match.state, rng)
            else:
                step = players[actor].choose(match.state, GAME.legal_steps(match.state))
            match.apply(step)
            yield match.state


def _all_positions(games: int = 2) -> list[State]:
    out = [s for i, cfg in enumerate(configs()) for s in _positions(cfg, games, 100 * i)]
    # the greedy bot wins some games: won positions too
    return out + [s for i, cfg in enumerate(configs()[:8]) for s in _positions(cfg, 1, i, "greedy")]


@functools.cache
def positions() -> list[State]:
    """With the greedy games: about 6,600 positions; made at first use, not at collection (a
    pytest-xdist worker that runs none of these tests never makes them)."""
    return _all_positions(games=1)


RULE_FIELDS = ("cells", "bears", "phase", "turn", "seat", "bear_face", "weather", "termination")


def _fields(state: State) -> tuple:
    return tuple(getattr(state, f) for f in RULE_FIELDS)


def _outcome(game: SlidingBears, state: State, step):
    """(state fields, event dicts) of the step, or (refused, reason, ruling)."""
    try:
        new, events = game.apply(state, step)
    except IllegalStep as exc:
        return ("refused", str(exc), exc.ruling)
    return _fields(new), [e.to_dict() for e in events]


def _odd_steps(state: State) -> list:
    """Steps the rules must refuse or treat as they always did: every kind, odd squares."""
    lay = state.cfg.layout
    names = [lay.square_name(i) for i in range(len(lay.cells))]
    rng = random.Random(hash(state.cells) % 1000 + state.turn)
    picks = rng.sample(names, min(4, len(names)))
    out: list = [Pass(), Roll("pink", "crack"), Roll("purple", "wind"), Roll("pink", "hail")]
    for sq in picks:
        out += [Remove(sq), Crack(sq), Wind(sq, rng.choice(names)), Jump(rng.choice(COLOURS), sq)]
    out += [Jump("pink", "start"), Jump("blue", "finish"), Crack("z9"), Wind("a1", "a99")]
    out += [Jump("purple", names[0]), Crack("a01"), "pass"]
    return out


# -- the rules --------------------------------------------------------------------------------


def test_there_are_many_positions_of_every_kind():
    kinds = Counter((s.phase, s.weather, s.termination) for s in positions())
    assert len(positions()) > 3000
    for kind in (("act", "crack"), ("act", "wind"), ("act", None), ("roll", None)):
        assert kinds[(*kind, None)] > 300, kinds
    assert kinds["remove", None, None] > 30
    ends = Counter(s.termination for s in positions() if s.phase == "over")
    assert ends[WON] > 3 and ends[LOST] > 30


def test_initial_states_match_the_plain_ones():
    plain = REFERENCE
    for cfg in configs():
        fast, fast_events = GAME.initial_state(cfg)
        slow, slow_events = plain.initial_state(cfg)
        assert _fields(fast) == _fields(slow) and fast == slow
        assert [e.to_dict() for e in fast_events] == [e.to_dict() for e in slow_events]


def test_actor_legal_steps_and_chance_match_the_plain_ones():
    plain = REFERENCE
    for state in positions():
        assert GAME.actor(state) == plain.actor(state)
        assert GAME.legal_steps(state) == plain.legal_steps(state)
        if GAME.actor(state) == CHANCE:
            assert GAME.chance_outcomes(state) == plain.chance_outcomes(state)


def test_chance_is_drawn_as_rng_weighted_draws_it():
    plain = REFERENCE
    for i, state in enumerate(s for s in positions() if s.phase == "roll"):
        a, b = Rng(i), Rng(i)
        for _ in range(5):
            assert GAME.sample_chance(state, a) == b.weighted(list(plain.chance_outcomes(state)))


def _sampled(every: int) -> list[State]:
    """Every `every`-th position, and every one of the rare kinds: the set-up removals and the
    ends of games (won, lost)."""
    return [s for i, s in enumerate(positions()) if i % every == 0 or s.phase in ("remove", "over")]


def test_every_step_applies_as_the_plain_rules_apply_it():
    plain = REFERENCE
    sample = _sampled(4)  # some 1,700 positions: each kind hundreds of times, the rare ones all
    kinds = Counter((s.phase, s.weather) for s in sample)
    assert min(kinds[k] for k in (("act", "crack"), ("act", "wind"), ("act", None))) > 200, kinds
    assert kinds["roll", None] > 300 and kinds["remove", None] > 30, kinds
    for i, state in enumerate(sample):
        legal = GAME.legal_steps(state)
        odd = _odd_steps(state) if i % 3 == 0 else []
        for step in [*legal[i % 2 :: 2], *legal[-1:], *odd]:  # half the steps, each pass
            assert _outcome(GAME, state, step) == _outcome(plain, state, step), (state, step)


def test_chance_steps_apply_as_the_plain_rules_apply_them():
    plain = REFERENCE
    for state in positions()[1::4]:  # some 650 rolls, not those of the test above
        if state.phase == "roll":
            for step, _ in plain.chance_outcomes(state):
                assert _outcome(GAME, state, step) == _outcome(plain, state, step)


def test_derived_fields_are_what_the_plain_fields_give():
    # dataclasses.replace runs __post_init__: the masks and the legal steps worked out anew.
    for state in positions():
        again = replace(state)
        for name in ("ice", "water", "tiles", "occupied", "mover", "options", "weather_steps"):
            assert (
                list(getattr(state, name)) == list(getattr(again, name))
                if name in ("options", "weather_steps")
                else getattr(state, name) == getattr(again, name)
            ), name
        assert again == state and repr(again) == repr(state)


def test_states_are_unchanged_by_play_and_keep_their_repr():
    for state in positions()[:400]:
        before = repr(state), list(state.options)
        for step in GAME.legal_steps(state):
            GAME.apply(state, step)
        assert (repr(state), list(state.options)) == before


def test_shared_events_equal_fresh_ones():
    events = rules.Tables(*configs()[0].tables.key).events  # a new configuration's: empty
    assert not events
    for key in [
        ("dice-rolled", 1, 3, "pink/blue", "wind"),
        ("bear-jumped", "pink", "start", "a1"),
        ("bear-arrived", "green", 2),
        ("ice-cracked", "c4", 11),
        ("tile-slid", "seal", "b2", "b3", None),
        ("tile-slid", "ice", "b2", "c2", "blue"),
        ("effects-forgone", ("bear", "wind")),
        ("turn-ended", 2, 7, ()),
        ("game-ended", "won", "all-bears-across", 30),
    ]:
        shared = events[key]
        assert events[key] is shared
        fields = dict(zip(rules.EVENT_FIELDS[key[0]], key[1:], strict=True))
        assert shared == event(key[0], **fields)


def test_tables_pickle_and_survive_a_config_replace():
    cfg = configs()[0]
    again = pickle.loads(pickle.dumps(cfg))
    assert again == cfg and again.tables.key == cfg.tables.key
    state, _ = GAME.initial_state(again)
    assert GAME.legal_steps(state) == REFERENCE.legal_steps(REFERENCE.initial_state(cfg)[0])
    seats = dataclasses.replace(cfg, seats=cfg.seats[::-1])
    assert seats.tables.key == cfg.tables.key and GAME.initial_state(seats)[0].cfg is seats


# -- whole games ----------------------------------------------------------------------------


def _plain_game(config: SBConfig, seed: int, bot: str) -> tuple[list[str], list[dict]]:
    """A seeded game the reference way: its rules, its bots, rng.weighted chance."""
    plain = REFERENCE
    factory = REFERENCE.bots[bot].factory
    players = [
        factory(plain, config, i, Rng(derive_seed(seed, "seat", i)))
        for i in range(len(config.seats))
    ]
    rng = chance_rng(seed)
    state, events = plain.initial_state(config)
    log = [e.to_dict() for e in events]
    steps = []
    while plain.actor(state) != TERMINAL:
        actor = plain.actor(state)
        if actor == CHANCE:
            step = rng.weighted(list(plain.chance_outcomes(state)))
        else:
            step = players[actor].choose(state, plain.legal_steps(state))
        before = state
        state, events = plain.apply(state, step)
        for p in players:
            p.observe(before, step, events)
        steps.append(str(step))
        log += [e.to_dict() for e in events]
    return steps, log


def _fast_game(config: SBConfig, seed: int, bot: str) -> tuple[list[str], list[dict]]:
    match = Match(GAME, config)
    play_out(match, make_bots(GAME, config, seed, bot), chance_rng(seed))
    return [str(s) for s in match.steps], [e.event.to_dict() for e in match.events]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_whole_games_are_the_plain_games(bot):
    # greedy: test_greedy_fast.py plays whole games on every shipped configuration too
    for i, cfg in enumerate(configs()[::3] if bot == "random" else configs()[::12]):
        for seed in (i, 1000 + i) if bot == "random" else (i,):
            assert _fast_game(cfg, seed, bot) == _plain_game(cfg, seed, bot), (i, seed)


def _digest(steps, events) -> str:
    text = json.dumps({"steps": steps, "events": events}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_seeded_games_are_the_games_they_were():
    """Seeded simulate games, pinned before the fast paths (same steps, same events)."""
    scenarios: dict = {}
    for key, digest in PINNED.items():
        name, overrides, bot, i = key.split("|")
        over = tuple(eval(overrides))  # noqa: S307 - a tuple of --set strings written above
        if (name, over) not in scenarios:
            path = ROOT / f"scenarios/sliding-bears/{name}.yaml"
            scenarios[name, over] = scenario_file.load(path, over)
        result = play_one(scenarios[name, over], game_seed(5, int(i)), int(i), bot, keep=True)
        events = [e.to_dict() for e in result.events]
        assert _digest(list(result.steps), events) == digest, key


# -- the greedy bot ----------------------------------------------------------------------------


def _greedy_positions() -> list[State]:
    out = []
    for i, cfg in enumerate(configs()):
        out += [s for s in _positions(cfg, 1, 7000 + i, "greedy") if s.phase in ("act", "remove")]
    # and random play's, which greedy would not steer to: those the rules' tests use (made once)
    return out + [s for s in positions() if s.phase in ("act", "remove")]


def test_greedy_chooses_what_the_plain_greedy_chooses():
    positions = _greedy_positions()
    assert len(positions) > 1500
    for state in positions[::24]:  # fresh bots; test_greedy_fast.py compares games in order
        cfg = state.cfg
        legal = GAME.legal_steps(state)
        fast = bots.GreedyBot(GAME, cfg, 0, Rng(1))
        slow = ReferenceGreedyBot(REFERENCE, cfg, 0, Rng(1))
        assert fast.choose(state, legal) == slow.choose(state, legal), state


def test_route_costs_match_the_plain_searches():
    rng = random.Random(4)
    for cfg in configs():
        lay = cfg.layout
        rt = routes.route_maps(cfg)
        for _ in range(4):
            # any floe of the layout's rocks: ice, seals and water anywhere else
            cells = tuple(c if c == "R" else rng.choice("IIIS.") for c in lay.cells)
            floe = rt.floe(cells)
            for k in range(4):
                fin = to_finish(lay, cells, k)
                assert floe.fin(k) == fin
                for pos in (START, FINISH, *range(len(cells))):
                    if pos < 0 or cells[pos] != "R":
                        assert floe.cost(k, pos) == bear_cost(lay, cells, pos, k, fin)
            for src in range(len(cells)):
                if cells[src] != "R":
                    plain = reference_bots.costs_from(cells, lay.grid.table, {src: 0})
                    assert floe.costs_from(src) == plain


PINNED = {
    "classic|()|random|1": "fb550f81eb98366f",
    "classic|()|random|2": "f3c4616df2ee537b",
    "classic|()|random|3": "2a60a27fd154f129",
    "classic|()|greedy|1": "47294a20f57fb7a6",
    "classic|()|greedy|2": "b01b2c970023e802",
    "classic|('level=hard',)|random|1": "e5155301207efeae",
    "classic|('level=hard',)|random|2": "2fa7bebfaaab7011",
    "classic|('level=hard',)|random|3": "4a622c69648015f4",
    "classic|('level=hard',)|greedy|1": "ede94fdcf10e86b7",
    "classic|('level=hard',)|greedy|2": "8ecf2a4f352579fc",
    "classic|('variant=multicolour',)|random|1": "f306f5b82459b945",
    "classic|('variant=multicolour',)|random|2": "6ccfc22a7eb77c87",
    "classic|('variant=multicolour',)|random|3": "58bd06cab52de1a2",
    "classic|('variant=multicolour',)|greedy|1": "250798a458e9901f",
    "classic|('variant=multicolour',)|greedy|2": "c34b2a48e2ae8cbe",
    "classic|('level=hard', 'variant=multicolour')|random|1": "169252734d00d86e",
    "classic|('level=hard', 'variant=multicolour')|random|2": "8321b537c8735598",
    "classic|('level=hard', 'variant=multicolour')|random|3": "38157bdbab7531b4",
    "classic|('level=hard', 'variant=multicolour')|greedy|1": "97b37d94085a0308",
    "classic|('level=hard', 'variant=multicolour')|greedy|2": "76046518ad5b6b6f",
    "bazaar-at-the-start|()|random|1": "6ab6fae8a1f1a3f8",
    "bazaar-at-the-start|()|random|2": "f3f3cb1005b50fd9",
    "bazaar-at-the-start|()|random|3": "4a6c809fefef3c75",
    "bazaar-at-the-start|()|greedy|1": "ca39efaf4a88089f",
    "bazaar-at-the-start|()|greedy|2": "79eb17c4f3943a21",
    "bazaar-at-the-start|('level=hard',)|random|1": "e6bb5f509f6bce18",
    "bazaar-at-the-start|('level=hard',)|random|2": "097ab3bab61068e0",
    "bazaar-at-the-start|('level=hard',)|random|3": "a86c31e09c05148f",
    "bazaar-at-the-start|('level=hard',)|greedy|1": "33a59248f65994df",
    "bazaar-at-the-start|('level=hard',)|greedy|2": "0384bb39acffa00e",
    "bazaar-at-the-start|('variant=multicolour',)|random|1": "6e64df18a180dea7",
    "bazaar-at-the-start|('variant=multicolour',)|random|2": "9e366c3569e3496f",
    "bazaar-at-the-start|('variant=multicolour',)|random|3": "2526a49effe8bdb7",
    "bazaar-at-the-start|('variant=multicolour',)|greedy|1": "3bb60d8ec8dec438",
    "bazaar-at-the-start|('variant=multicolour',)|greedy|2": "a4a1414637b1a909",
    "bazaar-at-the-start|('level=hard', 'variant=multicolour')|random|1": "fa63a84b04a84bde",
    "bazaar-at-the-start|('level=hard', 'variant=multicolour')|random|2": "c8bbce0b9a03c135",
    "bazaar-at-the-start|('level=hard', 'variant=multicolour')|random|3": "1549084a7f676bc6",
    "bazaar-at-the-start|('level=hard', 'variant=multicolour')|greedy|1": "e2b2eaa8b8188869",
    "bazaar-at-the-start|('level=hard', 'variant=multicolour')|greedy|2": "a7689f130c5a1db8",
    "fiesta-on-the-ice-floe|()|random|1": "899b3df1b967a966",
    "fiesta-on-the-ice-floe|()|random|2": "60f6ebedcb285f90",
    "fiesta-on-the-ice-floe|()|random|3": "c8dc3c2f1d2b7dbb",
    "fiesta-on-the-ice-floe|()|greedy|1": "73837e6dbb0ef89a",
    "fiesta-on-the-ice-floe|()|greedy|2": "99d7409a3cb4a8d4",
    "fiesta-on-the-ice-floe|('level=hard',)|random|1": "5457e631e5e1ddcf",
    "fiesta-on-the-ice-floe|('level=hard',)|random|2": "a0ac231aaaada472",
    "fiesta-on-the-ice-floe|('level=hard',)|random|3": "0b718ff716fbeda6",
    "fiesta-on-the-ice-floe|('level=hard',)|greedy|1": "7d86cf8eecb0f90a",
    "fiesta-on-the-ice-floe|('level=hard',)|greedy|2": "90085eb22d5777d5",
    "fiesta-on-the-ice-floe|('variant=multicolour',)|random|1": "0ff3f5fc51a056b5",
    "fiesta-on-the-ice-floe|('variant=multicolour',)|random|2": "0f06b6470991d5de",
    "fiesta-on-the-ice-floe|('variant=multicolour',)|random|3": "ddb4e6baec884534",
    "fiesta-on-the-ice-floe|('variant=multicolour',)|greedy|1": "86c9d98bb499e2f3",
    "fiesta-on-the-ice-floe|('variant=multicolour',)|greedy|2": "3d642dc36f5aaae1",
    "fiesta-on-the-ice-floe|('level=hard', 'variant=multicolour')|random|1": "121595b17d2bf79a",
    "fiesta-on-the-ice-floe|('level=hard', 'variant=multicolour')|random|2": "aa843951c2c3caf9",
    "fiesta-on-the-ice-floe|('level=hard', 'variant=multicolour')|random|3": "8bc89df72dd28636",
    "fiesta-on-the-ice-floe|('level=hard', 'variant=multicolour')|greedy|1": "cded1830816239a7",
    "fiesta-on-the-ice-floe|('level=hard', 'variant=multicolour')|greedy|2": "7c2d2c86cdea1c80",
    "nap-at-the-meeting|()|random|1": "9aa212b1b7a77230",
    "nap-at-the-meeting|()|random|2": "b1845c57d8e2b27b",
    "nap-at-the-meeting|()|random|3": "b2af78c66ebbd257",
    "nap-at-the-meeting|()|greedy|1": "bc020e4ab57d6aa5",
    "nap-at-the-meeting|()|greedy|2": "bb8025285514627c",
    "nap-at-the-meeting|('level=hard',)|random|1": "075af4ccaf4c4a24",
    "nap-at-the-meeting|('level=hard',)|random|2": "3641ad8b1b088700",
    "nap-at-the-meeting|('level=hard',)|random|3": "177ff8cc351c8d49",
    "nap-at-the-meeting|('level=hard',)|greedy|1": "479df16a4e621243",
    "nap-at-the-meeting|('level=hard',)|greedy|2": "d30595226716f8b1",
    "nap-at-the-meeting|('variant=multicolour',)|random|1": "2dd5422cccca4961",
    "nap-at-the-meeting|('variant=multicolour',)|random|2": "8edf7a62b695ce2f",
    "nap-at-the-meeting|('variant=multicolour',)|random|3": "781e34fec185f268",
    "nap-at-the-meeting|('variant=multicolour',)|greedy|1": "3d1fc688394fdced",
    "nap-at-the-meeting|('variant=multicolour',)|greedy|2": "92a07c7bd50ae899",
    "nap-at-the-meeting|('level=hard', 'variant=multicolour')|random|1": "0acfc9b7da2db3c2",
    "nap-at-the-meeting|('level=hard', 'variant=multicolour')|random|2": "0f21567592049087",
    "nap-at-the-meeting|('level=hard', 'variant=multicolour')|random|3": "3c89cdfaf402152d",
    "nap-at-the-meeting|('level=hard', 'variant=multicolour')|greedy|1": "037c3a44006267ae",
    "nap-at-the-meeting|('level=hard', 'variant=multicolour')|greedy|2": "1bf7097edb8954c0",
    "the-archipelago|()|random|1": "ceae759bbe9de30d",
    "the-archipelago|()|random|2": "9dbee2ea8805b417",
    "the-archipelago|()|random|3": "5c9f1951fe8b3ee9",
    "the-archipelago|()|greedy|1": "2f07339603897ea5",
    "the-archipelago|()|greedy|2": "009d02dab229f276",
    "the-archipelago|('level=hard',)|random|1": "3c4d20d344cba343",
    "the-archipelago|('level=hard',)|random|2": "655de13d5e5307da",
    "the-archipelago|('level=hard',)|random|3": "6efc32de1501f909",
    "the-archipelago|('level=hard',)|greedy|1": "5ee9abc185d1b7f8",
    "the-archipelago|('level=hard',)|greedy|2": "2561de7cabfd83bd",
    "the-archipelago|('variant=multicolour',)|random|1": "13c0e7f9fb6674b5",
    "the-archipelago|('variant=multicolour',)|random|2": "ca3bd55384c26491",
    "the-archipelago|('variant=multicolour',)|random|3": "748ce6702ebbfcbe",
    "the-archipelago|('variant=multicolour',)|greedy|1": "b840b4664de9effb",
    "the-archipelago|('variant=multicolour',)|greedy|2": "db088d474d6e2d76",
    "the-archipelago|('level=hard', 'variant=multicolour')|random|1": "cad45381bfc316c4",
    "the-archipelago|('level=hard', 'variant=multicolour')|random|2": "ae66c9cd11792b53",
    "the-archipelago|('level=hard', 'variant=multicolour')|random|3": "cde7619bbbc316ed",
    "the-archipelago|('level=hard', 'variant=multicolour')|greedy|1": "e7490bc3643dbfa8",
    "the-archipelago|('level=hard', 'variant=multicolour')|greedy|2": "70a2d6deb97a84c7",
    "the-great-wall|()|random|1": "18d1dec2157557d9",
    "the-great-wall|()|random|2": "54ab0c84c52372e2",
    "the-great-wall|()|random|3": "648621816dfdba92",
    "the-great-wall|()|greedy|1": "88563ab7b15bf3bb",
    "the-great-wall|()|greedy|2": "9832b86dab2a624a",
    "the-great-wall|('level=hard',)|random|1": "720bf72419ba01ec",
    "the-great-wall|('level=hard',)|random|2": "6cefc70b4073f7b1",
    "the-great-wall|('level=hard',)|random|3": "610bbfb8f70eff21",
    "the-great-wall|('level=hard',)|greedy|1": "4f0c040c69325e03",
    "the-great-wall|('level=hard',)|greedy|2": "2914aff1a7b0b91a",
    "the-great-wall|('variant=multicolour',)|random|1": "36d7240adfb58c8f",
    "the-great-wall|('variant=multicolour',)|random|2": "4e371bedf2be54d4",
    "the-great-wall|('variant=multicolour',)|random|3": "b330ba82e400c628",
    "the-great-wall|('variant=multicolour',)|greedy|1": "a3c1e00a5f171796",
    "the-great-wall|('variant=multicolour',)|greedy|2": "9a2abc04fe2eb586",
    "the-great-wall|('level=hard', 'variant=multicolour')|random|1": "740a4437d12838c5",
    "the-great-wall|('level=hard', 'variant=multicolour')|random|2": "50df2a3b860d7168",
    "the-great-wall|('level=hard', 'variant=multicolour')|random|3": "4649edbcbc4657b2",
    "the-great-wall|('level=hard', 'variant=multicolour')|greedy|1": "7a44505c45086e45",
    "the-great-wall|('level=hard', 'variant=multicolour')|greedy|2": "3945b536be45df66",
    "small/single-file|()|random|1": "84c0dd7d7b4d10d4",
    "small/single-file|()|random|2": "c1d7189e516af0d9",
    "small/single-file|()|random|3": "4f57c64c5d69eb99",
    "small/single-file|()|greedy|1": "10b0b72107daf9c4",
    "small/single-file|()|greedy|2": "6c2214c0549d935b",
    "small/single-file|('level=hard',)|random|1": "ce0f10761d20bfeb",
    "small/single-file|('level=hard',)|random|2": "a0d2a6a06c02f3d1",
    "small/single-file|('level=hard',)|random|3": "3b4562554681ce44",
    "small/single-file|('level=hard',)|greedy|1": "573e0879a618427e",
    "small/single-file|('level=hard',)|greedy|2": "b392385443b71511",
    "small/single-file|('variant=multicolour',)|random|1": "af72363900fdb962",
    "small/single-file|('variant=multicolour',)|random|2": "54601732cdc9759b",
    "small/single-file|('variant=multicolour',)|random|3": "e194cdf0d846cda5",
    "small/single-file|('variant=multicolour',)|greedy|1": "e0fe1cb8248e88d6",
    "small/single-file|('variant=multicolour',)|greedy|2": "99384e1d2e61bc67",
    "small/single-file|('level=hard', 'variant=multicolour')|random|1": "2c2335cbee4a288d",
    "small/single-file|('level=hard', 'variant=multicolour')|random|2": "c27eadcba88a7e5f",
    "small/single-file|('level=hard', 'variant=multicolour')|random|3": "8ae95b059dfb7175",
    "small/single-file|('level=hard', 'variant=multicolour')|greedy|1": "ad378a0a5f95d06a",
    "small/single-file|('level=hard', 'variant=multicolour')|greedy|2": "70872578105033e7",
}


# -- exact solving ------------------------------------------------------------------------------


def test_exact_solving_finds_what_it_found():
    """bearcli solve explores legal_steps, chance_outcomes and solve_key: the same positions,
    in the same order, give the same iterations and the very same floats."""
    from bearcli.exact_solver import solve
    from tests.test_exact_solver import tiny

    found = [solve(s.game, s.config, method="plain") for s in (tiny(0), tiny(1))]
    assert [(f.positions, f.iterations, f.win_probability) for f in found] == [
        (1461, 109, 0.9999999999981942),
        (12554, 75, 0.18679573217233428),
    ]
    assert found[1].first_steps == (("remove c1", 0.18679573217233428),)
