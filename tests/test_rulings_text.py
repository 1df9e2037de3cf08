"""Every ruling the repository cites has its text in docs/rules.md, which ships with the package.

A user's clone (or an installed wheel) holds no other rulings text, so nothing may point
outside the repository for it.
"""

from __future__ import annotations

import re
import subprocess
from importlib.resources import files
from pathlib import Path

import pytest

from bearcli.core import registry
from bearcli.core.errors import InputError
from bearcli.formats import rulings
from tests.conftest import ROOT

CITED = re.compile(r"\b(?:P-(?:C|SB|BD|BS)\d+|C[1-3]|SB\d+|BD\d+|BS\d+)\b")
RULEBOOK = (
    [f"C{n}" for n in range(1, 4)]
    + [f"BD{n}" for n in range(1, 14)]
    + [f"BS{n}" for n in range(1, 15)]
    + [f"SB{n}" for n in range(1, 10)]
)
PROJECT = (
    [f"P-C{n}" for n in range(1, 3)]
    + [f"P-BD{n}" for n in range(1, 12)]
    + [f"P-BS{n}" for n in range(1, 13)]
    + [f"P-SB{n}" for n in range(1, 7)]
)
SECTIONS = {"C": "Common", "BD": "Bear Down!", "BS": "Bärenspiel", "SB": "Sliding Bears"}
SCANNED = ("bearcli/**/*.py", "docs/**/*.md", "README.md", "scenarios/**/*", "replays/**/*.yaml")
SCANNED += ("tests/**/*.py",)
# Built, not written out, so that this file does not trip its own check.
OUTSIDE = ("../" + "shared", "shared/" + "rules", "shared/" + "rulebooks", "RULINGS" + ".md")


def _cited_in(texts) -> set[str]:
    return {m for text in texts for m in CITED.findall(text)}


def _scanned_files() -> list[Path]:
    found = {p for pattern in SCANNED for p in ROOT.glob(pattern) if p.is_file()}
    return sorted(p for p in found if "__pycache__" not in p.parts)


def test_the_package_reads_the_repository_rules_md():
    shipped = (files("bearcli.docs") / "rules.md").read_text(encoding="utf-8")
    assert shipped == (ROOT / "docs/rules.md").read_text(encoding="utf-8")


def test_every_ruling_cited_in_the_repository_has_its_text():
    files_ = _scanned_files()
    by_file = {p: _cited_in([p.read_text(encoding="utf-8")]) for p in files_}
    cited = set().union(*by_file.values())
    in_code = set().union(
        *(ids for p, ids in by_file.items() if p.relative_to(ROOT).parts[0] == "bearcli")
    )
    # The scan reaches what it should: the engine's refusals, the docs, the records.
    assert len(files_) > 100
    assert len(cited) >= 60
    assert {"SB4", "BD8", "BS11", "C3", "P-BD6", "P-SB1", "P-BS5"} <= cited
    assert {"SB4", "BD8", "BS11", "C2", "P-BS5"} <= in_code
    known = set(rulings.load())
    missing = {
        str(p.relative_to(ROOT)): sorted(ids - known) for p, ids in by_file.items() if ids - known
    }
    assert not missing, f"rulings cited without a text in docs/rules.md: {missing}"
    # ... and the check does catch one:
    assert _cited_in(["refused [" + "SB" + "99]"]) - known == {"SB" + "99"}


def test_every_rulebook_and_project_ruling_is_there_with_a_title_and_text():
    known = rulings.load()
    assert [i for i in known if not i.startswith("P-")] == RULEBOOK  # no more, no fewer
    assert set(PROJECT) <= set(known)
    for rid, ruling in known.items():
        assert ruling.id == rid
        assert ruling.title and ruling.title[0].isupper(), rid
        assert len(ruling.text.split()) >= 8, rid
        assert "**" not in ruling.text and "\n  " not in ruling.text, rid


def test_each_game_section_lists_its_rulebook_rulings_then_its_project_rulings():
    known = list(rulings.load().values())
    for prefix, section in SECTIONS.items():
        ids = [r.id for r in known if r.section == section]
        project = [r.id for r in known if re.fullmatch("P-" + prefix + r"\d+", r.id)]
        expected = [i for i in RULEBOOK if re.fullmatch(prefix + r"\d+", i)]
        expected += sorted(project, key=lambda i: int(i.rsplit(prefix, 1)[1]))
        assert ids == expected, section
    assert [r.section for r in known] == sorted(
        (r.section for r in known), key=list(SECTIONS.values()).index
    )


def test_params_are_marked():
    known = rulings.load()
    marked = {rid for rid, r in known.items() if "(param)" in r.title}
    assert {"BD1", "BD3", "BD4", "BS2", "BS3", "BS13", "SB3"} <= marked
    for rid in marked:
        assert "params." in known[rid].text, rid  # names the key a scenario sets


def test_the_texts_say_what_the_rulebook_rulings_decide():
    text = {rid: r.text for rid, r in rulings.load().items()}
    assert "65/81" in text["BS9"]
    assert "70 − 6 × streams" in text["BD13"] and "53 − 2 × streams" in text["BD13"]
    assert "diagonal" in text["C1"]
    assert "random.Random.random()" in text["C3"]
    assert "3 × 3" in text["SB1"] and "12 × 12" in text["SB1"]


def test_lookup_is_case_insensitive_and_refuses_unknown_ids():
    assert rulings.get("sb4") is rulings.get("SB4")
    assert rulings.get(" p-bd6 ").id == "P-BD6"
    with pytest.raises(InputError) as err:
        rulings.get("BD" + "14")
    assert f"unknown ruling 'BD{14}'" in str(err.value) and "BD1..BD13" in str(err.value)


def test_parse_reads_continued_lines_and_paragraphs_and_refuses_twins():
    text = (
        "## Game\n\n- **X1 One (param).** first line\n  goes on.\n\n  A second paragraph.\n"
        "- **P-X2 Two.** *only* one, [linked](a.md).\n\n| X1 | a table row |\n"
    )
    parsed = rulings.parse(text)
    assert list(parsed) == ["X1", "P-X2"]
    assert parsed["X1"] == rulings.Ruling(
        "X1", "One (param)", "first line goes on.\n\nA second paragraph.", "Game"
    )
    assert parsed["P-X2"].text == "only one, linked."
    with pytest.raises(ValueError, match="X1"):
        rulings.parse("- **X1 A.** a\n- **X1 B.** b\n")


def test_nothing_in_the_repository_points_outside_it():
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(listed) > 100
    offenders = []
    for name in listed:
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        text = data.decode("utf-8", errors="replace")
        offenders += [f"{name}: {s}" for s in OUTSIDE if s in text]
    assert not offenders, offenders


def test_the_rules_versions_table_matches_the_games():
    expected = {name: registry.get(name).rules_version for name in registry.names()}
    assert rulings.versions() == expected
    assert set(expected) == {"bear-down", "baerenspiel", "sliding-bears"}
