"""One picture per game, for any position (issue 25, points 1, 5 and 7).

The terminal board and the SVG picture are both drawn from the game's `position`; here each is
read back on its own (the board's text split into cells, the SVG parsed as XML) and compared
with the position element by element. The SVG is also checked as data against the state
itself: one element per tile, card, bear and salmon count, on the right square. Golden
pictures of a few positions per game sit beside their records and `make snapshots` rewrites
them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bearcli.core import registry
from bearcli.formats import movelog
from tests.conftest import ROOT

NS = "{http://www.w3.org/2000/svg}"
RECORDS = sorted((ROOT / "replays").rglob("*.yaml"))


def _positions(path: Path, every: bool = False):
    """(log, state) at the set-up, a third, two thirds and the end of a record (or every
    position)."""
    log = movelog.load(path)
    states = []
    movelog.replay(log, seen=lambda n, match: states.append(match.state))
    if not every:
        last = len(states) - 1
        states = [states[i] for i in sorted({0, last // 3, 2 * last // 3, last})]
    return log, states


def _board(game: str):
    module = type(registry.get(game)).__module__.rsplit(".", 1)[0]  # board.py beside rules.py
    return __import__(module + ".board", fromlist=["position"])


def _svg_elements(text: str) -> list[tuple[str, str, str]]:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return [
        (g.get("data-kind"), g.get("data-square"), g.get("data-label"))
        for g in root.iter(f"{NS}g")
        if g.get("data-kind")
    ]


def _terminal_cells(drawing: str, rows: tuple[str, ...], walls: bool) -> dict[str, list[str]]:
    """The cells of each board row of the terminal drawing, read off its text (without
    Bear Down!'s rocks, `#` between two cells, when `walls`)."""
    out = {}
    for line in drawing.splitlines():
        label, sep, rest = line.partition(":")
        if sep and label.strip() in rows and label.strip() not in out:
            out[label.strip()] = [c for c in rest.split() if not (walls and c == "#")]
    return out


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_board_and_picture_show_the_same_elements(path):
    log, states = _positions(path)
    game = log.scenario.game
    board = _board(game.name)
    picture = registry.get(game.name).picture
    for state in states:
        for memory in (True, False):
            pos = board.position(state, show_memory=memory)
            # The picture: every element of the position, in order, with its kind, square, label.
            drawn = _svg_elements(picture(state, "p", show_memory=memory))
            assert drawn == [(e.kind, e.square, e.label) for e in pos.elements]
            # The board: each place shows the label of the element on top there.
            shown = _terminal_cells(
                registry.get(game.name).render(state, show_memory=memory).plain,
                pos.rows,
                walls=game.name == "bear-down",
            )
            assert shown, "no board row found"
            for r, label in enumerate(pos.rows):
                if label not in shown:
                    continue  # the waterfall and the boulder: named in the legend (below)
                cells = [c or "." for c in pos.grid()[r]]
                if game.name == "baerenspiel" and len(pos.columns) == 10:  # memo: no blanks
                    cells = [c for c in pos.grid()[r] if c]
                if label == "boulder":  # Bear Down!'s `boulder: @1 @2` line, `-` when empty
                    cells = [c for c in pos.grid()[r] if c] or ["-"]
                assert shown[label] == cells, (path.name, label)


def test_bear_down_names_the_waterfall_and_the_boulder_on_the_board_and_the_picture():
    log, states = _positions(ROOT / "replays/bear-down/blue-stream-fall.yaml")
    game = log.scenario.game
    board = _board(game.name)
    for state in states:
        text = game.describe(state)
        assert "the waterfall: above the edge row" in text
        assert "the boulder: below row 1" in text
        pos = board.position(state)
        falls = [e for e in pos.elements if e.kind == "waterfall"]
        assert [e.square for e in falls] == [f"{s}-fall" for s in state.cfg.streams]
        on_boulder = [e.label for e in pos.elements if e.kind == "bear" and e.square == "boulder"]
        line = next(ln for ln in text.splitlines() if ln.startswith("boulder: "))
        assert line.removeprefix("boulder: ").split() == (on_boulder or ["-"])


def _kinds(found, *kinds):
    return [(k, sq, lb) for k, sq, lb in found if k in kinds]


@pytest.mark.parametrize("path", sorted((ROOT / "replays/sliding-bears").glob("*.yaml"))[:3])
def test_sliding_bears_picture_holds_every_tile_and_bear_on_its_square(path):
    log, states = _positions(path)
    picture = registry.get("sliding-bears").picture
    for state in states:
        lay = state.cfg.layout
        found = _svg_elements(picture(state))
        tiles = {sq: k for k, sq, _ in _kinds(found, "ice", "seal", "rock", "water", "gone")}
        assert len(tiles) == lay.width * lay.height
        for i, cell in enumerate(state.cells):
            kind = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}[cell]
            if cell == "." and lay.cells[i] != ".":
                kind = "gone"
            assert tiles[lay.square_name(i)] == kind
        bears = {lb: sq for _, sq, lb in _kinds(found, "bear")}
        assert len(bears) == 4  # every bear once, wherever it is
        cols = lay.grid.columns
        for k, where in enumerate(state.bears):
            letter = "PGBY"[k]
            if where >= 0:
                assert bears[letter] == lay.square_name(where)
            elif where == -1:
                assert bears[letter] == f"start-{cols[lay.start[k]]}"
            else:
                assert bears[letter] == f"finish-{cols[lay.finish[k]]}"


@pytest.mark.parametrize("path", sorted((ROOT / "replays/bear-down").glob("*.yaml"))[:3])
def test_bear_down_picture_holds_every_tile_salmon_count_and_bear(path):
    log, states = _positions(path)
    picture = registry.get("bear-down").picture
    for state in states:
        streams = state.cfg.streams
        names = [f"{s}{k}" for s in streams for k in range(1, 5)]
        found = _svg_elements(picture(state))
        assert sorted(sq for _, sq, _ in _kinds(found, "tile")) == sorted(names)
        salmon = {sq: int(lb) for _, sq, lb in _kinds(found, "salmon")}
        assert salmon == {names[i]: n for i, n in enumerate(state.salmon[:-1]) if n}
        bears = {lb: sq for _, sq, lb in _kinds(found, "bear")}
        assert bears == {
            f"@{s + 1}": "boulder" if node == state.boulder else names[node]
            for s, node in enumerate(state.bears)
        }
        rocks = sorted(sq for _, sq, _ in _kinds(found, "rock"))
        pairs = set(zip(streams, streams[1:], strict=False))  # rocks between streams in play
        assert rocks == sorted(f"{a}{k}|{b}{k}" for a, b, k in state.cfg.rocks if (a, b) in pairs)


def test_bear_down_picture_shows_what_each_bear_carries():
    log, states = _positions(ROOT / "replays/bear-down/blue-stream-fall.yaml", every=True)
    carrying = next(s for s in states if any(s.carried))
    root = ET.fromstring(registry.get("bear-down").picture(carrying))
    for g in root.iter(f"{NS}g"):
        if g.get("data-kind") == "bear":
            seat = int(g.get("data-label")[1:]) - 1
            texts = [t.text for t in g.iter(f"{NS}text")]
            n = carrying.carried[seat]
            assert texts == ([g.get("data-label"), str(n)] if n else [g.get("data-label")])


@pytest.mark.parametrize("name", ["escort-example", "twin", "trapped"])
def test_forest_picture_holds_every_card_hole_and_little_bear(name):
    from bearcli.games.baerenspiel import forest

    log, states = _positions(ROOT / f"replays/baerenspiel/{name}.yaml")
    picture = registry.get("baerenspiel").picture
    kind = {"D": "dark", "L": "light"}
    for state in states:
        found = _svg_elements(picture(state))
        cards = {sq: k for k, sq, _ in found if k not in ("little-bear", "route")}
        assert cards == {forest.square_name(i): kind.get(c, c) for i, c in enumerate(state.cells)}
        bears = sorted(sq for _, sq, _ in _kinds(found, "little-bear"))
        assert bears == sorted(forest.square_name(b) for b in state.bears)


def test_escort_route_is_marked_while_the_bear_is_led_out():
    from bearcli.games.baerenspiel import forest

    log, states = _positions(ROOT / "replays/baerenspiel/escort-example.yaml", every=True)
    escorting = [s for s in states if s.phase == "throw"]
    assert escorting
    found = _svg_elements(registry.get("baerenspiel").picture(escorting[0]))
    route = [sq for _, sq, _ in _kinds(found, "route")]
    assert route
    assert all(escorting[0].cells[forest.index_of(sq)] in forest.PATHS for sq in route)
    over = [s for s in states if s.phase == "over"]
    assert not _kinds(_svg_elements(registry.get("baerenspiel").picture(over[0])), "route")


def test_memo_picture_shows_the_table_unless_show_memory():
    log, states = _positions(ROOT / "replays/baerenspiel/memo.yaml", every=True)
    picture = registry.get("baerenspiel").picture
    seen = next(s for s in states if not s.up and any(s.known) and not all(s.taken[: len(s.known)]))
    table = _svg_elements(picture(seen))
    assert len(table) == len(seen.known)  # one element per card
    assert {k for k, _, _ in table} <= {"down", "taken", "up"}
    remembered = _svg_elements(picture(seen, show_memory=True))
    known = [i for i, k in enumerate(seen.known) if k and not seen.taken[i]]
    if known:
        assert "known" in {k for k, _, _ in remembered}


# -- every board fits 80 columns (point 5) ------------------------------------------------


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_board_fits_80_columns(path):
    log, states = _positions(path, every=True)
    render = registry.get(log.scenario.game.name).render
    for state in states:
        for memory in (True, False):
            for line in render(state, show_memory=memory).plain.splitlines():
                assert len(line) <= 80, line


def test_a_full_memo_board_fits_80_columns(cli):
    ran = cli(
        "simulate", str(ROOT / "scenarios/baerenspiel/memo-forgetful-random.yaml"),
        "--games", "1", "--seed", "3", "--save-logs", "games",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    log, states = _positions(cli.cwd / "games/00001.yaml", every=True)
    assert len(log.scenario.config.seats) >= 2 and len(states[0].known) == 50  # 25 pairs
    render = registry.get("baerenspiel").render
    widest = 0
    for state in states[::7]:
        for memory in (True, False):
            for line in render(state, show_memory=memory).plain.splitlines():
                widest = max(widest, len(line))
    assert 70 < widest <= 80


# -- golden pictures beside their records (point 7) ----------------------------------------

GOLDEN = [
    ("sliding-bears/rulings-tour", 12),
    ("sliding-bears/lost-no-free-ice", 6),
    ("bear-down/blue-stream-fall", 5),
    ("bear-down/water-ends-3p", 6),
    ("baerenspiel/escort-example", 11),
    ("baerenspiel/twin", 12),
    ("baerenspiel/memo", 12),
]


@pytest.mark.parametrize("name,n", GOLDEN, ids=[f"{n}.move-{m}" for n, m in GOLDEN])
def test_golden_pictures_are_what_replay_svg_draws(cli, request, name, n):
    """replays/GAME/NAME.move-N.svg is `bearcli replay NAME.yaml --upto N --svg ...`;
    `make snapshots` (pytest --snapshot-update) rewrites them."""
    record = ROOT / f"replays/{name}.yaml"
    golden = ROOT / f"replays/{name}.move-{n}.svg"
    ran = cli("replay", str(record), "--upto", str(n), "--svg", "fresh.svg")
    assert ran.code == 0, ran.err
    fresh = (cli.cwd / "fresh.svg").read_text()
    if request.config.getoption("--snapshot-update", default=False):
        if not golden.exists() or golden.read_text() != fresh:
            golden.write_text(fresh)
    assert golden.exists(), f"missing {golden.name}: run make snapshots"
    assert fresh == golden.read_text(), f"{golden.name} differs: run make snapshots"
    _svg_elements(fresh)  # and it parses


@pytest.mark.parametrize("name,n", GOLDEN, ids=[f"{n}.move-{m}" for n, m in GOLDEN])
def test_golden_pictures_are_what_the_walkthrough_draws_in_this_process(monkeypatch, name, n):
    """The same golden pictures, drawn by the library in this process (the command's
    picture is the walkthrough's last frame), so that a change to core/picture.py is caught
    here too, not only in a `bearcli` process."""
    from bearcli import walkthrough
    from bearcli.formats import movelog

    monkeypatch.chdir(ROOT)
    walk = walkthrough.walk(movelog.load(ROOT / f"replays/{name}.yaml"), upto=n)
    golden = ROOT / f"replays/{name}.move-{n}.svg"
    assert walk.frames[-1].svg == golden.read_text(), f"{golden.name} differs"
