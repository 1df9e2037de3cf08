"""The rulings' text read from rules.md: items, paragraphs, lookups and the rules versions
(formats/rulings.py)."""

from __future__ import annotations

from importlib.resources import files

import pytest

from bearcli.core.errors import InputError
from bearcli.formats import rulings
from bearcli.formats.rulings import Ruling


def test_source_is_the_shipped_rules_md():
    shipped = (files("bearcli.docs") / "rules.md").read_text(encoding="utf-8")
    assert rulings.source() == shipped
    assert "## Rules versions" in shipped
    assert "Bärenspiel" in rulings.source()  # read as UTF-8


class _Folder:
    """The package's docs folder on a system whose locale reads files as Latin-1."""

    def __init__(self, data: bytes):
        self.data = data

    def __truediv__(self, name: str) -> _Folder:
        assert name == "rules.md"
        return self

    def read_text(self, encoding: str | None = None) -> str:
        return self.data.decode("latin-1" if encoding is None else encoding)


def test_source_is_read_as_utf_8_whatever_the_locale(monkeypatch):
    folder = _Folder("## Bärenspiel\n".encode())
    monkeypatch.setattr(rulings, "files", lambda package: folder)
    assert rulings.source() == "## Bärenspiel\n"


def test_plain_drops_links_and_emphasis_and_keeps_backticks():
    assert rulings.plain("see [the rules](rules.md#sb4) now") == "see the rules now"
    assert rulings.plain("[](x) and [a](b) [c](d)") == " and a c"
    assert rulings.plain("a **bold** and **more** b") == "a bold and more b"
    assert rulings.plain("an *emphasis* here") == "an emphasis here"
    assert rulings.plain("*a* and *b*") == "a and b"
    assert rulings.plain("`removed: random` *x*") == "`removed: random` x"
    assert rulings.plain("2 * 3 * 4") == "2 * 3 * 4"  # spaced stars are no emphasis
    assert rulings.plain("a*b*c") == "a*b*c"  # nor stars within a word
    assert rulings.plain("plain") == "plain"


def test_parse_reads_sections_items_continuations_and_paragraphs():
    text = (
        "# Title\n"
        "intro line\n"
        "- **X0 Before.** an item before any section\n"
        "## Game One  \n"
        "\n"
        "- **X1 One (param).**   first line  \n"
        "  goes  on.\n"
        "\n"
        "\n"
        "  A second   paragraph.\n"
        "    deeper indent\n"
        "- **P-X2 Two [words](w.md).** *only* one, [linked](a.md).\n"
        "- **XY10 Bare.**\n"
        "  text after a bare title\n"
        "## Other\n"
        "- **Z3 Closed.** its text\n"
        "not indented: closes it\n"
        "  an indented line after the close\n"
        "- **Z4 Empty.**\n"
        "\n"
        "- **Z5 Last.** end\n"
        "  \n"
        "  after a blank-looking line"
    )
    parsed = rulings.parse(text)
    assert list(parsed) == ["X0", "X1", "P-X2", "XY10", "Z3", "Z4", "Z5"]
    assert parsed == {
        "X0": Ruling("X0", "Before", "an item before any section", ""),
        "X1": Ruling(
            "X1",
            "One (param)",
            "first line goes  on.\n\nA second   paragraph. deeper indent",
            "Game One",
        ),
        "P-X2": Ruling("P-X2", "Two words", "only one, linked.", "Game One"),
        "XY10": Ruling("XY10", "Bare", "text after a bare title", "Game One"),
        "Z3": Ruling("Z3", "Closed", "its text", "Other"),
        "Z4": Ruling("Z4", "Empty", "", "Other"),
        "Z5": Ruling("Z5", "Last", "end\n\nafter a blank-looking line", "Other"),
    }


def test_parse_starts_a_paragraph_only_after_a_blank_line_and_skips_empty_ones():
    text = "## G\n- **A1 T.**\n\n  first\n  second\n\n  third\n"
    assert rulings.parse(text)["A1"].text == "first second\n\nthird"
    assert rulings.parse("- **A1 T.** x\n\n\n  y\n")["A1"].text == "x\n\ny"


def test_parse_needs_the_item_form_exactly():
    assert rulings.parse("- **a1 Lower.** x\n") == {}
    assert rulings.parse("- **A Nonumber.** x\n") == {}
    assert rulings.parse("- **A1 No dot** x\n") == {}
    assert rulings.parse(" - **A1 Indented.** x\n") == {}
    assert rulings.parse("- **A1 T.**x\n") == {}  # the text is after a space
    assert rulings.parse("-- **A1 T.** x\n") == {}
    assert rulings.parse("###  G\n- **A1 T.** x\n")["A1"].section == ""
    assert rulings.parse("##G\n- **A1 T.** x\n")["A1"].section == ""
    assert rulings.parse("## G\n- **A1  T.** x\n")["A1"].title == "T"


def test_a_ruling_written_twice_is_refused():
    with pytest.raises(ValueError) as err:
        rulings.parse("## G\n- **X1 A.** a\n## H\n- **X1 B.** b\n")
    assert str(err.value) == "rules.md: ruling X1 is written twice"


def test_load_gives_every_shipped_ruling_by_id_in_document_order():
    loaded = rulings.load()
    assert loaded == rulings.parse(rulings.source())
    assert list(loaded) == list(rulings.parse(rulings.source()))
    assert loaded is not rulings.load()  # a new dict each time: a caller may change its own
    assert loaded["SB4"].id == "SB4" and loaded["SB4"].section == "Sliding Bears"


def test_ranges_joins_runs_of_one_prefix_with_consecutive_numbers():
    assert rulings._ranges([]) == ""
    assert rulings._ranges(["C1"]) == "C1"
    assert rulings._ranges(["C1", "C2"]) == "C1..C2"
    assert rulings._ranges(["C1", "C2", "C3", "BD1"]) == "C1..C3, BD1"
    assert rulings._ranges(["C1", "C3"]) == "C1, C3"
    assert rulings._ranges(["C2", "C1"]) == "C2, C1"
    assert rulings._ranges(["C1", "P-C2"]) == "C1, P-C2"
    assert rulings._ranges(["P-C1", "P-C2", "X", "C3", "C4"]) == "P-C1..P-C2, X, C3..C4"
    assert rulings._ranges(["X", "Y"]) == "X, Y"
    assert rulings._ranges(["C9", "C10", "C11"]) == "C9..C11"
    assert rulings._ranges(["SB1", "BD2"]) == "SB1, BD2"


def test_get_finds_a_ruling_case_insensitively(monkeypatch):
    monkeypatch.setattr(rulings, "source", lambda: "## G\n- **P-X1 A.** a\n- **X2 B.** b\n")
    rulings._loaded.cache_clear()
    try:
        assert rulings.get(" p-x1 ") == Ruling("P-X1", "A", "a", "G")
        assert rulings.get("X2").title == "B"
        with pytest.raises(InputError) as err:
            rulings.get("x3")
        assert err.value.message == (
            "unknown ruling 'x3' (known: P-X1, X2; 'bearcli rules' lists them)"
        )
        with pytest.raises(InputError) as err:
            rulings.get("Q" * 30)
        assert err.value.message == (
            f"unknown ruling '{'Q' * 20}... (30 characters)' (known: P-X1, X2; "
            "'bearcli rules' lists them)"
        )
    finally:
        rulings._loaded.cache_clear()


def test_get_refuses_an_unknown_shipped_id_naming_the_known_ones():
    unknown = "BD" + "14"  # built, so that the scan of cited rulings does not count it
    with pytest.raises(InputError) as err:
        rulings.get(unknown)
    assert err.value.message.startswith(f"unknown ruling '{unknown}' (known: C1..C3, P-C1..P-C")
    assert err.value.message.endswith("; 'bearcli rules' lists them)")
    assert err.value.location is None


def test_versions_reads_the_table_of_its_section_only(monkeypatch):
    text = (
        "## Rules versions\n"
        "| game | rules version | changes |\n"
        "| --- | --- | --- |\n"
        "| `alpha` | 3 | first |\n"
        "|beta|12|\n"
        "|Xi|8|\n"
        "| `Xylo` | 9 |\n"
        "  | `gamma` | 2 | indented: not a row |\n"
        "| delta |\n"
        "| eps | x1 | not a number |\n"
        "| | 4 | an empty name |\n"
        "## Other\n"
        "| `zeta` | 5 | another section's table |\n"
        "## Rules versions\n"
        "| `eta` | 7 | |\n"
    )
    monkeypatch.setattr(rulings, "source", lambda: text)
    assert rulings.versions() == {"alpha": 3, "beta": 12, "Xi": 8, "Xylo": 9, "": 4, "eta": 7}
    monkeypatch.setattr(rulings, "source", lambda: "| `a` | 1 |\n## Rules versions  \n| b | 2 |\n")
    assert rulings.versions() == {"b": 2}
    monkeypatch.setattr(rulings, "source", lambda: "## Rules versions extra\n| b | 2 |\n")
    assert rulings.versions() == {}


def test_versions_of_the_shipped_rules_md():
    assert rulings.versions() == {"bear-down": 1, "baerenspiel": 1, "sliding-bears": 1}
