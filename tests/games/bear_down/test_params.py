"""Scenario `params:` validation: each error names its ruling and points at the exact value."""

from __future__ import annotations

import pytest

from bearcli.core.errors import ScenarioError
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import yamlsrc

HEAD = """format: bearcli-scenario/1
game: bear-down
seats: [cautious, greedy, random]
params:
"""


def _load(params: str):
    return scenario_fmt.parse(yamlsrc.loads(HEAD + params, "p.yaml"))


def _error(params: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as exc:
        _load(params)
    return exc.value


def test_all_params_accepted():
    s = _load(
        "  die: [W, W, WWS, S1, S2, S3]\n"
        "  dice: {purple: [S1, S1, S1, S1, S1, S1]}\n"
        "  rocks: [red/blue 1, yellow/purple 4]\n"
        "  dropped_stream: red\n"
        "  water_supply: 5\n  rock_stack: 2\n  salmon_supply: 9\n"
    )
    cfg = s.config
    assert cfg.streams == ("blue", "green", "yellow", "purple")
    assert cfg.dice[0] == ("W", "W", "WWS", "S1", "S2", "S3")
    assert cfg.dice[3] == ("S1",) * 6
    assert cfg.rocks == (("red", "blue", 1), ("yellow", "purple", 4))
    assert (cfg.water_supply, cfg.rock_stack, cfg.salmon_supply) == (5, 2, 9)


def test_errors_point_at_the_value_and_name_the_ruling():
    # (params text, the text the error's line:col must point at, ruling, words of the message)
    cases = [
        ("  die: [W, WWS, S1, S2, S3]\n", "[W, WWS", "BD3", "six faces"),
        ("  die: [W, WWS, S1, S2, S3, S4]\n", "S4]", "BD3", "S4"),
        ("  dice: {purple: [W, W, W, W, W, W]}\n", "[W, W", "BD1", "not a stream in play"),
        ("  dice:\n    blue: [W, W, W, W, W, X]\n", "X]", "BD3", "'X'"),
        ("  rocks: [red/blue 2, blue/yellow 3]\n", "blue/yellow", "BD4", "neighbouring"),
        ("  rocks: [red/blue 5]\n", "red/blue 5", "BD4", "squares 1 to 4"),
        ("  rocks: [red/blue 2, red/blue 2]\n", "red/blue 2]", "BD4", "twice"),
        ("  rocks: [red-blue 2]\n", "red-blue", "BD4", "LEFT/RIGHT"),
        ("  rocks: [pink/blue 2]\n", "pink/blue", "BD4", "not a stream"),
        ("  dropped_stream: green\n", "green", "BD1", "outermost"),
        ("  rock_stack: 0\n", "0", "BD5", "at least 1"),
        ("  water_supply: -3\n", "-3", "BD13", "at least 0"),
        ("  salmon_supply: -1\n", "-1", "BD13", "at least 0"),
    ]
    for text, at, ruling, words in cases:
        err = _error(text)
        lines = (HEAD + text).splitlines()
        assert lines[err.location.line - 1][err.location.col - 1 :].startswith(at), (
            text,
            err.location,
        )
        assert err.ruling == ruling and words in err.message, (text, err.message)


def test_unknown_and_mistyped_params_are_refused():
    err = _error("  rocks_at: [red/blue 2]\n")
    assert "unknown key 'rocks_at'" in err.message and err.location.line == 5
    err = _error("  water_supply: lots\n")
    assert "must be int" in err.message and err.location.col == 17
    err = _error("  water_supply: true\n")
    assert "must be int" in err.message


def test_dropped_stream_needs_three_players():
    text = (
        HEAD.replace("[cautious, greedy, random]", "[cautious, greedy]") + "  dropped_stream: red\n"
    )
    with pytest.raises(ScenarioError) as exc:
        scenario_fmt.parse(yamlsrc.loads(text, "p.yaml"))
    assert exc.value.ruling == "BD1" and exc.value.location.line == 5


def test_pbd12_supplies_are_bounded_by_the_box():
    # Allowed: the most the box holds beside a 4-stream board (70 - 24 tiles, 53 - 8 salmon).
    cfg = _load("  water_supply: 36\n  rock_stack: 10\n  salmon_supply: 45\n").config
    assert (cfg.water_supply, cfg.rock_stack, cfg.salmon_supply) == (36, 10, 45)
    # Refused: one more of each, at the value, citing P-BD12.
    for text, at in (
        ("  water_supply: 100000000\n", "100000000"),
        ("  water_supply: 36\n  rock_stack: 11\n", "11"),
        ("  salmon_supply: 46\n", "46"),
    ):
        err = _error(text)
        lines = (HEAD + text).splitlines()
        assert lines[err.location.line - 1][err.location.col - 1 :].startswith(at), text
        assert err.ruling == "P-BD12" and "the box holds no more" in err.message
