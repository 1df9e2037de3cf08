"""The self-contained pages (bearcli/formats/pages.py), pinned whole: the step-through page of
a record that ends in a refused step and of one played to its end, and a check report with
each kind of entry. `make snapshots` (pytest --snapshot-update) rewrites the golden pages
(tests/formats/pages/, and the README's example page); a change shows as a reviewable diff."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bearcli import walkthrough
from bearcli.formats import movelog, pages
from tests.conftest import ROOT

GOLDEN = Path(__file__).parent / "pages"
# Read by their paths in the repository (a page names its record's file), from its root.
RECORDS = {
    "disputed-game": "docs/examples/disputed-game.yaml",  # move 6 refused (SB4)
    "lost-no-free-ice": "replays/sliding-bears/lost-no-free-ice.yaml",
}
# The disputed game's page is the README's example (`replay ... --html`), pinned here too.
PAGES = {"disputed-game": ROOT / "docs/examples/disputed-game.html"}
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'


def _pinned(request, golden: Path, fresh: str) -> None:
    if request.config.getoption("--snapshot-update", default=False):
        if not golden.exists() or golden.read_text(encoding="utf-8") != fresh:
            golden.write_text(fresh, encoding="utf-8")
    assert golden.exists(), f"missing {golden.name}: run make snapshots"
    assert fresh == golden.read_text(encoding="utf-8"), f"{golden.name} differs: make snapshots"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append(tag)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_records_page_is_pinned_whole(request, monkeypatch, name):
    monkeypatch.chdir(ROOT)
    walk = walkthrough.walk(movelog.load(Path(RECORDS[name])))
    page = pages.walk_page(walk)
    _pinned(request, PAGES.get(name, GOLDEN / f"{name}.html"), page)
    parsed = _Tags()
    parsed.feed(page)
    assert parsed.tags[:2] == ["html", "head"] and "script" in parsed.tags
    data = json.loads(re.search(r'id="walk-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["frames"]) == len(walk.frames)
    assert data["refused"] is (walk.refusal is not None)


def test_a_check_report_lists_each_record_and_shows_a_failures_pictures(request):
    entries = [
        {"record": "a.yaml", "status": "ok", "passed": True, "message": "", "details": [],
         "pictures": []},
        {"record": "b<&>.yaml", "status": "failed", "passed": False,
         "message": "line 3 differs", "details": ["expected x", "got y"],
         "pictures": [("before move 2", SQUARE), ("after move 2", SQUARE)]},
        {"record": "c.yaml", "status": "error", "passed": False,
         "message": "illegal step 'jump'", "details": [], "pictures": []},
        {"record": "d.yaml", "status": "created", "passed": True, "message": "",
         "details": [], "pictures": []},
    ]  # fmt: skip
    page = pages.check_page(entries, "4 records: 2 ok, 1 failed, 1 error")
    _pinned(request, GOLDEN / "check.html", page)
    assert "b&lt;&amp;&gt;.yaml" in page and "b<&>" not in page


def test_a_pages_data_is_ascii_and_cannot_close_its_script():
    assert pages._json({"t": "Bärenspiel </script>"}) == '{"t":"B\\u00e4renspiel <\\/script>"}'
