"""`bearcli replay`: event logs out, checks, and illegal steps reported exactly."""

from __future__ import annotations

import json

from tests.conftest import ROOT

TOUR = str(ROOT / "replays/sliding-bears/rulings-tour.yaml")

RECORD = """\
format: bearcli-moves/1
game: sliding-bears
scenario:
  game: sliding-bears
  seats: [human]
  layout: |
    finish: p g b y
         3: I I I I
         2: I S I .
         1: I I R I
     start: p g b y
moves:
  - remove b2
  - roll blue crack
  - jump blue c1
"""


def test_events_to_stdout_are_canonical_json_lines(cli):
    ran = cli("replay", TOUR, "--events", "-")
    assert ran.code == 0
    lines = ran.out.splitlines()
    head = json.loads(lines[0])
    assert head["format"] == "bearcli-events/1" and head["game"] == "sliding-bears"
    assert head["scenario"].startswith("sha256:")
    for n, line in enumerate(lines[1:], start=1):
        obj = json.loads(line)
        assert obj["seq"] == n
        assert line == json.dumps(obj, sort_keys=True, separators=(",", ":"))
    assert json.loads(lines[-1])["type"] == "game-ended"
    assert "54 moves replayed" in ran.err


def test_events_file_is_written_once_and_checked(cli, tmp_path):
    assert cli("replay", TOUR, "--events", "out.jsonl").code == 0
    assert cli("replay", TOUR, "--check", "out.jsonl").code == 0
    ran = cli("replay", TOUR, "--events", "out.jsonl")
    assert ran.code == 1 and "file exists" in ran.err
    text = (tmp_path / "out.jsonl").read_text().splitlines()
    text[5] = text[5].replace('"seq":5', '"seq":55')
    (tmp_path / "bad.jsonl").write_text("\n".join(text) + "\n")
    ran = cli("replay", TOUR, "--check", "bad.jsonl")
    assert ran.code == 1
    assert ran.err.startswith("bad.jsonl:6:1: error: the replay's event log differs at line 6")


def test_illegal_step_names_file_line_column_ruling_board_and_options(cli, tmp_path):
    (tmp_path / "game.yaml").write_text(RECORD)
    ran = cli("replay", "game.yaml")
    assert ran.code == 1
    lines = ran.err.splitlines()
    assert lines[0] == (
        "game.yaml:15:5: error: illegal step 'jump blue c1': bears jump only "
        "onto ice; c1 is a rock [SB4]"
    )
    assert lines[1] == "at move 3; the position was:"
    assert "       1: I I R I" in lines and "   start: P G B Y" in lines
    assert lines[-1] == (
        "legal: crack a1, crack b1, crack d1, crack a2, crack c2, crack a3, "
        "crack b3, crack c3, crack d3, pass"
    )  # blue has nowhere to jump
    assert "Traceback" not in ran.err


def test_malformed_step_and_expected_result(cli, tmp_path):
    (tmp_path / "bad.yaml").write_text(RECORD.replace("jump blue c1", "hop blue c1"))
    ran = cli("replay", "bad.yaml")
    assert ran.code == 1
    assert ran.err.startswith("bad.yaml:15:5: error: malformed step 'hop blue c1': expected")
    (tmp_path / "res.yaml").write_text(
        RECORD.replace("  - jump blue c1\n", "") + "result: {termination: all-bears-across}\n"
    )
    ran = cli("replay", "res.yaml")
    assert ran.code == 1
    assert ran.err.startswith(
        "res.yaml:15:9: error: expected result "
        "{termination: all-bears-across} but the moves give unfinished"
    )


def test_broken_yaml_and_unknown_game(cli, tmp_path):
    (tmp_path / "broken.yaml").write_text("game: sliding-bears\nmoves: [a, b\n")
    ran = cli("replay", "broken.yaml")
    assert ran.code == 1 and ran.err.startswith("broken.yaml:3:1: error: invalid YAML")
    (tmp_path / "unknown.yaml").write_text(RECORD.replace("  game: sliding-bears", "  game: chess"))
    ran = cli("replay", "unknown.yaml")
    assert ran.code == 1
    assert ran.err.startswith("unknown.yaml:4:9: error: unknown game 'chess' (known: ")
    assert cli("replay", "missing.yaml").err.startswith("missing.yaml:1:1: error: no such file")


def test_a_competitive_result_shows_winners_and_scores(cli):
    ran = cli("replay", str(ROOT / "replays/bear-down/end-of-game-halves.yaml"))
    assert ran.code == 0
    assert ran.out.strip().endswith("result water-ran-out winners Helena scores 1, 3")


def test_upto_and_board_show_any_moment_of_a_game(cli):
    ran = cli("replay", TOUR, "--upto", "7", "--board")
    assert ran.code == 0
    lines = ran.out.splitlines()
    assert lines[0] == "finish: p g b y ."
    assert "     1: I I I ~ I" in lines  # d1 slid onto e1 at move 7
    assert lines[-2] == "turn 3: Ana to roll"
    assert lines[-1].endswith("7 moves replayed, 10 events, result unfinished")
    # a whole replay still checks the record's expected result
    assert cli("replay", TOUR, "--board").out.splitlines()[-2].startswith("game over after turn")


def test_narrate_tells_every_event_in_a_sentence_with_its_move(cli):
    record = ROOT / "replays/bear-down/blue-stream-fall.yaml"
    ran = cli("replay", str(record), "--narrate")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    events = (ROOT / "replays/bear-down/blue-stream-fall.events.jsonl").read_text().splitlines()
    assert len(lines) == len(events) - 1 + 1  # one per event, then the summary line
    assert (
        "   7  round 3, blue WWS: the tile on blue4 fell; Florian's bear fell with 4 salmon and "
        "goes back to the boulder, the salmon to the supply"
    ) in lines
    assert lines[0].startswith("   0  Bear Down! begins with 2 players")


def test_play_narrates_what_each_step_caused(cli, tmp_path):
    ran = cli(
        "play",
        str(ROOT / "scenarios/sliding-bears/classic.yaml"),
        "--set",
        "seats=[human]",
        "--seed",
        "1",  # the scenario's seed: play without --seed takes a fresh one (P-C5)
        "--save",
        "g.yaml",
        input="remove b5\n\nquit\n",  # Enter: seat 1 rolls
    )
    assert ran.code == 130
    assert "    set-up: the seal on b5 is taken off the floe before the first roll" in ran.out
    assert (
        "    turn 1: seat 1 rolled green/yellow on the bear die and crack on the weather die"
        in ran.out
    )


# -- whose turn it is (P-C6): issue 11, point 6 ----------------------------------------------

ROUND = """\
format: bearcli-moves/1
game: bear-down
chance: manual
scenario: {game: bear-down, seats: [human, human]}
moves:
  - roll blue:S1 green:S1 yellow:S1
  - seat1 green1
  - seat2 blue3
  - roll blue:S1 green:S2 yellow:S1
"""


def test_a_named_seat_is_checked_against_the_turn(cli, tmp_path):
    # Round 2: seat 2 is the first player. Naming it replays, as the plain form does.
    (tmp_path / "ok.yaml").write_text(ROUND + "  - seat2 blue4\n  - seat1 green2\n")
    ran = cli("replay", "ok.yaml", "--events", "-")
    (tmp_path / "plain.yaml").write_text(
        ROUND.replace("seat1 ", "").replace("seat2 ", "") + "  - blue4\n  - green2\n"
    )
    assert ran.code == 0 and ran.out == cli("replay", "plain.yaml", "--events", "-").out
    # Seat 1 named where it is seat 2's turn: refused at its line, saying whose turn it is
    # and that the step is legal for that seat.
    (tmp_path / "swapped.yaml").write_text(ROUND + "  - seat1 green2\n")
    ran = cli("replay", "swapped.yaml")
    assert ran.code == 1
    assert ran.err.splitlines()[0] == (
        "swapped.yaml:10:5: error: illegal step 'seat1 green2': it is seat 2's turn, not "
        "seat 1's; green2 is legal for seat 2 (seat2 green2) [P-C6]"
    )
    # The same form in a cooperative game: the seat is named and checked, then dropped.
    sliding = RECORD.replace("seats: [human]", "seats: [human, human]").replace(
        "  - jump blue c1\n", "  - seat1 crack a3\n  - roll pink crack\n  - seat1 crack a2\n"
    )
    (tmp_path / "sb.yaml").write_text(sliding)
    ran = cli("replay", "sb.yaml")
    assert ran.err.splitlines()[0] == (
        "sb.yaml:17:5: error: illegal step 'seat1 crack a2': it is seat 2's turn, not seat 1's; "
        "crack a2 is legal for seat 2 (seat2 crack a2) [P-C6]"
    )
    (tmp_path / "sb.yaml").write_text(sliding.replace("seat1 crack a2", "seat2 crack a2"))
    assert cli("replay", "sb.yaml").code == 0
    (tmp_path / "chance.yaml").write_text(
        ROUND.replace("  - roll blue:S1 green:S2", "  - seat2 roll blue:S1 green:S2")
    )
    ran = cli("replay", "chance.yaml")
    assert "a chance step names no seat" in ran.err and "[P-C6]" in ran.err


def test_a_step_refused_that_another_seat_could_make_says_whose_turn_it_is(cli, tmp_path):
    # Seat 1's move written first in round 2, where seat 2 moves first: yellow2 is out of
    # seat 2's reach but in seat 1's.
    (tmp_path / "order.yaml").write_text(ROUND + "  - yellow2\n")
    ran = cli("replay", "order.yaml")
    first = ran.err.splitlines()[0]
    assert first.startswith("order.yaml:10:5: error: illegal step 'yellow2': it is seat 2's turn")
    assert "[BD10]" in first  # why seat 2 cannot, as the rules said it
    assert first.endswith(
        "it would be legal for seat 1: are two seats' steps in the wrong order? "
        "(name the seat: seat1 yellow2) [P-C6]"
    )
    # A step no seat could make is refused as it always was.
    (tmp_path / "red.yaml").write_text(ROUND + "  - red1\n")
    first = cli("replay", "red.yaml").err.splitlines()[0]
    assert "turn" not in first and first.endswith("[BD1]")
