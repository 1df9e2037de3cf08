"""Sliding Bears layouts (docs/layouts.md): random grids of I S R ., wrong widths, odd
labels and bear lines, as .layout files and inline in a scenario."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz


@fuzz_settings(30)
@given(
    s.layout_texts(),
    st.sampled_from(["file", "inline"]),
    st.sampled_from(["normal", "hard"]),
    st.sampled_from(["classic", "multicolour"]),
    st.sampled_from(
        [
            ["validate", "floe.layout"],
            ["validate", "s.yaml"],
            ["simulate", "s.yaml", "-n", "1"],
            ["simulate", "s.yaml", "-n", "2", "--bot", "random", "--json"],
            ["solve", "s.yaml", "--max-positions", "300"],
            ["play", "s.yaml", "--save", "p.moves.yaml", "--force"],
        ]
    ),
)
def test_a_random_layout_never_crashes(ws, text, where, level, variant, args):
    case = fresh_case(ws)
    case.write("floe.layout", text)
    doc = {
        "game": "sliding-bears",
        "seats": ["greedy", "greedy"],
        "level": level,
        "variant": variant,
        "layout": "floe.layout" if where == "file" else text,
    }
    case.write("s.yaml", s.emit(doc))
    run_and_check(case, args, "" if args[0] == "play" else None)
