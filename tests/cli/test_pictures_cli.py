"""`replay --svg`, `replay --html` and `check --html` (issue 25, points 2-4): what they write,
read back as data (XML, the page's embedded frames), never a pinned layout of the page."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

from junitparser import JUnitXml

from bearcli.core import registry
from bearcli.formats import movelog
from tests.conftest import ROOT

NS = "{http://www.w3.org/2000/svg}"
DISPUTED = ROOT / "docs/examples/disputed-game.yaml"
TOUR = ROOT / "replays/sliding-bears/rulings-tour.yaml"


def _squares(svg: str, kind: str) -> list[tuple[str, str]]:
    root = ET.fromstring(svg)
    return [
        (g.get("data-square"), g.get("data-label"))
        for g in root.iter(f"{NS}g")
        if g.get("data-kind") == kind
    ]


def _data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="walk-data">(.*?)</script>', page, re.S)
    assert found, "the page has no frames"
    return json.loads(found.group(1))


def _frame_svg(data: dict, n: int) -> str:
    return "\n".join(data["lines"][i] for i in data["frames"][n]["svg"])


def test_replay_svg_draws_the_position_after_move_n_and_the_last_by_default(cli):
    log = movelog.load(TOUR)
    for upto in (5, None):
        args = ["--upto", str(upto)] if upto is not None else []
        ran = cli("replay", str(TOUR), "--svg", "p.svg", "--force", *args)
        assert ran.code == 0, ran.err
        state = movelog.replay(log, upto).state
        expected = registry.get("sliding-bears").picture(
            state, f"{log.scenario.title}: after move {upto or len(log.moves)}"
        )
        assert (cli.cwd / "p.svg").read_text() == expected
    assert _squares((cli.cwd / "p.svg").read_text(), "bear")  # the bears are on it


def test_replay_svg_of_a_refused_record_is_the_position_before_the_refused_step(cli):
    ran = cli("replay", str(DISPUTED), "--svg", "d.svg")
    assert ran.code == 1 and "illegal step 'jump blue d3'" in ran.err  # the error, as before
    log = movelog.load(DISPUTED)
    before = movelog.replay(log, 5).state  # move 6 is refused
    drawn = _squares((cli.cwd / "d.svg").read_text(), "bear")
    bears = {label: square for square, label in drawn}
    assert bears["B"] == "d1"  # where move 5 left the blue bear; d3 (a seal) was refused
    assert bears == {
        label: square
        for square, label in _squares(registry.get("sliding-bears").picture(before), "bear")
    }


def test_replay_pictures_never_overwrite_without_force(cli):
    (cli.cwd / "p.svg").write_text("mine")
    (cli.cwd / "p.html").write_text("mine")
    for option, name in (("--svg", "p.svg"), ("--html", "p.html")):
        ran = cli("replay", str(TOUR), option, name)
        assert ran.code == 1 and ran.err.startswith(f"{name}:1:1: error: file exists")
        assert (cli.cwd / name).read_text() == "mine"
        assert cli("replay", str(TOUR), option, name, "--force").code == 0
        assert (cli.cwd / name).read_text() != "mine"
    assert sorted(p.name for p in cli.cwd.iterdir()) == ["p.html", "p.svg"]  # no temp file


def test_replay_html_steps_through_every_move_with_its_text_sentences_and_status(cli):
    ran = cli("replay", str(TOUR), "--html", "tour.html")
    assert ran.code == 0, ran.err
    page = (cli.cwd / "tour.html").read_text()
    data = _data(page)
    log = movelog.load(TOUR)
    assert len(data["frames"]) == len(log.moves) + 1  # the set-up and every move
    frame = data["frames"][12]
    assert frame["move"] == log.moves[11][0]
    assert frame["where"] == str(log.moves[11][1])
    told = cli("replay", str(TOUR), "--narrate").out
    sentences = [ln[6:] for ln in told.splitlines() if ln[:4].strip() == "12"]
    assert frame["sentences"] == sentences and sentences, told
    assert frame["status"]
    # Each frame's picture is the position after its move.
    after = movelog.replay(log, 12).state
    caption = f"{log.scenario.title}: after move 12"
    expected = registry.get("sliding-bears").picture(after, caption)
    assert _frame_svg(data, 12) == expected[expected.index("<svg") :].strip()
    # Without scripts: every move is an anchor #move-N in a list, and the final picture.
    for n in range(len(log.moves) + 1):
        assert f'<li id="move-{n}">' in page
    shown = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    assert shown.count("<svg") == 1  # the final picture; the frames live in the data
    assert "The final position" in page


def test_replay_html_is_self_contained(cli):
    assert cli("replay", str(TOUR), "--html", "t.html").code == 0
    page = (cli.cwd / "t.html").read_text()
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    # nothing fetched: no external script, style, font, image or link
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", page)
    assert not re.search(r"https?://(?!www\.w3\.org/)", page)  # only SVG's namespace names
    assert "@import" not in page and "url(" not in page


def test_replay_html_of_a_refused_record_ends_on_that_step_with_the_error(cli):
    ran = cli("replay", str(DISPUTED), "--html", "d.html")
    assert ran.code == 1
    page = (cli.cwd / "d.html").read_text()
    data = _data(page)
    assert data["refused"] is True
    last = data["frames"][-1]
    assert last["n"] == 6 and last["move"] == "jump blue d3"
    assert _frame_svg(data, 6) == _frame_svg(data, 5)  # the position before it
    assert "bears jump only onto ice; d3 is a seal [SB4]" in page
    assert "SB4 Jump (optional): A bear of a colour the bear die shows" in page  # the ruling
    assert "legal there: <code>jump blue c1, jump blue d2" in page
    assert '<li id="move-6">' in page


def test_a_long_game_page_shares_what_does_not_change(cli):
    ran = cli(
        "simulate", str(ROOT / "scenarios/baerenspiel/memo-forgetful-random.yaml"),
        "--games", "1", "--seed", "3", "--save-logs", "games",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    log = movelog.load(cli.cwd / "games/00001.yaml")
    assert len(log.moves) >= 300
    assert cli("replay", "games/00001.yaml", "--html", "long.html").code == 0
    size = (cli.cwd / "long.html").stat().st_size
    assert size < 1_500_000, size
    data = _data((cli.cwd / "long.html").read_text())
    assert len(data["frames"]) == len(log.moves) + 1


def test_check_html_shows_each_record_and_the_pictures_around_a_failure(cli, tmp_path):
    (tmp_path / "records").mkdir()
    shutil.copy(TOUR, tmp_path / "records/tour.yaml")
    expected = (ROOT / "replays/sliding-bears/rulings-tour.events.jsonl").read_text()
    (tmp_path / "records/tour.events.jsonl").write_text(
        expected.replace('"weather":"crack"', '"weather":"wind"', 1)
    )
    shutil.copy(ROOT / "replays/bear-down/blue-stream-fall.yaml", tmp_path / "records/bd.yaml")
    shutil.copy(
        ROOT / "replays/bear-down/blue-stream-fall.events.jsonl",
        tmp_path / "records/bd.events.jsonl",
    )
    ran = cli("check", "records/", "--html", "report.html", "--junit", "report.xml")
    assert ran.code == 1
    page = (cli.cwd / "report.html").read_text()
    assert "records/bd.yaml: ok" in page
    assert "records/tour.yaml: failed" in page
    assert 'weather: expected "wind", got "crack"' in page.replace("&quot;", '"')
    assert "produced by move 2 &#x27;roll pink crack&#x27;" in page
    assert "before move 2" in page and "after move 2" in page
    assert page.count("<svg") == 2
    log = movelog.load(TOUR)
    before, after = (movelog.replay(log, n).state for n in (1, 2))
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    draw = registry.get("sliding-bears").picture
    title = log.scenario.title
    first = draw(before, f"{title}: before move 2 'roll pink crack'")
    assert svgs[0] == first[first.index("<svg") :].strip()
    assert _squares(svgs[1], "bear") == _squares(draw(after), "bear")
    xml = JUnitXml.fromfile(str(cli.cwd / "report.xml"))
    texts = [r.text for suite in xml for case in suite for r in case.result]
    assert texts and all("the pictures of this failure: report.html" in t for t in texts)
    (cli.cwd / "report.html").write_text("an old report")
    again = cli("check", "records/", "--html", "report.html")  # a report: replaced each run
    assert again.code == 1 and (cli.cwd / "report.html").read_text() == page


def test_check_html_of_a_record_that_does_not_replay_shows_where_it_stopped(cli, tmp_path):
    shutil.copy(DISPUTED, tmp_path / "disputed.yaml")
    ran = cli("check", "disputed.yaml", "--html", "r.html")
    assert ran.code == 1
    page = (cli.cwd / "r.html").read_text()
    assert "the position before the refused step" in page
    assert "d3 is a seal [SB4]" in page and page.count("<svg") == 1


def test_layout_render_uses_the_same_drawing(cli):
    from bearcli.formats import scenario as scenario_fmt

    ran = cli(
        "layout", "render", str(ROOT / "scenarios/sliding-bears/classic.yaml"), "--svg", "c.svg"
    )
    assert ran.code == 0, ran.err
    scen = scenario_fmt.parse(scenario_fmt.read(ROOT / "scenarios/sliding-bears/classic.yaml"))
    state, _ = scen.game.initial_state(scen.config)
    drawn = registry.get("sliding-bears").picture(state, scen.title)
    assert (cli.cwd / "c.svg").read_text() == drawn


def test_a_memo_picture_shows_the_table_unless_show_memory(cli):
    memo = ROOT / "replays/baerenspiel/memo.yaml"
    kinds = {}
    for memory in (False, True):
        args = ["--show-memory"] if memory else []
        ran = cli("replay", str(memo), "--upto", "9", "--svg", "m.svg", "--force", *args)
        assert ran.code == 0, ran.err
        root = ET.fromstring((cli.cwd / "m.svg").read_text())
        kinds[memory] = [g.get("data-kind") for g in root.iter(f"{NS}g") if g.get("data-kind")]
    # the same cards; seen face-down ones are written on only with --show-memory
    assert len(kinds[False]) == len(kinds[True])
    assert "known" not in kinds[False] and "known" in kinds[True]
