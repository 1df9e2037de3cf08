"""Sliding Bears notation and layout text: every value prints itself back (property tests)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bearcli.core.errors import MalformedStep, ScenarioError
from bearcli.core.grid import Grid
from bearcli.games.sliding_bears import layout, notation
from bearcli.games.sliding_bears.layout import COLOURS

squares = st.builds(
    lambda w, h, i: Grid(w, h).name(i % (w * h)),
    st.integers(3, 12),
    st.integers(3, 12),
    st.integers(0, 143),
)
faces = st.one_of(
    st.sampled_from(COLOURS),
    # Printed back in COLOURS order: `blue/pink` reads as `pink/blue` (test_written_orders.py).
    st.permutations(COLOURS).map(lambda p: "/".join(sorted(p[:2], key=COLOURS.index))),
)
steps = st.one_of(
    st.builds(notation.Remove, squares),
    st.builds(notation.Roll, faces, st.sampled_from(notation.WEATHER)),
    st.builds(
        notation.Jump,
        st.sampled_from(COLOURS),
        st.one_of(squares, st.sampled_from(["start", "finish"])),
    ),
    st.builds(notation.Crack, squares),
    st.builds(notation.Wind, squares, squares),
    st.just(notation.Pass()),
)


@given(steps)
def test_every_step_prints_itself_back(step):
    assert notation.parse(str(step)) == step
    assert notation.parse("  " + str(step).upper() + " ") == step  # case and spaces are folded


@pytest.mark.parametrize(
    "text",
    [
        "jump",
        "jump purple c2",
        "roll pink hail",
        "crack z9",
        "wind c3",
        "roll pink/pink wind",
        "passe",
        "",
    ],
)
def test_malformed_steps_say_what_is_expected(text):
    with pytest.raises(MalformedStep):
        notation.parse(text)


@st.composite
def layouts(draw):
    w, h = draw(st.integers(4, 12)), draw(st.integers(3, 12))
    cells = tuple(draw(st.lists(st.sampled_from("ISR."), min_size=w * h, max_size=w * h)))
    start = tuple(draw(st.permutations(range(w)))[:4])
    finish = tuple(draw(st.permutations(range(w)))[:4])
    return layout.Layout(w, h, cells, start, finish)


@given(layouts())
def test_layout_text_round_trips(lay):
    assert layout.parse(lay.to_text(), "x.layout") == lay


def test_layout_errors_point_at_the_cell():
    with pytest.raises(ScenarioError) as info:
        layout.parse(
            "finish: p g b y\n3: I I I I\n2: I I Z I\n1: I S I I\nstart: p g b y\n", "f.layout"
        )
    assert str(info.value.location) == "f.layout:3:8"
    with pytest.raises(ScenarioError) as twice:
        layout.parse(
            "finish: p g b p\n3: I I I I\n2: I I I I\n1: I S I I\nstart: p g b y\n", "f.layout"
        )
    assert "two pink squares" in twice.value.message
