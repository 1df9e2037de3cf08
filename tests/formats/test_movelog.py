"""Move logs (bearcli/formats/movelog.py) called directly: what a record holds once parsed,
each refusal with its words and its place, a replay's seed check and its hooks, the expected
result's comparison, and the YAML a record is written as."""

from __future__ import annotations

import re

import pytest
import yaml

from bearcli.core.errors import BearError, CheckFailed, ErrorList, Location
from bearcli.core.runner import chance_rng
from bearcli.formats import movelog, yamlsrc
from tests.conftest import ROOT
from tests.steps import THREE

RECORD = ROOT / "replays" / "sliding-bears" / "sim-classic-greedy-seed7.yaml"
CLASSIC = "sliding-bears/classic"  # a shipped scenario, named as a record names it
FLOE = "finish: p g b y\n     3: I I I I\n     2: I S I I\n     1: I I I I\n start: p g b y\n"
SCENARIO = "game: sliding-bears\nseats: [random]\nlayout: |\n" + "".join(
    f"  {line}\n" for line in FLOE.splitlines()
)


def _parse(text: str, base=ROOT, name: str = "r.yaml") -> movelog.MoveLog:
    return movelog.parse(yamlsrc.loads(text, name, base))


def _refusal(text: str, base=ROOT) -> BearError:
    with pytest.raises(BearError) as refused:
        _parse(text, base)
    return refused.value


def _record(*moves: str, head: str = "") -> str:
    listed = "".join(f"  - {m}\n" for m in moves)
    return f"game: sliding-bears\nscenario: {CLASSIC}\n{head}moves:\n{listed}"


def test_a_record_keeps_each_move_at_its_line_and_what_its_head_says():
    log = _parse(
        "format: bearcli-moves/1\n"
        "chance: manual\n"
        "seed: 5\n"
        "set: [level=hard]\n"
        f"scenario: {CLASSIC}\n"
        "result: {termination: lost}\n"
        "moves:\n"
        "  - '  remove d3  '\n"
        "  - 12\n"
    )
    assert log.moves == (
        ("remove d3", Location("r.yaml", 8, 5)),  # stripped
        ("12", Location("r.yaml", 9, 5)),  # a number is read as its text
    )
    assert (log.seed, log.chance, log.overrides) == (5, movelog.MANUAL, ("level=hard",))
    assert log.result == {"termination": "lost"} and log.result_at == Location("r.yaml", 6, 9)
    assert log.scenario_at == Location("r.yaml", 5, 11) and log.file == "r.yaml"
    assert log.scenario.game.name == "sliding-bears"
    assert log.scenario.game.config_dict(log.scenario.config)["level"] == "hard"


def test_what_a_record_leaves_out_is_none_and_an_empty_moves_list_is_no_move():
    log = _parse(f"scenario: {CLASSIC}\nmoves:\n# none yet\n")
    assert log.moves == () and log.overrides == ()
    assert (log.seed, log.chance, log.result, log.result_at) == (None, None, None, None)


@pytest.mark.parametrize(
    ("text", "message", "place"),
    [
        ("- a\n", "a move log is a mapping with 'game', 'scenario' and 'moves'", (1, 1)),
        (f"scenario: {CLASSIC}\nmoves: []\nseeds: 3\n", "unknown key 'seeds'", (3, 1)),
        ("format: bearcli-moves/2\n", "unknown format 'bearcli-moves/2'", (1, 9)),
        ("set: level=hard\n", "'set' is a list of KEY=VALUE settings", (1, 6)),
        ("set: [level=hard, 3]\n", "'set' is a list of KEY=VALUE settings", (1, 6)),
        ("scenario: 5\nmoves: []\n", "'scenario' must be a path or an inline mapping", (1, 11)),
        ("moves: []\n", "missing key 'scenario'", (1, 1)),
        (
            f"game: bear-down\nscenario: {CLASSIC}\nmoves: []\n",
            "the log says game 'bear-down' but its scenario is 'sliding-bears'",
            (1, 7),
        ),
        (f"scenario: {CLASSIC}\n", "missing key 'moves'", (1, 1)),
        (f"scenario: {CLASSIC}\nmoves: d3\n", "'moves' must be a list of steps", (2, 8)),
        (f"scenario: {CLASSIC}\nmoves: [d3, true]\n", "each move is one line of notation", (2, 13)),
        (f"scenario: {CLASSIC}\nmoves: [[d3]]\n", "each move is one line of notation", (2, 9)),
        (f"scenario: {CLASSIC}\nmoves: []\nseed: x\n", "'seed' must be int, not 'x'", (3, 7)),
        (f"scenario: {CLASSIC}\nmoves: []\nseed: 0x{'f' * 840}\n", "a seed has at most", (3, 7)),
        (
            f"scenario: {CLASSIC}\nmoves: []\nchance: dice\n",
            "'chance' is 'seeded' or 'manual', not 'dice'",
            (3, 9),
        ),
        (
            f"scenario: {CLASSIC}\nmoves: []\nchance: seeded\n",
            "a record with 'chance: seeded' names its 'seed'",
            (3, 9),
        ),
    ],
)
def test_each_refusal_says_what_is_wrong_where(text, message, place):
    refused = _refusal(text)
    assert refused.message.startswith(message)
    assert (refused.location.line, refused.location.col) == place
    assert refused.location.file == "r.yaml"
    assert refused.ruling == ("P-C3" if "names its 'seed'" in message else None)


def test_a_seeded_record_names_a_seed_and_a_manual_one_need_not():
    assert _parse(_record(head="chance: seeded\nseed: 3\n")).chance == movelog.SEEDED
    assert _parse(_record(head="chance: manual\n")).seed is None


def test_an_override_is_placed_at_its_item_in_the_set_list():
    refused = _refusal(_record(head="set:\n  - level=hard\n  - nokey\n"))
    assert refused.message == "--set takes KEY=VALUE, not 'nokey'"
    assert refused.location == Location("r.yaml", 5, 5)


def test_a_scenario_file_beside_the_record_wins_over_a_shipped_name(tmp_path):
    (tmp_path / "sliding-bears").mkdir()
    (tmp_path / "sliding-bears" / "classic").write_text(SCENARIO + "title: Mine\n")
    assert _parse(_record(), tmp_path, str(tmp_path / "r.yaml")).scenario.title == "Mine"
    assert _parse(_record(), tmp_path / "sliding-bears").scenario.title == "Classic floe"


def test_a_scenario_named_from_stdin_is_read_from_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "s.yaml").write_text(SCENARIO + "title: Here\n")
    monkeypatch.chdir(tmp_path)
    text = "scenario: s.yaml\nmoves: []\n"
    assert movelog.parse(yamlsrc.loads(text, "<stdin>", tmp_path)).scenario.title == "Here"


def test_from_stdin_a_file_in_the_working_folder_wins_over_a_shipped_name(tmp_path, monkeypatch):
    (tmp_path / "sliding-bears").mkdir()
    (tmp_path / "sliding-bears" / "classic").write_text(SCENARIO + "title: Mine\n")
    text = f"scenario: {CLASSIC}\nmoves: []\n"
    monkeypatch.chdir(tmp_path)
    assert movelog.parse(yamlsrc.loads(text, "<stdin>", tmp_path)).scenario.title == "Mine"
    monkeypatch.chdir(tmp_path / "sliding-bears")
    assert movelog.parse(yamlsrc.loads(text, "<stdin>", tmp_path)).scenario.title == "Classic floe"


def test_a_scenario_name_with_a_nul_is_no_file_and_no_shipped_name(tmp_path):
    refused = _refusal('scenario: "classic\\0"\nmoves: []\n', tmp_path)
    assert refused.message.startswith("scenario 'classic\\x00'")
    assert refused.location == Location("r.yaml", 1, 11)


def test_a_missing_scenario_file_is_refused_at_its_key_with_a_shipped_hint(tmp_path):
    refused = _refusal("scenario: sliding-bears/clasic\nmoves: []\n", tmp_path)
    assert refused.message.startswith("scenario 'sliding-bears/clasic': no such file")
    assert "sliding-bears/classic" in refused.message  # the shipped name it was near
    assert refused.location == Location("r.yaml", 1, 11)
    plain = _refusal("scenario: nowhere.yaml\nmoves: []\n", tmp_path)
    assert plain.message == "scenario 'nowhere.yaml': no such file"


def test_an_inline_scenario_takes_the_records_overrides():
    inline = "".join(f"  {line}\n" for line in SCENARIO.splitlines())
    log = _parse(f"scenario:\n{inline}set: [level=hard]\nmoves: []\n")
    assert log.scenario.game.config_dict(log.scenario.config)["level"] == "hard"
    assert log.scenario_at == Location("r.yaml", 2, 3)


def test_an_override_of_an_inline_scenario_is_placed_at_its_item():
    inline = "".join(f"  {line}\n" for line in SCENARIO.splitlines())
    refused = _refusal(f"scenario:\n{inline}set:\n  - level=hard\n  - level=medium\nmoves: []\n")
    assert "level" in refused.message and "medium" in refused.message
    assert refused.location == Location("r.yaml", 2 + len(SCENARIO.splitlines()) + 2, 5)


def test_a_step_after_the_end_says_when_the_game_ended():
    log = movelog.load(RECORD)
    text = RECORD.read_text() + "- pass\n"
    with pytest.raises(BearError) as refused:
        movelog.replay(_parse(text, RECORD.parent))
    ended = f"the game already ended at move {len(log.moves)} (all-bears-across)"
    assert ended in refused.value.message
    assert refused.value.location.line == len(text.splitlines())


def _three(*moves: str) -> movelog.MoveLog:
    listed = "".join(f"  - '{m}'\n" for m in (*THREE, *moves))
    return _parse(f"game: bear-down\nscenario: bear-down/three-players\nmoves:\n{listed}")


def test_a_refused_step_that_names_its_seat_is_not_said_to_be_in_the_wrong_order():
    with pytest.raises(BearError) as unnamed:
        movelog.replay(_three("boulder"))
    assert "are two seats' steps in the wrong order?" in unnamed.value.message
    with pytest.raises(BearError) as named:
        movelog.replay(_three("seat2 boulder"))
    assert named.value.message == (
        "illegal step 'seat2 boulder': Florian's bear already stands on boulder; a move names a"
        " different place"
    )
    assert named.value.ruling == "BD8"


def test_a_whole_replay_reaches_the_recorded_end_and_checks_its_result():
    log = movelog.load(RECORD)
    match = movelog.replay(log)
    assert len(match.steps) == len(log.moves) and match.outcome.to_dict() == log.result


def test_seen_is_shown_every_position_and_the_given_generator_is_advanced():
    log = movelog.load(RECORD)
    seen: list[tuple[int, int]] = []
    rng = chance_rng(log.seed)
    match = movelog.replay(log, upto=3, rng=rng, seen=lambda n, m: seen.append((n, len(m.steps))))
    assert seen == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert len(match.steps) == 3 and match.outcome is None  # part of a record: no result check
    fresh = chance_rng(log.seed)
    movelog.replay(log, upto=3, rng=fresh)
    assert rng.below(1 << 30) == fresh.below(1 << 30)  # both rolled on from the same place


def test_a_changed_chance_step_in_a_seeded_record_is_refused_at_its_line():
    moves = ["remove d3", "roll pink crack"]
    text = _record(*moves, head="chance: seeded\nseed: 7\n")
    log = _parse(text)
    with pytest.raises(CheckFailed) as refused:
        movelog.replay(log)
    drawn = "roll yellow crack"  # what seed 7 draws after `remove d3`
    assert refused.value.message == (
        f"chance step 'roll pink crack' is not what seed 7 draws here ({drawn}): the record "
        "was changed after it was played, or its chance was typed in (then say 'chance: manual')"
    )
    assert refused.value.ruling == "P-C3" and refused.value.location == Location("r.yaml", 7, 5)
    assert refused.value.details[0] == "at move 2; the position was:"
    assert refused.value.details[-1].startswith("legal: roll ")
    assert len(movelog.replay(_parse(_record(*moves, head="chance: manual\n"))).steps) == 2
    kept = _parse(_record("remove d3", drawn, head="chance: seeded\nseed: 7\n"))
    assert len(movelog.replay(kept).steps) == 2


def test_an_illegal_move_is_refused_at_its_line_with_the_position_before_it():
    log = _parse(_record("remove d3", "roll yellow crack", "remove d3"))
    with pytest.raises(BearError) as refused:
        movelog.replay(log)
    assert refused.value.location == Location("r.yaml", 6, 5)
    assert refused.value.details[0] == "at move 3; the position was:"
    game, state = log.scenario.game, movelog.replay(log, upto=2).state
    assert refused.value.details == movelog.position_lines(game, state, 3)


def test_position_lines_show_the_board_indented_and_what_was_legal():
    log = _parse(_record())
    game, state = log.scenario.game, movelog.replay(log).state
    lines = movelog.position_lines(game, state, 1)
    assert lines[0] == "at move 1; the position was:"
    assert lines[1:-1] == tuple("  " + ln for ln in game.describe(state).splitlines())
    assert lines[-1] == f"legal: {game.options_text(state)}"


def test_strict_seats_reports_every_unnamed_decision_and_then_the_refusal():
    moves = ("remove d3", "roll yellow crack", "seat1 crack a1")
    assert len(movelog.replay(_parse(_record(*moves))).steps) == 3
    with pytest.raises(ErrorList) as refused:
        movelog.replay(_parse(_record(*moves, "bogus")), strict_seats=True)
    places = [e.location.line for e in refused.value.errors]
    assert places == [4, 7]  # the unnamed `remove d3`, then the malformed last move
    assert refused.value.details[0] == "at move 4; the position was:"
    with pytest.raises(BearError) as first:
        movelog.replay(_parse(_record("bogus")), strict_seats=True)
    assert not isinstance(first.value, ErrorList) and first.value.location.line == 4
    with pytest.raises(BearError) as named_only:
        movelog.replay(_parse(_record(*moves)), strict_seats=True)
    assert named_only.value.location == Location("r.yaml", 4, 5)


@pytest.mark.parametrize(
    ("result", "shown"),
    [
        ("{termination: all-bears-across}", None),  # a part of the outcome is enough
        ("{termination: all-bears-across, winners: [1, 2]}", None),
        (
            "{termination: all-bears-across, winners: [1]}",
            "{termination: all-bears-across, winners: [1]}",
        ),
        # a key the outcome lacks; keys shown sorted
        (
            "{termination: all-bears-across, rounds: 3}",
            "{rounds: 3, termination: all-bears-across}",
        ),
        ("{}", None),
        ("unfinished", "unfinished"),
        ("all-bears-across...", "all-bears-across..."),  # its own dots kept
        ("[all-bears-across]", "[all-bears-across]"),
    ],
)
def test_the_expected_result_is_a_part_of_the_outcome(result, shown):
    passes = shown is None
    text = re.sub(r"\nresult:\n(  .*\n)+", f"\nresult: {result}\n", RECORD.read_text())
    assert f"\nresult: {result}\nmoves:\n" in text
    log = movelog.parse(yamlsrc.loads(text, "r.yaml", RECORD.parent))
    if passes:
        movelog.replay(log)
        return
    with pytest.raises(CheckFailed) as refused:
        movelog.replay(log)
    assert refused.value.message == (
        f"expected result {shown} but the moves give "
        "{termination: all-bears-across, winners: [1, 2]}"
    )
    assert refused.value.location == log.result_at
    assert movelog.replay(log, upto=len(log.moves) - 1).outcome is None  # not checked
    with pytest.raises(CheckFailed):  # all the moves, counted: a whole replay, checked
        movelog.replay(log, upto=len(log.moves))


def test_an_unfinished_game_matches_only_an_unfinished_result():
    movelog.replay(_parse(_record("remove d3", head="result: unfinished\n")))
    with pytest.raises(CheckFailed) as refused:
        movelog.replay(_parse(_record("remove d3", head="result: {winners: [1]}\n")))
    assert refused.value.message == "expected result {winners: [1]} but the moves give unfinished"
    assert refused.value.location == Location("r.yaml", 3, 9)


def test_flow_prints_a_value_on_one_line_without_yamls_end_marker():
    assert movelog._flow({"winners": [1], "termination": "x"}) == "{termination: x, winners: [1]}"
    assert movelog._flow("unfinished") == "unfinished"
    assert movelog._flow(None) == "null"
    assert movelog._flow(3) == "3"
    assert movelog._flow("wait...") == "wait..."  # only YAML's own end marker goes
    assert movelog._flow("...") == "'...'"


def test_dumps_writes_the_keys_in_a_fixed_order_and_leaves_out_what_is_none():
    text = movelog.dumps(
        "sliding-bears",
        {"game": "sliding-bears", "layout": "finish: p\nstart: p\n", "title": "Zoë"},
        ["remove d3", "roll yellow crack"],
        seed=7,
        result={"termination": "lost"},
        overrides=("level=hard",),
        chance=movelog.SEEDED,
        scenario_file="s.yaml",
    )
    keys = [ln.split(":")[0] for ln in text.splitlines() if ln[:1].isalpha()]
    assert keys == [
        "format",
        "game",
        "chance",
        "seed",
        "result",
        "scenario_file",
        "set",
        "scenario",
        "moves",
    ]
    assert "  layout: |\n    finish: p\n    start: p\n" in text  # a block, not "\n" escapes
    assert "Zoë" in text and "- remove d3\n- roll yellow crack\n" in text
    assert yaml.safe_load(text)["scenario"]["layout"] == "finish: p\nstart: p\n"
    bare = movelog.dumps("bear-down", "s.yaml", [], seed=None, result=None)
    assert bare == "format: bearcli-moves/1\ngame: bear-down\nscenario: s.yaml\nmoves: []\n"


def test_a_long_move_line_is_written_on_one_line():
    long = "x" * 200 + " y"
    text = movelog.dumps("sliding-bears", "s.yaml", [long], seed=None, result=None)
    assert f"- {long}\n" in text


def test_dumps_folds_a_long_text_at_a_thousand_columns_and_it_reads_back_whole():
    title = "a " * 1000
    text = movelog.dumps("sliding-bears", {"title": title}, [], seed=None, result=None)
    assert max(map(len, text.splitlines())) == 1001
    assert yaml.safe_load(text)["scenario"]["title"] == title


def test_a_dumped_record_parses_back_to_the_same_record(tmp_path):
    log = movelog.load(RECORD)
    scenario = yaml.safe_load(RECORD.read_text())["scenario"]
    text = movelog.dumps(
        "sliding-bears",
        scenario,
        [m for m, _ in log.moves],
        seed=log.seed,
        result=log.result,
        chance=log.chance,
    )
    again = movelog.parse(yamlsrc.loads(text, "again.yaml", tmp_path))
    assert [m for m, _ in again.moves] == [m for m, _ in log.moves]
    assert (again.seed, again.result, again.chance) == (log.seed, log.result, log.chance)
    assert again.scenario.fingerprint == log.scenario.fingerprint
    assert movelog.replay(again).outcome == movelog.replay(log).outcome


def test_a_record_of_another_kind_is_refused_naming_its_kind():
    scen = ROOT / "scenarios" / "sliding-bears" / "classic.yaml"
    with pytest.raises(BearError) as refused:
        movelog.load(scen)
    assert refused.value.message.startswith("this is a scenario, not a move log")
