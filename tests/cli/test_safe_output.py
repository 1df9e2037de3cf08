"""Nothing raw on the terminal: a title, a seat name or a file name holding escape sequences
or bidi characters is printed escaped by every command, in every part of its output; the SVG
is well-formed XML whatever the title."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from bearcli.cli.console import make
from tests.conftest import ROOT

TITLE = "T\\e]0;PWNED\\a\\e[2J\\u009b31m\\u202eX\\e]8;;http://x\\e\\\\link\\e]8;;\\e\\\\ & <b>"
SEAT = "A\\e[31mna\\u202e"
SCENARIO = f"""\
format: bearcli-scenario/1
game: sliding-bears
title: "{TITLE}"
seed: 1
seats:
  - {{name: "{SEAT}", bot: greedy}}
  - {{name: Ben, bot: greedy}}
level: normal
variant: classic
layout: classic.layout
"""
# Anything a terminal acts on: C0 but newline and tab, DEL, C1, bidi formatting.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def hostile(tmp_path):
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.layout", tmp_path)
    (tmp_path / "h.yaml").write_text(SCENARIO)
    return tmp_path / "h.yaml"


COMMANDS = {
    "simulate": ["simulate", "h.yaml", "-n", "3"],
    "simulate --json": ["simulate", "h.yaml", "-n", "3", "--json"],
    "play": ["play", "h.yaml", "--seed", "3", "--save", "p.yaml"],
    "layout show": ["layout", "show", "h.yaml"],
    "layout check": ["layout", "check", "h.yaml"],
    "validate": ["validate", "h.yaml"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_no_command_prints_a_control_character_from_a_file(cli, hostile, command):
    ran = cli(*COMMANDS[command], input="")
    assert ran.code in (0, 130), ran.err
    assert not RAW.search(ran.out + ran.err), (ran.out + ran.err)[:500]
    if command in ("simulate", "play"):  # the text is still there, escaped
        assert "\\x1b]0;PWNED" in ran.out and "\\u202eX" in ran.out
    if command == "play":
        assert "A\\x1b[31mna\\u202e" in ran.out  # the seat, in narration and status lines


def test_a_file_name_with_escapes_and_a_newline_stays_one_escaped_line(cli, tmp_path):
    name = "bad\x1b[2J\nname\u202e.yaml"
    (tmp_path / name).write_text("x")
    ran = cli("validate", name)
    assert ran.code == 1
    first = ran.err.splitlines()[0]
    assert first == "bad\\x1b[2J\\x0aname\\u202e.yaml:1:1: error: " + first.split(": error: ")[1]
    assert not RAW.search(ran.out + ran.err)


def test_a_long_step_is_not_echoed_whole(cli, tmp_path):
    record = (ROOT / "replays/sliding-bears/rulings-tour.yaml").read_text()
    long = "remove " + "z" * 500_000
    (tmp_path / "r.yaml").write_text(record.replace("  - remove e1", f"  - {long}", 1))
    ran = cli("replay", "r.yaml")
    assert ran.code == 1
    assert len(ran.err.splitlines()[0]) < 400 and "(500,007 characters)" in ran.err


def test_the_svg_is_well_formed_whatever_the_title(cli, hostile):
    assert cli("layout", "render", "h.yaml", "--svg", "o.svg").code == 0
    root = ET.parse("o.svg").getroot()
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t.startswith("T\\x1b]0;PWNED") and t.endswith(" & <b>") for t in texts), texts
    for title in ("a\x00b\x1b\x0c", "new\nline", "<![CDATA[ ]]> & </svg>"):
        ran = cli("layout", "render", "h.yaml", "--svg", "o.svg", "--title", title, "--force")
        assert ran.code == 0, ran.err
        ET.parse("o.svg")  # raises if not well-formed


def test_the_console_escapes_text_but_keeps_its_own_colours():
    out = io.StringIO()
    console = make(file=out, force_terminal=True, color_system="standard", width=100)
    console.print("[red]red[/red] \x1b]0;PWNED\x07 \u202e", highlight=False)
    shown = out.getvalue()
    assert "\x1b[31m" in shown  # rich's own colour code, at a terminal
    assert "\\x1b]0;PWNED" in shown and "\\u202e" in shown
    assert "\x1b]0" not in shown and "\u202e" not in shown


def test_a_real_run_prints_nothing_raw(hostile):
    """The consoles bearcli makes itself (not the tests'), in a process of its own."""
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "simulate", "h.yaml", "-n", "2"],
        cwd=hostile.parent,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert "\\x1b]0;PWNED" in ran.stdout
    assert not RAW.search(ran.stdout + ran.stderr)
