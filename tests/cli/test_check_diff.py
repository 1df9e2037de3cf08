"""What `check` shows of a failure must never hide a difference: a field that one side lacks
is named, and the position shown is the one before the step that produced the event."""

from __future__ import annotations

import json

from bearcli.formats import eventlog, movelog
from tests.golden_pair import EXPECTED, RECORD, edit_line


def test_a_key_only_the_expected_log_has_is_named(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(extra=7))
    ran = cli("check", str(pair))
    assert ran.code == 1
    assert "    extra: expected 7, got (absent)" in ran.out.splitlines()


def test_a_key_only_the_replay_has_is_named(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.pop("weather"))
    ran = cli("check", str(pair))
    assert ran.code == 1
    assert '    weather: expected (absent), got "crack"' in ran.out.splitlines()


def test_the_fields_of_a_difference_cover_both_sides():
    diff = eventlog.Difference(2, '{"a":1,"b":2}', '{"b":3,"c":4}')
    assert diff.fields() == [("a", 1, eventlog.ABSENT), ("b", 2, 3), ("c", eventlog.ABSENT, 4)]


def test_the_position_shown_is_the_one_before_the_differing_step(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    ran = cli("check", str(pair))
    assert ran.code == 1
    lines = ran.out.splitlines()
    shown = lines[lines.index("  the position before it:") + 1 : -1]
    step = json.loads(EXPECTED.read_text().splitlines()[3])["step"]
    log = movelog.load(RECORD)
    game = log.scenario.game

    def board(moves: int) -> list[str]:
        return ["    " + ln for ln in game.describe(movelog.replay(log, moves).state).splitlines()]

    assert board(step - 1) != board(step)  # the step changes what the board says
    assert shown == board(step - 1)
