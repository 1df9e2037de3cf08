"""The README's tour shows real output: the commands it quotes still print exactly that."""

from __future__ import annotations

import re

from bearcli.core import registry
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


def _block_after(command: str) -> list[str]:
    start = README.index(f"$ {command}\n") + len(command) + 3
    return README[start : README.index("```", start)].splitlines()


def test_disputed_game_error_is_as_shown(cli):
    shown = _block_after("bearcli replay docs/examples/disputed-game.yaml")
    ran = cli("replay", str(ROOT / "docs/examples/disputed-game.yaml"))
    actual = ran.err.replace(str(ROOT) + "/", "").splitlines()
    assert ran.code == 1
    assert actual[:-1] == shown[:-1]  # the README shortens the list of legal steps
    assert actual[-1].startswith(shown[-1].split(" ...")[0])


def test_demo_table_is_as_shown(cli):
    shown = _block_after(
        "bearcli simulate scenarios/sliding-bears/classic.yaml --games 200 --seed 1"
    )
    ran = cli(
        "simulate",
        str(ROOT / "scenarios/sliding-bears/classic.yaml"),
        "--games",
        "200",
        "--seed",
        "1",
    )
    assert ran.out.splitlines() == shown


def test_bear_down_table_is_as_shown(cli):
    shown = _block_after("bearcli simulate scenarios/bear-down/bots-4p.yaml --games 200 --rotate")
    ran = cli(
        "simulate", str(ROOT / "scenarios/bear-down/bots-4p.yaml"), "--games", "200", "--rotate"
    )
    assert ran.out.splitlines() == shown


def test_solve_output_is_as_shown(cli):
    shown = _block_after("bearcli solve scenarios/sliding-bears/small/single-file.yaml")
    ran = cli("solve", str(ROOT / "scenarios/sliding-bears/small/single-file.yaml"))
    assert ran.out.splitlines() == shown


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    nxt = text.find("\n## ", start + len(heading))
    return text[start : nxt if nxt != -1 else len(text)]


def test_every_step_shown_in_the_notation_tables_parses_back():
    notation = (ROOT / "docs/notation.md").read_text()
    sections = {
        "sliding-bears": ("## Sliding Bears", 1),  # the step is the table's first column
        "bear-down": ("## Bear Down! notation", 3),  # ... its third (example) column
        "baerenspiel": ("## Bärenspiel notation", 1),
    }
    for name, (heading, column) in sections.items():
        game = registry.get(name)
        shown = []
        for row in _section(notation, heading).splitlines():
            cells = row.split(" | ")
            if row.startswith("| ") and len(cells) > column and "`" in cells[column - 1]:
                shown += re.findall(r"`([^`]+)`", cells[column - 1])
        steps = [s for s in shown if "-" not in s or name == "bear-down"]  # event types have '-'
        assert len(steps) >= 5, name
        for text in steps:
            assert str(game.parse_step(text)) == text, (name, text)


def test_every_event_type_in_the_golden_logs_is_documented():
    import json

    docs = (ROOT / "docs/event-log.md").read_text() + (ROOT / "docs/notation.md").read_text()
    seen = set()
    for path in (ROOT / "replays").rglob("*.events.jsonl"):
        for line in path.read_text().splitlines()[1:]:
            seen.add(json.loads(line)["type"])
    assert len(seen) > 20
    missing = sorted(t for t in seen if f"`{t}`" not in docs)
    assert not missing, f"event types not described in docs/: {missing}"


def _ci_step() -> str:
    section = _section(README, "## CI")
    block = section[section.index("```yaml\n") + 8 :]
    block = block[: block.index("```")]
    (command,) = [ln.split("run:", 1)[1].strip() for ln in block.splitlines() if "run:" in ln]
    return command


def test_the_readme_ci_step_runs_as_written(cli, tmp_path):
    import shlex
    import shutil

    from junitparser import JUnitXml

    command = _ci_step()
    assert command == "bearcli check replays/ --junit report.xml --html report.html"
    for folder in ("replays", "scenarios"):  # the job's checkout
        shutil.copytree(ROOT / folder, tmp_path / folder)
    args = shlex.split(command)
    assert args[0] == "bearcli"
    ran = cli(*args[1:])
    assert ran.code == 0, ran.out
    cases = [c for suite in JUnitXml.fromfile(str(tmp_path / "report.xml")) for c in suite]
    assert len(cases) == len(list((ROOT / "replays").rglob("*.yaml")))
    assert all(not c.result for c in cases)  # every record passed
    page = (tmp_path / "report.html").read_text()  # the artifact the next step keeps
    assert page.count("<section ") == len(cases) and "<svg" not in page  # nothing failed
    section = _section(README, "## CI")
    assert "upload-artifact" in section and "report.html" in section.split("path:", 1)[1]


def test_check_output_is_as_shown(cli, tmp_path):
    import shutil

    shown = _block_after("bearcli check replays/ | tail -2")
    ran = cli("check", str(ROOT / "replays"))
    assert ran.out.replace(str(ROOT) + "/", "").splitlines()[-2:] == shown
    # The failure shown: the rulings tour with its first roll's weather edited in the log.
    shown = _block_after("bearcli check records/")
    (tmp_path / "records").mkdir()
    shutil.copy(ROOT / "replays/sliding-bears/rulings-tour.yaml", tmp_path / "records/tour.yaml")
    expected = (ROOT / "replays/sliding-bears/rulings-tour.events.jsonl").read_text()
    edited = expected.replace('"weather":"crack"', '"weather":"wind"', 1)
    (tmp_path / "records/tour.events.jsonl").write_text(edited)
    ran = cli("check", "records/")
    assert ran.code == 1
    assert ran.out.splitlines() == shown


def test_narration_is_as_shown(cli):
    shown = _block_after(
        "bearcli replay replays/bear-down/blue-stream-fall.yaml --narrate | sed -n 20,23p"
    )
    ran = cli("replay", str(ROOT / "replays/bear-down/blue-stream-fall.yaml"), "--narrate")
    assert ran.out.splitlines()[19:23] == shown
