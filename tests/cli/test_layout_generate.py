"""`bearcli layout generate`: floes at a target difficulty, clean, rated honestly, repeatable."""

from __future__ import annotations

import json
import re

from bearcli.games.sliding_bears.generate import Request, fresh
from bearcli.games.sliding_bears.layout import parse

# greedy and 50 games a rating keep the test quick; the planner is the command's default.
QUICK = ("--bot", "greedy", "-n", "50", "--seed", "3")


def _rating(text: str) -> tuple[float, int]:
    found = re.search(r"greedy wins ([\d.]+)% \(.*\) of (\d+) games", text)
    return float(found.group(1)) / 100, int(found.group(2))


def test_a_generated_floe_is_clean_on_target_and_its_rating_is_what_simulate_measures(cli):
    ran = cli("layout", "generate", "5x4", "--target", "0.5", *QUICK, "--out", "gen.layout")
    assert ran.code == 0, ran.err
    text = (cli.cwd / "gen.layout").read_text()
    rate, games = _rating(text)
    assert abs(rate - 0.5) <= 0.05 and games == 50
    assert f"{rate:.1%}" in ran.out and "wrote gen.layout" in ran.out
    lay = parse(text, "gen.layout")
    assert (lay.width, lay.height) == (5, 4)
    checked = cli("layout", "check", "gen.layout")
    assert (checked.code, checked.err) == (0, "") and "ok (0 warnings)" in checked.out
    # The rating is the file's own scenario played by greedy with the batch seed.
    sim = cli("simulate", "gen.layout", "--bot", "greedy", "-n", "50", "--seed", "3", "--json")
    assert json.loads(sim.out)["wins"] == round(rate * games)


def test_the_same_arguments_give_the_same_floes_on_any_workers(cli):
    one = cli("layout", "generate", "5x4", "--target", "0.3", *QUICK, "--count", "2")
    two = cli("layout", "generate", "5x4", "--target", "0.3", *QUICK, "--count", "2", "-j", "2")
    assert one.code == two.code == 0, one.err
    assert one.out == two.out
    floes = one.out.split("\n\n")
    assert len(floes) == 2 and floes[0].split("# It passes")[1] != floes[1].split("# It passes")[1]
    other = cli("layout", "generate", "5x4", "--target", "0.3", "--bot", "greedy", "-n", "50")
    assert other.out != one.out.split("\n\n")[0]  # another seed, another floe


def test_several_floes_go_to_numbered_files_never_over_existing_ones(cli):
    args = ("layout", "generate", "5x4", "--target", "0.5", *QUICK, "--count", "2")
    ran = cli(*args, "--out", "river.layout")
    assert ran.code == 0, ran.err
    assert sorted(p.name for p in cli.cwd.glob("*.layout")) == ["river-1.layout", "river-2.layout"]
    for n in (1, 2):
        assert f"(floe {n} of 2)" in (cli.cwd / f"river-{n}.layout").read_text()
    again = cli(*args, "--out", "river.layout")
    assert again.code == 1 and again.err.startswith("river-1.layout:1:1: error: file exists")
    assert cli(*args, "--out", "river.layout", "--force").code == 0


def test_a_target_out_of_reach_is_an_error_and_bad_arguments_are_usage_errors(cli):
    ran = cli("layout", "generate", "4x3", "--target", "1", *QUICK, "--tries", "2")
    assert ran.code == 1
    assert ran.err.startswith("--target:1:1: error: no floe within 5% of 100% was found in 2")
    assert cli("layout", "generate", "4x3", "--target", "1.5").code == 2
    small = cli("layout", "generate", "2x3", "--target", "0.5")
    assert small.code == 2
    assert small.err == "COLSxROWS:1:1: error: 2 columns: a floe has 3 to 12 columns [SB1]\n"
    assert cli("layout", "generate", "4x3", "--target", "0.5", "--level", "easy").code == 2


def test_a_fresh_floe_has_the_size_a_seal_and_four_bears():
    import random

    req = Request(6, 5, 0.5)
    rng = random.Random(1)
    for _ in range(20):
        lay = fresh(rng, req)
        assert len(lay.cells) == 30 and "S" in lay.cells
        assert len(lay.start) == len(lay.finish) == 4
        assert len(set(lay.start)) == len(set(lay.finish)) == 4  # wide enough: own columns
