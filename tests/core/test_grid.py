"""RULINGS C1: chess-like square names, orthogonal adjacency."""

from bearcli.core.grid import Grid


def test_names_run_from_a1_upward():
    g = Grid(6, 12)
    assert g.name(0) == "a1" and g.name(5) == "f1" and g.name(6) == "a2" and g.name(71) == "f12"
    assert [g.parse(n) for n in ("a1", "f1", "a2", "f12")] == [0, 5, 6, 71]
    assert [g.parse(n) for n in ("g1", "a0", "a13", "a01", "1a", "a")] == [None] * 6


def test_only_ascii_digits_name_a_row():
    g = Grid(5, 5)
    assert g.parse("c3") == 12
    # "٣" is a digit int() reads as 3, "³" one it cannot read: neither names a square
    assert [g.parse(n) for n in ("c\u0663", "c\u00b3", "c3\u00b3", "c\uff13")] == [None] * 4


def test_adjacent_means_orthogonally_adjacent():
    g = Grid(3, 3)
    assert g.neighbours(4) == (1, 3, 5, 7)  # b2: below, left, right, above
    assert g.neighbours(0) == (1, 3)  # a1: no diagonal b2
    assert all(i in g.neighbours(j) for i in range(9) for j in g.neighbours(i))
