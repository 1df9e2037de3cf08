"""The README's pictures and the example page (issue 25, point 8) are what the commands shown
beside them write today: each is regenerated here and compared byte for byte."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()
WRITES = re.findall(
    r"^(bearcli replay \S+(?: --upto \d+)? --(?:svg|html) docs/examples/\S+)$", README, re.M
)


def test_the_readme_shows_and_links_what_it_generates():
    outputs = [cmd.split()[-1] for cmd in WRITES]
    assert "docs/examples/disputed-game.html" in outputs
    assert {o for o in outputs if o.endswith(".svg")} >= {
        "docs/examples/bear-down.svg",
        "docs/examples/baerenspiel.svg",
    }
    for out in outputs:
        assert f"({out})" in README, f"{out} is generated but not shown or linked"


@pytest.mark.parametrize("command", WRITES, ids=lambda c: c.split()[-1].rsplit("/", 1)[-1])
def test_the_committed_file_is_what_the_command_writes(cli, monkeypatch, tmp_path, command):
    args = shlex.split(command)[1:]
    committed = ROOT / args[-1]
    args[-1] = str(tmp_path / ("fresh" + committed.suffix))
    monkeypatch.chdir(ROOT)  # the record's name in the page is as the README gives it
    ran = cli(*args)
    assert ran.code in (0, 1), ran.err  # the disputed game is refused at move 6: exit 1
    fresh = (tmp_path / ("fresh" + committed.suffix)).read_bytes()
    assert fresh == committed.read_bytes(), f"out of date: run `{command} --force`"
