"""libyaml's events (the fast path of bearcli.formats.yamlsrc) against PyYAML's own reading.

Whatever path reads a text, `loads` must give the same data, the same line and column for
every value and key, or the same error at the same place: the plain path is the reference."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bearcli.core.errors import InputError
from bearcli.formats import yamlsrc
from tests.conftest import ROOT
from tests.fuzz import test_fuzz_corpus as corpus


def _read(text: str, fast: bool):
    """What loads makes of the text: (data, places) or (the error's message, its place)."""
    saved = yamlsrc._FastLoader
    if not fast:
        yamlsrc._FastLoader = None
    try:
        src = yamlsrc.loads(text, "f.yaml")
    except InputError as err:
        return ("error", err.message, str(err.location))
    finally:
        yamlsrc._FastLoader = saved
    return ("ok", repr(src.data), sorted((repr(k), str(v)) for k, v in src.locations.items()))


def _same(text: str) -> None:
    assert _read(text, fast=True) == _read(text, fast=False), repr(text)


def test_this_machine_has_the_fast_path_and_it_is_used(monkeypatch):
    # PyYAML's wheels carry libyaml; without it the plain path alone would run (no proof here)
    assert yaml.__with_libyaml__ and yamlsrc._FastLoader is not None
    used = []
    real = yamlsrc._FastLoader.get_single_node
    monkeypatch.setattr(
        yamlsrc._FastLoader, "get_single_node", lambda self: used.append(1) or real(self)
    )
    assert yamlsrc.loads("game: sliding-bears\nseed: 3\n", "f.yaml").data["seed"] == 3
    assert used == [1]


SHIPPED = sorted(
    p
    for folder in ("scenarios", "replays", "docs", "tests")
    for p in (ROOT / folder).rglob("*.y*ml")
)


def test_every_yaml_file_in_the_repository_reads_the_same_both_ways():
    assert len(SHIPPED) > 40
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        _same(text)
        assert _read(text, fast=True)[0] == "ok" or "errors" in path.parts, path


@pytest.mark.parametrize(
    "text",
    [
        "a: b: c\n",  # libyaml words this error otherwise: PyYAML's words are given
        # what libyaml takes and PyYAML refuses, or places otherwise (yamlsrc reads it plainly)
        "finish:\tp\tg\n",  # tabs between tokens
        "a: |#\n  x\n",  # a comment right after a block scalar's indicator
        "a: [b?, c]\n",  # a `?` in a flow collection
        "{a?: 1}\n",  # a `?` in a flow mapping, with no `[` in the text
        "key: x\n\ufeff\n",  # a byte order mark past the start
        "a\ufeff: 1\n",  # a byte order mark as the second character (libyaml counts it)
        "a: !-:!!int 1\n",  # a tag PyYAML cannot read
        "?\n",  # empty values: a key and its value left out
        "seed:\ngame: x\n",
        "a: &x [1, 2]\nb: *x\n",  # an alias: refused at the alias, both ways
        "a: [" * 70 + "]" * 70 + "\n",  # too deep
        "a:\n\t- 1\n",  # a tab as indentation
        'a: "\\ud83d"\n',  # a lone surrogate escape
        "a: \ud83d\n",  # a lone surrogate in the text itself: libyaml cannot take it
        "a: x\x07y\n",  # a control character
        "\ufeffa: 1\r\nb: [1,\r\n  2]\r\n",  # a byte order mark, CRLF line ends
        "k\u00e9: \U0001f43b\u00e9\u00e9\n"  # characters beyond ASCII, and beyond 16 bits
        "x: {\U0001f43b\U0001f43b: [\u00e9, 3], \u00e9: \U0001f43b}\n",
        "a: 1\x85b: 2\u2028c: [3]\u2029d: 4\n",  # the other line breaks YAML knows
        "- |\n  text\n   kept\n- >-\n  folded\n  lines\n- 'it''s'\n- \"\\t\\x41\"\n",
        "%YAML 1.1\n---\na: !!set {x, y}\nb: !!binary aGk=\nc: 2001-12-14\nd: .nan\n",
        "a: 1\n---\nb: 2\n",  # two documents
        "{a: 1, a: 2}\n",  # a duplicate key
        "? [a, b]\n: 1\n? {c: d}\n: 2\n",  # keys that are not text
        "",
        "# only a comment\n",
        "a: 1\n...\n",
        "a: 'unclosed\n",
        "[1, 2\n",
    ],
    ids=lambda text: f"{len(text)}-chars",
)
def test_odd_texts_read_the_same_both_ways(text):
    _same(text)


def test_the_fuzz_corpus_reads_the_same_both_ways():
    texts = [t for _, t in corpus.SCENARIOS + corpus.RECORDS + corpus.LAYOUTS]
    texts += [b.decode("utf-8", "replace") for _, b in corpus.BYTES]
    # not the long ones (a title of 100,000 characters, a file over 1 MiB): they are about
    # sizes, which tests/formats/test_yamlsrc.py tests, and repeat one shape
    texts = [t for t in texts if len(t) < 20_000]
    assert len(texts) > 100
    for text in texts:
        _same(text)


# YAML's own characters, and a few that are not ASCII or not printable, in any order.
_PIECES = st.sampled_from(
    [*":-?[]{},&*!|>'\"#%@` \n\t\r", "a", "b", "1", "0x1", "~", "\u00e9", "\U0001f43b", "\x07"]
    + ["- ", ": ", "  ", "\n  ", "\n- ", "key: ", "!!str ", "!!int ", "&a ", "*a", "---\n"]
)


@settings(  # no deadline: a busy machine's pause is not a failure (speed is make bench's)
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_any_text_of_yaml_s_characters_reads_the_same_both_ways(text):
    _same(text)
