"""Every command example of README.md and docs/*.md prints what the text shows.

The convention (tests/docexamples.py, docs/architecture.md): a ```console block, `$ ` before
each command, then its exact output; a line `...` stands for lines left out. Examples marked
`<!-- slow -->` run with `make check-docs` (BEARCLI_DOC_EXAMPLES=all), the others here.
"""

from __future__ import annotations

import os

import pytest

from tests import docexamples
from tests.conftest import ROOT

EXAMPLES = docexamples.all_examples()
RUN_SLOW = os.environ.get("BEARCLI_DOC_EXAMPLES") == "all"
CHOSEN = [e for e in EXAMPLES if RUN_SLOW or not e.slow]


@pytest.mark.parametrize("example", CHOSEN, ids=[e.name for e in CHOSEN])
def test_the_example_prints_what_the_text_shows(example, tmp_path):
    failure = docexamples.mismatch(example, docexamples.workspace(tmp_path))
    assert failure is None, failure


def test_every_document_has_examples_and_every_example_a_command():
    by_path = {e.path for e in EXAMPLES}
    assert {"README.md", "docs/layouts.md", "docs/bots.md"} <= by_path
    assert all(e.commands for e in EXAMPLES)


def test_every_shell_session_shown_in_the_docs_is_a_console_example():
    # A `$ bearcli ...` line in a block of another kind would never be run.
    unchecked = []
    for doc in docexamples.documents():
        for line, info, body, _ in docexamples.fences(doc.read_text(encoding="utf-8")):
            if info != "console" and any(b.startswith("$ ") for b in body):
                unchecked.append(f"{doc.relative_to(ROOT)}:{line}")
    assert unchecked == []


@pytest.mark.parametrize(
    ("expected", "actual", "same"),
    [
        (("a", "b"), ["a", "b"], True),
        (("a", "b"), ["a", "b", "c"], False),  # an extra line is a difference
        (("a", "b"), ["a", "c"], False),
        (("a", "...", "d"), ["a", "b", "c", "d"], True),
        (("a", "...", "d"), ["a", "d"], True),  # `...` may stand for no line at all
        (("a", "..."), ["a", "b"], True),
        (("...", "c"), ["a", "b"], False),
        (("a b ...",), ["a b c"], False),  # only a whole line `...` leaves lines out
        (("x.*",), ["xyz"], False),  # the text is literal, never a pattern
    ],
)
def test_omitted_lines_are_marked_by_a_line_of_three_dots(expected, actual, same):
    assert docexamples.matches(expected, actual) is same


def test_examples_are_read_with_their_commands_output_and_slow_mark(tmp_path):
    doc = tmp_path / "README.md"
    doc.write_text(
        "text\n```console\n$ echo one\none\n$ echo two\n...\n```\n"
        "<!-- slow -->\n```console\n$ true\n```\n```\n$ not an example\n```\n"
    )
    fast, slow = docexamples.examples_in(doc, tmp_path)
    assert (fast.path, fast.line, fast.slow) == ("README.md", 2, False)
    assert [(c.line, c.text, c.expected) for c in fast.commands] == [
        (3, "echo one", ("one",)),
        (5, "echo two", ("...",)),
    ]
    assert (slow.line, slow.slow, [c.text for c in slow.commands]) == (9, True, ["true"])


def test_a_command_that_prints_otherwise_is_reported_with_both_texts(tmp_path):
    doc = tmp_path / "README.md"
    doc.write_text("```console\n$ echo one; echo two >&2\none\ntwo\n$ echo three\nfour\n```\n")
    (example,) = docexamples.examples_in(doc, tmp_path)
    failure = docexamples.mismatch(example, tmp_path)
    assert failure is not None
    assert failure.startswith("README.md:5: `echo three` prints something else")
    assert "--- shown:\nfour\n--- printed:\nthree" in failure
