"""The step-through and check pages in a real browser (issue 25, point 6): a headless Chromium
from the operating system's packages (.ci/run installs it), driven by Playwright's Python API,
opens the generated pages from file://.

Where no Chromium is installed these tests are skipped with that reason, which `make test`
lists in its summary (pytest -rs); nothing else in the suite is skipped.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bearcli.formats import movelog
from tests.conftest import ROOT

pytestmark = pytest.mark.xdist_group("browser")  # one browser for the module, in one worker

TOUR = ROOT / "replays/sliding-bears/rulings-tour.yaml"
DISPUTED = ROOT / "docs/examples/disputed-game.yaml"
# The flags that keep Chromium off the network on its own account (updates, sync, metrics).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
    "--disable-quic",
]


def _chromium() -> str | None:
    named = os.environ.get("BEARCLI_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    if executable is None:
        pytest.skip(
            "no Chromium installed: the browser tests did not run "
            "(apt-get install chromium, or set BEARCLI_CHROMIUM)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, headless=True, args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The pages under test, written by the command line as a user would."""
    from tests.conftest import Cli

    folder = tmp_path_factory.mktemp("pages")
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        cli = Cli(folder)
        assert cli("replay", str(TOUR), "--html", "tour.html").code == 0
        assert cli("replay", str(DISPUTED), "--html", "disputed.html").code == 1  # refused
        (folder / "records").mkdir()
        shutil.copy(TOUR, folder / "records/tour.yaml")
        expected = (ROOT / "replays/sliding-bears/rulings-tour.events.jsonl").read_text()
        (folder / "records/tour.events.jsonl").write_text(
            expected.replace('"weather":"crack"', '"weather":"wind"', 1)
        )
        assert cli("check", "records/", "--html", "report.html").code == 1
    finally:
        os.chdir(cwd)
    return {name: folder / f"{name}.html" for name in ("tour", "disputed", "report")}


class Watched:
    """A page with every request and every console error it caused."""

    def __init__(self, browser, *, scripts: bool = True):
        self.context = browser.new_context(java_script_enabled=scripts)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, path: Path, anchor: str = ""):
        self.page.goto(path.as_uri() + anchor)
        return self.page

    def close(self):
        self.context.close()

    def quiet(self, path: Path):
        """Only the page itself was loaded (no network) and nothing was logged as an error."""
        assert self.errors == []
        assert {u.split("#")[0] for u in self.requests} == {path.as_uri()}


def _sentences(page) -> list[str]:
    return page.locator("#sentences li").all_inner_texts()


def _told(n: int) -> list[str]:
    from bearcli.core import narration

    log = movelog.load(TOUR)
    match = movelog.replay(log)
    told = narration.narrate(log.scenario.game, log.scenario.config, match.event_dicts())
    return [s for s, e in zip(told, match.events, strict=True) if e.step == n]


def test_arrow_right_twelve_times_shows_move_12_and_its_sentences(browser, pages):
    w = Watched(browser)
    page = w.open(pages["tour"])
    assert page.locator("#move").inner_text() == "The set-up"
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    move = movelog.load(TOUR).moves[11][0]
    assert page.locator("#move").inner_text() == f"Move 12: {move}"
    assert _sentences(page) == _told(12) and _told(12)
    assert page.evaluate("location.hash") == "#move-12"
    assert page.locator("#slider").input_value() == "12"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#move").inner_text().startswith("Move 11: ")
    page.keyboard.press("End")
    last = len(movelog.load(TOUR).moves)
    assert page.locator("#move").inner_text().startswith(f"Move {last}: ")
    page.keyboard.press("Home")
    assert page.locator("#move").inner_text() == "The set-up"
    page.click("#last")
    page.click("#prev")
    assert page.locator("#move").inner_text().startswith(f"Move {last - 1}: ")
    page.click("#first")
    page.click("#next")
    assert page.locator("#move").inner_text().startswith("Move 1: ")
    page.locator("#slider").fill("7")
    assert page.locator("#move").inner_text().startswith("Move 7: ")
    w.quiet(pages["tour"])
    w.close()


def test_a_link_to_move_12_opens_there(browser, pages):
    w = Watched(browser)
    page = w.open(pages["tour"], "#move-12")
    assert page.locator("#move").inner_text().startswith("Move 12: ")
    assert _sentences(page) == _told(12)
    assert page.locator("#move-12").get_attribute("class") == "current"
    w.quiet(pages["tour"])
    w.close()


def test_a_refused_record_ends_on_its_error(browser, pages):
    w = Watched(browser)
    page = w.open(pages["disputed"])
    assert page.locator("#refusal-here").is_hidden()
    page.keyboard.press("End")
    assert page.locator("#move").inner_text() == "Move 6: jump blue d3 (refused)"
    error = page.locator("#refusal-here")
    assert error.is_visible()
    text = error.inner_text()
    assert "illegal step 'jump blue d3': bears jump only onto ice; d3 is a seal [SB4]" in text
    assert "SB4 Jump (optional)" in text and "legal there: jump blue c1" in text
    page.keyboard.press("ArrowLeft")
    assert error.is_hidden()
    w.quiet(pages["disputed"])
    w.close()


def test_a_frame_is_a_picture_not_a_blank(browser, pages):
    w = Watched(browser)
    page = w.open(pages["tour"], "#move-12")
    shot = page.locator("#picture svg").screenshot()
    w.close()
    # Count the colours of the screenshot in a blank page of the browser itself.
    import base64

    blank = browser.new_page()
    colours = blank.evaluate(
        """async (data) => {
            const img = new Image();
            img.src = "data:image/png;base64," + data;
            await img.decode();
            const c = document.createElement("canvas");
            c.width = img.width; c.height = img.height;
            const g = c.getContext("2d");
            g.drawImage(img, 0, 0);
            const px = g.getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < px.length; i += 4) {
                seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
            }
            return [c.width, c.height, seen.size];
        }""",
        base64.b64encode(shot).decode("ascii"),
    )
    blank.close()
    width, height, distinct = colours
    assert width > 200 and height > 200
    assert distinct > 20  # tiles, bears, letters: far more than a blank or a single fill


def test_with_scripts_off_the_page_is_a_list_of_moves_and_the_final_picture(browser, pages):
    w = Watched(browser, scripts=False)
    page = w.open(pages["tour"])
    assert page.locator("#viewer").is_hidden()
    moves = movelog.load(TOUR).moves
    items = page.locator("ol.moves > li")
    assert items.count() == len(moves) + 1
    assert moves[11][0] in items.nth(12).inner_text()
    assert page.locator("#final + figure svg").is_visible()
    w.quiet(pages["tour"])
    w.close()


def test_the_check_report_shows_the_failure_and_its_pictures(browser, pages):
    w = Watched(browser)
    page = w.open(pages["report"])
    assert page.locator("#summary").inner_text() == "1 records: 1 failed"
    failed = page.locator("section.failed")
    assert failed.count() == 1
    assert 'weather: expected "wind", got "crack"' in failed.inner_text()
    pictures = failed.locator("figure svg")
    assert pictures.count() == 2 and pictures.nth(0).is_visible() and pictures.nth(1).is_visible()
    w.quiet(pages["report"])
    w.close()
