"""What the docs say beyond their command examples (tests/test_doc_examples.py runs those):
the notation tables, the event types, the CI step."""

from __future__ import annotations

import re

from bearcli.core import registry
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


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
