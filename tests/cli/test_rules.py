"""`bearcli rules [ID]`: the text of the rulings every refusal cites."""

from __future__ import annotations

from bearcli.cli.exit_codes import Exit
from bearcli.formats import rulings

# Built, not written out: tests/test_rulings_text.py checks every id written in the repository.
UNKNOWN = "SB" + "99"


def test_list_shows_every_id_and_title_grouped_by_game(cli):
    ran = cli("rules")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    known = rulings.load()
    assert len(known) >= 70
    listed = [line.split(None, 1) for line in lines if line.startswith("  ")]
    assert [parts[0] for parts in listed] == list(known)  # every id once, in document order
    assert dict(listed)["SB4"] == "Jump (optional)"
    headings = [line for line in lines if line and not line.startswith(" ")]
    assert headings == ["Common", "Bear Down!", "Bärenspiel", "Sliding Bears"]
    # each id sits under its own game's heading
    assert (
        lines.index("Bear Down!")
        < lines.index("  BD8     A bear's move")
        < lines.index("Bärenspiel")
    )


def test_one_ruling_prints_its_title_then_its_text(cli):
    ran = cli("rules", "SB4")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert lines[0] == "SB4 Jump (optional)"
    body = " ".join(lines[1:])
    assert body == rulings.get("SB4").text
    assert "free ice tile" in body and "another colour" in body
    assert all(len(line) <= 88 for line in lines)
    assert "**" not in ran.out


def test_ids_are_case_insensitive(cli):
    assert cli("rules", "sb4").out == cli("rules", "SB4").out
    ran = cli("rules", "p-bd6")
    assert ran.code == 0 and ran.out.startswith("P-BD6 The ruling a refused move names\n")


def test_a_project_ruling_keeps_its_paragraph_whole(cli):
    text = " ".join(cli("rules", "P-SB3").out.splitlines()[1:])
    assert text.startswith("The set-up removal (SB2) is made by seat 1")
    assert text.endswith("in which case it is part of the set-up.")


def test_an_unknown_id_is_a_usage_error_naming_it_and_the_known_ones(cli):
    ran = cli("rules", UNKNOWN)
    assert ran.code == Exit.USAGE  # a bad argument, as a bad option value is
    assert ran.out == ""
    assert f"Invalid value for 'ID': unknown ruling '{UNKNOWN}' (known: C1..C3, " in ran.err
    assert "SB1..SB9" in ran.err and "P-BS1..P-BS12" in ran.err
    assert "Traceback" not in ran.err


def test_help_gives_an_example(cli):
    ran = cli("rules", "--help")
    assert ran.code == 0
    assert "bearcli rules SB4" in ran.out


def test_an_unknown_id_is_echoed_short_and_escaped(cli):
    ran = cli("rules", "\x1b]0;PWNED\x07" + "X" * 10_000)
    assert ran.code == Exit.USAGE
    assert "\x1b" not in ran.err and "\x07" not in ran.err
    assert "unknown ruling '\\x1b]0;PWNED\\x07XXXXXXXXXX... (10,010 characters)'" in ran.err
    assert len(ran.err) < 1000
