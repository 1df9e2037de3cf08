"""Events are canonical plain data: no floats, reserved keys refused, order-free."""

import pytest

from bearcli.core.events import event


def test_fields_are_sorted_and_lists_frozen():
    a = event("tile-slid", to="c4", rider=None, **{"from": "c3"})
    b = event("tile-slid", **{"from": "c3"}, rider=None, to="c4")
    assert a == b and hash(a) == hash(b)
    assert event("x", dice=["bear", "wind"]).to_dict() == {"type": "x", "dice": ["bear", "wind"]}


def test_floats_and_reserved_keys_are_refused():
    with pytest.raises(TypeError):
        event("bad", rate=0.5)
    with pytest.raises(TypeError):
        event("bad", seq=1)


def test_a_refusal_says_what_was_refused():
    said = "event values must be str, int, bool, None or lists of them, not 0.5"
    with pytest.raises(TypeError) as caught:
        event("bad", rate=0.5)
    assert str(caught.value) == said
    for key in ("type", "seq", "step"):
        with pytest.raises(TypeError) as caught:
            event("bad", **{key: 1})
        assert str(caught.value) == "'type', 'seq' and 'step' are reserved event keys"
    assert event("ok", dice=["bear", None, 3, True]).to_dict()["dice"] == ["bear", None, 3, True]
