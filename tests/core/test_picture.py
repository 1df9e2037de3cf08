"""The position as data and its drawing, tested on small made-up positions: the grid a terminal
board prints, the legend and status lines wrapped to 80 columns, and the SVG's geometry and
shapes, read back as XML. (Every game's pictures are compared with their states and with the
golden pictures in tests/test_pictures.py.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bearcli.core.picture import CELL, Element, Position, Style, fit, legend_lines, svg

NS = "{http://www.w3.org/2000/svg}"
STYLES = {
    "tile": Style("fill", "#eeeeee"),
    "tile:blue": Style("fill", "#0000ff", ink="#ffffff"),
    "bear": Style("disc", "#cc0000"),
    "hole": Style("hole", "none"),
    "route": Style("ring", "none", stroke="#00aa00"),
    "rock": Style("wall", "#777777"),
    "fall": Style("band", "#3366ff"),
}


# Where a two-row board's place a1 starts (row headings one character wide, nothing above):
# the margin, the headings' width and gap; the margin and the column headings' strip.
FIRST_PLACE = (14 + 8 + 10, 14 + 20)


def _e(kind, square, label, row, col, **kw) -> Element:
    return Element(kind, square, label, row, col, **kw)


def _pos(*elements, rows=("1", "2"), columns=("a", "b"), **kw) -> Position:
    return Position("test", rows, columns, tuple(elements), **kw)


def _root(text: str) -> ET.Element:
    return ET.fromstring(text)


def _groups(text: str) -> dict[str, ET.Element]:
    return {g.get("data-square"): g for g in _root(text).iter(f"{NS}g") if g.get("data-kind")}


def _shape(group: ET.Element) -> ET.Element:
    return next(c for c in group if c.tag in (f"{NS}rect", f"{NS}circle"))


def _label(group: ET.Element) -> ET.Element:
    return next(c for c in group if c.tag == f"{NS}text")


# --- the terminal grid ---


def test_grid_shows_the_labels_of_each_places_top_layer_run_together():
    pos = _pos(
        _e("tile", "a1", "T", 0, 0),
        _e("bear", "a1", "R", 0, 0, layer=1),
        _e("bear", "a1", "G", 0, 0, layer=1),
        _e("tile", "b1", "U", 0, 1, layer=1),
        _e("tile", "b1", "V", 0, 1),  # under U, drawn later
        _e("tile", "a2", "W", 1, 0),
        _e("rock", "a2", "#", 1, 0, layer=-1),  # beside the place: the board's to draw
    )
    assert pos.grid() == [["RG", "U"], ["W", ""]]


def test_grid_of_an_empty_board_is_empty_places():
    assert _pos().grid() == [["", ""], ["", ""]]


# --- the lines under the board ---


def test_legend_lines_run_the_parts_together_two_spaces_apart():
    assert legend_lines(["a = one", "b = two"]) == ["legend: a = one  b = two"]


def test_legend_lines_wrap_under_the_head_and_a_full_line_stays_whole():
    head = "legend: "
    first = "x" * (20 - len(head))  # fills the 20 columns exactly
    assert legend_lines([first], width=20) == [head + first]
    assert legend_lines(["ab", "cd"], head="key: ", width=11) == ["key: ab  cd"]
    assert legend_lines(["ab", "cde"], head="key: ", width=11) == ["key: ab", "     cde"]
    assert legend_lines([], head="key: ") == ["key: "]


def test_fit_keeps_a_line_of_the_width_and_wraps_a_longer_one_two_spaces_in():
    line = "x" * 80
    assert fit(line) == line
    assert fit("aaa bbb ccc", width=7) == "aaa bbb\n  ccc"


def test_fit_breaks_neither_a_long_word_nor_at_a_hyphen():
    assert fit("seat-name-that-is-long tail", width=10) == "seat-name-that-is-long\n  tail"
    assert fit("ab abcdefghijkl", width=6) == "ab\n  abcdefghijkl"


# --- the picture's geometry ---


def test_a_picture_of_text_only_is_as_wide_as_the_row_headings_need():
    # no rows, no columns, no elements: the picture a game without a board gets
    text = svg(Position("test", (), (), (), above=("ab",)), {})
    root = _root(text)
    assert (root.get("width"), root.get("height")) == ("46", str(14 + 18 + 20 + 14 + 14))
    above = root.find(f"{NS}g[@class='above']")
    assert [(t.get("y"), t.text) for t in above] == [("27", "ab")]
    assert svg(Position("test", (), (), ()), {}).startswith("<?xml")  # nothing at all


def test_a_caption_is_the_first_line_over_the_board_in_bold():
    text = svg(_pos(above=("dice: 3",)), STYLES, caption="Step 4")
    above = _root(text).find(f"{NS}g[@class='above']")
    assert [(t.get("y"), t.text, t.get("font-weight")) for t in above] == [
        ("27", "Step 4", "bold"),
        ("45", "dice: 3", None),
    ]


def test_the_grid_the_headings_and_the_lines_below_sit_where_their_sizes_put_them():
    pos = _pos(
        _e("tile", "a1", "T", 0, 0),
        rows=("one", "two"),
        columns=("a", "b", "c"),
        below=("status",),
        legend=(("T", "a tile"),),
    )
    root = _root(svg(pos, STYLES))
    left, top = 14 + 3 * 8 + 10, 14 + 0 + 20
    places = [r for r in root.iter(f"{NS}rect") if r.get("class") == "place"]
    assert [(p.get("x"), p.get("y")) for p in places[:4]] == [
        (str(left), str(top)),
        (str(left + CELL), str(top)),
        (str(left + 2 * CELL), str(top)),
        (str(left), str(top + CELL)),
    ]
    assert len(places) == 6
    heads = root.find(f"{NS}g[@class='headings']")
    columns = [(t.get("x"), t.get("y"), t.text) for t in heads if t.get("class") == "column"]
    assert columns[0] == (str(left + CELL // 2), str(top - 6), "a")
    rows = [(t.get("x"), t.get("y"), t.text) for t in heads if t.get("class") == "row"]
    assert rows == [
        (str(left - 6), str(top + CELL // 2 + 4), "one"),
        (str(left - 6), str(top + CELL + CELL // 2 + 4), "two"),
    ]
    below = root.find(f"{NS}g[@class='below']")
    grid_end = top + 2 * CELL
    assert [(t.get("y"), t.text) for t in below] == [
        (str(grid_end + 14 + 13), "status"),
        (str(grid_end + 14 + 13 + 18), "     T  a tile"),
    ]
    assert root.get("width") == str(left + 3 * CELL + 14)
    assert root.get("height") == str(top + 2 * CELL + 14 + 2 * 18 + 14)


def test_a_long_line_under_the_board_widens_the_picture():
    pos = _pos(below=("x" * 60,))
    assert _root(svg(pos, STYLES)).get("width") == str(14 * 2 + 60 * 8)


def test_a_long_label_widens_every_column():
    pos = _pos(_e("tile", "a1", "ABCDEFG", 0, 0))
    root = _root(svg(pos, STYLES))
    places = [r for r in root.iter(f"{NS}rect") if r.get("class") == "place"]
    assert {p.get("width") for p in places} == {str(7 * 8 + 12)}


# --- the elements ---


def test_an_element_is_a_group_naming_its_kind_square_and_label_with_its_text_as_title():
    text = svg(_pos(_e("tile", "a1", "T", 0, 0, text="a tile <here>")), STYLES)
    g = _groups(text)["a1"]
    assert (g.get("class"), g.get("data-kind"), g.get("data-label")) == (
        "element tile",
        "tile",
        "T",
    )
    assert g.find(f"{NS}title").text == "a tile <here>"


def test_an_element_without_text_has_no_title_and_without_label_no_text():
    g = _groups(svg(_pos(_e("tile", "a1", "", 0, 0)), STYLES))["a1"]
    assert g.find(f"{NS}title") is None
    assert g.find(f"{NS}text") is None


def test_a_tile_fills_its_place_and_its_label_moves_to_the_corner_under_a_token():
    pos = _pos(
        _e("tile", "a1", "T", 0, 0),
        _e("tile", "b1", "U", 0, 1),
        _e("bear", "b1", "R", 0, 1, layer=1),
    )
    text = svg(pos, STYLES)
    x0, y0 = FIRST_PLACE
    tiles = {
        g.get("data-square"): g for g in _root(text).iter(f"{NS}g") if g.get("data-kind") == "tile"
    }
    rect = _shape(tiles["a1"])
    assert [rect.get(k) for k in ("x", "y", "width", "height", "rx", "fill", "stroke")] == [
        str(x0 + 2), str(y0 + 2), str(CELL - 4), str(CELL - 4), "4", "#eeeeee", "#1b1b1b",
    ]  # fmt: skip
    label = _label(tiles["a1"])
    assert [label.get(k) for k in ("x", "y", "font-size", "text-anchor", "font-weight")] == [
        str(x0 + CELL // 2), str(y0 + CELL // 2 + 5), "14", "middle", "bold",
    ]  # fmt: skip
    covered = _label(tiles["b1"])
    assert [covered.get(k) for k in ("x", "y", "font-size")] == [
        str(x0 + CELL + 9), str(y0 + 14), "10",
    ]  # fmt: skip


def test_a_colour_of_its_own_draws_an_element_in_its_tone():
    text = svg(
        _pos(_e("tile", "a1", "T", 0, 0, tone="blue"), _e("tile", "b1", "U", 0, 1, tone="red")),
        STYLES,
    )
    groups = _groups(text)
    assert (_shape(groups["a1"]).get("fill"), _label(groups["a1"]).get("fill")) == (
        "#0000ff",
        "#ffffff",
    )
    assert (_shape(groups["b1"]).get("fill"), _label(groups["b1"]).get("fill")) == (
        "#eeeeee",
        "#1b1b1b",
    )


@pytest.mark.parametrize(
    ("kind", "shape", "expected", "label_at"),
    [
        ("bear", "circle", {"cx": 22, "cy": 22, "r": "14", "stroke-width": "2"}, (22, 27, "14")),
        ("route", "circle", {"cx": 22, "cy": 22, "r": "18", "stroke-width": "3"}, (9, 14, "10")),
        (
            "hole",
            "rect",
            {"x": 4, "y": 4, "width": "36", "height": "36", "stroke-width": "2"},
            (22, 27, "14"),
        ),
        ("rock", "rect", {"x": 40, "y": 0, "width": "8", "height": "44"}, (44, 40, "10")),
        ("fall", "rect", {"x": 0, "y": 1, "width": "44", "height": "12"}, (22, 11, "10")),
    ],
)
def test_each_shape_is_drawn_in_its_place_with_its_label(kind, shape, expected, label_at):
    x0, y0 = FIRST_PLACE
    g = _groups(svg(_pos(_e(kind, "a1", "K", 0, 0)), STYLES))["a1"]
    drawn = _shape(g)
    assert drawn.tag == NS + shape
    offsets = {"cx": x0, "x": x0, "cy": y0, "y": y0}
    for key, value in expected.items():
        want = str(value + offsets[key]) if key in offsets else value
        assert drawn.get(key) == want, key
    style = STYLES[kind]
    assert drawn.get("stroke") == style.stroke
    if kind in ("hole", "route"):
        assert drawn.get("fill") == "none"
    else:
        assert drawn.get("fill") == style.fill
    if kind == "hole":
        assert drawn.get("stroke-dasharray") == "4,3"
    label = _label(g)
    x, y, size = label_at
    assert (label.get("x"), label.get("y"), label.get("font-size")) == (
        str(x0 + x),
        str(y0 + y),
        size,
    )


def test_a_badge_is_a_small_white_disc_with_its_figure_in_the_corner():
    x0, y0 = FIRST_PLACE
    g = _groups(svg(_pos(_e("bear", "a1", "R", 0, 0, badge="3")), STYLES))["a1"]
    circles = g.findall(f"{NS}circle")
    assert len(circles) == 2
    badge = circles[1]
    assert [badge.get(k) for k in ("cx", "cy", "r", "fill", "stroke", "stroke-width")] == [
        str(x0 + CELL - 9), str(y0 + 9), "8", "#ffffff", "#1b1b1b", "1",
    ]  # fmt: skip
    figure = g.findall(f"{NS}text")[1]
    assert [figure.get(k) for k in ("x", "y", "font-size", "text-anchor")] == [
        str(x0 + CELL - 9), str(y0 + 13), "10", "middle",
    ]  # fmt: skip
    assert figure.text == "3"


def test_the_same_position_draws_the_same_bytes():
    pos = _pos(_e("tile", "a1", "T", 0, 0), _e("bear", "a1", "R", 0, 0, layer=1, badge="2"))
    assert svg(pos, STYLES) == svg(pos, STYLES)


def test_a_legend_wraps_at_80_columns_by_default():
    parts = ["x" * 36, "y" * 35]  # "legend: " + 36 + 2 + 35 = 81 columns: one too many
    assert legend_lines(parts) == ["legend: " + "x" * 36, " " * 8 + "y" * 35]
    assert legend_lines(["x" * 36, "y" * 34]) == ["legend: " + "x" * 36 + "  " + "y" * 34]


def test_a_title_or_a_line_from_a_file_shows_its_newline_and_tab_escaped():
    # a seat's name or a status line is one line of the picture, whatever it holds
    text = svg(
        _pos(_e("tile", "a1", "T", 0, 0, text="one\ntwo"), above=("left\tright",)),
        STYLES,
    )
    root = _root(text)
    title = _groups(text)["a1"].find(f"{NS}title").text
    assert "\n" not in title and title.startswith("one") and title.endswith("two")
    line = root.find(f"{NS}g[@class='above']")[0].text
    assert "\t" not in line and line.startswith("left") and line.endswith("right")


def test_a_band_and_a_wall_have_a_thin_outline():
    for kind in ("fall", "rock"):
        g = _groups(svg(_pos(_e(kind, "a1", "K", 0, 0)), STYLES))["a1"]
        assert _shape(g).get("stroke-width") == "1", kind
