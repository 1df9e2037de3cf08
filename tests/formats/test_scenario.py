"""Scenario files (bearcli/formats/scenario.py) called directly: what a copy sent to a worker
names, a game's own files read as scenarios, a record made self-contained, `--set`."""

from __future__ import annotations

import os
import pickle

import pytest

from bearcli.core.errors import BearError, InputError, Location, ScenarioError
from bearcli.core.rng import SEED_DIGITS
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import yamlsrc
from bearcli.formats.scenario import ORIGIN, origin
from tests.conftest import ROOT

CLASSIC = ROOT / "scenarios" / "sliding-bears" / "classic.yaml"
FLOE = "finish: p g b y\n     3: I I I I\n     2: I S I I\n     1: I I I I\n start: p g b y\n"


def test_a_copy_names_the_scenario_it_copies_and_a_copy_of_it_too():
    scen = scenario_fmt.load(CLASSIC)
    assert origin(scen) == (os.getpid(), id(scen)) and ORIGIN not in scen.__dict__
    copy = pickle.loads(pickle.dumps(scen))
    assert copy == scen and copy is not scen
    assert copy.__dict__[ORIGIN] == origin(copy) == origin(scen)
    again = pickle.loads(pickle.dumps(copy))
    assert origin(again) == origin(scen)  # not the first copy's own identity
    assert ORIGIN not in scen.__dict__  # pickling leaves the original as it was


def test_a_games_own_file_is_read_as_its_scenario_placed_in_that_file(tmp_path):
    floe = tmp_path / "river.layout"
    floe.write_text(FLOE)
    src = scenario_fmt.read(floe)
    assert src.file == str(floe) and src.data["game"] == "sliding-bears"
    assert src.loc() == Location(str(floe), 1, 1)
    assert src.loc("seats") == Location(str(floe), 1, 1)
    assert scenario_fmt.parse(src).title == "river"


def test_self_contained_inlines_a_named_layout_and_leaves_the_rest(tmp_path):
    (tmp_path / "floe.layout").write_text(FLOE)
    named = tmp_path / "named.yaml"
    named.write_text("game: sliding-bears\nseats: [random]\nlayout: floe.layout\n")
    data = scenario_fmt.self_contained(named)
    assert data == {"game": "sliding-bears", "seats": ["random"], "layout": FLOE}
    inline = tmp_path / "inline.yaml"
    inline.write_text("game: sliding-bears\nseats: [random]\nlayout: |\n" + _indent(FLOE))
    assert scenario_fmt.self_contained(inline)["layout"] == FLOE  # already inline: kept
    for value in ("[1, 2]", "null", "5"):  # not a file name: left for the parser to refuse
        odd = tmp_path / "odd.yaml"
        odd.write_text(f"game: sliding-bears\nseats: [random]\nlayout: {value}\n")
        assert scenario_fmt.self_contained(odd)["layout"] == yamlsrc.loads(value, "x").data
    for game in ("5", "[a]", "null"):  # no game named: nothing to inline, nothing refused
        nameless = tmp_path / "nameless.yaml"
        nameless.write_text(f"game: {game}\nlayout: floe.layout\n")
        assert scenario_fmt.self_contained(nameless)["layout"] == "floe.layout"


def _indent(text: str) -> str:
    return "".join(f"  {line}\n" for line in text.splitlines())


def test_self_contained_and_overrides_refuse_what_is_no_mapping(tmp_path):
    listed = tmp_path / "list.yaml"
    listed.write_text("- game\n")
    with pytest.raises(ScenarioError) as refused:
        scenario_fmt.self_contained(listed)
    assert refused.value.message == "a scenario is a mapping with at least 'game' and 'seats'"
    assert refused.value.location == Location(str(listed), 1, 1)
    src = yamlsrc.loads("- game\n", "list.yaml")
    assert scenario_fmt.with_overrides(src, ()) is src  # nothing to apply: not even looked at
    with pytest.raises(ScenarioError) as refused:
        scenario_fmt.with_overrides(src, ("level=hard",))
    assert refused.value.message == "a scenario is a mapping"


def test_each_override_is_placed_at_its_own_set_and_a_bad_one_refused_there():
    src = yamlsrc.loads("game: sliding-bears\nlevel: normal\n", "s.yaml")
    changed = scenario_fmt.with_overrides(src, ("level=hard", "seed=7", "title="))
    assert (changed.data["level"], changed.data["seed"], changed.data["title"]) == (
        "hard",
        7,
        None,
    )
    assert changed.loc("level") == Location("--set", 1, 7)
    assert changed.loc("seed") == Location("--set", 2, 6)
    assert src.data["level"] == "normal"  # the source itself is not changed
    for overrides, bad, n in ((("level",), "level", 1), (("a=1", "=hard"), "=hard", 2)):
        with pytest.raises(InputError) as refused:
            scenario_fmt.with_overrides(src, overrides)
        assert refused.value.message == f"--set takes KEY=VALUE, not {bad!r}"
        assert refused.value.location == Location("--set", n, 1)
    placed = Location("log.yaml", 9, 3)
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, ("nothing",), (placed,))
    assert refused.value.location == placed


def test_overrides_from_a_records_set_list_are_placed_at_its_lines():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    first, second = Location("log.yaml", 4, 5), Location("log.yaml", 5, 5)
    both = scenario_fmt.with_overrides(src, ("level=hard", "seed=3"), (first, second))
    assert (both.loc("level"), both.loc("seed")) == (first, second)
    one = scenario_fmt.with_overrides(src, ("level=hard", "seed=3"), (first,))
    assert (one.loc("level"), one.loc("seed")) == (first, Location("--set", 2, 6))


def test_a_value_may_hold_an_equals_sign_and_a_setting_that_is_no_text_is_refused():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    assert scenario_fmt.with_overrides(src, ("title=a=b",)).data["title"] == "a=b"
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, (5,))  # type: ignore[arg-type]  # a record's set: [5]
    assert refused.value.message == "--set takes KEY=VALUE, not 5"


def test_a_value_that_is_no_yaml_is_refused_in_its_set():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, ("params={a",))
    assert refused.value.location is not None and refused.value.location.file == "--set"
    assert refused.value.message.startswith("invalid YAML: ")
    assert scenario_fmt.with_overrides(src, ("title=  ",)).data["title"] is None


# --- parse: every refusal worded and placed ---------------------------------------------------


def _parse(text: str) -> scenario_fmt.Scenario:
    return scenario_fmt.parse(yamlsrc.loads(text, "s.yaml"))


def _refusal(text: str) -> str:
    with pytest.raises(BearError) as err:
        _parse(text)
    return err.value.headline()


BD = "game: bear-down\n"


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("- a\n", "s.yaml:1:1: error: a scenario is a mapping with at least 'game' and 'seats'"),
        (
            "format: bearcli-moves/1\ngame: bear-down\n",
            "s.yaml:1:9: error: unknown format 'bearcli-moves/1' (expected 'bearcli-scenario/1')",
        ),
        ("seats: [a]\n", "s.yaml:1:1: error: missing key 'game'"),
        ("game: [a]\n", "s.yaml:1:7: error: 'game' must be a game name"),
        (
            "seats: []\ngame: chess\n",
            "s.yaml:2:7: error: unknown game 'chess' "
            "(known: baerenspiel, bear-down, sliding-bears)",
        ),
        (
            BD + "layout: x\nseats: [random, random]\n",
            "s.yaml:2:1: error: unknown key 'layout' (expected one of: description, format, game, "
            "params, seats, seed, title)",
        ),
        (BD + "seed: x\n", "s.yaml:2:7: error: 'seed' must be int, not 'x'"),
        (
            BD + "seed: 1" + "0" * SEED_DIGITS + "\n",
            f"s.yaml:2:7: error: a seed has at most {SEED_DIGITS} digits (in any notation)",
        ),
        (
            BD + "title: 5\nseats: [random, random]\n",
            "s.yaml:2:8: error: 'title' must be str, not 5",
        ),
        (BD, "s.yaml:1:1: error: missing key 'seats'"),
        (BD + "seats: {}\n", "s.yaml:2:8: error: 'seats' must be a non-empty list"),
        (BD + "seats: []\n", "s.yaml:2:8: error: 'seats' must be a non-empty list"),
        (BD + "seats: [random]\n", "s.yaml:2:8: error: Bear Down! takes 2 to 4 seats, not 1 [BD1]"),
        (
            BD + "seats: [random, random, random, random, random]\n",
            "s.yaml:2:8: error: Bear Down! takes 2 to 4 seats, not 5 [BD1]",
        ),
        (
            BD + "seats:\n  - random\n  - 5\n",
            "s.yaml:4:5: error: a seat is a bot name or a mapping {name, bot, ...}",
        ),
        (
            BD + "seats:\n  - random\n  - {bot: 5}\n",
            "s.yaml:4:11: error: 'bot' must be a bot name, not 5",
        ),
        (
            BD + "seats: [random, shark]\n",
            "s.yaml:2:17: error: unknown bot 'shark' for bear-down (known: cautious, greedy, "
            "random, human; a person is written {name: shark, bot: human})",
        ),
        (  # placed at the name of the bot, not at the seat
            BD + "seats:\n  - random\n  - {name: Ann, bot: shark}\n",
            "s.yaml:4:22: error: unknown bot 'shark' for bear-down (known: cautious, greedy, "
            "random, human; a person is written {name: shark, bot: human})",
        ),
        (
            BD + "seats:\n  - random\n  - {bot: random, depth: 3}\n",
            "s.yaml:4:19: error: unknown key 'depth' (expected one of: bot, name)",
        ),
        (
            BD + "seats:\n  - random\n  - {name: 5}\n",
            "s.yaml:4:12: error: 'name' must be text",
        ),
        (
            "game: sliding-bears\nseats:\n  - {bot: planner, depth: deep}\nlayout: x\n",
            "s.yaml:3:27: error: 'depth' must be int, not 'deep'",
        ),
    ],
)
def test_each_refusal_of_a_scenario_is_worded_and_placed(text, refusal):
    assert _refusal(text) == refusal


def test_a_scenario_is_parsed_with_its_defaults_and_its_seats_places():
    scen = _parse(BD + "seats:\n  - random\n  - {name: Ann}\n  - {bot: greedy, name: G}\n")
    assert (scen.game.name, scen.seed, scen.title, scen.file) == (
        "bear-down",
        0,
        "bear-down",
        "s.yaml",
    )
    assert [(s.name, s.bot, s.options) for s in scen.config.seats] == [
        ("seat 1", "random", ()),
        ("Ann", "human", ()),
        ("G", "greedy", ()),
    ]
    assert scen.seat_locations == (
        Location("s.yaml", 3, 5),
        Location("s.yaml", 4, 5),
        Location("s.yaml", 5, 5),
    )
    titled = _parse(BD + "seed: 9\ntitle: Table\nseats: [random, random]\n")
    assert (titled.seed, titled.title) == (9, "Table")
    options = scenario_fmt.parse(
        yamlsrc.loads(
            "game: sliding-bears\nlayout: classic.layout\n"
            "seats:\n  - {bot: planner, exact: 2, depth: 3}\n",
            str(ROOT / "scenarios" / "sliding-bears" / "s.yaml"),
            ROOT / "scenarios" / "sliding-bears",
        )
    )
    assert options.config.seats[0].options == (("depth", 3), ("exact", 2))  # sorted by key


def test_the_fingerprint_holds_the_rules_and_not_the_seats_names_bots_or_seed():
    base = _parse(BD + "seats: [random, random]\n")
    assert base.fingerprint.startswith("sha256:") and len(base.fingerprint) == 7 + 16
    same = _parse(BD + "seed: 5\ntitle: t\nseats: [{name: A, bot: greedy}, cautious]\n")
    assert same.fingerprint == base.fingerprint
    assert _parse(BD + "seats: [random, random, random]\n").fingerprint != base.fingerprint
    game, config = base.game, base.config
    body = {"game": game.name, "seats": 2, "config": game.config_dict(config)}
    import hashlib
    import json

    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert base.fingerprint == "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]


def test_load_applies_overrides_before_parsing(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(BD + "seats: [random, random]\n")
    assert scenario_fmt.load(path).seed == 0
    assert scenario_fmt.load(path, ("seed=4",)).seed == 4
    with pytest.raises(ScenarioError) as err:
        scenario_fmt.load(path, ("seed=x",))
    assert err.value.location == Location("--set", 1, 6)
