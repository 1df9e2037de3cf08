"""docs/layouts.md shows every shipped floe as it is: its committed picture is what `layout
render` draws today (byte for byte), and its listing is the shipped file."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

DOC = (ROOT / "docs/layouts.md").read_text(encoding="utf-8")
FLOES = ROOT / "scenarios/sliding-bears"
LISTING = re.compile(r"<!-- listing: (\S+) -->\n```\n(.*?)```\n", re.S)
PICTURE = re.compile(r"`bearcli layout render (\S+) --svg (docs/layouts/\S+\.svg)`")


def _floe_files() -> list[str]:
    files = sorted(FLOES.glob("*.layout")) + sorted((FLOES / "small").rglob("*.yaml"))
    return [p.relative_to(ROOT).as_posix() for p in files]


def test_every_listing_is_the_shipped_file_and_every_floe_is_listed():
    listed = LISTING.findall(DOC)
    assert len(listed) >= len(_floe_files())
    for path, text in listed:
        assert (ROOT / path).read_text(encoding="utf-8") == text, path
    assert set(_floe_files()) <= {path for path, _ in listed}


def test_every_floe_has_its_picture_and_a_place_for_its_rating():
    pictures = PICTURE.findall(DOC)
    assert len(pictures) == len(_floe_files())
    for _, svg in pictures:
        name = svg.removeprefix("docs/layouts/").removesuffix(".svg")
        assert f"![{name}](layouts/{name}.svg)" in DOC
        assert f"<!-- rating: {name} (BEGIN;" in DOC and f"<!-- rating: {name} (END) -->" in DOC


@pytest.mark.parametrize("scenario,svg", PICTURE.findall(DOC), ids=lambda s: s.split("/")[-1])
def test_the_committed_picture_is_what_layout_render_draws(cli, scenario, svg):
    ran = cli("layout", "render", str(ROOT / scenario), "--svg", "fresh.svg")
    assert ran.code == 0, ran.err
    fresh = (cli.cwd / "fresh.svg").read_bytes()
    assert fresh == (ROOT / svg).read_bytes(), f"re-render: bearcli layout render {scenario} ..."
