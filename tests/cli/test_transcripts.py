"""Hand transcripts: the common slips named for what they are (P-C8), files of the wrong kind
named as what they are, shipped scenario names wherever a scenario or record is taken."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

R = ROOT / "replays"
# One real record of each game, its moves cut after `keep` lines; `missing` is the index of a
# chance step in them that the slip forgets, the seat form of the decision after it, and
# what the error says whose the roll is.
GAMES = {
    "sliding-bears": (
        R / "sliding-bears/rulings-tour.yaml",
        4,
        "seat2 jump pink start",
        "Ben's roll",
        "[SB3]",
    ),
    "bear-down": (
        R / "bear-down/water-ends-2p.yaml",
        3,
        "seat2 boulder",
        "Helena's roll",
        "[BD11]",
    ),
    "baerenspiel": (
        R / "baerenspiel/escort-example.yaml",
        0,
        "seat1 search a5",
        "Uwe's roll",
        "[BS4]",
    ),
}


def _split(path):
    """The record's head without its expected result (cut records end early), and its moves."""
    head, moves = path.read_text().split("moves:\n", 1)
    head = "".join(ln for ln in head.splitlines(keepends=True) if not ln.startswith("result:"))
    return head, [ln for ln in moves.splitlines() if ln.startswith("  - ")]


def _write(tmp_path, name, head, lines):
    (tmp_path / name).write_text(head + "moves:\n" + "\n".join(lines) + "\n")
    return name


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seat_form", [False, True])
def test_p_c8_a_forgotten_roll_is_named_whose_and_how_written(cli, tmp_path, game, seat_form):
    record, missing, seated, whose, ruling = GAMES[game]
    head, lines = _split(record)
    kept = lines[: missing + 2]
    # Allowed: the record up to the decision after the roll replays.
    assert cli("replay", _write(tmp_path, "ok.yaml", head, kept)).code == 0
    # Refused: the roll forgotten, the next decision written with or without its seat.
    slip = kept[:missing] + ["  - " + (seated if seat_form else seated.split(" ", 1)[1])]
    ran = cli("replay", _write(tmp_path, "slip.yaml", head, slip))
    assert ran.code == 1
    first = ran.err.splitlines()[0]
    assert f"{whose} is missing before this step" in first, first
    assert "write it on its own line first, with no seat, as `roll " in first
    assert first.endswith(ruling)
    assert "names no seat: write it without" not in ran.err  # never the misleading advice


def test_p_c8_a_forgotten_card_is_named_too(cli, tmp_path):
    head, lines = _split(R / "baerenspiel/escort-example.yaml")
    slip = lines[:2] + ["  - chain b5"]  # `a5 is path` forgotten
    ran = cli("replay", _write(tmp_path, "card.yaml", head, slip))
    first = ran.err.splitlines()[0]
    assert "Uwe's card turned up is missing" in first and "`a5 is path" in first


@pytest.mark.parametrize(
    ("game", "index", "too_many", "ruling"),
    [
        ("sliding-bears", 1, "roll pink crack wind", "[C2]"),
        ("bear-down", 0, "roll blue:W green:S1 yellow:S2 red:W", "[BD1]"),
        ("baerenspiel", 0, "roll bear paw tree tree", "[C2]"),
    ],
)
def test_p_c8_a_die_too_many(cli, tmp_path, game, index, too_many, ruling):
    head, lines = _split(GAMES[game][0])
    assert cli("replay", _write(tmp_path, "ok.yaml", head, lines[: index + 1])).code == 0
    slip = lines[:index] + [f"  - {too_many}"]
    ran = cli("replay", _write(tmp_path, "dice.yaml", head, slip))
    first = ran.err.splitlines()[0]
    assert "a die too many: this roll has" in first and first.endswith(ruling), first
    few = too_many.rsplit(" ", 2)[0]  # two faces fewer: a die too few
    ran = cli("replay", _write(tmp_path, "few.yaml", head, lines[:index] + [f"  - {few}"]))
    assert "a die too few" in ran.err.splitlines()[0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_p_c8_a_step_after_the_end(cli, tmp_path, game):
    record = {
        "sliding-bears": R / "sliding-bears/rulings-tour.yaml",
        "bear-down": R / "bear-down/water-ends-2p.yaml",
        "baerenspiel": R / "baerenspiel/escort-example.yaml",
    }[game]
    head, lines = _split(record)
    assert cli("replay", _write(tmp_path, "ok.yaml", head, lines)).code == 0
    ran = cli("replay", _write(tmp_path, "late.yaml", head, [*lines, lines[-1]]))
    first = ran.err.splitlines()[0]
    assert f"the game already ended at move {len(lines)} (" in first, first


def test_p_c6_a_step_for_the_wrong_seat_is_still_named(cli, tmp_path):
    head, lines = _split(R / "bear-down/water-ends-2p.yaml")
    assert lines[1:3] == ["  - green3", "  - yellow3"]
    swapped = [lines[0], "  - seat2 yellow3", "  - seat1 green3"]
    ran = cli("replay", _write(tmp_path, "seat.yaml", head, swapped))
    assert "it is Emma's turn, not Helena's" in ran.err.splitlines()[0]
    right = [lines[0], "  - seat1 green3", "  - seat2 yellow3"]
    assert cli("replay", _write(tmp_path, "right.yaml", head, right)).code == 0


@pytest.mark.parametrize(
    ("command", "path", "said"),
    [
        (
            "replay",
            "scenarios/sliding-bears/classic.layout",
            "this is a Sliding Bears layout, not a move log: `bearcli play`",
        ),
        (
            "replay",
            "scenarios/bear-down/two-players.yaml",
            "this is a scenario, not a move log: `bearcli play`",
        ),
        (
            "replay",
            "replays/bear-down/water-ends-2p.events.jsonl",
            "this is an event log, not a move log: `bearcli replay RECORD --check FILE`",
        ),
        ("validate", "replays/bear-down/water-ends-2p.events.jsonl", "this is an event log"),
        (
            "simulate",
            "replays/bear-down/water-ends-2p.yaml",
            "this is a move log (a game record), not a scenario or a Sliding Bears layout: "
            "`bearcli replay`",
        ),
        ("solve", "replays/sliding-bears/rulings-tour.yaml", "this is a move log"),
        ("play", "replays/bear-down/water-ends-2p.events.jsonl", "this is an event log"),
    ],
)
def test_a_file_of_the_wrong_kind_is_named_as_what_it_is(cli, command, path, said):
    ran = cli(command, str(ROOT / path))
    assert ran.code == 1
    assert ran.err.splitlines()[0] == f"{ROOT / path}:1:1: error: {said}" or said in ran.err
    assert ran.err.startswith(f"{ROOT / path}:1:1: error: {said}")


def test_the_right_kind_still_passes(cli):
    assert cli("replay", str(R / "bear-down/water-ends-2p.yaml")).code == 0
    assert cli("validate", str(ROOT / "scenarios/sliding-bears/classic.layout")).code == 0


RECORD = """\
format: bearcli-moves/1
game: sliding-bears
chance: manual
scenario: sliding-bears/classic
moves:
  - seat1 remove b5
  - roll pink crack
"""


def test_a_record_may_name_a_shipped_scenario_and_a_file_of_that_name_wins(cli, tmp_path):
    (tmp_path / "r.yaml").write_text(RECORD)
    ran = cli("replay", "r.yaml")
    assert ran.code == 0 and "2 moves replayed" in ran.out
    assert cli("validate", "r.yaml").code == 0
    # A file beside the record with the same name wins (this one is refused, at its line).
    (tmp_path / "sliding-bears").mkdir()
    (tmp_path / "sliding-bears/classic").write_text("game: sliding-bears\nseats: [nobody]\n")
    ran = cli("replay", "r.yaml")
    assert ran.code == 1
    assert ran.err.startswith("sliding-bears/classic:2:9: error: unknown bot 'nobody'")


def test_an_unknown_name_suggests_the_closest_shipped_ones(cli, tmp_path):
    for args in (
        ("simulate", "classic"),
        ("simulate", "sliding-bears/clasic"),
        ("play", "clasic"),
        ("validate", "classic"),
        ("solve", "clasic"),
    ):
        ran = cli(*args)
        assert ran.code == 1, args
        assert ran.err.startswith(
            f"{args[1]}:1:1: error: no such file; did you mean the shipped "
            "scenario sliding-bears/classic"
        ), ran.err
    (tmp_path / "r.yaml").write_text(RECORD.replace("sliding-bears/classic", "classic"))
    ran = cli("replay", "r.yaml")
    assert "did you mean the shipped scenario sliding-bears/classic" in ran.err
    # Nothing close: the plain message.
    assert cli("simulate", "zzzz.yaml").err.startswith("zzzz.yaml:1:1: error: no such file\n")
    # Shipped names are taken by validate and replay too.
    assert cli("validate", "sliding-bears/classic").code == 0
    ran = cli("replay", "bear-down/two-players")
    assert "this is a scenario, not a move log" in ran.err


def test_a_seat_written_as_a_name_says_how_a_person_is_written(cli, tmp_path):
    (tmp_path / "s.yaml").write_text("game: bear-down\nseats: [Mia, Tom]\n")
    ran = cli("validate", "s.yaml")
    assert "unknown bot 'Mia'" in ran.err and "{name: Mia, bot: human}" in ran.err
