"""The forest's and the memo grid's one drawing (issue 11, point 4): every cell kind has its
own symbol (a hole is `o`, never a blank), the legend names each one drawn, and play, replay
--board and error messages show the same text; play's memo table hides what memory knows."""

from __future__ import annotations

from bearcli.games.baerenspiel import render
from tests.conftest import replay_text
from tests.games.drawing_checks import legend_names, plain, record, same_drawing_everywhere

FOREST = """\
format: bearcli-moves/1
game: baerenspiel
chance: manual
scenario:
  game: baerenspiel
  variant: twin
  seats: [human]
  open: {a5: path, b5: obstacle, a1: animal}
"""
# A light-backed bear found (one of the twins: the search goes on), an obstacle covered.
FOREST_MOVES = ["roll bear bear bear", "search a3", "a3 is bear", "cover b5 from a5"]
MEMO = """\
format: bearcli-moves/1
game: baerenspiel
chance: manual
scenario: {game: baerenspiel, variant: memo, params: {pairs: 3}, seats: [human, human]}
"""
MEMO_MOVES = ["flip a1", "a1 is bear", "flip b1", "b1 is bear", "flip c1", "c1 is obstacle1"]


def test_forest_one_drawing_for_play_replay_and_errors(cli, tmp_path):
    drawing = same_drawing_everywhere(cli, tmp_path, FOREST, FOREST_MOVES, "chain e5")
    rows = drawing.splitlines()
    assert rows[4] == "5: o + # # # # # . ."  # a5 a hole, b5 the path laid on its obstacle
    assert rows[6] == "3: B . # # # # # . ."
    cells = {c for row in rows[:9] for c in row.split(":", 1)[1].split()}
    assert cells == {"o", "+", "#", ".", "B", "a"}
    legend_names(drawing, cells)
    assert "o hole" in drawing and "+ path laid on an obstacle" in drawing
    # The plain path and the obstacle have symbols of their own too.
    m = replay_text(record(FOREST, FOREST_MOVES[:1]))
    before = m.game.describe(m.state)
    assert before.splitlines()[4].startswith("5: = x")
    legend_names(before, {"=", "x", "a", "#", "."})


def test_memo_one_drawing_and_the_table_view(cli, tmp_path):
    drawing = same_drawing_everywhere(
        cli, tmp_path, MEMO, MEMO_MOVES, "flip a1", play_args=("--show-memory",)
    )
    assert drawing.splitlines()[0].split() == ["1:", "--", "--", "[ob1]", "??", "??", "??"]
    legend_names(drawing, {"--", "??", "[an3]"})
    # What a real table shows the seat to move: the face-up card, never what memory knows.
    m = replay_text(record(MEMO, [*MEMO_MOVES, "flip d1", "d1 is obstacle2"]))
    remembered = m.game.describe(m.state).splitlines()[0].split()
    assert remembered == ["1:", "--", "--", "ob1", "ob2", "??", "??"]
    table = plain(render.render(m.state, viewer=1, show_memory=False)).splitlines()
    assert table[0].split() == ["1:", "--", "--", "??", "??", "??", "??"]
    assert "?? face down" in table[2] and "seen before" not in table[2]
    (tmp_path / "memo.yaml").write_text(record(MEMO, [*MEMO_MOVES, "flip d1", "d1 is obstacle2"]))
    ran = cli("play", "memo.yaml", "--save", "m2.yaml", input="quit\n")
    assert "\n".join(table) in ran.out  # play draws the table view by default
    ran = cli("play", "memo.yaml", "--save", "m3.yaml", "--show-memory", input="quit\n")
    assert m.game.describe(m.state) in ran.out
